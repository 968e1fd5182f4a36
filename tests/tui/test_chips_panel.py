"""The chips panel: a betting game's stacks, pots and bet range on the table, + and - to
choose the amount, the amount verbs playing it, and the draw by selected cards."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import said, seated, until

from cardtable.engine import new_game
from cardtable.session import Session
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.widgets import ChipsPanel


async def test_bet_with_plus_minus_and_exchange_selected_cards(make_app, tmp_path: Path) -> None:
    deal = {"hands": ["AS AH 7C 4D 2S", "KS KH 9C 5D 3S"], "dealer": 1}
    game = new_game("joker-poker", ["Ann", "Bob"], rules={"structure": "no_limit"}, seed=3, deal=deal)
    session = Session(game, [None, "medium"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (110, 34)) as pilot:
        panel = app.screen.query_one(ChipsPanel)
        text = str(panel.render())
        assert "main pot: 2 chips" in text and "bet/raise to 2-199" in text and "chosen: 2" in text
        for key in ("plus", "plus", "plus", "minus"):
            await pilot.press(key)
        await pilot.pause()
        assert "chosen: 6" in str(panel.render())
        await pilot.press("b")
        await until(pilot, lambda: game.phase == "draw" or len(game.history) >= 2)
        assert str(game.history[0][1]) == "bet 6"
        await until(pilot, lambda: game.to_act == 0 and game.phase == "draw")
        assert not isinstance(app.screen, HandoffScreen)  # one human: no hand-off
        # select 7C 4D 2S (the hand as shown, left to right) and exchange them
        shown = [c.name for c in app.screen.hand_cards(0)]
        for name in ("7C", "4D", "2S"):
            app.screen.cursor = shown.index(name)
            await pilot.press("space")
        await pilot.press("x")
        await until(pilot, lambda: game.phase != "draw" or game.to_act != 0)
        assert any(str(m).startswith("discard") for _, m in game.history)
        assert set(game.view(0).own_facts["your discards"].split()) == {"7C", "4D", "2S"}


async def test_uncalled_chips_show_as_going_back_not_as_a_pot(make_app, tmp_path: Path) -> None:
    """Play-test: the part of Ann's bet nobody could match showed as 'side pot 2: 41 chips (Ann)'."""
    deal = {
        "hands": ["AS AH AD 2C 3D", "KS KH 7C 7D 9S", "2S 4C 6D 8H 10S"],
        "chips": [200, 20, 60],
        "dealer": 2,
    }
    game = new_game("joker-poker", ["Ann", "Bob", "Cat"], rules={"structure": "no_limit"}, seed=3, deal=deal)
    for move in ("bet 100", "allin", "allin"):
        game.play(move)
    assert game.phase == "draw" and game.to_act == 0
    session = Session(game, [None, "medium", "medium"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (110, 34)):
        text = str(app.screen.query_one(ChipsPanel).render())
        assert "main pot: 60 chips" in text and "side pot 1: 80 chips" in text
        assert "41 chips returned to Ann  (uncalled)" in text and "side pot 2" not in text


async def test_a_short_stack_facing_a_bigger_all_in_calls_for_its_stack(make_app, tmp_path: Path) -> None:
    """Play-test: Bob, 40 chips behind, facing Ann's all-in of 199 read '199 to call', and
    'a' (all-in) said 'not possible now', though typing 'allin' calls with all he has."""
    deal = {"hands": ["AS AH 7C 4D 2S", "KS KH 9C 5D 3S"], "chips": [200, 41], "dealer": 1}
    game = new_game("joker-poker", ["Ann", "Bob"], rules={"structure": "no_limit"}, seed=3, deal=deal)
    game.play("allin")
    assert game.to_act == 1
    session = Session(game, ["medium", None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (110, 34), ready=lambda: app.screen.viewer == 1) as pilot:
        text = str(app.screen.query_one(ChipsPanel).render())
        assert "to call: 40 (all-in)" in text and "199" not in text.split("to call")[1]
        assert "Bob to act before the draw: 40 to call (all-in)" in said(app)
        await pilot.press("a")
        await until(pilot, lambda: len(game.history) >= 2)
        assert str(game.history[1][1]) == "call" and game.chips.stacks[1] == 0  # type: ignore[attr-defined]
        assert "Bob calls 40 and is all-in" in game.log
