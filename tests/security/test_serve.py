"""Finding 1: `serve` neither runs commands nor touches files outside its root for a tool call."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import pytest

from mcpvcr import store
from mcpvcr.serve.policy import ServePolicy
from mcpvcr.serve.session import ProbeError, ProbeSession
from mcpvcr.serve.tools import TOOLS
from tests.serve.test_probe_server import run_probe

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "cassettes" / "demo_target.mcpvcr"


def _session(root: Path, **kwargs: object) -> ProbeSession:
    policy = ServePolicy.build(root, bool(kwargs.get("allow_stdio", False)), [])
    session = ProbeSession(timeout=5, policy=policy)
    session.open_cassette(str(DEMO))  # as `--open` does: the person chose it
    return session


def test_stdio_command_from_a_tool_call_is_refused_and_not_run(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    _, results = run_probe(
        [
            (
                "probe_connect",
                {"transport": "stdio", "command": "sh", "args": ["-c", f"touch {marker}"]},
            )
        ],
        "--root",
        str(tmp_path),
    )
    result = results[1]
    assert result.is_error
    assert "--allow-stdio" in result.content[0].text
    assert not marker.exists()


def test_allow_list_admits_only_the_exact_command_without_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = f"{sys.executable} -m examples.demo_target"
    policy = ServePolicy.build(tmp_path, False, [command])
    session = ProbeSession(timeout=20, policy=policy)
    argv = command.split()
    connect = {"transport": "stdio", "command": argv[0], "args": argv[1:], "cwd": str(REPO)}
    with pytest.raises(ProbeError, match="env and cwd"):
        anyio.run(session.connect, connect)
    with pytest.raises(ProbeError, match="--allow-stdio"):
        anyio.run(session.connect, {**connect, "args": [*argv[1:], "--extra"]})
    monkeypatch.chdir(REPO)
    del connect["cwd"]
    assert anyio.run(session.connect, connect)["counts"]["tools"] == 4


@pytest.mark.parametrize("where", ["../escape.mcpvcr", "ABSOLUTE", "link/inside.mcpvcr"])
def test_record_outside_the_root_is_refused(tmp_path: Path, where: str) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "link").symlink_to(outside)
    path = str(outside / "abs.mcpvcr") if where == "ABSOLUTE" else where
    session = _session(root)
    with pytest.raises(ProbeError, match="outside the serve root"):
        anyio.run(session.record, {"path": path})
    assert list(outside.iterdir()) == []


def test_record_inside_the_root_writes_a_private_new_file(tmp_path: Path) -> None:
    session = _session(tmp_path)
    anyio.run(session.record, {"path": "sub/../x.mcpvcr"})
    written = tmp_path / "x.mcpvcr"
    assert store.load(written).tools
    assert written.stat().st_mode & 0o777 == 0o600


def test_no_existence_oracle_outside_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    existing = tmp_path / "real.mcpvcr"
    existing.write_bytes(DEMO.read_bytes())
    missing = tmp_path / "missing.mcpvcr"
    session = _session(root)
    answers = []
    for path in (existing, missing):
        for call, args in (
            (session.connect, {"transport": "cassette", "path": str(path)}),
            (session.diff, {"old": str(path), "new": str(path)}),
        ):
            with pytest.raises(ProbeError) as err:
                anyio.run(call, args) if call == session.connect else call(args)
            answers.append(str(err.value).replace(str(path), "PATH"))
    assert answers[0] == answers[2] and answers[1] == answers[3]
    # mirror: inside the root, a missing file is reported as missing
    with pytest.raises(ProbeError, match="no such cassette"):
        session.diff({"old": "nope.mcpvcr", "new": "nope.mcpvcr"})


def test_annotations_tell_the_truth() -> None:
    hints = {tool["name"]: tool["annotations"] for tool in TOOLS}
    # probe_connect starts programs; probe_report(fuzz) and probe_fuzz call tools;
    # probe_record overwrites files
    for name in ("probe_connect", "probe_report", "probe_fuzz", "probe_record"):
        assert hints[name]["destructiveHint"] is True, name
        assert hints[name]["readOnlyHint"] is False, name
    for name in ("probe_lint", "probe_list", "probe_diff"):
        assert hints[name]["readOnlyHint"] is True, name
