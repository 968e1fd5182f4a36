"""Keys that did not do what they said with groups (issue 24 items 4, 5, 6): arrange into the
declare panel's groups, lay several selected groups with one key, and swap a joker on the
meld where it stands for the card."""

from __future__ import annotations

from tui_helpers import indian_session, said, seated, until

from cardtable.engine import new_game
from cardtable.session import Session
from cardtable.tui.screens.choices import ChoiceModal
from cardtable.tui.widgets import GroupsPanel, HandWidget


async def test_arrange_orders_the_hand_into_the_panels_groups(make_app, tmp_path):
    """Item 4: the panel showed a pure sequence, a sequence and two sets; r only sorted."""
    session = indian_session(tmp_path, "9S KC 2H 6S KD 9H AH 7S 5D KS 3H 9C JK")
    game = session.game
    app = make_app(session)
    async with seated(app, (110, 34), lambda: game.to_act == 0) as pilot:
        panel = app.screen.query_one(GroupsPanel)
        assert panel.display
        await pilot.press("r")
        groups = session.grouping(0).groups
        shown = list(app.screen.query_one(HandWidget).cards)
        assert shown == [c for g in groups for c in g.cards]
        assert "Arranged: 4 groups (" in said(app) and "pure sequence A♥ 2♥ 3♥" in said(app)


async def test_two_selected_groups_open_with_one_key(make_app, stacked):
    """Item 5: the hint proposed two groups; selecting both and pressing m was refused."""
    session = stacked(bots=[None, "medium"])
    app = make_app(session, bot_delay=5.0)
    async with seated(app, (110, 34)) as pilot:
        await pilot.press("d", "s")
        await until(pilot, lambda: "one group at a time" in said(app))
        table = app.screen
        hand = [c.name for c in table.hand_cards(0)]
        table.selected = {hand.index(n) for n in ["7H", "8H", "9H", "KS", "KD", "KC"]}
        await pilot.press("m")
        await until(pilot, lambda: len(session.game.melds) == 2)
        assert "opened" in session.game.view(0).seats[0].badges


def _two_jokers_for_6d(tmp_path) -> Session:
    """Ann has opened with two runs whose jokers stand for 6D (melds 3 and 4); she holds 6D."""
    deal = {
        "hands": ["KS KD KC 2C 3C 4C 5D JK 7D 5D JK 7D 6D 9S", "2D 10S QS 4H 6H 8S 2H 8C 10C 3S 9D 7C 4D"],
        "stock": "QD JS 5H JD",
        "discard": "AS",
    }
    game = new_game("scala40", players=["Ann", "Bob"], seed=11, deal=deal)
    session = Session(game, [None, "medium"], tmp_path / "autosave.ctr")
    for move in ("draw", "meld KS KD KC", "meld 2C 3C 4C", "meld 5D JK=6D 7D", "meld 5D JK=6D 7D"):
        session.play(move)
    return session


async def test_swap_asks_between_the_melds_where_a_joker_stands_for_the_card(make_app, tmp_path):
    """Item 6: w guessed meld 1 ('meld 1  has no joker standing for 6D') though the jokers
    were in melds 3 and 4."""
    session = _two_jokers_for_6d(tmp_path)
    app = make_app(session, bot_delay=5.0)
    async with seated(app, (110, 34)) as pilot:
        table = app.screen
        table.selected = {[c.name for c in table.hand_cards(0)].index("6D")}
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        assert sorted(app.screen.moves) == ["swap 3 6♦", "swap 4 6♦"]  # cards as the hand shows them


async def test_a_refused_swap_names_the_meld_with_the_joker(make_app, tmp_path, monkeypatch):
    """Item 6: with no swap possible, the reason asked of the game is the joker meld's, not
    meld 1's (whose refusal said it had no joker standing for the card)."""
    session = _two_jokers_for_6d(tmp_path)
    session.play("discard 9S")
    asked: list[str] = []
    real = session.find_move

    def spy(move):
        asked.append(str(move))
        return real(move)

    monkeypatch.setattr(session, "find_move", spy)
    app = make_app(session, bot_delay=0.0)
    async with seated(app, (110, 34), lambda: session.game.to_act == 0) as pilot:
        await until(pilot, lambda: app.screen.viewer == 0)
        # Ann's next turn, not drawn yet: no swap is possible
        table = app.screen
        table.selected = {[c.name for c in table.hand_cards(0)].index("6D")}
        await pilot.press("w")
        await until(pilot, lambda: "✗" in said(app))
        assert "swap 3 6D" in asked and "swap 1 6D" not in asked, asked
        assert "meld 1" not in said(app) and "draw first" in said(app), said(app)
