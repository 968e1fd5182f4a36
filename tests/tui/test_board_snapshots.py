"""Snapshots of the board table (pytest-textual-snapshot): the 72-hole board at 80x24 and
120x40, the 144-hole board at 120x40, and the ASCII mode. Update with --snapshot-update
after looking at the report."""

from __future__ import annotations

import pytest
from board_fake import eight_player, four_player


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_four_player_board_with_a_split_chosen(snap_compare, make_app, size):
    # Past the hand-off, then Tab twice: the 7's first split part, its bumps and landings.
    app = make_app(four_player())
    assert snap_compare(app, press=["enter", "tab", "tab"], terminal_size=size)


def test_eight_player_board(snap_compare, make_app):
    assert snap_compare(make_app(eight_player()), press=["enter"], terminal_size=(120, 40))


def test_four_player_board_ascii_with_numbers(snap_compare, make_app):
    app = make_app(four_player(), ascii_cards=True)
    assert snap_compare(app, press=["enter", "number_sign"], terminal_size=(80, 24))
