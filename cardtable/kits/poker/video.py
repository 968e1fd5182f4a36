"""Video poker with the joker: Joker Poker, Kings or Better (rules: ``shared/rules/joker-poker.md``
§7.10). Pay tables as data, the pay of a final hand, the exact value of every hold and the
exact return of a table with optimal play.

Public and stable (tools outside the project call these names): :data:`PAY_TABLES`,
:class:`PayTable`, :func:`payout`, :func:`hold_values`, :func:`video_return`.

>>> payout("7S 7H 7D 7C JK", "kings-full-pay", 5)      # JP-31: five of a kind
1000
>>> best, value = hold_values("AH KH QH JH 2C", "kings-full-pay")[0]   # JP-33
>>> " ".join(c.name for c in best), value
('AH KH QH JH', Fraction(955, 48))

How the exact values are counted. The machine always reads the joker fully wild. For every
set ``Y`` of at most five cards of the 53, ``F(Y)`` is the total pay of all 2,869,685
five-card hands that contain ``Y`` (built once per table and coin column with numpy: every
hand adds its pay to each of its 32 subsets). Holding ``S`` of a dealt hand ``H`` and
discarding ``D = H - S``, the draws are exactly the hands that contain ``S`` and no card of
``D``, so by inclusion-exclusion their total pay is ``Σ_{T ⊆ D} (-1)^|T| F(S ∪ T)``: 32
look-ups and a Möbius transform over the subsets of ``H``, instead of up to 1,712,304 draws.
Until that array exists, one hand's 32 values of ``F`` come without it: sets of up to two
cards from ``video_small_sums.json`` (by rank and suitedness, 197 classes a table and column),
larger sets by dealing out their 12,496 completions.
:func:`video_return` does the same for every deal at once (numpy, in blocks).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, combinations
from typing import Any, Final

from cardtable.engine.cards import Card, parse_cards

from .evaluator import _CATEGORY_SHIFT, Category, InvalidHand, card_code, evaluate, rank_values

# --- pay tables -------------------------------------------------------------------------

PAY_LINES: Final[tuple[str, ...]] = (
    "natural_royal",
    "five_kind",
    "wild_royal",
    "straight_flush",
    "four_kind",
    "full_house",
    "flush",
    "straight",
    "three_kind",
    "two_pair",
    "high_pair",
)
"""The paying lines of §7.10, high to low (``high_pair`` is the table's minimum pair)."""

_LINE_WORDS: Final = {
    "natural_royal": "Natural royal flush",
    "five_kind": "Five of a kind",
    "wild_royal": "Wild royal flush",
    "straight_flush": "Straight flush",
    "four_kind": "Four of a kind",
    "full_house": "Full house",
    "flush": "Flush",
    "straight": "Straight",
    "three_kind": "Three of a kind",
    "two_pair": "Two pair",
}

# Hand classes (table independent): 0 nothing, then pairs of kings and of aces apart, so that
# one class array serves kings-or-better and aces-or-better tables alike.
_NOTHING, _PAIR_K, _PAIR_A, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF, _WILD_ROYAL = range(11)
_FIVE_KIND, _NATURAL_ROYAL = 11, 12
_CLASSES: Final = 13


@dataclass(frozen=True)
class PayTable:
    """One machine's pay table: per-coin pays of each line (``pays``, in the order of
    :data:`PAY_LINES`), the natural royal's total at 5 coins (``royal_5``; at 1-4 coins it
    pays ``pays[0]`` per coin), and the lowest paying pair (13 kings, 14 aces).

    >>> t = PAY_TABLES["kings-full-pay"]
    >>> [t.pay(line, 5) for line in PAY_LINES]     # the 5-coin column of rkcryr
    [4000, 1000, 500, 250, 100, 35, 25, 15, 10, 5, 5]
    >>> t.pay("natural_royal", 4), t.min_pair_word
    (2000, 'kings')
    """

    name: str
    title: str
    pays: tuple[int, ...]
    royal_5: int
    min_pair: int = 13
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.pays) != len(PAY_LINES):
            raise ValueError(f"a pay table needs {len(PAY_LINES)} pays ({', '.join(PAY_LINES)})")
        if self.min_pair not in (13, 14):
            raise ValueError("the minimum pair must be 13 (kings) or 14 (aces)")

    def pay(self, line: str, coins: int) -> int:
        """Credits paid by ``line`` (one of :data:`PAY_LINES`) at ``coins`` coins."""
        _check_coins(coins)
        if line == "natural_royal" and coins == 5:
            return self.royal_5
        return self.pays[PAY_LINES.index(line)] * coins

    @property
    def min_pair_word(self) -> str:
        """``'kings'`` or ``'aces'``."""
        return "kings" if self.min_pair == 13 else "aces"

    def line_label(self, line: str) -> str:
        """A line's name on the machine's glass: ``'Kings or better'`` for the minimum pair."""
        if line == "high_pair":
            return f"{self.min_pair_word.capitalize()} or better"
        return _LINE_WORDS[line]

    def class_pays(self, coins: int) -> tuple[int, ...]:
        """Credits per hand class (internal order) at ``coins`` coins."""
        by_line = {line: self.pay(line, coins) for line in PAY_LINES}
        pair_k = by_line["high_pair"] if self.min_pair == 13 else 0
        return (
            0,
            pair_k,
            by_line["high_pair"],
            by_line["two_pair"],
            by_line["three_kind"],
            by_line["straight"],
            by_line["flush"],
            by_line["full_house"],
            by_line["four_kind"],
            by_line["straight_flush"],
            by_line["wild_royal"],
            by_line["five_kind"],
            by_line["natural_royal"],
        )


def _table(
    name: str, title: str, royal: int, royal_5: int, four: int, full: int, pair: int, src: str
) -> PayTable:
    return PayTable(name, title, (royal, 200, 100, 50, four, full, 5, 3, 2, 1, 1), royal_5, pair, src)


PAY_TABLES: Final[dict[str, PayTable]] = {
    t.name: t
    for t in (
        _table("kings-full-pay", "Kings or better, full pay", 500, 4000, 20, 7, 13, "wizardofvegas, rkcryr"),
        _table("kings-4700", "Kings or better, 4700 royal", 500, 4700, 20, 7, 13, "rkcryr"),
        _table("kings-18-7", "Kings or better, 18/7", 500, 4700, 18, 7, 13, "casinocitytimes"),
        _table("microgaming", "Microgaming", 750, 5000, 17, 7, 13, "optimalgambling, lv-victory"),
        _table("aces-9", "Aces or better, full house 9", 500, 4000, 20, 9, 14, "realmoneyaction"),
        _table("aces-8", "Aces or better, full house 8", 500, 4000, 20, 8, 14, "realmoneyaction"),
    )
}
"""The pay tables of §7.10 by name; ``"kings-full-pay"`` is the full-pay Kings or Better."""


def _check_coins(coins: int) -> None:
    if not isinstance(coins, int) or not 1 <= coins <= 5:
        raise ValueError(f"a bet is 1 to 5 coins, not {coins!r}")


def pay_table(table: PayTable | str) -> PayTable:
    """A :class:`PayTable` from itself or its name; an unknown name raises ``ValueError``
    listing the names."""
    if isinstance(table, PayTable):
        return table
    found = PAY_TABLES.get(table)
    if found is None:
        raise ValueError(f"no pay table named {table!r}; choose one of {', '.join(PAY_TABLES)}")
    return found


# --- one hand ---------------------------------------------------------------------------


def _class_of(value: int, has_joker: bool) -> int:
    """The hand class of a wild-joker value (:func:`rank_values`) and whether the joker is in."""
    category = value >> _CATEGORY_SHIFT
    top = (value >> 17) & 15  # first rank of the key: pair rank, straight top
    if category == Category.FIVE_OF_A_KIND:
        return _FIVE_KIND
    if category == Category.STRAIGHT_FLUSH:
        if top == 14:
            return _WILD_ROYAL if has_joker else _NATURAL_ROYAL
        return _SF
    if category == Category.ONE_PAIR:
        return _PAIR_A if top == 14 else _PAIR_K if top == 13 else _NOTHING
    return {
        Category.FOUR_OF_A_KIND: _QUADS,
        Category.FULL_HOUSE: _FULL,
        Category.FLUSH: _FLUSH,
        Category.STRAIGHT: _STRAIGHT,
        Category.THREE_OF_A_KIND: _TRIPS,
        Category.TWO_PAIR: _TWO_PAIR,
    }.get(Category(category), _NOTHING)


_CLASS_LINE: Final = {
    _PAIR_K: "high_pair",
    _PAIR_A: "high_pair",
    _TWO_PAIR: "two_pair",
    _TRIPS: "three_kind",
    _STRAIGHT: "straight",
    _FLUSH: "flush",
    _FULL: "full_house",
    _QUADS: "four_kind",
    _SF: "straight_flush",
    _WILD_ROYAL: "wild_royal",
    _FIVE_KIND: "five_kind",
    _NATURAL_ROYAL: "natural_royal",
}


def _five(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    hand = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
    if len(hand) != 5:
        raise InvalidHand(f"a video poker hand is five cards, not {len(hand)}")
    evaluate(hand, "wild")  # refuses a card twice or a card not in the 53-card deck
    return hand


def pay_line(cards: Sequence[Card] | str, table: PayTable | str) -> str | None:
    """The paying line of a final hand (one of :data:`PAY_LINES`), or None if it pays nothing.

    >>> pay_line("JK QS KS AS 10S", "kings-full-pay"), pay_line("KS KH 7C 4D 2S", "aces-9")
    ('wild_royal', None)
    """
    hand = _five(cards)
    t = pay_table(table)
    cls = _class_of(evaluate(hand, "wild").value, any(c.is_joker for c in hand))
    if cls == _PAIR_K and t.min_pair == 14:
        return None
    return _CLASS_LINE.get(cls)


def payout(cards: Sequence[Card] | str, table: PayTable | str, coins: int) -> int:
    """Credits the machine pays for a final hand of five cards at ``coins`` (1-5) coins bet,
    the joker read fully wild to pay most; a natural royal at 5 coins pays the table's
    5-coin bonus.

    >>> [payout(h, "kings-full-pay", 5) for h in (   # JP-31
    ...     "JK 5D 6D 7D 8D", "9S 9H 4D 4C JK", "JK 5C 6D 7S 9H", "3S 3H 8C 8D KS", "JK QH 8C 5D 2H")]
    [250, 35, 15, 5, 0]
    >>> payout("AH KH QH JH 10H", "kings-full-pay", 4), payout("AH KH QH JH 10H", "kings-full-pay", 5)
    (2000, 4000)
    """
    _check_coins(coins)
    t = pay_table(table)
    line = pay_line(cards, t)
    return 0 if line is None else t.pay(line, coins)


# --- the subset sums --------------------------------------------------------------------

_DECK_SIZE: Final = 53
_COMB: Final[list[list[int]]] = [[math.comb(n, r) for r in range(6)] for n in range(_DECK_SIZE + 1)]
_OFFSET: Final[tuple[int, ...]] = tuple(sum(math.comb(_DECK_SIZE, j) for j in range(k)) for k in range(7))
_SUBSETS: Final = _OFFSET[6]  # every set of 0-5 cards of the 53: 3,162,510
_DRAWS: Final[tuple[int, ...]] = tuple(math.comb(48, 5 - k) for k in range(6))  # by cards held
_LCM: Final = math.lcm(*_DRAWS)
_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(5) if m >> i & 1) for m in range(32)
)
_HANDS_TOTAL: Final = math.comb(_DECK_SIZE, 5)

_cache: dict[str, Any] = {}
_sums: dict[tuple[PayTable, bool], Any] = {}
_returns: dict[PayTable, Fraction] = {}


def _np() -> Any:
    # imported only when the maths runs: the picker and the table start without numpy
    import numpy

    return numpy


def _all_hands() -> tuple[Any, Any]:
    """Every five-card hand of codes 0-52 (ascending within a hand, int64 n×5) and its class."""
    if "hands" not in _cache:
        np = _np()
        flat = np.fromiter(
            chain.from_iterable(combinations(range(_DECK_SIZE), 5)), dtype=np.int8, count=5 * _HANDS_TOTAL
        )
        hands = flat.reshape(_HANDS_TOTAL, 5)
        values = rank_values(combinations(range(_DECK_SIZE), 5), "wild")
        lookup: dict[tuple[int, bool], int] = {}
        for value in set(values):
            lookup[(value, False)] = _class_of(value, False)
            lookup[(value, True)] = _class_of(value, True)
        # combinations() lists the hands with the joker (code 52, always last) in the same
        # order as `hands`; a royal with the joker is wild
        joker = hands[:, 4] == 52
        classes = np.fromiter(
            (lookup[(v, bool(j))] for v, j in zip(values, joker.tolist(), strict=True)),
            dtype=np.int8,
            count=_HANDS_TOTAL,
        )
        _cache["hands"] = hands.astype(np.int64)
        _cache["classes"] = classes
    return _cache["hands"], _cache["classes"]


def _subset_index(hands: Any, positions: tuple[int, ...]) -> Any:
    """Index in the subset-sum array of the cards at ``positions`` of each (sorted) hand."""
    np = _np()
    comb = np.asarray(_COMB, dtype=np.int64)
    index = np.full(len(hands), _OFFSET[len(positions)], dtype=np.int64)
    for i, p in enumerate(positions):
        index += comb[hands[:, p], i + 1]
    return index


def _subset_sums(table: PayTable, five_coins: bool, fresh: bool = False) -> Any:
    """``F``: for every set of 0-5 cards, the total pay (per coin at 1-4 coins, or credits at
    5 coins) of the five-card hands that contain it. Built once per table and column (a few
    seconds) and kept in the data folder (``video-poker-sums-*.npy``, 25 MB each)."""
    key = (table, five_coins)
    if fresh or key not in _sums:
        np = _np()
        path = _sums_path(table, five_coins)
        try:  # built before and kept in the data folder: loads in a fraction of a second
            if fresh:
                raise OSError("computing from scratch")
            found = np.load(path)
            if found.shape == (_SUBSETS,) and found.dtype == np.int64:
                _sums[key] = found
                return found
        except (OSError, ValueError):
            pass
        hands, classes = _all_hands()
        pays = np.asarray(table.class_pays(5 if five_coins else 1), dtype=np.float64)[classes]
        total = np.zeros(_SUBSETS, dtype=np.float64)  # sums stay below 2**53: exact
        for positions in _MASKS:
            total += np.bincount(_subset_index(hands, positions), weights=pays, minlength=_SUBSETS)
        _sums[key] = total.astype(np.int64)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp.npy")
            np.save(tmp, _sums[key])
            tmp.replace(path)  # whole or absent, never half written
        except OSError:
            pass  # a read-only data folder only costs the build next time
    return _sums[key]


def _sums_path(table: PayTable, five_coins: bool) -> Any:
    """Where the data folder keeps a table's subset sums."""
    return _cache_file().with_name(f"video-poker-sums-{_digest(table)}-{5 if five_coins else 1}.npy")


def _index(codes: Sequence[int]) -> int:
    comb = _COMB
    return _OFFSET[len(codes)] + sum(comb[c][i + 1] for i, c in enumerate(codes))


# --- the sums of one hand's subsets, without the global array ------------------------------


def _small_key(codes: Sequence[int]) -> str:
    """The symmetry class of a set of at most two cards: the pay of the hands that contain it
    depends only on its ranks, the joker and whether two cards share a suit."""
    naturals = sorted(c % 13 for c in codes if c != 52)
    joker = "J" if 52 in codes else ""
    suited = "s" if len(naturals) == 2 and len({c // 13 for c in codes if c != 52}) == 1 else ""
    return ",".join(map(str, naturals)) + joker + suited


def _small_representatives() -> dict[str, tuple[int, ...]]:
    """One set of cards per class of :func:`_small_key` (spades first, then hearts)."""
    out: dict[str, tuple[int, ...]] = {"": (), "J": (52,)}
    for a in range(13):
        out[_small_key((a,))] = (a,)
        out[_small_key((a, 52))] = (a, 52)
        for b in range(a, 13):
            out[_small_key((a, 13 + b))] = (a, 13 + b)
            if b != a:
                out[_small_key((a, b))] = (a, b)
    return out


def _small_sums_file() -> Any:
    from importlib.resources import files

    return files("cardtable.kits.poker") / "video_small_sums.json"


def _small_sums(table: PayTable, five_coins: bool) -> dict[str, int] | None:
    """``F`` of every class of sets of at most two cards, from the package's
    ``video_small_sums.json`` (written with the returns by :func:`write_packaged_returns`),
    or None for a table it does not hold."""
    if "small" not in _cache:
        try:
            _cache["small"] = json.loads(_small_sums_file().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _cache["small"] = {}
    found = _cache["small"].get(f"{_fingerprint(table)};{5 if five_coins else 1}")
    return found if isinstance(found, dict) else None


def _direct_sums(codes: Sequence[int], table: PayTable, five_coins: bool, small: dict[str, int]) -> list[int]:
    """``F`` of the 32 subsets of one sorted hand (in :data:`_MASKS` order): sets of up to two
    cards from ``small``, larger ones by dealing out their 12,496 completions (milliseconds,
    against the seconds the global array costs to build)."""
    pays = table.class_pays(5 if five_coins else 1)
    classes: dict[tuple[int, bool], int] = {}
    out: list[int] = []
    for positions in _MASKS:
        held = [codes[i] for i in positions]
        if len(held) <= 2:
            out.append(small[_small_key(held)])
            continue
        rest = [c for c in range(_DECK_SIZE) if c not in held]
        total = 0
        has_joker = 52 in held
        for value, extra in zip(
            rank_values([(*held, *more) for more in combinations(rest, 5 - len(held))], "wild"),
            combinations(rest, 5 - len(held)),
            strict=True,
        ):
            joker = has_joker or 52 in extra
            cls = classes.get((value, joker))
            if cls is None:
                cls = classes[(value, joker)] = _class_of(value, joker)
            total += pays[cls]
        out.append(total)
    return out


def hold_values(
    hand: Sequence[Card] | str, table: PayTable | str = "kings-full-pay", coins: int = 5
) -> list[tuple[tuple[Card, ...], Fraction]]:
    """The exact expected pay **per coin** of each of the 32 holds of a dealt hand, at
    ``coins`` coins (only the natural royal differs at 5), best first; equal values keep
    "more cards held first, then left to right". Held cards keep the hand's order.
    Multiply by the coins for the expected win. For the tables of :data:`PAY_TABLES` the
    hand's subset sums are counted directly (about 10 ms, no set-up); once the global array of
    a table and coin column exists (built by :func:`video_return`, or kept in the data
    folder) a call reads it in well under a millisecond. Another table builds its array on
    the first call (a few seconds).

    >>> values = dict(hold_values("AH KH QH JH 2C"))    # JP-33
    >>> values[tuple(parse_cards("AH KH QH JH"))], values[tuple(parse_cards("AH KH QH JH 2C"))]
    (Fraction(955, 48), Fraction(0, 1))
    >>> hold_values("AH KH QH JH 2C", coins=1)[0][1]      # 500 for the royal: 655/48
    Fraction(655, 48)
    """
    _check_coins(coins)
    cards = _five(hand)
    t = pay_table(table)
    order = sorted(range(5), key=lambda i: card_code(cards[i]))
    codes = [card_code(cards[i]) for i in order]
    # n[m]: F of the subset of the hand at sorted positions m (from the global array once it
    # is built or kept, else directly for this hand); then the Möbius transform turns "hands
    # containing Y" into "hands containing S and none of the rest"
    small = (
        None if (t, coins == 5) in _sums or _sums_path(t, coins == 5).exists() else _small_sums(t, coins == 5)
    )
    if small is not None:
        n = _direct_sums(codes, t, coins == 5, small)
    else:
        sums = _subset_sums(t, coins == 5)
        n = [int(sums[_index([codes[i] for i in positions])]) for positions in _MASKS]
    for bit in (1, 2, 4, 8, 16):
        for m in range(32):
            if not m & bit:
                n[m] -= n[m | bit]
    per_coin = 5 if coins == 5 else 1  # the 5-coin sums are credits for 5 coins
    results: list[tuple[Fraction, int, tuple[int, ...]]] = []
    for m, positions in enumerate(_MASKS):
        held = tuple(sorted(order[i] for i in positions))
        value = Fraction(n[m], _DRAWS[len(positions)] * per_coin)
        results.append((value, len(held), held))
    results.sort(key=lambda r: (-r[0], -r[1], r[2]))
    return [(tuple(cards[i] for i in held), value) for value, _, held in results]


# --- the return of a table --------------------------------------------------------------

_BLOCK: Final = 200_000


def _compute_return(table: PayTable, fresh: bool = False) -> Fraction:
    np = _np()
    hands, _ = _all_hands()
    sums = _subset_sums(table, True, fresh)
    # the value of a hold as an integer: its total pay scaled to the common denominator
    scale = [_LCM // _DRAWS[len(p)] for p in _MASKS]
    total = 0
    for start in range(0, _HANDS_TOTAL, _BLOCK):
        block = hands[start : start + _BLOCK]
        n = [sums[_subset_index(block, positions)] for positions in _MASKS]
        for bit in (1, 2, 4, 8, 16):
            for m in range(32):
                if not m & bit:
                    n[m] = n[m] - n[m | bit]
        best = n[0] * scale[0]
        for m in range(1, 32):
            best = np.maximum(best, n[m] * scale[m])
        total += int(best.sum(dtype=np.int64))
    return Fraction(total, _LCM * _HANDS_TOTAL * 5)


def _digest(table: PayTable) -> str:
    import hashlib

    return hashlib.sha256(_fingerprint(table).encode()).hexdigest()[:16]


def _fingerprint(table: PayTable) -> str:
    return f"{','.join(map(str, table.pays))};{table.royal_5};{table.min_pair}"


def _cache_file() -> Any:
    from cardtable.engine.saves import data_dir

    return data_dir() / "video-poker-returns.json"


def cached_return(table: PayTable | str) -> Fraction | None:
    """The table's return if already known, else None; never computes. Looked up in this
    process, then in the package's ``video_returns.json`` (written by
    :func:`write_packaged_returns`, so the picker shows every table's return at once), then in
    the data folder's cache file."""
    t = pay_table(table)
    if t in _returns:
        return _returns[t]
    for source in (_packaged_file, _cache_file):
        try:
            stored = json.loads(source().read_text(encoding="utf-8"))
            value = Fraction(stored[_fingerprint(t)])
        except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
            continue
        _returns[t] = value
        return value
    return None


def _packaged_file() -> Any:
    from importlib.resources import files

    return files("cardtable.kits.poker") / "video_returns.json"


def write_packaged_returns() -> dict[str, str]:
    """Compute every table of :data:`PAY_TABLES` from scratch and write the results to the
    package's ``video_returns.json`` (run ``uv run python -m cardtable.kits.poker.video``
    after changing a table; a test recomputes the file's figures). Returns what it wrote."""
    stored = {_fingerprint(t): str(_compute_return(t, fresh=True)) for t in PAY_TABLES.values()}
    from pathlib import Path

    text = json.dumps(stored, indent=1, sort_keys=True) + "\n"
    Path(str(_packaged_file())).write_text(text, encoding="utf-8")
    _write_small_sums()
    return stored


def _write_small_sums() -> None:
    """Write ``video_small_sums.json``: ``F`` of each class of sets of at most two cards for
    every table of :data:`PAY_TABLES` and both coin columns (what a first hint needs)."""
    from pathlib import Path

    small = {
        f"{_fingerprint(t)};{5 if five else 1}": {
            key: int(_subset_sums(t, five)[_index(codes)]) for key, codes in _small_representatives().items()
        }
        for t in PAY_TABLES.values()
        for five in (True, False)
    }
    text = json.dumps(small, sort_keys=True, separators=(",", ":")) + "\n"
    Path(str(_small_sums_file())).write_text(text, encoding="utf-8")
    _cache.pop("small", None)


def video_return(table: PayTable | str, *, use_cache: bool = True) -> Fraction:
    """The exact return per coin of a pay table with optimal play at 5 coins: the average
    over all 2,869,685 deals of the best hold's expected pay, divided by the 5 coins bet.

    Computed from scratch in about ten seconds; the answer is kept in this process and in
    ``video-poker-returns.json`` in the data folder (keyed by the table's pays, so an edited
    table is computed afresh). ``use_cache=False`` computes it again from scratch (the
    subset sums included) and ignores every cache.

    >>> r = video_return("kings-full-pay")      # doctest: +SKIP
    >>> f"{float(r):.4%}"                        # doctest: +SKIP
    '100.6480%'
    """
    t = pay_table(table)
    if use_cache:
        known = cached_return(t)
        if known is not None:
            return known
    value = _compute_return(t, fresh=not use_cache)
    if not use_cache:
        return value
    _returns[t] = value
    path = _cache_file()
    try:
        stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(stored, dict):
            stored = {}
    except (OSError, ValueError):
        stored = {}
    stored[_fingerprint(t)] = str(value)
    try:
        from cardtable.engine.saves import write_atomic

        write_atomic(path, json.dumps(stored, indent=1, sort_keys=True))
    except OSError:
        pass  # a read-only data folder only costs a recomputation next time
    return value


def percent(value: Fraction, places: int = 4) -> str:
    """A return as a percentage with ``places`` decimals (§7.10 asks four), rounded half up.

    >>> percent(Fraction(1006480, 1000000)), percent(Fraction(2, 3))
    ('100.6480%', '66.6667%')
    """
    scaled = value * 100 * 10**places
    whole = math.floor(scaled + Fraction(1, 2))
    return f"{whole // 10**places}.{whole % 10**places:0{places}d}%"


if __name__ == "__main__":
    for key, value in write_packaged_returns().items():
        print(key, percent(Fraction(value)), value)
