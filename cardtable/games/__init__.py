"""The built-in games, one module (soon one package) each.

Nothing is imported here: the engine's registry finds each game's ``SPEC`` through the
``cardtable.games`` entry points listed in ``pyproject.toml`` (the catalogue).
"""
