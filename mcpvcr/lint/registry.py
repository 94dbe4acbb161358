"""The rule registry: each lint rule is a small function registered with `@rule`.

A rule has a stable code (an append-only public contract, as MCProbe's codes
are), a default severity, a one-line summary and a fix hint. Its function yields
`Hit`s (message + location); the runner turns them into `Finding`s carrying the
rule's code, severity and hint, so a rule never repeats its own metadata.

Scopes decide when a rule runs and so the output order (MCProbe's order):
`server` rules once first, then for each tool its `tool` rules
and, per property, its `param` rules, then `contract` rules once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

Severity = Literal["error", "warning", "info"]
Scope = Literal["server", "tool", "param", "contract"]

SEVERITY_RANK: Final[Mapping[str, int]] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One problem found in a cassette."""

    code: str
    """Stable rule code, e.g. "tool.missing_description"."""
    severity: Severity
    message: str
    location: Mapping[str, str] = field(default_factory=dict)
    """Where: any of tool, param, resource, template, prompt, field; {} = server-wide."""
    hint: str = ""
    """How to fix it, one sentence."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "location": dict(self.location),
            "hint": self.hint,
        }

    @property
    def where(self) -> str:
        """A short human name for the location: `tool.param`, `tool`, `prompt x`, or `server`."""
        loc = self.location
        if "tool" in loc:
            return f"{loc['tool']}.{loc['param']}" if "param" in loc else loc["tool"]
        for key in ("resource", "template", "prompt"):
            if key in loc:
                return f"{key} {loc[key]}"
        return f"server {loc['server']}" if "server" in loc else "server"  # launch configs


@dataclass(frozen=True)
class Hit:
    """What a rule function yields: the message and where (the runner adds the rest)."""

    message: str
    location: Mapping[str, str] = field(default_factory=dict)
    severity: Severity | None = None
    """Overrides the rule's default severity (a scanner verdict can be a warning or an error)."""


RuleFunc = Callable[..., Iterator[Hit]]


@dataclass(frozen=True, kw_only=True)
class Rule:
    """A registered rule."""

    code: str
    severity: Severity
    summary: str
    hint: str
    scope: Scope
    scored: bool
    """True when its findings count in the Schema Quality dimension."""
    default: bool
    """True when it runs without being selected (opt-in rules run only when selected)."""
    func: RuleFunc
    sequence: int
    """Registration order (the order within a rule module is the evaluation order)."""

    def finding(self, hit: Hit) -> Finding:
        return Finding(
            code=self.code,
            severity=hit.severity or self.severity,
            message=hit.message,
            location=dict(hit.location),
            hint=self.hint,
        )


RULES: dict[str, Rule] = {}
"""Every registered rule by code, in registration (= evaluation) order."""


def rule(
    code: str,
    severity: Severity,
    summary: str,
    hint: str,
    *,
    scope: Scope,
    scored: bool = True,
    default: bool = True,
) -> Callable[[RuleFunc], RuleFunc]:
    """Register a rule function under a stable code; a second registration is a bug."""

    def register(func: RuleFunc) -> RuleFunc:
        if code in RULES and RULES[code].func.__qualname__ != func.__qualname__:
            raise ValueError(f"lint rule {code} registered twice")
        RULES[code] = Rule(
            code=code,
            severity=severity,
            summary=summary,
            hint=hint,
            scope=scope,
            scored=scored,
            default=default,
            func=func,
            sequence=len(RULES),
        )
        return func

    return register
