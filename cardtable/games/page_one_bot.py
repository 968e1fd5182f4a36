"""Page One's computer players (see :mod:`cardtable.bots` for the ladder).

* ``easy``: any legal card (the joker kept for when it cannot follow), and it forgets to
  call "Page One!" one time in four.
* ``medium``: always calls; leads the suit the others are least likely to hold (card
  counting from the public log: cards played since the last rebuild, and the suits a player
  was seen to be void in), its highest card there to keep the lead; follows with the lowest
  card that wins the trick when it plays last, else its lowest card; void, it plays the
  joker rather than draw.
* ``hard``: determinized Monte Carlo over the medium policy: for each candidate move it
  samples the hidden cards (only deals consistent with the voids it has seen), plays the
  deal out with medium's rules of thumb for everyone (its lead too: the suit the others are
  least likely to hold, counted from the player's hand and the completed tricks), and keeps
  the move that wins most often, within its thinking budget.

>>> import random
>>> from cardtable.bots import decide, make_bot
>>> from cardtable.engine import new_game
>>> deal = {"hands": ["7H AH", "3H 5S"], "stock": "2C"}
>>> g = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
>>> d = decide(make_bot("medium"), g, random.Random(0))
>>> str(d.move), d.why
('play AH call', 'lead AH (the highest heart, to keep the lead) and call Page One')
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, SUITS, Card, parse_card
from cardtable.engine.game import Game
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset

from .page_one import PageOne

_PLAY = re.compile(r"^(.*?) (?:leads|plays) ([0-9AJQKSHDC]+)\b")
_DRAWS = re.compile(r"^(.*) cannot follow (\w+) and draws$")
_PENALTY = re.compile(r"^(.*) forgot to call Page One")
_REBUILD = "are shuffled into a new stock"


MARGIN = 0.03
"""How much better than the medium choice a move must do in the playouts to replace it
(every candidate is played out on the same sampled deals, so their difference is less noisy
than either rate; it must also be statistically clear, see :data:`Z_OVERRIDE`)."""

MIN_PAIRED = 16
"""Sampled deals a move needs, played out beside medium's, before it may replace it."""

Z_OVERRIDE = 2.5
"""How many standard errors the paired win-rate gain must clear (strict, as several
candidates are compared at once)."""

MAX_ROUNDS = 400
"""Sampled deals per decision at most; the thinking budget usually stops the search first
(a cap of 60 left most of the budget unused on short deals)."""


def _strength(card: Card) -> int:
    return 15 if card.rank == JOKER_RANK else 14 if card.rank == 1 else card.rank


@dataclass
class Counter:
    """Public knowledge of one deal: cards played since the last rebuild, and per player
    the suits they were seen to lack (until they next draw a card)."""

    deal: int = -1
    seen_log: list[str] = field(default_factory=list)
    out: set[str] = field(default_factory=set)
    voids: dict[str, set[str]] = field(default_factory=dict)

    def update(self, deal: int, log: Sequence[str]) -> None:
        """Read the log lines not read before."""
        if deal != self.deal:
            self.deal = deal
            self.seen_log = []
            self.out = set()
            self.voids = {}
        old, new = self.seen_log, list(log)
        start = 0
        for k in range(min(len(old), len(new)), 0, -1):
            if old[-k:] == new[:k]:
                start = k
                break
        suit_of = {v: k for k, v in SUIT_NAMES.items()}
        for line in new[start:]:
            if _REBUILD in line:
                self.out = set()
                continue
            m = _DRAWS.match(line)
            if m:
                name, suit = m.group(1), suit_of.get(m.group(2), "")
                self.voids[name] = {suit} if suit else set()  # drawn cards may be of other suits
                continue
            m = _PENALTY.match(line)
            if m:
                self.voids[m.group(1)] = set()
                continue
            m = _PLAY.match(line)
            if m:
                self.out.add(m.group(2))
        self.seen_log = new


def lead_choice(hand: Sequence[Card], unseen: dict[str, int], voids: Sequence[set[str]]) -> tuple[Card, str]:
    """The card to lead: the suit others are least likely to hold, its highest card."""
    if len(hand) == 1:
        return hand[0], "lead the last card"
    suits: dict[str, list[Card]] = {}
    for c in hand:
        if c.rank != JOKER_RANK:
            suits.setdefault(c.suit, []).append(c)
    if not suits:
        return hand[0], "lead the joker"

    def rank_suit(s: str) -> tuple[float, int]:
        void_bonus = sum(1 for v in voids if s in v)
        return (unseen.get(s, 13) - 4 * void_bonus, -len(suits[s]))

    suit = min(suits, key=rank_suit)
    card = max(suits[suit], key=_strength)
    why = f"lead {card.name} (the highest {SUIT_NAMES[suit][:-1]}, to keep the lead)"
    if any(suit in v for v in voids):
        why = f"lead {card.name}: the others have shown they hold no {SUIT_NAMES[suit]}"
    return card, why


def follow_choice(playable: Sequence[Card], best: Card | None, last: bool) -> tuple[Card, str]:
    """The card to follow with: win cheaply when playing last, else play low; the joker
    only when nothing else may be played."""
    plain = [c for c in playable if c.rank != JOKER_RANK]
    if not plain:
        return playable[0], "play the joker: it wins the trick and saves drawing"
    if best is None:
        card = max(plain, key=_strength)
        return card, f"play {card.name}: it sets the suit for the others"
    winners = [c for c in plain if c.suit == best.suit and _strength(c) > _strength(best)]
    if winners and last:
        card = min(winners, key=_strength)
        return card, f"play {card.name}: the lowest card that wins the trick, and the lead"
    card = min(plain, key=_strength)
    return card, f"play {card.name}: the lowest card that follows"


class PageOnePolicy:
    """Page One decisions at one level (see the module)."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.counter = Counter()

    def decide(self, turn: Turn) -> Decision:
        moves = turn.moves
        if len(moves) == 1:
            return Decision(moves[0], _single_why(moves[0]))
        if self.level == "easy":
            return self._easy(turn)
        view = turn.view
        self.counter.update(view.deal_number, view.log)
        if self.level == "hard":
            decision = self._search(turn)
            if decision is not None:
                return decision
        return self._medium(turn)

    # ------------------------------------------------------------------ easy
    def _easy(self, turn: Turn) -> Decision:
        moves = turn.moves
        calls = [m for m in moves if m.flags]
        if calls and turn.rng.random() < 0.75:
            return Decision(turn.rng.choice(calls), "play and call Page One")
        plain = [m for m in moves if not m.flags]
        keep_joker = [m for m in plain if not (m.kind == "play" and m.cards[0].rank == JOKER_RANK)]
        plays = [m for m in keep_joker if m.kind == "play"]
        choice = turn.rng.choice(plays or keep_joker or plain)
        return Decision(choice, "")

    # ------------------------------------------------------------------ medium
    def _medium(self, turn: Turn) -> Decision:
        view = turn.view
        moves = turn.moves
        hand = [parse_card(n) for n in view.hand]
        plays = {(m.cards[0].name, bool(m.flags)): m for m in moves if m.kind == "play"}
        others = [s for s in view.seats if s.seat != turn.seat]
        trick = view.trick
        if view.phase == "lead":
            unseen = self._unseen(hand)
            voids = [self.counter.voids.get(s.name, set()) for s in others]
            card, why = lead_choice([c for c in hand if (c.name, False) in plays], unseen, voids)
        else:
            playable = [parse_card(name) for name, _ in plays]
            plays_so_far = trick.plays if trick is not None else ()
            if not playable:
                draw = next(m for m in moves if m.kind in ("draw", "take"))
                suit = SUIT_NAMES.get(trick.led_suit, "the suit") if trick is not None else "the suit"
                return Decision(draw, f"{draw.kind}: you hold no {suit}")
            best = _current_best(plays_so_far, trick.led_suit if trick is not None else "")
            last = len(plays_so_far) == len([s for s in view.seats if s.active]) - 1
            joker = next((c for c in playable if c.rank == JOKER_RANK), None)
            suited = [c for c in playable if c.rank != JOKER_RANK]
            searching = any(m.kind in ("draw", "take") for m in moves)
            if joker is not None and not suited and searching:
                card, why = joker, "play the joker rather than draw: it wins the trick"
            else:
                card, why = follow_choice(suited or playable, best, last)
        return self._with_call(plays, card, why)

    def _with_call(self, plays: dict[tuple[str, bool], Move], card: Card, why: str) -> Decision:
        called = plays.get((card.name, True))
        if called is not None:
            return Decision(called, f"{why} and call Page One")
        return Decision(plays[(card.name, False)], why)

    def _unseen(self, hand: Sequence[Card]) -> dict[str, int]:
        """Per suit, the cards this seat has not seen (in hand or played since the rebuild)."""
        unseen = dict.fromkeys(SUITS, 13)
        for c in hand:
            if c.rank != JOKER_RANK:
                unseen[c.suit] -= 1
        for name in self.counter.out:
            c = parse_card(name)
            if c.rank != JOKER_RANK:
                unseen[c.suit] -= 1
        return unseen

    # ------------------------------------------------------------------ hard
    def _search(self, turn: Turn) -> Decision | None:
        moves = turn.moves
        # Forgetting the call is never better: with a call on offer, plays come with it.
        calls = any(m.flags for m in moves)
        candidates = [m for m in moves if m.flags or m.kind != "play" or not calls]
        if len(candidates) == 1:
            return None
        deadline = time.perf_counter() + turn.budget
        names = {s.seat: s.name for s in turn.view.seats}
        voids = {
            seat: self.counter.voids.get(name, set()) for seat, name in names.items() if seat != turn.seat
        }
        base = self._medium(turn)
        base_i = next((k for k, m in enumerate(candidates) if m.key == base.move.key), None)
        if base_i is None:
            return None
        # Medium's move first, so every sampled deal has its result to compare against.
        order = [base_i, *(k for k in range(len(candidates)) if k != base_i)]
        results: list[list[float]] = [[] for _ in candidates]
        rng = turn.rng
        rounds = 0
        while time.perf_counter() < deadline and rounds < MAX_ROUNDS:
            rounds += 1
            world = _consistent_sample(turn, voids)
            for i in order:
                game = world.copy()
                game.play(str(candidates[i]))
                results[i].append(_playout(game, turn.seat, rng))
                if time.perf_counter() >= deadline:
                    break
        mine = results[base_i]
        best: tuple[float, int] | None = None
        for i, res in enumerate(results):
            if i == base_i or len(res) < MIN_PAIRED:
                continue
            diffs = [r - mine[k] for k, r in enumerate(res)]
            n = len(diffs)
            mean = sum(diffs) / n
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
            # Replace medium's move only on a clear, paired win: the playouts are few and
            # noisy, and overriding medium on noise made hard lose to it.
            if mean > MARGIN and mean > Z_OVERRIDE * sd / math.sqrt(n) and (best is None or mean > best[0]):
                best = (mean, i)
        if best is None:
            if not mine:
                return None
            return Decision(base.move, f"{base.why} (wins {100 * sum(mine) / len(mine):.0f}% of playouts)")
        move = candidates[best[1]]
        res = results[best[1]]
        return Decision(
            move,
            f"{move}: wins {100 * sum(res) / len(res):.0f}% of {len(res)} playouts, "
            f"{100 * best[0]:.0f} points more than {base.move}",
        )


def _current_best(plays: Sequence[tuple[int, str]], led: str) -> Card | None:
    best: Card | None = None
    for _, name in plays:
        c = parse_card(name)
        if c.rank == JOKER_RANK:
            return c
        if c.suit == led and (best is None or _strength(c) > _strength(best)):
            best = c
    return best


def _single_why(move: Move) -> str:
    if move.kind == "next":
        return "start the next deal"
    if move.kind == "draw":
        return "draw: no card may be played"
    return f"{move}: the only move"


def _consistent_sample(turn: Turn, voids: dict[int, set[str]]) -> Game:
    """A determinized deal in which no player holds a suit they were seen to lack (a few
    tries, then any sample)."""
    rng = turn.rng
    world = turn.sample(rng)
    for _ in range(12):
        if all(
            not any(c.suit in v and c.rank != JOKER_RANK for c in world.hand(seat))
            for seat, v in voids.items()
            if v
        ):
            return world
        world = turn.sample(rng)
    return world


def _playout(game: Game, seat: int, rng: random.Random) -> float:
    """Play the deal out with the medium rules of thumb for everyone: 1 if ``seat`` wins,
    0.5 for a drawn deal, 0 otherwise."""
    assert isinstance(game, PageOne)
    deal = game.deal_no
    steps = 0
    while not game.is_over and game.deal_no == deal and game.phase != "deal-over" and steps < 400:
        steps += 1
        game.play(_quick_move(game))
    rows = game.deal_scores
    if len(rows) < deal:
        return 0.5  # not finished within the step cap
    row = rows[deal - 1]
    if not any(row):
        return 0.5
    mine = row[seat]
    if game.rules.match == "fewest-cards":
        return 1.0 if mine == 0 else 0.0
    return 1.0 if mine else 0.0


def _quick_move(game: PageOne) -> Move:
    """The medium rule of thumb on a sampled game (no counting: it is fast)."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    plays = [m for m in moves if m.kind == "play" and (m.flags or not any(x.flags for x in moves))]
    if not plays:
        return moves[0]
    cards = [m.cards[0] for m in plays]
    if game.phase == "lead":
        plain = [c for c in cards if c.rank != JOKER_RANK]
        if not plain:
            return plays[0]
        # Medium's lead, counted from what the player to act could know (its hand and the
        # completed tricks): the suit the others are least likely to hold, its highest card.
        unseen = dict.fromkeys(SUITS, 13)
        for c in (*game.hand(game.cur), *game.played):
            if c.rank != JOKER_RANK:
                unseen[c.suit] -= 1
        pick, _ = lead_choice(plain, unseen, ())
    else:
        trick = game.trick_cards
        best = _current_best([(s, c.name) for s, c in trick], game.led_suit)
        plain = [c for c in cards if c.rank != JOKER_RANK]
        if not plain:
            pick = cards[0]
        else:
            last = len(trick) == game.n - 1
            pick, _ = follow_choice(plain, best, last)
    return next(m for m in plays if m.cards[0] is pick)


def make_policy(level: str, rules: Ruleset) -> PageOnePolicy:
    """Page One's policy at ``level`` (easy, medium or hard)."""
    return PageOnePolicy(level)


__all__ = ["Counter", "PageOnePolicy", "follow_choice", "lead_choice", "make_policy"]
