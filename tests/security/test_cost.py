"""Finding 6: hostile input costs bounded work (refusals, not timings: bench/bench_hostile.py
prints the numbers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import codec, store
from mcpvcr.diff.words import MAX_MATCH_WORK, word_diff
from mcpvcr.errors import CassetteCorrupt
from mcpvcr.fuzz.schemas import build_validator, is_valid
from mcpvcr.live.http import MAX_JSON_ANSWER_BYTES
from mcpvcr.safe_regex import backtracks_catastrophically
from tests.live.helpers import run_mcpvcr
from tests.security.hostile_http import HostileServer, contract

HEAD = b"\x94\xc4\x07" + codec.MAGIC + b"\x01\x80"


def _bomb(kind: str) -> bytes:
    """About 10 MB of values that each cost a Python object."""
    if kind == "one-list-of-empty-maps":
        n = 10_000_000
        return HEAD + b"\xdd" + n.to_bytes(4, "big") + b"\x80" * n
    if kind == "many-lists-of-empty-maps":
        k, m = 51, 199_000
        return HEAD + b"\xdc\x00" + bytes([k]) + (b"\xdd" + m.to_bytes(4, "big") + b"\x80" * m) * k
    k, m = 20, 199_000  # short strings
    return HEAD + b"\xdc\x00" + bytes([k]) + (b"\xdd" + m.to_bytes(4, "big") + b"\xa2ab" * m) * k


@pytest.mark.parametrize(
    "kind", ["one-list-of-empty-maps", "many-lists-of-empty-maps", "short-strings"]
)
def test_crafted_cassette_is_refused_with_one_line(tmp_path: Path, kind: str) -> None:
    data = _bomb(kind)
    assert len(data) >= 9_900_000
    with pytest.raises(CassetteCorrupt, match="refused"):
        codec.decode(data, "bomb.mcpvcr")
    path = tmp_path / "bomb.mcpvcr"
    path.write_bytes(data)
    run = run_mcpvcr("lint", str(path))
    assert run.returncode == 3
    assert run.stderr.count("\n") == 1 and str(path) in run.stderr and "refused" in run.stderr


def test_real_cassettes_are_far_below_the_decoding_budget() -> None:
    for path in Path(__file__).resolve().parents[2].joinpath("cassettes").glob("*.mcpvcr"):
        assert store.load(path).tools is not None  # mirror: nothing real is refused


def test_word_diff_of_two_unrelated_long_texts_is_summarised() -> None:
    old = " ".join(f"old{i}" for i in range(9000))
    new = " ".join(f"new{i}" for i in range(9000))
    assert MAX_MATCH_WORK < 9000 * 9000
    text = word_diff(old, new)
    assert "too different to diff word by word" in text and "8988 more words" in text
    # mirror: a small edit in the same long text is still diffed word by word
    edited = old.replace("old4500 ", "old4500 INSERTED ")
    assert "{+INSERTED+}" in word_diff(old, edited)


@pytest.mark.parametrize("pattern", [r"^(a+)+$", r"^(\w+\s?)*$", r"(x+x+)+y", r"^(a|ab)*c$"])
def test_catastrophic_schema_patterns_run_in_linear_time(pattern: str) -> None:
    assert backtracks_catastrophically(pattern)
    schema = {"type": "object", "properties": {"x": {"type": "string", "pattern": pattern}}}
    validator = build_validator(schema, formats=False)
    # would backtrack for minutes on re; RE2 (mcpvcr.linear_re) judges it at once
    assert not is_valid(validator, {"x": "a" * 34 + "!"})
    assert not is_valid(validator, {"x": "a" * 100_000 + "!"})


@pytest.mark.parametrize("pattern", [r"^[a-z0-9-]+(\.[a-z]+)*$", r"^(\d+,)*\d+$", r"^[a-z]+$"])
def test_ordinary_patterns_still_validate(pattern: str) -> None:
    assert not backtracks_catastrophically(pattern)
    schema = {"type": "object", "properties": {"x": {"type": "string", "pattern": pattern}}}
    assert not is_valid(build_validator(schema, formats=False), {"x": "NOT OK!"})


def test_record_fuzz_with_a_redos_output_schema_ends_in_its_bound(tmp_path: Path) -> None:
    tools = [
        {
            "name": "redos",
            "description": "Echo.",
            "inputSchema": {"type": "object", "properties": {}},
            "outputSchema": {
                "type": "object",
                "properties": {"x": {"type": "string", "pattern": "^(a+)+$"}},
            },
        }
    ]

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        if message.get("method") == "tools/call":
            answer = {"x": "a" * 34 + "!"}
            result = {"content": [{"type": "text", "text": json.dumps(answer)}]}
            result["structuredContent"] = answer
            return {"jsonrpc": "2.0", "id": message["id"], "result": result}
        return contract(message, tools)

    out = tmp_path / "r.mcpvcr"
    with HostileServer(behave) as server:
        # was 7 minutes; the subprocess time-out is only a guard against a hang
        run = run_mcpvcr(
            "record",
            server.url,
            "--fuzz",
            "--fuzz-writes",
            "--timeout",
            "1",
            "-o",
            str(out),
            timeout=90,
        )
    assert run.returncode == 0, run.stderr
    assert store.load(out).interactions


def test_http_json_answer_over_the_cap_is_dropped(tmp_path: Path) -> None:
    filler = b'{"name":"t","inputSchema":{}},' * (MAX_JSON_ANSWER_BYTES // 30 + 10)
    huge = b'{"jsonrpc":"2.0","id":%d,"result":{"tools":[' + filler + b'{"name":"u"}]}}'

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | bytes | None:
        if message.get("method") == "tools/list":
            return huge.replace(b"%d", str(message["id"]).encode(), 1)
        return contract(message, [])

    out = tmp_path / "h.mcpvcr"
    with HostileServer(behave) as server:
        run = run_mcpvcr("record", server.url, "--timeout", "5", "-o", str(out), timeout=120)
    assert f"over {MAX_JSON_ANSWER_BYTES} bytes" in run.stderr
    if out.exists():
        assert not store.load(out).tools  # the oversized list was not kept


def test_crafted_json_cassette_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.mcpvcr.json"
    path.write_bytes(b'{"mcpvcr": "cassette", "body": [' + b"[]," * 3_300_000 + b"[]]}")
    run = run_mcpvcr("lint", str(path))
    assert run.returncode == 3 and "refused" in run.stderr and str(path) in run.stderr
