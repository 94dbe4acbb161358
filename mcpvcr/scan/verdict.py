"""`Verdict`: what one combination rule says about one text, before it becomes a finding."""

from __future__ import annotations

from dataclasses import dataclass

from mcpvcr.scan.signals import Span


@dataclass(frozen=True)
class Verdict:
    rule: str
    severity: str
    span: Span
    why: str
    signals: tuple[str, ...]
