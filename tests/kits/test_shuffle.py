"""The kit's ``shuffle`` deals exactly as ``random.Random.shuffle`` (saved games and seeds)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.kits.rummy.shuffle import shuffle


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 1100))
def test_same_order_and_same_generator_state(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


def test_another_generator_keeps_its_own_shuffle() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Fixed(1), cards)
    assert cards == [3, 2, 1]
