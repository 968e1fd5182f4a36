"""Score models: what a game's scores are, which way is better, and how teams add up.

Three kinds cover the games of the source pages:

* :data:`PENALTY`: points against a player, lowest is best (most rummies);
* :data:`POINTS`: points won, highest is best (Gin, deals won);
* :data:`CHIPS`: chip stacks, highest is best, and a seat at 0 has left the match.

A model also says how a team's total is made: the sum of its seats' scores, or, in a
team-scored game (:meth:`ScoreModel.per_team`), the one score its seats share. A game's
:class:`~cardtable.engine.registry.GameSpec` declares its model, or picks one from a rule
with :func:`by_rule`. Tables draw a score table from the model alone.

>>> PENALTY.label, PENALTY.hint, PENALTY.best((12, 3, 40))
('penalty points', 'lower is better', (1,))
>>> POINTS.team_totals((10, 4, 6, 1), ((0, 2), (1, 3)))
(16, 5)
>>> POINTS.per_team().team_totals((120, -40, 120, -40), ((0, 2), (1, 3)))
(120, -40)
>>> CHIPS.has_left(0), CHIPS.has_left(15), PENALTY.has_left(0)
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any


def running_totals(changes: Sequence[int | None], start: int = 0) -> list[int]:
    """The running total after each deal's change (None: the deal left it as it was),
    beginning with ``start``: the points a score chart draws.

    >>> running_totals([2, None, 3])
    [0, 2, 2, 5]
    >>> running_totals([-1, 4], start=10)
    [10, 9, 13]
    """
    line = [start]
    for change in changes:
        start += change or 0
        line.append(start)
    return line


class ScoreKind(Enum):
    """What a score counts."""

    PENALTY = "penalty"
    """Points against: lower is better."""
    POINTS = "points"
    """Points won: higher is better."""
    CHIPS = "chips"
    """A chip stack: higher is better, and a seat with none has left the match."""


@dataclass(frozen=True, slots=True)
class ScoreModel:
    """How one game scores (see the module's doctest). Immutable and hashable."""

    kind: ScoreKind
    label: str
    """What the score column counts, in the table's words ('penalty points', 'deals won')."""
    lower_is_better: bool
    team_scored: bool = False
    """The game scores each team as one (every seat of a team holds the team's score), so a
    team's total is that score, not the sum of its seats'."""
    cards_left: str = "cards left in hand"
    """What the cards each hand still holds at the end of a deal are, in the game's words."""

    @property
    def hint(self) -> str:
        """Which way is better, in words."""
        return "lower is better" if self.lower_is_better else "higher is better"

    def named(self, label: str) -> ScoreModel:
        """The same model with the score column called ``label``.

        >>> POINTS.named("deals won").label
        'deals won'
        """
        return replace(self, label=label)

    def left_as(self, words: str) -> ScoreModel:
        """The same model, calling the cards a hand keeps at the end of a deal ``words``
        (Gin's hands keep only their deadwood once the melds are laid out).

        >>> POINTS.left_as("deadwood cards").cards_left, POINTS.cards_left
        ('deadwood cards', 'cards left in hand')
        """
        return replace(self, cards_left=words)

    def per_team(self) -> ScoreModel:
        """The same model in a team-scored game (the seats of a team share one score)."""
        return replace(self, team_scored=True)

    # ------------------------------------------------------------------ comparing
    def better(self, a: int, b: int) -> bool:
        """Score ``a`` is strictly better than ``b``.

        >>> PENALTY.better(3, 10), POINTS.better(3, 10)
        (True, False)
        """
        return a < b if self.lower_is_better else a > b

    def sort_key(self, score: int) -> int:
        """A key that sorts the best score first."""
        return score if self.lower_is_better else -score

    def best(self, scores: Sequence[int]) -> tuple[int, ...]:
        """The indices holding the best score (several on a tie; none for no scores)."""
        if not scores:
            return ()
        top = min(scores) if self.lower_is_better else max(scores)
        return tuple(i for i, s in enumerate(scores) if s == top)

    def ranking(self, scores: Sequence[int]) -> tuple[int, ...]:
        """Every index, best score first (ties keep index order).

        >>> PENALTY.ranking((30, 10, 30, 0)), POINTS.ranking((30, 10, 30, 0))
        ((3, 1, 0, 2), (0, 2, 1, 3))
        """
        return tuple(sorted(range(len(scores)), key=lambda i: self.sort_key(scores[i])))

    def has_left(self, score: int) -> bool:
        """A seat with this score has left the match by it: a chip game's empty stack."""
        return self.kind is ScoreKind.CHIPS and score <= 0

    # ------------------------------------------------------------------ teams
    def team_score(self, scores: Sequence[int | None], team: Sequence[int]) -> int | None:
        """One team's score from its seats' (None for a seat that did not score; None when
        none of the team's seats did): the sum, or the shared score of a team-scored game.

        >>> POINTS.team_score((5, None, 7), (0, 1, 2)), POINTS.team_score((5, None), (1,))
        (12, None)
        """
        values = [v for v in (scores[s] for s in team) if v is not None]
        if not values:
            return None
        return values[0] if self.team_scored else sum(values)

    def team_totals(self, scores: Sequence[int], teams: Sequence[Sequence[int]]) -> tuple[int, ...]:
        """Each team's total from the seats' totals (empty without teams)."""
        if self.team_scored:
            return tuple(scores[team[0]] for team in teams)
        return tuple(sum(scores[s] for s in team) for team in teams)

    def team_rows(
        self, rows: Sequence[Sequence[int | None]], teams: Sequence[Sequence[int]]
    ) -> tuple[tuple[int | None, ...], ...]:
        """Per-deal score rows by team (empty without teams).

        >>> PENALTY.team_rows([(3, 0, 5, None)], ((0, 2), (1, 3)))
        ((8, 0),)
        """
        if not teams:
            return ()
        return tuple(tuple(self.team_score(row, team) for team in teams) for row in rows)


PENALTY = ScoreModel(ScoreKind.PENALTY, "penalty points", lower_is_better=True)
"""Points against a player: lowest is best."""
POINTS = ScoreModel(ScoreKind.POINTS, "points", lower_is_better=False)
"""Points won: highest is best."""
CHIPS = ScoreModel(ScoreKind.CHIPS, "chips", lower_is_better=False)
"""Chip stacks: most is best; a seat with no chips has left the match."""


@dataclass(frozen=True, slots=True)
class ByRule:
    """A score model chosen by the value of one rule, for a game whose formats score
    differently; see :func:`by_rule`."""

    rule: str
    choices: tuple[tuple[Any, ScoreModel], ...]
    default: ScoreModel

    def __call__(self, rules: Any) -> ScoreModel:
        value = getattr(rules, self.rule, None)
        for choice, model in self.choices:
            if choice == value:
                return model
        return self.default


def by_rule(rule: str, choices: Mapping[Any, ScoreModel], default: ScoreModel) -> ByRule:
    """The model that ``choices`` gives for the value of the rule ``rule`` (``default`` for
    any other value).

    >>> from types import SimpleNamespace
    >>> pick = by_rule("match", {"fewest-cards": PENALTY.named("cards left")}, POINTS.named("deals won"))
    >>> pick(SimpleNamespace(match="fewest-cards")).label, pick(SimpleNamespace(match="single")).label
    ('cards left', 'deals won')
    """
    return ByRule(rule, tuple(choices.items()), default)


ScoreRule = ScoreModel | ByRule
"""What a game spec declares: one model, or a model chosen by a rule."""


def model_for(rule: ScoreRule, rules: Any) -> ScoreModel:
    """The model a spec's declaration gives under ``rules``.

    >>> model_for(POINTS, None) is POINTS
    True
    """
    return rule if isinstance(rule, ScoreModel) else rule(rules)
