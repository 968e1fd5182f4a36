"""The table's header line fits the window: at 80, 110 and 120 columns the short facts that
change from move to move (a win at stake, the pot) stay whole, and long ones are shortened."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from tui_helpers import until

from cardtable.engine import new_game
from cardtable.session import Session
from cardtable.tui.header import TableHeader, fit_facts, header_parts, ranked_fit
from cardtable.tui.screens.scores import ScoresScreen
from cardtable.tui.screens.table import TableScreen

SIZES = [(80, 24), (110, 34), (120, 34)]


async def header_line(make_app: Any, session: Session, size: tuple[int, int]) -> str:
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        if isinstance(app.screen, ScoresScreen):  # a hand just ended: look at the table
            await pilot.click("#look")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        header = app.screen.query_one(TableHeader)
        assert header.size.width == size[0]
        return str(header.render())


def doubled_machine() -> Any:
    """One player at the machine, double-up on, a win of 4 at stake after two doubles."""
    deal = {"hands": ["AH KH QH JH 2C"], "stock": "KS 5D 9C 9D 9S"}
    g = new_game("joker-poker-video", ["Ann"], rules={"double_up": True}, seed=1, deal=deal)
    for move in ("bet 1", "hold AH KH QH JH", "double", "double"):
        g.play(move)
    assert g.phase == "double" and g.view(0).facts["at stake"] == "2 credits"
    return g


@pytest.mark.parametrize("size", SIZES)
async def test_the_win_at_stake_is_whole_in_the_header(make_app, tmp_path: Path, size) -> None:
    session = Session(doubled_machine(), [None], tmp_path / "autosave.ctr")
    line = await header_line(make_app, session, size)
    assert len(line) <= size[0]
    assert "at stake: 2 credits" in line
    # the machine's hand count is said once, in its own words
    assert "hand 1 of 10" in line and "hand:" not in line
    if size[0] < 120:
        assert "…" in line  # the pay table's long name gave way
    if size[0] >= 110:
        assert "double-up: dealer 5" in line  # a card face (5♦) or its name


@pytest.mark.parametrize("size", SIZES)
async def test_the_pot_stays_whole_when_hands_are_shown(make_app, tmp_path: Path, size) -> None:
    deal = {
        "hands": ["AS AH 7C 4D 2S", "KS KH 9C 5D 3S", "QS QH 8C 6D 3H", "JS JH 10C 6S 4H"],
        "dealer": 3,
    }
    game = new_game(
        "joker-poker", ["Ann", "Bob", "Cat", "Dan"], rules={"openers": "jacks_or_better"}, seed=2, deal=deal
    )
    for move in ("bet 2", "call", "call", "call", "stand", "stand", "stand", "stand"):
        game.play(move)
    for move in ("check", "check", "check", "check"):
        game.play(move)
    assert game.phase == "deal-over"
    facts = game.view(None).facts
    assert len(facts) == 5  # the button and four hands shown: far more than a line holds
    session = Session(game, [None, None, "random", "random"], tmp_path / "autosave.ctr")
    line = await header_line(make_app, session, size)
    assert len(line) <= size[0]
    assert "button: Dan" in line
    assert "'s hand:" in line and "…" in line


FACT = st.builds(
    lambda k, v: f"{k}: {v}",
    st.text("abc♠ ", min_size=1, max_size=12),
    st.text("xyz♦ 10", min_size=1, max_size=70),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(FACT, max_size=7), st.integers(-5, 200))
def test_fitted_facts_never_overflow_and_fitting_ones_stay_whole(facts: list[str], width: int) -> None:
    out = fit_facts(facts, width)
    assert sum(2 + cell_len(f) for f in out) <= max(width, 0)
    if sum(2 + cell_len(f) for f in facts) <= width:
        assert out == facts
    kept = iter(facts)
    for fact in out:  # in the game's order, each whole or cut with an ellipsis
        assert any(fact == f or (fact.endswith("…") and f.startswith(fact[:-1])) for f in kept)


def contract_in_play() -> Any:
    """Five Hundred, four players, the contract 6♠ made by the ninth trick: every fact is
    shown (contract, made, tricks won, led suit, trumps, trick, auction), far more than a
    line holds."""
    game = new_game("five-hundred", ["Ann", "Bob", "Cat", "Dan"], seed=3)
    while not (game.phase == "follow" and game.view(None).facts.get("trick") == "9"):
        moves = [str(m) for m in game.legal_moves()]
        bids = [m for m in moves if m.startswith("bid 6")]
        game.play(
            bids[0]
            if bids
            and game.phase == "bid"
            and "contract" not in game.view(None).facts
            and game.view(None).facts.get("high bid") == "none"
            else ("pass" if "pass" in moves else moves[0])
        )
    assert game.view(None).facts["contract"] == "6♠ (40) by Ann"
    return game


@pytest.mark.parametrize("size", SIZES)
async def test_ranked_facts_are_left_out_whole_not_cut_mid_word(make_app, tmp_path: Path, size) -> None:
    game = contract_in_play()
    facts = game.view(0).facts
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    line = await header_line(make_app, session, size)
    assert len(line) <= size[0]
    # the game ranks the contract and its progress first: they stay whole at every width
    assert "contract: 6♠ (40) by Ann  made: 7 tricks" in line
    shown = line.split("  ")[3:]  # after the title and the deal
    for fact in shown:  # each whole, or cut after a whole item with a spaced ellipsis
        key, _, value = fact.partition(": ")
        full = facts[key]
        assert value == full or (value.endswith(" …") and full.startswith(value[:-2] + " ")), fact


FACT_KEYS = st.text("abc♠", min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(FACT_KEYS, st.text("xyz♦ ·10", min_size=1, max_size=70), max_size=7),
    st.integers(-5, 200),
    st.randoms(),
)
def test_ranked_facts_never_overflow_and_keep_the_most_useful(
    values: dict[str, str], width: int, rnd: Any
) -> None:
    facts = [f"{k}: {v}" for k, v in values.items()]
    rank = list(range(len(facts)))
    rnd.shuffle(rank)
    out = ranked_fit(facts, width, rank)
    assert sum(2 + cell_len(f) for f in out) <= max(width, 0)
    if sum(2 + cell_len(f) for f in facts) <= width:
        assert out == facts
    whole = [f for f in facts if f in out]
    if rank and facts[rank[0]] not in whole:  # the most useful is left out only if it cannot fit
        assert 2 + cell_len(facts[rank[0]]) > width
    assert [f for f in out if f in facts] == whole  # in the game's order


def test_the_machine_says_its_bet_and_hand_as_they_are() -> None:
    game = new_game("joker-poker-video", ["Ann"], seed=3)

    def header_and_badges() -> tuple[str, tuple[str, ...]]:
        view = game.view(0)
        deal, facts, _ = header_parts(view)
        return "  ".join([deal, *facts]), view.seats[0].badges

    line, badges = header_and_badges()
    assert line.startswith("hand 1 of 10")
    assert "next deal bets 5" in badges  # before a deal: what 'deal' will take, not a bet made
    game.play("bet 3")
    line, badges = header_and_badges()
    assert "bet: 3 coins" in line
    assert not any("bet" in b for b in badges)  # said once, in the header
    game.play("hold")
    assert game.phase == "deal-over"
    line, badges = header_and_badges()
    assert line.startswith("hand 1 of 10") and "hand: 2" not in line  # the hand just over
    game.play("next")
    line, badges = header_and_badges()
    assert line.startswith("hand 2 of 10") and "next deal bets 3" in badges
