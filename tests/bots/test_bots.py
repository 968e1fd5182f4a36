"""Computer players: the protocol (no hidden card reaches a bot), the ladder in every game,
the rummy and Page One rules of thumb, hints in sessions, and simulate's statistics."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from io import StringIO

import pytest

from cardtable.bots import BOTS, Turn, arrange, decide, hint, make_bot, turn_of
from cardtable.bots.simulate import report, run_matches, wilson
from cardtable.engine import all_games, new_game
from cardtable.engine.game import Game
from cardtable.games.page_one.bot import Counter
from cardtable.kits.rummy.bot import Tracker
from cardtable.session import Session

LEVELS = ("easy", "medium", "hard")


def test_a_turn_holds_no_game():
    """A bot is handed the view, the legal moves, the rules, an RNG and a sampler: no game."""
    names = {f.name for f in fields(Turn)}
    assert names == {"seat", "view", "moves", "rules", "rng", "sample", "budget"}
    game = new_game("scala40", players=["Ann", "Bob"], seed=4)
    turn = turn_of(game, random.Random(1))
    assert turn.view == game.view(0)
    assert turn.moves == game.legal_moves()


def test_samples_keep_the_seats_view_and_get_a_fresh_rng():
    game = new_game("rummy51", players=["Ann", "Bob"], seed=8)
    game.play("discard " + game.hand(0)[0].name)
    turn = turn_of(game, random.Random(2))
    a, b = turn.sample(random.Random(5)), turn.sample(random.Random(6))
    assert a.view(1) == game.view(1) == b.view(1)
    assert a.hand(0) != game.hand(0) or b.hand(0) != game.hand(0)  # the other hand is a guess
    assert a.rng.getstate() != game.rng.getstate()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", ["scala40", "rummy51", "page-one"])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_decisions_depend_on_nothing_hidden(game_id, level):
    """Easy and medium choose the same move whatever the hidden cards are (same view)."""
    rng = random.Random(3)
    game = new_game(game_id, players=["Ann", "Bob"], seed=21)
    for _ in range(120):
        if game.is_over:
            break
        seat = game.to_act
        shuffled = game.determinize(seat, random.Random(rng.random()))
        assert shuffled.view(seat) == game.view(seat)
        mine = decide(make_bot(level), game, random.Random(9)).move
        theirs = decide(make_bot(level), shuffled, random.Random(9)).move
        assert mine == theirs
        game.play(mine)


@pytest.mark.parametrize("game_id", [spec.id for spec in all_games() if spec.min_players <= 2])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_to_the_end_of_a_deal(game_id, level):
    game = new_game(game_id, players=["Ann", "Bob"], seed=2)
    bots = [make_bot(level), make_bot("medium")]
    rngs = [random.Random(1), random.Random(2)]
    for _ in range(3000):
        if game.is_over or game.phase == "deal-over":
            break
        seat = game.to_act
        decision = decide(bots[seat], game, rngs[seat], budget=0.01)
        assert game.is_legal(decision.move)
        game.play(decision.move)
    assert game.is_over or game.phase == "deal-over"


def test_medium_opens_with_the_opening_math_and_says_why():
    deal = {"hands": ["7H 8H 9H KS KD KC 2C 3D 5S 6S 9C 10D QH", None], "stock": "4C"}
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    bot = make_bot("medium")
    assert str(decide(bot, game, random.Random(0)).move) == "draw"
    game.play("draw")
    first = decide(bot, game, random.Random(0))
    assert first.why == (
        "meld KS KD KC + 7H 8H 9H = 54, enough to open (needs 40); one group at a time, KS KD KC first"
    )
    game.play(first.move)
    second = decide(bot, game, random.Random(0))
    assert str(second.move) == "meld 7H 8H 9H"
    assert second.why.startswith("meld 30 laid + 7H 8H 9H = 54")
    game.play(second.move)
    assert "opened" in game.view(0).seats[0].badges


def test_medium_never_opens_short_and_keeps_its_joker():
    # 7H 8H 9H is only 24: no provisional meld; the joker stays, a loose card goes.
    deal = {"hands": ["7H 8H 9H JK 2C 5D KS 4S QD 9C 3H 6C 10S", None], "stock": "2D"}
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    bot = make_bot("medium")
    game.play("draw")
    move = decide(bot, game, random.Random(0)).move
    assert move.kind == "discard"
    assert move.cards[0].name != "JK"


def test_scala40_hard_swaps_a_loose_card_for_a_table_joker_and_lays_the_joker_off():
    deal = {
        "hands": ["KS KD KC QH QD QC 2C 5D 9C 4H 8H JS 10D", "5S 6S JK AS AD AC 2H 3C 4D 9D JH 10C 8D"],
        "stock": "6C KH 7S",
    }
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    for move in ["draw", "meld KS KD KC", "meld QH QD QC", "discard 2C"]:
        game.play(move)
    for move in ["draw", "meld AS AD AC", "meld 5S 6S JK", "discard KH", "draw"]:
        game.play(move)
    # Ann drew 7S, loose in her hand: the joker in Bob's 5S 6S JK stands for it
    assert str(decide(make_bot("medium"), game, random.Random(0)).move) == "discard 10D"
    bot = make_bot("hard")
    swap = decide(bot, game, random.Random(0))
    assert str(swap.move) == "swap 4 7S"
    assert "7S is loose" in swap.why
    game.play(swap.move)
    lay = decide(bot, game, random.Random(0)).move
    assert lay.kind == "layoff" and lay.cards[0].name == "JK"


def test_scala40_hard_finishes_going_out_at_once_when_another_split_reaches_40():
    # all 14 cards meld to 48 (JK=6D), but the least-penalty split of what is left after
    # the first meld reaches only 38: hard used to take its melds back and lay them again
    # for ever; now it lays the rest and goes out
    deal = {
        "hands": ["2S 4D AS 3H 5D 3C JK 2H 2D 3D 3S 4S 5S", "KS KD 9C 8H 7D 6C QH JC 10D 4C 9H 7S 8C"],
        "stock": "KC QS 6S",
    }
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    for move in ["draw", "discard KC", "draw", "discard QS", "draw"]:
        game.play(move)
    bot = make_bot("hard")
    for _ in range(10):
        decision = decide(bot, game, random.Random(0))
        assert decision.move.kind != "cancel"
        game.play(decision.move)
        if game.is_over or game.phase == "deal-over":
            break
    assert not game.hand(0)  # Ann went out (Bob's 13 cards pay 108: the match is over)


def test_rummy51_medium_takes_a_discard_that_completes_a_meld():
    deal = {
        "hands": [
            "7C 2C 5D 8S 9H JC 3S 4D 6C 10H 9D QS 2H 4S 6D",
            "7S 7D KH 2D 5S 9C JD 3H 8C 10S QC 4H 6S AS",
        ]
    }
    game = new_game("rummy51", players=["Ann", "Bob"], seed=1, deal=deal)
    game.play("discard 7C")
    decision = decide(make_bot("medium"), game, random.Random(0))
    assert str(decision.move) == "take"
    assert decision.why.startswith("take 7C: it joins a meld")


def test_page_one_medium_always_calls_and_easy_sometimes_forgets():
    deal = {"hands": ["7H AH", "3H 5S"], "stock": "2C 4C 6C 8C 9C"}
    calls = {"medium": 0, "easy": 0}
    for level in calls:
        for k in range(40):
            game = new_game("page-one", players=["Ann", "Bob"], seed=k, deal=deal)
            move = decide(make_bot(level), game, random.Random(k)).move
            calls[level] += "call" in move.flags
    assert calls["medium"] == 40
    assert 10 < calls["easy"] < 40


NAMES = ["Ann", "Bob"]


def test_page_one_counter_reads_plays_voids_and_rebuilds():
    c = Counter()
    events = [(0, "lead", "7H"), (1, "draw", "H"), (1, "draw", "H"), (1, "play-drawn", "9H")]
    c.update(1, events, NAMES)
    assert c.out == {"7H", "9H"} and c.voids["Bob"] == {"H"}
    events += [(1, "wins", "9H"), (1, "lead", "JK"), (0, "play", "2S")]
    c.update(1, events, NAMES)
    assert c.out == {"7H", "9H", "JK", "2S"}
    c.update(1, [*events, (None, "rebuild", "")], NAMES)
    assert c.out == set()


def test_page_one_counter_reads_how_strong_a_medium_players_suits_can_be():
    """A lead is medium's highest card of its suit; a card played last that loses the
    trick means nothing could win it; drawing forgets both."""
    c = Counter(players=2)
    events = [
        (0, "lead", "9H"),
        (1, "play", "3H"),
        (0, "wins", "9H"),
        (0, "lead", "KS"),
        (1, "play", "AS"),
        (1, "wins", "AS"),
        (1, "lead", "4D"),
    ]
    c.update(1, events, NAMES)
    assert c.caps == {"Ann": {"H": 9, "S": 13}, "Bob": {"H": 9, "D": 4}}
    c.update(1, [*events, (0, "draw", "D"), (0, "play-drawn", "7D")], NAMES)
    assert "Ann" not in c.caps and c.caps["Bob"] == {"H": 9, "D": 4}


def test_page_one_counter_made_mid_deal_reads_the_whole_deal():
    """Issue 24 item 0: a hint's counter is made fresh in a long hand, whose log has lost its
    first lines (the sentence-reading counter then met a follow with no lead and failed)."""
    c = Counter(players=3)
    c.update(1, [(0, "lead", "5C"), (1, "play", "9C"), (2, "play", "3C"), (1, "wins", "9C")], [*NAMES, "Cat"])
    assert c.out == {"5C", "9C", "3C"} and c.trick == [] and c.caps["Cat"] == {"C": 9}


def test_page_one_counter_caps_hold_for_medium_players():
    """Checked against the real hands of medium-vs-medium deals: no card breaks a cap."""
    from cardtable.games.page_one.bot import _strength

    checked = 0
    for seed in range(1, 15):
        game = new_game("page-one", players=["a", "b"], seed=seed)
        bots, rng, counter = [make_bot("medium"), make_bot("medium")], random.Random(seed), Counter(players=2)
        while not game.is_over:
            counter.update(game.deal_no, game.view(None).events, game.players)
            for seat, name in enumerate(game.players):
                for suit, cap in counter.caps.get(name, {}).items():
                    for card in game.hand(seat):
                        if card.suit == suit and card.rank:
                            assert _strength(card) < cap, (seed, name, card.name, cap)
                            checked += 1
            game.play(decide(bots[game.to_act], game, rng).move)
    assert checked > 1000


def test_rummy_tracker_keeps_what_was_taken_until_thrown():
    t = Tracker()
    t.update(1, ["Hand 1 of 8: Ann deals", "Bob took 7C from the discard pile", "Bob discarded 2D"])
    assert [c.name for c in t.took["Bob"]] == ["7C"] and [c.name for c in t.threw["Bob"]] == ["2D"]
    t.update(1, ["Bob discarded 2D", "Bob discarded 7C"])
    assert t.took["Bob"] == []
    t.update(2, ["Hand 2 of 8: Bob deals"])
    assert t.took == {}


def test_rummy_tracker_drops_a_taken_card_once_it_is_laid_on_the_table():
    # Scala 40's taker must use the card at once: melded or laid off, it is no longer held
    t = Tracker()
    t.update(
        1,
        [
            "Deal 1: Ann deals; Bob plays first",
            "Bob took 7C from the discard pile",
            "Bob took 9H from the discard pile",
            "Bob took KS from the discard pile",
            "Bob melded 7C 8C JK (24)",
            "Bob melded 5S 5H JK=5D (15)",
            "Ann laid off 9H on meld 1",
            "Bob laid off KS on meld 1",
        ],
    )
    assert [c.name for c in t.took["Bob"]] == ["9H"]  # Ann's lay-off is not Bob's card


def test_arrange_puts_melds_first():
    rules = new_game("rummy51", players=["A", "B"], seed=1).rules
    melds, loose = arrange("rummy51", rules, ["2C", "QH", "7S", "KH", "7D", "AH", "9D", "7C"])
    assert sorted(map(sorted, melds)) == [["7C", "7D", "7S"], ["AH", "KH", "QH"]]
    assert loose == ["9D", "2C"]
    melds, loose = arrange(
        "page-one", new_game("page-one", players=["A", "B"], seed=1).rules, ["5D", "AS", "2S"]
    )
    assert melds == [] and loose == ["AS", "2S", "5D"]


def test_hints_are_counted_saved_and_resumed(tmp_path):
    path = tmp_path / "autosave.ctr"
    session = Session.start("scala40", ["Ann", "Bob"], [None, "medium"], seed=3, save_path=path)
    decision = session.hint()
    assert str(decision.move) == "draw" and decision.why
    assert session.hints == [1, 0]
    assert "# hints: [1, 0]" in path.read_text()
    assert Session.resume(path).hints == [1, 0]


def test_hint_matches_what_the_hard_bot_plays():
    game = new_game("page-one", players=["Ann", "Bob"], seed=12)
    assert game.is_legal(hint(game).move)


def test_levels_are_listed_weakest_first():
    assert list(BOTS) == ["random", "easy", "medium", "hard"]
    with pytest.raises(ValueError, match="the levels are"):
        make_bot("genius")


def test_wilson_interval():
    lo, hi = wilson(70, 100)
    assert 0.60 < lo < 0.61 and 0.78 < hi < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_is_seeded_rotates_seats_and_reports_an_interval():
    a = run_matches("page-one", ["medium", "easy"], games=6, seed=4)
    b = run_matches("page-one", ["medium", "easy"], games=6, seed=4)
    assert a.wins == b.wins and a.moves == b.moves and a.errors == 0
    out = StringIO()
    report(a, out, 4)
    text = out.getvalue()
    assert "95% CI" in text and "head to head: medium" in text and "seeds 4..6" in text


def test_head_to_head_counts_a_drawn_match_half_to_each():
    from cardtable.bots.simulate import Stats

    stats = Stats("page-one", "Page One", ["hard", "medium"], games=200, wins=[81.0, 65.0], score_sum=[0, 0])
    rate, lo, hi, drawn = stats.head_to_head()
    assert drawn == 54 and rate == (81 + 27) / 200 and lo < rate < hi
    out = StringIO()
    report(stats, out, seed=1)
    assert "hard is level with medium: 54.0% of matches" in out.getvalue()
    assert "54 drawn" in out.getvalue()
    even = Stats("gin", "Gin", ["hard", "medium"], games=10, wins=[7.0, 3.0], score_sum=[0, 0])
    assert even.head_to_head()[3] == 0
    out = StringIO()
    report(even, out, seed=1)
    assert "hard is level with medium: 70.0%" in out.getvalue() and "drawn" not in out.getvalue()


@pytest.mark.parametrize("players", [2, 3])
def test_page_one_fast_playout_plays_the_engine_playout_move_for_move(players):
    """The hard bot's int playouts give what the engine playouts give on the same samples
    (same moves, same rebuild shuffles), for every legal move of many positions."""
    from cardtable.bots import sampler
    from cardtable.games.page_one.bot import _fast_playout, _playout

    checked = results = 0
    for seed in range(1, 9):
        game = new_game("page-one", players=["A", "B", "C"][:players], seed=seed)
        bot, rng = make_bot("medium"), random.Random(seed)
        while not game.is_over and len(game.history) < 200:
            seat = game.to_act
            if len(game.history) % 5 == 0:
                for move in game.legal_moves():
                    world = sampler(game, seat)(random.Random(checked))
                    before = world.copy()
                    a, b = world.copy(), world.copy()
                    a.play(move)
                    b.play(move)
                    voids = [
                        {"SHDC"[(checked + k) % 4]} if (checked + k) % 3 else set() for k in range(players)
                    ]
                    slow = _playout(a, seat, a.rng, voids)
                    assert _fast_playout(b, seat, voids) == slow, (seed, len(game.history), str(move))
                    # the move made inside the fast playout, the game left untouched; a
                    # draw there also marks the drawer void in the suit, as the log would
                    if move.kind == "draw" and not world.searching:
                        voids[seat] = {world.led_suit}
                        c = before.copy()
                        c.play(move)
                        slow = _playout(c, seat, c.rng, voids)
                    inner = random.Random()
                    inner.setstate(world.rng.getstate())
                    assert _fast_playout(world, seat, voids, move, inner) == slow
                    assert world.snapshot() == before.snapshot()
                    checked += 1
                    results += slow != 0.5
            game.play(decide(bot, game, rng).move)
    assert checked > 100 and results > 50


def test_page_one_samples_respect_the_voids_seen():
    """Hard's samples never give a player a suit it was seen to lack, nor a card above its
    cap (swapped with the stock)."""
    from cardtable.games.page_one.bot import _consistent_sample

    deal = {"hands": ["7H 9H KS 9D", "3C 5C 2D 4S"], "stock": "8C"}
    game = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
    game.play("play 7H")  # Bob has no heart: he draws until one comes
    while game.legal_moves()[0].kind == "draw" and len(game.legal_moves()) == 1:
        game.play("draw")
    game.play(next(m for m in game.legal_moves() if m.kind == "play"))
    assert game.to_act == 0 or game.phase == "lead"
    turn = turn_of(game, random.Random(4))
    for _ in range(30):
        world = _consistent_sample(turn, {1: {"H"}}, {1: {"S": 10}})
        assert not [
            c.name
            for c in world.hand(1)
            if c.suit == "H" or (c.suit == "S" and c.rank in (1, 10, 11, 12, 13))
        ]
        assert len(world.hand(1)) == len(game.hand(1))
        assert sorted(c.id for c in world.all_cards()) == sorted(c.id for c in game.all_cards())


def test_page_one_hard_searches_a_fixed_number_of_deals_and_sometimes_overrides_medium():
    """With time to spare hard's choice depends only on its RNG (a count of sampled deals,
    not the clock), and over a few deals it replaces medium's move now and then."""
    from cardtable.games.page_one.bot import PageOnePolicy

    game = new_game("page-one", players=["Ann", "Bob"], seed=3)
    for _ in range(6):
        game.play(decide(make_bot("medium"), game, random.Random(1)).move)
    first = decide(make_bot("hard"), game, random.Random(7), budget=30.0)
    again = decide(make_bot("hard"), game, random.Random(7), budget=30.0)
    assert (first.move, first.why) == (again.move, again.why)

    searches = overrides = 0
    said = []
    for seed in (1, 2, 3, 4):
        game = new_game("page-one", players=["Ann", "Bob"], seed=seed)
        hard, medium = PageOnePolicy("hard"), make_bot("medium")
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 120:
            turn = turn_of(game, rng, budget=30.0)
            if game.to_act == 0:
                before = hard.overrides
                decision = hard.decide(turn)
                if hard.overrides > before:
                    said.append(decision.why)
            else:
                decision = medium.decide(turn)
            game.play(decision.move)
        searches += hard.searches
        overrides += hard.overrides
    assert searches >= 20 and 0 < overrides < searches / 3
    # an override says how both moves did, in a new player's words
    assert all(
        re.fullmatch(r"\S.*: it won \d+% of \d+ deals played out from here, .+ \d+%", w) for w in said
    ), said


def _rummy51_after_bobs_draw(bob: str, drawn: str) -> Game:
    ann = "7C 2C 5D 8S 9H JC 3S 4D 6C 10H 9D QS 2H 4S 6D"
    game = new_game("rummy51", players=["Ann", "Bob"], seed=1, deal={"hands": [ann, bob], "stock": drawn})
    game.play("discard 7C")
    game.play("draw")
    return game


def test_rummy51_hard_holds_an_opening_back_to_go_out_all_at_once():
    # 90 points of sets would open, but going out at once later is worth far more
    game = _rummy51_after_bobs_draw("KH KD KC QS QD QC JH JD JS 2C 5D 8S 9C 3C", "4S")
    hard = decide(make_bot("hard"), game, random.Random(0))
    assert hard.move.kind == "discard"
    assert hard.why.startswith(
        "hold the opening back: you could open, but going out all at once later scores far more; discard "
    )
    medium = decide(make_bot("medium"), game, random.Random(0))
    assert medium.move.kind == "meld" and "enough to open" in medium.why


def test_rummy51_hard_goes_out_all_at_once_below_the_minimum():
    # 47 points in melds: short of 51, which going out at once does not need (the default)
    game = _rummy51_after_bobs_draw("2C 2D 2S 3C 3D 3S 4C 4D 4S 2H 3H 4H 5H KS", "6H")
    bot = make_bot("hard")
    assert decide(make_bot("medium"), game, random.Random(0)).move.kind == "discard"
    for _ in range(6):
        d = decide(bot, game, random.Random(0))
        game.play(d.move)
        if d.move.kind == "discard":
            break
        assert d.why.endswith("going out all at once")
    assert str(d.move) == "discard KS"
    assert game.deal_scores[-1][1] == -140


def test_page_one_hard_stops_at_its_work_cap(monkeypatch):
    """The playout work cap stops the search without the clock: capped at one sampled deal,
    too few to override, hard plays medium's move and says how its playouts went."""
    import cardtable.games.page_one.bot as page_one_bot

    game = new_game("page-one", players=["Ann", "Bob"], seed=3)
    assert len(game.legal_moves()) > 1  # the first lead: any of four cards
    sampled = []
    real = page_one_bot._consistent_sample

    def counted(*args: object) -> object:
        sampled.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(page_one_bot, "_consistent_sample", counted)
    decide(make_bot("hard"), game, random.Random(7), budget=30.0)
    assert len(sampled) == page_one_bot.MAX_ROUNDS  # uncapped work: every round is played
    sampled.clear()
    monkeypatch.setattr(page_one_bot, "WORK", 1)
    hard = decide(make_bot("hard"), game, random.Random(7), budget=30.0)
    medium = decide(make_bot("medium"), game, random.Random(7))
    assert len(sampled) == 1
    assert hard.move == medium.move
    assert hard.why.endswith(" of 1 deals played out from here)") and "(it won " in hard.why


def test_a_rummy_hint_names_what_a_joker_in_a_set_stands_for():
    """A set of three with a joker must say which card the joker is, and so does the hint
    (the meld move itself names it; "meld KS KD JK" alone would be two different moves)."""
    ann = "KS KD JK QS QD QC 9H 9C 9D 2S 4H 6C 8D"
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal={"hands": [ann, None], "stock": "5H"})
    game.play("draw")
    for level in ("medium", "hard"):
        d = decide(make_bot(level), game, random.Random(0))
        assert d.move.kind == "meld" and "enough to open" in d.why
        joker = next(t for t in d.move.tokens() if t.startswith("JK="))
        assert joker in d.why, d.why


def test_a_rummy_hint_says_why_a_hand_that_all_melds_still_discards():
    """Opened, holding 2C 3C 4C after the draw: the run may not be laid (closing needs a
    discard), and the hint says so instead of leaving a new player to wonder."""
    bob = "2D 6D 10S QS 4H 6H 8S 2H 8C 10C 3S 9S 7C"
    deal = {"hands": ["7H 8H 9H KS KD KC 2C 3C", bob], "stock": "QD JS 4C"}
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    for move in ("draw", "meld 7H 8H 9H", "meld KS KD KC", "discard QD", "draw", "discard JS", "draw"):
        game.play(move)
    assert {m.kind for m in game.legal_moves()} == {"discard"}
    for level in ("medium", "hard"):
        d = decide(make_bot(level), game, random.Random(0))
        assert d.why.endswith(
            "every card is in a meld, but a turn must end with a discard; this one is spared most easily"
        )


def test_page_one_hints_name_the_card_and_put_the_call_with_the_move():
    """The reason never leaves the card unnamed ("the joker" alone made the table prefix
    'play JK: play the joker ...'), and the call comes with the move, before the reason."""
    game = new_game(
        "page-one", players=["Ann", "Bob"], seed=1, deal={"hands": ["7H AH 9C", "3H 5H"], "stock": "2C"}
    )
    game.play("play AH")
    d = decide(make_bot("medium"), game, random.Random(0))
    assert (str(d.move), d.why) == ("play 3H call", "play 3H and call Page One: the lowest card that follows")
    game = new_game(
        "page-one", players=["Ann", "Bob"], seed=1, deal={"hands": ["7H AH 9C", "JK 5S"], "stock": "2C"}
    )
    game.play("play AH")
    d = decide(make_bot("medium"), game, random.Random(0))
    assert str(d.move) == "play JK call"
    assert d.why == "play JK (the joker) rather than draw and call Page One: it wins the trick"
