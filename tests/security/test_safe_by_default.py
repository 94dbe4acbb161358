"""Issue 21: a live pass never touches a user's data unasked (and issue 23 items 7 and 13).

The notes_store server keeps notes as files in its working directory: `add_note` is
unannotated (by MCP's defaults it may change data), `delete_all_notes` is annotated
destructive, `peek_note` is annotated read-only but writes a cache file.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.live import sandbox
from tests.live.helpers import REPO, Run, run_mcpvcr

JAIL = pytest.mark.skipif(not sandbox.available("unshare"), reason="no unshare jail here")
NOTES = f"{shlex.quote(sys.executable)} -m tests.servers notes_store"


def _folder(tmp_path: Path, name: str = "data") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "note-1.txt").write_text("keep me")
    return folder


def _state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _record(folder: Path, out: Path, *extra: str, honest: bool = False) -> Run:
    command = NOTES + (" --honest" if honest else "")
    return run_mcpvcr(
        "record",
        "--stdio",
        command,
        "--env",
        f"PYTHONPATH={REPO}",
        "--cwd",
        str(folder),
        "--fuzz",
        "-o",
        str(out),
        *extra,
    )


def _targets(path: Path) -> set[str]:
    return {str(i["target"]) for i in store.load(path).interactions}


@pytest.mark.parametrize("jail", ["auto", "bwrap", "unshare"])
def test_default_jail_runs_the_writing_tool_on_a_copy_and_reports_what_it_wrote(
    tmp_path: Path, jail: str
) -> None:
    used = sandbox.choose("auto") if jail == "auto" else jail
    if used is None or not sandbox.available(used):
        pytest.skip(f"no {jail} jail here")
    folder = _folder(tmp_path)
    before = _state(folder)
    out = tmp_path / "jailed.mcpvcr"
    run = _record(folder, out) if jail == "auto" else _record(folder, out, "--sandbox", jail)
    assert run.returncode == 0, run.stderr
    assert _state(folder) == before  # the real folder is untouched
    assert f"jail: {used}" in run.stderr
    cassette = store.load(out)
    assert cassette.options["jail"] == used
    assert "add_note" in _targets(out) and "delete_all_notes" not in _targets(out)
    assert cassette.body["coverage"]["wrote"]["add_note"] >= 1
    created = [i["sideEffects"] for i in cassette.interactions if "sideEffects" in i]
    assert {"path": "note-2.txt", "size": len("Hello from mcpvcr")} in created[0]["created"]
    report = run_mcpvcr("score", str(out), "--select", "ALL")
    assert "add\\_note' wrote" in report.stdout or "add_note' wrote" in report.stdout
    assert "behavior.readonly_tool_wrote" in report.stdout  # peek_note says read-only, writes


@JAIL
def test_an_honest_read_only_tool_is_no_finding(tmp_path: Path) -> None:
    out = tmp_path / "honest.mcpvcr"
    run = _record(_folder(tmp_path), out, honest=True)
    assert run.returncode == 0, run.stderr
    report = run_mcpvcr("score", str(out), "--select", "ALL")
    assert "behavior.readonly_tool_wrote" not in report.stdout


def test_without_a_jail_neither_writing_tool_runs_unless_opted_in(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    before = _state(folder)
    out = tmp_path / "none.mcpvcr"
    run = _record(folder, out, "--sandbox", "none", honest=True)
    assert run.returncode == 0, run.stderr
    assert _state(folder) == before
    coverage = store.load(out).body["coverage"]
    assert coverage["skippedMayWrite"] == ["add_note"]
    assert coverage["skippedDestructive"] == ["delete_all_notes"]
    assert _targets(out) == {"list_notes", "peek_note"}
    assert "may change data and are skipped" in run.stderr
    # The mirror: the opt-in on the command line runs the writing tool, on the real folder.
    opted = _record(folder, tmp_path / "opted.mcpvcr", "--sandbox", "none", "--fuzz-writes")
    assert opted.returncode == 0, opted.stderr
    assert "add_note" in _targets(tmp_path / "opted.mcpvcr")
    assert "note-2.txt" in _state(folder)


def _baseline_with_both(tmp_path: Path) -> Path:
    """A baseline (as a pull request could bring) holding add_note and delete_all_notes calls."""
    scratch = _folder(tmp_path, "scratch")
    out = tmp_path / "baseline.mcpvcr"
    run = _record(
        scratch, out, "--sandbox", "none", "--fuzz-writes", "--fuzz-destructive", honest=True
    )
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    wipe = {
        "method": "tools/call",
        "target": "delete_all_notes",
        "case": "valid",
        "params": {"name": "delete_all_notes", "arguments": {"confirm": True}},
        "response": {"result": {"content": [{"type": "text", "text": "deleted 1 notes"}]}},
        "outcome": "ok",
        "flags": [],
        "latencyMs": 200,
    }
    cassette.body["interactions"] = [wipe, *cassette.interactions]
    store.save(cassette, out)
    assert {"add_note", "delete_all_notes"} <= _targets(out)
    return out


def _verify(baseline: Path, folder: Path, *extra: str) -> Run:
    return run_mcpvcr(
        "verify",
        str(baseline),
        "--stdio",
        NOTES + " --honest",
        "--env",
        f"PYTHONPATH={REPO}",
        "--cwd",
        str(folder),
        *extra,
    )


@pytest.mark.parametrize("jail", ["auto", "none"])
def test_verify_never_runs_a_baselines_writing_calls_unasked(tmp_path: Path, jail: str) -> None:
    if jail == "auto" and not sandbox.available("unshare"):
        pytest.skip("no unshare jail here")
    baseline = _baseline_with_both(tmp_path)
    fresh = _folder(tmp_path, "fresh")
    before = _state(fresh)
    run = _verify(baseline, fresh, "--sandbox", jail)
    assert run.returncode in (0, 1), run.stderr
    assert _state(fresh) == before  # delete_all_notes {"confirm": true} never reached it
    assert "delete_all_notes destructive; opt in with --fuzz-destructive" in run.stderr
    if jail == "none":
        assert "add_note skipped: may change data" in run.stderr


def test_verify_with_every_call_skipped_verified_nothing(tmp_path: Path) -> None:
    baseline = _baseline_with_both(tmp_path)
    cassette = store.load(baseline)
    cassette.body["interactions"] = [
        i for i in cassette.interactions if i["target"] in ("add_note", "delete_all_notes")
    ]
    store.save(cassette, baseline)
    fresh = _folder(tmp_path, "fresh")
    run = _verify(baseline, fresh, "--sandbox", "none")
    assert run.returncode == 1, run.stderr
    assert "nothing was verified" in run.stderr and "Traceback" not in run.stderr
    allowed = _verify(baseline, fresh, "--sandbox", "none", "--allow-empty")
    assert allowed.returncode == 0, allowed.stderr
    assert _state(fresh) == {"note-1.txt": b"keep me"}


@pytest.mark.parametrize("jail", ["bwrap", "unshare", "none"])
def test_a_jailed_server_cannot_read_the_recorders_environment(tmp_path: Path, jail: str) -> None:
    """Issue 23 item 13: /proc/<mcpvcr pid>/environ is out of reach in the jail."""
    if jail != "none" and not sandbox.available(jail):
        pytest.skip(f"no {jail} jail here")
    needle = "s3cr3t-" + tmp_path.name
    out = tmp_path / "peek.mcpvcr"
    run = run_mcpvcr(
        "record",
        "--stdio",
        f"{shlex.quote(sys.executable)} -m tests.servers proc_peek MCPVCR_PEEK={needle}",
        "--fuzz",
        "--sandbox",
        jail,
        "-o",
        str(out),
        env={"MCPVCR_PEEK": needle},
    )
    assert run.returncode == 0, run.stderr
    (valid,) = [i for i in store.load(out).interactions if i["case"] == "valid"]
    answer = valid["response"]["result"]["content"][0]["text"]
    # Outside the jail the same server finds it (the mirror: the probe works).
    assert answer == ("found" if jail == "none" else "not found")


def _holding(text: str) -> list[int]:
    """PIDs of live (not zombie) processes whose environment holds `text`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            if state != "Z" and text.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except (OSError, IndexError):
            continue
    return found


@pytest.mark.parametrize("jail", ["bwrap", "unshare"])
def test_a_jailed_grandchild_that_left_the_group_still_ends(tmp_path: Path, jail: str) -> None:
    if not sandbox.available(jail):
        pytest.skip(f"no {jail} jail here")
    marker = f"MCPVCR_JAIL_MARKER=m{tmp_path.name}"
    run = run_mcpvcr(
        "record",
        "--stdio",
        f"{shlex.quote(sys.executable)} -m tests.servers grandchild --setsid",
        "--env",
        f"PYTHONPATH={REPO}",
        "--env",
        "MCPVCR_GRANDCHILD_PIDFILE=pid",  # in the working directory's copy
        "--env",
        marker,
        "--cwd",
        str(_folder(tmp_path)),
        "--sandbox",
        jail,
        "-o",
        str(tmp_path / "g.mcpvcr"),
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert _holding(marker) == []
    assert not (tmp_path / "data" / "pid").exists()  # written in the copy only


PROBE = """
import os, socket, subprocess, sys
port, outside = int(sys.argv[1]), sys.argv[2]
report = []
try:
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    report.append("network")
except OSError:
    pass
try:
    open(outside, "w").close()
    report.append("wrote-outside")
except OSError:
    pass
open("inside.txt", "w").close()
if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
    report.append("display")
if subprocess.run(["xdg-open", "https://example.com/"], capture_output=True).returncode == 0:
    report.append("browser")
print(" ".join(report) or "contained")
"""


@pytest.mark.parametrize("jail", ["bwrap", "unshare"])
def test_the_jail_has_no_network_no_display_and_a_read_only_rest(tmp_path: Path, jail: str) -> None:
    import os
    import socket
    import subprocess
    import tempfile

    if not sandbox.available(jail):
        pytest.skip(f"no {jail} jail here")
    folder = _folder(tmp_path)
    elsewhere = Path(tempfile.mkdtemp(dir="/var/tmp"))  # not under the jail's private /tmp
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    prepared = sandbox.prepare(jail, str(folder))
    try:
        argv = [sys.executable, "-c", PROBE, str(listener.getsockname()[1]), str(elsewhere / "x")]
        env = prepared.env({"PATH": os.environ["PATH"], "DISPLAY": ":0"})
        done = subprocess.run(
            prepared.argv(argv), cwd=folder, env=env, capture_output=True, text=True, timeout=30
        )
        assert done.stdout.strip() == "contained", done.stderr
        assert sandbox.changes({}, sandbox.snapshot(prepared.work)) == {
            "created": [{"path": "inside.txt", "size": 0}, {"path": "note-1.txt", "size": 7}]
        }
    finally:
        prepared.cleanup()
        listener.close()
    assert _state(folder) == {"note-1.txt": b"keep me"}
    assert list(elsewhere.iterdir()) == []
    elsewhere.rmdir()
