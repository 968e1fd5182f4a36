"""The table's hand keys: the cursor, picking cards, moving and sorting them, hints and
arranging, mixed into :class:`cardtable.tui.screens.table.TableScreen` (which holds the state
these read: ``order``, ``selected``, ``cursor``, ``session``, ``viewer``)."""

from __future__ import annotations

from collections import Counter

from cardtable.engine.cards import Card, parse_card
from cardtable.engine.phases import PhaseKind
from cardtable.engine.verbs import Takes, VerbSpec
from cardtable.tui.arrange import arranged_text, order_of, panel_groups
from cardtable.tui.keys import enter_ladder
from cardtable.tui.widgets import call_label


class HandKeys:
    """The hand's cursor, selection and order, and the keys that work on them."""

    def _held(self, seat: int) -> list[Card]:
        """``seat``'s cards as its view shows them, each with its identity (without one from
        the view: its name and occurrence, so equal cards stay apart)."""
        view = self.session.view(seat)
        cards: list[Card] = []
        seen: Counter[str] = Counter()
        for i, name in enumerate(view.hand):
            card = parse_card(name)
            seen[name] += 1
            ident = view.hand_ids[i] if view.hand_ids else -1 - (100 * seen[name] + card.key)
            cards.append(Card(card.rank, card.suit, card.copy, ident))
        return cards

    def hand_order(self, seat: int) -> list[int]:
        """The viewer's arrangement (card ids), kept across moves: new cards go last."""
        hand = self._held(seat)
        ids = {c.id for c in hand}
        order = [i for i in self.order.get(seat, []) if i in ids]
        known = set(order)
        order.extend(c.id for c in hand if c.id not in known)
        self.order[seat] = order
        return order

    def hand_cards(self, seat: int) -> list[Card]:
        by_id = {c.id: c for c in self._held(seat)}
        return [by_id[i] for i in self.hand_order(seat)]

    def selected_cards(self) -> list[Card]:
        if self.viewer is None:
            return []
        cards = self.hand_cards(self.viewer)
        return [cards[i] for i in sorted(self.selected) if i < len(cards)]

    def cursor_card(self) -> Card | None:
        """The viewer's card under the cursor (None without a hand)."""
        if self.viewer is None:
            return None
        hand = self.hand_cards(self.viewer)
        return hand[self.cursor] if 0 <= self.cursor < len(hand) else None

    def selected_or_cursor(self) -> list[Card]:
        """The selected cards, or with none selected the card under the cursor."""
        cards = self.selected_cards()
        if not cards:
            card = self.cursor_card()
            cards = [card] if card is not None else []
        return cards

    def action_cursor(self, step: int) -> None:
        if self.viewer is None:
            return
        size = len(self.seen().hand)
        if size:
            self.cursor = (self.cursor + step) % size
            if self.board_game:
                self.last_message = ""  # the line under a board follows the picked card
            self._draw_hand()

    def action_cursor_end(self, last: int) -> None:
        """Home / End: the first or the last card of the hand (the arrows wrap around)."""
        if self.viewer is None:
            return
        size = len(self.seen().hand)
        if size:
            self.action_cursor((size - 1 if last else 0) - self.cursor)

    def action_select(self) -> None:
        if self.viewer is None:
            return
        if self.cursor in self.selected:
            self.selected.discard(self.cursor)
        else:
            self.selected.add(self.cursor)
        self._draw_hand()

    def action_clear(self) -> None:
        if self.chooser is not None and self.chooser.back():
            self.redraw()
            return
        self.selected = set()
        self._draw_hand()

    def action_shift(self, step: int) -> None:
        if self.viewer is None:
            return
        order = self.hand_order(self.viewer)
        i, j = self.cursor, self.cursor + step
        if 0 <= j < len(order):
            order[i], order[j] = order[j], order[i]
            if (i in self.selected) != (j in self.selected):
                self.selected ^= {i, j}
            self.cursor = j
            self._draw_hand()

    def action_sort(self) -> None:
        if self.viewer is None:
            return
        held = self._held(self.viewer)
        by_id = {c.id: c for c in held}
        # the game's own ranking when it gives one (trumps and bowers, aces high)
        ranked = dict(zip((c.id for c in held), self.session.view(self.viewer).hand_sort, strict=False))
        self.sort_mode = (self.sort_mode + 1) % 2

        def key(i: int) -> tuple[int, ...]:
            game_key = ranked.get(i)
            if game_key is not None:
                return game_key if self.sort_mode == 1 else game_key[::-1]
            card = by_id[i]
            if self.sort_mode == 1:  # jokers last (their suit_index, 4, is also the stars')
                return (card.suit_index + (card.rank == 0), card.rank)
            return (card.rank == 0, card.rank, card.suit_index)

        before = self.hand_order(self.viewer)
        at = before[self.cursor] if 0 <= self.cursor < len(before) else None
        picked = {before[i] for i in self.selected if i < len(before)}
        after = self.order[self.viewer] = sorted(before, key=key)
        # the cursor and the selection stay on their cards, wherever the sort puts them
        if at is not None:
            self.cursor = after.index(at)
        self.selected = {i for i, card_id in enumerate(after) if card_id in picked}
        self._draw_hand()
        self.say("Sorted by suit" if self.sort_mode == 1 else "Sorted by rank", seconds=2)

    def action_hint(self) -> None:
        """Suggest a move and say why; its cards are selected, so Enter (or its key) plays it."""
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        try:
            decision = self.session.hint()
        except Exception as exc:  # a hint must never take the table down
            self.refuse(f"No hint this time: {exc}")
            return
        move = decision.move
        self.hinted = move
        self.chooser = None  # a board offers the hinted move first
        self.selected = set()
        if self.viewer is not None and move.cards:
            cards = self.hand_cards(self.viewer)
            for want in move.cards:
                i = next(
                    (k for k, c in enumerate(cards) if c == want and k not in self.selected),
                    None,
                )
                if i is not None:
                    self.selected.add(i)
            if self.selected:
                self.cursor = min(self.selected)
        spec = self.verb_specs.get(move.kind)
        how = f" (press {spec.key})" if spec is not None else ""
        show = self.session.show
        why = decision.why or show(str(move))
        if move.cards and not any(show(c.name) in show(why) for c in move.cards):
            # the reason does not name the move's cards: say the move too (once: a reason may
            # start with the verb, "out: every card is in a meld")
            why = f"{show(str(move))}: {why.removeprefix(move.kind + ': ')}"
        auction = self.seen().auction
        call = next((c for c in auction.legal if c.move == str(move)), None) if auction else None
        if call is not None:  # a call is typed by its keys, and the reason may not name it
            label = call_label(call, not self.session.faces)
            why = f"{move.kind if label == move.kind else f'{move.kind} {label}'} — {why}"
            how = f" ({'type' if len(call.keys) > 1 else 'press'} {call.keys})" if call.keys else how
        # the key first: a long reason is cut at the line's end, and the key is what to press
        self.say(f"Hint{how} — {why}", seconds=20)

    def action_arrange(self) -> None:
        """Order the hand into its best groups (the declare panel's, when the game has one),
        then the loose cards."""
        if self.viewer is None or self.handing_off:
            return
        cards = self.hand_cards(self.viewer)
        melds, kinds, loose, paneled = self._best_groups(cards)
        self.order[self.viewer] = order_of(cards, [*melds, loose])
        self.selected = set()
        groups_game = self.melds_game or paneled or self._grouping() is not None
        self.say(arranged_text(melds, kinds, self.session.show, groups_game), seconds=6)

    def _best_groups(self, cards: list[Card]) -> tuple[list[list[str]], list[str], list[str], bool]:
        """The viewer's hand in its best groups (the declare panel's, when the game has one,
        else its melds): the groups, their kinds, the loose cards, and whether a panel gave them."""
        try:
            found = panel_groups(self.session.grouping(self.viewer, None))
        except Exception:  # a panel must never take the table down: arrange as melds
            found = None
        if found is not None:
            return (*found, True)
        melds, loose = self.session.arrange([c.name for c in cards])
        return melds, [], loose, False

    def meld_of(self, card: str) -> list[str]:
        """The group of the viewer's best arrangement that ``card`` is in (none when a copy of
        it is loose, or the game groups nothing)."""
        if self.viewer is None:
            return []
        melds, _kinds, loose, _paneled = self._best_groups(self.hand_cards(self.viewer))
        return [] if card in loose else next((m for m in melds if card in m), [])

    def _enter_verb(self, kinds: set[str], count: int, going_out: str | None) -> VerbSpec | None:
        """The verb Enter plays with ``count`` cards selected, from the verbs legal now
        (``kinds``) in their Enter order; ``going_out``: the go-out verb the card allows."""
        for spec in enter_ladder(v for v in self.verb_specs.values() if v.name in kinds):
            if spec.takes is Takes.NOTHING:
                fits = not spec.draw_phase_only or self.seen().phase_kind is PhaseKind.DRAW
            elif spec.goes_out:
                fits = spec.name == going_out
            elif spec.takes is Takes.CARD:
                fits = count <= 1
            elif spec.takes is Takes.CARDS:
                fits = count >= 1  # any cards chosen (an exchange of one or two)
            else:
                fits = count >= 3  # a group
            if fits:
                return spec
        return None

    def aim_cursor(self) -> None:
        """At the start of a turn: when Enter would play the card under the cursor and that
        card has no such move but another card has (a card that cannot follow suit), the
        cursor goes to the first card that has one, so Enter plays a legal card."""
        if self.viewer is None or self.selected or self.board_game or not self.my_turn():
            return
        legal = self.session.legal_moves()
        spec = self._enter_verb({m.kind for m in legal}, 0, None)
        if spec is None or spec.takes is not Takes.CARD:
            return
        fits = {m.cards[0].name for m in legal if m.kind == spec.name and len(m.cards) == 1}
        cards = self.hand_cards(self.viewer)
        if not fits or (0 <= self.cursor < len(cards) and cards[self.cursor].name in fits):
            return
        self.cursor = next((i for i, c in enumerate(cards) if c.name in fits), self.cursor)
