"""Examples shipped with mcpvcr (a package so `python -m examples.demo_target` works)."""
