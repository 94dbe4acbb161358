"""Issue 23 items 6 and 10: CI workflow commands mid-line, and @mentions, in every output.

`##[cmd]` (GitHub) and `##vso[cmd]` (Azure Pipelines) act anywhere in a log
line; `::cmd::` acts at a line start. A tool name or description carrying them
reaches lint/score/diff/gate text, the PR comment, JSON and the Action's output;
an ignore-file reason printed by the Action must not forge an annotation.
`&#64;octocat` still pings on GitHub: a mention is broken with a zero-width joiner.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.report.escape import ci_value, html_text, md_text
from mcpvcr.terminal import json_safe, printable
from tests.builders import cassette, tool
from tests.live.helpers import REPO, run_mcpvcr

MID = "Reads notes. see ##[error]forged and ##vso[task.setvariable variable=x]1 and ##VSO[x]"
START = "\n::error::forged\n  ::add-mask::x"
_ACTIVE = re.compile(r"##(\[|vso\[)", re.IGNORECASE)


def _inert(text: str, allowed: tuple[str, ...] = ()) -> None:
    assert not _ACTIVE.search(text), _ACTIVE.search(text)
    for line in text.splitlines():
        stripped = line.lstrip()
        if allowed and stripped.startswith(allowed):
            continue
        assert not stripped.startswith("::"), line


def _save(path: Path, description: str, name: str = "clean_tool") -> str:
    store.save(cassette(tools=[tool(name=name, description=description)]), path)
    return str(path)


def test_escapers_defuse_mid_line_commands() -> None:
    for escape in (printable, md_text, html_text, ci_value):
        out = escape(MID + START)
        _inert(out)
        assert "forged" in out  # mirror: the text is kept, only made inert
    data = json_safe(json.dumps({"d": MID}))
    _inert(data)
    assert json.loads(data) == {"d": MID}
    # mirror: a lone `#` or `[` is not touched
    assert printable("issue #12 [draft]") == "issue #12 [draft]"


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "{new}"),
        ("lint", "{new}", "--format", "json"),
        ("score", "{new}"),
        ("score", "{new}", "--format", "markdown"),
        ("diff", "{old}", "{new}"),
        ("diff", "{old}", "{new}", "--format", "markdown"),
        ("gate", "{old}", "{new}"),
    ],
)
def test_cli_outputs_carry_no_live_command(tmp_path: Path, args: tuple[str, ...]) -> None:
    old = _save(tmp_path / "o.mcpvcr", "Read one note by its id.")
    new = _save(tmp_path / "n.mcpvcr", MID + START, name="ren" + "##[group]x")
    run = run_mcpvcr(*(a.format(old=old, new=new) for a in args))
    assert re.search("forged|group", run.stdout + run.stderr)  # the hostile text did arrive
    _inert(run.stdout + run.stderr)


def test_pr_comment_and_action_annotations_and_ignore_reasons(tmp_path: Path) -> None:
    old = _save(tmp_path / "o.mcpvcr", "Read one note by its id.")
    new = _save(tmp_path / "n.mcpvcr", MID + START)
    ignore = tmp_path / "ignore.toml"
    reason = json.dumps("ok ##[error]forged-by-ignore ##vso[task.complete result=Succeeded]")
    ignore.write_text(
        f'[[ignore]]\nrule = "tool.removed"\nlocation = "/tools/x"\nreason = {reason}\n'
    )
    summary, output = tmp_path / "summary.md", tmp_path / "out.txt"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "MCPVCR_BASELINE": old,
        "MCPVCR_NEW": new,
        "MCPVCR_IGNORE_FILE": str(ignore),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(output),
    }
    run = subprocess.run(
        [sys.executable, "-m", "mcpvcr.ci_action"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    text = run.stdout + run.stderr
    assert "forged-by-ignore" in text
    ours = ("::stop-commands::", "::warning ", "::error ", "::notice ", "::group::", "::endgroup::")
    _inert(re.sub(r"(?m)^::[0-9a-f]{32}::$", "", text), allowed=ours)
    assert len(re.findall(r"^::[0-9a-f]{32}::$", run.stdout, re.M)) == 1
    _inert(summary.read_text())


def test_mentions_are_broken_with_a_zero_width_joiner() -> None:
    out = md_text("ping @octocat and @org/team")
    assert "&#64;" not in out and "@octocat" not in out and "@org/team" not in out
    assert "@\u200doctocat" in out
    # mirror: text without @ is unchanged by this
    assert md_text("plain words") == "plain words"
