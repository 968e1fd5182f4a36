"""The meld itself: :class:`Meld`, what makes one valid in a game (:class:`MeldRules`)
and the run-position helper. Building, changing and listing melds: the
:mod:`cardtable.kits.rummy.melds` module, where the public names are imported from."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.engine.cards import (
    JOKER_RANK,
    Card,
)

RUN = "run"
SET = "set"


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What makes a valid meld in one game.

    >>> MeldRules(max_wilds=2).max_wilds
    2
    """

    ace_low: bool = True
    """A-2-3 is a run."""
    ace_high: bool = True
    """Q-K-A is a run (never K-A-2)."""
    max_wilds: int = 1
    """Most wild cards in one meld."""
    set_max: int = 4
    """Most cards in a set."""
    set_distinct_suits: bool = True
    """A set may not repeat a suit (checked on suit, not on the physical card)."""
    min_size: int = 3
    """Fewest cards in a meld."""
    wild_ranks: frozenset[int] = field(default_factory=frozenset)
    """Ranks that are wild besides printed jokers (Indian Rummy's cut card, 3-13's round)."""
    allow_all_wild: bool = False
    """A meld made only of wild cards is allowed."""
    name_set_wilds: bool = True
    """A wild in a set must be named when its suit is not forced (Scala 40)."""
    ace_both_ends: str = "wild"
    """A run from the low ace to the high ace (all 14 places): ``"wild"`` allows it when a
    wild card is one of the two aces (never two natural aces); ``"never"`` refuses it (a run
    holds at most 13 cards); ``"natural"`` allows it, with two natural aces too."""
    run_wilds_le_naturals: bool = False
    """A run may hold no more wild cards than natural cards."""
    set_wilds_le_naturals: bool = False
    """A set may hold no more wild cards than natural cards."""
    run_wilds_apart: bool = False
    """No two wild cards may sit side by side in a run."""
    min_rank: int = 1
    """The lowest rank in the deck: a run (and a wild in it) never goes below it (3 in Five
    Crowns, which has no aces or 2s)."""
    stars: bool = False
    """The deck has Five Crowns' fifth suit, stars (``X``); without it no wild card may be
    named as a star."""
    runs_any_suit: bool = False
    """A run may mix suits (consecutive ranks, any suit each; 3-13's house rule for small
    children). Its wild cards stand for the rank of their place in the suit of the run's
    first natural card (``Meld.suit``). :func:`enumerate_melds` still lists one-suit runs only."""

    @property
    def lo_min(self) -> int:
        """The lowest run position (1 with a low ace, else 2; never below ``min_rank``)."""
        return max(self.min_rank, 1 if self.ace_low else 2)

    @property
    def hi_max(self) -> int:
        """The highest run position (14 with a high ace, else 13)."""
        return 14 if self.ace_high else 13

    def is_wild(self, card: Card) -> bool:
        """Whether a card may stand in for another."""
        return card.rank == JOKER_RANK or card.rank in self.wild_ranks


def rank_at(position: int) -> int:
    """The rank at a run position: 14 is the high ace."""
    return 1 if position == 14 else position


class Meld:
    """A meld on the table (or proposed): immutable; lay-offs and swaps make new ones.

    ``cards`` are physical cards (runs in ascending order), ``reps`` what each stands
    for, ``lo`` the position of a run's first card, ``owner`` the seat that laid it.
    """

    __slots__ = ("cards", "kind", "lo", "owner", "rank", "reps", "suit")

    kind: str
    cards: tuple[Card, ...]
    reps: tuple[Card, ...]
    suit: str
    rank: int
    lo: int
    owner: int

    def __init__(
        self,
        kind: str,
        cards: tuple[Card, ...],
        reps: tuple[Card, ...],
        *,
        suit: str = "",
        rank: int = 0,
        lo: int = 0,
        owner: int = -1,
    ) -> None:
        self.kind = kind
        self.cards = cards
        self.reps = reps
        self.suit = suit
        self.rank = rank
        self.lo = lo
        self.owner = owner

    @property
    def hi(self) -> int:
        """The position of a run's last card."""
        return self.lo + len(self.cards) - 1

    def positions(self) -> range:
        """Run positions of the cards (empty for a set)."""
        return range(self.lo, self.lo + len(self.cards)) if self.kind == RUN else range(0)

    def wild_count(self, rules: MeldRules) -> int:
        """How many cards are acting as wilds (a wild-rank card in its own place is natural)."""
        return sum(1 for c, r in zip(self.cards, self.reps, strict=True) if c != r)

    def tokens(self) -> list[str]:
        """The meld in move notation, one token a card (wilds named where not obvious)."""
        pairs = list(zip(self.cards, self.reps, strict=True))
        last = len(pairs) - 1
        wilds = sum(1 for c, r in pairs if c != r)
        # A lone wild in a set of four can only be the missing suit: no need to name it.
        forced_set = self.kind == SET and len(pairs) == 4 and wilds == 1
        out: list[str] = []
        for i, (c, r) in enumerate(pairs):
            obvious = c == r or (self.kind == RUN and 0 < i < last) or forced_set
            out.append(c.name if obvious else f"{c.name}={r.name}")
        return out

    def __str__(self) -> str:
        parts = [
            c.name if c == r else f"{c.name}(={r.name})" for c, r in zip(self.cards, self.reps, strict=True)
        ]
        return "[" + " ".join(parts) + "]"

    def __repr__(self) -> str:
        return f"Meld({self})"

    def replace(self, *, cards: tuple[Card, ...] | None = None, owner: int | None = None) -> Meld:
        """This meld with other physical cards (standing for the same cards) or another owner.

        >>> from cardtable.engine.cards import parse_cards
        >>> m = Meld(SET, parse_cards("7H 7S 7D"), parse_cards("7H 7S 7D"), rank=7)
        >>> m.replace(owner=1).owner, m.replace(owner=1).same(m)
        (1, False)
        """
        return Meld(
            self.kind,
            self.cards if cards is None else cards,
            self.reps,
            suit=self.suit,
            rank=self.rank,
            lo=self.lo,
            owner=self.owner if owner is None else owner,
        )

    def same(self, other: Meld) -> bool:
        """Equal for the rules: same kind, same cards standing for the same cards."""
        return (
            self.kind == other.kind
            and self.cards == other.cards
            and self.reps == other.reps
            and self.owner == other.owner
        )
