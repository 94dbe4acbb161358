"""One leaderboard row's numbers, from a report (the one offline scoring path).

Both the fleet worker (right after recording) and `mcpvcr score DIR` call
`summarize(score(cassette, config))`, so the index and the leaderboard agree.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig
    from mcpvcr.scoring.model import Report

DIMENSIONS = ("metadata", "schemaQuality", "errorHandling", "liveness")


def summarize(report: Report) -> dict[str, Any]:
    """grade, score, the four dimensions (None when not measured), security errors, counts."""
    dims: dict[str, float | None] = dict.fromkeys(DIMENSIONS)
    for dim in report.dimensions:
        dims[dim.key] = None if dim.not_measured else dim.score
    coverage = report.coverage or {}
    return {
        "grade": report.grade,
        "score": report.overall,
        "dimensions": dims,
        "securityErrors": sum(
            1 for f in report.findings if f.code.startswith("security.") and f.severity == "error"
        ),
        "tools": report.counts.get("tools", 0),
        "coverage": {
            "fuzzed": int(coverage.get("fuzzed", 0) or 0),
            "cases": int(coverage.get("cases", 0) or 0),
        }
        if report.fuzzed
        else None,
        "complete": report.complete,
        "serverVersion": report.server.get("version", ""),
    }


def score_file(path: str | Path, config: LintConfig | None = None) -> dict[str, Any]:
    """Load, score and summarize one cassette; adds its sha256."""
    from mcpvcr import codec, store
    from mcpvcr.score import score

    data = store.read_bytes(path)
    cassette = codec.decode(data, str(path))
    return {**summarize(score(cassette, config)), "cassetteSha256": sha256(data)}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
