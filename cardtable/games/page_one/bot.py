"""Page One's computer players (see :mod:`cardtable.bots` for the ladder).

* ``easy``: any legal card (the joker kept for when it cannot follow), and it forgets to
  call "Page One!" one time in four.
* ``medium``: always calls; leads the suit the others are least likely to hold (card
  counting from the view's public events: cards played since the last rebuild, and the suits a player
  was seen to be void in), its highest card there to keep the lead; follows with the lowest
  card that wins the trick when it plays last, else its lowest card; void, it plays the
  joker rather than draw.
* ``hard``: determinized Monte Carlo over the medium policy. For each candidate move (a
  play always with its call) it samples the hidden cards consistent with what the
  events showed: the suits a player was seen to lack, and how strong a player's cards of a suit can
  be if it plays like medium (a lead is its highest card there; a card played last that lost
  the trick means it held nothing to win with), each kept until that player next draws. It
  plays every candidate out on the same sampled deals with medium's rules of thumb for
  everyone (voids counted, as medium does), on small ints rather than the engine (a test
  checks they agree move for move), and replaces medium's move only by one that wins clearly
  more often on those paired deals (:data:`MARGIN`, :data:`Z_OVERRIDE`). It stops after
  :data:`MAX_ROUNDS` sampled deals or :data:`WORK` playout moves, whichever comes first, so
  its choice depends only on its RNG (a seeded game replays the same); the thinking budget
  stops it earlier only on a machine too slow or loaded for that work.

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
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, SUITS, Card, make_deck, parse_card
from cardtable.engine.game import Game
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.views import PENALTY_EVENT
from cardtable.kits.tricks import trick_winner

from .game import ORDER, PageOne

MARGIN = 0.02
"""How much better than the medium choice a move must do in the playouts to replace it
(every candidate is played out on the same sampled deals, so their difference is less noisy
than either rate; it must also be statistically clear, see :data:`Z_OVERRIDE`)."""

MIN_PAIRED = 16
"""Sampled deals a move needs, played out beside medium's, before it may replace it."""

Z_OVERRIDE = 1.5
"""How many standard errors the paired win-rate gain must clear. 2.5 let hard deviate from
medium on 1 decision in 160 (it had 6 sampled deals a move then); with the fast playouts
and 1.5 it deviates on about 1 in 12."""

MAX_ROUNDS = 64
"""Sampled deals per decision at most: a count rather than the time budget, so that the
choice does not depend on how loaded the machine is (the budget still stops a slow search)."""


WORK = 80_000
"""Playout work per decision at most (moves played out, plus the cards each playout sets
up, about a microsecond each): 64 deals of long playouts over many candidates took up to
320 ms, past the 200 ms target; with this cap the slowest decision of 20 deals took 83 ms."""


_STEP_CAP = 150
"""Moves (plays and draws) a playout may take before it counts as a drawn deal: of 400
medium-vs-medium deals, 125 were still going after 100 moves and 111 of those ended drawn,
so longer playouts cost much and told little (the cap was 400)."""

_JOKER = 4 * 16 + 15  # the fast playouts' cards: suit index * 16 + strength
_DRAW = -2


def _codes() -> tuple[int, ...]:
    """Each card's fast-playout code (suit index * 16 + strength, the joker :data:`_JOKER`),
    indexed by :attr:`Card.key`, read from Page One's rank order (the trick kit) once.

    >>> [_CODES[parse_card(n).key] for n in ("2S", "KH", "AC", "JK")]
    [2, 29, 62, 79]
    """
    codes = [-1] * (max(c.key for c in make_deck(1, 1)) + 1)
    for card in make_deck(1, 1):
        suit = ORDER.effective_suit(card)
        codes[card.key] = (
            _JOKER if ORDER.is_wild(card) else SUITS.index(suit) * 16 + ORDER.strength(card, suit)
        )
    return tuple(codes)


_CODES = _codes()


def _strength(card: Card) -> int:
    """Page One's strength within a suit: the joker 15, ace 14, king 13 ... two 2."""
    return _CODES[card.key] & 15


@dataclass
class Counter:
    """Public knowledge of one deal: cards played since the last rebuild, and per player
    the suits they were seen to lack and, read from plays made by medium's rules, how
    strong their cards of a suit can be (both until they next draw a card)."""

    deal: int = -1
    seen: int = 0
    """Events of the deal read so far."""
    out: set[str] = field(default_factory=set)
    voids: dict[str, set[str]] = field(default_factory=dict)
    caps: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per player and suit: its cards of the suit are weaker than this (:func:`_strength`),
    if it plays like medium: a lead is its highest card of the suit, and a card that lost
    the trick when played last means it had nothing to win with."""
    players: int = 0
    """Seats at the table (for who plays last); 0: read no follows."""
    trick: list[str] = field(default_factory=list)
    """The cards of the trick in progress, in order."""

    def update(self, deal: int, events: Sequence[tuple[int | None, str, str]], names: Sequence[str]) -> None:
        """Read the view's ``events`` not read before (structured data, never the log's
        sentences: the log keeps only its last lines, and a counter made mid-deal, as a hint's
        is, must read the whole deal). ``names``: the players by seat."""
        if deal != self.deal or len(events) < self.seen:
            self.deal = deal
            self.seen = 0
            self.out = set()
            self.voids = {}
            self.caps = {}
            self.trick = []
        for seat, what, card in events[self.seen :]:
            name = names[seat] if seat is not None else ""
            if what == "rebuild":
                self.out = set()
            elif what in ("wins", "pickup"):
                self.trick = []
            elif what == "draw":
                self.voids[name] = {card} if card else set()  # drawn cards may be of other suits
                self.caps.pop(name, None)
            elif what == PENALTY_EVENT:
                self.voids[name] = set()
                self.caps.pop(name, None)
            elif what in ("lead", "play", "lead-drawn", "play-drawn"):
                self.out.add(card)
                self._read_play(name, parse_card(card), what.startswith("lead"), what.endswith("-drawn"))
        self.seen = len(events)

    def _read_play(self, name: str, card: Card, lead: bool, drawn: bool) -> None:
        if lead:
            self.trick = []
        trick = [parse_card(c) for c in self.trick]
        self.trick.append(card.name)
        if drawn or card.rank == JOKER_RANK or any(c.rank == JOKER_RANK for c in trick):
            return  # a forced card, or the joker about: nothing to read
        caps = self.caps.setdefault(name, {})
        if lead:
            caps[card.suit] = min(caps.get(card.suit, 99), _strength(card))
            return
        led = trick[0].suit
        best = max((_strength(c) for c in trick if c.suit == led), default=0)
        if self.players and len(trick) == self.players - 1 and card.suit == led and _strength(card) < best:
            caps[led] = min(caps.get(led, 99), best)


def lead_choice(hand: Sequence[Card], unseen: dict[str, int], voids: Sequence[set[str]]) -> tuple[Card, str]:
    """The card to lead: the suit others are least likely to hold, its highest card."""
    if len(hand) == 1:
        return hand[0], f"lead {hand[0].name}, the last card"
    suits: dict[str, list[Card]] = {}
    for c in hand:
        if c.rank != JOKER_RANK:
            suits.setdefault(c.suit, []).append(c)
    if not suits:
        return hand[0], f"lead {hand[0].name} (the joker)"

    def rank_suit(s: str) -> tuple[float, int]:
        void_bonus = sum(1 for v in voids if s in v)
        return (unseen.get(s, 13) - 4 * void_bonus, -len(suits[s]))

    suit = min(suits, key=rank_suit)
    card = max(suits[suit], key=_strength)
    name = SUIT_NAMES[suit][:-1]
    which = f"the highest {name}" if len(suits[suit]) > 1 else f"the only {name}"
    why = f"lead {card.name} ({which}, to keep the lead)"
    if any(suit in v for v in voids):
        why = f"lead {card.name}: the others have shown they hold no {SUIT_NAMES[suit]}"
    return card, why


def follow_choice(playable: Sequence[Card], best: Card | None, last: bool) -> tuple[Card, str]:
    """The card to follow with: win cheaply when playing last, else play low; the joker
    only when nothing else may be played."""
    plain = [c for c in playable if c.rank != JOKER_RANK]
    if not plain:
        return playable[0], f"play {playable[0].name} (the joker): it wins the trick and saves drawing"
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
        self.searches = 0
        """Hard: decisions searched (more than one candidate move)."""
        self.overrides = 0
        """Hard: of those, how many played another move than medium's."""

    def decide(self, turn: Turn) -> Decision:
        moves = turn.moves
        if len(moves) == 1:
            return Decision(moves[0], _single_why(moves[0]))
        if self.level == "easy":
            return self._easy(turn)
        view = turn.view
        self.counter.players = len(view.seats)
        self.counter.update(view.deal_number, view.events, [s.name for s in view.seats])
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
            cards = [(s, parse_card(name)) for s, name in plays_so_far]
            best = _current_best(cards, trick.led_suit if trick is not None else "")
            last = len(plays_so_far) == len([s for s in view.seats if s.active]) - 1
            joker = next((c for c in playable if c.rank == JOKER_RANK), None)
            suited = [c for c in playable if c.rank != JOKER_RANK]
            searching = any(m.kind in ("draw", "take") for m in moves)
            if joker is not None and not suited and searching:
                card, why = joker, f"play {joker.name} (the joker) rather than draw: it wins the trick"
            else:
                card, why = follow_choice(suited or playable, best, last)
        return self._with_call(plays, card, why)

    def _with_call(self, plays: dict[tuple[str, bool], Move], card: Card, why: str) -> Decision:
        called = plays.get((card.name, True))
        if called is not None:
            # "play 3H and call Page One: the lowest card that follows", the call with the move
            move, sep, reason = why.partition(": ")
            return Decision(called, f"{move} and call Page One{sep}{reason}")
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
        caps = {seat: self.counter.caps.get(name, {}) for seat, name in names.items() if seat != turn.seat}
        base = self._medium(turn)
        base_i = next((k for k, m in enumerate(candidates) if m.key == base.move.key), None)
        if base_i is None:
            return None
        # Medium's move first, so every sampled deal has its result to compare against.
        order = [base_i, *(k for k in range(len(candidates)) if k != base_i)]
        results: list[list[float]] = [[] for _ in candidates]
        rng = turn.rng
        fast = _fast_playout_supported(turn.rules)
        # what every seat was seen to lack, for the playouts' leads (medium counts voids)
        seen = [self.counter.voids.get(names[k], set()) for k in sorted(names)]
        rounds = 0
        work = [0]
        # Stop on a count of sampled deals or of playout work, whichever comes first, so the
        # choice depends only on the RNG; the clock stops it only on a slow or loaded machine.
        while rounds < MAX_ROUNDS and work[0] < WORK and time.perf_counter() < deadline:
            rounds += 1
            world = _consistent_sample(turn, voids, caps)
            state = world.rng.getstate()
            for i in order:
                if fast:
                    # the same rebuild shuffles for every candidate: the pairing is fairer
                    inner = random.Random()
                    inner.setstate(state)
                    results[i].append(_fast_playout(world, turn.seat, seen, candidates[i], inner, work))
                else:
                    results[i].append(_playout(_played(world, candidates[i]), turn.seat, rng, seen))
                    work[0] += _STEP_CAP
                if time.perf_counter() >= deadline:
                    break
        mine = results[base_i]
        self.searches += 1
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
            return Decision(base.move, f"{base.why} (it won {_share(mine)} of {len(mine)} {_TRIALS})")
        self.overrides += 1
        move = candidates[best[1]]
        res = results[best[1]]
        paired = mine[: len(res)]
        return Decision(
            move,
            f"{move}: it won {_share(res)} of {len(res)} {_TRIALS}, {base.move} {_share(paired)}",
        )


_TRIALS = "deals played out from here"
"""What a hard hint calls its playouts (a new player's words)."""


def _share(results: Sequence[float]) -> str:
    """Playout results (1 won, 0.5 drawn) as a whole percentage."""
    return f"{100 * sum(results) / len(results):.0f}%"


def _current_best(plays: Sequence[tuple[int, Card]], led: str) -> Card | None:
    """The card winning the trick so far (the trick kit's winner), None before the lead."""
    return trick_winner(plays, ORDER, led)[1] if plays else None


def _single_why(move: Move) -> str:
    if move.kind == "next":
        return "start the next deal"
    if move.kind == "draw":
        return "draw: no card may be played"
    return f"{move}: the only move"


def _consistent_sample(
    turn: Turn, voids: dict[int, set[str]], caps: dict[int, dict[str, int]] | None = None
) -> PageOne:
    """A determinized deal in which no player holds a suit they were seen to lack, nor a
    card stronger than ``caps`` allows (what their plays said, if they play like medium).

    ``turn.sample`` deals the hidden cards at random; a card its holder cannot hold is then
    swapped with a random stock card that fits (only hidden places of the sample are
    touched). Rejecting whole samples instead rarely found one once the hands grew, and cost
    a dozen samples a round."""
    rng = turn.rng
    world = turn.sample(rng)
    assert isinstance(world, PageOne)
    known = world.public
    stock = world.stock
    caps = caps or {}
    for seat in set(voids) | set(caps):
        void, cap = voids.get(seat, set()), caps.get(seat, {})
        if not void and not cap:
            continue

        def fits(c: Card, void: set[str] = void, cap: dict[str, int] = cap) -> bool:
            return c.rank == JOKER_RANK or (c.suit not in void and _strength(c) < cap.get(c.suit, 99))

        hand = world.hands[seat]
        for i, c in enumerate(hand):
            if c.id in known or fits(c):
                continue
            room = [k for k, x in enumerate(stock) if fits(x)]
            if not room:
                break
            k = rng.choice(room)
            hand[i], stock[k] = stock[k], c
    return world


def _playout(game: Game, seat: int, rng: random.Random, voids: Sequence[set[str]] = ()) -> float:
    """Play the deal out with the medium rules of thumb for everyone: 1 if ``seat`` wins,
    0.5 for a drawn deal, 0 otherwise. ``voids``: per seat, the suits it was seen to lack
    (medium's leads count them; the playout keeps them up to date as players draw)."""
    assert isinstance(game, PageOne)
    deal = game.deal_no
    seen = [set(v) for v in voids] or [set() for _ in range(game.n)]
    steps = 0
    while not game.is_over and game.deal_no == deal and game.phase != "deal-over" and steps < _STEP_CAP:
        steps += 1
        move = _quick_move(game, seen)
        if move.kind == "draw" and game.phase == "follow" and not game.searching:
            seen[game.cur] = {game.led_suit}  # as Counter reads "cannot follow ... and draws"
        game.play(move)
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


def _code(card: Card) -> int:
    """A card as a small int for the fast playouts: suit index * 16 + strength (joker 79)."""
    return _CODES[card.key]


def _fast_playout_supported(rules: Ruleset) -> bool:
    """Whether :func:`_fast_playout` models these rules (the base joker rules; the call is
    always made in playouts, so its penalty never comes up)."""
    r = rules
    return not (
        getattr(r, "joker_only_when_void", True)
        or getattr(r, "joker_forced_when_void", True)
        or getattr(r, "joker_not_last", True)
        or getattr(r, "no_rebuild_pickup", True)
        or not getattr(r, "drawn_joker_playable", False)
    )


def _fast_playout(
    game: PageOne,
    seat: int,
    voids: Sequence[set[str]] = (),
    first: Move | None = None,
    rng: random.Random | None = None,
    work: list[int] | None = None,
) -> float:
    """:func:`_playout` on small ints instead of the engine: the same moves, draws and
    rebuild shuffles, so the same result (a test checks it), several times faster.

    ``first``: a move to make before the playout (a play, called whenever a call is due, or
    a draw), so that each candidate needs no copy of the game; ``rng`` shuffles rebuilt
    stocks (default: the game's own). ``game`` is left as it was (bar its RNG when ``rng``
    is not given)."""
    shuffle = (rng or game.rng).shuffle
    uncalled = game.rules.page_one_call and len(game.hands[game.cur]) == 2 and not (first and first.flags)
    if first is not None and (first.kind not in ("play", "draw") or (first.kind == "play" and uncalled)):
        game = _played(game, first)  # not modelled (a missed call): the engine makes it
        first = None
    if game.phase_ == "deal-over" or game.is_over or game.owes_call is not None:
        # finished, or a penalty pending: the engine's way
        if first is not None:
            game = _played(game, first)
        return _playout(game, seat, rng or game.rng, voids)
    forced = -1 if first is None else _DRAW if first.kind == "draw" else _code(first.cards[0])
    n = game.n
    # per seat, a bit for each suit it was seen to lack
    void = [sum(1 << SUITS.index(x) for x in v if x in SUITS) for v in voids] or [0] * n
    codes = _CODES
    hands = [[codes[c.key] for c in h] for h in game.hands]
    count = [[0] * 5 for _ in range(n)]  # cards per suit in each hand (4: the joker)
    bysuit: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(n)]
    for s, h in enumerate(hands):
        for c in h:
            count[s][c >> 4] += 1
            bysuit[s][c >> 4].append(c)
    stock = [codes[c.key] for c in game.stock]
    played = [codes[c.key] for c in game.played]
    out = [0] * 5  # cards per suit among the completed tricks since the last rebuild
    for c in played:
        out[c >> 4] += 1
    trick = [(s, codes[c.key]) for s, c in game.trick]
    led = SUITS.index(game.led_suit) if game.led_suit else -1
    cur = game.cur
    leading = game.phase_ == "lead"
    searching = game.searching
    rebuilds = game.rebuilds
    limit = game.rules.max_rebuilds
    steps = 0
    setup = sum(map(len, hands)) + len(stock) + len(played)  # the conversion above
    try:
        while True:
            if forced == -1:  # the first move is not counted, as in _playout
                if steps >= _STEP_CAP:
                    return 0.5
                steps += 1
            hand = hands[cur]
            mine = count[cur]
            if leading:
                pick = hand[0]
                if forced >= 0:
                    pick, forced = forced, -1
                elif len(hand) > 1:
                    # lead_choice: the fewest unseen, then the longest suit, the first in hand
                    # order; the joker only when nothing else is left
                    best_key = (99, 0)
                    tied = 0  # a bit per suit with the best key
                    for sx in range(4):
                        if mine[sx]:
                            lacking = 0
                            for k, v in enumerate(void):
                                if k != cur:
                                    lacking += v >> sx & 1
                            key = (13 - mine[sx] - out[sx] - 4 * lacking, -mine[sx])
                            if key < best_key:
                                best_key, tied = key, 1 << sx
                            elif key == best_key:
                                tied |= 1 << sx
                    if tied:
                        suit = next(c >> 4 for c in hand if tied >> (c >> 4) & 1)
                        pick = max(bysuit[cur][suit])
                hand.remove(pick)
                bysuit[cur][pick >> 4].remove(pick)
                mine[pick >> 4] -= 1
                if not hand:
                    return 1.0 if cur == seat else 0.0
                trick = [(cur, pick)]
                led = -1 if pick == _JOKER else pick >> 4
                leading = False
                cur = (cur + 1) % n
                continue
            pick = -1
            one = forced == _DRAW  # the first move: one card drawn (below)
            if one:
                forced = -1
            elif forced >= 0:
                pick, forced = forced, -1
            elif led < 0:  # a joker was led: any card, medium's lowest plain one
                low = 99
                for c in hand:
                    if c != _JOKER and (c & 15) < low:
                        pick, low = c, c & 15
                if pick < 0:
                    pick = hand[0]
            elif searching:  # the card just drawn: of the suit (it must be played) or the joker
                last = hand[-1]
                if last == _JOKER or last >> 4 == led:
                    pick = last
            elif mine[led]:
                suited = bysuit[cur][led]
                pick = min(suited)
                if len(trick) == n - 1 and all(c != _JOKER for _, c in trick):
                    top = max(c for _, c in trick if c >> 4 == led)
                    winners = [c for c in suited if c > top]
                    if winners:
                        pick = min(winners)  # playing last: the lowest card that wins
            elif mine[4]:
                pick = _JOKER  # void: the joker rather than draw
            if pick < 0:  # draw until a card of the suit or the joker turns up
                if not searching:
                    void[cur] = 1 << led
                if not one:
                    steps -= 1
                while True:
                    if not one:  # the first move is not counted, as in _playout
                        if steps >= _STEP_CAP:
                            return 0.5
                        steps += 1
                    if not stock:
                        if not played or (limit and rebuilds >= limit):
                            return 0.5
                        shuffle(played)
                        stock, played = played, []
                        out = [0] * 5
                        rebuilds += 1
                    card = stock.pop()
                    hand.append(card)
                    bysuit[cur][card >> 4].append(card)
                    mine[card >> 4] += 1
                    if one or card == _JOKER or card >> 4 == led:
                        break
                if one:
                    searching = True
                    continue
                if steps >= _STEP_CAP:
                    return 0.5
                steps += 1
                pick = card
            hand.remove(pick)
            bysuit[cur][pick >> 4].remove(pick)
            mine[pick >> 4] -= 1
            searching = False
            if not hand:
                return 1.0 if cur == seat else 0.0
            trick.append((cur, pick))
            if led < 0:
                led = pick >> 4
            if len(trick) < n:
                cur = (cur + 1) % n
                continue
            winner = -1
            top = -1
            for s, c in trick:
                if c == _JOKER:
                    winner = s
                    break
                if c >> 4 == led and c > top:
                    winner, top = s, c
            for _, c in trick:
                played.append(c)
                out[c >> 4] += 1
            cur = winner
            leading = True
    finally:
        if work is not None:
            work[0] += steps + setup


def _played(game: PageOne, move: Move) -> PageOne:
    """A copy of ``game`` with ``move`` made."""
    new = game.copy()
    new.play(move)
    return new


def _quick_move(game: PageOne, voids: Sequence[set[str]] = ()) -> Move:
    """The medium rule of thumb on a sampled game (no counting: it is fast)."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    calls = any(m.flags for m in moves)
    plays = [m for m in moves if m.kind == "play" and (m.flags or not calls)]
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
        others = [v for k, v in enumerate(voids) if k != game.cur]
        pick, _ = lead_choice(plain, unseen, others)
    else:
        trick = game.trick_cards
        best = _current_best(trick, game.led_suit)
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
