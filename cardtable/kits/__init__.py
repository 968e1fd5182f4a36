"""Kits: rules shared by a family of games (tricks, ...), built on the engine only.

A kit imports :mod:`cardtable.engine` and nothing above it (no game, no UI); games import
kits. The import-linter contracts in ``pyproject.toml`` check both.
"""
