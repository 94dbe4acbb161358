"""mcpvcr's test suite (a package so `python -m tests.targets` and `tests.servers` import)."""
