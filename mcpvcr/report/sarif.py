"""Lint and score findings as SARIF 2.1.0 for GitHub code scanning (built by `mcpvcr.sarif`).

A finding's fingerprint is its code, logical location and message (plus an
occurrence count, so duplicate tools stay distinct alerts).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from mcpvcr.lint.registry import Finding, Rule
from mcpvcr.sarif import Result, RuleDescriptor, sarif_log

LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SECURITY_SEVERITY = {"error": "8.0", "warning": "5.0", "info": "2.0"}
DEFAULT_SOURCE = "cassette.mcpvcr"


def artifact_uri(source: str | None) -> str:
    """A URI reference for the cassette: relative paths stay relative (GitHub needs that)."""
    if not source:
        return DEFAULT_SOURCE
    if os.path.isabs(source):
        return "file://" + quote(source.replace(os.sep, "/"))
    return quote(source.replace(os.sep, "/"))


def render_sarif(
    findings: Sequence[Finding],
    rules: Sequence[Rule],
    *,
    source: str | None,
    category: str,
    properties: dict[str, Any] | None = None,
) -> str:
    """One SARIF log with one run; `category` separates lint and score analyses."""
    uri = artifact_uri(source)
    seen: dict[str, int] = {}
    results = [_result(f, uri, seen) for f in findings]
    return sarif_log(
        [_descriptor(rule) for rule in rules], results, category=category, properties=properties
    )


def _descriptor(rule: Rule) -> RuleDescriptor:
    family = rule.code.split(".", 1)[0]
    return RuleDescriptor(
        id=rule.code,
        short=rule.summary,
        full=f"{rule.summary} {rule.hint}",
        help=rule.hint,
        level=LEVEL[rule.severity],
        tags=("mcp", family),
        security_severity=SECURITY_SEVERITY[rule.severity] if family == "security" else None,
    )


def _logical_name(finding: Finding) -> tuple[str, str]:
    loc = finding.location
    if "tool" in loc:
        name = f"tools/{loc['tool']}"
        return (f"{name}/{loc['param']}", "parameter") if "param" in loc else (name, "function")
    for key, plural in (
        ("resource", "resources"),
        ("template", "resourceTemplates"),
        ("prompt", "prompts"),
    ):
        if key in loc:
            return f"{plural}/{loc[key]}", "resource" if key != "prompt" else "function"
    return f"server/{loc.get('field', 'contract')}", "module"


def _result(finding: Finding, uri: str, seen: dict[str, int]) -> Result:
    logical, kind = _logical_name(finding)
    identity = json.dumps([finding.code, logical, finding.message], ensure_ascii=False)
    occurrence = seen.get(identity, 0)  # identical findings (duplicate tools) stay distinct
    seen[identity] = occurrence + 1
    digest = hashlib.sha256(f"{identity}\0{occurrence}".encode()).hexdigest()[:16]
    return Result(
        rule_id=finding.code,
        level=LEVEL[finding.severity],
        message=f"{finding.message} Fix: {finding.hint} (in {uri})",
        uri=uri,
        logical_name=logical,
        logical_kind=kind,
        fingerprint=("mcpvcrFinding/v1", digest),
    )
