"""Output formats as objects, one registry per kind of output (pip-audit's `VulnerabilityFormat`).

A format is a name, a one-line description and a pure `render(subject,
options) -> str`. The score report, lint findings and contract diffs each have
a registry; commands take their `--format` choices from it and render through
it, so adding a format is one entry in one place (see ARCHITECTURE.md).
Renderers import their modules when called: listing the formats costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")

__all__ = ["FormatRegistry", "Options", "OutputFormat"]


@dataclass(frozen=True, kw_only=True)
class Options:
    """What a renderer may need beyond its subject."""

    source: str | None = None
    """The cassette path that SARIF results point at (also printed by lint's text)."""
    fail_on: tuple[str, ...] | None = None
    """Change classes that count as failures (JUnit); None = the gate's default classes."""
    color: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Sections added to a JSON document (the gate's verdict)."""


@dataclass(frozen=True, kw_only=True)
class OutputFormat(Generic[T]):
    name: str
    description: str
    render: Callable[[T, Options], str]
    listed: bool = True
    """Offered as a `--format` choice (False: reached through its own flag, e.g. --soft)."""


class FormatRegistry(Generic[T]):
    """The formats of one kind of output, in the order `--help` lists them."""

    def __init__(self, kind: str, formats: Iterable[OutputFormat[T]]) -> None:
        self.kind = kind
        self._formats = {f.name: f for f in formats}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._formats)

    @property
    def choices(self) -> list[str]:
        """The names offered by `--format`."""
        return [f.name for f in self._formats.values() if f.listed]

    def get(self, name: str) -> OutputFormat[T]:
        found = self._formats.get(name)
        if found is None:
            raise ValueError(
                f"unknown {self.kind} format {name!r} (one of {', '.join(self._formats)})"
            )
        return found

    def render(self, subject: T, name: str, options: Options | None = None) -> str:
        return self.get(name).render(subject, options or Options())
