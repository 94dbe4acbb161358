"""The pull-request gate policy: which classes fail, and the score thresholds.

Pure: the caller computes the diff, applies the ignore file and (when a score
threshold is set) the two scores; `evaluate` only decides.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mcpvcr.diff.catalogue import CLASSES, DEFAULT_FAIL_ON
from mcpvcr.diff.model import Changes
from mcpvcr.diff.render import Verdict
from mcpvcr.errors import UsageError

__all__ = ["DEFAULT_FAIL_ON", "Scores", "evaluate", "parse_fail_on", "verdict_json"]


def parse_fail_on(text: str | None) -> tuple[str, ...]:
    """`breaking,security` -> ("breaking", "security"); `none` or empty: never fail on changes."""
    if text is None:
        return DEFAULT_FAIL_ON
    values = [part.strip().lower() for part in text.split(",") if part.strip()]
    if values in ([], ["none"], ["never"]):
        return ()
    bad = [value for value in values if value not in CLASSES]
    if bad:
        raise UsageError(
            f"--fail-on: unknown class {bad[0]!r} (choose from {', '.join(CLASSES)}, or none)"
        )
    return tuple(name for name in CLASSES if name in values)


@dataclass(frozen=True, kw_only=True)
class Scores:
    """Scores of both sides (None when not computed)."""

    old: int | None = None
    new: int | None = None
    grade: str | None = None
    rules_off: tuple[str, ...] = ()
    """Rule families the configuration turned off or weakened (each names its file)."""


def evaluate(
    changes: Changes,
    fail_on: Iterable[str],
    *,
    scores: Scores | None = None,
    min_score: int | None = None,
    max_score_drop: int | None = None,
    expired: Iterable[str] = (),
) -> Verdict:
    """Decide the gate: a violation per failing class with changes, and per broken threshold."""
    counts = changes.counts()
    reasons: list[str] = []
    for cls in fail_on:
        if counts.get(cls):
            reasons.append(f"{counts[cls]} {cls} change(s) (--fail-on includes {cls})")
    score_lines: list[str] = []
    if scores is not None and scores.new is not None:
        grade = f" ({scores.grade})" if scores.grade else ""
        line = f"score {scores.new}/100{grade}"
        if scores.old is not None:
            line += f", baseline {scores.old}/100 ({scores.new - scores.old:+d})"
        score_lines.append(line)
        score_lines.extend(f"warning: {off}" for off in scores.rules_off)
        if min_score is not None and scores.new < min_score:
            reasons.append(f"score {scores.new} is below --min-score {min_score}")
        if (
            max_score_drop is not None
            and scores.old is not None
            and scores.old - scores.new > max_score_drop
        ):
            reasons.append(
                f"score dropped {scores.old - scores.new} points ({scores.old} -> {scores.new}),"
                f" more than --max-score-drop {max_score_drop}"
            )
    return Verdict(
        failed=bool(reasons),
        reasons=tuple(reasons),
        score_lines=tuple(score_lines),
        expired=tuple(expired),
    )


def verdict_json(verdict: Verdict, fail_on: Iterable[str], scores: Scores | None) -> dict[str, Any]:
    """The `gate` section of the JSON output."""
    return {
        "gate": {
            "failed": verdict.failed,
            "failOn": list(fail_on),
            "reasons": list(verdict.reasons),
            "score": None if scores is None else scores.new,
            "baselineScore": None if scores is None else scores.old,
            "grade": None if scores is None else scores.grade,
            "expiredIgnores": list(verdict.expired),
        }
    }
