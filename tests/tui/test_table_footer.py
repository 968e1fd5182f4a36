"""The footer's keys follow the turn: the table checks every key binding against the state
now (each check reads the view, built once per state), never a state gone by."""

from __future__ import annotations

from test_table import type_move
from tui_helpers import seated, until


def footer_keys(app) -> set[str]:
    """The actions the footer offers now, after checking that the footer's key widgets say
    just that (they are relabelled in place as the keys change)."""
    from textual.widgets._footer import FooterKey

    from cardtable.tui.footer import KeysFooter

    footer = app.screen.query_one(KeysFooter)
    widgets = [(k.key, k.action, k.description) for k in footer.query_children(FooterKey)]
    if not footer._update_pending:
        assert widgets == [(b.key, b.action, b.description) for b in footer._shown_bindings()]
    return {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}


DRAW, DISCARD, HINT = "verb('draw')", "verb('discard')", "hint"


async def test_footer_keys_follow_a_move_and_an_undo(make_app, stacked):
    session = stacked([None, "random"])
    app = make_app(session, bot_delay=5.0)  # a slow computer player: the undo comes first
    async with seated(app) as pilot:
        await until(pilot, lambda: DRAW in footer_keys(app))
        assert DISCARD not in footer_keys(app)
        await pilot.press("d")
        await until(pilot, lambda: DISCARD in footer_keys(app))
        assert DRAW not in footer_keys(app) and session.move_count == 1
        await type_move(pilot, "discard QD")
        # Bob's turn: none of Ann's moves, no hint for her
        await until(pilot, lambda: not {DRAW, DISCARD, HINT} & footer_keys(app))
        assert session.game.to_act == 1
        await pilot.press("ctrl+z")
        await until(pilot, lambda: DISCARD in footer_keys(app))
        assert session.game.to_act == 0 and session.move_count == 1 and HINT in footer_keys(app)


async def test_footer_keys_come_back_after_the_computer_moves(make_app, stacked):
    session = stacked([None, "random"])
    app = make_app(session)  # no bot delay: Bob answers at once
    async with seated(app) as pilot:
        await pilot.press("d")
        await until(pilot, lambda: DISCARD in footer_keys(app))
        await type_move(pilot, "discard QD")
        await until(pilot, lambda: session.game.to_act == 0 and session.move_count > 2)
        await until(pilot, lambda: DRAW in footer_keys(app))
        assert DISCARD not in footer_keys(app) and HINT in footer_keys(app)
