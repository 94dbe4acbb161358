"""The package version, in a module of its own so that any module can read it without
importing the `mcpvcr` facade (which reaches the whole library API lazily)."""

__version__ = "0.1.0"

JUDGE_VERSION = "1"
"""The verdict judge's version (`mcpvcr.judge`): bumped whenever a verdict on the same
observation can change. Every report names it as JUDGE_NAME."""

JUDGE_NAME = f"mcpvcr-judge/{JUDGE_VERSION}"
