"""Computer players: a difficulty ladder shared by every game, hints, and the driver.

A bot never gets the game. Each decision it is handed a :class:`Turn`: the seat's
``game.view(seat)``, the legal moves, the (public) rules, an injected RNG and ``sample``,
which returns a *determinized* copy of the game: the cards hidden from the seat reshuffled
among the places hidden from it (:meth:`Game.determinize`, the leak-tested way), with a
fresh RNG inside so no future shuffle of the real game can be read off it. Search bots
play their ideas out on such samples; nothing in a sample tells them a hidden card.

Levels (:data:`BOTS`): ``random`` (the playout and conformance bot), ``easy`` (plausible
but loose), ``medium`` (sound heuristics) and ``hard`` (medium plus search or tracking).
Per-game heuristics live beside their game; the game's spec names the module
(``GameSpec.bot``), which exposes ``make_policy(level, rules)``. Games that need nothing of
their own name the generic closed-hand rummy policy (:mod:`cardtable.kits.rummy.closed`), which
falls back to a careful random move where a game's moves do not fit it.

>>> import random
>>> from cardtable.engine import new_game
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=2)
>>> decision = decide(make_bot("medium"), g, random.Random(0))
>>> str(decision.move), decision.why
('draw', 'draw from the stock: the discard may be taken only after opening')
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Generic, Protocol, TypeVar

from cardtable.engine.cards import parse_card
from cardtable.engine.game import Game
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.views import PlayerView

Sampler = Callable[[random.Random], Game]
"""``sample(rng)``: a determinized copy of the game, consistent with the seat's knowledge."""

HARD_BUDGET = 0.12
"""Seconds a hard bot may think about one move (its searches stop early when it is used)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """Everything a bot may know when it decides: nothing hidden from ``seat``."""

    seat: int
    view: PlayerView
    """``game.view(seat)``."""
    moves: Sequence[Move]
    """The legal moves (own cards only): a tuple, or a MoveRange building each as it is read."""
    rules: Ruleset
    """The game's rules (public)."""
    rng: random.Random
    sample: Sampler
    budget: float = HARD_BUDGET
    """Thinking time in seconds, for search."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A move and, for hints, why (a short sentence, '' when there is nothing to say)."""

    move: Move
    why: str = ""


class Bot(Protocol):
    """A computer player for one seat: it may keep memory between its turns."""

    name: str

    def decide(self, turn: Turn) -> Decision:
        """One of ``turn.moves`` (or a several-group meld of them), with the reason."""
        ...


class Policy(Protocol):
    """A game's decision maker at one level (made by a game's ``make_policy``)."""

    def decide(self, turn: Turn) -> Decision:
        """As :meth:`Bot.decide`."""
        ...


RulesT = TypeVar("RulesT")


class LevelPolicy(Generic[RulesT]):
    """A base for a game's policy: the level it plays at and the game's rules, kept for
    :meth:`decide` (which the game's subclass writes)."""

    def __init__(self, level: str, rules: RulesT) -> None:
        self.level = level
        self.rules = rules


class RandomBot:
    """Plays a uniformly random legal move (the playout and conformance bot)."""

    name = "random"

    def decide(self, turn: Turn) -> Decision:
        """A random legal move."""
        return Decision(turn.rng.choice(turn.moves), "a random legal move")


class LevelBot:
    """A bot of one level for any game: the game's own policy, made on the first turn."""

    def __init__(self, level: str) -> None:
        self.name = level
        self._policies: dict[str, Policy] = {}

    def decide(self, turn: Turn) -> Decision:
        """Ask the policy of the turn's game (made once per game id and kept: it may remember)."""
        policy = self._policies.get(turn.view.game)
        if policy is None:
            policy = self._policies[turn.view.game] = policy_for(turn.view.game, self.name, turn.rules)
        return policy.decide(turn)


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": lambda: LevelBot("easy"),
    "medium": lambda: LevelBot("medium"),
    "hard": lambda: LevelBot("hard"),
}
"""Bot levels by name, weakest first (``random`` is for playouts and tests)."""


def make_bot(level: str) -> Bot:
    """A bot by level name; unknown names raise ``ValueError`` listing the levels."""
    try:
        return BOTS[level]()
    except KeyError:
        raise ValueError(f"no bot level {level!r}; the levels are: {', '.join(BOTS)}") from None


def _game_module(game_id: str) -> ModuleType:
    """The bot module the game's spec names (the closed-hand rummy policy if it names none)."""
    from cardtable.engine.registry import get

    return importlib.import_module(get(game_id).bot or "cardtable.kits.rummy.closed")


def policy_for(game_id: str, level: str, rules: Ruleset) -> Policy:
    """The policy of ``game_id`` at ``level``, from the bot module its spec names."""
    policy: Policy = _game_module(game_id).make_policy(level, rules)
    return policy


def arrange(game_id: str, rules: Ruleset, hand: Sequence[str]) -> tuple[list[list[str]], list[str]]:
    """A hand (card names) arranged for display: its best melds and the loose cards, from
    the game module's ``arrange`` (rummies); else no melds and the cards by suit and rank.

    >>> from cardtable.engine import get
    >>> rules = get("scala40").rules_type()
    >>> arrange("scala40", rules, ["2C", "KS", "7H", "KD", "9H", "8H", "KC"])
    ([['KS', 'KD', 'KC'], ['7H', '8H', '9H']], ['2C'])
    """
    fn = getattr(_game_module(game_id), "arrange", None)
    if fn is not None:
        found: tuple[list[list[str]], list[str]] = fn(hand, rules)
        return found
    return [], sorted(hand, key=lambda n: (parse_card(n).suit_index, parse_card(n).rank))


def sampler(game: Game, seat: int) -> Sampler:
    """``sample(rng)`` for ``seat``: a determinized copy whose own RNG is reseeded from
    ``rng`` (so reshuffles inside a sample do not replay the real game's future)."""

    def sample(rng: random.Random) -> Game:
        copy = game.determinize(seat, rng)
        inner = getattr(copy, "rng", None)
        if isinstance(inner, random.Random):
            inner.seed(rng.getrandbits(64))
        return copy

    return sample


def turn_of(game: Game, rng: random.Random, budget: float = HARD_BUDGET) -> Turn:
    """The :class:`Turn` of the seat to act (what its bot may see)."""
    seat = game.to_act
    if seat is None:
        raise ValueError("the match is over: nobody is to act")
    return Turn(seat, game.view(seat), game.legal_moves(), game.rules, rng, sampler(game, seat), budget)


def decide(bot: Bot, game: Game, rng: random.Random, budget: float = HARD_BUDGET) -> Decision:
    """Ask ``bot`` for the move of the seat to act (the game itself stays out of its reach)."""
    return bot.decide(turn_of(game, rng, budget))


def hint(game: Game, rng: random.Random | None = None, level: str = "hard") -> Decision:
    """A suggested move for the seat to act, with why (what a ``level`` bot would play)."""
    return decide(make_bot(level), game, rng or random.Random(game.seed ^ len(game.history)))


__all__ = [
    "BOTS",
    "HARD_BUDGET",
    "Bot",
    "Decision",
    "LevelBot",
    "LevelPolicy",
    "Policy",
    "RandomBot",
    "Sampler",
    "Turn",
    "arrange",
    "decide",
    "hint",
    "make_bot",
    "policy_for",
    "sampler",
    "turn_of",
]
