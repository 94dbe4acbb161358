"""The machine report, `"schema": "mcpvcr.report/1"`, and the `--soft` view.

Shape (keys sorted in the output; additions keep the version, removals or
meaning changes bump it):

    schema        "mcpvcr.report/1"
    tool          {"name": "mcpvcr", "version": "...", "judge": "mcpvcr-judge/N"} (the
                  judge whose verdicts the report rests on, mcpvcr.judge)
    server        {"name", "version", "instructions"?}
    protocol      {"version", "handshake", "transport"}
    complete, incomplete
    overall, grade
    dimensions    [{"key", "label", "score", "reasons": [...], "notMeasured"}]
    critical      {"measured", "silentTools": [...], "emptySuccessTools": [...],
                   "outputSchemaTools": [...], "crashes", "validCalls", "validCallsWorking"}
    coverage      the recording's coverage object, or null
    counts        listed items: {"tools", "resources", "resourceTemplates", "prompts"}
    findings      [{"code", "severity", "message", "location", "hint"}] (evaluation order)
    findingsSummary {"total", "bySeverity": {"error", "warning", "info"}, "codes": [...]}
    fuzz          [{"tool", "case", "outcome", "flags", "latencyMs", "message"}]
    health        mcp-probe health view (see scoring.model.Health.to_dict)
    publishability mcp-probe composite (see scoring.model.Publishability.to_dict)

The soft view (`"schema": "mcpvcr.report.soft/1"`, MCProbe's `softenReport`) keeps
the scores and counts and drops every reason, finding and fuzz row.
"""

from __future__ import annotations

from typing import Any

from mcpvcr._version import JUDGE_NAME, __version__
from mcpvcr.report.common import severity_counts
from mcpvcr.scoring.model import Report

SCHEMA = "mcpvcr.report/1"
SOFT_SCHEMA = "mcpvcr.report.soft/1"
LOCKED = ("dimensionReasons", "findingsList", "fuzzTable", "recommendedFixes")


def report_document(report: Report) -> dict[str, Any]:
    critical = report.critical
    return {
        "schema": SCHEMA,
        "tool": {"name": "mcpvcr", "version": __version__, "judge": JUDGE_NAME},
        "server": dict(report.server),
        "protocol": dict(report.protocol),
        "complete": report.complete,
        "incomplete": report.incomplete,
        "overall": report.overall,
        "grade": report.grade,
        "cap": _cap(report),
        **({"rulesOff": list(report.rules_off)} if report.rules_off else {}),
        "dimensions": [d.to_dict() for d in report.dimensions],
        "critical": {
            "measured": critical.measured,
            "silentTools": list(critical.silent_tools),
            "emptySuccessTools": list(critical.empty_tools),
            "outputSchemaTools": list(critical.schema_tools),
            "crashes": critical.crashes,
            "validCalls": critical.valid_tried,
            "validCallsWorking": critical.valid_working,
        },
        "coverage": report.coverage,
        "counts": dict(report.counts),
        "findings": [f.to_dict() for f in report.findings],
        "findingsSummary": {
            "total": len(report.findings),
            "bySeverity": severity_counts(report.findings),
            "codes": sorted({f.code for f in report.findings}),
        },
        "fuzz": [row.to_dict() for row in report.fuzz],
        "health": report.health.to_dict(),
        "publishability": report.publishability.to_dict(),
    }


def soften_report(report: Report) -> dict[str, Any]:
    """Scores and counts only: no reasons, findings list, fuzz table or fixes."""
    critical = report.critical
    document: dict[str, Any] = {
        "schema": SOFT_SCHEMA,
        "server": {
            "name": report.server.get("name", ""),
            "version": report.server.get("version", ""),
        },
        "overall": report.overall,
        "grade": report.grade,
        "cap": _cap(report),
        **({"rulesOff": list(report.rules_off)} if report.rules_off else {}),
        "dimensions": [
            {"key": d.key, "label": d.label, "score": d.score, "notMeasured": d.not_measured}
            for d in report.dimensions
        ],
        "findings": {"total": len(report.findings), **severity_counts(report.findings)},
        "critical": {
            "measured": critical.measured,
            "silentTools": len(critical.silent_tools),
            "emptySuccessTools": len(critical.empty_tools),
            "outputSchemaTools": len(critical.schema_tools),
            "crashes": critical.crashes,
        },
        "locked": list(LOCKED),
    }
    if report.coverage is not None:
        document["coverage"] = report.coverage
    return document


def _cap(report: Report) -> dict[str, Any] | None:
    """Why the overall score is lower than the dimensions' average (None when it is not)."""
    if report.cap is None:
        return None
    return {"reason": report.cap, "uncapped": report.uncapped}
