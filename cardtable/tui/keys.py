"""What a key will do, said before it is pressed: the card a one-card key acts on (shown in
the footer: "x Discard 6♦") and the question asked before a move that ends the turn
("Discard 9♥ and end your turn?"). From the game's verb specs only: no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace

from textual.binding import Binding

from cardtable.engine.cards import parse_card
from cardtable.engine.verbs import Takes, VerbSpec
from cardtable.engine.views import MeldView
from cardtable.engine.words import one_of


def key_labels(
    specs: Iterable[VerbSpec], card: str | None, show: Callable[[str], str], able: Collection[str] = ()
) -> dict[str, str]:
    """Each verb's footer label; a one-card verb names the card it will take (the one
    selected, else the one under the cursor), so ``x`` never surprises, but only where a
    legal move of that verb takes that card (``able``: those verbs): a key never promises a
    card it would refuse.

    >>> from cardtable.engine.verbs import verb_specs
    >>> key_labels(verb_specs(("draw", "discard")), "6D", str, able={"discard"})
    {'draw': 'Draw', 'discard': 'Discard 6D'}
    >>> key_labels(verb_specs(("play",)), "7S", str, able=())
    {'play': 'Play'}
    """
    return {
        v.name: f"{v.label} {show(card)}" if v.takes is Takes.CARD and card and v.name in able else v.label
        for v in specs
    }


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
    spec: VerbSpec,
    card: str,
    *,
    by_enter: bool,
    chosen: bool,
    show: Callable[[str], str],
    meld_of: Callable[[str], Sequence[str]] | None = None,
) -> str | None:
    """The question to ask before a move that ends the turn (``VerbSpec.ends_turn``), or None.

    Enter always asks (Enter twice after a draw threw the drawn card away); the verb's own
    key asks only for the card under the cursor, not for a card the player selected.
    ``meld_of(card)``: the meld of the hand's best arrangement the card is in (asked only when
    there is a question), said in it: Enter after a draw offered to throw the card that had
    just made a set.

    >>> from cardtable.engine.verbs import verb_specs
    >>> discard = verb_specs(("discard",))[0]
    >>> turn_end_question(discard, "9H", by_enter=True, chosen=True, show=str)
    'Discard 9H and end your turn?'
    >>> turn_end_question(discard, "JK", by_enter=False, chosen=False, show=str)
    'Discard JK (a joker) and end your turn?'
    >>> turn_end_question(discard, "9H", by_enter=False, chosen=True, show=str) is None
    True
    >>> turn_end_question(discard, "9S", by_enter=True, chosen=False, show=str, meld_of=lambda c: ["9C", "9D", c])
    'Discard 9S from your meld 9C 9D 9S and end your turn?'
    """
    if not spec.ends_turn or (chosen and not by_enter):
        return None
    joker = " (a joker)" if parse_card(card).rank == 0 else ""
    meld = meld_of(card) if meld_of is not None else ()
    group = f" from your meld {' '.join(show(c) for c in meld)}" if meld else ""
    return f"{spec.label} {show(card)}{joker}{group} and end your turn?"


def wild_targets(melds: Iterable[MeldView], names: Iterable[str]) -> list[int]:
    """The numbers of the table melds where a wild card stands for one of ``names``: where a
    swap of those cards belongs (``w`` guessed meld 1 before).

    >>> m = MeldView(number=3, owner=0, kind="run", cards=("5D", "JK", "7D"), stands_for=("5D", "6D", "7D"), text="")
    >>> wild_targets([m], ["6D"]), wild_targets([m], ["7D"])
    ([3], [])
    """
    wanted = set(names)
    return [
        m.number
        for m in melds
        if any(c != r and r in wanted for c, r in zip(m.cards, m.stands_for, strict=False))
    ]


def split_groups(
    cards: Sequence[str], arrange: Callable[[Sequence[str]], tuple[list[list[str]], list[str]]]
) -> list[list[str]] | None:
    """Several groups selected at once, split by the game's solver (``arrange``): None unless
    every card falls in a group and there are two groups or more.

    >>> split_groups(["KS", "7H", "KD", "8H", "KC", "9H"], lambda c: ([["KS", "KD", "KC"], ["7H", "8H", "9H"]], []))
    [['KS', 'KD', 'KC'], ['7H', '8H', '9H']]
    """
    if len(cards) < 6:
        return None
    melds, loose = arrange(cards)
    return melds if len(melds) >= 2 and not loose else None


TABLE_KEYS = (
    ("←→ h l", "move the cursor along your hand; Home / End: the first / last card"),
    ("shift+←→", "move the card under the cursor (arrange the hand by hand)"),
    ("space", "select or unselect the card under the cursor (or click it)"),
    ("escape", "clear the selection"),
    ("enter", ""),  # (its line names the game's own verbs: see keys_help)
    ("s", "a hint with its reason"),
    ("o", "sort your hand by suit or by rank"),
    (":", "type a move in notation"),
    ("ctrl+z", "take back your last move of this turn"),
    ("ctrl+p", "the menu: new game, card style, computer speed, theme and other settings"),
)
"""The keys every table has (the footer shows only those a move needs now)."""

MELD_KEYS = (
    ("r", "arrange your hand into the groups it makes"),
    ("1-9", "lay off (or swap) the selected card on that table meld"),
)
"""The keys of a table with melds: only games with a verb that lays groups or lays off have them."""


def keys_help(specs: Iterable[VerbSpec], groups: bool = False) -> str:
    """The ``?`` screen's keys section: the table's keys, then this game's own. The meld keys
    show only where a verb lays groups or lays off (a betting game has no melds); ``groups``:
    the game shows a hand's groups without laying them (a declare panel), so ``r`` applies.

    >>> from cardtable.engine.verbs import verb_specs
    >>> "| x | Discard: the card chosen |" in keys_help(verb_specs(("discard",)))
    True
    >>> "lay off" in keys_help(verb_specs(("discard",)))
    False
    >>> "| n | Next |" in keys_help(verb_specs(("next",)))
    True
    """
    specs = list(specs)
    rows = ["## Keys at this table", "", "| key | does |", "|---|---|"]
    rows += [f"| {key} | {does or _enter_does(specs)} |" for key, does in TABLE_KEYS]
    takes = {v.takes for v in specs}
    used = {"r": groups or Takes.GROUPS in takes, "1-9": Takes.TARGET in takes}
    rows += [f"| {key} | {does} |" for key, does in MELD_KEYS if used[key]]
    for v in specs:
        does = v.about or _default_about(v)
        # a verb that takes nothing and says no more than its name ('Next: next') is named once
        rows.append(
            f"| {v.key} | {v.label} |"
            if does.lower() == v.label.lower()
            else f"| {v.key} | {v.label}: {does} |"
        )
    return "\n".join(rows) + "\n"


def enter_ladder(specs: Iterable[VerbSpec]) -> list[VerbSpec]:
    """The verbs Enter may play, in the order it tries them (``VerbSpec.enter``)."""
    return sorted((v for v in specs if v.enter), key=lambda v: v.enter)


def _enter_does(specs: list[VerbSpec]) -> str:
    """The Enter line: the game's verbs in the order Enter tries them (a footer may name
    another first: a game that offers 'Take' before 'Draw' draws with Enter, never takes).

    >>> from cardtable.engine.verbs import verb_specs
    >>> _enter_does(verb_specs(("take", "draw", "discard")))
    'the obvious move now, the first that fits of Draw or Discard; asks before a discard ends your turn'
    >>> _enter_does(verb_specs(("play",)))
    'the obvious move now: Play'
    """
    ladder = enter_ladder(specs)
    if not ladder:
        return "nothing at this table (use the keys the footer names)"
    said = one_of([v.label for v in ladder])
    text = (
        f"the obvious move now: {said}"
        if len(ladder) == 1
        else f"the obvious move now, the first that fits of {said}"
    )
    if any(v.ends_turn for v in ladder):
        text += "; asks before a discard ends your turn"
    return text


def _default_about(v: VerbSpec) -> str:
    return {
        Takes.CARD: "the card chosen",
        Takes.CARDS: "the selected cards",
        Takes.GROUPS: "the selected cards, one group or several",
        Takes.TARGET: "the selected card onto a table meld (then its number)",
        Takes.AMOUNT: "the amount chosen with + and -",
    }.get(v.takes, v.example or v.name)


def flagged_label(spec: VerbSpec, move_flags: Iterable[str], cards: str, show: Callable[[str], str]) -> str:
    """A move of a verb with flags in words, not notation (the flag word after the cards).

    >>> from cardtable.engine.verbs import VerbSpec
    >>> lay = VerbSpec("lay", "y", "Lay", flags=("shout",), flag_words=(("shout", "and shout 'Last!'"),))
    >>> flagged_label(lay, ["shout"], "9S", str), flagged_label(lay, [], "9S", str)
    ("Lay 9S and shout 'Last!'", 'Lay 9S (no shout)')
    """
    words = dict(spec.flag_words)
    said = [words.get(f, f) for f in move_flags]
    base = f"{spec.label} {show(cards)}"
    if said:
        return f"{base} {' '.join(said)}"
    return base + "".join(f" (no {flag})" for flag in spec.flags)
