"""The committed cassettes of real servers: hand-computed demo score, no false security alarms."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.lint import lint
from mcpvcr.report import render
from mcpvcr.score import score
from tests.report.test_sarif import validate

CASSETTES = Path(__file__).resolve().parents[2] / "cassettes"
ALL = sorted(p.name for p in CASSETTES.glob("*.mcpvcr"))


def test_the_real_cassettes_are_committed() -> None:
    assert {"demo_target.mcpvcr", "everything.mcpvcr"} <= set(ALL)


def test_committed_demo_target_score_matches_the_hand_computation() -> None:
    report = score(store.load(CASSETTES / "demo_target.mcpvcr"))
    # Python demo target (examples/demo_target), recorded with --fuzz:
    # Schema Quality, per tool (error 1, warning .5, info .25; capped at 2):
    #   greet  = no description 1 + no annotations .25 + no required .25 + name untyped .5
    #            + name undescribed .5 = 2.5 -> 2
    #   divide = no annotations .25 + no required .25 + a, b untyped and undescribed 2 = 2.5 -> 2
    #   set_mode = thin description .5 + no annotations .25 + mode undescribed .5 = 1.25
    #   well_behaved = 0 (described, typed, required, readOnlyHint)
    #   10 - 5 * (5.25 / 4) = 3.4375 -> 3.44
    # Error Handling: 9 counted malformed calls (the 5 `lenient` probes are left out: every
    #   schema is open, so unknown keys and greet's untyped `name` are allowed); tool errors:
    #   set_mode 4 (missing, wrong type, out of enum, null), well_behaved 3 (missing, wrong
    #   type, null); divide's wrong-type probes answered NaN (garbage) -> 2 silent accepts
    #   -> 10 * 7 / 9 = 7.78
    # Liveness: divide's valid answer is '{"result": null}' (NaN): 3/4 real -> 7.5.
    # Metadata: name + version -> 10.
    assert [d.score for d in report.dimensions] == [10, 3.44, 7.78, 7.5]
    assert report.overall == math.floor((10 + 3.44 + 7.78 + 7.5) / 4 * 10 + 0.5) == 72
    assert report.grade == "C"
    assert report.critical.silent_tools == ("divide",)
    assert report.critical.empty_tools == ("divide",)
    health = report.health
    assert (health.tools_callable, health.resources_readable, health.prompts_gettable) == (4, 1, 1)


@pytest.mark.parametrize("name", ALL)
def test_real_descriptions_raise_no_security_finding(name: str) -> None:
    found = [f for f in lint(store.load(CASSETTES / name)) if f.code.startswith("security.")]
    assert found == []


@pytest.mark.parametrize("name", ALL)
def test_every_format_renders_and_sarif_validates(name: str) -> None:
    report = score(store.load(CASSETTES / name))
    for fmt in ("markdown", "html", "soft", "json"):
        assert render(report, fmt)
    validate(json.loads(render(report, "sarif", source=f"cassettes/{name}")))
