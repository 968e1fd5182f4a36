"""What the players see of a game of Gin Rummy: the melds panel, the status line and the
player views (``GinView``, a part of ``GinRummy``)."""

from __future__ import annotations

from cardtable.engine.cards import Card, names
from cardtable.engine.views import GroupingView, PlayerView, badges, pile_fields
from cardtable.kits.rummy.arrange import Arrangement, best_discard
from cardtable.kits.rummy.grouping import arrangement_view, meld_views

from .deadwood import card_value
from .state import HAND_SIZE, GinState


class GinView(GinState):
    """The views of the game: built from the state and the legal moves only."""

    def grouping(self, seat: int, finish: Card | None = None) -> GroupingView | None:
        """``seat``'s melds and deadwood; after drawing, what throwing ``finish`` (by default
        the best discard) would leave, and whether that is a knock, gin or big gin.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=3)
        >>> g.grouping(0).summary
        'deadwood 82; a knock needs 10 or less'
        """
        hand = self.hands[seat]
        if self.phase_ not in ("offer", "draw", "play") or not hand:
            return None
        limit = self.knock_value
        if not (self.phase_ == "play" and seat == self.cur and len(hand) > HAND_SIZE):
            arr = self.arrange(hand)
            if arr.penalty == 0:
                summary = "gin: every card is in a meld"
            elif limit:
                summary = f"deadwood {arr.penalty}; a knock needs {limit} or less"
            else:
                summary = f"deadwood {arr.penalty}; this hand is gin only"
            return self._panel("your melds", None, arr, False, summary)
        kinds = {(m.kind, m.cards[0].key if m.cards else None) for m in self.legal_moves()}
        if ("biggin", None) in kinds:
            return self._panel(
                "big gin", None, self.arrange(hand), True, "big gin: press G, all 11 cards meld"
            )
        barred = self._barred()
        card = next((c for c in hand if finish is not None and c.key == finish.key), None)
        if card is None:
            card, _ = best_discard(hand, self.mrules, card_value, may_discard=self._may_discard())
        rest = [c for c in hand if c is not card]
        arr = self.arrange(rest)
        title = f"throw {card.name}"
        if ("gin", card.key) in kinds:
            return self._panel(title, card, arr, True, f"gin: press g to go gin with {card.name}")
        if ("knock", card.key) in kinds:
            summary = f"deadwood {arr.penalty}: press k to knock with {card.name}"
            return self._panel(title, card, arr, True, summary)
        if barred is not None and card.key == barred.key:
            summary = f"{card.name} was just taken from the discard pile: it may not go back now"
        elif limit:
            summary = f"deadwood {arr.penalty}: a knock needs {limit} or less"
        else:
            summary = f"deadwood {arr.penalty}: this hand is gin only"
        return self._panel(title, card, arr, False, summary)

    @staticmethod
    def _panel(title: str, finish: Card | None, arr: Arrangement, ready: bool, summary: str) -> GroupingView:
        return arrangement_view(title, finish, arr, ready, summary, label="deadwood")

    def _status(self, seat: int | None) -> str:
        """What the player to act must do (hints from their hand only in their own view)."""
        if (over := self._over_status("Game")) is not None:
            return over
        name = self.players[self.cur]
        ph = self.phase_
        if ph == "offer":
            return f"{name}: take the upcard {self.discard[-1].name} or pass"
        if ph == "draw":
            if self.no_take:
                return f"{name}: draw from the stock (both passed the upcard)"
            return f"{name}: draw from the stock or take {self.discard[-1].name}"
        if ph == "knock":
            limit = self.knock_limit
            return f"{name} knocked: lay the melds one by one (the deadwood left must stay within {limit})"
        if ph == "layoff":
            knocker = self.name_of(self.knocker)
            return f"{name}: lay off on {knocker}'s melds, or pass"
        if seat != self.cur:
            return f"{name} to discard"
        kinds = {m.kind for m in self.legal_moves()}
        ways = ["discard"]
        if "knock" in kinds:
            ways.append("knock")
        if "gin" in kinds:
            ways.append("go gin")
        if "biggin" in kinds:
            ways.append("go big gin (biggin)")
        return f"{name}: " + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else "discard a card")

    def _view(self, seat: int | None) -> PlayerView:
        live = self.phase_ not in ("deal-over", "match-over")
        seats = tuple(
            self.seat_view(
                s, badges({"dealer": s == self.dealer and live, "knocked": s == self.knocker and live})
            )
            for s in self._seats
        )
        melds = meld_views(self.melds_)
        facts = {
            "hand": str(self.deal_no),
            "knock value": self._knock_text(),
            "game to": str(self.rules.target_score),
        }
        # the upcard matters while it is offered, and all hand long in Oklahoma (it set the
        # knock value); otherwise it is soon buried and the header would name a stale card
        if self.phase_ == "offer":
            facts["upcard"] = self.upcard.name
        elif self.rules.oklahoma:
            facts["first upcard"] = self.upcard.name
        if self.doubled:
            facts["spades"] = "this hand counts double"
        for s in self._seats:
            seen = [c for c in self.hands[s] if c.id in self.known]
            if seen and live and s != self.knocker:
                facts[f"{self.players[s]} holds"] = names(seen)
        if self.knocker is not None and self.phase_ == "layoff":
            left = self.hands[self.knocker]
            facts[f"{self.players[self.knocker]}'s deadwood"] = (
                f"{names(left)} ({sum(map(card_value, left))})" if left else "none"
            )
        own: dict[str, str] = {}
        if seat is not None and self.phase_ in ("offer", "draw", "play"):
            mine = self.hands[seat]
            if len(mine) > HAND_SIZE:
                _, arr = best_discard(mine, self.mrules, card_value, may_discard=self._may_discard())
                own["deadwood"] = f"{arr.penalty} after the best discard"
            else:
                own["deadwood"] = str(self.deadwood(mine))
        return self.table_view(
            seat,
            seats=seats,
            **pile_fields(self.stock, self.discard),
            melds=melds,
            status=self._status(seat),
            facts=facts,
            own_facts=own,
            result=self.result if not live else "",
        )
