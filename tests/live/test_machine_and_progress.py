"""Recordings that do not depend on the machine, progress on stderr, early checks, --fuzz-readonly.

The zoo server `machine_env` answers with its cwd, whole environment and host name, so whatever
of the machine reaches a cassette shows up here.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpvcr import codec, store
from tests.live.helpers import REPO, run_mcpvcr

SERVER = f"{sys.executable} -m tests.servers machine_env"


def _where_answer(path: Path) -> str:
    cassette = store.load(str(path))
    for item in cassette.interactions:
        if item.get("target") == "where" and item.get("case") == "valid":
            return str(item["response"]["result"]["content"][0]["text"])
    raise AssertionError("no valid call of `where` was recorded")


@pytest.fixture
def workdir() -> Iterator[Path]:
    """A working directory outside /tmp (the volatile-value scrubber already hides /tmp paths)."""
    folder = Path(tempfile.mkdtemp(prefix=".machine-", suffix=".tmp", dir=REPO))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _without_latency(path: Path) -> str:
    """The cassette as JSON minus latency buckets: they measure the machine's load, not TZ."""
    data = codec.to_json_value(store.load(str(path)).body)
    for item in data.get("interactions", []):
        item.pop("latencyMs", None)
    return json.dumps(data, sort_keys=True)


def test_child_runs_in_utc_and_machine_values_become_placeholders(
    tmp_path: Path, workdir: Path
) -> None:
    out = tmp_path / "m.mcpvcr"
    env = {"TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8", "PYTHONPATH": str(Path.cwd())}
    run = run_mcpvcr(
        "record", "--stdio", SERVER, "--cwd", str(workdir), "--fuzz", "-o", str(out), env=env
    )
    assert run.returncode == 0, run.stderr
    facts = json.loads(_where_answer(out))
    assert facts["env"]["TZ"] == "UTC"
    assert facts["env"]["LANG"] == facts["env"]["LC_ALL"] == "C.UTF-8"
    assert facts["cwd"] == "[CWD]"
    if os.environ.get("HOME", "/") != "/":
        assert facts["env"]["HOME"] == "[HOME]"
    assert facts["env"]["PATH"] == "[PATH]"
    assert facts["host"] == "[HOST]" or len(socket.gethostname()) < 3
    text = out.read_bytes()
    for value in (str(workdir), os.environ["PATH"]):
        assert value.encode() not in text


def test_env_given_by_the_user_wins_over_the_stable_defaults(tmp_path: Path) -> None:
    out = tmp_path / "m.mcpvcr"
    run = run_mcpvcr(
        "record", "--stdio", SERVER, "--env", "TZ=Asia/Tokyo", "--fuzz", "-o", str(out)
    )
    assert run.returncode == 0, run.stderr
    facts = json.loads(_where_answer(out))
    assert facts["env"]["TZ"] != "UTC"  # the user's value (redacted like every --env value)


def test_two_machines_same_bytes(tmp_path: Path) -> None:
    """Different TZ, locale and working directory of the parent: the same cassette."""
    outs = []
    for index, tz in enumerate(("Asia/Tokyo", "America/Denver")):
        folder = tmp_path / f"machine{index}"
        folder.mkdir()
        out = folder / "m.mcpvcr"
        run = run_mcpvcr(
            "record",
            "--stdio",
            SERVER,
            "--cwd",
            str(folder),
            "--fuzz",
            "-o",
            str(out),
            env={"TZ": tz, "LANG": "fr_FR.UTF-8"},
        )
        assert run.returncode == 0, run.stderr
        outs.append(_without_latency(out))
    assert outs[0] == outs[1]


def test_fuzz_readonly_calls_only_read_only_tools(tmp_path: Path) -> None:
    marker = tmp_path / "writes.txt"
    out = tmp_path / "m.mcpvcr"
    run = run_mcpvcr(
        "record",
        "--stdio",
        SERVER,
        "--env",
        f"MCPVCR_WRITE_MARKER={marker}",
        "--sandbox",
        "none",  # the marker is outside the working directory: a jail would hide it
        "--fuzz",
        "--fuzz-readonly",
        "-o",
        str(out),
    )
    assert run.returncode == 0, run.stderr
    assert not marker.exists()
    cassette = store.load(str(out))
    assert {i["target"] for i in cassette.interactions} == {"where", "slow_read"}
    assert cassette.body["coverage"]["skippedNotReadonly"] == ["note_write"]
    # mirror: outside a jail, --fuzz-writes really calls the writing tool
    run = run_mcpvcr(
        "record",
        "--stdio",
        SERVER,
        "--env",
        f"MCPVCR_WRITE_MARKER={marker}",
        "--sandbox",
        "none",
        "--fuzz",
        "--fuzz-writes",
        "-o",
        str(out),
        "--force",
    )
    assert run.returncode == 0, run.stderr
    assert marker.read_text().strip()


def test_fuzz_readonly_needs_fuzz_and_contradicts_destructive() -> None:
    for extra in (("--fuzz-readonly",), ("--fuzz", "--fuzz-readonly", "--fuzz-destructive")):
        run = run_mcpvcr("record", "--stdio", SERVER, *extra, "-o", "/tmp/never.mcpvcr")
        assert run.returncode == 2, run.stderr
        assert "--fuzz-readonly" in run.stderr and "Traceback" not in run.stderr


def test_progress_lines_during_a_long_fuzz_pass_and_quiet(tmp_path: Path) -> None:
    slow = f"{SERVER} --delay 2"  # a line every second (MCPVCR_PROGRESS_SECONDS), not 5
    out = tmp_path / "m.mcpvcr"
    fast_lines = {"MCPVCR_PROGRESS_SECONDS": "1"}
    run = run_mcpvcr(
        "record",
        "--stdio",
        slow,
        "--fuzz",
        "--fuzz-readonly",
        "--timeout",
        "20",
        "-o",
        str(out),
        env=fast_lines,
    )
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if "fuzzing" in line]
    assert lines, run.stderr
    assert "tool " in lines[-1] and "calls answered" in lines[-1]
    assert "\r" not in run.stderr  # not a terminal: plain lines, no in-place rewrites
    quiet = run_mcpvcr(
        "record",
        "--stdio",
        slow,
        "--fuzz",
        "--fuzz-readonly",
        "--timeout",
        "20",
        "-q",
        "-o",
        str(out),
        "--force",
        env=fast_lines,
    )
    assert quiet.returncode == 0, quiet.stderr
    assert "fuzzing" not in quiet.stderr


def test_missing_output_folder_fails_before_the_server_starts(tmp_path: Path) -> None:
    hang = f"{sys.executable} -m tests.servers hang_handshake"
    run = run_mcpvcr("record", "--stdio", hang, "-o", str(tmp_path / "nope" / "x.mcpvcr"))
    assert run.returncode == 3
    assert "does not exist" in run.stderr and "nope" in run.stderr
    assert run.seconds < 10  # the hanging handshake was never waited for
    run = run_mcpvcr("audit", "--stdio", hang, "--save", str(tmp_path / "nope" / "x.mcpvcr"))
    assert run.returncode == 3 and "does not exist" in run.stderr


def test_missing_cwd_names_the_directory_not_the_command() -> None:
    run = run_mcpvcr("record", "--stdio", SERVER, "--cwd", "/nonexistent-dir", "-o", "/tmp/x")
    assert run.returncode == 2
    assert "/nonexistent-dir" in run.stderr and "no such directory" in run.stderr
    assert "command not found" not in run.stderr


def test_pins_for_unknown_tools_and_pins_breaking_the_schema_are_named(tmp_path: Path) -> None:
    out = tmp_path / "m.mcpvcr"
    run = run_mcpvcr(
        "record",
        "--stdio",
        SERVER,
        "--fuzz",
        "--pin",
        "note_wrte={}",
        "--pin",
        'note_write={"text": 5}',
        "--pin",
        "where={}",
        "-o",
        str(out),
    )
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stderr.splitlines() if "warning: --pin" in line]
    assert len(warnings) == 2, run.stderr
    unknown, breaking = sorted(warnings, key=lambda line: "inputSchema" in line)
    assert "no tool 'note_wrte'" in unknown and "did you mean 'note_write'" in unknown
    assert "--pin note_write" in breaking and "text: 5 is not of type 'string'" in breaking


@pytest.mark.real_target("time")
def test_real_time_server_same_bytes_in_any_time_zone(tmp_path: Path) -> None:
    from tests.targets import time_argv

    command = " ".join(time_argv(local_timezone=None))
    outs = []
    for tz in ("Asia/Tokyo", "UTC"):
        out = tmp_path / f"{tz.replace('/', '_')}.mcpvcr"
        run = run_mcpvcr("record", "--stdio", command, "--fuzz", "-o", str(out), env={"TZ": tz})
        assert run.returncode == 0, run.stderr
        outs.append(_without_latency(out))
    assert outs[0] == outs[1]
    shown = run_mcpvcr("show", str(tmp_path / "UTC.mcpvcr")).stdout
    assert "Asia/Tokyo" in shown  # the fuzz pass used it as an argument: the answers are there
    assert '"day_of_week": "<weekday>"' in shown  # today's weekday is volatile like the date


@pytest.mark.real_target("everything")
def test_real_everything_get_env_answer_holds_no_machine_path(tmp_path: Path) -> None:
    from tests.targets import everything_argv

    out = tmp_path / "e.mcpvcr"
    command = " ".join(everything_argv())
    run = run_mcpvcr("record", "--stdio", command, "--fuzz", "-o", str(out))
    assert run.returncode == 0, run.stderr
    cassette = store.load(str(out))
    answers = [i["response"] for i in cassette.interactions if i.get("target") == "get-env"]
    assert answers
    text = json.dumps(answers)
    assert "[PATH]" in text
    for value in (os.environ["PATH"], str(Path.cwd())):
        assert value not in text
    home = os.environ.get("HOME", "")
    if len(home) > 1:
        assert f'"{home}' not in text and f"{home}/" not in text
