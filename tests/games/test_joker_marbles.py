"""Joker (marbles): every conformance case of ``shared/rules/joker-marbles.md`` (M-13 .. M-41),
the notation, the toggles and presets, and bad input refused with the rule in words."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import IllegalMove, InvalidNotation, InvalidRules, get, new_game, replay
from cardtable.games.joker_marbles.game import JokerMarbles

PLAYERS4 = ["Ann", "Bob", "Cat", "Dan"]


def game(
    marbles: dict[str, str],
    hand: str,
    stock: str = "",
    rules: dict[str, Any] | None = None,
    players: int = 4,
    first: int = 0,
) -> JokerMarbles:
    """Seat ``first`` to act with ``hand`` (after its draw, under draw-then-play: the stock's
    first card is drawn at once, so it is given as the hand's last card)."""
    cards = hand.split()
    hands: list[str | None] = [None] * players
    rules = dict(rules or {})
    if rules.get("draw_timing", "before") == "before" and len(cards) > 5:
        hands[first] = " ".join(cards[:-1])
        stock = f"{cards[-1]} {stock}".strip()
    else:
        hands[first] = " ".join(cards)
    names = [f"P{i}" for i in range(players)] if players != 4 else PLAYERS4
    deal: dict[str, Any] = {"marbles": marbles, "hands": hands, "first": first}
    if stock:
        deal["stock"] = stock
    g = new_game("joker-marbles", names, rules=rules, seed=5, deal=deal)
    assert isinstance(g, JokerMarbles)
    return g


def moves(g: JokerMarbles, card: str) -> list[str]:
    return [
        str(m).split(":", 1)[1]
        for m in g.legal_moves()
        if m.cards and m.cards[0].name == card and m.kind == "move"
    ]


def refused(g: JokerMarbles, text: str) -> str:
    before = g.snapshot()
    with pytest.raises((IllegalMove, InvalidNotation)) as exc:
        g.play(text)
    assert g.snapshot() == before
    return str(exc.value)


# ---------------------------------------------------------------------------- conformance


def test_m13_split_order_decides() -> None:
    g = game({"B": "10 12"}, "7H 2C 3D 4S 5S 6S")
    assert "B12>15,B10>14" in moves(g, "7H")
    assert "B10>14,B12>15" not in moves(g, "7H")
    assert "own colour" in refused(g, "7H:B10>14,B12>15")
    g.play("7H:B12>15,B10>14")
    assert g.marbles["B"][-2:] == ("14", "15")


def test_m15_split_with_exact_castle_entry() -> None:
    g = game({"B": "1 20"}, "7C 2C 3D 4S 5S 6S")
    listed = moves(g, "7C")
    assert "B1>C5,B20>21" in listed and "B1>7,B20>21" in listed
    g.play("7C:B1>C5,B20>21")
    assert sorted(g.marbles["B"]) == ["21", "C5", "S", "S", "S"]


@pytest.mark.parametrize(
    ("card", "expected", "rules"),
    [
        ("5S", ["B71>4", "B71>C2"], {}),
        ("3S", ["B71>2"], {}),
        ("9S", ["B71>8"], {}),
        ("5S", ["B71>C2"], {"no_pass_own_entry": True}),
        ("9S", [], {"no_pass_own_entry": True}),
    ],
)
def test_m17_castle_by_exact_count(card: str, expected: list[str], rules: dict[str, Any]) -> None:
    g = game({"B": "71"}, f"{card} 2C 2D 2H 2S 4C", rules=rules)
    assert sorted(moves(g, card)) == sorted(expected)


def test_m19_eight_back_past_the_come_out_hole() -> None:
    g = game({"B": "9"}, "8S 2C 2D 2H 2S 4C")
    assert moves(g, "8S") == ["B9<1"]
    g2 = game({"B": "1"}, "2C 6C 7C 3H 3S 4C")
    assert "B1>C1" in moves(g2, "2C") and "B1>C5" in moves(g2, "6C")
    assert [m for m in moves(g2, "7C") if "," not in m] == ["B1>8"]


def test_m21_eight_never_touches_the_castle() -> None:
    g = game({"B": "4 C3"}, "8D 2C 2D 2H 2S 4C")
    assert moves(g, "8D") == ["B4<68"]


def test_m23_joker_from_start_and_the_castle_limit() -> None:
    g = game({"Y": "60", "R": "4"}, "JK 2C 2D 2H 2S 4C")
    assert moves(g, "JK") == ["BS*60xY"]
    assert "beyond" in refused(g, "JK:BS*4xR")
    g.play("JK:BS*60xY")
    assert g.marbles["B"].count("60") == 1 and g.marbles["Y"] == ("S",) * 5


def test_m25_joker_onto_the_partner() -> None:
    g = game({"B": "10", "G": "30"}, "JK 2C 2D 2H 2S 4C")
    assert "B10*30xG>38" in moves(g, "JK")
    g.play("JK:B10*30xG>38")
    assert "30" in g.marbles["B"] and "38" in g.marbles["G"]


def test_m27_own_marbles_block_on_the_track() -> None:
    g = game({"B": "70 0"}, "5H 2C 2D 2H 2S 4C")
    assert sorted(moves(g, "5H")) == ["B0>5", "B0>C3"]
    assert "own colour" in refused(g, "5H:B70>3")


@pytest.mark.parametrize(
    ("card", "expected"),
    [("3S", ["B0>3", "B0>C1", "BC2>C5"]), ("4S", ["B0>4"]), ("5S", ["B0>5"])],
)
def test_m29_no_jumping_in_the_castle(card: str, expected: list[str]) -> None:
    g = game({"B": "0 C2"}, f"{card} 2C 2D 2H 2S 9C")
    assert sorted(moves(g, card)) == sorted(expected)


def test_m31_pass_with_discard() -> None:
    g = game({"B": "C5", "G": "40"}, "2C 3D 4H 5S 6C 9D")
    assert all(m.kind == "pass" for m in g.legal_moves())
    assert "pass 9D" in [str(m) for m in g.legal_moves()]
    g.play("pass 9D")
    assert len(g.hand(0)) == 5 and g.to_act == 1


def test_m33_partner_play_after_finishing() -> None:
    g = game({"B": "C1 C2 C3 C4 C5", "G": "40"}, "5S QH 2H 2D 2S 3C")
    assert "G40>45" in moves(g, "5S")
    assert {"out G", "G40>50"} <= set(moves(g, "QH"))
    green_hand = g.hand(2)
    g.play("5S:G40>45")
    assert g.hand(2) == green_hand and "45" in g.marbles["G"]


def test_m35_the_rest_of_a_seven_goes_to_the_partner() -> None:
    g = game({"B": "0 C2 C3 C4 C5", "G": "40"}, "7D 2H 2D 2S 3C 3S")
    listed = moves(g, "7D")
    assert "B0>C1,G40>44" in listed
    assert [m for m in listed if "," not in m] == ["B0>7"]
    g.play("7D:B0>C1,G40>44")
    assert g.marbles["B"] == ("C1", "C2", "C3", "C4", "C5") and "44" in g.marbles["G"]


def test_m37_win() -> None:
    g = game({"G": "C1 C2 C3 C4 C5", "B": "1 C2 C3 C4 C5"}, "2C 3D 3H 3S 4C 4D")
    assert "2C:B1>C1 #" in [str(m) for m in g.legal_moves()]
    assert "2C:B1>3" in [str(m) for m in g.legal_moves()]
    g.play("2C:B1>C1")
    assert g.is_over and g.outcome is not None and g.outcome.winners == (0, 2)
    assert g.legal_moves() == ()
    assert g.record().splitlines()[-1] == "Ann: 2C:B1>C1 #"
    assert replay(g.record()).snapshot() == g.snapshot()


def test_m39_partner_bumped_to_an_in_spot_held_by_its_own_colour() -> None:
    g = game({"B": "10", "G": "15 38", "R": "37"}, "5S 2C 2D 2H 3S 4C")
    assert "B10>15xG>36" in moves(g, "5S")
    g.play("5 B10")
    assert g.marbles["B"][-1] == "15" and sorted(g.marbles["G"][-2:]) == ["36", "38"]
    assert g.marbles["R"][-1] == "37"
    g2 = game(
        {"B": "10", "G": "15 38", "R": "37"}, "5S 2C 2D 2H 3S 4C", rules={"partner_bump_conflict": "illegal"}
    )
    assert "B10>15" not in " ".join(moves(g2, "5S"))
    assert "illegal" in refused(g2, "5S:B10>15")


def test_m41_six_player_geometry() -> None:
    g = game({"P": "100 90"}, "10S 4S 2C 2D 2H 3C", players=6, first=5)
    assert "P100>2" in moves(g, "10S")
    assert {"P90>C2", "P90>94"} <= set(moves(g, "4S"))
    g2 = game(
        {f"{c}": f"{h}" for c, h in zip("BRGYO", (93, 20, 40, 60, 80), strict=True)},
        "JK 2C 2D 2H 3C 3D",
        players=6,
        first=5,
    )
    targets = {int(m.split("*")[1].split("x")[0]) for m in moves(g2, "JK")}
    assert 93 not in targets and {20, 40, 60, 80} <= targets


# ---------------------------------------------------------------------------- notation


def test_canonical_forms_and_short_forms() -> None:
    g = game({"B": "10 30", "R": "15"}, "7D 5C JK 8S QH 2C")
    texts = [str(m) for m in g.legal_moves()]
    assert "5C:B10>15xR" in texts and "QH:out B" in texts and "JK:B10*15xR" in texts
    assert "8S:B30<22" in texts and "7D:B10>13,B30>34" in texts
    for text in texts:
        assert g.parse_move(text) == g.find_move(text)
    assert str(g.find_move("7 B10+3 B30+4")) == "7D:B10>13,B30>34"
    assert str(g.find_move("7D:B30>34,B10>13")) in ("7D:B10>13,B30>34", "7D:B30>34,B10>13")
    assert str(g.find_move("JK B10 R15")) == "JK:B10*15xR"
    assert str(g.find_move("5c:b10>15")) == "5C:B10>15xR"
    assert str(g.find_move("out")) == "QH:out B"
    assert "could mean 5S:B71>4, 5S:B71>C2" in refused(game({"B": "71"}, "5S 2C 2D 2H 2S 4C"), "5 B71")


def test_seven_three_plus_four_when_two_marbles_move() -> None:
    g = game({"B": "10 30"}, "7D 2C 2D 2H 2S 4C")
    assert str(g.find_move("7:3+4")) == "7D:B10>13,B30>34"


def test_dedupe_by_resulting_position() -> None:
    g = game({"B": "10 40"}, "7D 2C 2D 2H 2S 4C")
    listed = moves(g, "7D")
    assert "B10>13,B40>44" in listed and "B40>44,B10>13" not in listed
    assert len(listed) == len(set(listed))


# ---------------------------------------------------------------------------- bad input


def test_bad_input_is_refused_with_the_rule_in_words() -> None:
    g = game({"B": "10", "R": "30", "G": "50"}, "5C 7D JK 3H 2S 4C")
    assert "red is Bob's" in refused(g, "5C:R30>35")
    assert "partner" in refused(g, "5C:G50>55")
    assert "no blue marble on hole 10" in refused(g, "7D:B10>13,B10>14")
    g2 = game({"B": "10 20"}, "7D 2C 2D 2H 2S 4C")
    assert "add up to 7" in refused(g2, "7D:B10>13,B20>23")
    assert "empty" in refused(g, "JK:B10*40")
    g3 = game({"B": "60", "R": "5"}, "JK 2C 2D 2H 2S 4C")
    assert "castle" in refused(g3, "JK:B60*5xR")
    g4 = game({"B": "10"}, "5C 2C 2D 2H 2S 4C")
    assert "must" in refused(g4, "pass 5C")
    assert "do not hold" in refused(g4, "9H:B10>19")
    assert "not a Joker move" in refused(g4, "discard 5C")
    assert refused(g4, "5C:Z10>15")
    assert "holes are 0 to 71" in refused(g4, "5C:B100>105")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30))
def test_garbage_never_crashes(text: str) -> None:
    g = game({"B": "10", "R": "30"}, "5C 7D JK 3H 2S 4C")
    before = g.snapshot()
    try:
        g.play(text)
    except (IllegalMove, InvalidNotation):
        assert g.snapshot() == before


# ---------------------------------------------------------------------------- set-up, toggles, presets


def test_a_new_game_deals_and_conserves() -> None:
    g = new_game("joker-marbles", PLAYERS4, seed=3)
    assert len(g.all_cards()) == 108
    assert sorted(len(g.hand(s)) for s in range(4)) == [5, 5, 5, 6]
    assert g.view(0).teams == ((0, 2), (1, 3))
    for n, cards in ((6, 162), (8, 216)):
        big = new_game("joker-marbles", [f"P{i}" for i in range(n)], seed=1)
        assert len(big.all_cards()) == cards and len(big.marbles) == n
    with pytest.raises(InvalidRules, match="4, 6, 8"):
        new_game("joker-marbles", [f"P{i}" for i in range(5)], seed=1)
    pairs = new_game("joker-marbles", [f"P{i}" for i in range(6)], rules={"teams": "pairs_opposite"}, seed=1)
    assert pairs.view(0).teams == ((0, 3), (1, 4), (2, 5))


def test_draw_after_and_face_values_and_nine_split() -> None:
    rules = {"draw_timing": "after", "face_values": "11-12-13", "nine_split": True}
    g = game({"B": "10 40"}, "QH 9S 2C 2D 2H", rules=rules, stock="3C")
    assert len(g.hand(0)) == 5
    assert "B10>22" in moves(g, "QH")
    assert "B40>43,B10<4" in moves(g, "9S")
    g.play("QH:B10>22")
    assert len(g.hand(0)) == 5


def test_joker_toggles() -> None:
    g = game({"B": "60", "R": "5"}, "JK 2C 2D 2H 2S 4C", rules={"joker_castle_limit": False})
    assert "B60*5xR" in moves(g, "JK")
    g2 = game({"R": "30"}, "JK 2C 2D 2H 2S 4C", rules={"joker_from_start": False})
    assert moves(g2, "JK") == []
    g3 = game({"R": "30"}, "JK 2C 2D 2H 2S 3C", rules={"joker_exempt_from_must_move": True})
    kinds = {m.kind for m in g3.legal_moves()}
    assert kinds == {"move", "pass"}


def test_castle_entry_not_optional_and_stuck_fallback() -> None:
    g = game({"B": "71"}, "5S 2C 2D 2H 2S 4C", rules={"castle_entry_optional": False})
    assert moves(g, "5S") == ["B71>C2"]
    g2 = game({"G": "40"}, "5S 2C 3D 4H 6S 9C", rules={"team_fallback_when_stuck": True})
    assert "G40>45" in moves(g2, "5S")


def test_safe_block_and_spill_toggle() -> None:
    g = game({"B": "22", "R": "25"}, "4C 2C 2D 2H 3S JK", rules={"start_hole_safe_block": True})
    assert moves(g, "4C") == [] and moves(g, "3S") == [] and moves(g, "JK") == []
    assert moves(g, "2C") == ["B22>24"]
    assert "safe" in refused(g, "4C:B22>26")
    g2 = game({"B": "0 C2 C3 C4 C5", "G": "40"}, "7D 2H 2D 2S 3C 3S", rules={"seven_spill_to_partner": False})
    assert "B0>C1,G40>44" not in moves(g2, "7D")


@pytest.mark.parametrize("preset", list(get("joker-marbles").presets))
def test_every_preset_plays_to_an_end(preset: str) -> None:
    g = new_game("joker-marbles", PLAYERS4, seed=2, preset=preset, rules={"turn_cap": 300})
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    assert g.outcome is not None and replay(g.record()).snapshot() == g.snapshot()


def test_tock_jack_swaps() -> None:
    g = game({"B": "10", "R": "30"}, "JS 2C 2D 2H 2S 4C", rules={"card_table": "tock"})
    assert "B10<>R30" in moves(g, "JS")
    assert str(g.find_move("J swap B10 R30")) == "JS:B10<>R30"


def test_view_board_and_log() -> None:
    g = game({"B": "10", "R": "15"}, "5C 2C 2D 2H 2S 4C")
    v = g.view(0)
    assert v.board is not None and len(v.board.holes) == 72 + 40
    assert {h.id for h in v.board.holes if h.piece} >= {"10", "15"}
    bm = next(m for m in v.board.moves if m.move == "5C:B10>15xR")
    assert bm.steps == (("10", "15"),) and bm.bumps == ("15",)
    assert g.view(1).board is not None and g.view(1).board.moves == ()
    g.play("5C:B10>15")
    assert g.log[-1] == "Ann's 5 sends Bob's red marble back to its start"


def test_a_player_named_you_reads_agreeing_words() -> None:
    deal = {"marbles": {"B": "10", "R": "15"}, "hands": ["5C 2C 3D 4H 6S"], "stock": "9D", "first": 0}
    g = new_game("joker-marbles", ["You", "Bob", "Cat", "Dan"], seed=1, deal=deal)
    assert g.log[0] == "Dan deals; You play first"
    g.play("5 B10")
    assert g.log[-2:] == [
        "You play 5C: 5 with the blue marble at hole 10 to hole 15",
        "Your 5 sends Bob's red marble back to its start",  # said once, on its own line
    ]
    stuck = new_game("joker-marbles", ["You", "Bob", "Cat", "Dan"], seed=1, deal={**deal, "marbles": {}})
    assert stuck.view(0).status == "You have no move: discard a card (pass)"
    stuck.play("pass 9D")
    assert stuck.log[-1] == "You cannot move and discard 9D"


# ---------------------------------------------------------------------------- rounds (Tock, Dog, Jackaroo)

SUITED = ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D", "AC 2C 3C 4C 5C"]


def test_tock_partner_exchange_then_play() -> None:
    g = new_game("joker-marbles", PLAYERS4, seed=1, preset="tock", deal={"hands": SUITED, "first": 0})
    assert g.phase == "exchange" and g.to_act == 0
    assert g.log[-1] == "Dan deals 5 cards each; each player gives a card to their partner, Ann gives first"
    assert [str(m) for m in g.legal_moves()] == ["give AS", "give 2S", "give 3S", "give 4S", "give 5S"]
    assert "gives one card to their partner" in refused(g, "AS:out B")
    for text in ("give 5S", "give 5H", "give 5D"):
        g.play(text)
    assert "5S" not in g.view(2).hand and "5S" not in g.view(0).hand  # set aside, not yet passed
    assert all("5S" not in line for line in g.log)  # the log never names a given card
    g.play("give 5C")
    assert g.phase == "move" and g.to_act == 0
    assert sorted(g.view(0).hand) == sorted(["AS", "2S", "3S", "4S", "5D"])
    assert "5S" in g.view(2).hand and "5C" in g.view(1).hand and "5H" in g.view(3).hand
    assert "exchange after a deal" in refused(g, "give AS")


def test_rounds_deal_decreasing_hands_with_no_drawing() -> None:
    g = new_game("joker-marbles", PLAYERS4, seed=4, preset="jackaroo", rules={"turn_cap": 120})
    assert g.phase == "move" and all(len(g.hand(s)) == 4 for s in range(4))
    rng = random.Random(2)
    sizes = []
    while not g.is_over:
        before = len(g.hand(g.to_act))
        mover = g.to_act
        g.play(rng.choice(g.legal_moves()))
        if g.to_act is not None and "cards each" in g.log[-1]:
            sizes.append(len(g.hand(g.to_act)))
        elif not g.is_over:
            assert len(g.hand(mover)) == before - 1  # no drawing in rounds
    assert sizes[:5] == [4, 4, 5, 4, 4]
    assert replay(g.record()).snapshot() == g.snapshot()


def test_a_stuck_tock_hand_is_thrown_in_and_sits_out() -> None:
    hands = ["2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D", "AC 2C 3C 4C 5C"]
    g = new_game(
        "joker-marbles",
        PLAYERS4,
        seed=1,
        preset="tock",
        rules={"partner_exchange": False},
        deal={"hands": hands},
    )
    assert [str(m) for m in g.legal_moves()] == ["pass 2S 3S 4S 5S 6S"]
    assert g.view(0).status == "Ann has no move: discard the whole hand (pass)"
    assert "whole hand" in refused(g, "pass 2S")
    g.play("pass 2S 3S 4S 5S 6S")
    assert len(g.hand(0)) == 0
    assert g.log[-1] == "Ann cannot move and discards the whole hand (2S 3S 4S 5S 6S)"
    for _ in range(3):
        g.play(g.legal_moves()[0])
    assert g.to_act == 1  # Ann, with no cards, is passed over until the next deal


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 400), players=st.sampled_from([4, 6]))
def test_listing_keys_agree_with_the_board(seed: int, moves: int, players: int) -> None:
    """The listing tells plays apart without text or board copies: two plays' steps are
    equal exactly when their texts are, and two plays' ``result_key`` exactly when the boards
    they lead to are."""
    from cardtable.games.joker_marbles.board import apply_step, card_plays, controlled, result_key

    g = new_game("joker-marbles", [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    geo, board = g.geo, g.st
    ctrl = controlled(geo, board, g.cur)
    cands = [c for rank in range(14) for c in card_plays(geo, board, g.cur, ctrl, rank)]
    texts = {c.steps: ",".join(s.text(geo) for s in c.steps) for c in cands}
    assert len(set(texts.values())) == len(texts)
    pairs = set()
    for c in cands:
        after = board.copy()
        for s in c.steps:
            apply_step(after, s)
        pairs.add((result_key(board, c.steps), after.key()))
    assert len({k for k, _ in pairs}) == len({b for _, b in pairs}) == len(pairs)


def test_a_hint_names_the_card_it_plays() -> None:
    """Playtest: hints read '8♣:B7<71: 8: 8 back with…' (the notation, then the rank alone);
    the reason itself names the card: 'play 8C: 8 back with the blue marble…'."""
    from cardtable.bots import hint

    game = new_game("joker-marbles", players=["Ann", "Bob", "Cy", "Di"], seed=5)
    checked = 0
    for _ in range(40):
        if game.is_over:
            break
        decision = hint(game)
        move = decision.move
        if move.kind not in ("give", "pass"):
            assert decision.why.startswith(f"play {move.cards[0].name}: "), decision.why
            checked += 1
        game.play(move)
    assert checked >= 20


def _reference_plays(g: JokerMarbles, act: str, n: int) -> list[Any]:
    """A split or joker action's plays made the plain way, as the generator's shortcuts must
    agree with: every part 1 made on a copy of the board and every part 2 tried after it (no
    early stop, no skipped part 1), and the joker tried on every hole of the track."""
    from cardtable.games.joker_marbles.board import (
        CASTLE,
        START,
        Step,
        apply_step,
        back_targets,
        bumps_of,
        controlled,
        fwd_targets,
        joker_reach,
        wins_by,
    )

    geo, board, seat, rules = g.geo, g.st, g.cur, g.rules
    ctrl = controlled(geo, board, seat)
    out: list[Any] = []

    def step(b: Any, kind: str, c: int, frm: int, to: int, k: int) -> Step | None:
        bumps = bumps_of(geo, b, c, frm, to)
        return None if bumps is None else Step(kind, c, frm, to, k, bumps)

    for c in ctrl:
        if act == "JOKER_JUMP":
            froms = board.on_track(c) + ([START] if board.start[c] and rules.joker_from_start else [])
            for loc in froms:
                for t in range(geo.n):
                    o = board.track[t]
                    if o >= 0 and o != c and not geo.protected(board, t) and joker_reach(geo, c, loc, t):
                        s = step(board, "jump", c, loc, t, 0)
                        if s is not None:
                            out.append(((s,), False))
            continue
        back = act == "SPLIT_FB"
        for m1 in board.on_track(c) + board.in_castle(c):
            for a in range(1, n):
                for r1 in fwd_targets(geo, board, c, m1, a):
                    s1 = step(board, "fwd", c, m1, r1, a)
                    if s1 is None:
                        continue
                    if wins_by(geo, board, s1):
                        if rules.win_waives_split_remainder:
                            out.append(((s1,), True))
                        continue
                    after = board.copy()
                    apply_step(after, s1)
                    for c2 in controlled(geo, after, seat) if rules.seven_spill_to_partner else ctrl:
                        marbles = after.on_track(c2) + ([] if back else after.in_castle(c2))
                        for m2 in marbles:
                            if c2 == c and m2 == r1:
                                continue
                            ends = (back_targets if back else fwd_targets)(geo, after, c2, m2, n - a)
                            for r2 in ends:
                                s2 = step(after, "back" if back else "fwd", c2, m2, r2, n - a)
                                if s2 is not None:
                                    out.append(((s1, s2), r2 >= CASTLE and wins_by(geo, after, s2)))
    return out


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 1200),
    rules=st.sampled_from(
        [{}, {"nine_split": True}, {"seven_spill_to_partner": False, "win_waives_split_remainder": False}]
    ),
)
def test_split_and_joker_plays_agree_with_the_plain_way(seed: int, moves: int, rules: dict[str, Any]) -> None:
    """The split generator stops part 1 early and skips a part 1 that leaves no part 2, and the
    joker reads the other marbles' hole lists: the same plays, in the same order, as trying
    everything (positions from random play, late ones with marbles home)."""
    from cardtable.games.joker_marbles.board import action_plays, controlled

    g = new_game("joker-marbles", PLAYERS4, rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    geo = g.geo
    ctrl = controlled(geo, g.st, g.cur)
    for act, n in (("SPLIT", 7), ("SPLIT_FB", 9), ("JOKER_JUMP", 0)):
        made = action_plays(geo, g.st, g.cur, ctrl, act, n)
        assert [(c.steps, c.win) for c in made] == _reference_plays(g, act, n), act


def test_a_short_move_with_a_card_not_held_or_without_a_move_says_which() -> None:
    """Playtest: 'JK' typed without a joker read "'JK' matches none of your legal moves"."""
    game = new_game("joker-marbles", ["A", "B", "C", "D"], seed=1)
    hand = [c.name for c in game.hands[game.cur]]
    assert "JK" not in hand and "7C" in hand
    assert not any(m.cards[0].rank == 7 for m in game.legal_moves())  # every marble at home
    with pytest.raises(InvalidNotation, match=f"you hold no JK: your cards are {' '.join(hand)}"):
        game.find_move("JK")
    with pytest.raises(InvalidNotation, match="7 has no move now: play another card"):
        game.find_move("7")
    assert game.find_move("K").cards[0].name == "KH"
