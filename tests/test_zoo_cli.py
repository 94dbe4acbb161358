"""`mcpvcr record` against each misbehaving server of the zoo (tests/servers).

For each: the documented exit code, one clear last line on stderr naming the
target, no traceback, a bound on the time (the subprocess time-out), and no
process of the server's tree left alive (every server gets a unique marker in
its environment, and /proc is searched for it afterwards).
"""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from mcpvcr import store

REPO = Path(__file__).resolve().parent.parent

# mode and its arguments, record options, exit code, text in the last stderr line, bound (s)
CASES = [
    ("hang_handshake", "--timeout 2", 3, "no answer to the handshake within 2 s", 20),
    (
        "hang_handshake --ignore-sigterm",
        "--timeout 2",
        3,
        "(--timeout); stderr: zoo hang_handshake: ignoring SIGTERM",
        20,
    ),
    ("crash_start", "", 3, "the server died during the handshake", 20),
    ("garbage_stdout", "", 0, "2 tools", 20),
    ("bad_json", "--timeout 2", 0, "tools/list", 30),
    ("exit_midway", "--fuzz", 3, "recording incomplete", 30),
    ("slow_tool", "--fuzz --timeout 2", 0, "calls", 40),
    ("log_flood", "", 0, "1 tools", 30),
    ("stderr_flood", "", 0, "1 tools", 60),
    ("discover_only", "", 0, "server/discover 2026-07-28", 20),
    ("legacy_only", "", 0, "initialize", 20),
    ("jsonrpc_errors", "--fuzz", 0, "calls", 30),
    ("many_tools", "", 0, "5000 tools", 60),
    ("paginated", "", 0, "25 tools, 10 resources, 7 templates, 8 prompts", 20),
    ("loop_cursor", "", 0, "2 tools", 20),
    ("strict_legacy", "", 0, "initialize", 20),
    ("server_requests", "", 0, "1 tools", 20),
    ("escape_sequences", "", 0, "tools", 20),
]


def mcpvcr(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """`python -m mcpvcr ARGS` from the repo root; the time-out is the test's bound."""
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def alive_with_marker(marker: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


@pytest.mark.parametrize(
    ("mode", "options", "code", "text", "bound"), CASES, ids=[c[0] for c in CASES]
)
def test_zoo_server(
    mode: str, options: str, code: int, text: str, bound: int, tmp_path: Path
) -> None:
    marker = f"MCPVCR_ZOO_MARKER={uuid.uuid4().hex}"
    out = tmp_path / "zoo.mcpvcr"
    server = f"{sys.executable} -m tests.servers {mode}"
    options_and_output = [*options.split(), "-o", str(out)]
    done = mcpvcr(
        "record",
        "--stdio",
        server,
        "--cwd",
        str(REPO),
        "--env",
        marker,
        *options_and_output,
        timeout=bound,
    )
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == code, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert text in lines[-1], lines[-1]
    if code == 3 and "incomplete" not in lines[-1]:
        assert "tests.servers" in lines[-1]  # the target is named
    assert alive_with_marker(marker) == []
    if code == 0:
        assert store.load(out).complete


def test_a_silent_hang_names_no_stderr(tmp_path: Path) -> None:
    """The stderr tail joins a hang's message only when the server wrote one."""
    server = f"{sys.executable} -m tests.servers hang_handshake"
    done = mcpvcr(
        "record", "--stdio", server, "--timeout", "2", "-o", str(tmp_path / "h"), timeout=20
    )
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 3 and "no answer to the handshake" in last
    assert "stderr:" not in last


def test_the_escape_sequences_server_never_reaches_the_terminal_raw(tmp_path: Path) -> None:
    server = f"{sys.executable} -m tests.servers escape_sequences"
    done = mcpvcr(
        "audit", "--fuzz", "--stdio", server, "--save", str(tmp_path / "e.mcpvcr"), timeout=60
    )
    assert done.returncode == 0, done.stderr
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in done.stdout and raw not in done.stderr


@pytest.mark.parametrize("setsid", [False, True], ids=["in the group", "left the group"])
def test_a_grandchild_is_ended(setsid: bool, tmp_path: Path) -> None:
    pidfile = tmp_path / "grandchild.pid"
    server = f"{sys.executable} -m tests.servers grandchild" + (" --setsid" if setsid else "")
    pid_env = f"MCPVCR_GRANDCHILD_PIDFILE={pidfile}"
    done = mcpvcr(
        "record",
        "--stdio",
        server,
        "--cwd",
        str(REPO),
        "--env",
        pid_env,
        "--sandbox",
        "none",  # the pid it writes is the host's only outside a jail (whose PID namespace ends it)
        "-o",
        str(tmp_path / "g.mcpvcr"),
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert not _running(int(pidfile.read_text()))


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_50_mb_answer_is_stored_truncated(tmp_path: Path) -> None:
    out = tmp_path / "big.mcpvcr"
    server = f"{sys.executable} -m tests.servers big_answer"
    done = mcpvcr("record", "--fuzz", "--stdio", server, "-o", str(out), timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size < 1_000_000
    assert [i for i in store.load(out).interactions if "truncated" in i.get("facts", [])]


@pytest.mark.parametrize("at", ["tools/list", "initialize"])
def test_an_answer_that_is_not_json_is_recorded_as_such_not_waited_out(
    at: str, tmp_path: Path
) -> None:
    out = tmp_path / "bad.mcpvcr"
    server = f"{sys.executable} -m tests.servers bad_json --at {at}"
    # The bound is far below the 60 s time-out: the broken answer is not waited out.
    done = mcpvcr("record", "--timeout", "60", "--stdio", server, "-o", str(out), timeout=30)
    assert "the server answered with invalid JSON" in done.stderr
    if at == "initialize":
        assert done.returncode == 3
    else:
        assert done.returncode == 0
        assert store.load(out).list_record("tools")["error"]["code"] == -32700
