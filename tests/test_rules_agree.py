"""One rule, one place: the generator and the refusals agree, in every game.

Over random positions of every registered game: no rule of ``play_rules`` refuses a listed
move, and every near-miss move that is not listed (a wrong card, a wrong meld, a wrong
phase's verb, a flag that does not belong) is refused by a named rule whose reason is the
one ``play`` gives, never by the fallback that says the rules and the generator disagree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.engine import Game, IllegalMove, InvalidNotation, Move, all_games
from cardtable.engine.rules import UNLISTED
from cardtable.testing import random_moves, start, state_of, unlisted_candidates

SEEDS = range(6)
POSITIONS = 12
"""Positions sampled per seed (a few random moves apart)."""


def near_misses(game: Game, rng: random.Random, elsewhere: list[str]) -> Iterator[str]:
    """Move texts close to legal ones: a listed move with one card changed, dropped or
    added, its flags changed, its meld number moved; generic wrong moves; and moves that
    were legal in other positions (often a wrong phase here)."""
    yield from unlisted_candidates(game, rng)
    yield from rng.sample(elsewhere, min(8, len(elsewhere)))
    seat = game.to_act
    hand = [c.name for c in game.hand(seat)] if seat is not None else []
    deck = sorted({c.name for c in game.all_cards()})
    legal = list(game.legal_moves())
    for m in rng.sample(legal, min(10, len(legal))):
        tokens = m.tokens()
        if tokens:
            i = rng.randrange(len(tokens))
            swapped = [*tokens]
            swapped[i] = rng.choice(hand or deck)
            yield _text(m, swapped, m.flags)
            yield _text(m, tokens[:i] + tokens[i + 1 :], m.flags)
            yield _text(m, [*tokens, rng.choice(deck)], m.flags)
        yield _text(m, tokens, () if m.flags else ("call",))
        if m.target is not None:
            yield _text(m, tokens, m.flags, m.target + rng.choice((-1, 1)))


def _text(m: Move, tokens: list[str], flags: tuple[str, ...], target: int | None = None) -> str:
    target = m.target if target is None else target
    parts = [m.kind, *([str(target)] if target is not None else []), *tokens, *flags]
    return " ".join(parts)


@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_generator_and_refusals_agree(game_id: str) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    checked = refused = 0
    for seed in SEEDS:
        game, _args, rng = start(spec, seed)
        if not type(game).play_rules:
            pytest.skip(f"{game_id} does not list its rules as predicates yet")
        rules = type(game).play_rules
        names = {r.name for r in rules}
        elsewhere: list[str] = []
        for _ in range(POSITIONS):
            if game.is_over:
                break
            legal = game.legal_moves()
            for m in legal:
                for rule in rules:
                    reason = rule.refuse(game, m)
                    assert reason is None, f"{game_id}: rule {rule.name!r} refuses the listed {m}: {reason}"
                checked += 1
            before = state_of(game)
            for text in near_misses(game, rng, elsewhere):
                try:
                    refusal = game.check(text)
                except InvalidNotation:
                    continue
                if refusal is None:
                    continue  # a near miss that is legal after all
                refused += 1
                assert refusal.rule != UNLISTED, f"{game_id}: no rule refuses {text!r}, yet it is not listed"
                assert refusal.rule in names or refusal.rule == "form", (text, refusal)
                with pytest.raises(IllegalMove) as exc:
                    game.play(text)
                assert exc.value.reason == refusal.reason and exc.value.rule == refusal.rule
                assert state_of(game) == before, f"{game_id}: refusing {text!r} changed the game"
            elsewhere.extend(str(m) for m in rng.sample(legal, min(3, len(legal))))
            random_moves(game, rng, rng.randint(1, 6))
    assert checked and refused, "the sample checked nothing"
