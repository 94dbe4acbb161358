"""Report writers: Markdown, JSON, SARIF, HTML, the soft view, and lint's text/JSON/SARIF.

Pure functions from a `Report` (or a finding list) to text: the same input
always gives the same bytes (no time stamps, no absolute paths unless given).
The formats are registered in `REPORT_FORMATS` and `LINT_FORMATS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mcpvcr.output_formats import FormatRegistry, Options, OutputFormat

if TYPE_CHECKING:
    from mcpvcr.lint.registry import Finding
    from mcpvcr.scoring.model import Report

__all__ = ["LINT_FORMATS", "REPORT_FORMATS", "render", "render_findings"]


def _markdown(report: Report, options: Options) -> str:
    from mcpvcr.report.markdown import render_markdown

    return render_markdown(report)


def _json(report: Report, options: Options) -> str:
    from mcpvcr.canonical_json import json_document
    from mcpvcr.report.json_report import report_document

    return json_document(report_document(report))


def _soft(report: Report, options: Options) -> str:
    from mcpvcr.canonical_json import json_document
    from mcpvcr.report.json_report import soften_report

    return json_document(soften_report(report))


def _html(report: Report, options: Options) -> str:
    from mcpvcr.report.html_report import render_html

    return render_html(report)


def _sarif(report: Report, options: Options) -> str:
    from mcpvcr.lint import all_rules
    from mcpvcr.report.sarif import render_sarif

    return render_sarif(
        report.findings,
        all_rules(),
        source=options.source,
        category="score",
        properties={"overall": report.overall, "grade": report.grade},
    )


REPORT_FORMATS: FormatRegistry[Report] = FormatRegistry(
    "report",
    [
        OutputFormat(name="markdown", description="the graded report", render=_markdown),
        OutputFormat(name="json", description='"schema": "mcpvcr.report/1"', render=_json),
        OutputFormat(name="sarif", description="SARIF 2.1.0 for code scanning", render=_sarif),
        OutputFormat(name="html", description="one self-contained page", render=_html),
        OutputFormat(name="soft", description="scores and counts only", render=_soft, listed=False),
    ],
)


def _lint_sarif(findings: Sequence[Finding], options: Options) -> str:
    from mcpvcr.lint import all_rules
    from mcpvcr.report.sarif import render_sarif

    return render_sarif(findings, all_rules(), source=options.source, category="lint")


def _lint_json(findings: Sequence[Finding], options: Options) -> str:
    from mcpvcr._version import __version__
    from mcpvcr.canonical_json import json_document
    from mcpvcr.report.common import severity_counts

    return json_document(
        {
            "schema": "mcpvcr.lint/1",
            "tool": {"name": "mcpvcr", "version": __version__},
            "cassette": options.source,
            "findings": [f.to_dict() for f in findings],
            "summary": {"total": len(findings), **severity_counts(tuple(findings))},
        }
    )


def _lint_text(findings: Sequence[Finding], options: Options) -> str:
    from mcpvcr.report.common import severity_counts
    from mcpvcr.terminal import one_line

    prefix = f"{options.source}: " if options.source else ""
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


LINT_FORMATS: FormatRegistry[Sequence[Finding]] = FormatRegistry(
    "lint",
    [
        OutputFormat(name="text", description="one line per finding", render=_lint_text),
        OutputFormat(name="json", description='"schema": "mcpvcr.lint/1"', render=_lint_json),
        OutputFormat(name="sarif", description="SARIF 2.1.0 for code scanning", render=_lint_sarif),
    ],
)


def render(report: Report, fmt: str, *, source: str | None = None) -> str:
    """Render a score report; `source` is the cassette path SARIF results point at."""
    return REPORT_FORMATS.render(report, fmt, Options(source=source))


def render_findings(findings: Sequence[Finding], fmt: str, *, source: str | None = None) -> str:
    """Render lint findings as text lines, a JSON document or SARIF."""
    return LINT_FORMATS.render(findings, fmt, Options(source=source))
