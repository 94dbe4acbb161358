"""Verdicts that stay true: same grade at any concurrency, stateful order, tasks, inconclusive.

Small servers of our own (tests/fuzz/small_server.py) pin each behaviour down; the real
servers (server-memory, mcp-server-fetch, mcp-server-git) show it holds where it matters.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.codec import encode
from mcpvcr.judge import judged
from mcpvcr.live import record
from mcpvcr.recording import RecordOptions
from mcpvcr.score import score
from mcpvcr.targets import stdio_target

REPO_ROOT = Path(__file__).resolve().parents[2]


def _small(mode: str, *args: str, **options: Any) -> Cassette:
    argv = [sys.executable, "-m", "tests.fuzz.small_server", mode, *args]
    target = stdio_target(argv, cwd=str(REPO_ROOT))
    return judged(record(target, RecordOptions(fuzz=True, protocol="initialize", **options)))


def _by_case(cassette: Cassette) -> dict[tuple[str, str], dict[str, Any]]:
    return {(i["target"], i["case"]): i for i in cassette.interactions}


def _codes(cassette: Cassette) -> set[str]:
    return {f.code for f in score(cassette).findings}


def test_slow_sequential_server_grades_the_same_at_concurrency_1_and_8() -> None:
    # Each answer takes 0.35 s and the server answers one request at a time: timed from
    # the moment it was queued, a call sent with 7 others would take up to 2.8 s.
    one = _small("slow", "0.35", concurrency=1)
    eight = _small("slow", "0.35", concurrency=8)
    assert encode(one) == encode(eight)
    report_one, report_eight = score(one), score(eight)
    assert (report_one.overall, report_one.grade) == (report_eight.overall, report_eight.grade)
    assert [d.score for d in report_one.dimensions] == [d.score for d in report_eight.dimensions]
    valid = [i for i in one.interactions if i["case"] == "valid"]
    assert [i["latencyMs"] for i in valid] == [500, 500]  # 0.35 s alone -> the 500 ms bucket


def test_stateful_server_producer_first_and_closed_schema_silent_accept_kept() -> None:
    cassette = _small("stateful")
    order = list(dict.fromkeys(i["target"] for i in cassette.interactions))
    assert order == ["create_item", "add_note", "get_item"]  # name order would start with add_note
    cases = _by_case(cassette)
    assert cases[("add_note", "valid")]["outcome"] == "ok"
    assert cases[("get_item", "valid")]["outcome"] == "ok"
    # The schema closes its properties: ignoring an unknown key is a real defect ...
    assert cases[("add_note", "extra_garbage")]["flags"] == ["silentlyAccepted"]
    # ... and rejecting it is clean.
    assert cases[("create_item", "extra_garbage")]["outcome"] == "toolError"
    assert "behavior.silent_accept" in _codes(cassette)
    assert "behavior.valid_call_failed" not in _codes(cassette)
    assert encode(cassette) == encode(_small("stateful"))


def test_state_missing_valid_case_is_retried_after_producers(tmp_path: Path) -> None:
    # Force the wrong order: add_note first. Its valid case fails for missing state, then is
    # sent once more after create_item made the item, and that answer is the one kept.
    config = tmp_path / "mcpvcr.toml"
    config.write_text('[fuzz]\norder = ["add_note"]\n')
    from mcpvcr.config import load_fuzz_config

    order = load_fuzz_config(tmp_path).order
    assert order == ("add_note",)
    cassette = _small("stateful", fuzz_order=order)
    assert cassette.interactions[0]["target"] == "add_note"
    valid = _by_case(cassette)[("add_note", "valid")]
    assert (valid["outcome"], valid["flags"]) == ("ok", ["retried"])
    assert cassette.header["options"]["order"] == ["add_note"]


def test_task_required_tool_is_called_as_a_task() -> None:
    cassette = _small("tasks", timeout=5.0)
    cases = _by_case(cassette)
    valid = cases[("research", "valid")]
    assert valid["params"]["task"] == {"ttl": 60000}
    assert (valid["outcome"], valid["flags"]) == ("ok", ["task"])
    assert valid["latencyMs"] is None  # polled long work: not a latency
    # The related-task id (random on real servers) is plumbing, not the answer.
    assert "_meta" not in valid["response"]["result"]
    assert cases[("research", "wrong_type:topic")]["outcome"] == "rejected"
    assert score(cassette).dimensions[3].score == 10.0


def test_server_without_task_support_is_inconclusive_not_a_defect() -> None:
    cassette = _small("taskless", timeout=5.0)
    outcomes = {i["outcome"] for i in cassette.interactions}
    assert outcomes == {"inconclusive"}
    codes = _codes(cassette)
    assert "behavior.valid_call_failed" not in codes
    assert "behavior.inconclusive" in codes
    report = score(cassette)
    # Nothing was measured, so nothing is held against the server (nor credited).
    handling, liveness = report.dimensions[2], report.dimensions[3]
    assert handling.not_measured and "all inconclusive" in handling.reasons[0]
    assert liveness.not_measured and "all inconclusive" in liveness.reasons[0]


@pytest.mark.real_target("memory")
def test_server_memory_records_the_same_bytes_twice_with_fresh_memory(tmp_path: Path) -> None:
    from tests.targets import memory_argv

    def once(name: str) -> Cassette:
        # The same file name in two folders: the jail records which files a call wrote.
        folder = tmp_path / name
        folder.mkdir()
        argv = memory_argv(folder / "memory.jsonl")
        return record(stdio_target(argv, cwd=str(folder)), RecordOptions(fuzz=True))

    first, second = once("a"), once("b")
    assert encode(first) == encode(second)
    cases = _by_case(judged(first))
    # add_observations runs after create_entities made the entity it names.
    assert cases[("add_observations", "valid")]["outcome"] == "ok"
    assert "behavior.valid_call_failed" not in _codes(first)


@pytest.mark.real_target("fetch")
def test_fetch_without_network_is_inconclusive(tmp_path: Path) -> None:
    from tests.targets import fetch_argv

    cassette = judged(
        record(stdio_target(fetch_argv(), cwd=str(tmp_path)), RecordOptions(fuzz=True))
    )
    assert _by_case(cassette)[("fetch", "valid")]["outcome"] == "inconclusive"
    codes = _codes(cassette)
    assert "behavior.valid_call_failed" not in codes
    finding = next(f for f in score(cassette).findings if f.code == "behavior.inconclusive")
    assert "--pin fetch=" in finding.message


@pytest.mark.real_target("git")
def test_git_path_outside_the_repository_is_inconclusive(tmp_path: Path) -> None:
    from tests.targets import git_argv

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    # Run from outside the repository: the guessed repo_path "." is outside it.
    argv = git_argv(repo)
    cassette = judged(record(stdio_target(argv, cwd=str(tmp_path)), RecordOptions(fuzz=True)))
    status = _by_case(cassette)[("git_status", "valid")]
    assert status["outcome"] == "inconclusive"
    assert "behavior.valid_call_failed" not in _codes(cassette)
