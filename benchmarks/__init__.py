"""cardtable's benchmarks: ``uv run python -m benchmarks`` prints one table of figures."""
