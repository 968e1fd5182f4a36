"""Joker Poker (draw): the conformance cases of ``shared/rules/joker-poker.md`` played through
the game (JP-23, JP-25, JP-27, JP-35, JP-37; the evaluator's cases are in
``tests/kits/test_poker.py``, the pot arithmetic's in ``tests/kits/test_chips.py``), each
toggle on and off, busting and the end of the match, refusals that change nothing, and chips
conserved in every state of random play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Game, IllegalMove, new_game, replay
from cardtable.engine.cards import make_deck

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def poker(
    hands: list[str | None],
    chips: list[int] | None = None,
    dealer: int | None = None,
    rules: dict[str, Any] | None = None,
    stock: str | None = None,
    seed: int = 1,
) -> Game:
    deal: dict[str, Any] = {"hands": hands}
    if chips is not None:
        deal["chips"] = chips
    if dealer is not None:
        deal["dealer"] = dealer
    if stock is not None:
        deal["stock"] = stock
    return new_game("joker-poker", NAMES[: len(hands)], rules=rules or {}, seed=seed, deal=deal)


def play(game: Game, *moves: str) -> None:
    for m in moves:
        game.play(m)


def refused(game: Game, move: str, *words: str) -> str:
    """``move`` is refused with a reason holding ``words``, and nothing changes."""
    before, record = game.snapshot(), game.record()
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    reason = str(caught.value)
    for w in words:
        assert w in reason, reason
    assert game.snapshot() == before and game.record() == record
    return reason


def chips_total(game: Game) -> int:
    t = game.chips  # type: ignore[attr-defined]
    return int(t.total())


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


# ---------------------------------------------------------------------------- conformance cases


def test_jp23_side_pots_with_three_all_ins() -> None:
    g = poker(
        ["9S 9H 9D 4C 2S", "QS QH 8D 6C 2H", "KS KH 7D 7C 3H", "JD 10S 8H 5C 3D", None],
        chips=[20, 50, 80, 200, 200],
        dealer=3,
        rules={"structure": "no_limit"},
    )
    assert g.to_act == 4
    play(g, "bet 9", "allin", "allin", "allin", "call", "fold")
    assert g.phase == "draw"
    view = g.view(None)
    assert view.chips is not None
    assert [(p.amount, p.eligible) for p in view.chips.pots] == [
        (90, (0, 1, 2, 3)),
        (90, (1, 2, 3)),
        (60, (2, 3)),
    ]
    play(g, "stand", "stand", "stand", "stand")
    assert g.phase == "deal-over"
    assert g.deal_scores[-1] == (70, -50, 70, -80, -10)
    assert g.scores == (90, 0, 150, 120, 190)
    result = g.view(4).result
    assert (
        "main pot: 90 chips, Ann takes it" in result
        and "side pot 1: 90 chips, Cat takes it" in result
        and "side pot 2: 60 chips, Cat takes it" in result
    )
    assert "three nines" in result
    # Bob busted: he leaves the match and the next hand skips him
    assert "Bob busted and leaves the match" in g.log
    play(g, "next")
    assert not g.view(None).seats[1].active and g.hand(1) == ()


def test_jp25_fixed_limit_cap_in_both_rounds() -> None:
    g = poker([None] * 4, dealer=3)
    play(g, "bet 2", "raise 4", "raise 6", "raise 8", "raise 10")
    assert moves(g) == ["call", "fold"]
    refused(g, "raise 12", "capped")
    play(g, "call", "call", "call")
    play(g, "stand", "stand", "stand", "stand")
    play(g, "bet 4", "raise 8", "raise 12", "raise 16", "raise 20")
    assert moves(g) == ["call", "fold"]
    refused(g, "raise 24", "capped", "4 raises")
    refused(g, "allin", "capped")


def test_raise_cap_toggle() -> None:
    g = poker([None] * 4, dealer=3, rules={"raise_cap": 3})
    play(g, "bet 2", "raise 4", "raise 6", "raise 8")
    refused(g, "raise 10", "capped", "3 raises")


def test_jp27_draw_limits_and_the_shown_ace() -> None:
    g = poker(["AS 9H 7C 4D 2S", "JK 9D 7H 4C 2D", "KS 9C 7S 4H 2C"], dealer=2)
    play(g, "check", "check", "check")
    play(g, "discard 9H 7C 4D 2S")
    assert "AS" in g.hand(0) or any(c.name == "AS" for c in g.hand(0))
    assert g.view(1).facts["Ann shows"] == "AS"
    refused(g, "discard 9D 7H 4C 2D", "at most 3")
    assert "exchange up to 3 cards (4 keeping an ace) or stand pat" in g.view(1).status
    play(g, "stand")
    refused(g, "discard 9C 7S 4H 2C", "at most 3")
    refused(g, "discard 9H", "do not hold 9H")
    for rules in ({"max_draw": 5}, {"max_draw": 4, "ace_bonus": False}):
        g = poker(["AS 9H 7C 4D 2S", "JK 9D 7H 4C 2D", "KS 9C 7S 4H 2C"], dealer=2, rules=rules)
        play(
            g, "check", "check", "check", "discard 9H 7C 4D 2S", "discard 9D 7H 4C 2D", "discard 9C 7S 4H 2C"
        )
        assert g.phase == "bet"
    g = poker(["AS 9H 7C 4D 2S", None], dealer=1, rules={"ace_bonus": False})
    play(g, "check", "check")
    assert "exchange up to 3 cards or stand pat" in g.view(0).status
    refused(g, "discard 9H 7C 4D 2S", "at most 3")


def test_jp29_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # JP-29 through the game: button Ann (P1); Bob (P2) and Dan (P4) tie for a 25-chip pot
    # (4 antes and three calls of 7), so the odd chip goes to Bob, first clockwise of the button
    g = poker(
        ["4C 6D 8H JC 2D", "AS KS QD 9C 7H", "2C 3D 5H 8S 10C", "AH KH QC 9D 7S"],
        dealer=0,
        rules={"structure": "no_limit"},
    )
    assert g.to_act == 1
    play(g, "bet 7", "call", "call", "fold")
    view = g.view(None)
    assert view.chips is not None and [p.amount for p in view.chips.pots] == [25]
    play(g, "stand", "stand", "stand", "check", "check", "check")
    assert g.phase == "deal-over"
    # Bob takes 13 back of his 8, Dan 12 of his 8
    assert g.deal_scores[-1] == (-1, 5, -8, 4)
    assert "the pot: 25 chips, split between Bob (13) and Dan (12)" in g.view(0).result
    assert "The pot: 25 chips, split between Bob (13) and Dan (12)" in g.log  # a log line starts a sentence


def test_the_seats_and_the_chips_panel_show_the_same_stacks_and_the_round() -> None:
    # one source: the seats bar and the chips panel both read the view's stacks of now
    g = poker(["9S 9H 4D 4C 2S", "KS KD KC 2H 3D"], dealer=1)
    play(g, "bet 2")
    view = g.view(0)
    assert view.chips is not None
    assert tuple(s.score for s in view.seats) == view.chips.stacks == (197, 199)
    assert view.facts["round"] == "before the draw" and "before the draw" in view.status
    play(g, "call")
    view = g.view(1)
    assert view.facts["round"] == "the draw" and g.phase == "draw"
    play(g, "stand", "stand")
    assert g.view(0).facts["round"] == "after the draw"
    play(g, "check", "check")
    view = g.view(None)
    assert view.chips is not None and tuple(s.score for s in view.seats) == view.chips.stacks == g.scores


def test_jp35_openers_with_the_joker() -> None:
    g = poker(
        ["JC JK 7H 4S 2D", "AS JK 9C 4D 2H"[:0] or None], dealer=1, rules={"openers": "jacks_or_better"}
    )
    assert moves(g) == ["check"]
    refused(g, "bet 2", "jacks or better", "ace high")
    refused(g, "allin", "jacks or better")
    g = poker(["JC JK 7H 4S 2D", None], dealer=1, rules={"openers": "jacks_or_better", "joker_mode": "wild"})
    assert "bet 2" in moves(g)
    for mode in ("bug", "wild"):
        g = poker(
            ["AS JK 9C 4D 2H", None], dealer=1, rules={"openers": "jacks_or_better", "joker_mode": mode}
        )
        assert "bet 2" in moves(g)


def test_openers_pass_out_antes_again_and_redeals() -> None:
    g = poker(["7C 8D 2H 4S 9C", "3C 5D 6H 10S KD"], dealer=1, rules={"openers": "jacks_or_better"})
    total = chips_total(g)
    play(g, "check", "check")
    assert g.phase == "bet" and g.deal_no == 1
    assert g.view(None).chips is not None and sum(p.amount for p in g.view(None).chips.pots) == 4
    assert chips_total(g) == total
    assert "Nobody opens" in " ".join(g.log)


def test_jp37_no_limit_short_all_in_does_not_reopen() -> None:
    g = poker([None, None, None], chips=[200, 200, 41], dealer=2, rules={"structure": "no_limit"})
    play(g, "check", "check", "check", "stand", "stand", "stand")
    play(g, "bet 10", "raise 30", "allin")
    assert g.to_act == 0
    assert "raise 60" in moves(g) and "fold" in moves(g) and "call" in moves(g)
    refused(g, "raise 59", "smallest raise is to 60")
    play(g, "call")
    assert moves(g) == ["call", "fold"]
    refused(g, "raise 80", "short all-in")


# ---------------------------------------------------------------------------- betting refusals


def test_bad_bets_are_refused_with_the_rule() -> None:
    g = poker([None, None], chips=[100, 100], dealer=1, rules={"structure": "no_limit"})
    refused(g, "bet 1", "smallest bet is to 2")
    refused(g, "bet 500", "more than you have", "99")
    refused(g, "raise 10", "no bet to raise")
    refused(g, "fold", "check instead")
    refused(g, "call", "nothing to call")
    refused(g, "discard 2C", "belongs to the draw")
    refused(g, "next", "not possible now")
    g.play("bet 37")  # any size in range, though not listed
    refused(g, "check", "37 chips to call")
    refused(g, "bet 40", "there is a bet")
    assert g.play("raise 99").kind == "allin"  # the whole stack is all-in
    again = replay(g.record())  # a typed size, though not listed, replays
    assert again.snapshot() == g.snapshot() and "bet 37" in g.record()
    fixed = poker([None, None], dealer=1)
    refused(fixed, "bet 3", "fixed limit", "exactly 2")


def test_pot_limit_caps_the_bet_at_the_pot() -> None:
    g = poker([None, None, None], dealer=2, rules={"structure": "pot_limit"})
    view = g.view(0)
    assert view.chips is not None and (view.chips.min_raise_to, view.chips.max_raise_to) == (2, 3)
    refused(g, "bet 4", "pot limit", "3")
    play(g, "bet 3")
    assert g.view(1).chips.max_raise_to == 12  # type: ignore[union-attr]


def test_half_bet_rule() -> None:
    for rule, may_raise in (("full_bet", False), ("half_bet", True)):
        g = poker([None, None, None], chips=[100, 100, 4], dealer=2, rules={"short_all_in_rule": rule})
        play(g, "bet 2", "call", "allin")  # Cat: 3 more, a raise of 1 (half a bet)
        assert ("raise 5" in moves(g)) is may_raise


# ---------------------------------------------------------------------------- forced bets


def test_blinds_heads_up_and_three_handed() -> None:
    g = poker([None, None], dealer=1, rules={"forced_bets": "blinds"})
    # heads-up the button posts the small blind and acts first
    assert g.to_act == 1 and g.view(None).chips.committed == (2, 1)  # type: ignore[union-attr]
    assert moves(g) == ["call", "fold", "raise 4"]
    play(g, "call")
    assert g.to_act == 0 and moves(g) == ["check", "raise 4"]  # the big blind's option
    g = poker([None, None, None], dealer=0, rules={"forced_bets": "both", "ante": 1})
    assert g.to_act == 0  # left of the big blind (seat 2)
    assert g.view(None).chips.committed == (0, 1, 2)  # type: ignore[union-attr]
    assert sum(p.amount for p in g.view(None).chips.pots) == 6  # type: ignore[union-attr]


# ---------------------------------------------------------------------------- showdown and toggles


def test_jp19_wild_royal_ties_unless_natural_beats_wild() -> None:
    for nbw, row in ((False, (0, 0)), (True, (-3, 3))):
        g = poker(["JK QS KS AS 10S", "AH KH QH JH 10H"], dealer=1, rules={"natural_beats_wild": nbw})
        play(g, "bet 2", "call", "stand", "stand", "check", "check")
        assert g.deal_scores[-1] == row
        assert "royal flush" in g.view(0).result


def test_joker_mode_changes_the_winner() -> None:
    hands = ["9S 9H 4D 4C JK", "KS KD KC 2H 3D"]  # JP-21: two pair (bug) or a full house (wild)
    for mode, row in (("bug", (-3, 3)), ("wild", (3, -3))):
        g = poker(hands, dealer=1, rules={"joker_mode": mode})
        play(g, "bet 2", "call", "stand", "stand", "check", "check")
        assert g.deal_scores[-1] == row


def test_uncontested_hand_shows_nothing() -> None:
    g = poker(["AS AH AD AC JK", "2C 3D 5H 7S 9C"], dealer=1)
    play(g, "bet 2", "fold")
    assert g.deal_scores[-1] == (1, -1)
    view = g.view(1)
    assert "AS" not in view.result and "uncontested" in view.result
    # play-test: the summary said "uncontested" twice ("wins 3 chips uncontested", then
    # "Ann takes 3 uncontested (no hand shown)")
    assert view.result.count("uncontested") == 1 and "no hand shown" in view.result
    assert view.status.count("uncontested") == 1
    assert all("hand" not in k for k in view.facts if k != "hand")


def test_hand_limit_ends_the_match_with_most_chips() -> None:
    g = poker(["AS AH AD 2C 3D", "2S 4C 6D 8H 10S"], dealer=1, rules={"hand_limit": 1})
    play(g, "bet 2", "call", "stand", "stand", "check", "check")
    assert g.is_over and g.outcome is not None and g.outcome.winners == (0,)
    assert g.scores == (203, 197)
    assert not g.legal_moves()


def test_a_match_ends_when_one_player_has_every_chip() -> None:
    g = new_game("joker-poker", NAMES[:3], rules={"starting_stack": 6, "structure": "no_limit"}, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        ms = g.legal_moves()
        allin = [m for m in ms if m.kind in ("allin", "call")]
        g.play(rng.choice(allin or ms))
        assert chips_total(g) == 18 or g.phase in ("deal-over", "match-over")
        assert sum(g.scores) == 18
    assert g.outcome is not None and len(g.outcome.winners) == 1
    assert g.scores[g.outcome.winners[0]] == 18
    assert replay(g.record()).snapshot() == g.snapshot()


@pytest.mark.parametrize("seed", range(12))
def test_chips_are_conserved_in_every_state(seed: int) -> None:
    rng = random.Random(seed)
    rules = {
        "structure": rng.choice(["fixed_limit", "pot_limit", "no_limit"]),
        "forced_bets": rng.choice(["antes", "blinds", "both"]),
        "openers": rng.choice(["none", "jacks_or_better"]),
        "max_draw": rng.choice([3, 4, 5]),
        "starting_stack": rng.choice([3, 20, 200]),
        "hand_limit": 40,
    }
    n = rng.randint(2, 6)
    g = new_game("joker-poker", NAMES[:n], rules=rules, seed=seed)
    total = sum(g.scores)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
        if g.phase in ("bet", "draw"):
            assert chips_total(g) == total
            view = g.view(None)
            assert view.chips is not None
            assert sum(view.chips.stacks) + sum(p.amount for p in view.chips.pots) == total
            assert min(view.chips.stacks) >= 0
        else:
            assert sum(g.scores) == total


def test_folded_hands_are_never_shown() -> None:
    g = poker(["AS AH AD 2C 3D", "2S 4C 6D 8H 10S", "KS KH 7C 7D 9S"], dealer=2)
    play(g, "bet 2", "fold", "call", "stand", "stand", "check", "check")
    for seat in (None, 0, 2):
        view = g.view(seat)
        assert "2S" not in view.result and "Bob" not in " ".join(view.facts)
    assert "KS KH 7C 7D 9S" in g.view(1).result


def test_stacked_deal_errors_name_the_problem() -> None:
    from cardtable.engine import InvalidRules

    with pytest.raises(InvalidRules, match="chips"):
        poker([None, None], chips=[100])
    with pytest.raises(InvalidRules, match="dealer"):
        poker([None, None], dealer=5)
    with pytest.raises(InvalidRules, match="hand 0 has 3 cards"):
        poker(["AS AH AD", None])


def test_the_hint_names_the_hand_the_chance_and_the_move() -> None:
    from cardtable.bots import hint

    g = poker(["AS AH AD KC KD", None, None], dealer=2)
    decision = hint(g, random.Random(1))
    assert "full house, aces over kings" in decision.why and "% to win against 2 players" in decision.why
    assert decision.move.kind in ("bet", "check")
    assert g.is_legal(decision.move)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_re_raises_a_raise_only_with_a_very_strong_hand(level: str) -> None:
    """Playtest: heads-up (no raise cap) two hints raised each other sixteen times, aces and
    nines against a pat hand. Facing a raise after its own bet, a bot now calls with a good
    hand and raises again only with a very strong one."""
    from cardtable.bots import hint

    def raised(hand: str) -> Game:
        g = poker([hand, "5H 6C 7D 8S 9H"], dealer=1)
        play(g, "check", "check", "stand", "stand", "bet 4", "raise 8")  # Ann bet, Bob raised
        return g

    for k in range(5):
        g = raised("AS AH 9C 9D 4S")
        assert g.to_act == 0 and {"call", "raise"} <= {m.kind for m in g.legal_moves()}
        assert hint(g, random.Random(k), level).move.kind == "call"
        assert hint(raised("AS AH AD AC 4S"), random.Random(k), level).move.kind == "raise"
    # the first raise is still made on a good hand: Ann bets, Bob raises with two pair
    g = poker(["5H 6C 7D 8S 2H", "AS AH 9C 9D 4S"], dealer=1)
    play(g, "check", "check", "stand", "stand", "bet 4")
    assert hint(g, random.Random(1), level).move.kind == "raise"


def test_the_hard_bot_keeps_pairs_and_draws_to_a_flush() -> None:
    from cardtable.engine import parse_cards
    from cardtable.games.joker_poker.bot import choose_hold
    from cardtable.games.joker_poker.rules import JokerPokerRules

    rules = JokerPokerRules()
    assert sorted(c.name for c in choose_hold(parse_cards("KS KH 7C 4D 2S"), rules)) == ["KH", "KS"]
    held = choose_hold(parse_cards("AH 9H 7H 4H 2S"), rules)
    assert sorted(c.name for c in held) == ["4H", "7H", "9H", "AH"]
    assert len(choose_hold(parse_cards("2C 5D 8H 10S QC"), rules)) >= 2  # never more than 3 drawn


def test_showdown_order_last_bettor_first_else_left_of_the_button() -> None:
    hands = ["AS AH 7C 4D 2S", "KS KH 9C 5D 3S", "QS QH 8C 6D 3H"]
    g = poker(hands, dealer=2)
    play(g, "check", "check", "check", "stand", "stand", "stand", "check", "bet 4", "call", "call")
    lines = g.view(0).result.splitlines()
    assert [line.split()[0] for line in lines[1:4]] == ["Bob", "Cat", "Ann"]
    g = poker(hands, dealer=2)
    play(g, "check", "check", "check", "stand", "stand", "stand", "check", "check", "check")
    lines = g.view(0).result.splitlines()
    assert [line.split()[0] for line in lines[1:4]] == ["Ann", "Bob", "Cat"]


def test_double_ace_flush_toggle() -> None:
    hands = ["AH JK 9H 7H 4H", "AD KD 9D 7D 4D"]
    for double, row in ((False, (0, 0)), (True, (3, -3))):
        rules = {"joker_mode": "wild", "double_ace_flush": double}
        g = poker(hands, dealer=1, rules=rules)
        play(g, "bet 2", "call", "stand", "stand", "check", "check")
        assert g.deal_scores[-1] == row


def test_ante_and_small_bet_sizes() -> None:
    g = poker([None, None], dealer=1, rules={"ante": 5, "small_bet": 10})
    chips = g.view(0).chips
    assert chips is not None and sum(p.amount for p in chips.pots) == 10
    assert moves(g) == ["check", "bet 10"]
    play(g, "bet 10", "call", "stand", "stand")
    assert moves(g) == ["check", "bet 20"]  # after the draw the bet is twice the small bet


DECK_NAMES = [c.name for c in make_deck(1, 1)]


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.sampled_from(DECK_NAMES), min_size=5, max_size=5, unique=True),
    max_draw=st.sampled_from([3, 4, 5]),
    ace_bonus=st.booleans(),
)
def test_the_listed_draws_are_every_exchange_the_draw_rule_allows(
    hand: list[str], max_draw: int, ace_bonus: bool
) -> None:
    """The draw list is worked out once per hand (not card by card): it must still be every
    exchange of the held cards, in combination order, that the draw rule (with the ace bonus)
    accepts, each exchange once."""
    from itertools import combinations

    from cardtable.games.joker_poker.moves import sort_key

    g = poker([" ".join(hand), None], dealer=1, rules={"max_draw": max_draw, "ace_bonus": ace_bonus})
    play(g, "check", "check")
    assert g.phase == "draw" and g.to_act == 0
    held = sorted(g.hand(0), key=sort_key)
    natural_ace = [c for c in held if c.rank == 1 and not c.is_joker]
    expected = ["stand"]
    for k in range(1, 6):
        for combo in combinations(held, k):
            ace_kept = ace_bonus and any(a not in combo for a in natural_ace)
            if k <= min(5, max_draw + (1 if ace_kept else 0)):
                expected.append("discard " + " ".join(c.name for c in combo))
    assert moves(g) == expected
    for text in expected[1:]:
        assert g.is_legal(text)


def test_one_chip_to_call_reads_in_the_singular() -> None:
    """Play-test: the small blind, facing 1 chip more, read 'there are 1 chips to call'."""
    g = new_game("joker-poker", ["Ann", "Bob", "Cy"], seed=1, preset="no limit, blinds")
    play(g, "call")  # the first to act calls the big blind; the small blind owes 1 more
    assert g.options().to_call == 1
    refused(g, "check", "you cannot check: 1 chip to call")


def test_an_uncalled_bet_is_said_as_returned_not_as_a_pot() -> None:
    """Play-test: the part of a bet nobody could match showed as a pot ('side pot 2: 41 chips
    (Ann)'), the summary left it out, and a pot line read 'side pot 1 80:' (two numbers)."""
    g = poker(
        ["AS AH AD 2C 3D", "KS KH 7C 7D 9S", "2S 4C 6D 8H 10S"],
        chips=[200, 20, 60],
        dealer=2,
        rules={"structure": "no_limit"},
    )
    play(g, "bet 100", "allin", "allin")  # Bob is all-in for 19, Cat for 59: 41 of Ann's 100 uncalled
    assert g.phase == "draw"
    view = g.view(None)
    assert view.chips is not None
    assert [(p.label, p.amount, p.eligible, p.uncalled) for p in view.chips.pots] == [
        ("main pot", 60, (0, 1, 2), False),
        ("side pot 1", 80, (0, 2), False),
        ("uncalled", 41, (0,), True),
    ]
    assert view.facts["pot"] == "140"
    assert sum(view.chips.stacks) + sum(p.amount for p in view.chips.pots) == 280
    play(g, "stand", "stand", "stand")
    result = g.view(0).result
    assert "main pot: 60 chips, Ann takes it" in result and "side pot 1: 80 chips, Ann takes it" in result
    assert "41 chips returned to Ann (uncalled)" in result and "side pot 2" not in result
    assert "41 chips returned to Ann (uncalled)" in g.log


def test_a_hand_won_uncontested_says_the_bet_went_back() -> None:
    g = poker(["AS AH AD AC JK", "2C 3D 5H 7S 9C"], dealer=1)
    play(g, "bet 2", "fold")
    result = g.view(0).result
    assert "Ann wins 2 chips uncontested" in result
    assert "2 chips returned to Ann (uncalled)" in result
    # the log says who took the pot too (play-test: it said only what went back)
    assert g.view(1).log[-2:] == ("2 chips returned to Ann (uncalled)", "Ann wins 2 chips uncontested")


def test_the_drew_badges_go_when_the_next_hand_is_dealt() -> None:
    """Play-test: "[drew 2]" stayed on a seat into the next hand until its draw began."""
    g = poker(["AS AH 7C 4D 2S", "KS KH 9C 5D 3S"], dealer=1)
    play(g, "check", "check", "discard 7C 4D", "stand")
    assert [s.badges for s in g.view(None).seats] == [("drew 2",), ("button", "drew 0")]
    play(g, "check", "check", "next")
    assert g.phase == "bet" and g.deal_no == 2
    assert not any(b.startswith("drew") for s in g.view(None).seats for b in s.badges)


def test_a_short_stack_is_shown_the_call_it_can_make() -> None:
    """Play-test: Bob, 40 chips behind, facing Ann's all-in of 199, read '199 to call'."""
    g = poker([None, None], chips=[200, 41], dealer=1, rules={"structure": "no_limit"})
    play(g, "allin")
    view = g.view(1)
    assert view.chips is not None and view.chips.to_call == 40
    assert view.status == "Bob to act before the draw: 40 to call (all-in)"
    refused(g, "check", "you cannot check: 40 chips to call, all you have (call or fold)")
    assert g.play("allin").kind == "call"  # all he has only calls
    assert g.chips.stacks[1] == 0  # type: ignore[attr-defined]
    # a stack that covers the bet is shown the bet
    g = poker([None, None], chips=[200, 200], dealer=1, rules={"structure": "no_limit"})
    play(g, "bet 37")
    assert g.view(1).status == "Bob to act before the draw: 37 to call"


def test_a_verb_that_takes_nothing_says_so_when_given_more() -> None:
    """Play-test: ':call 5' was blamed as a card ("'5' is not a card: write a rank ...")."""
    from cardtable.engine import InvalidNotation

    g = poker([None, None], dealer=1)
    play(g, "bet 2")
    before = g.snapshot()
    for text, reason in (
        ("call 5", "'call' takes no amount: type 'call'"),
        ("fold 10", "'fold' takes no amount: type 'fold'"),
        ("call five", "'call' takes nothing more: type 'call'"),
    ):
        with pytest.raises(InvalidNotation) as caught:
            g.play(text)
        assert str(caught.value) == reason
    refused(g, "call 5C", "'call' takes nothing more")  # a card after it: the game's own words
    with pytest.raises(InvalidNotation, match="is not a card"):
        g.play("discard 7C 3")  # a verb that takes cards still names the bad card
    assert g.snapshot() == before
