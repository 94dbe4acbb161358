"""Offline commands never import the mcp SDK (it costs about a second)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from tests.builders import cassette, tool

BLOCK_MCP_AND_RUN = """
import sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name == "mcp" or name.startswith("mcp.") or name.startswith("mcp_types"):
            raise ImportError(f"offline command imported {name}")
        return None
sys.meta_path.insert(0, _Block())
from mcpvcr.cli import run
code = run(sys.argv[1:])
assert not any(m == "mcp" or m.startswith(("mcp.", "mcp_types")) for m in sys.modules)
sys.exit(code)
"""


def make(path: Path, description: str) -> Path:
    store.save(cassette(tools=[tool(description=description)]), path)
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "{old}"],
        ["lint", "{old}"],
        ["score", "{old}"],
        ["score", "{old}", "--format", "json"],
        ["diff", "{old}", "{new}"],
        ["gate", "{old}", "{new}"],
    ],
    ids=lambda argv: " ".join(argv[:1] + [a for a in argv[1:] if not a.startswith("{")]),
)
def test_offline_command_runs_with_mcp_unimportable(argv: list[str], tmp_path: Path) -> None:
    old = make(tmp_path / "old.mcpvcr", "Reads one thing from the store.")
    new = make(tmp_path / "new.mcpvcr", "Reads one thing from the store, now faster.")
    args = [a.format(old=old, new=new) for a in argv]
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_MCP_AND_RUN, *args], capture_output=True, text=True
    )
    assert "offline command imported" not in done.stderr
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1), done.stderr
