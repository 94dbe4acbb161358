"""The report data: plain frozen dataclasses the renderers read."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from mcpvcr.lint.registry import Finding

DIMENSION_LABELS = {
    "metadata": "Metadata & Documentation",
    "schemaQuality": "Schema Quality",
    "errorHandling": "Error Handling",
    "liveness": "Liveness & Performance",
}


def round_half_up(value: float, digits: int = 0) -> float:
    """JavaScript's Math.round at `digits` decimals (half toward +inf), not banker's rounding."""
    scale = 10**digits
    return float(math.floor(value * scale + 0.5) / scale)


def clamp_dim(value: float) -> float:
    """MCProbe's clampDim: clamp to [0, 10], then round half-up to 2 decimals."""
    return round_half_up(min(10.0, max(0.0, value)), 2)


def to_fixed(value: float, digits: int) -> str:
    """JavaScript's Number.prototype.toFixed: exact binary value, ties away from zero."""
    quantum = Decimal(1).scaleb(-digits)
    return str(Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP))


def short_number(value: float) -> str:
    """toFixed(2) without trailing zeros: 10, 5.56, 8.75, 3.5."""
    text = to_fixed(value, 2)
    return text.rstrip("0").rstrip(".") if "." in text else text


SECURITY_CAP = 59
"""The highest overall score of a server with any security error finding (grade D)."""


def security_cap_reason(findings: tuple[Finding, ...] | list[Finding]) -> str | None:
    """Why the grade is capped, or None: any `security.*` finding at severity error.

    A poisoned server can have perfect metadata, schemas and error handling; averaging
    those would grade it A or B and pass a `--min-score 75` gate. The cap makes the
    score say what the findings say. Severity is read after config overrides, so a
    rule a project downgraded on purpose does not cap.
    """
    errors = [f for f in findings if f.code.startswith("security.") and f.severity == "error"]
    if not errors:
        return None
    codes = ", ".join(sorted({f.code for f in errors}))
    return (
        f"capped at {SECURITY_CAP}: {len(errors)} security error finding(s) ({codes}); "
        "a server that may poison the model's context cannot pass on quality alone"
    )


NO_RESULT_CAP = 59
"""The highest overall score of a server none of whose valid calls returned a real result."""

EVIDENCE_CAP = 74
"""The highest overall score when Liveness could not be measured on a fuzzed recording."""


def no_result_cap_reason(critical: Critical) -> str | None:
    """Why the grade is capped because no valid call ever worked, or None.

    Whatever the failures said (an error, "not found", "access denied", a
    refusal dressed as success, in any language) and however they came (a
    JSON-RPC error, an isError result, plain text), a tool that was never seen
    working cannot pass on its schemas alone.
    """
    if not critical.never_worked:
        return None
    failed = critical.valid_tried - critical.valid_inconclusive
    why = f"{failed} failed, {critical.valid_inconclusive} inconclusive"
    return (
        f"capped at {NO_RESULT_CAP}: none of the {critical.valid_tried} valid call(s) returned "
        f"a real result ({why}); a server never seen working cannot pass on its contract "
        "alone (pin real arguments, or record where its tools can work)"
    )


def evidence_cap_reason(fuzzed: bool, tools: int, liveness: Dimension | None) -> str | None:
    """Why the grade is capped because Liveness is not measured on a fuzzed recording, or None."""
    if not fuzzed or tools == 0 or liveness is None or not liveness.not_measured:
        return None
    return (
        f"capped at {EVIDENCE_CAP}: Liveness not measured (too few valid calls judged); "
        "no grade above C without evidence the tools work"
    )


def grade_of(overall: int) -> str:
    """A >= 90, B >= 75, C >= 60, D >= 40, else F."""
    for grade, floor in (("A", 90), ("B", 75), ("C", 60), ("D", 40)):
        if overall >= floor:
            return grade
    return "F"


@dataclass(frozen=True, kw_only=True)
class Dimension:
    key: str
    label: str
    score: float
    reasons: tuple[str, ...]
    not_measured: bool = False
    judged: int | None = None
    """How many recorded calls this dimension judged (None: it reads no calls)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "score": self.score,
            "reasons": list(self.reasons),
            "notMeasured": self.not_measured,
        }
        if self.judged is not None:
            out["judged"] = self.judged
        return out


@dataclass(frozen=True, kw_only=True)
class Critical:
    """Behavioural red flags (a flag, not a score), from the fuzz interactions."""

    measured: bool
    silent_tools: tuple[str, ...] = ()
    empty_tools: tuple[str, ...] = ()
    schema_tools: tuple[str, ...] = ()
    crashes: int = 0
    valid_tried: int = 0
    """Valid tools/call cases sent."""
    valid_working: int = 0
    """Of those, the ones that returned a real result (ok, not empty, not garbage)."""
    valid_inconclusive: int = 0
    """Of those, the ones judged inconclusive (environment, guessed arguments)."""

    @property
    def never_worked(self) -> bool:
        """Valid calls were made and none returned a real result, in any wording."""
        return self.valid_tried > 0 and self.valid_working == 0

    @property
    def clean(self) -> bool:
        return not (
            self.silent_tools
            or self.empty_tools
            or self.schema_tools
            or self.crashes
            or self.never_worked
        )


@dataclass(frozen=True, kw_only=True)
class Health:
    """mcp-probe's health view: which listed things answered a normal call."""

    measured: bool
    tools_callable: int = 0
    tools_exercised: int = 0
    tools_total: int = 0
    resources_readable: int = 0
    resources_read: int = 0
    resources_total: int = 0
    prompts_gettable: int = 0
    prompts_got: int = 0
    prompts_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "measured": self.measured,
            "toolsCallable": self.tools_callable,
            "toolsExercised": self.tools_exercised,
            "toolsTotal": self.tools_total,
            "resourcesReadable": self.resources_readable,
            "resourcesRead": self.resources_read,
            "resourcesTotal": self.resources_total,
            "promptsGettable": self.prompts_gettable,
            "promptsGot": self.prompts_got,
            "promptsTotal": self.prompts_total,
        }


@dataclass(frozen=True, kw_only=True)
class Check:
    """One publishability check verdict."""

    check: str
    passed: bool
    severity: str
    message: str

    @property
    def verdict(self) -> str:
        """PASS, FAIL, or SKIP for a check that did not apply."""
        if self.message.startswith("skipped"):
            return "SKIP"
        return "PASS" if self.passed else "FAIL"


@dataclass(frozen=True, kw_only=True)
class Publishability:
    """mcp-probe's publishability composite (a separate scale from the overall score)."""

    composite: int
    grade: str
    band: str
    protocol: int
    edge: int
    publishability: int
    failures: tuple[str, ...]
    caps: tuple[tuple[str, int], ...]
    checks: tuple[Check, ...]
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "composite": self.composite,
            "grade": self.grade,
            "band": self.band,
            "byDomain": {
                "protocol": self.protocol,
                "edgeCases": self.edge,
                "publishability": self.publishability,
            },
            "failures": list(self.failures),
            "capsApplied": [{"reason": r, "ceiling": c} for r, c in self.caps],
            "checks": [
                {"check": c.check, "passed": c.passed, "severity": c.severity, "message": c.message}
                for c in self.checks
            ],
            "notes": list(self.notes),
        }


@dataclass(frozen=True, kw_only=True)
class FuzzRow:
    """One recorded tools/call, as the fuzz table shows it."""

    tool: str
    case: str
    outcome: str
    flags: tuple[str, ...]
    latency_ms: int | None
    message: str | None
    by: str = ""
    """What decided the verdict: a heuristic or oracle id (mcpvcr.judge.heuristics)."""

    @property
    def silent(self) -> bool:
        return "silentlyAccepted" in self.flags

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "case": self.case,
            "outcome": self.outcome,
            "flags": list(self.flags),
            "latencyMs": self.latency_ms,
            "message": self.message,
            "by": self.by,
        }


@dataclass(frozen=True, kw_only=True)
class SideEffect:
    """One file a recorded call created, modified or deleted in the jail's copy (when recorded)."""

    tool: str
    case: str
    change: str
    path: str
    size: int | None


@dataclass(frozen=True, kw_only=True)
class Report:
    """Everything a renderer needs; computed only from one cassette."""

    server: dict[str, str]
    protocol: dict[str, str]
    overall: int
    grade: str
    dimensions: tuple[Dimension, ...]
    findings: tuple[Finding, ...]
    fuzz: tuple[FuzzRow, ...]
    coverage: dict[str, Any] | None
    critical: Critical
    health: Health
    publishability: Publishability
    fuzzed: bool
    complete: bool = True
    incomplete: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    """Listed items per kind: tools, resources, resourceTemplates, prompts."""
    uncapped: int | None = None
    """The average of the dimensions when a cap lowered `overall`, else None."""
    cap: str | None = None
    """Why `overall` was capped (security errors, no working call, no evidence), else None."""
    side_effects: tuple[SideEffect, ...] = ()
    """The interactions' `sideEffects` observations, in recorded order (none when not jailed)."""
    rules_off: tuple[str, ...] = ()
    """Rule families the configuration turned off or weakened, each naming its file."""
