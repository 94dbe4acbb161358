"""Enough evidence, or no grade: judged-call counts, "not measured", and the two caps."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcpvcr.report import render
from mcpvcr.score import Report, score
from mcpvcr.scoring.model import EVIDENCE_CAP, NO_RESULT_CAP
from tests.builders import call, cassette, rpc_error, tool, tool_error

TOOLS = [tool(name=f"t{n}") for n in range(3)]
REFUSED = [
    call(target=f"t{n}", case="missing_required:arg", outcome="toolError", response=tool_error())
    for n in range(3)
]


def _fuzzed(*valid: dict[str, Any]) -> Report:
    return score(cassette(tools=TOOLS, fuzz=True, interactions=[*valid, *REFUSED]))


@pytest.mark.parametrize(
    "failure",
    [
        {"outcome": "toolError", "response": tool_error("Internal error: database crashed")},
        {"outcome": "toolError", "response": rpc_error(-32603, "E4711")},
        {"outcome": "inconclusive", "response": tool_error("Error: item not found")},
        {"outcome": "inconclusive", "response": tool_error("Access denied")},
        {"outcome": "ok", "flags": ["garbageAnswer"]},
        {"outcome": "ok", "flags": ["emptySuccess"]},
    ],
    ids=["tool-error", "opaque-code", "not-found", "access-denied", "dressed", "empty"],
)
def test_a_server_whose_valid_calls_all_fail_is_capped_at_d(failure: dict[str, Any]) -> None:
    report = _fuzzed(*(call(target=f"t{n}", **failure) for n in range(3)))
    assert report.overall <= NO_RESULT_CAP and report.grade in ("D", "F")
    assert report.critical.never_worked
    assert "none of the 3 valid call(s) returned a real result" in (report.cap or "")
    assert "no tool was seen working" in render(report, "markdown")


def test_one_working_call_lifts_the_cap() -> None:
    report = _fuzzed(
        call(target="t0"),
        call(target="t1", outcome="toolError", response=tool_error()),
        call(target="t2", outcome="inconclusive", response=tool_error("not found")),
    )
    assert not report.critical.never_worked
    assert report.cap is None and report.overall > NO_RESULT_CAP


def test_dimensions_report_how_many_calls_they_judged() -> None:
    report = _fuzzed(
        call(target="t0"),
        call(target="t1"),
        call(target="t2", outcome="inconclusive", response=tool_error("not found")),
    )
    dims = {d.key: d for d in report.dimensions}
    assert dims["liveness"].judged == 2 and dims["errorHandling"].judged == 3
    assert dims["metadata"].judged is None
    document = json.loads(render(report, "json"))
    assert [d.get("judged") for d in document["dimensions"]] == [None, None, 3, 2]
    assert "(2 call(s) judged)" in render(report, "markdown")


def test_no_valid_call_at_all_withholds_the_grade_above_c() -> None:
    report = score(cassette(tools=TOOLS, fuzz=True, interactions=list(REFUSED)))
    dims = {d.key: d for d in report.dimensions}
    assert dims["liveness"].not_measured and dims["liveness"].judged == 0
    assert report.overall <= EVIDENCE_CAP and "Liveness not measured" in (report.cap or "")


def test_no_malformed_call_is_not_a_ten() -> None:
    report = score(cassette(tools=TOOLS, fuzz=True, interactions=[call(target="t0")]))
    dims = {d.key: d for d in report.dimensions}
    assert dims["errorHandling"].not_measured and dims["errorHandling"].judged == 0
