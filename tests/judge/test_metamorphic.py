"""Metamorphic: a server whose valid calls always fail gets one grade whatever its failures say.

tests/servers/always_fails.py is recorded live in each wording (paraphrases, eight languages,
opaque codes) and each shape (JSON-RPC error, isError result, plain-text success): the grade
must be identical and at most D, the findings identical within a shape; its working twin
scores at least 90. Generated wordings (hypothesis) must not move the grade either.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcpvcr.live import record
from mcpvcr.recording import RecordOptions
from mcpvcr.score import Report, score
from mcpvcr.scoring.model import NO_RESULT_CAP
from mcpvcr.targets import stdio_target

WORDINGS = (
    "Internal error: database crashed",
    "Error: item not found",
    "Access denied",
    "Something went wrong, please try again later.",
    "The operation could not be completed.",
    "Item '{arg}' does not exist",
    "Error: no se encontró el elemento",  # Spanish
    "Fehler: Datenbank abgestürzt",  # German
    "Erreur : élément introuvable",  # French
    "错误\uff1a数据库崩溃",  # Chinese
    "エラー\uff1aデータベースがクラッシュしました",  # Japanese
    "Ошибка: база данных недоступна",  # Russian
    "오류: 항목을 찾을 수 없습니다",  # Korean
    "E4711",
    "ERR_0x2F",
    '{"error": "E_UNAVAILABLE"}',
)
SHAPES = ("rpc", "iserror", "text")
REPO_ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def _report(*args: str) -> Report:
    argv = [sys.executable, "-m", "tests.servers", "always_fails", *args]
    target = stdio_target(argv, cwd=str(REPO_ROOT))
    return score(record(target, RecordOptions(fuzz=True, protocol="initialize")))


def _behaviour(report: Report) -> set[str]:
    return {f.code for f in report.findings if f.code.startswith("behavior.")}


def test_the_working_twin_scores_at_least_90() -> None:
    report = _report("--working")
    assert report.overall >= 90 and report.cap is None
    assert not report.critical.never_worked


@pytest.mark.parametrize("shape", SHAPES)
def test_every_wording_gets_the_same_grade_at_most_d(shape: str) -> None:
    grades = {w: _report("--shape", shape, f"--wording={w}").overall for w in WORDINGS}
    assert set(grades.values()) == {NO_RESULT_CAP}, grades
    reference = _report("--shape", shape, f"--wording={WORDINGS[0]}")
    assert reference.critical.never_worked
    assert "none of the" in (reference.cap or "")


def test_every_shape_gets_the_same_grade() -> None:
    overall = {s: _report("--shape", s).overall for s in SHAPES}
    assert set(overall.values()) == {NO_RESULT_CAP}, overall


@pytest.mark.parametrize("shape", SHAPES)
def test_findings_do_not_depend_on_the_language(shape: str) -> None:
    english = _behaviour(_report("--shape", shape, "--wording", "Internal error: database crashed"))
    for wording in (
        "错误\uff1a数据库崩溃",
        "エラー\uff1aデータベースがクラッシュしました",
        "E4711",
    ):
        assert _behaviour(_report("--shape", shape, "--wording", wording)) == english, wording


_WORDS = st.text(
    alphabet=st.characters(
        categories=("L", "N", "Zs", "P"), exclude_characters="{}\x00", max_codepoint=0x9FFF
    ),
    min_size=1,
    max_size=40,
).filter(lambda s: s.strip() != "" and len(s.strip()) >= 2)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wording=_WORDS, shape=st.sampled_from(SHAPES))
def test_generated_wordings_never_lift_the_grade(wording: str, shape: str) -> None:
    report = _report("--shape", shape, f"--wording={wording}")
    assert report.overall <= NO_RESULT_CAP and report.grade in ("D", "F"), (wording, report.cap)


def test_a_name_the_server_never_reads_is_not_excused_as_no_such_thing() -> None:
    from mcpvcr.judge import judged

    argv = [sys.executable, "-m", "tests.servers", "always_fails", "--shape", "iserror"]
    cassette = record(stdio_target(argv, cwd=str(REPO_ROOT)), RecordOptions(fuzz=True))
    valid = {
        i["target"]: (i["outcome"], i["by"])
        for i in judged(cassette).interactions
        if i["case"] == "valid"
    }
    # get_item's guess and its control got the failure every tool gets, `status` too,
    # which takes no argument: the guess is not to blame.
    assert valid["get_item"] == ("toolError", "oracle.same_failure"), valid
