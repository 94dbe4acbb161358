"""mcpvcr.shipped: the data shipped for a first run is what the code would work out."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import linear_plans, linear_translate, shipped
from mcpvcr.scan import effects
from tests.shipped import produced

STALE = "stale: run `python -m tests.regen shipped` and commit the files it writes"


def _without_engine(data: bytes) -> dict[str, object]:
    """A file's content but the RE2 build it was checked on (the same on every build)."""
    found: dict[str, object] = json.loads(data)
    found.pop("engine", None)
    return found


@pytest.mark.parametrize("path", [linear_plans.SHIPPED.path, effects.SHIPPED.path])
def test_each_shipped_file_is_what_the_code_makes(path: Path) -> None:
    made = produced()[path]
    assert _without_engine(path.read_bytes()) == _without_engine(made), f"{path.name} is {STALE}"


def test_a_shipped_plan_is_the_translation() -> None:
    data = json.loads(linear_plans.SHIPPED.path.read_text("utf-8"))
    assert len(data["entries"]) >= 100
    for key in data["entries"]:
        flags, pattern = key.split(":", 1)
        made = linear_translate.translate(pattern, int(flags))
        assert linear_plans.shipped(pattern, int(flags)) == linear_plans.kept(made)


def test_a_shipped_branch_list_is_the_narrow_family() -> None:
    for name in effects._FAMILIES:
        key, narrow = effects.narrow_branches(name)
        assert effects.SHIPPED.get(key) == narrow
        assert effects.branches(name, wide=False) == narrow


def test_a_file_made_by_other_code_is_not_read(tmp_path: Path) -> None:
    source = tmp_path / "maker.py"
    source.write_text("X = 1\n")
    path = tmp_path / "table.json"
    path.write_bytes(shipped.rendered([source], {"k": ["v"]}))
    assert shipped.Shipped(path, [source]).get("k") == ["v"]
    source.write_text("X = 2\n")  # the code changed: the file is stale
    assert shipped.Shipped(path, [source]).get("k") is None


@pytest.mark.parametrize("content", [b"", b"[]", b"{not json", b'{"format": 1, "code": 3}'])
def test_a_broken_file_is_not_read(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(content)
    assert shipped.Shipped(path, [Path(__file__)]).get("k") is None


def test_a_plan_holding_the_token_character_is_not_packed() -> None:
    plan = linear_plans.kept(linear_translate.translate("a\x01w" + "b" * 300, re.I))
    assert linear_plans.packed(plan) is None
    word = linear_plans.kept(linear_translate.translate(r"\w+\s\d" + "b" * 300, 0))
    packed = linear_plans.packed(word)
    assert packed is not None and len(packed[0]) < len(word[0])


def test_a_file_checked_on_another_engine_is_read_but_not_trusted_for_it(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(shipped.rendered([Path(__file__)], {"k": ["v"]}, "re2:1"))
    same = shipped.Shipped(path, [Path(__file__)], lambda: "re2:1")
    assert same.get("k") == ["v"] and same.on_this_engine()
    other = shipped.Shipped(path, [Path(__file__)], lambda: "re2:2")
    assert other.get("k") == ["v"] and not other.on_this_engine()


def test_a_shipped_pattern_is_compiled_only_when_a_text_needs_it() -> None:
    from mcpvcr import linear_re

    data = json.loads(linear_plans.SHIPPED.path.read_text("utf-8"))
    flags, pattern = next(iter(data["entries"])).split(":", 1)
    assert linear_plans.SHIPPED.on_this_engine()
    fresh = linear_re.Pattern(pattern, int(flags))
    assert fresh.linear and fresh.sift  # known from the shipped plan: nothing compiled yet
    assert _programs(fresh) == (None, None)
    assert fresh.spans("plain text") == linear_re.compile(pattern, int(flags)).spans("plain text")
    ascii_program, any_text_program = _programs(fresh)
    assert ascii_program is not None and any_text_program is None


def _programs(pattern: Any) -> tuple[Any, Any]:
    """The compiled programs of a pattern: for ASCII text, for any text."""
    return pattern._ascii, pattern._re2
