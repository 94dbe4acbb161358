"""SARIF output validates against the official SARIF 2.1.0 schema and suits GitHub."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator

from mcpvcr.lint import all_rules, lint
from mcpvcr.report import render, render_findings
from mcpvcr.score import score
from tests.builders import cassette, tool
from tests.golden.demo_cassette import demo_cassette

# Official schema (oasis-tcs/sarif-spec, Schemata/sarif-schema-2.1.0.json); see README.md here.
SCHEMA = json.loads((Path(__file__).parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def validate(document: dict[str, Any]) -> None:
    validator = Draft7Validator(SCHEMA, format_checker=Draft7Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_vendored_schema_is_the_official_one() -> None:
    assert SCHEMA["$id"].endswith("/sarif-spec/master/Schemata/sarif-schema-2.1.0.json")
    assert SCHEMA["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    Draft7Validator.check_schema(SCHEMA)


def test_schema_rejects_a_broken_log() -> None:
    with pytest.raises(AssertionError):
        validate({"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]})


@pytest.mark.parametrize("source", ["cassettes/demo.mcpvcr", "/abs/path with space/x.mcpvcr", None])
def test_score_sarif_validates(source: str | None) -> None:
    document = json.loads(render(score(demo_cassette()), "sarif", source=source))
    validate(document)


def test_lint_sarif_of_every_rule_validates_and_points_at_the_cassette() -> None:
    from mcpvcr.config import LintConfig
    from tests.lint.test_rules import CASES

    findings = [f for fire, _ in CASES.values() for f in lint(fire(), LintConfig(select=("ALL",)))]
    document = json.loads(render_findings(findings, "sarif", source="cassettes/x.mcpvcr"))
    validate(document)
    run = document["runs"][0]
    assert len(run["tool"]["driver"]["rules"]) == len(all_rules())
    assert len(run["results"]) == len(findings)
    for result in run["results"]:
        location = result["locations"][0]
        assert location["physicalLocation"]["artifactLocation"]["uri"] == "cassettes/x.mcpvcr"
        assert location["physicalLocation"]["region"] == {"startLine": 1}
        assert location["logicalLocations"][0]["fullyQualifiedName"]
        assert len(result["partialFingerprints"]["mcpvcrFinding/v1"]) == 16
        rule = run["tool"]["driver"]["rules"][result["ruleIndex"]]
        assert rule["id"] == result["ruleId"]


def test_fingerprints_are_stable_and_distinct() -> None:
    one = json.loads(render_findings(lint(cassette(tools=[tool(), tool()])), "sarif", source="a"))
    two = json.loads(render_findings(lint(cassette(tools=[tool(), tool()])), "sarif", source="b"))
    prints = [r["partialFingerprints"]["mcpvcrFinding/v1"] for r in one["runs"][0]["results"]]
    assert len(prints) == len(set(prints))  # the two duplicate-name findings stay distinct
    assert prints == [
        r["partialFingerprints"]["mcpvcrFinding/v1"] for r in two["runs"][0]["results"]
    ]


def test_security_rules_carry_a_security_severity() -> None:
    document = json.loads(render_findings([], "sarif", source="x"))
    rules = {r["id"]: r for r in document["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["security.poisoning_marker"]["properties"]["security-severity"] == "8.0"
    assert "security" in rules["security.poisoning_marker"]["properties"]["tags"]
    assert "security-severity" not in rules["tool.missing_description"]["properties"]
