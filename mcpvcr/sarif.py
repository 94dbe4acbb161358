"""The one SARIF 2.1.0 builder, fed by rule descriptors and results (lint, score and diff).

Every result points at the cassette file (a repo-relative URI, region startLine
1, since a binary cassette has no useful lines) and names the tool or
parameter in `logicalLocations`; its `partialFingerprints` value is computed
by the caller from the rule and the logical location only, so an alert stays
the same alert when unrelated bytes of the cassette change. GitHub shows rules
tagged "security" with a `security-severity` as security alerts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr._version import JUDGE_NAME, __version__
from mcpvcr.canonical_json import json_document

SARIF_SCHEMA: Final = "https://json.schemastore.org/sarif-2.1.0.json"


@dataclass(frozen=True, kw_only=True)
class RuleDescriptor:
    """One `reportingDescriptor`: what a rule is, for the code-scanning rule list."""

    id: str
    short: str
    full: str
    level: str
    """SARIF level: error, warning or note."""
    tags: tuple[str, ...]
    help: str | None = None
    security_severity: str | None = None

    def to_sarif(self) -> dict[str, Any]:
        properties: dict[str, Any] = {"tags": list(self.tags)}
        if self.security_severity is not None:
            properties["security-severity"] = self.security_severity
        descriptor: dict[str, Any] = {
            "id": self.id,
            "name": "".join(p.capitalize() for p in self.id.replace(".", "_").split("_")),
            "shortDescription": {"text": self.short},
            "fullDescription": {"text": self.full},
            "defaultConfiguration": {"level": self.level},
            "properties": properties,
        }
        if self.help is not None:
            descriptor["help"] = {"text": self.help}
        return descriptor


@dataclass(frozen=True, kw_only=True)
class Result:
    """One result on the cassette file, with its logical location and fingerprint."""

    rule_id: str
    level: str
    message: str
    uri: str
    logical_name: str
    logical_kind: str
    fingerprint: tuple[str, str]
    """(name, value) of the partial fingerprint, e.g. ("mcpvcrFinding/v1", "ab12...")."""
    properties: dict[str, Any] = field(default_factory=dict)


def sarif_log(
    rules: Sequence[RuleDescriptor],
    results: Sequence[Result],
    *,
    category: str,
    properties: dict[str, Any] | None = None,
    information_uri: str | None = None,
) -> str:
    """One SARIF log with one run; `category` separates the lint, score and diff analyses."""
    index = {rule.id: position for position, rule in enumerate(rules)}
    driver: dict[str, Any] = {
        "name": "mcpvcr",
        "semanticVersion": __version__,
        "rules": [rule.to_sarif() for rule in rules],
        # Which judge's verdicts the results rest on (mcpvcr.judge).
        "properties": {"judge": JUDGE_NAME},
    }
    if information_uri:
        driver["informationUri"] = information_uri
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "automationDetails": {"id": f"mcpvcr/{category}/"},
        "results": [_result(result, index) for result in results if result.rule_id in index],
    }
    if properties:
        run["properties"] = properties
    return json_document({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]})


def _result(result: Result, index: dict[str, int]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "ruleId": result.rule_id,
        "ruleIndex": index[result.rule_id],
        "level": result.level,
        "message": {"text": result.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": result.uri},
                    "region": {"startLine": 1},
                },
                "logicalLocations": [
                    {"fullyQualifiedName": result.logical_name, "kind": result.logical_kind}
                ],
            }
        ],
        "partialFingerprints": {result.fingerprint[0]: result.fingerprint[1]},
    }
    if result.properties:
        entry["properties"] = result.properties
    return entry
