"""What the table says: the message line above the hand, refusals in the game's own words,
the footer's card labels, the flash when a game reports a penalty, and taking a move back
(which says why it cannot), mixed into :class:`cardtable.tui.screens.table.TableScreen`."""

from __future__ import annotations

from cardtable.engine.errors import IllegalMove, InvalidNotation
from cardtable.engine.views import PENALTY_EVENT, PlayerView
from cardtable.tui.keys import (
    key_labels,
    relabel,
)


class TableTalk:
    """Messages, refusals and undo."""

    def refuse(self, reason: str) -> None:
        reason = self.session.show(reason)  # a game's reason names cards in notation
        self.say(f"✗ {reason}", seconds=6)

    def say(self, text: str, seconds: float = 4.0) -> None:
        """One message on the line above the hand (a board game: the line under the board),
        replacing the one before; it goes after ``seconds``, or at the next move. Toasts
        sat over the hand's right end, where a drawn card lands, and stacked up."""
        self.last_message = text
        if self.message_timer is not None:
            self.message_timer.stop()
        self.message_timer = self.set_timer(seconds, self._message_over)
        self.redraw()

    def _message_over(self) -> None:
        self.message_timer = None
        if self.last_message:
            self.last_message = ""
            self.redraw()

    def _flash_gains(self, view: PlayerView) -> None:
        """A penalty the game reports (:data:`PENALTY_EVENT`: one card to six) is said on the
        message line with the hand's new size, not only in the log (issue 24 item 13b).
        Other growth (a deal, a kitty taken) is no news."""
        mark = (view.deal_number, len(view.events))
        before, self.events_seen = self.events_seen, mark
        if before is None or before[0] != mark[0]:
            return  # a new deal (or the first look): nothing new to announce
        for seat, word, _what in view.events[before[1] :]:
            if word == PENALTY_EVENT and seat is not None:
                name = view.seats[seat].name
                now = view.seats[seat].card_count
                line = next((ln for ln in reversed(view.log) if name in ln), "")
                self.say(f"⚠ {name} now holds {now} cards" + (f": {line}" if line else ""), seconds=6)

    def _explain(self, text: str) -> None:
        try:
            self.session.find_move(text)
        except (IllegalMove, InvalidNotation) as exc:
            self.refuse(str(exc))
            return
        self.refuse(f"'{text}' is not possible now")

    def _not_your_turn(self) -> str:
        view = self.seen()
        seat = view.to_act
        if seat is None:
            return "the match is over"
        name = self.names(view)[seat]
        if self.session.is_bot(seat):
            return f"{name} (computer) is thinking"
        return f"it is {name}'s turn"

    def _label_keys(self) -> None:
        """The footer names the card a one-card key will take ("x Discard 6♦")."""
        chosen = self.selected_or_cursor() if self.viewer is not None and not self.handing_off else []
        card = chosen[0].name if len(chosen) == 1 else None
        able = (
            {m.kind for m in self._legal() if len(m.cards) == 1 and m.cards[0].name == card}
            if card
            else set()
        )
        labels = key_labels(self.verb_specs.values(), card, self.session.show, able)
        if relabel(self._bindings.key_to_bindings, labels):
            self.refresh_bindings()

    def _undo_refusal(self) -> str:
        """Why the viewer may not take back the last move now ('' when they may)."""
        if self.handing_off or self.viewer is None:
            return "nobody holds the keyboard: there is nothing to take back"
        if self.session.move_count <= self.keyboard_from:
            return "the keyboard has been passed since: the moves before stand"
        return self.session.can_undo(self.viewer).reason

    def action_undo(self) -> None:
        """Take back the viewer's last move of this turn, if the fair-undo rule allows it."""
        why = self._undo_refusal()
        if why:
            self.refuse(why)
            return
        self.hinted = None
        if self.bot_timer is not None:  # the computer player waits for the move to stand
            self.bot_timer.stop()
            self.bot_timer = None
        try:
            move = self.session.undo(self.viewer)
        except IllegalMove as exc:
            self.refuse(exc.reason)
            return
        self.selected = set()
        self.app.clear_notifications()
        self.say(f"Taken back: {self.session.show(str(move))}", seconds=4)
        self.advance()
