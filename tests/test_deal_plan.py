"""The ``deal`` argument beyond the first deal: stacking any deal by number, and starting a
match from given totals, in every registered game (public API only)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import Game, InvalidRules, all_games, new_game, replay

GAMES = [spec.id for spec in all_games()]
MANY_DEALS = {
    "page-one": {"match": "fewest-cards"},
    "five-hundred": {"target": 1000, "misere": "never", "open_misere": "never"},
}
"""Rules that make a match last more than one deal, where the default is a single deal."""
ONE_DEAL = {"joker-marbles": "a game of Joker is one deal: the board race has no second deal"}
"""Games whose match is always a single deal (no second deal to stack)."""
ONE_SEAT_DEALT = {"joker-poker-video"}
"""Games that deal one seat at a time (the video machine): no other seat holds a hand to
copy; their own tests stack later deals."""


def names(cards: tuple[object, ...]) -> Counter[str]:
    return Counter(str(getattr(c, "name", c)) for c in cards)


def to_second_deal(game: Game, rng: random.Random, cap: int = 20_000) -> None:
    """Random legal moves until the second deal has been dealt."""
    for _ in range(cap):
        if game.is_over:
            pytest.fail("the match ended within one deal")
        was_over = game.phase == "deal-over"
        game.play(rng.choice(game.legal_moves()))
        if was_over and game.phase != "deal-over":
            return
    pytest.fail("no second deal within the move cap")


@pytest.mark.parametrize("game_id", GAMES)
def test_any_deal_can_be_stacked(game_id: str) -> None:
    """Stack the second deal: seat 0 gets the hand another seat got in the same match
    unstacked; the first deal is untouched, and the record replays the stacked match."""
    if game_id in ONE_DEAL:
        pytest.skip(ONE_DEAL[game_id])
    if game_id in ONE_SEAT_DEALT:
        pytest.skip("one seat is dealt at a time: tested with the game")
    spec = next(s for s in all_games() if s.id == game_id)
    players = [f"P{i}" for i in range(max(spec.min_players, 3 if spec.max_players >= 3 else 2))]
    rules = MANY_DEALS.get(game_id, {})
    plain = new_game(game_id, players, rules=rules, seed=11)
    to_second_deal(plain, random.Random(5))
    sizes = [len(plain.hand(s)) for s in range(len(players))]
    donor = next((s for s in range(1, len(players)) if sizes[s] == sizes[0]), None)
    assert donor is not None, f"no seat holds as many cards as seat 0 in deal 2: {sizes}"
    hand_text = " ".join(c.name for c in plain.hand(donor))
    plan = {"deals": [None, {"hands": [hand_text]}]}
    stacked = new_game(game_id, players, rules=rules, seed=11, deal=plan)
    moves = [str(m) for _, m in plain.history]
    for move in moves:
        stacked.play(move)
    assert names(stacked.hand(0)) == names(plain.hand(donor))
    assert names(stacked.hand(0)) != names(plain.hand(0))
    again = replay(stacked.record())
    assert again.snapshot() == stacked.snapshot()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_starts_from_given_totals(game_id: str) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    players = [f"P{i}" for i in range(spec.min_players)]
    totals = [7 * (i + 1) for i in range(len(players))]
    game = new_game(game_id, players, seed=3, deal={"totals": totals})
    assert list(game.scores) == totals
    assert list(game.view(0).scores) == totals
    plain = new_game(game_id, players, seed=3)
    assert [game.hand(s) for s in range(len(players))] == [plain.hand(s) for s in range(len(players))]
    game.play(game.legal_moves()[0])
    again = replay(game.record())
    assert again.scores == game.scores
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize(
    ("plan", "fragment"),
    [
        ({"totals": [1]}, "one whole number per seat (2)"),
        ({"totals": [1, "x"]}, "one whole number per seat"),
        ({"totals": [True, 0]}, "one whole number per seat"),
        ({"deals": {"1": {}}}, "deals must be a list"),
        ({"deals": ["7H"]}, "deals must be a list"),
        ({"deals": [None], "hands": ["7H 8H 9H", None]}, "put the first deal's cards in deals[0]"),
        ({"deals": [None, {"hands": ["ZZ", None]}]}, None),
    ],
)
def test_a_bad_plan_is_refused_with_a_reason(plan: dict[str, object], fragment: str | None) -> None:
    if fragment is None:
        # a later deal's cards are read when that deal is dealt: the start is fine
        game = new_game("gin", ["Ann", "Bob"], seed=1, deal=plan)
        assert game.next_stacked_deal() == {"hands": ["ZZ", None]}
        return
    with pytest.raises(InvalidRules) as info:
        new_game("gin", ["Ann", "Bob"], seed=1, deal=plan)
    assert fragment in str(info.value)
