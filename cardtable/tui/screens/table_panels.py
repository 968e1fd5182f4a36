"""The table's glue to the panels a game declares beyond hands and piles: choosing a move on
the board, the bet amount of a chips game and the called card of an auction, mixed into
:class:`cardtable.tui.screens.table.TableScreen`."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.views import CallView, PlayerView
from cardtable.tui.board import BoardChooser, BoardWidget
from cardtable.tui.panels import show_board
from cardtable.tui.screens.choices import AuctionModal


class PanelKeys:
    """Board choices, bet amounts and calls: what the board, chips and auction panels need
    from the table."""

    def picked_card(self) -> str | None:
        """The card whose moves the board shows: the one selected, else the one under the cursor."""
        chosen = self.selected_cards()
        card = chosen[0] if len(chosen) == 1 else self.cursor_card()
        return card.name if card is not None else None

    def _sync_chooser(self, view: PlayerView | None = None, hand: list[str] | None = None) -> None:
        """Start a new choice when the picked card (or the position) has changed. ``view``
        and ``hand`` (the viewer's cards in display order) save building them again."""
        view = view or self.seen()
        mine = (
            not self.handing_off
            and self.viewer is not None
            and view.to_act == self.viewer
            and not self.session.is_bot(view.to_act)
        )
        moves = view.board.moves if view.board is not None and mine else ()
        if hand is None:
            card = self.picked_card()
        else:
            chosen = sorted(i for i in self.selected if i < len(hand))
            at = chosen[0] if len(chosen) == 1 else self.cursor
            card = hand[at] if 0 <= at < len(hand) else None
        old = self.chooser
        if old is None or old.card != card or tuple(old.moves) != tuple(moves):
            hinted = str(self.hinted) if self.hinted is not None else None
            self.chooser = BoardChooser(moves, card, prefer=hinted) if moves else None
            self._draw_status(view)
        self._show_board(view)

    def _show_board(self, view: PlayerView) -> None:
        show_board(self, view, self.chooser)

    def _draw_board(self, view: PlayerView, kinds: list[str]) -> None:
        if self.viewer is None or self.handing_off:
            self.chooser = None
            self._show_board(view)
        else:
            self._sync_chooser()

    def action_board_cycle(self, by: int) -> None:
        if self.chooser is None or not self.chooser.options():
            self._refuse_no_move()
            return
        self.chooser.cycle(by)
        self.last_message = ""
        self.redraw()

    def action_board_numbers(self) -> None:
        widget = self.query_one(BoardWidget)
        widget.numbers = not widget.numbers
        widget.refresh()
        settings = getattr(self.app, "settings", None)
        if settings is not None:  # kept: a resumed or new board shows them as left
            settings.board_numbers = widget.numbers
            self.app.remember()  # type: ignore[attr-defined]

    def _refuse_no_move(self) -> None:
        """The picked card has no move on the board (Tab, Enter): say which cards have, as
        the status line does."""
        card = self.picked_card()
        if card and self.chooser is not None and self.chooser.moves:
            self.refuse(self.chooser.describe())
        else:
            self.refuse(f"no move on the board with {card}" if card else "pick a card first")

    def _board_enter(self) -> bool:
        """Enter on a board: take the chosen step, playing the move once it is whole.
        False when no card has a move on the board (Enter does what it does elsewhere)."""
        if self.chooser is None:
            return False
        if not self.chooser.options():
            # rather than try this card's move and refuse its notation
            self._refuse_no_move()
            return True
        text = self.chooser.enter()
        if text is not None:
            self.chooser = None
            self.play_move(text)  # the same path as a typed move
        else:
            self.last_message = ""
            self.redraw()
        return True

    def chosen_amount(self, view: PlayerView) -> int | None:
        """The bet or raise the viewer has chosen (within the allowed range), or None when
        no bet or raise is allowed."""
        chips = view.chips
        if chips is None or chips.min_raise_to is None or chips.max_raise_to is None:
            return None
        lo, hi = chips.min_raise_to, chips.max_raise_to
        return lo if self.amount is None else max(lo, min(hi, self.amount))

    def _amount_step(self, view: PlayerView) -> int:
        chips = view.chips
        if chips is None or chips.min_raise_to is None:
            return 1
        bets = max(chips.committed, default=0)
        return max(1, chips.min_raise_to - bets)

    def action_amount(self, direction: int) -> None:
        """+ and -: raise or lower the chosen bet by the smallest raise."""
        view = self.seen()
        now = self.chosen_amount(view)
        if now is None or not self.my_turn():
            return
        self.amount = now + direction * self._amount_step(view)
        self.amount = self.chosen_amount(view)
        self.redraw()

    def choose_call(self, calls: Sequence[CallView], typed: str = "") -> None:
        """The auction chooser: the call whose keys are typed (or picked) is played."""

        def chosen(text: str | None) -> None:
            self.opening_call = None
            if text is not None:
                self.play_move(text)

        self.opening_call = AuctionModal(calls, typed)
        self.app.push_screen(self.opening_call, chosen)

    def call_list_key(self, view: PlayerView) -> str:
        """The key of the verb that lists the viewer's calls to pick from ('' when none does):
        the auction panel names it."""
        legal = view.auction.legal if view.auction is not None and self.my_turn() else ()
        for spec in self.verb_specs.values():
            if spec.key and sum(c.move.split()[0] == spec.name for c in legal) > 1:
                return spec.key
        return ""

    def _auction_key(self, char: str) -> bool:
        """On the viewer's auction turn a key that starts a call's keys and is no key of a
        move possible now (a digit: ``7`` then ``h``) opens the chooser with it typed."""
        opening = self.opening_call
        if opening is not None and not opening.is_dismissed():
            # typed fast ('7s'): the chooser is still opening and this key reached the table
            return opening.type_key(char)
        auction = self.seen().auction
        if auction is None or not self.my_turn() or self.key_verbs.get(char) in self._kinds():
            return False
        if not any(c.keys.startswith(char) for c in auction.legal):
            return False
        self.choose_call(list(auction.legal), char)
        return True
