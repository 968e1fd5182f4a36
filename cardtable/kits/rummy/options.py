"""Rule toggles that several rummy games declare alike, declared once here.

>>> from cardtable.engine.ruleset import Ruleset
>>> class Demo(Ruleset):
...     max_stock_rebuilds: int = stock_rebuilds("Rebuilds", "the deal is void")
>>> Demo().max_stock_rebuilds
3
>>> Demo.model_fields["max_stock_rebuilds"].description.split(". ")[0]
'When the stock runs out once more than this, the deal is void (0 = rebuild for ever)'
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.ruleset import toggle

__all__ = ["stock_rebuilds"]


def stock_rebuilds(title: str, ends: str, default: int = 3, pile: str = "stock") -> Any:
    """The field that caps how often an empty stock is rebuilt from the discards: once the
    ``pile`` (what the game calls its stock) runs out more often than this, ``ends`` says
    what happens. 0 rebuilds for ever; the cap guards against deals nobody finishes."""
    return toggle(
        default,
        title,
        f"When the {pile} runs out once more than this, {ends} (0 = rebuild for ever). "
        "Guards against deals nobody can finish.",
        ge=0,
        le=50,
    )
