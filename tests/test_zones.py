"""Zones: the engine's one answer to where every card lies and who may see it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import Game, new_game
from cardtable.engine.cards import Card, make_deck
from cardtable.engine.registry import all_games
from cardtable.engine.zones import (
    Visibility,
    Zone,
    card_part,
    cards_in,
    deal_hidden,
    hand_zones,
    hidden_cards,
)
from cardtable.testing import random_moves

PUBLIC, OWNER, HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN
GAMES = [spec.id for spec in all_games()]


def table() -> tuple[list[Card], list[list[Card]], list[Card], list[Zone]]:
    """A stock with a face-up bottom card, three hands and a discard pile."""
    deck = list(make_deck(2, 2))
    stock, hands, discard = deck[:60], [deck[60:73], deck[73:86], deck[86:99]], deck[99:]
    zones = [
        Zone("stock", stock, HIDDEN, shown={stock[0].id}),
        *hand_zones(hands),
        Zone("discard", discard, PUBLIC),
    ]
    return stock, hands, discard, zones


def test_who_sees_a_zone() -> None:
    cards: list[Card] = []
    assert not Zone("m", cards, PUBLIC).hidden_from(None)
    assert Zone("s", cards, HIDDEN).hidden_from(0) and Zone("s", cards, HIDDEN).hidden_from(None)
    hand = Zone("hand 1", cards, OWNER, owner=1)
    assert [hand.hidden_from(s) for s in (0, 1, 2, None)] == [True, False, True, True]


def test_hidden_cards_leave_out_shown_cards_and_keep_the_zones_order() -> None:
    stock, hands, _, zones = table()
    got = hidden_cards(zones, 1)
    assert got == stock[1:] + hands[0] + hands[2]
    assert hidden_cards(zones, None) == stock[1:] + hands[0] + hands[1] + hands[2]
    assert len(list(cards_in(zones))) == 106


def old_determinize(zones: list[list[Card]], known: set[int], rng: random.Random) -> None:
    """The hand-written determinize the games had before zones (by Card.id)."""
    pool = [c for z in zones for c in z if c.id not in known]
    rng.shuffle(pool)
    it = iter(pool)
    for z in zones:
        for i, c in enumerate(z):
            if c.id not in known:
                z[i] = next(it)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("seat", [0, 2, None])
def test_deal_hidden_uses_the_rng_as_the_hand_written_versions_did(seed: int, seat: int | None) -> None:
    stock, hands, discard, zones = table()
    pinned = {hands[0][3].id, hands[2][0].id, stock[7].id}
    old_stock, old_hands = list(stock), [list(h) for h in hands]
    others = [old_stock] + [h for s, h in enumerate(old_hands) if s != seat]
    old_determinize(others, pinned | {stock[0].id}, random.Random(seed))
    before_discard = list(discard)
    deal_hidden(zones, seat, pinned, random.Random(seed))
    assert stock == old_stock and hands == old_hands and discard == before_discard
    if seat is not None:
        assert hands[seat] == list(make_deck(2, 2)[60 + 13 * seat : 73 + 13 * seat])


def test_deal_hidden_keeps_sizes_pinned_and_shown_cards() -> None:
    stock, hands, _, zones = table()
    before = [list(z.cards) for z in zones]
    pinned = {hands[1][5].id}
    deal_hidden(zones, 0, pinned, random.Random(3))
    assert [len(z.cards) for z in zones] == [len(b) for b in before]
    assert stock[0] is before[0][0] and hands[1][5] is before[2][5]
    assert hands[0] == before[1]
    assert Counter(c.id for z in zones for c in z.cards) == Counter(c.id for b in before for c in b)
    assert stock != before[0]  # the rest was mixed


def test_card_part_sorts_unordered_zones_only() -> None:
    d = make_deck()
    hand = Zone("hand 0", [d[9], d[1]], OWNER, 0, ordered=False)
    pile = Zone("discard", [d[9], d[1]], PUBLIC)
    assert card_part([hand, pile]) == (("hand 0", (1, 9)), ("discard", (9, 1)))


def play_some(game_id: str, seed: int, moves: int) -> Game:
    spec = next(s for s in all_games() if s.id == game_id)
    game = new_game(game_id, [f"P{i}" for i in range(spec.max_players)], seed=seed)
    return random_moves(game, random.Random(seed), moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_each_card_in_exactly_one_zone(game_id: str) -> None:
    for seed in range(3):
        game = play_some(game_id, seed, 25 * seed)
        zones = game.zones()
        names = [z.name for z in zones]
        assert len(set(names)) == len(names), names
        ids = [c.id for z in zones for c in z.cards]
        assert len(set(ids)) == len(ids) and all(i >= 0 for i in ids)
        for s in range(len(game.players)):
            (mine,) = [z for z in zones if z.name == f"hand {s}"]
            assert tuple(mine.cards) == game.hand(s) and mine.owner == s
        for z in zones:
            if z.visibility is not PUBLIC:
                assert isinstance(z.cards, list), f"{z.name}: determinize deals into it"


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_moves_only_free_hidden_cards(game_id: str) -> None:
    for seed in range(3):
        game = play_some(game_id, seed, 20 * seed + 3)
        n = len(game.players)
        for seat in [*range(n), None]:
            other = game.determinize(seat, random.Random(seed))
            pinned = set(game._pinned_ids())
            for z, w in zip(game.zones(), other.zones(), strict=True):
                assert z.name == w.name and len(z.cards) == len(w.cards)
                if not z.hidden_from(seat):
                    assert [c.id for c in z.cards] == [c.id for c in w.cards], z.name
                else:
                    fixed = pinned | set(z.shown)
                    for a, b in zip(z.cards, w.cards, strict=True):
                        if a.id in fixed:
                            assert a is b, f"{z.name}: a pinned or face-up card moved"
