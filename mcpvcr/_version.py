"""The package version, in a module of its own so that any module can read it without
importing the `mcpvcr` facade (which reaches the whole library API lazily)."""

__version__ = "0.1.0"
