"""`mcpvcr diff OLD --stdio ...` / `gate`: the NEW side recorded live, in memory."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from mcpvcr import store
from mcpvcr.cli import run


def _record(argv: list[str], repo_root: Path, out: Path) -> None:
    code = run(["record", "--stdio", shlex.join(argv), "--cwd", str(repo_root), "-o", str(out)])
    assert code == 0


def test_diff_against_a_live_server(
    demo_target_argv: list[str], repo_root: Path, tmp_path: Path, capsys: Any
) -> None:
    baseline = tmp_path / "demo.mcpvcr"
    _record(demo_target_argv, repo_root, baseline)
    live = ["--stdio", shlex.join(demo_target_argv), "--cwd", str(repo_root)]
    capsys.readouterr()
    assert run(["diff", str(baseline), *live, "--exit-code"]) == 0
    assert "No contract changes" in capsys.readouterr().out

    # A baseline that lacked one tool: the live server now has it (additive, gate passes).
    cassette = store.load(baseline)
    assert len(cassette.tools) == 4, "the demo target lists four tools"
    dropped = cassette.tools.pop()
    store.save(cassette, baseline)
    gate = ["gate", str(baseline), *live, "--format", "json", "--fail-on", "additive"]
    assert run(gate) == 1
    out = capsys.readouterr().out
    assert f'"location": "/tools/{dropped["name"]}"' in out
    assert '"rule": "tool.added"' in out
    assert '"failOn": [\n      "additive"\n    ]' in out


def test_live_target_that_cannot_start_exits_3(tmp_path: Path, capsys: Any) -> None:
    baseline = tmp_path / "b.mcpvcr"
    from tests.diff.helpers import cassette

    store.save(cassette(), baseline)
    missing = str(tmp_path / "no-such-server")
    assert run(["diff", str(baseline), "--stdio", missing, "--timeout", "5"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
