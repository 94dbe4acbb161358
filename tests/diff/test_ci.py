"""The GitHub Action's script, run outside GitHub with the same environment variables,
the pre-commit hook on a real git repository, and the action/hook files themselves."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import store
from mcpvcr.ci_action import main
from tests.diff.helpers import cassette, tool

REPO = Path(__file__).resolve().parents[2]
SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}


def _outputs(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text().splitlines())


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    base = tmp_path / "base.mcpvcr"
    new = tmp_path / "new.mcpvcr"
    store.save(cassette(tools=[tool("search", inputSchema=SCHEMA), tool("gone")]), base)
    store.save(cassette(tools=[tool("search", inputSchema=SCHEMA)]), new)
    return {
        "base": base,
        "new": new,
        "summary": tmp_path / "summary.md",
        "output": tmp_path / "output.txt",
        "sarif": tmp_path / "out.sarif",
    }


def _env(files: dict[str, Path], **extra: str) -> dict[str, str]:
    env = {
        "MCPVCR_BASELINE": str(files["base"]),
        "MCPVCR_NEW": str(files["new"]),
        "GITHUB_STEP_SUMMARY": str(files["summary"]),
        "GITHUB_OUTPUT": str(files["output"]),
        "MCPVCR_SARIF": str(files["sarif"]),
    }
    env.update(extra)
    return env


def test_action_script_fails_on_breaking_and_writes_summary_outputs_sarif(
    files: dict[str, Path], capsys: Any
) -> None:
    assert main(_env(files)) == 1
    out = capsys.readouterr().out
    outputs = _outputs(files["output"])
    assert outputs["breaking"] == "1"
    assert outputs["security"] == "0"
    assert outputs["verdict"] == "failed"
    assert outputs["exit-code"] == "1"
    assert outputs["score"].isdigit() and outputs["grade"] in {"A", "B", "C", "D", "F"}
    assert files["summary"].read_text().startswith("### MCP contract diff\n\n❌ **Gate failed.**")
    sarif = json.loads(files["sarif"].read_text())
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["tool.removed"]
    assert re.search(r"^::error file=.*,line=1,title=tool.removed \(breaking\)::", out, re.M)


def test_action_script_passes_and_respects_fail_on(files: dict[str, Path]) -> None:
    assert main(_env(files, MCPVCR_FAIL_ON="security")) == 0
    assert _outputs(files["output"])["verdict"] == "passed"


def test_action_score_threshold(files: dict[str, Path]) -> None:
    assert main(_env(files, MCPVCR_FAIL_ON="none", MCPVCR_MIN_SCORE="100")) in (0, 1)
    score = int(_outputs(files["output"])["score"])
    files["output"].unlink()
    expected = 0 if score >= 100 else 1
    assert main(_env(files, MCPVCR_FAIL_ON="none", MCPVCR_MIN_SCORE="100")) == expected
    files["output"].unlink()
    assert main(_env(files, MCPVCR_FAIL_ON="none", MCPVCR_MIN_SCORE="0")) == 0


def test_action_usage_and_unreadable_errors(files: dict[str, Path], capsys: Any) -> None:
    assert main(_env(files, MCPVCR_BASELINE="")) == 2
    assert main(_env(files, MCPVCR_MIN_SCORE="lots")) == 2
    assert main(_env(files, MCPVCR_TARGET="http://127.0.0.1:9/mcp")) == 2  # both NEW and TARGET
    assert main(_env(files, MCPVCR_NEW=str(files["base"].parent / "missing.mcpvcr"))) == 3
    out = capsys.readouterr().out
    assert "::error title=mcpvcr::" in out
    assert _outputs(files["output"])["verdict"] == "error"


def test_server_text_cannot_issue_workflow_commands(tmp_path: Path, capsys: Any) -> None:
    base, new = tmp_path / "a.mcpvcr", tmp_path / "b.mcpvcr"
    store.save(cassette(tools=[tool("t")]), base)
    evil = "Adds.\n::add-mask::x\n::error::forged"
    store.save(cassette(tools=[tool("t", description=evil)]), new)
    main({"MCPVCR_BASELINE": str(base), "MCPVCR_NEW": str(new)})
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert not any(line.startswith(("::add-mask::", "::error::forged")) for line in lines)
    assert lines[0].startswith("::stop-commands::")


def test_action_script_runs_as_a_module_with_env(files: dict[str, Path]) -> None:
    env = {**os.environ, **_env(files, MCPVCR_FAIL_ON="none")}
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr.ci_action"],
        env=env,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert "MCP contract diff" in done.stdout


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def test_pre_commit_hook_gates_the_staged_cassette_against_head(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    path = repo / "server.mcpvcr"
    store.save(cassette(tools=[tool("a"), tool("b", inputSchema=SCHEMA)]), path)
    _git(repo, "add", "server.mcpvcr")
    _git(repo, "commit", "-q", "-m", "baseline")
    hook = [sys.executable, "-m", "mcpvcr.ci_action", "--pre-commit", "server.mcpvcr"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    assert subprocess.run(hook, cwd=repo, env=env, capture_output=True).returncode == 0
    store.save(cassette(tools=[tool("a")]), path)  # tool b removed: breaking
    done = subprocess.run(hook, cwd=repo, env=env, capture_output=True, text=True)
    assert done.returncode == 1
    assert "1 breaking change(s)" in done.stderr
    relaxed = [*hook[:4], "--fail-on", "security", "server.mcpvcr"]
    assert subprocess.run(relaxed, cwd=repo, env=env, capture_output=True).returncode == 0
    (repo / "fresh.mcpvcr").write_bytes(path.read_bytes())
    fresh = [*hook[:4], "fresh.mcpvcr"]
    assert subprocess.run(fresh, cwd=repo, env=env, capture_output=True).returncode == 0


def test_action_yml_passes_inputs_only_through_env() -> None:
    text = (REPO / "action.yml").read_text()
    run_blocks = re.findall(r"run: \|\n((?:        .*\n)+)|run: (.*)\n", text)
    assert run_blocks
    for block in run_blocks:
        assert "${{" not in "".join(block), "inputs must reach run: through env:"
    for name in ("baseline", "target", "new-cassette", "fail-on", "min-score", "fuzz"):
        assert f"  {name}:\n" in text
    for output in ("score", "grade", "breaking", "security"):
        assert f"steps.gate.outputs.{output} }}}}" in text
    assert "python -m mcpvcr.ci_action" in text


def test_pre_commit_hook_file_declares_an_offline_hook() -> None:
    text = (REPO / ".pre-commit-hooks.yaml").read_text()
    assert "- id: mcpvcr-gate" in text
    assert "entry: python -m mcpvcr.ci_action --pre-commit" in text
    assert "files: '\\.mcpvcr(\\.json)?$'" in text
    assert "record" not in text.split("entry:")[1].splitlines()[0]
