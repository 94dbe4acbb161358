"""The recorder against small raw stdio servers that each do one thing (fake_server.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mcpvcr import store
from tests.live.helpers import REPO, alive_in_group, fake_command, run_mcpvcr


def record(tmp_path: Path, mode: str, *extra: str, name: str = "out.mcpvcr"):
    out = tmp_path / name
    run = run_mcpvcr("record", "--stdio", fake_command(mode), "-o", str(out), *extra)
    return run, out


def test_paginated_lists_are_recorded_whole_and_raw(tmp_path: Path) -> None:
    run, out = record(tmp_path, "paged")
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""  # progress goes to stderr only
    cassette = store.load(out)
    assert [t["name"] for t in cassette.tools] == [f"tool_{i}" for i in range(7)]
    assert cassette.list_record("tools")["pageSizes"] == [3, 3, 1]
    assert cassette.list_record("resources")["pageSizes"] == [2, 1]
    assert len(cassette.resources) == 3 and len(cassette.resource_templates) == 1
    vendor = cassette.tool_named("tool_3")
    assert vendor is not None
    assert vendor["x-vendor"] == {"kept": True, "big": 123456789012345678901234567890}
    assert cassette.handshake == "initialize"
    assert (
        cassette.protocol_version == "2025-06-18"
    )  # what the server answered, not what we offered
    assert cassette.header["clientCapabilities"] == {"roots": {"listChanged": False}}
    assert [step["method"] for step in cassette.body["negotiation"]] == [
        "server/discover",
        "initialize",
    ]


def test_same_server_twice_gives_identical_bytes(tmp_path: Path) -> None:
    first, a = record(tmp_path, "paged", name="a.mcpvcr")
    second, b = record(tmp_path, "paged", name="b.mcpvcr")
    assert first.returncode == second.returncode == 0
    assert a.read_bytes() == b.read_bytes()
    # no command line or path of the target in the file
    assert b"fake_server" not in a.read_bytes() and str(tmp_path).encode() not in a.read_bytes()


def test_modern_only_server_is_recorded_over_server_discover(tmp_path: Path) -> None:
    run, out = record(tmp_path, "modern")
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    assert cassette.handshake == "server/discover"
    assert cassette.protocol_version == "2026-07-28"
    assert cassette.server_info == {"name": "fake-modern", "version": "1"}
    # the server refuses list calls without the per-request _meta, so 7 tools prove it was sent
    assert len(cassette.tools) == 7
    assert cassette.list_record("tools")["extra"] == {
        "cacheScope": "public",
        "resultType": "complete",
        "ttlMs": 0,
    }


def test_forcing_initialize_on_a_modern_only_server_fails_cleanly(tmp_path: Path) -> None:
    run, out = record(tmp_path, "modern", "--protocol", "initialize")
    assert run.returncode == 3
    assert "initialize failed: -32601 Method not found" in run.stderr
    assert "Traceback" not in run.stderr and not out.exists()


def test_forcing_discover_on_a_legacy_server_fails_cleanly(tmp_path: Path) -> None:
    run, _ = record(tmp_path, "paged", "--protocol", "discover")
    assert run.returncode == 3
    assert "server/discover failed: -32601" in run.stderr


def test_non_json_stdout_lines_are_counted_not_fatal(tmp_path: Path) -> None:
    run, out = record(tmp_path, "garbage")
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    assert len(cassette.tools) == 7
    assert cassette.body["diagnostics"]["nonJsonStdoutLines"] > 0


def test_env_values_are_redacted_and_only_names_recorded(tmp_path: Path) -> None:
    secret = "hunter2-very-secret"
    run, out = record(tmp_path, "echo_env", "--env", f"FAKE_SECRET={secret}")
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    assert secret.encode() not in data
    cassette = store.load(out)
    assert cassette.header["target"]["envNames"] == ["FAKE_SECRET"]
    assert cassette.tool_named("tool_0")["description"] == "env says [REDACTED]"


def test_server_requests_are_answered_so_the_server_never_waits(tmp_path: Path) -> None:
    run, out = record(tmp_path, "asks", "--timeout", "5")
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    answers = cassette.tool_named("tool_0")["description"]
    assert '"s0": {"id": "s0", "jsonrpc": "2.0", "result": {}}' in answers  # ping
    assert '"result": {"roots": []}' in answers  # roots/list
    assert "-32601" in answers  # sampling refused with an error, not ignored
    assert cassette.body["diagnostics"]["serverRequests"] == [
        "ping",
        "roots/list",
        "sampling/createMessage",
    ]


def test_a_looping_cursor_is_cut_off(tmp_path: Path) -> None:
    run, out = record(tmp_path, "loop_cursor")
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    assert cassette.body["diagnostics"]["paginationLoop"] == ["tools"]
    assert cassette.list_record("tools")["pageSizes"] == [1, 1]


def test_hanging_server_times_out_with_one_line_and_no_orphans(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    run, out = record(
        tmp_path,
        "grandchild",
        "--timeout",
        "2",
        "--env",
        f"FAKE_PIDFILE={pidfile}",
        "--sandbox",
        "none",  # the pids it writes are the host's only outside a jail
    )
    assert run.returncode == 3
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("mcpvcr: recording")
    assert "fake_server.py grandchild" in lines[1] and "no answer to the handshake" in lines[1]
    assert run.seconds < 2 + 6  # the time-out plus start-up and teardown
    assert not out.exists()
    pid, pgid = (int(x) for x in pidfile.read_text().split()[:2])
    grandchild = int(pidfile.read_text().split()[2])
    assert pgid == pid  # the server leads its own process group
    deadline = time.monotonic() + 3
    while alive_in_group(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive_in_group(pgid) == []
    assert grandchild not in alive_in_group(pgid)


def test_server_ignoring_sigterm_is_killed(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    run, _ = record(
        tmp_path,
        "ignore_term",
        "--timeout",
        "1",
        "--env",
        f"FAKE_PIDFILE={pidfile}",
        "--sandbox",
        "none",
    )
    assert run.returncode == 3
    pgid = int(pidfile.read_text().split()[1])
    time.sleep(0.2)
    assert alive_in_group(pgid) == []


def test_crash_at_start_names_target_and_stderr_tail(tmp_path: Path) -> None:
    run, out = record(tmp_path, "crash")
    assert run.returncode == 3
    last = run.stderr.strip().splitlines()[-1]
    assert "fake_server.py crash" in last
    assert "exited with code 3" in last
    assert "fatal: FAKE_API_KEY is not set" in last
    assert "Traceback" not in run.stderr and not out.exists()


def test_command_not_found(tmp_path: Path) -> None:
    out = tmp_path / "x.mcpvcr"
    run = run_mcpvcr("record", "--stdio", "no-such-command-mcpvcr --flag", "-o", str(out))
    assert run.returncode == 3
    assert "cannot start 'no-such-command-mcpvcr': command not found" in run.stderr


def test_death_while_listing_keeps_existing_cassette(tmp_path: Path) -> None:
    good, out = record(tmp_path, "paged")
    assert good.returncode == 0
    before = out.read_bytes()
    run = run_mcpvcr("record", "--stdio", fake_command("die_listing"), "-o", str(out))
    assert run.returncode == 3
    assert "recording incomplete" in run.stderr and "crashing while listing" in run.stderr
    assert "kept the existing" in run.stderr
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.mcpvcr"]


def test_death_while_listing_writes_a_partial_cassette_marked_incomplete(tmp_path: Path) -> None:
    run, out = record(tmp_path, "die_listing")
    assert run.returncode == 3
    cassette = store.load(out)
    assert cassette.complete is False
    assert "exited with code 7" in cassette.header["incomplete"]
    assert cassette.list_record("tools")["error"]["code"] == -32000


def test_failed_handshake_keeps_existing_cassette(tmp_path: Path) -> None:
    good, out = record(tmp_path, "paged")
    assert good.returncode == 0
    before = out.read_bytes()
    run = run_mcpvcr("record", "--stdio", fake_command("crash"), "-o", str(out))
    assert run.returncode == 3
    assert out.read_bytes() == before


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_during_record_keeps_old_cassette_and_no_temp_file(
    tmp_path: Path, signum: int
) -> None:
    good, out = record(tmp_path, "paged")
    assert good.returncode == 0
    before = out.read_bytes()
    pidfile = tmp_path / "pids"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mcpvcr",
            "record",
            "--stdio",
            fake_command("grandchild"),
            "--env",
            f"FAKE_PIDFILE={pidfile}",
            "--sandbox",
            "none",
            "--timeout",
            "30",
            "-o",
            str(out),
        ],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while not (pidfile.exists() and len(pidfile.read_text().split()) >= 3):
        assert time.monotonic() < deadline, "the server never started"
        time.sleep(0.05)
    proc.send_signal(signum)
    _, stderr = proc.communicate(timeout=15)
    assert proc.returncode != 0
    said = "terminated" if signum == signal.SIGTERM else "interrupted"  # cli.py's one line
    assert "Traceback" not in stderr and f"mcpvcr: {said}" in stderr
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.mcpvcr", "pids"]
    pgid = int(pidfile.read_text().split()[1])
    time.sleep(0.2)
    assert alive_in_group(pgid) == []


def test_server_that_dies_on_the_probe_is_recorded_on_a_fresh_connection(tmp_path: Path) -> None:
    run, out = record(tmp_path, "strict")
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    assert cassette.handshake == "initialize" and len(cassette.tools) == 7
    probe, handshake = cassette.body["negotiation"]
    assert probe["method"] == "server/discover" and "exited with code 1" in probe["closed"]
    assert handshake["method"] == "initialize" and "result" in handshake


def test_demo_target_twice_gives_identical_bytes(tmp_path: Path) -> None:
    command = f"{sys.executable} -m examples.demo_target"
    outs = [tmp_path / "a.mcpvcr", tmp_path / "b.mcpvcr"]
    for out in outs:
        run = run_mcpvcr("record", "--stdio", command, "--cwd", str(REPO), "-o", str(out))
        assert run.returncode == 0, run.stderr
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert str(REPO).encode() not in outs[0].read_bytes()


def test_a_20_mb_message_is_read_whole(tmp_path: Path) -> None:
    run, out = record(tmp_path, "huge")
    assert run.returncode == 0, run.stderr
    description = store.load(out).tool_named("tool_0")["description"]
    assert len(description) == 20 * 1024 * 1024


def test_a_stderr_flood_does_not_block_the_server(tmp_path: Path) -> None:
    run, out = record(tmp_path, "stderr_flood", "--timeout", "10")
    assert run.returncode == 0, run.stderr
    assert len(store.load(out).tools) == 7
    assert "noise" not in run.stderr  # the server's stderr is not echoed to ours


def test_record_returns_the_canonical_cassette_the_file_holds(tmp_path: Path) -> None:
    from mcpvcr import codec
    from mcpvcr.live import record as live_record
    from mcpvcr.recording import RecordOptions
    from mcpvcr.targets import stdio_target

    cassette = live_record(stdio_target(fake_command("paged")), RecordOptions())
    again = codec.decode(codec.encode(cassette), "memory")
    assert cassette.header == again.header and cassette.body == again.body
    assert list(cassette.body) == sorted(cassette.body)  # keys in canonical order already
