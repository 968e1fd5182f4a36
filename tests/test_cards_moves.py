"""Card and move notation, Move equality, and decks."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from cardtable.engine import (
    JOKER,
    SUITS,
    Card,
    InvalidNotation,
    Move,
    card_of,
    make_deck,
    parse_card,
    parse_cards,
    parse_move,
)

# ---------------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("7H 10s qd JK", ["7H", "10S", "QD", "JK"]),
        ("10H TH th 10h tH", ["10H"] * 5),
        ("7♥ 7♡ 7♦ 7♢ 7♠ 7♤ 7♣ 7♧", ["7H", "7H", "7D", "7D", "7S", "7S", "7C", "7C"]),
        ("a♠ AS as 1s", ["AS"] * 4),
        ("jk JK Jk jK joker", ["JK"] * 5),
        ("jh Qc kD", ["JH", "QC", "KD"]),
        ("7H,8H, 9H ,10H", ["7H", "8H", "9H", "10H"]),
        ("  2d   3d\t4d\n5d ", ["2D", "3D", "4D", "5D"]),
        ("", []),
    ],
)
def test_parse_cards_accepts(text: str, names: list[str]) -> None:
    assert [c.name for c in parse_cards(text)] == names


def test_parse_cards_takes_a_token_list_and_pack_numbers() -> None:
    assert [c.name for c in parse_cards(["t♥", "JK"])] == ["10H", "JK"]
    second = parse_card("7H#2")
    assert second == parse_card("7H") and second.copy == 1 and second.label == "7H#2"
    assert parse_card("JK#3").is_joker and parse_card("JK#3").copy == 2


def test_parsed_cards_are_canonical_and_named_the_same_way() -> None:
    for rank in range(1, 14):
        for suit in SUITS:
            card = card_of(rank, suit)
            assert parse_card(card.name) is card
            assert parse_card(card.name.lower()) is card
    assert parse_card("JK") is JOKER


@pytest.mark.parametrize(
    "bad",
    ["1Z", "17H", "H7", "7", "ZZ", "0H", "10", "JKX", "7HH", "♥7", "K", "7H#0", "7H#x", "7H#", "=", "#2"],
)
def test_parse_cards_rejects_bad_tokens_naming_them(bad: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_cards(f"7H {bad} 9H")
    assert repr(bad) in str(info.value), str(info.value)


def test_the_first_bad_token_is_the_one_named() -> None:
    with pytest.raises(InvalidNotation, match="'XX'"):
        parse_cards("7H XX YY")


def test_card_properties() -> None:
    seven, ten, joker = parse_cards("7h T♠ jk")
    assert (seven.rank, seven.suit, seven.is_red, seven.is_joker) == (7, "H", True, False)
    assert (ten.rank, ten.suit, ten.is_red, str(ten)) == (10, "S", False, "10S")
    assert joker.is_joker and joker.rank == 0 and joker.suit == "" and str(joker) == "JK"
    with pytest.raises(AttributeError):
        seven.rank = 8  # type: ignore[misc]
    with pytest.raises(InvalidNotation):
        Card(17, "H")  # 14-16 are the plain 11, 12 and 13
    with pytest.raises(InvalidNotation):
        Card(7, "Z")
    assert Card(7, "X").name == "7X"  # stars, Five Crowns' fifth suit


def test_cards_pickle_with_their_identity() -> None:
    deck = make_deck(2, 4)
    card = deck[60]
    back = pickle.loads(pickle.dumps(card))
    assert back == card and (back.id, back.copy, back.label) == (card.id, card.copy, card.label)


# ---------------------------------------------------------------------------- decks


@pytest.mark.parametrize(("packs", "jokers"), [(1, 0), (1, 2), (2, 0), (2, 4), (3, 3)])
def test_make_deck(packs: int, jokers: int) -> None:
    deck = make_deck(packs, jokers)
    assert len(deck) == 52 * packs + jokers
    assert [c.id for c in deck] == list(range(len(deck))), "ids are distinct, in deck order"
    assert len({c.label for c in deck}) == len(deck), "every physical card has its own label"
    by_rules = Counter(c.name for c in deck)
    assert by_rules["JK"] == jokers or (jokers == 0 and "JK" not in by_rules)
    naturals = {name: n for name, n in by_rules.items() if name != "JK"}
    assert len(naturals) == 52 and set(naturals.values()) == {packs}
    for card in deck:
        twins = [c for c in deck if c == card]
        assert len(twins) == (jokers if card.is_joker else packs)
        assert len({c.id for c in twins}) == len(twins), "equal for the rules, distinct physically"
        assert all(hash(c) == hash(card) for c in twins)
        assert sorted(c.copy for c in twins) == list(range(len(twins)))
    assert make_deck(packs, jokers) is deck, "the same arguments give the same deck"


def test_two_pack_duplicates_compare_equal_but_are_distinct_cards() -> None:
    deck = make_deck(2, 4)
    first, second = deck[0], deck[52]
    assert first == second and hash(first) == hash(second)
    assert first is not second and first.id != second.id
    assert (first.label, second.label) == ("AS", "AS#2")
    assert len(set(deck)) == 53, "a set of cards keeps one per rank and suit (jokers: one)"


# ---------------------------------------------------------------------------- moves


def test_simple_verbs() -> None:
    for verb in ("draw", "take", "cancel", "next", "drop"):
        move = parse_move(f"  {verb.upper()} ")
        assert (move.kind, move.cards, move.target, move.groups, move.flags) == (verb, (), None, (), ())
        assert str(move) == verb


def test_discard_and_play_with_a_flag() -> None:
    move = parse_move("Discard   qd")
    assert move.kind == "discard" and [c.name for c in move.cards] == ["QD"] and str(move) == "discard QD"
    played = parse_move("play QH call")
    assert played.flags == ("call",) and [c.name for c in played.cards] == ["QH"]
    assert str(played) == "play QH call"
    assert parse_move("play QH CALL") == played
    assert parse_move("play QH") != played


def test_meld_groups_with_slashes() -> None:
    for text in ("meld 7H 8H 9H / KS KD KC", "meld 7h 8h 9h/ks kd kc", "MELD 7H 8H 9H /KS KD KC"):
        move = parse_move(text)
        assert move.kind == "meld"
        assert [[c.name for c in g.cards] for g in move.groups] == [["7H", "8H", "9H"], ["KS", "KD", "KC"]]
        assert all(g.kind == "meld" for g in move.groups)
        assert str(move) == "meld 7H 8H 9H / KS KD KC"
        assert [str(g) for g in move.split()] == ["meld 7H 8H 9H", "meld KS KD KC"]
    single = parse_move("meld 7H 8H 9H")
    assert single.groups == () and single.split() == (single,)
    for bad in ("meld 7H 8H 9H / ", "meld / 7H 8H 9H", "meld 7H 8H 9H // KS KD KC"):
        with pytest.raises(InvalidNotation, match="empty group"):
            parse_move(bad)


def test_layoff_and_swap_take_a_meld_number() -> None:
    move = parse_move("LAYOFF 2 t♥")
    assert (move.kind, move.target, [c.name for c in move.cards]) == ("layoff", 2, ["10H"])
    assert str(move) == "layoff 2 10H"
    swap = parse_move("swap 12 8h")
    assert (swap.kind, swap.target, str(swap)) == ("swap", 12, "swap 12 8H")
    for bad, needle in (
        ("layoff two 7H", "'two'"),
        ("layoff", "nothing"),
        ("swap 7H", "'7H'"),
        ("layoff 0 7H", "from 1"),
    ):
        with pytest.raises(InvalidNotation, match=needle):
            parse_move(bad)
    with pytest.raises(InvalidNotation, match="'2'"):
        parse_move("discard 2 7H")  # only layoff and swap take a number: here '2' is a bad card


def test_wild_naming() -> None:
    move = parse_move("meld KS KD JK=KC")
    assert [c.name for c in move.cards] == ["KS", "KD", "JK"]
    assert [n.name if n else None for n in move.named] == [None, None, "KC"]
    assert move.tokens() == ["KS", "KD", "JK=KC"]
    assert str(move) == "meld KS KD JK=KC"
    assert str(parse_move("layoff 3 jk=10h")) == "layoff 3 JK=10H"
    grouped = parse_move("meld 7H JK=8H 9H / QS QD JK=QC")
    assert [g.tokens() for g in grouped.groups] == [["7H", "JK=8H", "9H"], ["QS", "QD", "JK=QC"]]
    with pytest.raises(InvalidNotation, match="not a joker"):
        parse_move("meld KS KD JK=JK")
    with pytest.raises(InvalidNotation, match="'KZ'"):
        parse_move("meld KS KD JK=KZ")
    assert str(parse_move("meld KS KD JK=KX")) == "meld KS KD JK=KX"  # a star: see build_meld
    assert parse_move("meld KS KD JK=KC") != parse_move("meld KS KD JK=KH")
    assert parse_move("meld KS KD JK=KC") != parse_move("meld KS KD JK")


@pytest.mark.parametrize("bad", ["", "   ", "42", "7H draw", "-draw", "draw!"])
def test_bad_moves(bad: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_move(bad)


def test_parse_move_refuses_non_text() -> None:
    with pytest.raises(InvalidNotation):
        parse_move(7)  # type: ignore[arg-type]


def test_notation_round_trips() -> None:
    for text in (
        "draw",
        "discard 10S",
        "meld AH 2H 3H",
        "meld 7H 7S JK=7D",
        "meld 7H 8H 9H / KS KD KC / 2C 3C 4C",
        "layoff 2 JK=10H",
        "swap 1 8H",
        "play QH call",
    ):
        move = parse_move(text)
        assert str(move) == text
        again = parse_move(str(move))
        assert again == move and hash(again) == hash(move) and str(again) == text


# ---------------------------------------------------------------------------- equality


def test_meld_equality_ignores_card_order() -> None:
    a, b = parse_move("meld 7H 8H 9H"), parse_move("meld 9h 7H 8♥")
    assert a == b and hash(a) == hash(b) and a.key == b.key
    assert len({a, b}) == 1
    assert parse_move("meld JK=7D 7H 7S") == parse_move("meld 7S 7H JK=7D")
    assert parse_move("meld 7H 8H 9H / KS KD KC") == parse_move("meld KC KS KD / 9H 7H 8H")
    assert parse_move("meld 7H 8H 9H / KS KD KC") != parse_move("meld 7H 8H 9H KS KD KC")


def test_moves_that_differ_are_unequal() -> None:
    base = parse_move("meld 7H 8H 9H")
    for other in ("meld 7H 8H 10H", "meld 7H 8H", "meld 7H 8H 9H 9H", "discard 7H", "layoff 1 7H"):
        assert base != parse_move(other), other
    assert parse_move("layoff 1 7H") != parse_move("layoff 2 7H")
    assert parse_move("discard 7H") != parse_move("discard 7D")
    assert parse_move("discard 7H") == parse_move("discard 7H#2"), "packs do not matter to moves"


def test_move_compares_with_text() -> None:
    move = parse_move("meld 7H 8H 9H")
    assert move == "meld 9H 8H 7H"
    assert move != "meld 9H 8H 6H"
    assert move != "not a ZZ move", "bad notation compares unequal instead of raising"
    assert move != 7


def test_moves_built_directly_equal_parsed_ones() -> None:
    built = Move("meld", parse_cards("9H 8H 7H"))
    assert built == parse_move("meld 7H 8H 9H")
    assert str(built) == "meld 9H 8H 7H"
    assert Move("layoff", parse_cards("JK"), (card_of(10, "H"),), 2) == parse_move("layoff 2 JK=10H")
    assert repr(parse_move("draw")) == "Move('draw')"


def test_plain_ranks_above_ten_parse_and_stay_apart_from_the_court_cards() -> None:
    from cardtable.engine.cards import ELEVEN, THIRTEEN, TWELVE, make_pack

    eleven, twelve, thirteen, jack = parse_cards("11H 12h 13♥ JH")
    assert (eleven.rank, twelve.rank, thirteen.rank, jack.rank) == (ELEVEN, TWELVE, THIRTEEN, 11)
    assert [c.name for c in (eleven, twelve, thirteen)] == ["11H", "12H", "13H"]
    assert len({eleven, twelve, thirteen, jack}) == 4
    assert parse_cards(" ".join(c.name for c in (eleven, twelve, thirteen))) == (eleven, twelve, thirteen)
    # Five Hundred's six-player pack: 11s and 12s in every suit, 13s in the red suits
    ranks = {
        s: [*range(1, 14), ELEVEN, TWELVE, *([THIRTEEN] if s in "HD" else [])] for s in ("S", "H", "D", "C")
    }
    pack = make_pack(ranks, jokers=1)
    assert len(pack) == 63
    assert [c.id for c in pack] == list(range(len(pack)))
