"""The library API of scoring: `score`, `render`, `soften_report`.

    from mcpvcr import store
    from mcpvcr.score import score, render
    report = score(store.load("cassettes/demo.mcpvcr"))
    print(report.overall, report.grade)
    print(render(report, "markdown"))

Everything here is offline and pure: it reads only the cassette (never `mcp`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpvcr.report import render
from mcpvcr.scoring.model import Dimension, Report

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.config import LintConfig

__all__ = ["Dimension", "Report", "render", "score", "soften_report"]


def score(cassette: Cassette, config: LintConfig | None = None) -> Report:
    """Score a cassette 0-100 with a grade, dimensions, findings and the mcp-probe view."""
    from mcpvcr.scoring import build_report

    return build_report(cassette, config)


def soften_report(report: Report) -> dict[str, Any]:
    """The soft view: scores and counts only, no reasons, findings or fuzz rows."""
    from mcpvcr.report.json_report import soften_report as soften

    return soften(report)
