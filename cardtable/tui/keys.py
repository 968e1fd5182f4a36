"""What a key will do, said before it is pressed: the card a one-card key acts on (shown in
the footer: "x Discard 6♦") and the question asked before a move that ends the turn
("Discard 9♥ and end your turn?"). From the game's verb specs only: no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from textual.binding import Binding

from cardtable.engine.cards import parse_card
from cardtable.engine.verbs import Takes, VerbSpec


def key_labels(specs: Iterable[VerbSpec], card: str | None, show: Callable[[str], str]) -> dict[str, str]:
    """Each verb's footer label; a one-card verb names the card it will take (the one
    selected, else the one under the cursor), so ``x`` never surprises.

    >>> from cardtable.engine.verbs import verb_specs
    >>> key_labels(verb_specs(("draw", "discard")), "6D", str)
    {'draw': 'Draw', 'discard': 'Discard 6D'}
    """
    return {v.name: f"{v.label} {show(card)}" if v.takes is Takes.CARD and card else v.label for v in specs}


def relabel(bindings: dict[str, list[Binding]], labels: dict[str, str]) -> bool:
    """Give the verb bindings (ids ``verb-NAME``) their labels; True when one changed."""
    changed = False
    for key, group in bindings.items():
        for i, binding in enumerate(group):
            name = (binding.id or "").removeprefix("verb-")
            label = labels.get(name) if binding.id and binding.id.startswith("verb-") else None
            if label is not None and binding.description != label:
                group[i] = replace(binding, description=label)
                changed = True
        bindings[key] = group
    return changed


def turn_end_question(
    spec: VerbSpec, card: str, *, by_enter: bool, chosen: bool, show: Callable[[str], str]
) -> str | None:
    """The question to ask before a move that ends the turn (``VerbSpec.ends_turn``), or None.

    Enter always asks (Enter twice after a draw threw the drawn card away); the verb's own
    key asks only for the card under the cursor, not for a card the player selected.

    >>> from cardtable.engine.verbs import verb_specs
    >>> discard = verb_specs(("discard",))[0]
    >>> turn_end_question(discard, "9H", by_enter=True, chosen=True, show=str)
    'Discard 9H and end your turn?'
    >>> turn_end_question(discard, "JK", by_enter=False, chosen=False, show=str)
    'Discard JK (a joker) and end your turn?'
    >>> turn_end_question(discard, "9H", by_enter=False, chosen=True, show=str) is None
    True
    """
    if not spec.ends_turn or (chosen and not by_enter):
        return None
    joker = " (a joker)" if parse_card(card).rank == 0 else ""
    return f"{spec.label} {show(card)}{joker} and end your turn?"
