"""Each dimension's formula on small recorded-interaction sets."""

from __future__ import annotations

import pytest

from mcpvcr.score import score
from mcpvcr.scoring.model import clamp_dim, grade_of, round_half_up, short_number, to_fixed
from tests.builders import CLEAN_TOOL, call, cassette, rpc_error, tool, tool_error


def dims(c: object) -> dict[str, object]:
    return {d.key: d for d in score(c).dimensions}  # type: ignore[arg-type]


def fuzzed(*items: dict[str, object]) -> object:
    return cassette(interactions=list(items), fuzz=True)


def test_rejected_minus_32602_is_a_clean_rejection_and_other_errors_are_crashes() -> None:
    c = fuzzed(
        call(),
        call(case="wrong_type:arg", outcome="rejected", response=rpc_error(-32602)),
        call(case="missing_required:arg", outcome="toolError", response=tool_error()),
        call(case="extra_garbage", outcome="protocolCrash", response=rpc_error(-32603)),
        call(case="null:arg", outcome="timeout", response={"timeout": 10}),
    )
    eh = dims(c)["errorHandling"]
    assert eh.score == 5.0  # 2 graceful of 4
    assert "1 malformed case(s) crashed the protocol instead of rejecting gracefully" in eh.reasons
    assert "1 malformed case(s) got no answer within the time-out" in eh.reasons


def test_a_time_out_alone_is_not_called_a_crash() -> None:
    eh = dims(fuzzed(call(), call(case="null:arg", outcome="timeout", response={"timeout": 10})))[
        "errorHandling"
    ]
    assert eh.score == 0
    assert not any("crashed" in r for r in eh.reasons)
    assert "1 malformed case(s) got no answer within the time-out" in eh.reasons


def test_liveness_names_what_the_failed_valid_calls_ended_in() -> None:
    live = dims(
        fuzzed(
            call(target="a", outcome="toolError", response=tool_error()),
            call(target="b", outcome="timeout", response={"timeout": 10}),
            call(target="c", outcome="toolError", response=tool_error()),
        )
    )["liveness"]
    assert "3 valid call(s) failed on good input (2 tool error, 1 time-out)" in live.reasons
    crash = dims(fuzzed(call(target="a", outcome="protocolCrash", response={"closed": "x"})))
    assert "1 valid call(s) failed on good input (1 protocol crash)" in crash["liveness"].reasons


def test_every_malformed_rejected_scores_10() -> None:
    eh = dims(
        fuzzed(call(), call(case="wrong_type:arg", outcome="toolError", response=tool_error()))
    )["errorHandling"]
    assert eh.score == 10 and eh.reasons[-1] == "every malformed input was rejected gracefully"


def test_malformed_ok_without_silent_flag_is_left_out() -> None:
    eh = dims(
        fuzzed(
            call(),
            call(case="extra_garbage"),  # the fuzzer judged it acceptable: no flag
            call(case="wrong_type:arg", outcome="toolError", response=tool_error()),
        )
    )["errorHandling"]
    assert eh.score == 10 and eh.reasons[0].startswith("1/1 ")


def test_no_malformed_cases_is_not_measured_with_reason() -> None:
    eh = dims(fuzzed(call()))["errorHandling"]
    assert eh.not_measured and eh.judged == 0  # never a 10 from nothing
    assert eh.reasons == (
        "no malformed cases were generated for the fuzzed tools; at least 1 needed to measure",
    )


def test_liveness_latency_penalty_at_700ms_is_2_5() -> None:
    live = dims(fuzzed(call(latency=1000), call(target="b", latency=500)))["liveness"]
    # p50 of 500 and 1000 = 750 -> round((750 - 200) / 100) = round(5.5) = 6 (half-up) -> 3 points
    assert live.score == 7.0
    assert "p50 latency on valid calls = 750ms (target 200ms) → 3.0 point penalty" in live.reasons


def test_liveness_does_not_credit_empty_or_schema_violating_successes() -> None:
    live = dims(
        fuzzed(
            call(),
            call(target="b", flags=["emptySuccess"]),
            call(target="c", flags=["outputSchemaViolation"]),
            call(target="d", outcome="toolError", response=tool_error()),
        )
    )["liveness"]
    assert live.score == 2.5
    assert any("empty or garbage success" in r for r in live.reasons)
    assert any("violates its outputSchema" in r for r in live.reasons)
    assert any("failed on good input" in r for r in live.reasons)


def test_fuzzed_but_nothing_called_is_not_measured_with_its_own_reason() -> None:
    d = dims(cassette(fuzz=True))
    assert d["liveness"].not_measured
    assert d["liveness"].reasons == ("fuzz ran but no tools were eligible to fuzz (see coverage)",)


def test_metadata_penalties_and_instruction_bonus() -> None:
    assert dims(cassette(server_info={"name": "unknown", "version": ""}))["metadata"].score == 4
    bonus = dims(cassette(server_info={"name": "x"}, instructions="Use me well."))["metadata"]
    assert bonus.score == 9  # 10 - 2 (no version) + 1
    assert "server exposed non-empty 'instructions' (+1 bonus)" in bonus.reasons


def test_schema_quality_without_tools_subtracts_server_wide_weight() -> None:
    assert dims(cassette(tools=[], capabilities={"tools": {}}))["schemaQuality"].score == 9.5


def test_schema_quality_one_info_per_tool_is_8_75_at_any_size() -> None:
    for count in (1, 5, 40):
        tools = [tool(name=f"t{i}", annotations={}) for i in range(count)]
        assert dims(cassette(tools=tools))["schemaQuality"].score == 8.75


def test_behaviour_and_publishability_findings_do_not_count_in_schema_quality() -> None:
    c = fuzzed(call(case="extra_garbage", flags=["silentlyAccepted"]))
    assert dims(c)["schemaQuality"].score == 10


def test_rollup_of_measured_dimensions_and_grades() -> None:
    # metadata 10 + schema 10 + EH 0 (all silent) + liveness 10 -> 7.5 -> 75 -> B
    c = fuzzed(call(), call(case="extra_garbage", flags=["silentlyAccepted"]))
    report = score(c)
    assert (report.overall, report.grade) == (75, "B")


@pytest.mark.parametrize(
    ("overall", "grade"),
    [
        (100, "A"),
        (90, "A"),
        (89, "B"),
        (75, "B"),
        (74, "C"),
        (60, "C"),
        (59, "D"),
        (40, "D"),
        (39, "F"),
    ],
)
def test_grade_thresholds(overall: int, grade: str) -> None:
    assert grade_of(overall) == grade


def test_javascript_rounding() -> None:
    assert clamp_dim(3.125) == 3.13  # Python's round gives 3.12
    assert clamp_dim(-1) == 0 and clamp_dim(11) == 10
    assert round_half_up(71.725 / 1) == 72 and round_half_up(2.5) == 3
    assert to_fixed(0.125, 2) == "0.13" and to_fixed(1.005, 2) == "1.00"
    assert [short_number(x) for x in (10, 5.56, 8.75, 3.5)] == ["10", "5.56", "8.75", "3.5"]


def test_all_inconclusive_valid_calls_leave_liveness_unmeasured() -> None:
    """No valid call was judged (no network, made-up paths): no 10/10 for Liveness."""
    from mcpvcr.score import score
    from tests.builders import call, cassette

    unjudged = cassette(
        fuzz=True,
        interactions=[
            call(outcome="inconclusive"),
            call(case="wrong_type", outcome="toolError"),
        ],
    )
    report = score(unjudged)
    liveness = next(d for d in report.dimensions if d.key == "liveness")
    assert liveness.not_measured and "all inconclusive" in liveness.reasons[0]
    assert "pin real arguments" in liveness.reasons[0]
    # mirror: one judged valid call measures it
    judged = cassette(
        fuzz=True, interactions=[call(), call(case="wrong_type", outcome="toolError")]
    )
    assert not next(d for d in score(judged).dimensions if d.key == "liveness").not_measured


def test_all_inconclusive_malformed_calls_leave_error_handling_unmeasured() -> None:
    from mcpvcr.score import score
    from tests.builders import call, cassette

    unjudged = cassette(
        fuzz=True, interactions=[call(), call(case="wrong_type", outcome="inconclusive")]
    )
    handling = next(d for d in score(unjudged).dimensions if d.key == "errorHandling")
    assert handling.not_measured and "all inconclusive" in handling.reasons[0]


def test_a_refusal_dressed_as_a_success_is_no_clean_rejection() -> None:
    eh = dims(
        fuzzed(
            call(),
            call(case="null:arg", flags=["garbageAnswer"]),
            call(case="wrong_type:arg", outcome="toolError", response=tool_error()),
            call(case="extra_garbage", flags=["garbageAnswer", "lenient"]),  # a probe: left out
        )
    )["errorHandling"]
    assert eh.score == 5.0
    assert eh.reasons[0].startswith("1/2 ")
    assert (
        "1 malformed case(s) refused in the answer's text but reported as a success (no isError)"
        in eh.reasons
    )


def test_probes_the_schema_allows_are_not_called_no_cases() -> None:
    eh = dims(fuzzed(call(), call(case="extra_garbage", flags=["lenient"])))["errorHandling"]
    assert eh.not_measured and eh.judged == 0
    assert eh.reasons == (
        "0 malformed input(s) judged of the 1 probe(s) sent (the rest were inputs the schema "
        "allows or inconclusive); at least 1 needed to measure",
    )


def test_an_empty_advertised_list_costs_the_second_opinion_nothing() -> None:
    prompt = {"name": "p", "description": "A prompt.", "arguments": []}
    empty = score(cassette(capabilities={"tools": {}, "prompts": {}}))
    unadvertised = score(cassette(capabilities={"tools": {}}, prompts=[prompt]))
    clean = score(cassette(tools=[CLEAN_TOOL]))
    assert empty.publishability is not None and clean.publishability is not None
    assert empty.publishability.protocol == clean.publishability.protocol
    assert unadvertised.publishability is not None
    assert unadvertised.publishability.protocol == clean.publishability.protocol - 5
