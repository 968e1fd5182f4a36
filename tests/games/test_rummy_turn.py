"""The rummy kit's shared turn (``cardtable.kits.rummy.turn``) as the games built on it use it:
one refusal or one draw/take helper, each game's own words for its deal."""

from __future__ import annotations

import random

import pytest
from support import random_to_deal_end, refused, stacked

from cardtable.engine import new_game
from cardtable.kits.rummy.turn import RummyGame

WORDS = {"scala40": "deal", "rummy51": "hand", "progressive-rummy": "round"}


@pytest.mark.parametrize("game_id", ["scala40", "rummy51", "progressive-rummy"])
def test_next_waits_for_the_end_of_the_deal_in_the_games_own_word(game_id: str) -> None:
    game = new_game(game_id, ["Ann", "Bob"], seed=2)
    assert isinstance(game, RummyGame)
    if game.phase == "draw":
        game.play("draw")
    refused(game, "next", f"the {WORDS[game_id]} is still going on")
    random_to_deal_end(game, random.Random(2), 5_000)
    assert game.phase == "deal-over"
    if game_id != "progressive-rummy":  # Progressive names the round by its number instead
        refused(game, "draw", f"the {WORDS[game_id]} is over: play 'next' to deal the next one")


def test_a_taken_discard_that_must_be_used_goes_back_on_cancel() -> None:
    game = stacked("rummy51", ["2S 5D 8H JC KS 4H 9C 3S 6D 9H QC AD 5H 10C 4S", None])
    assert isinstance(game, RummyGame)
    game.play("discard 2S")  # the first player starts with 15 cards and no draw
    assert game.to_act == 1 and game.phase == "draw"
    card = game._take_card(must_use=True)  # what 'take' does where the card must be used
    assert card.name == "2S" and game.phase == "play"
    assert game.must_use == [card] and game.taken is card and card in game.hands[1]
    assert game.log[-1] == "Bob took 2S from the discard pile"
    game._apply_cancel()
    assert game.discard[-1] is card and card not in game.hands[1] and game.phase == "draw"


def test_drawing_the_face_up_bottom_card_names_it() -> None:
    game = stacked("rummy51", [None, None], stock="4C", cut="5D")
    assert isinstance(game, RummyGame)
    bottom = game.bottom
    assert bottom is not None
    game.stock[:] = [bottom]  # the stock drawn down to its face-up last card
    game.play(f"discard {game.hands[0][0].name}")
    game.play("draw")
    assert game.bottom is None and bottom in game.hands[1]
    assert game.log[-1] == f"Bob drew the face-up {bottom.name}, the last card of the stock"
