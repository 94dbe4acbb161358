"""mcpvcr.linear_plans: remembered RE2 translations are a shortcut, never a verdict."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import linear_plans, linear_re, linear_translate

LONG = r"\b(?:" + "|".join(f"word{n}" for n in range(60)) + r")\b|(?<![\w.])\.netrc\b"


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("MCPVCR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("MCPVCR_NO_CACHE", raising=False)
    linear_plans._table.cache_clear()
    yield
    linear_plans._table.cache_clear()


def _fields(plan: Any) -> tuple[Any, ...]:
    return plan.source, plan.wrappers, plan.groups, plan.at_start, plan.sift


def test_a_long_translation_is_kept_and_read_back(table: None) -> None:
    assert len(LONG) >= linear_plans.MIN_CHARS
    made = linear_plans.plan_of(LONG, re.I)
    stored = linear_plans.get(LONG, re.I)
    assert stored == _fields(made)
    found = linear_plans._table()
    assert found is not None
    found.save()
    linear_plans._table.cache_clear()  # as a new process: the table is read from disk
    assert linear_plans.get(LONG, re.I) == _fields(made)
    assert _fields(linear_plans.plan_of(LONG, re.I)) == _fields(made)


def test_a_short_pattern_is_not_kept(table: None) -> None:
    linear_plans.plan_of(r"\bshort\b", 0)
    assert linear_plans.get(r"\bshort\b", 0) is None


@pytest.mark.parametrize(
    "stored",
    [
        None,
        "source",
        ["a", [1], 1, "b"],  # a field short
        ["a", [1], 1, "b", None],
        ["a", [2], 1, "b", "c"],  # a wrapper beyond the group count
        ["a", [0], 1, "b", "c"],
        ["a", [1], True, "b", "c"],
        ["a", [1], 1, "", "c"],  # wrappers without a text-start source
        ["a", [], 0, "b", "c"],
    ],
)
def test_a_stored_plan_of_the_wrong_shape_is_translated_afresh(
    table: None, monkeypatch: pytest.MonkeyPatch, stored: Any
) -> None:
    found = linear_plans._table()
    assert found is not None
    monkeypatch.setattr(found, "get", lambda key: stored)
    assert linear_plans.get(LONG, re.I) is None
    assert _fields(linear_plans.plan_of(LONG, re.I)) == _fields(
        linear_translate.translate(LONG, re.I)
    )


def test_without_a_cache_nothing_is_written(
    table: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MCPVCR_NO_CACHE", "1")
    linear_plans.plan_of(LONG, re.I)
    found = linear_plans._table()
    assert found is not None
    found.save()
    assert not (tmp_path / "cache").exists()


def test_a_pattern_compiles_on_first_use_and_falls_back_as_before() -> None:
    lazy = linear_re.Pattern(r"(a)\1", 0)  # a back-reference: RE2 has none
    assert not lazy._ready
    assert lazy.search("xaa") is not None
    assert not lazy.linear and lazy.source is None and lazy.sift is None
    bad = linear_re.Pattern("(unclosed", 0)
    with pytest.raises(re.error):
        bad.search("text")
    assert linear_re.Pattern(LONG, re.I).sift != linear_re.Pattern(LONG, re.I).source


def test_a_schema_pattern_re_rejects_is_not_run_on_re2() -> None:
    from mcpvcr.fuzz.schemas import _linear

    assert _linear("(unclosed") is None
    assert _linear(r"^[a-z]+$") is not None
