"""Which tools a live pass may call (mcpvcr.fuzz.policy): MCP's annotation defaults decide."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.fuzz.plan import PlanSettings, plan_calls
from mcpvcr.fuzz.policy import CallPolicy, skip_reason
from mcpvcr.live.sandbox import changes

READ = {"name": "read", "annotations": {"readOnlyHint": True}}
PLAIN = {"name": "plain"}  # no annotations: by the spec, it may change data
WRITE = {"name": "write", "annotations": {"readOnlyHint": False, "destructiveHint": False}}
WIPE = {"name": "wipe", "annotations": {"destructiveHint": True}}
STRINGY = {"name": "stringy", "annotations": {"readOnlyHint": "true"}}  # not the boolean


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        (
            CallPolicy(),
            {
                "read": None,
                "plain": "skippedMayWrite",
                "write": "skippedMayWrite",
                "wipe": "skippedDestructive",
                "stringy": "skippedMayWrite",
            },
        ),
        (
            CallPolicy(jailed=True),
            {
                "read": None,
                "plain": None,
                "write": None,
                "wipe": "skippedDestructive",
                "stringy": None,
            },
        ),
        (
            CallPolicy(fuzz_writes=True),
            {
                "read": None,
                "plain": None,
                "write": None,
                "wipe": "skippedDestructive",
                "stringy": None,
            },
        ),
        (
            CallPolicy(fuzz_destructive=True),
            {"read": None, "plain": None, "write": None, "wipe": None, "stringy": None},
        ),
        (
            CallPolicy(jailed=True, fuzz_readonly=True),
            {
                "read": None,
                "plain": "skippedNotReadonly",
                "write": "skippedNotReadonly",
                "wipe": "skippedDestructive",
                "stringy": "skippedNotReadonly",
            },
        ),
    ],
)
def test_skip_reason(policy: CallPolicy, expected: dict[str, str | None]) -> None:
    tools: list[dict[str, Any]] = [READ, PLAIN, WRITE, WIPE, STRINGY]
    assert {str(t["name"]): skip_reason(t, policy) for t in tools} == expected


def _cassette(*tools: dict[str, Any]) -> Cassette:
    full = [{**t, "inputSchema": {"type": "object", "properties": {}}} for t in tools]
    return Cassette(header={}, body={"tools": {"items": full}})


def test_the_plan_lists_what_it_skipped_without_a_jail_and_calls_it_in_one() -> None:
    cassette = _cassette(READ, PLAIN, WIPE)
    calls, coverage = plan_calls(cassette, PlanSettings())
    assert {c.target for c in calls} == {"read"}
    assert coverage["skippedMayWrite"] == ["plain"]
    assert coverage["skippedDestructive"] == ["wipe"]
    calls, coverage = plan_calls(cassette, PlanSettings(jailed=True))
    assert {c.target for c in calls} == {"read", "plain"}
    assert "skippedMayWrite" not in coverage


def test_changes_name_paths_and_sizes_only() -> None:
    before = {"a.txt": (3, 1), "gone.txt": (5, 1), "same.txt": (1, 1)}
    after = {"a.txt": (4, 2), "new/b.txt": (7, 2), "same.txt": (1, 1)}
    assert changes(before, after) == {
        "created": [{"path": "new/b.txt", "size": 7}],
        "modified": [{"path": "a.txt", "size": 4}],
        "deleted": [{"path": "gone.txt", "size": 5}],
    }
    assert changes(before, before) == {}


def test_the_jail_shows_a_whole_install_prefix_or_virtual_environment() -> None:
    """`npm install --prefix P` hoists dependencies beside the package; a venv's script
    needs the venv's site-packages: both die at the handshake when only a part shows."""
    import tempfile

    from mcpvcr.live.sandbox import visible_folder

    with tempfile.TemporaryDirectory(dir="/tmp") as scratch:
        root = Path(scratch)
        entry = root / "npm" / "node_modules" / "@scope" / "server" / "dist" / "index.js"
        entry.parent.mkdir(parents=True)
        (entry.parent.parent / "package.json").write_text("{}")
        entry.write_text("")
        assert visible_folder(str(entry)) == str(root / "npm")
        link = root / "npm" / "node_modules" / ".bin" / "server"
        link.parent.mkdir()
        link.symlink_to("../@scope/server/dist/index.js")
        assert visible_folder(str(link)) == str(root / "npm")
        script = root / "env" / "bin" / "server"
        script.parent.mkdir(parents=True)
        (root / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n")
        script.write_text("")
        assert visible_folder(str(script)) == str(root / "env")
        inside = root / "proj" / ".venv" / "bin" / "server"
        inside.parent.mkdir(parents=True)
        (root / "proj" / ".venv" / "pyvenv.cfg").write_text("")
        (root / "proj" / "pyproject.toml").write_text("")
        inside.write_text("")
        assert visible_folder(str(inside)) == str(root / "proj")
        interpreter = root / "proj" / ".venv" / "bin" / "python"
        interpreter.symlink_to(sys.executable)  # a venv's python links to the base interpreter
        assert visible_folder(str(interpreter)) == str(root / "proj")
        loose = root / "loose" / "tool.py"
        loose.parent.mkdir()
        loose.write_text("")
        assert visible_folder(str(loose)) == str(root / "loose")
