"""The behavioural pass against real servers: the demo target, server-everything, a marker server.

The handshake is forced to `initialize` so these tests exercise the fuzz pass, whatever the
recorder's discover support does. server-everything runs inside `unshare -rn` (tests.targets).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.codec import encode
from mcpvcr.judge import judged
from mcpvcr.live import record
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import stdio_target

REPO_ROOT = Path(__file__).resolve().parents[2]


def _record(argv: list[str], **options: Any) -> Cassette:
    target = stdio_target(argv, cwd=str(REPO_ROOT))
    return judged(record(target, RecordOptions(fuzz=True, protocol="initialize", **options)))


def _table(cassette: Cassette) -> list[tuple[str, str, str, list[str]]]:
    return [(i["target"], i["case"], i["outcome"], i["flags"]) for i in cassette.interactions]


def test_demo_target_fuzz_table_matches_hand_computed() -> None:
    cassette = _record([sys.executable, "-m", "examples.demo_target"])
    ok, err, lenient = "ok", "toolError", ["lenient"]
    garbage = ["garbageAnswer"]
    garbage_silent = ["garbageAnswer", "lenient", "silentlyAccepted"]
    # Hand-computed from examples/demo_target: valid cases fill required fields only (greet and
    # divide have none: {}), every tool ignores unknown keys, set_mode/well_behaved validate.
    # Exercise order: set_mode first (a producer: "set"), then the rest by name. Every schema
    # is open, so unknown keys are `lenient`; the untyped parameters of divide and greet get a
    # wrong-type probe; divide's '{"result": null}' (NaN) is garbage, and a garbage answer to
    # a wrong-type probe is a silent accept.
    assert _table(cassette) == [
        ("set_mode", "valid", ok, []),
        ("set_mode", "missing_required:mode", err, []),
        ("set_mode", "wrong_type:mode", err, []),
        ("set_mode", "out_of_enum:mode", err, []),
        ("set_mode", "extra_garbage", ok, lenient),
        ("set_mode", "null:mode", err, []),
        ("divide", "valid", ok, garbage),
        ("divide", "wrong_type:a", ok, garbage_silent),
        ("divide", "wrong_type:b", ok, garbage_silent),
        ("divide", "extra_garbage", ok, ["garbageAnswer", "lenient"]),
        ("greet", "valid", ok, []),
        ("greet", "wrong_type:name", ok, lenient),
        ("greet", "extra_garbage", ok, lenient),
        ("well_behaved", "valid", ok, []),
        ("well_behaved", "missing_required:greeting", err, []),
        ("well_behaved", "wrong_type:greeting", err, []),
        ("well_behaved", "extra_garbage", ok, lenient),
        ("well_behaved", "null:greeting", err, []),
        ("demo://readme", "read", ok, []),
        ("summarize", "get", ok, []),
    ]
    divide = cassette.interactions[6]
    assert divide["response"]["result"]["content"] == [{"type": "text", "text": '{"result": null}'}]
    assert cassette.body["coverage"]["fuzzed"] == 4
    assert cassette.complete
    # What the scorer makes of it: 9 counted malformed rows (lenient probes are left out),
    # 7 rejected with isError, 2 silent (divide's wrong types) -> 10 * 7 / 9; 3 of the 4
    # valid calls real (divide's NaN is not) -> 7.5.
    from mcpvcr.score import score

    dimensions = {d.key: d.score for d in score(cassette).dimensions}
    assert dimensions["errorHandling"] == 7.78
    assert dimensions["liveness"] == 7.5


def test_destructive_tool_never_called_by_default(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "tests.fuzz.marker_server", str(tmp_path)]
    cassette = _record(argv)
    assert not (tmp_path / "wipe-called").exists()
    assert cassette.body["coverage"]["skippedDestructive"] == ["wipe"]
    assert {i["target"] for i in cassette.interactions} == {"count"}
    _record(argv, fuzz_destructive=True)
    assert (tmp_path / "wipe-called").read_text() == "called"


def test_server_dying_mid_fuzz_keeps_what_was_recorded(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "tests.fuzz.marker_server", str(tmp_path), "--crash"]
    cassette = _record(argv, concurrency=1)
    assert not cassette.complete
    assert "died" in str(cassette.header["incomplete"])
    assert [(t, c, o) for t, c, o, _f in _table(cassette)] == [
        ("count", "valid", "ok"),
        ("count", "missing_required:n", "toolError"),
        ("count", "wrong_type:n", "toolError"),
        ("count", "extra_garbage", "toolError"),
        ("count", "below_minimum:n", "toolError"),
        ("count", "null:n", "toolError"),
        ("crash", "valid", "protocolCrash"),
    ]
    assert "closed" in cassette.interactions[-1]["response"]


@pytest.mark.real_target("everything")
@pytest.mark.slow
def test_server_everything_valid_cases_and_determinism() -> None:
    from tests.targets import everything_argv

    argv = everything_argv()
    # gzip-file-as-resource's default input is an https URL: with no network it fails after a
    # variable delay (so a variable latency bucket). A pinned data: URI makes it succeed, offline.
    pinned = {
        "gzip-file-as-resource": {
            "data": "data:text/plain;base64,aGVsbG8=",
            "name": "hello.txt.gz",
            "outputType": "resource",
        }
    }
    # trigger-long-running-operation runs 1 s (its duration is a speed knob) and
    # simulate-research-query, a task, about 4 s; 8 s bounds the rest.
    options = {"timeout": 8.0, "pinned_arguments": pinned}
    first = _record(argv, concurrency=1, **options)
    second = _record(argv, concurrency=1, **options)
    eight = _record(argv, concurrency=8, **options)
    coverage = first.body["coverage"]
    assert coverage["noValidCase"] == {}
    assert coverage["fuzzed"] == coverage["tools"] >= 10
    for item in first.interactions_for("tools/call"):
        if item["case"] != "valid":
            continue
        text = str(item["response"])
        # No valid case may fail for a schema reason; the failures left are the server's own
        # (no network for fetches, task-only tools, a 10 s operation).
        assert item["outcome"] != "rejected", item
        for marker in ("-32602", "validation error", "Invalid arguments", "Invalid input"):
            assert marker not in text, item
    # Latency buckets depend on machine load (a call over 200 ms moves up a step), so the
    # determinism of what was said is checked with latencies levelled; on an idle machine the
    # raw bytes match too (see the report). diagnostics are the recorder's, not the fuzz pass's.
    research = next(
        i
        for i in first.interactions
        if (i["target"], i["case"]) == ("simulate-research-query", "valid")
    )
    # taskSupport "required": called as a task, answered, not blamed for -32601.
    assert (research["outcome"], research["flags"]) == ("ok", ["task"])
    assert not [i for i in first.interactions if i["outcome"] == "protocolCrash"]
    assert encode(_levelled(first)) == encode(_levelled(second))
    assert _levelled(eight).body["interactions"] == _levelled(first).body["interactions"]
    assert eight.body["coverage"] == coverage


def _levelled(cassette: Cassette) -> Cassette:
    body = dict(cassette.body)
    body["interactions"] = [{**item, "latencyMs": 0} for item in cassette.interactions]
    body.pop("diagnostics", None)
    return Cassette(header=cassette.header, body=body)


def _offline_targets() -> dict[str, Any]:
    from tests import targets

    return {
        "time": lambda _tmp: targets.time_argv(),
        "sequential-thinking": lambda _tmp: targets.sequential_thinking_argv(),
        "filesystem": targets.filesystem_argv,
    }


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.real_target(name))
        for name in ("time", "sequential-thinking", "filesystem")
    ],
)
def test_real_servers_accept_every_valid_case(name: str, tmp_path: Path) -> None:
    """Every valid case succeeds (MCProbe scores mcp-server-time at Liveness 0: it sends
    timezone "mcprobe-timezone"). filesystem's create_directory is not annotated destructive;
    its valid case creates "." (which exists), so the scratch directory is unchanged."""
    (tmp_path / "README.md").write_text("hello\n")
    argv = _offline_targets()[name](tmp_path)
    cassette = judged(
        record(stdio_target(argv, cwd=str(tmp_path)), RecordOptions(fuzz=True, timeout=10.0))
    )
    assert cassette.body["coverage"]["noValidCase"] == {}
    failed = {
        i["target"]
        for i in cassette.interactions_for("tools/call")
        if i["case"] == "valid" and i["outcome"] != "ok"
    }
    assert failed == set()
    assert (tmp_path / "README.md").read_text() == "hello\n"
