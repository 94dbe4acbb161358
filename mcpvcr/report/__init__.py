"""Report writers: Markdown, JSON, SARIF, HTML, the soft view, and lint's text/JSON/SARIF.

Pure functions from a `Report` (or a finding list) to text: the same input
always gives the same bytes (no time stamps, no absolute paths unless given).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcpvcr.lint.registry import Finding
    from mcpvcr.scoring.model import Report

REPORT_FORMATS = ("markdown", "json", "sarif", "html", "soft")
LINT_FORMATS = ("text", "json", "sarif")


def render(report: Report, fmt: str, *, source: str | None = None) -> str:
    """Render a score report; `source` is the cassette path SARIF results point at."""
    if fmt == "markdown":
        from mcpvcr.report.markdown import render_markdown

        return render_markdown(report)
    if fmt == "json":
        from mcpvcr.canonical_json import json_document as dumps
        from mcpvcr.report.json_report import report_document

        return dumps(report_document(report))
    if fmt == "soft":
        from mcpvcr.canonical_json import json_document as dumps
        from mcpvcr.report.json_report import soften_report

        return dumps(soften_report(report))
    if fmt == "html":
        from mcpvcr.report.html_report import render_html

        return render_html(report)
    if fmt == "sarif":
        from mcpvcr.lint import all_rules
        from mcpvcr.report.sarif import render_sarif

        return render_sarif(
            report.findings,
            all_rules(),
            source=source,
            category="score",
            properties={"overall": report.overall, "grade": report.grade},
        )
    raise ValueError(f"unknown report format {fmt!r} (one of {', '.join(REPORT_FORMATS)})")


def render_findings(findings: Sequence[Finding], fmt: str, *, source: str | None = None) -> str:
    """Render lint findings as text lines, a JSON document or SARIF."""
    from mcpvcr.lint import all_rules

    if fmt == "sarif":
        from mcpvcr.report.sarif import render_sarif

        return render_sarif(findings, all_rules(), source=source, category="lint")
    if fmt == "json":
        from mcpvcr._version import __version__
        from mcpvcr.canonical_json import json_document as dumps
        from mcpvcr.report.common import severity_counts

        return dumps(
            {
                "schema": "mcpvcr.lint/1",
                "tool": {"name": "mcpvcr", "version": __version__},
                "cassette": source,
                "findings": [f.to_dict() for f in findings],
                "summary": {"total": len(findings), **severity_counts(tuple(findings))},
            }
        )
    if fmt == "text":
        return _text(findings, source)
    raise ValueError(f"unknown lint format {fmt!r} (one of {', '.join(LINT_FORMATS)})")


def _text(findings: Sequence[Finding], source: str | None) -> str:
    from mcpvcr.report.common import severity_counts
    from mcpvcr.terminal import one_line

    prefix = f"{source}: " if source else ""
    # One line per finding, whatever a tool name or message holds (newlines included).
    lines = [one_line(f"{prefix}{f.severity} {f.code} [{f.where}] {f.message}") for f in findings]
    counts = severity_counts(tuple(findings))
    if findings:
        lines.append(
            f"{len(findings)} finding(s): {counts['error']} error, {counts['warning']} warning, "
            f"{counts['info']} info"
        )
    else:
        lines.append("No findings.")
    return "\n".join(lines) + "\n"
