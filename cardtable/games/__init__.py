"""The built-in games, one package each (its spec in ``__init__.py``, then its game, rules
model, bot and ``rules.md``).

Nothing is imported here: the engine's registry finds each game's ``SPEC`` through the
``cardtable.games`` entry points listed in ``pyproject.toml`` (the catalogue).
"""
