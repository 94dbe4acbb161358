"""Renderings of a diff: JSON, SARIF 2.1.0 and JUnit XML (all deterministic), and the registry
`DIFF_FORMATS` of every diff format (text and Markdown come from `diff/render.py`)."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any, Final

from mcpvcr._version import JUDGE_NAME, __version__
from mcpvcr.canonical_json import json_document
from mcpvcr.diff.catalogue import CLASSES, DEFAULT_FAIL_ON, RULES
from mcpvcr.diff.model import Change, Changes
from mcpvcr.diff.render import show_value
from mcpvcr.output_formats import FormatRegistry, Options, OutputFormat
from mcpvcr.sarif import Result, RuleDescriptor, sarif_log
from mcpvcr.terminal import printable

SCHEMA: Final = "mcpvcr.diff/1"
"""The document kind and version, under the key `schema` as in the score and lint JSON."""
SARIF_LEVEL: Final = {
    "breaking": "error",
    "security": "error",
    "behaviour": "warning",
    "additive": "note",
    "info": "note",
}
SECURITY_SEVERITY: Final = {"security": "7.5", "breaking": "5.0"}


def to_document(changes: Changes, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON document: counts, changes, ignored changes and notes, plus `extra` (gate)."""
    document: dict[str, Any] = {
        "schema": SCHEMA,
        "tool": {"name": "mcpvcr", "version": __version__, "judge": JUDGE_NAME},
        "old": changes.old_label,
        "new": changes.new_label,
        "identical": changes.identical,
        "counts": changes.counts(),
        "changes": [change.to_json() for change in changes.changes],
        "ignored": [change.to_json() for change in changes.ignored],
        "notes": list(changes.notes),
    }
    document.update(extra or {})
    return document


def render_json(changes: Changes, extra: dict[str, Any] | None = None) -> str:
    return json_document(to_document(changes, extra))


def fingerprint(rule: str, location: str) -> str:
    return hashlib.sha256(f"{rule}\x00{location}".encode()).hexdigest()[:16]


def render_sarif(changes: Changes, artifact: str) -> str:
    """SARIF 2.1.0: one result per change, on the cassette (line 1) plus a logical pointer."""
    used = sorted({change.rule for change in changes.changes})
    results = [_sarif_result(change, artifact) for change in changes.changes]
    return sarif_log(
        [_sarif_rule(rule_id) for rule_id in used],
        results,
        category="diff",
        information_uri="https://github.com/mcpvcr/mcpvcr",
    )


def _sarif_result(change: Change, artifact: str) -> Result:
    text = change.message
    if change.text_diff is not None:
        text += f" Text diff: {change.text_diff}"
    else:
        text += f" ({show_value(change.old)} -> {show_value(change.new)})"
    return Result(
        rule_id=change.rule,
        level=SARIF_LEVEL.get(change.cls, "note"),
        message=f"{text} [{change.location}]",
        uri=artifact,
        logical_name=change.location.lstrip("/"),
        logical_kind="member",
        fingerprint=("mcpvcrChange/v1", fingerprint(change.rule, change.location)),
        properties={"class": change.cls, "certainty": change.certainty},
    )


def _sarif_rule(rule_id: str) -> RuleDescriptor:
    entry = RULES[rule_id]
    title = rule_id.replace(".", " ").replace("_", " ")
    return RuleDescriptor(
        id=rule_id,
        short=title,
        full=entry.note or f"{title} ({entry.severity})",
        level=SARIF_LEVEL.get(entry.severity, "note"),
        tags=("mcp", "contract", entry.severity, entry.object),
        security_severity=SECURITY_SEVERITY.get(entry.severity),
    )


def render_junit(changes: Changes, fail_on: Iterable[str] = DEFAULT_FAIL_ON) -> str:
    """JUnit XML: one testcase per change (failures for the failing classes), no timestamps."""
    failing = set(fail_on)
    suite_name = f"contract diff {changes.old_label} -> {changes.new_label}"
    root = ET.Element("testsuites", name="mcpvcr")
    suite = ET.SubElement(root, "testsuite", name=_clean(suite_name))
    failures = 0
    cases = 0
    for cls in CLASSES:
        group = changes.of_class(cls)
        if cls == "behaviour" and not group and cls not in failing:
            continue  # contract-only diffs have no behaviour to report
        if not group and cls in failing:
            cases += 1
            ET.SubElement(suite, "testcase", classname=f"contract.{cls}", name=f"no {cls} changes")
        for change in group:
            cases += 1
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"contract.{cls}",
                name=_clean(f"{change.rule} {change.location}"),
            )
            if cls in failing:
                failures += 1
                failure = ET.SubElement(
                    case, "failure", type=change.rule, message=_clean(change.message)
                )
                failure.text = _clean(
                    change.text_diff
                    if change.text_diff is not None
                    else f"{show_value(change.old)} -> {show_value(change.new)}"
                )
    for element in (root, suite):
        element.set("tests", str(cases))
        element.set("failures", str(failures))
        element.set("errors", "0")
        element.set("skipped", "0")
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"


def _clean(text: str) -> str:
    # XML 1.0 cannot carry most control characters at all: escape them visibly.
    return printable(text)


def _text(changes: Changes, options: Options) -> str:
    from mcpvcr.diff.render import render_text

    return render_text(changes, color=options.color)


def _markdown(changes: Changes, options: Options) -> str:
    from mcpvcr.diff.render import render_markdown

    return render_markdown(changes)


DIFF_FORMATS: FormatRegistry[Changes] = FormatRegistry(
    "diff",
    [
        OutputFormat(name="text", description="for the terminal", render=_text),
        OutputFormat(name="markdown", description="a PR comment", render=_markdown),
        OutputFormat(
            name="json",
            description=f'"schema": "{SCHEMA}"',
            render=lambda changes, options: render_json(changes, dict(options.extra) or None),
        ),
        OutputFormat(
            name="sarif",
            description="SARIF 2.1.0 for code scanning",
            render=lambda changes, options: render_sarif(changes, options.source or ""),
        ),
        OutputFormat(
            name="junit",
            description="JUnit XML, one test case per change",
            render=lambda changes, options: render_junit(
                changes, DEFAULT_FAIL_ON if options.fail_on is None else options.fail_on
            ),
        ),
    ],
)
