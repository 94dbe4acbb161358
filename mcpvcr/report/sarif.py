"""SARIF 2.1.0 for GitHub code scanning (style guide §B.4).

Every result points at the cassette file (a repo-relative URI, region startLine
1, since a binary cassette has no useful lines), names the tool/parameter in
`message.text` and in `logicalLocations`, and carries a `partialFingerprints`
value computed from the rule and the logical location only, so an alert stays
the same alert when unrelated bytes of the cassette change.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from mcpvcr._version import __version__
from mcpvcr.canonical_json import json_document as dumps
from mcpvcr.lint.registry import Finding, Rule

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
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
    index = {rule.code: position for position, rule in enumerate(rules)}
    uri = artifact_uri(source)
    seen: dict[str, int] = {}
    results = [_result(f, index, uri, seen) for f in findings if f.code in index]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "mcpvcr",
                "semanticVersion": __version__,
                "rules": [_descriptor(rule) for rule in rules],
            }
        },
        "automationDetails": {"id": f"mcpvcr/{category}/"},
        "results": results,
    }
    if properties:
        run["properties"] = properties
    return dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]})


def _descriptor(rule: Rule) -> dict[str, Any]:
    family = rule.code.split(".", 1)[0]
    # GitHub shows rules tagged "security" as security alerts
    props: dict[str, Any] = {"tags": ["mcp", family]}
    if family == "security":
        props["security-severity"] = SECURITY_SEVERITY[rule.severity]
    return {
        "id": rule.code,
        "name": "".join(part.title() for part in rule.code.replace(".", "_").split("_")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.summary} {rule.hint}"},
        "help": {"text": rule.hint},
        "defaultConfiguration": {"level": LEVEL[rule.severity]},
        "properties": props,
    }


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


def _result(
    finding: Finding, index: dict[str, int], uri: str, seen: dict[str, int]
) -> dict[str, Any]:
    logical, kind = _logical_name(finding)
    identity = json.dumps([finding.code, logical, finding.message], ensure_ascii=False)
    occurrence = seen.get(identity, 0)  # identical findings (duplicate tools) stay distinct
    seen[identity] = occurrence + 1
    digest = hashlib.sha256(f"{identity}\0{occurrence}".encode()).hexdigest()[:16]
    return {
        "ruleId": finding.code,
        "ruleIndex": index[finding.code],
        "level": LEVEL[finding.severity],
        "message": {"text": f"{finding.message} Fix: {finding.hint} (in {uri})"},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": 1},
                },
                "logicalLocations": [{"fullyQualifiedName": logical, "kind": kind}],
            }
        ],
        "partialFingerprints": {"mcpvcrFinding/v1": digest},
    }
