"""The chips kit (``cardtable.kits.chips``): the rules file's betting and pot cases (JP-23,
JP-25, JP-29, JP-37), hypothesis properties of side pots with random all-in sizes (chips
conserved, each pot to eligible seats only, every pot paid), and pokerkit as an oracle for
the main and side pots of an all-in hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.kits.chips import ChipTable, build_pots, split_pot


def test_jp23_three_all_ins() -> None:
    contributed = [20, 50, 80, 80, 10]
    pots = build_pots(contributed, [False, False, False, False, True], [True, True, True, False, False])
    assert [(p.amount, p.eligible) for p in pots] == [(90, (0, 1, 2, 3)), (90, (1, 2, 3)), (60, (2, 3))]
    table = ChipTable([0, 0, 0, 20, 40], button=4, dealt=[True] * 5)
    table.contributed = list(contributed)
    table.folded = [False, False, False, False, True]
    order = {0: 4, 2: 3, 1: 2, 3: 1}  # A best, then C, then B, then D
    paid = table.award(lambda seats: [max(seats, key=order.__getitem__)])
    won = [0] * 5
    for _pot, shares in paid:
        for s, c in shares.items():
            won[s] += c
    assert won == [90, 0, 150, 0, 0]
    assert [w - c for w, c in zip(won, contributed, strict=True)] == [70, -50, 70, -80, -10]


def test_jp29_odd_chip() -> None:
    assert split_pot(25, [1, 3], button=0, seats=4) == {1: 13, 3: 12}
    assert split_pot(25, [3, 1], button=2, seats=4) == {1: 12, 3: 13}


def test_jp25_fixed_limit_cap() -> None:
    for size in (2, 4):
        t = ChipTable([100] * 4, button=3, structure="fixed_limit")
        t.start_round(first=0, bet_size=size)
        t.bet_to(0, size)
        for seat, to in ((1, 2 * size), (2, 3 * size), (3, 4 * size), (0, 5 * size)):
            assert t.options(seat).min_to == to
            t.bet_to(seat, to)
        opts = t.options(1)
        assert opts.to_call == 4 * size - size and opts.min_to is None and not opts.all_in
        t.fold(1)  # a fold leaves three; the round stays capped even down to two
        t.fold(2)
        assert t.options(3).min_to is None


def test_heads_up_has_no_cap() -> None:
    t = ChipTable([100, 100], button=1, structure="fixed_limit")
    t.start_round(first=0, bet_size=2)
    for k in range(8):
        seat = k % 2
        t.bet_to(seat, 2 * (k + 1))
    assert t.options(0).min_to == 18


def test_jp37_short_all_in_does_not_reopen() -> None:
    t = ChipTable([200, 200, 40], button=2, structure="no_limit")
    t.start_round(first=0, bet_size=4)
    t.bet_to(0, 10)
    t.bet_to(1, 30)
    t.all_in(2)  # 40: a raise of 10, less than the last full raise of 20
    a = t.options(0)
    assert a.to_call == 30 and a.may_fold and a.min_to == 60
    t.call(0)
    b = t.options(1)
    assert b.to_call == 10 and b.min_to is None and not b.all_in
    t.call(1)
    assert t.round_over()


def test_half_bet_rule_counts_half_a_bet_as_full() -> None:
    for rule, reopens in (("full_bet", False), ("half_bet", True)):
        t = ChipTable([100, 100, 3], button=2, structure="fixed_limit", short_all_in=rule)
        t.start_round(first=0, bet_size=2)
        t.bet_to(0, 2)
        t.call(1)
        t.all_in(2)  # 3: raises by 1, half a bet
        assert (t.options(0).min_to is not None) is reopens


def test_pot_limit_maximum() -> None:
    t = ChipTable([100, 100, 100], button=0, structure="pot_limit")
    t.post_antes(1)
    t.start_round(first=1, bet_size=2)
    assert t.options(1).max_to == 3  # the pot: three antes
    t.bet_to(1, 3)
    # raise to at most current bet + (pot + to call) = 3 + (6 + 3) = 12
    assert t.options(2).max_to == 12


def test_uncalled_bet_goes_back() -> None:
    t = ChipTable([50, 100], button=1, structure="no_limit")
    t.start_round(first=0, bet_size=2)
    t.all_in(0)
    t.bet_to(1, 80) if t.options(1).min_to else t.call(1)
    assert t.refund_uncalled() is None or t.contributed[0] == t.contributed[1]
    assert t.contributed == [50, 50] and t.stacks == [0, 50]


# ---------------------------------------------------------------------------- properties


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[bool], list[bool]]:
    n = draw(st.integers(2, 6))
    contributed = draw(st.lists(st.integers(0, 300), min_size=n, max_size=n))
    all_in = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    folded = [draw(st.booleans()) and not a for a in all_in]
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    return contributed, folded, all_in


@settings(max_examples=400, deadline=None)
@given(hands(), st.data())
def test_side_pots_conserve_chips_and_pay_eligible_seats(
    hand: tuple[list[int], list[bool], list[bool]], data: st.DataObject
) -> None:
    contributed, folded, all_in = hand
    n = len(contributed)
    pots = build_pots(contributed, folded, all_in)
    assert sum(p.amount for p in pots) == sum(contributed)
    for p in pots:
        assert p.amount > 0 and p.eligible
        assert all(not folded[s] for s in p.eligible)
    table = ChipTable([0] * n, button=data.draw(st.integers(0, n - 1)), dealt=[True] * n)
    table.contributed = list(contributed)
    table.folded = list(folded)
    strength = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))

    def best(seats: Sequence[int]) -> list[int]:
        top = max(strength[s] for s in seats)
        return [s for s in seats if strength[s] == top]

    paid = table.award(best)
    assert sum(table.stacks) == sum(contributed)  # no pot unpaid, no chip made
    assert table.pot_total() == 0
    for pot, shares in paid:
        assert sum(shares.values()) == pot.amount
        assert set(shares) <= set(pot.eligible)
        assert max(shares.values()) - min(shares.values()) <= 1


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 400), min_size=2, max_size=6),
    st.sampled_from(["fixed_limit", "pot_limit", "no_limit"]),
    st.data(),
)
def test_random_betting_conserves_chips(stacks: list[int], structure: str, data: st.DataObject) -> None:
    n = len(stacks)
    t = ChipTable(stacks, button=0, structure=structure)  # type: ignore[arg-type]
    total = sum(stacks)
    t.post_antes(1)
    for bet_size in (2, 4):
        if len(t.live()) < 2:
            break
        t.start_round(first=1 % n, bet_size=bet_size)
        while not t.round_over():
            s = t.to_act
            assert s is not None
            o = t.options(s)
            choices = ["call" if o.to_call else "check"]
            if o.may_fold:
                choices.append("fold")
            if o.min_to is not None:
                choices.append("bet")
            if o.all_in:
                choices.append("allin")
            what = data.draw(st.sampled_from(choices))
            if what == "check":
                t.check(s)
            elif what == "call":
                t.call(s)
            elif what == "fold":
                t.fold(s)
            elif what == "allin":
                t.all_in(s)
            else:
                assert o.min_to is not None and o.max_to is not None
                t.bet_to(s, data.draw(st.integers(o.min_to, o.max_to)))
            assert t.total() == total
            assert min(t.stacks) >= 0
    t.refund_uncalled()
    assert t.total() == total
    t.award(lambda seats: [seats[0]])
    assert sum(t.stacks) == total


# ---------------------------------------------------------------------------- pokerkit oracle

pokerkit = pytest.importorskip("pokerkit")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(5, 300), min_size=2, max_size=6))
def test_side_pots_agree_with_pokerkit(stacks: list[int]) -> None:
    """Everyone all-in before the flop (pokerkit holdem, blinds 1 and 2): the same pots, the
    same amounts and the same seats eligible, once the uncalled chips are returned."""
    from pokerkit import Automation, NoLimitTexasHoldem

    n = len(stacks)
    state = NoLimitTexasHoldem.create_state(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_DEALING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,
        0,
        (1, 2),
        2,
        tuple(stacks),
        n,
    )
    while state.actor_index is not None:  # everyone shoves, or calls when that is all they can
        if state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    theirs = [(p.amount, tuple(p.player_indices)) for p in state.pots]
    # the same hand in the kit: every seat puts in its whole stack; the biggest gets back
    # what nobody matched
    t = ChipTable(stacks, button=n - 1, structure="no_limit")
    for s in range(n):
        t._put(s, stacks[s])
    t.refund_uncalled()
    mine = [(p.amount, p.eligible) for p in t.pots()]
    assert mine == theirs
