"""The engine's fast shuffle draws exactly as ``random.Random.shuffle`` does (records and
seeded games depend on it)."""

import random

from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine.rng import shuffle


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=1100))
def test_shuffle_matches_the_standard_shuffle(seed: int, size: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    x, y = list(range(size)), list(range(size))
    a.shuffle(x)
    shuffle(b, y)
    assert x == y
    assert a.getstate() == b.getstate()


def test_a_subclass_of_random_shuffles_its_own_way() -> None:
    class Reverse(random.Random):
        def shuffle(self, x, random=None):  # type: ignore[no-untyped-def]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Reverse(1), cards)
    assert cards == [3, 2, 1]
