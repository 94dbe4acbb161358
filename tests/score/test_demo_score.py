"""The demo target's score, computed by hand from MCProbe's formulas and checked here."""

from __future__ import annotations

import math

from mcpvcr.score import score
from tests.golden.demo_cassette import demo_cassette


def test_demo_target_scores_77_b_with_hand_computed_dimensions() -> None:
    # Schema Quality: per-tool weighted findings (error 1, warning 0.5, info 0.25), capped at 2:
    #   greet  = missing_description 1 + no_annotations .25 + no_required .25
    #            + name untyped .5 + name missing_description .5          = 2.5 -> 2
    #   divide = no_annotations .25 + no_required .25 + (untyped .5 + descr .5) * 2 = 2.5 -> 2
    #   set_mode = thin_description .5 + no_annotations .25 + mode descr .5      = 1.25
    #   well_behaved = no_annotations .25                                          = 0.25
    #   avg = 5.5 / 4 = 1.375; score = 10 - 10 * min(1, 1.375 / 2) = 3.125 -> 3.13 (half-up)
    schema_quality = 10 - 10 * min(1, ((2 + 2 + 1.25 + 0.25) / 4) / 2)
    assert schema_quality == 3.125
    # Error Handling: 9 malformed cases, 5 tool errors (set_mode 3, well_behaved 2); the 4
    # extra_garbage probes are keys the open schemas allow (lenient, left out): 5/5.
    # (The cassette is in mcpvcr 0.1's format and stored them as silentlyAccepted; the
    # judge re-judges every call from its raw answer and the recorded schema.)
    error_handling = 10 * 5 / 5
    # Liveness: 4 valid calls at the 200 ms bucket; divide's '{"result": null}' is garbage
    liveness = 10 * 3 / 4
    metadata = 10  # name and version reported, no instructions
    expected = [metadata, 3.13, error_handling, liveness]

    report = score(demo_cassette())

    assert [d.key for d in report.dimensions] == [
        "metadata",
        "schemaQuality",
        "errorHandling",
        "liveness",
    ]
    assert [d.score for d in report.dimensions] == expected
    assert report.overall == math.floor((10 + 3.13 + 10 + 7.5) / 4 * 10 + 0.5) == 77
    assert report.grade == "B"
    assert report.critical.silent_tools == ()
    assert report.critical.empty_tools == ("divide",)
    assert report.critical.crashes == 0


def test_static_demo_measures_two_dimensions_only() -> None:
    report = score(demo_cassette(fuzzed=False))
    measured = [d for d in report.dimensions if not d.not_measured]
    assert [d.key for d in measured] == ["metadata", "schemaQuality"]
    # (10 + 3.13) / 2 = 6.565 -> 65.65 -> 66 (D would be below 60; 66 is C)
    assert report.overall == 66 and report.grade == "C"
    unmeasured = [d for d in report.dimensions if d.not_measured]
    assert all(d.score == 0 and d.reasons[0].startswith("not measured") for d in unmeasured)
    assert not report.critical.measured


def test_schema_quality_reasons() -> None:
    reasons = score(demo_cassette()).dimensions[1].reasons
    assert reasons[0] == "15 finding(s) across 4 tool(s): 1 error, 8 warning, 6 info"
    # uncapped rate: (1 + 8 * .5 + 6 * .25) / 4 = 1.625 -> "1.63" (toFixed on the exact binary)
    assert reasons[1] == (
        "scored as a per-tool rate (1.63 deduction per tool), so breadth isn't penalized"
    )
    assert reasons[2:] == (
        "  tool.no_annotations: 4",
        "  param.missing_description: 4",
        "  param.untyped: 3",
        "  schema.no_required: 2",
        "  tool.missing_description: 1",
    )
