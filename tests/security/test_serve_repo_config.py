"""Issue 23 item 2: a repository's config cannot switch off serve's stdio guard.

`mcpvcr.toml` found by walking up (a cloned repository, or a file planted in an
ancestor folder) with `[serve] allow-stdio = true` must not let `probe_connect`
run a command; only the command line or the user-level config may allow it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = Path(__file__).resolve().parents[2]


def _serve(cwd: Path, call: dict[str, Any], *args: str, env: dict[str, str]) -> tuple[Any, str]:
    async def main() -> tuple[Any, str]:
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "mcpvcr", "serve", "--timeout", "20", "--root", str(cwd), *args],
            cwd=str(cwd),
            env={**os.environ, "PYTHONPATH": str(REPO), **env},
        )
        with tempfile.TemporaryFile("w+") as errlog:
            with anyio.fail_after(120):
                async with (
                    stdio_client(params, errlog=errlog) as (read, write),
                    ClientSession(read, write, read_timeout_seconds=60) as session,
                ):
                    await session.initialize()
                    result = await session.call_tool("probe_connect", call)
            errlog.seek(0)
            return result, errlog.read()

    return anyio.run(main)


def _touch(marker: Path) -> dict[str, Any]:
    return {"transport": "stdio", "command": "sh", "args": ["-c", f"touch {marker}"]}


def test_repository_allow_stdio_true_is_ignored_and_said(tmp_path: Path) -> None:
    repo = tmp_path / "cloned" / "sub"
    repo.mkdir(parents=True)
    (tmp_path / "cloned" / "mcpvcr.toml").write_text("[serve]\nallow-stdio = true\n")
    marker = tmp_path / "pwned"
    user = tmp_path / "no-user-config.toml"
    result, stderr = _serve(repo, _touch(marker), env={"MCPVCR_USER_CONFIG": str(user)})
    assert result.is_error
    assert not marker.exists()
    assert "ignoring allow-stdio" in stderr and "mcpvcr.toml" in stderr


def test_repository_allow_list_is_ignored_too(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    line = f"sh -c 'touch {marker}'"
    (tmp_path / "pyproject.toml").write_text(f'[tool.mcpvcr.serve]\nallow-stdio = ["{line}"]\n')
    user = tmp_path / "no-user-config.toml"
    result, stderr = _serve(tmp_path, _touch(marker), env={"MCPVCR_USER_CONFIG": str(user)})
    assert result.is_error and not marker.exists()
    assert "ignoring allow-stdio" in stderr


def test_user_config_and_command_line_still_allow(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    marker = tmp_path / "allowed"
    user = tmp_path / "user.toml"
    user.write_text(f"[serve]\nallow-stdio = [\"sh -c 'touch {marker}'\"]\n")
    _serve(work, _touch(marker), env={"MCPVCR_USER_CONFIG": str(user)})
    assert marker.exists()  # the command ran (it is no MCP server, so the connect fails)
    marker.unlink()
    nouser = {"MCPVCR_USER_CONFIG": str(tmp_path / "none.toml")}
    _serve(work, _touch(marker), "--allow-command", f"sh -c 'touch {marker}'", env=nouser)
    assert marker.exists()
