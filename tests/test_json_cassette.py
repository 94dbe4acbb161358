"""The canonical JSON cassette: same content as msgpack, byte-stable, chosen by extension."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cli import run
from mcpvcr.errors import CassetteCorrupt
from tests.builders import cassette, tool

REPO = Path(__file__).resolve().parents[1]


def sample() -> object:
    c = cassette(tools=[tool(name="b"), tool(name="a", description="Reads \u202e text.")])
    c.body["interactions"] = [
        {
            "method": "tools/call",
            "target": "a",
            "case": "valid",
            "params": {"name": "a", "arguments": {"z": 1, "a": 2**70}},
            "response": {"result": {"content": [], "n": math.inf}},
            "outcome": "ok",
            "flags": [],
            "latencyMs": 200,
        }
    ]
    return c


def test_json_cassette_holds_the_same_content_and_is_byte_stable(tmp_path: Path) -> None:
    c = sample()
    as_json, as_msgpack = tmp_path / "x.mcpvcr.json", tmp_path / "x.mcpvcr"
    store.save(c, as_json)  # type: ignore[arg-type]
    store.save(c, as_msgpack)  # type: ignore[arg-type]
    assert as_json.read_bytes().startswith(b"{\n")
    assert not as_msgpack.read_bytes().startswith(b"{")
    from_json, from_msgpack = store.load(as_json), store.load(as_msgpack)
    assert from_json == from_msgpack
    # Re-saving what was read writes the same bytes (both forms).
    again = tmp_path / "again.mcpvcr.json"
    store.save(from_json, again)
    assert again.read_bytes() == as_json.read_bytes()
    store.save(from_json, tmp_path / "back.mcpvcr")
    assert (tmp_path / "back.mcpvcr").read_bytes() == as_msgpack.read_bytes()
    # Invisible and bidi characters are escapes a reviewer can see.
    assert "\u202e" not in as_json.read_text() and "\\u202e" in as_json.read_text()
    assert json.loads(as_json.read_text(), parse_constant=float)["mcpvcr"] == "cassette"


@pytest.mark.parametrize("argv", [["show", "{f}"], ["score", "{f}"], ["lint", "{f}"]])
def test_every_command_reads_a_json_cassette(argv: list[str], tmp_path: Path) -> None:
    path = tmp_path / "c.mcpvcr.json"
    store.save(sample(), path)  # type: ignore[arg-type]
    assert run([a.format(f=path) for a in argv]) in (0, 1)


def test_diff_between_the_two_forms_of_one_cassette_is_empty(
    tmp_path: Path, capsys: object
) -> None:
    store.save(sample(), tmp_path / "a.mcpvcr.json")  # type: ignore[arg-type]
    store.save(sample(), tmp_path / "a.mcpvcr")  # type: ignore[arg-type]
    code = run(["diff", str(tmp_path / "a.mcpvcr"), str(tmp_path / "a.mcpvcr.json"), "--exit-code"])
    assert code == 0


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "is not valid JSON"),
        ('{"a": 1}', "is JSON but not a cassette"),
        ('{"mcpvcr": "cassette", "format": 99, "header": {}, "body": {}}', "newer mcpvcr"),
        ('{"mcpvcr": "cassette", "format": 1, "header": [], "body": {}}', "malformed header"),
        ('{"mcpvcr": ' + "[" * 100_000, "nested too deeply"),
        (
            '{"mcpvcr": "cassette", "format": 1, "header": {}, "body": {"x": '
            + "[" * 900
            + "]" * 900
            + "}}",
            "nested too deeply",
        ),
    ],
)
def test_bad_json_cassettes_are_one_clear_error(text: str, reason: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.mcpvcr.json"
    path.write_text(text)
    with pytest.raises(CassetteCorrupt) as caught:
        store.load(path)
    assert reason in str(caught.value)
    assert str(path) in str(caught.value)
    assert run(["score", str(path)]) == 3
