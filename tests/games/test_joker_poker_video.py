"""Joker Poker (video): the machine's cases of ``shared/rules/joker-poker.md`` §7.10 (JP-31 and
JP-33 through the game), each toggle, bad input, credits accounting and the bots."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardtable.bots import decide, hint, make_bot
from cardtable.engine import IllegalMove, InvalidRules, new_game, parse_cards, replay
from cardtable.kits.poker import PAY_TABLES, payout
from cardtable.kits.poker.video import cached_return, percent

GAME = "joker-poker-video"


def one_hand(hand: str, stock: str = "", **rules: object) -> object:
    deal = {"hands": [hand], "stock": stock} if stock else {"hands": [hand]}
    return new_game(GAME, ["Ann"], rules=dict(rules), seed=1, deal=deal)


@pytest.mark.parametrize(
    ("hand", "credits_won"),
    [
        ("7S 7H 7D 7C JK", 1000),
        ("JK 5D 6D 7D 8D", 250),
        ("9S 9H 4D 4C JK", 35),
        ("JK 5C 6D 7S 9H", 15),
        ("3S 3H 8C 8D KS", 5),
        ("JK QH 8C 5D 2H", 0),
    ],
)
def test_jp31_the_machine_pays_at_five_coins(hand: str, credits_won: int) -> None:
    g = one_hand(hand)
    g.play("bet 5")
    g.play("hold " + hand)
    assert g.scores == (100 - 5 + credits_won,)
    assert g.deal_scores[-1] == (credits_won - 5,)


def test_jp33_hold_advice_four_to_a_natural_royal() -> None:
    g = one_hand("AH KH QH JH 2C", "10H")
    g.play("bet 5")
    decision = hint(g)
    assert sorted(c.name for c in decision.move.cards) == ["AH", "JH", "KH", "QH"]
    assert "99.48" in decision.why and "955/48" in decision.why  # 955/48 a coin, x5
    g.play(decision.move)
    assert g.scores == (95 + 4000,)  # the natural royal's 5-coin bonus


def test_a_royal_at_four_coins_pays_500_a_coin() -> None:
    g = one_hand("AH KH QH JH 2C", "10H")
    g.play("bet 4")
    g.play("hold AH KH QH JH")
    assert g.scores == (96 + 2000,)


@pytest.mark.parametrize("table", sorted(PAY_TABLES))
def test_pay_table_toggle(table: str) -> None:
    g = one_hand("KS KH KD KC 2S", pay_table=table)
    g.play("bet 5")
    g.play("hold KS KH KD KC 2S")
    assert g.scores == (95 + payout("KS KH KD KC 2S", table, 5),)
    facts = g.view(0).facts["pay table"]
    assert PAY_TABLES[table].title in facts and percent(cached_return(table)) in facts


def test_pay_table_help_shows_every_computed_return() -> None:
    from cardtable.games.joker_poker_video.rules import JokerPokerVideoRules

    text = JokerPokerVideoRules.model_fields["pay_table"].description or ""
    assert "kings-full-pay: Kings or better, full pay, 100.6463%" in text
    for table in PAY_TABLES.values():
        value = cached_return(table)
        assert value is not None and f"{table.name}: {table.title}, {percent(value)}" in text


def test_aces_table_pays_no_pair_of_kings() -> None:
    g = one_hand("KS KH 7D 4C 2S", pay_table="aces-9")
    g.play("bet 3")
    g.play("hold KS KH 7D 4C 2S")
    assert g.scores == (97,)


def test_hands_and_credits_toggles_end_the_match() -> None:
    g = new_game(GAME, ["Ann", "Bob"], rules={"hands": 2, "credits": 7}, seed=3)
    rng = random.Random(0)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    assert len(g.deal_scores) <= 4
    for s in range(2):  # credits accounted: start + every hand's net
        assert g.scores[s] == 7 + sum(row[s] or 0 for row in g.deal_scores)
    assert g.outcome is not None and set(g.outcome.winners) == {
        s for s in range(2) if g.scores[s] == max(g.scores)
    }


def test_alone_at_the_machine_the_end_says_what_was_won_or_lost() -> None:
    """Playtest: one player who turned 100 credits into 70 read "Ann wins with 70 credits"."""
    for seed in range(40):
        g = new_game(GAME, ["Ann"], rules={"hands": 3}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        net = g.scores[0] - 100
        how = f"{net} up" if net > 0 else f"{-net} down" if net < 0 else "even"
        assert g.outcome is not None and g.outcome.reason == f"Ann ends with {g.scores[0]} credits ({how})"
        assert "wins" not in g.view(0).result
    two = new_game(GAME, ["Ann", "Bob"], rules={"hands": 1}, seed=1)
    while not two.is_over:
        two.play(two.legal_moves()[0])
    assert two.outcome is not None and "with" in two.outcome.reason and "credits" in two.outcome.reason
    assert two.outcome.reason.split(" with ")[0].endswith(("wins", "share the win"))


def test_a_player_without_credits_sits_out() -> None:
    g = new_game(GAME, ["Ann", "Bob"], rules={"hands": 3}, seed=1, deal={"totals": [1, 50]})
    g.play("bet 1")
    g.play("hold")
    while g.phase == "deal-over":
        g.play("next")
    if g.scores[0] == 0:
        assert g.to_act == 1
        g.play("bet 2")
        g.play("hold")
        g.play("next")
        assert g.to_act == 1  # Ann has nothing to bet: the machine stays with Bob


def test_auto_hold_joker() -> None:
    g = one_hand("JK 5C 9D 2S 7H", auto_hold_joker=True)
    g.play("bet 1")
    holds = [str(m) for m in g.legal_moves()]
    assert len(holds) == 16 and all("JK" in h for h in holds)
    refusal = g.check("hold 5C")
    assert refusal is not None and "holds the joker for you" in refusal.reason
    plain = one_hand("JK 5C 9D 2S 7H")
    plain.play("bet 1")
    assert len(plain.legal_moves()) == 32


@pytest.mark.parametrize(
    ("setup", "move", "words"),
    [
        ("", "bet 6", "1 to 5 coins"),
        ("", "bet 0", "1 to 5 coins"),
        ("", "bet lots", "1 to 5 coins"),
        ("", "hold AH", "after the deal"),
        ("bet 5", "hold 3C", "only the cards dealt"),
        ("bet 5", "hold JK", "only the cards dealt"),
        ("bet 5", "bet 2", "now hold"),
        ("bet 5", "next", "once the hand is paid"),
        ("bet 5", "hold AH AH", "named twice"),
    ],
)
def test_bad_input_is_refused_with_the_rule_and_nothing_changes(setup: str, move: str, words: str) -> None:
    g = one_hand("AH KH QH JH 2C")
    if setup:
        g.play(setup)
    before = g.snapshot()
    with pytest.raises(IllegalMove) as caught:
        g.play(move)
    assert words in str(caught.value)
    assert g.snapshot() == before


def test_a_bet_above_the_credits_is_refused() -> None:
    g = new_game(GAME, ["Ann"], seed=1, deal={"totals": [3]})
    assert [str(m) for m in g.legal_moves()] == ["bet 1", "bet 2", "bet 3"]
    for move in ("bet 4", "deal"):
        refusal = g.check(move)
        assert refusal is not None and "more than your 3 credits" in refusal.reason


def test_bet_equal_to_the_last_is_deal_and_round_trips() -> None:
    g = one_hand("AH KH QH JH 2C")
    assert g.play("bet 5") == "deal"
    assert replay(g.record()).snapshot() == g.snapshot()


def test_later_deals_can_be_stacked_by_number() -> None:
    plan = {"deals": [{"hands": ["2C 3D 4H 5S 7C"]}, {"hands": [None, "AS AH AD AC JK"]}]}
    g = new_game(GAME, ["Ann", "Bob"], seed=4, deal=plan)
    g.play("bet 1")
    assert sorted(c.name for c in g.hand(0)) == ["2C", "3D", "4H", "5S", "7C"]
    g.play("hold")
    g.play("next")
    g.play("bet 5")
    assert sorted(c.name for c in g.hand(1)) == ["AC", "AD", "AH", "AS", "JK"]
    g.play("hold AS AH AD AC JK")
    assert g.scores[1] == 95 + 1000
    assert replay(g.record()).snapshot() == g.snapshot()


@pytest.mark.parametrize(
    "deal",
    [{"hands": ["AH KH"]}, {"stock": " ".join(["AS"])}, {"discard": "2C"}, {"hands": ["AH KH QH JH JH"]}],
)
def test_bad_stacked_deals_are_refused_at_once(deal: dict[str, object]) -> None:
    if deal == {"stock": "AS"}:
        new_game(GAME, ["Ann"], seed=1, deal=deal)  # a short stock top is fine
        return
    with pytest.raises(InvalidRules, match="deal"):
        new_game(GAME, ["Ann"], seed=1, deal=deal)


def test_the_final_hand_is_public_and_the_hold_hand_private() -> None:
    g = new_game(GAME, ["Ann", "Bob"], seed=2, deal={"hands": ["AH KH QH JH 2C"]})
    g.play("bet 5")
    assert g.view(1).hand == () and "AH" not in str(g.view(1).model_dump())
    g.play("hold AH KH QH JH")
    assert "AH KH QH JH" in g.view(1).status and g.view(1).own_facts["Royal"] == "500, 4000 at 5"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_matches_with_credits_conserved(level: str) -> None:
    g = new_game(GAME, ["Ann", "Bob"], rules={"hands": 4}, seed=5)
    bot = make_bot(level)
    rng = random.Random(1)
    while not g.is_over:
        g.play(decide(bot, g, rng).move)
    for s in range(2):
        assert g.scores[s] == 100 + sum(row[s] or 0 for row in g.deal_scores)


def test_medium_keeps_a_high_pair_and_a_made_hand() -> None:
    from cardtable.games.joker_poker_video.bot import simple_hold

    hold, _ = simple_hold(parse_cards("KS KH 7D 4C 2S"), "kings-full-pay")
    assert sorted(c.name for c in hold) == ["KH", "KS"]


def test_hard_takes_the_exact_best_hold() -> None:
    from cardtable.kits.poker import hold_values

    g = one_hand("JK 9H 10H 4C 2D")
    g.play("bet 5")
    decision = decide(make_bot("hard"), g, random.Random(0))
    best, value = hold_values(g.hand(0), "kings-full-pay")[0]
    assert sorted(c.name for c in decision.move.cards) == sorted(c.name for c in best)
    assert isinstance(value, Fraction) and str(value) in decision.why


# ---------------------------------------------------------------------------- double-up


def doubling(stock: str) -> object:
    """Ann bets 1 on four to a royal and draws KS (kings or better: a win of 1 at stake); the
    stock after KS gives the double-up's cards, dealer's first."""
    g = one_hand("AH KH QH JH 2C", "KS " + stock, double_up=True)
    g.play("bet 1")
    g.play("hold AH KH QH JH")
    return g


def test_double_up_wins_pushes_and_collects() -> None:
    g = doubling("5D 9C 9D 9S 3C JK")
    assert g.phase == "double" and [str(m) for m in g.legal_moves()] == ["double", "collect"]
    assert g.view(0).facts["at stake"] == "1 credits" and g.scores == (100,)
    g.play("double")  # 9C beats 5D: 2 at stake
    assert g.view(0).facts["at stake"] == "2 credits"
    g.play("double")  # 9S against 9D: a push
    assert "a push, keeps 2" in g.view(0).status
    g.play("double")  # the joker beats every card: 4
    assert g.view(0).facts["double-up"] == "dealer 5D / 9C dealer 9D / 9S dealer 3C / JK"
    g.play("collect")
    assert g.phase == "deal-over" and g.scores == (103,) and g.deal_scores[-1] == (3,)
    # play-test: the result hid the double-up's cards (only the log had them)
    assert g.view(0).result == (
        "Ann: AH KH QH JH KS, kings or better: pays 4 (collects after the double-up: "
        "dealer 5D, Ann 9C; dealer 9D, Ann 9S; dealer 3C, Ann JK)"
    )
    assert replay(g.record()).snapshot() == g.snapshot()


def test_double_up_lost_pays_nothing() -> None:
    g = doubling("KD 2H")
    g.play("double")
    assert g.phase == "deal-over" and g.scores == (99,) and g.deal_scores[-1] == (-1,)
    assert g.view(0).result.endswith("pays 0 (loses the double-up: dealer KD, Ann 2H)")


def test_double_up_toggle_off_and_no_win_offer_no_double() -> None:
    off = one_hand("AH KH QH JH 2C", "KS 5D 9C")
    off.play("bet 1")
    off.play("hold AH KH QH JH")
    assert off.phase == "deal-over"
    refusal = off.check("double")
    assert refusal is not None and "no double-up" in refusal.reason
    lost = one_hand("AH KH QH JH 2C", "3S 5D 9C", double_up=True)
    lost.play("bet 1")
    lost.play("hold AH KH QH JH")  # nothing: nothing to double
    assert lost.phase == "deal-over"


@pytest.mark.parametrize(
    ("move", "words"), [("next", "at stake"), ("bet 2", "at stake"), ("collect KS", "takes nothing")]
)
def test_while_a_win_is_at_stake_other_moves_are_refused(move: str, words: str) -> None:
    g = doubling("5D 9C")
    before = g.snapshot()
    with pytest.raises(IllegalMove) as caught:
        g.play(move)
    assert words in str(caught.value) and g.snapshot() == before


def test_bots_collect_and_the_double_up_keeps_credits_exact() -> None:
    g = new_game(GAME, ["Ann", "Bob"], rules={"hands": 6, "double_up": True}, seed=3)
    rng = random.Random(2)
    bots = [make_bot("easy"), make_bot("medium")]
    seen = set()
    while not g.is_over:
        seen.add(g.phase)
        g.play(decide(bots[g.to_act], g, rng).move)
    assert "double" in seen
    for s in range(2):
        assert g.scores[s] == 100 + sum(row[s] or 0 for row in g.deal_scores)
    assert str(hint(doubling("5D 9C")).move) == "collect"


def test_the_bet_fact_counts_coins_in_words() -> None:
    """Playtest: the header said 'bet: 1 coins'."""
    for coins, said in ((1, "1 coin"), (3, "3 coins")):
        g = new_game("joker-poker-video", players=["Ann"], seed=2)
        g.play(f"bet {coins}")
        assert g.view(0).facts["bet"] == said


def test_the_bet_hint_says_what_the_fifth_coin_buys() -> None:
    g = one_hand("AH KH QH JH 2C")
    first = hint(g)  # the first bet of 5 is listed as `deal` (the default last bet is 5)
    royal = "a natural royal pays 4000, only 2000 at 4 coins"
    assert (str(first.move), first.why) == ("deal", f"deal (5 coins): {royal}")
    g.play("bet 4")
    g.play("hold AH KH QH JH")
    g.play("next")
    again = hint(g)  # after a bet of 4 the bot goes back to 5, not `deal` at 4
    assert (str(again.move), again.why) == ("bet 5", f"bet 5: {royal}")
    short = hint(one_hand("AH KH QH JH 2C", credits=3))
    assert (str(short.move), short.why) == ("bet 3", "bet 3: all the credits you have left")


def test_alone_at_the_machine_next_is_not_passing_it_on() -> None:
    """Play-test: one player at the machine read "'next' passes the machine to Ann"."""
    g = one_hand("AH KH QH JH 2C", "3S")
    g.play("bet 1")
    g.play("hold AH KH QH JH")
    assert g.phase == "deal-over"
    view = g.view(0)
    assert view.status.endswith("'next' starts Ann's next hand.") and "pass" not in view.status
    for move, words in (("hold", "'next' starts the next hand"), ("bet 2", "'next' starts the next hand")):
        refusal = g.check(move)
        assert refusal is not None and words in refusal.reason and "pass" not in refusal.reason
    assert "pass" not in hint(g, random.Random(1)).why
    # two players: the machine goes to the other
    two = new_game(GAME, ["Ann", "Bob"], seed=1, deal={"hands": ["AH KH QH JH 2C", None], "stock": "3S"})
    two.play("bet 1")
    two.play("hold AH KH QH JH")
    assert two.view(0).status.endswith("'next' passes the machine to Bob.")
    refusal = two.check("hold")
    assert refusal is not None and "'next' passes the machine on" in refusal.reason
    assert "pass the machine on" in hint(two, random.Random(1)).why


def test_a_win_collected_without_doubling_says_just_collects() -> None:
    g = doubling("5D 9C")
    g.play("collect")
    assert g.view(0).result.endswith("kings or better: pays 1 (collects)")


def test_the_advice_to_hold_nothing_says_so_in_words() -> None:
    """Play-test: the hint read 'hold is the best of the 32 holds' ('hold' alone is the
    notation of holding nothing)."""
    from cardtable.games.joker_poker_video.bot import exact_advice

    best, why = exact_advice(list(parse_cards("2C 7D 9H 4S 3C")), "kings-full-pay", 5)
    assert best == [] and why.startswith("holding nothing (draw five) is the best of the 32 holds")


def test_the_bet_prompt_offers_what_the_credits_allow() -> None:
    """Play-test: with 1 credit left the status still said "to bet 1-5 coins ('bet 5', …)"."""
    full = new_game(GAME, ["Ann"], seed=1)
    assert "to bet 1-5 coins ('bet 5', or 'deal' to bet 5)" in full.view(0).status
    for credits, said in ((3, "to bet 1-3 coins ('bet 3')."), (1, "to bet 1 coin ('bet 1').")):
        g = new_game(GAME, ["Ann"], rules={"credits": credits}, seed=1)
        assert said in g.view(0).status, g.view(0).status
        assert f"bet {min(credits, 5)}" in [str(m) for m in g.legal_moves()]


def test_alone_a_session_is_won_only_when_it_ends_up() -> None:
    """Play-test: the records said 'won 2 of 2' after two sessions that lost credits. Alone
    at the machine, the winner is the player only when the credits end above the start."""
    seen = set()
    for seed in range(40):
        g = new_game(GAME, ["Ann"], rules={"hands": 2}, seed=seed)
        bot, rng = make_bot("medium" if seed % 2 else "random"), random.Random(seed)
        while not g.is_over:
            g.play(decide(bot, g, rng).move)
        net = g.scores[0] - 100
        assert g.outcome is not None and (g.outcome.winners == (0,)) == (net > 0), (seed, net, g.outcome)
        seen.add(net > 0)
    assert seen == {True, False}, "both an up and a down session were played"
