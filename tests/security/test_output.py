"""Findings 4 and 5: server and cassette text stays inert in terminals, Markdown and CI;
an untrusted ignore file cannot pass anything."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import store
from tests.builders import cassette, tool
from tests.live.helpers import REPO, run_mcpvcr
from tests.security.hostile_http import HostileServer, contract

OSC52 = "\x1b]52;c;ZXZpbA==\x07"
CI_LINES = "\n::error::pwned\n##[error]pwned\n##vso[task.setvariable]x"


def _no_ci_command(text: str, allowed: tuple[str, ...] = ()) -> None:
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(allowed) and allowed:
            continue
        assert not stripped.startswith(("::", "##[", "##vso[")), line


def _inert_terminal(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text
    _no_ci_command(text)


def test_record_summary_escapes_the_protocol_version(tmp_path: Path) -> None:
    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        answer = contract(message, [{"name": "t", "inputSchema": {"type": "object"}}])
        if answer and message["method"] == "initialize":
            answer["result"]["protocolVersion"] = "2025-11-25" + OSC52 + CI_LINES
        return answer

    with HostileServer(behave) as server:
        run = run_mcpvcr("record", server.url, "-o", str(tmp_path / "x.mcpvcr"), "--timeout", "5")
    assert "x.mcpvcr" in run.stderr or run.returncode == 3
    _inert_terminal(run.stderr + run.stdout)


def _save(path: Path, **kwargs: Any) -> str:
    store.save(cassette(**kwargs), path)
    return str(path)


def test_lint_keeps_a_tool_name_with_newlines_on_one_line(tmp_path: Path) -> None:
    name = "where" + CI_LINES + OSC52
    file = _save(tmp_path / "l.mcpvcr", tools=[tool(name=name)])
    run = run_mcpvcr("lint", file)
    _inert_terminal(run.stdout + run.stderr)
    finding_lines = [line for line in run.stdout.splitlines() if "where" in line]
    assert finding_lines and all("pwned" in line for line in finding_lines)  # kept, inert


@pytest.mark.parametrize("command", ["diff", "gate"])
def test_diff_and_gate_text_lines_are_inert(tmp_path: Path, command: str) -> None:
    old = _save(tmp_path / "o.mcpvcr", tools=[tool(description="::warning::old" + CI_LINES)])
    new = _save(tmp_path / "n.mcpvcr", tools=[tool(description="##[error]new" + OSC52)])
    run = run_mcpvcr(command, old, new)
    assert "old" in run.stdout
    _inert_terminal(run.stdout + run.stderr)


def test_markdown_from_a_cassette_cannot_forge_structure(tmp_path: Path) -> None:
    forged = "# All checks passed\n![x](https://evil.example/x.png) <img src=x> @octocat <!--"
    file = _save(
        tmp_path / "s.mcpvcr",
        tools=[tool(name="t")],
        fuzz=True,
        coverage={"fuzzed": forged, "skippedDestructive": ["@octocat <!--"]},
        instructions=forged,
    )
    run = run_mcpvcr("score", file, "--format", "markdown")
    text = run.stdout
    assert "Coverage" in text
    for bad in ("<img", "<!--", "![x]", "@octocat", "\n# All"):
        assert bad not in text, bad
    other = _save(tmp_path / "o.mcpvcr", tools=[tool(name="@octocat")])
    md = tmp_path / "c.md"
    run_mcpvcr("gate", file, other, "--markdown", str(md))
    comment = md.read_text()
    outside_code = re.sub(r"(`+).*?\1", "", comment)  # GitHub mentions no one in code spans
    assert "octocat" in comment and "@octocat" not in outside_code


def test_ignore_reason_is_echoed_escaped(tmp_path: Path) -> None:
    same = _save(tmp_path / "a.mcpvcr")
    ignore = tmp_path / "i.toml"
    ignore.write_text(
        '[[ignore]]\nrule = "tool.removed"\nlocation = "/tools/x"\n'
        f"reason = {json_str('ok' + CI_LINES + OSC52)}\n"
    )
    run = run_mcpvcr("gate", same, same, "--ignore-file", str(ignore))
    assert "matched nothing" in run.stderr
    _inert_terminal(run.stdout + run.stderr)


def json_str(text: str) -> str:
    import json

    return json.dumps(text)


def test_action_error_path_prints_no_token_and_no_command(tmp_path: Path) -> None:
    token = "ghs_actiontoken0123456789"
    baseline = _save(tmp_path / "b.mcpvcr")

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        if "id" not in message:
            return None
        text = f"bad auth {headers.get('authorization')}{CI_LINES}"
        return {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -1, "message": text}}

    with HostileServer(behave) as server:
        env = {
            **os.environ,
            "PYTHONPATH": str(REPO),
            "MCPVCR_BASELINE": baseline,
            "MCPVCR_TARGET": server.url,
            "MCPVCR_TARGET_TOKEN": token,
            "MCPVCR_TIMEOUT": "5",
        }
        env.pop("GITHUB_OUTPUT", None)
        env.pop("GITHUB_STEP_SUMMARY", None)
        run = subprocess.run(
            [sys.executable, "-m", "mcpvcr.ci_action"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    out = run.stdout + run.stderr
    assert run.returncode == 3
    assert "bad auth" in out  # the server's message arrived
    assert token not in out
    _no_ci_command(out, allowed=("::error title=mcpvcr::",))
    assert len(re.findall(r"^::error", run.stdout, re.M)) == 1


def test_wildcard_ignore_entries_are_refused(tmp_path: Path) -> None:
    old = _save(tmp_path / "o.mcpvcr", tools=[tool(name="alpha")])
    new = _save(tmp_path / "n.mcpvcr", tools=[tool(name="beta", description="Other server.")])
    for rule, location in (("*", "/tools/alpha"), ("tool.removed", "*"), ("tool.*", "/x")):
        ignore = tmp_path / "i.toml"
        ignore.write_text(
            f'[[ignore]]\nrule = "{rule}"\nlocation = "{location}"\nreason = "trust me"\n'
        )
        run = run_mcpvcr("gate", old, new, "--ignore-file", str(ignore))
        assert run.returncode == 2, (rule, location, run.stderr)
        assert "No contract changes" not in run.stdout


def test_accepted_changes_are_counted_loudly_never_no_changes(tmp_path: Path) -> None:
    old = _save(tmp_path / "o.mcpvcr", tools=[tool(name="alpha")])
    new = _save(tmp_path / "n.mcpvcr", tools=[])
    ignore = tmp_path / "i.toml"
    ignore.write_text('[[ignore]]\nrule = "tool.removed"\nlocation = "/tools/*"\nreason = "ok"\n')
    md = tmp_path / "c.md"
    run = run_mcpvcr("gate", old, new, "--ignore-file", str(ignore), "--markdown", str(md))
    assert run.returncode == 0, run.stderr
    assert "accepted 1 change(s)" in run.stderr
    for text in (run.stdout, md.read_text()):
        assert "No contract changes" not in text
        assert "1 contract change(s), all accepted by the ignore file" in text
