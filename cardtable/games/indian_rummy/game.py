"""Indian Rummy (13-card rummy): points, pool 101/201/61, best-of-3 pool and deals, with the wild joker.

Rules: ``shared/rules/indian-rummy.md`` (the consensus of the Indian operators' pages; the seed
only outlines the game). Nothing is laid on the table during play: players keep their groups
in hand and the deal ends when one of them declares. Notation beyond the common verbs:

* ``draw`` takes the top card of the closed deck, ``take`` the top card of the open deck.
* ``drop`` (before drawing, at the start of your turn) leaves the deal for the first-drop
  penalty if you have not drawn yet this deal, else for the middle-drop penalty.
* ``discard KS`` ends the turn. By default the card just taken from the open deck may not be
  thrown back (nor another copy of it).
* ``declare KS`` puts KS in the finish slot and shows the other 13 cards; the game groups them
  in the best way (exact, least penalty) and judges the show. ``declare KS / AH 2H 3H /
  6S 7S 5D 9S / KC KD KS / 9H 9C JK`` shows your own groups (every card in one group, the
  finish card alone): the game judges them as written, and a wrong show costs the penalty.
  A wild card may be named: ``5D=8S``.
* After a valid declaration each other player still in the deal shows in turn: ``show``
  accepts the best grouping of their 13 cards, ``show 7D 8D 9D / KH KS KC`` shows their own
  (cards in no group count against them). With ``show_phase`` off the game scores them at once.
* ``next`` starts the next deal. In pool rummy with ``rejoin`` on, an eliminated player may
  ``rejoin`` (on the highest remaining total + 1) or ``pass`` when the next deal starts.

Stacked deals take ``"wild"`` (the cut card, e.g. ``"5D"``; ``"JK"`` makes aces wild) besides
``hands`` (exactly 13 cards each), ``stock`` (the closed deck's top, first card drawn first)
and ``discard`` (the open deck, top last; without it one card is turned up as usual).

Choices where the rules file is silent (its recommended defaults, and these): seat 0 won the
toss and starts the first deal, and the start moves one seat clockwise each deal; ``decks``
auto counts the seats at the start of the match; a group made only of wild cards (printed
jokers and cards of the wild rank) is a joker group: valid with ``allow_all_joker_group``,
never a sequence, and a set of the wild rank only when its wild-rank cards have different
suits (``[9C 9H JK]`` with 9s wild is a set of 9s, ``[9C 9C JK]`` a joker group); a card of
the wild rank standing in its own place in a run is a natural card there; a wrong show puts
the finish card on the open deck and the player's other cards stay out of play with them, as
a dropped player's do; a loser's show counts the cards outside valid groups when those groups
hold the required sequences, else every card, capped at ``max_deal_penalty``; drops and
wrong shows are not capped. When the closed deck is empty at the end of a turn, the open
deck but its top card is shuffled into a new one; when it runs out once more than
``max_closed_deck_rebuilds`` allows (or nothing is left to rebuild it from) the deal is void
(no score) and is dealt again. Pool rejoin: offered while at least two players remain and
no remaining total is above 79 (101 pool), 174 (201) or 44 (61). Best-of-3 pool and deals:
a tie for the lead after the last deal means one more deal, as often as needed. Scores: in
pool and best-of-3 pool the penalty points (lowest wins); in deals the chips won or lost
(each player starts with 80 × deals chips, shown as a fact); in points rummy the amount won
or lost at the point value.

>>> from cardtable.engine import new_game
>>> hand = "AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK"
>>> g = new_game("indian-rummy", ["Ann", "Bob"], seed=1,
...              deal={"hands": [hand, None], "wild": "5C", "stock": "QD"})
>>> g.view(0).facts["wild"]
'5s (cut card 5C)'
>>> _ = g.play("draw")
>>> _ = g.play("declare QD")
>>> g.phase, g.to_act, len(g.melds), g.hand(0), str(g.melds[0])
('show', 1, 4, (), '[AH 2H 3H]')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card, make_deck, rank_word
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import leaders_text
from cardtable.engine.moves import Move, parse_move
from cardtable.engine.rng import shuffle
from cardtable.engine.rules import first_refusal
from cardtable.engine.views import GroupingView
from cardtable.engine.zones import Visibility, Zone
from cardtable.kits.rummy.arrange import Requirement
from cardtable.kits.rummy.melds import Meld
from cardtable.kits.rummy.moves import Discard

from . import SPEC
from .declare import HAND, Judge, Verdict, is_own, read_own
from .formats import table_format
from .moves import PLAY_RULES, Declare, Drop, Pass, Rejoin, Show, may_drop
from .rules import IndianRummyRules
from .view import IndianViews

_CARD_MOVES: tuple[dict[int, Move], dict[int, Move]] = ({}, {})
"""The discard and the declare move of each physical card (by ``id``: the move holds the
card, so the id stays its own), shared by every table rather than made per match: a random
playout's deal is about three moves, and making 28 moves (with their payloads) for each hand
listed was a tenth of its time (issue 25). A copy starts empty caches (``move_caches``)."""
_CARD_MOVES_MAX = 4096
"""Emptied past this size (cards from decks built outside ``make_deck``'s cache)."""


class IndianRummy(IndianViews):
    """A match of Indian Rummy (see the module for the notation and the choices made)."""

    spec = SPEC
    whole_group_verbs = frozenset({"declare", "show"})
    play_rules = PLAY_RULES
    move_caches = ("_discard_moves", "_declare_moves", "_panel_cache")

    rules: IndianRummyRules

    def _set_up(self) -> None:
        rules = self.rules
        n = self.n
        self.fmt = table_format(rules)
        """The format with this table's drops, wrong-show penalty and number of deals."""
        decks = rules.decks
        self.packs = (1 if n == 2 else 2) if decks == "auto" else int(decks)
        size = 53 * self.packs
        if n * (HAND + 1) + 2 > size:
            raise InvalidRules(
                f"one deck (53 cards) holds 3 players at most; {n} players need two decks "
                "(set decks to auto or 2)"
            )
        self.rejoined = [0] * n
        self.rejoin_queue: list[int] = []
        self.rejoin_total = 0
        self.deals_played = 0
        """Deals that counted (void deals are dealt again)."""
        self.starter = 0
        self.dealer = n - 1
        # every table shares the moves of the deck's cards (see _CARD_MOVES)
        self._discard_moves: dict[int, Move] = _CARD_MOVES[0]
        self._declare_moves: dict[int, Move] = _CARD_MOVES[1]
        self._panel_cache: dict[tuple[object, int, int | None], GroupingView] = {}
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        rules = self.rules
        self.deal_no += 1
        self._clear_table()
        self.reshuffles = 0
        self.in_deal = list(self.active)
        self.draws = [0] * n
        """Cards each seat has drawn this deal (none yet: a drop is a first drop)."""
        self.deal_pts: list[int | None] = [None] * n
        self.notes: list[str] = [""] * n
        """How each seat's deal ended, for the result: 'first drop', 'wrong show', ..."""
        self.finish: list[Card] = []
        self.declarer: int | None = None
        self.show_queue: list[int] = []
        self.early_show = False
        """The declarer declared validly on their first turn (``first_hand_show_cap``)."""
        self.known: list[Card] = []
        """Cards in hands that everyone saw arrive there (taken from the open deck)."""
        self.dealer = self._prev_active(self.starter)
        self.cur = self.starter
        deck = list(make_deck(self.packs, self.packs))
        order = self._seat_order()
        if stacked is None:
            shuffle(self.rng, deck)  # as rng.shuffle, faster: a deal is a few moves
            for _ in range(HAND):  # one card at a time, starting with the first player
                for s in order:
                    self.hands[s].append(deck.pop())
            cut = deck.pop()
            self.discard = [deck.pop()]
            self.stock = deck
        else:
            cut = self._deal_stacked(stacked, deck, order)
        self.cut = cut
        if cut.rank != JOKER_RANK:
            self.wild_rank = cut.rank
        else:
            self.wild_rank = 1 if rules.printed_joker_cut_makes_aces_wild else 0
        self.judge = Judge(rules, self.wild_rank)
        """How this deal's shows are judged (the wild rank fixes the groups and values)."""
        self.mrules = self.judge.mrules
        self.bottom: Card | None = None
        """The face-up cut card under the closed deck (``wild_indicator_in_play``) until drawn."""
        self.aside: list[Card] = []
        """The cut card when it is only an indicator, out of play."""
        if rules.wild_indicator_in_play:
            self.stock.insert(0, cut)
            self.bottom = cut
        else:
            self.aside = [cut]
        self.upcard: Card | None = self.discard[-1] if self.discard else None
        """The first up-card while nobody has taken or covered it (``first_card_only``)."""
        self.phase_ = "draw"
        self.log.append(
            f"Deal {self.deal_no}: {self.players[self.dealer]} deals; the cut card is {cut.name}, "
            f"so {self._wild_words()} are wild; {self.players[self.starter]} plays first"
        )

    def _deal_stacked(self, stacked: dict[str, Any], pool: list[Card], order: list[int]) -> Card:
        """Deal a stacked first deal; returns the cut card."""
        fixed, stock_top, disc, extras = self._read_stacked(stacked, pool, ("wild",))
        for seat, cards in fixed.items():
            if len(cards) != HAND:
                raise InvalidRules(f"deal: hand {seat} has {len(cards)} cards; Indian Rummy deals {HAND}")
        wild = extras["wild"]
        if len(wild) > 1:
            raise InvalidRules(f"deal: 'wild' is the one cut card, not {len(wild)} cards")
        needed = HAND * sum(1 for s in order if s not in fixed) + (not wild) + ("discard" not in stacked)
        if len(pool) < needed or len(pool) + len(stock_top) == needed:
            raise InvalidRules(
                f"deal: the cards listed leave {len(pool)} to deal, too few for the other hands, the cut "
                "card, the open deck and at least one card in the closed deck"
            )
        self.rng.shuffle(pool)
        for s in order:
            self.hands[s] = fixed[s] if s in fixed else [pool.pop() for _ in range(HAND)]
        cut = wild[0] if wild else pool.pop()
        if "discard" in stacked:
            self.discard = disc
        else:
            self.discard = [pool.pop()]
        self.stock = pool
        self.stock.extend(reversed(stock_top))
        return cut

    def _prev_active(self, seat: int) -> int:
        """The seat before ``seat`` among those still in the match."""
        for k in range(1, self.n + 1):
            s = (seat - k) % self.n
            if self.active[s]:
                return s
        return seat

    def _next_in_deal(self, seat: int) -> int:
        """The next seat still playing this deal."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.in_deal[s]:
                return s
        return seat

    def _wild_words(self) -> str:
        if not self.wild_rank:
            return "only the printed jokers"
        return f"{rank_word(self.wild_rank)}s and the printed jokers"

    # ------------------------------------------------------------------ the deal's values
    # Bots and the rummy kit ask the game these (the closed-hand bot's solver questions).
    def meld_points(self, meld: Meld) -> int:
        """What a group's cards would cost if left ungrouped (what grouping them saves)."""
        return self.judge.meld_points(meld)

    def card_value(self, card: Card) -> int:
        """A card's penalty this deal: A K Q J 10, 2-10 face value, wild cards 0."""
        return self.judge.vals[card.rank]

    def is_pure(self, meld: Meld) -> bool:
        """Whether a sequence is pure (see :meth:`Judge.is_pure`)."""
        return self.judge.is_pure(meld)

    @property
    def life_need(self) -> Requirement:
        """The solver's requirement for a declaration's life at this table."""
        return self.judge.life_need

    # ------------------------------------------------------------------ the declaration
    def declaration(self, finish: Card | str) -> Verdict:
        """What ``declare FINISH`` would show now (the best grouping of the other 13 cards),
        without playing it: for a declare panel, a hint, or a bot.

        >>> from cardtable.engine import new_game
        >>> g = new_game("indian-rummy", ["Ann", "Bob"], seed=4)
        >>> _ = g.play("draw")
        >>> v = g.declaration(g.hand(0)[0])
        >>> v.valid, v.points <= 80
        (False, True)
        """
        if self.phase_ != "play":
            raise IllegalMove("a declaration is made after drawing, with 14 cards in hand", "declare")
        card = parse_move(f"discard {finish}").cards[0] if isinstance(finish, str) else finish
        hand = self.hands[self.cur]
        k = next((i for i, h in enumerate(hand) if h.key == card.key), None)
        if k is None:
            raise IllegalMove(f"you do not hold {card.name}", f"declare {card.name}")
        return self.judge.best_grouping(hand[:k] + hand[k + 1 :], declaring=True)

    def grouping(self, seat: int, finish: Card | None = None) -> GroupingView | None:
        """The declare panel for ``seat``: its best grouping and what showing it would give.

        With 14 cards (after drawing) ``finish`` is the card to declare with (by default the
        one whose best declaration costs least); with 13 the whole hand is grouped, and the
        verdict is what a show would count. Cached until the next move: a table asks on
        every redraw.

        >>> from cardtable.engine import new_game
        >>> g = new_game("indian-rummy", ["Ann", "Bob"], seed=4)
        >>> panel = g.grouping(0)
        >>> panel.title, sum(len(x.cards) for x in panel.groups) + len(panel.loose)
        ('your groups', 13)
        """
        hand = self.hands[seat]
        if not hand:
            return None
        key = (self._stamp, seat, None if finish is None else finish.key)
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        if self._panel_cache and next(iter(self._panel_cache))[0] is not self._stamp:
            self._panel_cache.clear()
        panel = self._declare_panel(seat, hand, finish)
        self._panel_cache[key] = panel
        return panel

    def warning(self, move: Move) -> str | None:
        """A wrong declaration costs points; so does a drop: say so before either.

        >>> from cardtable.engine import new_game
        >>> g = new_game("indian-rummy", ["Ann", "Bob"], seed=4)
        >>> g.warning(g.find_move("drop"))
        'dropping now costs 20 points'
        """
        if move.kind == "drop" and self.phase_ == "draw":
            return f"dropping now costs {self._drop_cost()} points"
        if move.kind == "declare" and self.phase_ == "play" and move.cards and not move.groups:
            verdict = self.declaration(move.cards[0])
            if not verdict.valid:
                return f"this is a wrong show ({verdict.reason}): it costs {self.fmt.wrong} points"
        return None

    # ------------------------------------------------------------------ moves
    def _can_take(self) -> bool:
        if not self.discard:
            return False
        top = self.discard[-1]
        if not self.mrules.is_wild(top):
            return True
        pickup = self.rules.joker_pickup_from_open
        return pickup == "allowed" or (pickup == "first_card_only" and top is self.upcard)

    def _generate(self) -> list[Move]:
        """The shared rummy turn's moves, with the drop before drawing, the show after a
        declaration and the choice to rejoin the pool."""
        ph = self.phase_
        if ph == "show":
            return [Move("show", payload=Show(), text="show")]
        if ph == "rejoin":
            return [
                Move("rejoin", payload=Rejoin(), text="rejoin"),
                Move("pass", payload=Pass(), text="pass"),
            ]
        moves = super()._generate()
        if ph == "draw" and may_drop(self):
            moves.append(Move("drop", payload=Drop(), text="drop"))
        return moves

    def _barred(self) -> Card | None:
        """The card that may not be discarded this turn (just taken from the open deck)."""
        return None if self.rules.may_discard_taken_open_card else self.taken

    def _play_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        taken = self._barred()
        barred = taken.key if taken is not None else -1
        discards: list[Move] = []
        declares: list[Move] = []
        seen: set[int] = set()
        made_d, made_x = self._discard_moves, self._declare_moves
        # Moves are values (the card they throw): made once per physical card, listed again and again.
        if len(made_d) > _CARD_MOVES_MAX:
            made_d.clear()
            made_x.clear()
        for card in hand:
            key = card.key
            if key in seen:
                continue
            seen.add(key)
            if key != barred:
                throw = made_d.get(id(card))
                if throw is None:
                    throw = made_d[id(card)] = Move("discard", (card,), (None,), payload=Discard(card))
                discards.append(throw)
            show = made_x.get(id(card))
            if show is None:
                show = made_x[id(card)] = Move("declare", (card,), (None,), payload=Declare(card))
            declares.append(show)
        return discards + declares

    def _went_out(self, seat: int) -> None:
        """Never called: nobody goes out by melding in Indian Rummy (a declaration ends the deal)."""
        raise AssertionError("Indian Rummy has no melding out")

    # ------------------------------------------------------------------ own groupings
    def _unlisted_move(self, move: Move) -> Move | None:
        """A ``declare`` or ``show`` with the player's own groups, checked here: it is not
        listed, there are too many ways to group 14 cards."""
        if not is_own(move):
            return None
        kind, text = move.kind, str(move)
        if move.flags or move.target is not None:
            raise IllegalMove(f"write '{kind}' then the groups, as in '{kind} 7H 8H 9H / KS KD KC'", text)
        refusal = first_refusal(self.play_rules, self, Move(kind, text=kind))
        if refusal is not None:
            raise IllegalMove(refusal.reason, text, refusal.rule)
        return read_own(move, self.hands[self.cur])

    # ------------------------------------------------------------------ reading text
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind in ("draw", "take", "drop", "next", "show", "rejoin", "pass"):
            if move.cards or move.groups or move.target is not None or move.flags:
                raise IllegalMove(f"'{kind}' takes no cards: write just '{kind}'", str(move))
            return Move(kind, text=kind)
        if move.flags:
            raise IllegalMove(f"'{' '.join(move.flags)}' does not belong to an Indian Rummy move", str(move))
        if kind in ("discard", "declare"):
            if len(move.cards) != 1 or move.groups:
                if kind == "declare":
                    raise IllegalMove(
                        "declare with the finish card, as in 'declare KS' (the game groups the other 13), "
                        "or with your own groups: 'declare KS / AH 2H 3H / ...'",
                        str(move),
                    )
                raise IllegalMove("discard exactly one card, as in 'discard KS'", str(move))
            if move.named[0] is not None:
                raise IllegalMove(
                    f"a {kind}ed card stands for nothing: write just {move.cards[0].name}", str(move)
                )
            return Move(kind, (move.cards[0],), (None,))
        if kind in ("meld", "layoff", "swap", "cancel"):
            raise IllegalMove(
                "in Indian Rummy nothing is laid on the table during play: keep your groups in hand "
                "and, once all 13 are grouped, 'declare' the 14th card",
                str(move),
            )
        raise IllegalMove(
            f"'{kind}' is not an Indian Rummy move; the moves are {', '.join(self.verbs)}", str(move)
        )

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        hand = self.hands[seat]
        match move.payload:
            case Discard(card):
                real = self._take_from_hand(card)
                self._to_open_deck(real)
                self.log.append(f"{self.players[seat]} discarded {real.name}")
                self._pass_turn()
            case Declare(finish, own):
                real = self._take_from_hand(finish)
                self._declared(seat, real, self.judge.show(hand, own, declaring=True))
            case Show(own):
                self._showed(seat, self.judge.show(hand, own))
            case Drop():
                self._dropped(seat)
            case Rejoin() | Pass():
                self._rejoined(seat, isinstance(move.payload, Rejoin))
            case _:  # the shared rummy turn's verbs, whatever payload the kit gives them
                self._apply_turn(move.kind, seat)

    def _apply_turn(self, kind: str, seat: int) -> None:
        """``draw``, ``take`` and ``next``, listed by the shared rummy turn."""
        name = self.players[seat]
        if kind == "next":
            self._next_deal()
            return
        if kind == "draw":
            card = self.stock.pop()
            if card is self.bottom:
                self.bottom = None
                self.known.append(card)
                self.log.append(f"{name} drew the face-up cut card {card.name}, the last of the closed deck")
            else:
                self.log.append(f"{name} drew from the closed deck")
        else:
            assert kind == "take", kind
            card = self.discard.pop()
            self.known.append(card)
            self.taken = card
            self.upcard = None
            self.log.append(f"{name} took {card.name} from the open deck")
        self.hands[seat].append(card)
        self.draws[seat] += 1
        self.phase_ = "play"

    def _dropped(self, seat: int) -> None:
        """``seat`` leaves the deal for the first-drop (before any draw) or middle-drop penalty."""
        assert self.fmt.drops is not None
        first = self.draws[seat] == 0
        pts = self.fmt.drops[0 if first else 1]
        self.in_deal[seat] = False
        self.deal_pts[seat] = pts
        self.notes[seat] = f"{'first' if first else 'middle'} drop"
        self.log.append(f"{self.players[seat]} dropped ({self.notes[seat]}, {pts})")
        self._after_leaving(seat)

    def _rejoined(self, seat: int, back: bool) -> None:
        """``seat`` rejoins the pool on the rejoin total (``back``) or passes; then the next
        eliminated player chooses, or the next deal starts."""
        name = self.players[seat]
        if back:
            self.active[seat] = True
            self.total[seat] = self.rejoin_total
            self.rejoined[seat] += 1
            self.log.append(f"{name} rejoins the pool on {self.rejoin_total} points")
        else:
            self.log.append(f"{name} does not rejoin")
        self.rejoin_queue.pop(0)
        if self.rejoin_queue:
            self.cur = self.rejoin_queue[0]
        else:
            self._start_next_deal()

    def _to_open_deck(self, card: Card) -> None:
        self.discard.append(card)
        self.taken = None
        self.upcard = None
        self.known = [c for c in self.known if c is not card]

    def _pass_turn(self) -> None:
        """The next player still in the deal starts a turn; an empty closed deck is rebuilt
        first, or the deal is void."""
        if not self.stock:
            why = self._refill_stock(self.rules.max_closed_deck_rebuilds, "closed deck")
            if why is not None:
                self._end_deal(None, why)
                return
            self.upcard = None
        self.cur = self._next_in_deal(self.cur)
        self.taken = None
        self.phase_ = "draw"

    def _after_leaving(self, seat: int) -> None:
        """``seat`` dropped or showed wrongly: one player left wins, else play goes on."""
        left = [s for s in range(self.n) if self.in_deal[s]]
        if len(left) == 1:
            self.deal_pts[left[0]] = 0
            self._end_deal(left[0], "everyone else left the deal")
            return
        self._pass_turn()

    def _declared(self, seat: int, finish: Card, verdict: Verdict) -> None:
        name = self.players[seat]
        if not verdict.valid:
            self._to_open_deck(finish)
            self.in_deal[seat] = False
            self.deal_pts[seat] = self.fmt.wrong
            self.notes[seat] = "wrong show"
            self.log.append(f"{name} declared wrongly ({verdict.reason}): {self.fmt.wrong} points")
            self._after_leaving(seat)
            return
        self.finish = [finish]
        self.declarer = seat
        self.deal_pts[seat] = 0
        self.notes[seat] = "declared"
        self.early_show = self.draws[seat] == 1
        self.hands[seat] = list(verdict.loose)  # empty: every card is in a group
        self.melds_ = [self._owned(m, seat) for m in verdict.groups]
        self.log.append(f"{name} declared with {finish.name}: {' '.join(str(m) for m in verdict.groups)}")
        others = []
        s = self._next_in_deal(seat)
        while s != seat:
            others.append(s)
            s = self._next_in_deal(s)
        if self.rules.show_phase:
            self.show_queue = others
            self.cur = others[0]
            self.phase_ = "show"
            return
        for s in others:
            self._score_show(s, self.judge.best_grouping(self.hands[s]))
        self._end_deal(seat, "")

    @staticmethod
    def _owned(meld: Meld, seat: int) -> Meld:
        return meld.replace(owner=seat)

    def _showed(self, seat: int, verdict: Verdict) -> None:
        self._score_show(seat, verdict)
        self.show_queue.pop(0)
        if self.show_queue:
            self.cur = self.show_queue[0]
            return
        assert self.declarer is not None
        self._end_deal(self.declarer, "")

    def _score_show(self, seat: int, verdict: Verdict) -> None:
        """A loser's show: valid groups go face up (only with the required sequences), the
        rest stays in hand and counts."""
        pts = verdict.points
        cap = self.rules.first_hand_show_cap
        if cap and self.early_show and self.draws[seat] == 0:
            pts = min(pts, cap)
        self.deal_pts[seat] = pts
        if verdict.life:
            laid = {c.id for m in verdict.groups for c in m.cards}
            self.hands[seat] = [c for c in self.hands[seat] if c.id not in laid]
            self.melds_.extend(self._owned(m, seat) for m in verdict.groups)
        else:
            self.notes[seat] = "all cards count"
        self.log.append(f"{self.players[seat]} shows: {pts} points")

    # ------------------------------------------------------------------ scoring
    def _end_deal(self, winner: int | None, why: str) -> None:
        n = self.n
        self.phase_ = "deal-over"
        if winner is None:
            row: list[int | None] = [0 if self.active[s] else None for s in range(n)]
            self.rows.append(tuple(row))
            self.result = f"Deal {self.deal_no} is void ({why}): it is dealt again."
            self.log.append(self.result)
            self._prepare_next()
            return
        self.deals_played += 1
        fmt = self.fmt
        pts = {s: self.deal_pts[s] or 0 for s in range(n) if self.active[s] and s != winner}
        row = fmt.deal_row(winner, pts, n)
        self.rows.append(tuple(row))
        for s, gained in enumerate(row):
            self.total[s] += gained or 0
        details = ", ".join(
            f"{self.players[s]} {p}" + (f" ({self.notes[s]})" if self.notes[s] else "")
            for s, p in pts.items()
        )
        how = "declared" if self.declarer == winner else "is the last one in the deal"
        self.result = f"{self.players[winner]} {how} and wins deal {self.deal_no}"
        if details:
            self.result += f" — {details}"
        self.result += fmt.winnings(self.players[winner], row[winner]) + "."
        self.log.append(self.result)
        limit = fmt.limit
        if limit:
            for s in range(n):
                if self.active[s] and self.total[s] >= limit:
                    self.active[s] = False
                    self.log.append(f"{self.players[s]} reaches {self.total[s]} and is out of the pool")
            alive = [s for s in range(n) if self.active[s]]
            if len(alive) == 1:
                self._finish((alive[0],), f"{self.players[alive[0]]} is the last player left below {limit}")
                return
        elif fmt.deals and self.deals_played >= fmt.deals:
            leaders = fmt.leaders(self.total)
            if leaders is not None:
                winners, what = leaders
                self._finish(winners, self._fixed_reason(winners, what))
                return
            self.log.append("A tie for the lead: one more deal")
        self._prepare_next()

    def _fixed_reason(self, winners: tuple[int, ...], what: str) -> str:
        count = self.deals_played
        who = leaders_text(self.players, winners, what, self.total)
        return f"after {count} deal{'s' if count != 1 else ''} {who}"

    def _prepare_next(self) -> None:
        """Between deals: the next first player (one seat on) is the one to play 'next'."""
        self.starter = self._next_active(self.starter)
        self.cur = self.starter

    def _next_deal(self) -> None:
        """``next``: eliminated players may rejoin first, then the deal."""
        limit = self.fmt.limit
        mode = self.rules.rejoin
        if limit and mode != "off":
            alive = [s for s in range(self.n) if self.active[s]]
            top = max(self.total[s] for s in alive)
            if len(alive) >= 2 and top <= self.fmt.rejoin_max:
                self.rejoin_queue = [
                    s
                    for s in range(self.n)
                    if not self.active[s] and (mode == "unlimited" or not self.rejoined[s])
                ]
                if self.rejoin_queue:
                    self.rejoin_total = top + 1
                    self.cur = self.rejoin_queue[0]
                    self.phase_ = "rejoin"
                    return
        self._start_next_deal()

    def _start_next_deal(self) -> None:
        self.rejoin_queue = []
        if not self.active[self.starter]:
            self.starter = self._next_active(self.starter)
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ copies
    def _snapshot_extra(self) -> tuple[Any, ...]:
        def ids(cards: Sequence[Card]) -> tuple[int, ...]:
            return tuple(c.id for c in cards)

        return (
            tuple(self.in_deal),
            tuple(self.draws),
            tuple(self.deal_pts),
            tuple(self.notes),
            ids(self.finish),
            ids(self.aside),
            self.cut.id,
            self.wild_rank,
            self.bottom.id if self.bottom is not None else None,
            self.upcard.id if self.upcard is not None else None,
            ids(self.known),
            self.declarer,
            tuple(self.show_queue),
            self.early_show,
            self.reshuffles,
            self.starter,
            self.deals_played,
            tuple(self.rejoined),
            tuple(self.rejoin_queue),
            self.rejoin_total,
            self.result,
        )

    def _extra_zones(self) -> tuple[Zone, ...]:
        """The finish slot (face up) and the cut card when it is only an indicator."""
        return (
            Zone("finish", self.finish, Visibility.PUBLIC),
            Zone("cut card", self.aside, Visibility.PUBLIC),
        )

    def _pinned_ids(self) -> Collection[int]:
        """The cards taken in sight of all (the face-up bottom card is shown by the stock)."""
        return {c.id for c in self.known}


__all__ = ["HAND", "IndianRummy"]
