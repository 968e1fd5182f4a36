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

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Literal

from pydantic import Field

from cardtable.engine.cards import JOKER_RANK, SUITS, Card, card_of, make_deck, names, one_of_each, rank_word
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.moves import Move, parse_move
from cardtable.engine.registry import GameSpec, register
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import PENALTY, POINTS, by_rule
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs
from cardtable.engine.views import FaceUpView, GroupingView, MeldView, PlayerView
from cardtable.engine.zones import Visibility, Zone
from cardtable.kits.rummy.arrange import Arrangement, Requirement, best_arrangement
from cardtable.kits.rummy.grouping import grouping_view
from cardtable.kits.rummy.melds import RUN, SET, Meld, MeldRules, build_meld
from cardtable.kits.rummy.turn import RummyGame

HAND = 13
VALUES = (0, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Penalty of a card left ungrouped, by rank (0 = printed joker); a wild rank counts 0."""
JOKERS = "jokers"
"""``Meld.kind`` of a group made only of wild cards (never a sequence)."""
CHIPS_PER_DEAL = 80
"""Deals rummy: each player starts with this many chips per deal of the match."""
FIRST_HAND_CAP = 40
NEED = Requirement(runs=2, pure_runs=1)
"""A declaration's life: two sequences, one of them pure."""
FOUR_CARD_NEED = Requirement(runs=2, pure_runs=1, long_run=4)
"""The life with ``four_card_life``: one of the two sequences of 4 cards or more."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """What a format fixes: its name, the pool limit (0: no elimination), the drop
    penalties (None: no drop), the wrong-show penalty, the rejoin bar (highest remaining
    total that still allows a rejoin) and the number of deals (0: until one is left)."""

    title: str
    limit: int
    drops: tuple[int, int] | None
    wrong: int
    rejoin_max: int
    deals: int


FORMATS: dict[str, FormatInfo] = {
    "points": FormatInfo("Points rummy", 0, (20, 40), 80, 0, 1),
    "pool101": FormatInfo("Pool 101", 101, (20, 40), 80, 79, 0),
    "pool201": FormatInfo("Pool 201", 201, (25, 50), 80, 174, 0),
    "pool61": FormatInfo("Pool 61", 61, (15, 30), 60, 44, 0),
    "best_of_3_pool": FormatInfo("Best-of-3 pool", 0, None, 80, 0, 3),
    "deals": FormatInfo("Deals rummy", 0, None, 80, 0, 2),
}
DROP_CHOICES: dict[str, tuple[int, int] | None] = {
    "20/40": (20, 40),
    "25/50": (25, 50),
    "15/30": (15, 30),
    "10/30": (10, 30),
    "none": None,
}


def _f(default: Any, title: str, description: str, **kw: Any) -> Any:
    return Field(default, title=title, description=description, **kw)


class IndianRummyRules(Ruleset):
    """Indian Rummy's variant toggles, with the rules file's recommended defaults."""

    format: Literal["points", "pool101", "pool201", "pool61", "best_of_3_pool", "deals"] = _f(
        "pool101",
        "Format",
        "points: one deal settled at the point value; pool101/pool201/pool61: totals add up and "
        "a player is out on reaching 101/201/61, the last one left wins; best_of_3_pool: three "
        "deals, lowest total wins; deals: a fixed number of deals played for chips.",
    )
    deals_count: Literal[2, 3, 6] = _f(
        2, "Deals (deals rummy)", "How many deals a deals-rummy match has (best of 2, 3 or 6)."
    )
    point_value: int = _f(
        1, "Point value", "Points rummy: what one penalty point is worth in the settlement.", ge=1, le=1000
    )
    points_deals: int = _f(
        1,
        "Deals (points rummy)",
        "Points rummy: deals in the match, with a running total of the settlements.",
        ge=1,
        le=50,
    )
    decks: Literal["auto", 1, 2] = _f(
        "auto",
        "Decks",
        "auto: one 52-card deck and 1 printed joker for 2 players, two decks and 2 jokers for 3-6; "
        "or 1 or 2 decks (each with one printed joker).",
    )
    wild_indicator_in_play: bool = _f(
        False,
        "Cut card in play",
        "The face-up cut card lies under the closed deck and is drawn as its last card. Off: it "
        "is only an indicator, out of play.",
    )
    printed_joker_cut_makes_aces_wild: bool = _f(
        True,
        "Joker cut makes aces wild",
        "When the cut card is a printed joker, aces are the wild rank. Off: only printed jokers are wild.",
    )
    wild_in_natural_place_is_pure: bool = _f(
        True,
        "Wild card in its place is pure",
        "A card of the wild rank used as itself (7H in 6H 7H 8H with 7s wild) keeps a sequence pure.",
    )
    set_may_exceed_4_with_jokers: bool = _f(
        False,
        "Sets above 4 with jokers",
        "A set of all four suits may take extra wild cards, making 5 or more cards (NexGen).",
    )
    allow_all_joker_group: bool = _f(
        True,
        "Joker groups",
        "Three or more wild cards alone make a valid group (never a sequence).",
    )
    four_card_life: bool = _f(
        False,
        "Four-card life",
        "One of the two required sequences must have 4 or more cards (RummyOn).",
    )
    joker_pickup_from_open: Literal["allowed", "first_card_only", "never"] = _f(
        "allowed",
        "Jokers from the open deck",
        "Whether a wild card may be taken from the open deck: always, only the first up-card "
        "before anyone has discarded (NexGen, 1toking), or never.",
    )
    may_discard_taken_open_card: bool = _f(
        False,
        "Throw back the taken card",
        "The card just taken from the open deck may be discarded in the same turn.",
    )
    drop_penalties: Literal["format", "20/40", "25/50", "15/30", "10/30", "none"] = _f(
        "format",
        "Drop penalties",
        "First drop / middle drop: format = 20/40 in points and pool 101, 25/50 in pool 201, "
        "15/30 in pool 61, no drop in best-of-3 pool and deals; or a pair; none: no drop.",
    )
    wrong_show_penalty: Literal["format", 80, 60] = _f(
        "format", "Wrong show", "Points for a wrong declaration: format = 80 (60 in pool 61), or 80, or 60."
    )
    max_deal_penalty: int = _f(
        80, "Full count", "The most a loser's cards can cost in one deal.", ge=1, le=200
    )
    rejoin: Literal["off", "once", "unlimited"] = _f(
        "off",
        "Rejoin (pool)",
        "An eliminated player may come back on the highest remaining total + 1 while no remaining "
        "total is above 79 (101 pool), 174 (201) or 44 (61): never, once per player, or any number of times.",
    )
    first_hand_show_cap: int = _f(
        0,
        "First-turn show cap",
        "When a player declares validly on their very first turn, players who have not had a "
        "turn yet lose at most this much (Adda52: 40; 0 = no cap).",
        ge=0,
        le=80,
    )
    show_phase: bool = _f(
        True,
        "Losers show in turn",
        "After a valid declaration each other player accepts the best grouping or shows their "
        "own ('show'). Off: the game scores them at once with the best grouping.",
    )
    max_closed_deck_rebuilds: int = _f(
        5,
        "Closed deck rebuilds",
        "When the closed deck runs out once more than this, the deal is void and dealt again "
        "(0 = rebuild for ever). Guards against deals nobody finishes.",
        ge=0,
        le=50,
    )


PRESETS: dict[str, dict[str, Any]] = {
    "pool 101": {},
    "pool 201": {"format": "pool201"},
    "pool 61": {"format": "pool61"},
    "pool 101 with rejoin": {"rejoin": "once"},
    "best of 3 pool": {"format": "best_of_3_pool"},
    "points rummy": {"format": "points"},
    "deals, best of 2": {"format": "deals", "deals_count": 2},
    "deals, best of 3": {"format": "deals", "deals_count": 3},
    "deals, best of 6": {"format": "deals", "deals_count": 6},
    "strict purity": {"wild_in_natural_place_is_pure": False},
    "NexGen table": {"set_may_exceed_4_with_jokers": True, "joker_pickup_from_open": "first_card_only"},
    "RummyOn points": {"format": "points", "four_card_life": True, "drop_penalties": "10/30"},
    "Adda52 points": {"format": "points", "first_hand_show_cap": FIRST_HAND_CAP, "drop_penalties": "10/30"},
}

_MELD_RULES: dict[int, MeldRules] = {}


def meld_rules(wild_rank: int) -> MeldRules:
    """The groups of a deal whose wild rank is ``wild_rank`` (0: printed jokers only).

    Any number of wild cards per group, sets of 3-4 cards of different suits, A-2-3 and
    Q-K-A but never K-A-2. Joker groups and sets above four are judged by the game.

    >>> sorted(meld_rules(7).wild_ranks), meld_rules(0).max_wilds
    ([7], 13)
    """
    rules = _MELD_RULES.get(wild_rank)
    if rules is None:
        rules = _MELD_RULES[wild_rank] = MeldRules(
            max_wilds=13,
            set_max=4,
            wild_ranks=frozenset({wild_rank}) if wild_rank else frozenset(),
            allow_all_wild=False,
            name_set_wilds=False,
            ace_both_ends="never",
        )
    return rules


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged show: the groups (valid ones only), the cards in no valid group, whether the
    groups hold the required sequences (``life``), the points these cards cost a loser
    (capped) and, for a declaration, whether it is valid and why not. A declaration seen to
    be wrong at a glance (a card no group can take) carries no groups and 0 points."""

    groups: tuple[Meld, ...]
    loose: tuple[Card, ...]
    life: bool
    points: int
    valid: bool
    reason: str


class IndianRummy(RummyGame):
    """A match of Indian Rummy (see the module for the notation and the choices made)."""

    game_id = "indian-rummy"
    title = "Indian Rummy"
    verbs = ("draw", "take", "drop", "discard", "declare", "show", "next", "rejoin", "pass")
    move_caches = ("_discard_moves", "_declare_moves", "_panel_cache")

    rules: IndianRummyRules

    def __init__(
        self, players: Sequence[str], rules: IndianRummyRules, seed: int, deal: dict[str, Any] | None
    ) -> None:
        super().__init__(players, rules, seed, deal)
        self._init_match(seed)
        n = self.n
        fmt = FORMATS[rules.format]
        self.fmt = fmt
        decks = rules.decks
        self.packs = (1 if n == 2 else 2) if decks == "auto" else int(decks)
        size = 53 * self.packs
        if n * (HAND + 1) + 2 > size:
            raise InvalidRules(
                f"one deck (53 cards) holds 3 players at most; {n} players need two decks "
                "(set decks to auto or 2)"
            )
        self.drops = fmt.drops if rules.drop_penalties == "format" else DROP_CHOICES[rules.drop_penalties]
        self.wrong = fmt.wrong if rules.wrong_show_penalty == "format" else int(rules.wrong_show_penalty)
        self.match_deals = {"deals": rules.deals_count, "points": rules.points_deals}.get(
            rules.format, fmt.deals
        )
        """Deals in a fixed-length match (0: pool, until one player is left)."""
        self.rejoined = [0] * n
        self.rejoin_queue: list[int] = []
        self.rejoin_total = 0
        self.deals_played = 0
        """Deals that counted (void deals are dealt again)."""
        self.starter = 0
        self.dealer = n - 1
        self._discard_moves: dict[int, Move] = {}
        self._declare_moves: dict[int, Move] = {}
        self._panel_cache: dict[tuple[object, int, int | None], GroupingView] = {}
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        rules = self.rules
        self.deal_no += 1
        self.hands = [[] for _ in range(n)]
        self.melds_ = []
        self.opened = [False] * n
        self.must_use = []
        self.prov = []
        self.prov_value = 0
        self.taken = None
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
            self.rng.shuffle(deck)
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
        self.mrules = meld_rules(self.wild_rank)
        vals = list(VALUES)
        vals[self.wild_rank] = 0
        self.vals = tuple(vals)
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

    # ------------------------------------------------------------------ values
    def meld_points(self, meld: Meld) -> int:
        """What a group's cards would cost if left ungrouped (what grouping them saves)."""
        vals = self.vals
        return sum(vals[c.rank] for c in meld.cards)

    def card_value(self, card: Card) -> int:
        """A card's penalty this deal: A K Q J 10, 2-10 face value, wild cards 0."""
        return self.vals[card.rank]

    def _count(self, cards: Sequence[Card]) -> int:
        vals = self.vals
        return sum(vals[c.rank] for c in cards)

    def is_pure(self, meld: Meld) -> bool:
        """Whether a sequence is pure: no card stands in for another (a wild-rank card in its
        own place is natural unless ``wild_in_natural_place_is_pure`` is off)."""
        if meld.kind != RUN:
            return False
        if self.rules.wild_in_natural_place_is_pure:
            return all(c.key == r.key for c, r in zip(meld.cards, meld.reps, strict=True))
        is_wild = self.mrules.is_wild
        return not any(is_wild(c) for c in meld.cards)

    @property
    def life_need(self) -> Requirement:
        """The solver's requirement for a declaration's life at this table (with four-card
        life, one of the sequences of 4+ cards)."""
        return FOUR_CARD_NEED if self.rules.four_card_life else NEED

    def _has_life(self, groups: Sequence[Meld]) -> bool:
        """Two sequences or more, one of them pure (and one of 4+ cards with four_card_life)."""
        runs = [m for m in groups if m.kind == RUN]
        if len(runs) < 2 or not any(self.is_pure(m) for m in runs):
            return False
        return not self.rules.four_card_life or any(len(m.cards) >= 4 for m in runs)

    # ------------------------------------------------------------------ judging shows
    def best_grouping(self, cards: Sequence[Card], declaring: bool = False) -> Verdict:
        """The least-penalty grouping of ``cards`` (a 13-card hand), found exactly by the shared
        solver, and judged: a valid declaration when every card is grouped with the required
        sequences; else what the cards cost a loser.

        The solver's requirement is the life (two sequences, one pure, one of 4+ cards with
        four-card life); it never counts a group of wild cards only as a sequence.
        """
        if not self._may_have_pure(cards):
            return self._verdict((), cards, cards, False)  # no pure sequence: every card counts
        if declaring:
            lonely = self._lonely(cards)
            if lonely is not None:  # a card no group can take: the show is wrong, whatever the rest
                return Verdict((), tuple(cards), False, 0, False, f"{lonely.name} fits in no group")
        arr = self._solve(cards, self.life_need, self._base_pure())
        if not arr.ok:
            return self._verdict(arr.groups, arr.deadwood, cards, False)
        groups, loose = self._normalize(arr.groups, arr.deadwood)
        return self._verdict(groups, loose, cards, self._has_life(groups))

    def _may_have_pure(self, cards: Sequence[Card]) -> bool:
        """Whether three natural cards of one suit in sequence are there (a pure sequence is
        possible): a quick test that spares the solver most hopeless hands."""
        masks = [0, 0, 0, 0]
        wild = self.wild_rank if not self.rules.wild_in_natural_place_is_pure else -1
        for c in cards:
            r = c.rank
            if r in (JOKER_RANK, wild):
                continue
            masks[c.suit_index] |= (1 << r) | (1 << 14 if r == 1 else 0)
        return any(m & (m >> 1) & (m >> 2) for m in masks)

    def _lonely(self, cards: Sequence[Card]) -> Card | None:
        """A natural card that no group of these cards can hold (None if each may be in one):
        a quick test that spares the solver most wrong declarations."""
        is_wild = self.mrules.is_wild
        wild = sum(1 for c in cards if is_wild(c))
        if wild >= 2:
            return None  # any card makes a sequence with two wild cards
        by_rank: dict[int, set[str]] = {}
        places: dict[str, set[int]] = {}
        for c in cards:
            if c.rank == JOKER_RANK:
                continue
            places.setdefault(c.suit, set()).update((c.rank, 14) if c.rank == 1 else (c.rank,))
            if not is_wild(c):
                by_rank.setdefault(c.rank, set()).add(c.suit)
        for c in cards:
            if is_wild(c):
                continue
            suits = len(by_rank[c.rank])
            own = places[c.suit]
            spots = (1, 14) if c.rank == 1 else (c.rank,)
            if wild:
                near = any(p + d in own for p in spots for d in (-2, -1, 1, 2))
                if suits < 2 and not near:
                    return c
            elif suits < 3 and not any(
                {p + a, p + b} <= own for p in spots for a, b in ((-2, -1), (-1, 1), (1, 2))
            ):
                return c
        return None

    def _base_pure(self) -> Callable[[Meld], bool] | None:
        """The solver's purity test: its default (a wild-rank card in its place is natural),
        or none of the wild cards at all with ``wild_in_natural_place_is_pure`` off."""
        return None if self.rules.wild_in_natural_place_is_pure else self.is_pure

    def _solve(
        self, cards: Sequence[Card], need: Requirement, pure: Callable[[Meld], bool] | None
    ) -> Arrangement:
        return best_arrangement(cards, self.mrules, self.card_value, need=need, pure=pure)

    def _normalize(self, groups: Sequence[Meld], loose: Sequence[Card]) -> tuple[list[Meld], list[Card]]:
        """The solver's groups read by this game's rules: a group of wild cards only is a set
        of the wild rank or a joker group (or, without joker groups, spare cards); spare wild
        cards then go into a sequence when the required ones are there (they cost nothing but
        a declaration must group every card)."""
        is_wild = self.mrules.is_wild
        keep: list[Meld] = []
        spare: list[Card] = []
        for meld in groups:
            if all(is_wild(c) for c in meld.cards):
                again = self._group(meld.cards, (None,) * len(meld.cards))
                if isinstance(again, Meld):
                    keep.append(again)
                    continue
                spare.extend(meld.cards)
                continue
            keep.append(meld)
        wild_loose = spare + [c for c in loose if is_wild(c)]
        rest = [c for c in loose if not is_wild(c)]
        if wild_loose and self._has_life(keep):
            keep, wild_loose = self._place_spare_wilds(keep, wild_loose)
        return keep, rest + wild_loose

    def _place_spare_wilds(self, groups: list[Meld], spare: list[Card]) -> tuple[list[Meld], list[Card]]:
        """Put spare wild cards into the longest sequence that may take them (never the only
        pure one); failing that, three or more make a joker group."""
        pure_count = sum(self.is_pure(m) for m in groups)
        for meld in sorted(groups, key=lambda m: (m.kind != RUN, self.is_pure(m), -len(m.cards))):
            if meld.kind != RUN or (self.is_pure(meld) and pure_count < 2):
                continue
            grown = build_meld((*meld.cards, *spare), (*meld.reps, *(None,) * len(spare)), self.mrules)
            if isinstance(grown, Meld) and grown.kind == RUN:
                return [grown if m is meld else m for m in groups], []
        if len(spare) >= 3 and self.rules.allow_all_joker_group:
            return [*groups, Meld(JOKERS, tuple(spare), tuple(spare))], []
        return groups, spare

    def judge_groups(self, shown: Sequence[tuple[Sequence[Card], Sequence[Card | None]]]) -> list[Meld | str]:
        """Each shown group as a valid :class:`Meld` (kind ``run``, ``set`` or ``jokers``) or
        the sentence saying why it is not one."""
        return [self._group(cards, named) for cards, named in shown]

    def _group(self, cards: Sequence[Card], named: Sequence[Card | None]) -> Meld | str:
        label = names(cards)
        rules = self.mrules
        if len(cards) < 3:
            return f"{label} is too short: a group needs at least 3 cards"
        if all(rules.is_wild(c) for c in cards):
            as_set = self._set_of(cards, named, lambda c: c.rank == self.wild_rank and c.rank != JOKER_RANK)
            if as_set is not None:
                return as_set
            if not self.rules.allow_all_joker_group:
                return f"{label} is made only of wild cards: a joker group is not allowed at this table"
            if any(nm is not None for nm in named):
                return f"{label} is a group of wild cards only: its cards stand for nothing, do not name them"
            return Meld(JOKERS, tuple(cards), tuple(cards))
        built = build_meld(cards, named, rules)
        if isinstance(built, Meld):
            return built
        if self.rules.set_may_exceed_4_with_jokers and len(cards) > 4:
            big = self._set_of(cards, named, lambda c: not rules.is_wild(c))
            if big is not None:
                return big
        return built

    def _set_of(
        self, cards: Sequence[Card], named: Sequence[Card | None], natural: Callable[[Card], bool]
    ) -> Meld | None:
        """``cards`` as a set: the ``natural`` cards one rank and different suits, the others
        filling the missing suits (and, with ``set_may_exceed_4_with_jokers``, beyond four once
        all four suits are there). None when they are no such set."""
        nat = [i for i, c in enumerate(cards) if natural(c)]
        if not nat:
            return None
        rank = cards[nat[0]].rank
        suits = [cards[i].suit for i in nat]
        if any(cards[i].rank != rank for i in nat) or len(set(suits)) != len(suits):
            return None
        size = len(cards)
        if size > 4 and not self.rules.set_may_exceed_4_with_jokers:
            return None
        reps: dict[int, Card] = {i: cards[i] for i in nat}
        used = set(suits)
        fill = [i for i in range(size) if i not in reps]
        for i in fill:
            nm = named[i]
            if nm is not None:
                if nm.rank != rank or (nm.suit in used and len(used) < 4):
                    return None
                used.add(nm.suit)
                reps[i] = card_of(rank, nm.suit)
        free = [s for s in SUITS if s not in used]
        for i in fill:
            if i in reps:
                continue
            suit = free.pop(0) if free else SUITS[len(reps) % 4]
            reps[i] = card_of(rank, suit)
        order = sorted(range(size), key=lambda i: (reps[i].suit_index, i not in nat))
        return Meld(SET, tuple(cards[i] for i in order), tuple(reps[i] for i in order), rank=rank)

    def _verdict(
        self, groups: Sequence[Meld], loose: Sequence[Card], cards: Sequence[Card], life: bool
    ) -> Verdict:
        """Judge groups and the cards in no group: points a loser pays, and for a declaration
        whether it is valid and why not."""
        points = min(self._count(loose) if life else self._count(cards), self.rules.max_deal_penalty)
        valid = life and not loose
        reason = ""
        if not life:
            reason = "the groups do not hold two sequences, one of them pure"
            if self.rules.four_card_life:
                reason += ", one of them of 4 cards or more"
        elif loose:
            reason = f"{names(loose)} {'is' if len(loose) == 1 else 'are'} in no group"
        return Verdict(tuple(groups), tuple(loose), life, points, valid, reason)

    def _judge_own(
        self, cards: Sequence[Card], shown: Sequence[tuple[Sequence[Card], Sequence[Card | None]]]
    ) -> Verdict:
        """A show as the player grouped it: invalid groups count as ungrouped cards."""
        groups: list[Meld] = []
        loose: list[Card] = []
        bad: list[str] = []
        for (group, _), judged in zip(shown, self.judge_groups(shown), strict=True):
            if isinstance(judged, Meld):
                groups.append(judged)
            else:
                loose.extend(group)
                bad.append(judged)
        grouped = {c.id for m in groups for c in m.cards} | {c.id for c in loose}
        loose.extend(c for c in cards if c.id not in grouped)
        verdict = self._verdict(groups, loose, cards, self._has_life(groups))
        if bad and not verdict.valid:
            return Verdict(verdict.groups, verdict.loose, verdict.life, verdict.points, False, "; ".join(bad))
        return verdict

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
        return self.best_grouping(hand[:k] + hand[k + 1 :], declaring=True)

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
        panel = self._grouping(seat, hand, finish)
        self._panel_cache[key] = panel
        return panel

    def _grouping(self, seat: int, hand: Sequence[Card], finish: Card | None) -> GroupingView:
        playing = self.phase_ == "play" and seat == self.cur and len(hand) == HAND + 1
        showing = self.phase_ == "show" and seat == self.cur
        if not playing:
            verdict = self.best_grouping(hand)
            if showing:
                title, summary = "your show", f"showing now counts {verdict.points} points"
            elif verdict.valid:
                title, summary = (
                    "your groups",
                    "all 13 grouped: draw, then declare with the card you do not need",
                )
            else:
                title = "your groups"
                summary = (
                    f"not ready: {self._lacking(verdict)} ({verdict.points} points if someone declares now)"
                )
            return self._panel(title, None, verdict, summary)
        choices: list[Card] = []
        if finish is not None:
            choices = [c for c in hand if c.key == finish.key][:1]
        if not choices:  # no card given (or not held): the cheapest declaration
            choices = one_of_each(hand)
        best: tuple[int, Card, Verdict] | None = None
        for card in choices:
            rest = list(hand)
            rest.remove(card)
            verdict = self.best_grouping(rest)
            cost = 0 if verdict.valid else 1 + verdict.points
            if best is None or cost < best[0]:
                best = (cost, card, verdict)
        assert best is not None
        _, card, verdict = best
        if verdict.valid:
            summary = f"a valid declaration: press e to declare with {card.name}"
        else:
            summary = f"not valid: {self._lacking(verdict)}; a wrong show costs {self.wrong}"
        return self._panel(f"declare with {card.name}", card, verdict, summary)

    def _lacking(self, verdict: Verdict) -> str:
        """What keeps a grouping from being a valid show, briefly."""
        if verdict.life:
            return verdict.reason
        four = ", one of 4+ cards" if self.rules.four_card_life else ""
        return f"needs two sequences, one pure{four}"

    def _panel(self, title: str, finish: Card | None, verdict: Verdict, summary: str) -> GroupingView:
        melds, loose = verdict.groups, verdict.loose
        if not melds and not verdict.life:
            # Without the required sequences every card counts, so the judged show has no
            # groups; the panel still shows what the hand holds so far.
            arr = self._solve(loose, Requirement(), self._base_pure())
            normal = self._normalize(arr.groups, arr.deadwood)
            melds, loose = tuple(normal[0]), tuple(normal[1])
        return grouping_view(title, finish, melds, loose, verdict.valid, summary, kind=self._kind_word)

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
                return f"this is a wrong show ({verdict.reason}): it costs {self.wrong} points"
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
        ph = self.phase_
        if ph == "draw":
            moves = [Move("draw", payload="draw", text="draw")]
            if self._can_take():
                moves.append(Move("take", payload="take", text="take"))
            if self.drops is not None:
                moves.append(Move("drop", payload="drop", text="drop"))
            return moves
        if ph == "play":
            return self._play_moves()
        if ph == "show":
            return [Move("show", payload="show", text="show")]
        if ph == "deal-over":
            return [Move("next", payload="next", text="next")]
        if ph == "rejoin":
            return [
                Move("rejoin", payload="rejoin", text="rejoin"),
                Move("pass", payload="pass", text="pass"),
            ]
        return []

    def _play_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        taken = None if self.rules.may_discard_taken_open_card else self.taken
        barred = taken.key if taken is not None else -1
        discards: list[Move] = []
        declares: list[Move] = []
        seen: set[int] = set()
        made_d, made_x = self._discard_moves, self._declare_moves
        # Moves are values (the card they throw): made once per physical card, listed again and again.
        for card in hand:
            key = card.key
            if key in seen:
                continue
            seen.add(key)
            if key != barred:
                throw = made_d.get(card.id)
                if throw is None:
                    throw = made_d[card.id] = Move("discard", (card,), (None,), payload=("discard", card))
                discards.append(throw)
            show = made_x.get(card.id)
            if show is None:
                show = made_x[card.id] = Move("declare", (card,), (None,), payload=("declare", card))
            declares.append(show)
        return discards + declares

    def _went_out(self, seat: int) -> None:
        """Never called: nobody goes out by melding in Indian Rummy (a declaration ends the deal)."""
        raise AssertionError("Indian Rummy has no melding out")

    # ------------------------------------------------------------------ own groupings
    @staticmethod
    def _is_own(move: Move) -> bool:
        """A ``declare`` or ``show`` that lists the player's own groups."""
        return (move.kind == "declare" and bool(move.groups)) or (
            move.kind == "show" and bool(move.groups or move.cards)
        )

    def find_move(self, move: Move | str) -> Move:
        """As :meth:`Game.find_move`, and a ``declare``/``show`` with the player's own groups
        (checked here: it is not listed, there are too many ways to group 14 cards)."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, Move) and self._is_own(move):
            if self.to_act is None:
                raise IllegalMove("the match is over: start a new game", str(move))
            return self._own_move(move)
        return super().find_move(move)

    def play(self, move: Move | str) -> Move:
        """As :meth:`Game.play`; a grouped ``declare``/``show`` is one move (not one per group)."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, Move) and self._is_own(move) and move.groups:
            seat = self.to_act
            found = self.find_move(move)
            assert seat is not None
            self._apply(found)
            self.history.append((seat, found))
            self._stamp = object()
            return found
        return super().play(move)

    def _own_move(self, move: Move) -> Move:
        """The playable form of a grouped ``declare`` or ``show`` (IllegalMove says why not)."""
        text = str(move)
        kind = move.kind
        if move.flags or move.target is not None:
            raise IllegalMove(f"write '{kind}' then the groups, as in '{kind} 7H 8H 9H / KS KD KC'", text)
        want = "play" if kind == "declare" else "show"
        if self.phase_ != want:
            raise IllegalMove(self._explain(Move(kind, text=kind)), text)
        parts = list(move.groups) if move.groups else [move]
        finish: Card | None = None
        if kind == "declare":
            singles = [g for g in parts if len(g.cards) == 1]
            if len(singles) != 1:
                raise IllegalMove(
                    "put the finish card alone and then your groups, as in 'declare KS / AH 2H 3H / ...'",
                    text,
                )
            if singles[0].named[0] is not None:
                raise IllegalMove("the finish card stands for nothing: do not name it", text)
            finish = singles[0].cards[0]
            parts = [g for g in parts if g is not singles[0]]
        for g in parts:
            if len(g.cards) < 3:
                raise IllegalMove(
                    f"{' '.join(g.tokens())}: a group has at least 3 cards (leave ungrouped cards out)", text
                )
        listed = [c for g in parts for c in g.cards] + ([finish] if finish is not None else [])
        hand = self.hands[self.cur]
        for card in listed:
            if sum(1 for h in hand if h == card) < sum(1 for c in listed if c == card):
                held = sum(1 for h in hand if h == card)
                more = "" if not held else f" {sum(1 for c in listed if c == card)} times (you hold {held})"
                raise IllegalMove(f"you do not hold {card.name}{more}", text)
        if kind == "declare" and len(listed) != len(hand):
            rest = list(hand)
            for card in listed:
                rest.remove(card)
            raise IllegalMove(
                f"a declaration shows every card: put {names(rest)} in a group (the finish card alone)",
                text,
            )
        groups = tuple(Move(kind, g.cards, g.named) for g in parts)
        if finish is not None:
            groups = (Move(kind, (finish,), (None,)), *groups)
        action = ("own", finish, tuple((g.cards, g.named) for g in parts))
        if kind == "show" and len(groups) == 1:
            return Move(kind, groups[0].cards, groups[0].named, payload=action)
        return Move(kind, groups=groups, payload=action)

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

    def _explain(self, move: Move) -> str:
        ph = self.phase_
        kind = move.kind
        name = self.players[self.cur]
        if ph == "deal-over":
            return "the deal is over: play 'next' to deal the next one"
        if ph == "rejoin":
            return f"{name} may 'rejoin' the pool on {self.rejoin_total} points, or 'pass'"
        if ph == "show":
            who = self.players[self.declarer] if self.declarer is not None else "someone"
            return (
                f"{who} has declared: {name}, 'show' to accept the best grouping of your cards, "
                "or show your own groups ('show 7H 8H 9H / KS KD KC')"
            )
        if kind in ("next", "rejoin", "pass"):
            return "the deal is still going on"
        if kind == "show":
            return "nobody has declared yet: 'show' is for the other players after a valid declaration"
        if ph == "draw":
            if kind == "take":
                if not self.discard:
                    return "the open deck is empty: draw from the closed deck"
                top = self.discard[-1]
                if self.rules.joker_pickup_from_open == "never":
                    return f"{top.name} is a wild card: wild cards may not be taken from the open deck"
                return f"{top.name} is a wild card: only the first up-card may be taken when it is wild"
            if kind == "drop":
                return (
                    f"there is no drop in {self.fmt.title}"
                    if self.rules.drop_penalties == "format"
                    else ("dropping is not allowed at this table")
                )
            if kind == "declare":
                return "draw first: a declaration needs 14 cards ('draw' or 'take', then 'declare CARD')"
            return f"{name} must draw first: 'draw' from the closed deck" + (
                " or 'take' the open card" if self._can_take() else ""
            )
        # phase "play"
        if kind in ("draw", "take"):
            return "you have drawn already this turn: discard a card or declare"
        if kind == "drop":
            return "you may drop only at the start of your turn, before drawing"
        missing = self._missing(move)
        if missing:
            return f"you do not hold {missing[0].name}"
        if kind == "discard" and self.taken is not None and move.cards[0] == self.taken:
            return f"you took {self.taken.name} from the open deck this turn: discard another card"
        return f"'{move}' is not allowed now"

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        name = self.players[seat]
        kind = move.kind
        if kind == "draw":
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.draws[seat] += 1
            if card is self.bottom:
                self.bottom = None
                self.known.append(card)
                self.log.append(f"{name} drew the face-up cut card {card.name}, the last of the closed deck")
            else:
                self.log.append(f"{name} drew from the closed deck")
            self.phase_ = "play"
        elif kind == "take":
            card = self.discard.pop()
            self.hands[seat].append(card)
            self.draws[seat] += 1
            self.known.append(card)
            self.taken = card
            self.upcard = None
            self.log.append(f"{name} took {card.name} from the open deck")
            self.phase_ = "play"
        elif kind == "drop":
            assert self.drops is not None
            first = self.draws[seat] == 0
            pts = self.drops[0 if first else 1]
            self.in_deal[seat] = False
            self.deal_pts[seat] = pts
            self.notes[seat] = f"{'first' if first else 'middle'} drop"
            self.log.append(f"{name} dropped ({self.notes[seat]}, {pts})")
            self._after_leaving(seat)
        elif kind == "discard":
            real = self._take_from_hand(move.payload[1])
            self._to_open_deck(real)
            self.log.append(f"{name} discarded {real.name}")
            self._pass_turn()
        elif kind == "declare":
            own = move.payload[0] == "own"
            real = self._take_from_hand(move.payload[1])
            hand = self.hands[seat]
            verdict = (
                self._judge_own(hand, self._physical(hand, move.payload[2]))
                if own
                else self.best_grouping(hand, declaring=True)
            )
            self._declared(seat, real, verdict)
        elif kind == "show":
            hand = self.hands[seat]
            if move.payload == "show":
                verdict = self.best_grouping(hand)
            else:
                verdict = self._judge_own(hand, self._physical(hand, move.payload[2]))
            self._showed(seat, verdict)
        elif kind == "next":
            self._next_deal()
        elif kind in ("rejoin", "pass"):
            if kind == "rejoin":
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
        else:
            raise AssertionError(kind)

    @staticmethod
    def _physical(
        hand: Sequence[Card], shown: Sequence[tuple[Sequence[Card], Sequence[Card | None]]]
    ) -> list[tuple[tuple[Card, ...], tuple[Card | None, ...]]]:
        """The physical cards of ``hand`` that shown groups name (each card used once)."""
        pool = list(hand)
        out = []
        for cards, named in shown:
            phys = []
            for card in cards:
                k = next(i for i, h in enumerate(pool) if h.key == card.key)
                phys.append(pool.pop(k))
            out.append((tuple(phys), tuple(named)))
        return out

    def _to_open_deck(self, card: Card) -> None:
        self.discard.append(card)
        self.taken = None
        self.upcard = None
        self.known = [c for c in self.known if c is not card]

    def _pass_turn(self) -> None:
        """The next player still in the deal starts a turn; an empty closed deck is rebuilt
        first, or the deal is void."""
        if not self.stock:
            limit = self.rules.max_closed_deck_rebuilds
            if len(self.discard) < 2:
                self._end_deal(None, "the closed deck ran out with nothing to rebuild it from")
                return
            if limit and self.reshuffles >= limit:
                times = "once" if limit == 1 else f"{limit} times"
                self._end_deal(None, f"the closed deck ran out after being rebuilt {times}")
                return
            self._rebuild_stock(keep_top=True)
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
            self.deal_pts[seat] = self.wrong
            self.notes[seat] = "wrong show"
            self.log.append(f"{name} declared wrongly ({verdict.reason}): {self.wrong} points")
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
            self._score_show(s, self.best_grouping(self.hands[s]))
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
        fmt = self.rules.format
        pts = {s: self.deal_pts[s] or 0 for s in range(n) if self.active[s] and s != winner}
        if fmt == "points":
            value = self.rules.point_value
            row = [None] * n
            for s, p in pts.items():
                row[s] = -p * value
            row[winner] = sum(pts.values()) * value
        elif fmt == "deals":
            row = [None] * n
            for s, p in pts.items():
                row[s] = -p
            row[winner] = sum(pts.values())
        else:
            row = [None] * n
            for s, p in pts.items():
                row[s] = p
            row[winner] = 0
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
        if fmt == "points":
            self.result += f"; {self.players[winner]} collects {row[winner]}"
        elif fmt == "deals":
            self.result += f"; {self.players[winner]} wins {row[winner]} chips"
        self.result += "."
        self.log.append(self.result)
        limit = self.fmt.limit
        if limit:
            for s in range(n):
                if self.active[s] and self.total[s] >= limit:
                    self.active[s] = False
                    self.log.append(f"{self.players[s]} reaches {self.total[s]} and is out of the pool")
            alive = [s for s in range(n) if self.active[s]]
            if len(alive) == 1:
                self._finish((alive[0],), f"{self.players[alive[0]]} is the last player left below {limit}")
                return
        elif self.match_deals and self.deals_played >= self.match_deals:
            if fmt == "points":
                best = max(self.total)
                winners = tuple(s for s in range(n) if self.total[s] == best)
                self._finish(winners, self._fixed_reason("the most won"))
                return
            best = min(self.total) if fmt == "best_of_3_pool" else max(self.total)
            winners = tuple(s for s in range(n) if self.total[s] == best)
            if len(winners) == 1:
                what = "the lowest total" if fmt == "best_of_3_pool" else "the most chips"
                self._finish(winners, self._fixed_reason(what))
                return
            self.log.append("A tie for the lead: one more deal")
        self._prepare_next()

    def _fixed_reason(self, what: str) -> str:
        count = self.deals_played
        return f"after {count} deal{'s' if count != 1 else ''} {what} wins"

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

    # ------------------------------------------------------------------ views
    def _status(self) -> str:
        if self._outcome is not None:
            return f"Match over: {self._outcome.reason}."
        name = self.players[self.cur]
        ph = self.phase_
        if ph == "deal-over":
            return f"{self.result} {name}: play 'next' for deal {self.deal_no + 1}."
        if ph == "rejoin":
            return f"{name} is out of the pool: 'rejoin' on {self.rejoin_total} points, or 'pass'"
        if ph == "show":
            who = self.players[self.declarer] if self.declarer is not None else ""
            return (
                f"{who} declared. {name}: 'show' to accept the best grouping of your cards, or show your own"
            )
        if ph == "draw":
            options = "draw from the closed deck"
            if self._can_take():
                options += " or take the open card"
            if self.drops is not None:
                options += f", or drop ({self._drop_cost()})"
            return f"{name}: {options}"
        return f"{name}: discard a card, or declare with it when the other 13 are grouped"

    def _drop_cost(self) -> int:
        assert self.drops is not None
        return self.drops[0 if self.draws[self.cur] == 0 else 1]

    def _view(self, seat: int | None) -> PlayerView:
        facts: dict[str, str] = {"format": self.fmt.title}
        if self.match_deals:
            facts["match"] = f"deal {self.deals_played + 1} of {self.match_deals}"
        if self.wild_rank:
            facts["wild"] = f"{rank_word(self.wild_rank)}s (cut card {self.cut.name})"
        else:
            facts["wild"] = f"printed jokers only (cut card {self.cut.name})"
        if self.fmt.limit:
            facts["out at"] = str(self.fmt.limit)
        if self.rules.format == "points":
            facts["point value"] = str(self.rules.point_value)
        if self.rules.format == "deals":
            start = CHIPS_PER_DEAL * self.match_deals
            facts["chips"] = " · ".join(
                f"{p} {start + t}" for p, t in zip(self.players, self.total, strict=True)
            )
        if self.phase_ == "draw" and self.drops is not None:
            facts["drop now"] = str(self._drop_cost())
        if self.bottom is not None:
            facts["closed deck bottom"] = self.bottom.name
        if self.finish:
            facts["finish card"] = self.finish[0].name
        own: dict[str, str] = {}
        taken = self.taken
        if (
            seat == self.to_act
            and self.phase_ == "play"
            and taken
            and not self.rules.may_discard_taken_open_card
        ):
            own["taken"] = f"{taken.name} (keep it this turn)"
        view = self._make_view(seat, self._status(), facts, own)
        melds = tuple(
            MeldView(
                number=i + 1,
                owner=m.owner,
                kind=self._kind_word(m),
                cards=tuple(c.name for c in m.cards),
                stands_for=tuple(r.name for r in m.reps),
                text=str(m),
                value=0,
            )
            for i, m in enumerate(self.melds_)
        )
        wild = f"{rank_word(self.wild_rank)}s wild" if self.wild_rank else "jokers only"
        cut = FaceUpView(label="cut card", card=self.cut.name, note=wild)
        return view.model_copy(
            update={
                "melds": melds,
                "stock_label": "closed deck",
                "discard_label": "open deck",
                "face_up": (cut,),
            }
        )

    def _kind_word(self, meld: Meld) -> str:
        if meld.kind == RUN:
            return "pure sequence" if self.is_pure(meld) else "sequence"
        return "joker group" if meld.kind == JOKERS else "set"

    def _badges(self, seat: int) -> tuple[str, ...]:
        note = self.notes[seat]
        return tuple(
            b
            for b, on in (
                ("dealer", seat == self.dealer and self.phase_ not in ("deal-over", "match-over")),
                ("out of the pool", not self.active[seat] and bool(self.fmt.limit)),
                ("dropped", note.endswith("drop")),
                ("wrong show", note == "wrong show"),
                ("declared", note == "declared"),
            )
            if on
        )

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


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> IndianRummy:
    assert isinstance(rules, IndianRummyRules)
    return IndianRummy(players, rules, seed, deal)


RULES_TEXT = (files("cardtable.games.indian_rummy") / "rules.md").read_text(encoding="utf-8")
"""The rules text behind ``cardtable rules`` and the in-app rules screen (``rules.md``)."""

INDIAN_VERBS = (
    VerbSpec("declare", "e", "Declare", Takes.CARD, example="declare 9D", groups=True),
    VerbSpec("drop", "b", "Drop", example="drop"),
    VerbSpec("show", "v", "Show", example="show", groups=True),
    VerbSpec("rejoin", "j", "Rejoin", example="rejoin"),
)
"""This game's own verbs (a declaration may cost points, so it is never on the Enter key)."""

SPEC = register(
    GameSpec(
        id="indian-rummy",
        title="Indian Rummy",
        summary="13-card rummy with a cut wild joker: points, pool 101/201/61 and deals rummy.",
        min_players=2,
        max_players=6,
        rules_type=IndianRummyRules,
        factory=_factory,
        rules_text=RULES_TEXT,
        bot="cardtable.games.indian_rummy.bot",
        presets=PRESETS,
        notation=__doc__ or "",
        scoring=by_rule(
            "format", {"points": POINTS.named("points won"), "deals": POINTS.named("chips won")}, PENALTY
        ),
        verbs=verb_specs(IndianRummy.verbs, *INDIAN_VERBS),
    )
)

__all__ = ["FORMATS", "PRESETS", "SPEC", "IndianRummy", "IndianRummyRules", "Verdict", "meld_rules"]
