"""Every example in README.md and docs/*.md stays true.

- README's first two code blocks are the set-up commands; the second is exactly what
  `.ci/run` runs, and the first one's audit really runs. README stays a front page
  (at most 400 lines) and every docs/ page it links to exists (or is reserved below).
- Every `mcpvcr ...` line in any code block (also `run: mcpvcr ...` in YAML) parses
  with the real CLI (the subcommand and every flag exist and accept the values shown).
- `console` blocks (`$ mcpvcr ...`) and `python` blocks are executed.
- `toml` blocks load with mcpvcr's own config and ignore-file readers (their rule
  selectors must match rules); `json` blocks parse; a `yaml` block using the Action
  names only inputs `action.yml` declares.

docs/rules/ is generated and checked by tests/lint/test_rule_pages.py.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from mcpvcr.cli import cli

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
BLOCKS = [(lang, body) for lang, body in BLOCK.findall(README)]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
"""README and the docs pages (docs/rules/ is generated and tested on its own)."""
ALL_BLOCKS = [
    (path.relative_to(REPO).as_posix(), lang, body)
    for path in DOCS
    for lang, body in BLOCK.findall(path.read_text(encoding="utf-8"))
]
RESERVED_DOCS = {
    "docs/verdicts.md",
    "docs/sandbox.md",
    "docs/scanner.md",
    "docs/security.md",
    "docs/replay.md",
    "docs/reports.md",
}
"""Pages README links to that other work in progress writes (checked once they exist)."""
MAX_README_LINES = 400


def mcpvcr_lines() -> list[str]:
    lines = []
    for _doc, lang, body in ALL_BLOCKS:
        if lang == "text":  # the command table and sample output are prose
            continue
        for line in body.replace("\\\n", " ").splitlines():  # join `\` continuations
            text = line.strip().removeprefix("$ ").removeprefix("- ").removeprefix("run: ")
            if text.startswith("mcpvcr "):
                lines.append(text)
    return lines


def test_readme_is_a_front_page_and_its_links_resolve() -> None:
    assert README.count("\n") <= MAX_README_LINES
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README):
        if target in RESERVED_DOCS and not (REPO / target).exists():
            continue
        assert (REPO / target).exists(), f"README links to a missing page: {target}"


def test_every_docs_page_is_reachable_from_the_readme() -> None:
    for path in DOCS[1:]:
        assert f"(docs/{path.name})" in README, f"README does not link docs/{path.name}"


def test_readme_starts_with_the_two_setup_commands() -> None:
    first, second = BLOCKS[0][1].strip(), BLOCKS[1][1].strip()
    assert first.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && ")
    assert 'mcpvcr audit --fuzz --stdio ".venv/bin/python -m examples.demo_target"' in first
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert second == ci_run.strip()


def test_the_demo_audit_command_runs() -> None:
    command = BLOCKS[0][1].strip().split(" && ")[-1]
    argv = shlex.split(command.replace(".venv/bin/python", sys.executable))
    assert argv[0] == ".venv/bin/mcpvcr"
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", *argv[1:]],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "**Grade:**" in done.stdout and "## Fuzz table" in done.stdout


def _first_alternative(args: list[str]) -> list[str]:
    return [arg.split("|")[0] if "|" in arg and not arg.startswith("{") else arg for arg in args]


@pytest.mark.parametrize("line", mcpvcr_lines())
def test_every_command_line_parses(line: str) -> None:
    args = _first_alternative(shlex.split(line, comments=True)[1:])
    command: click.Command = cli
    ctx = click.Context(cli, info_name="mcpvcr")
    while isinstance(command, click.Group) and args and not args[0].startswith("-"):
        sub = command.get_command(ctx, args[0])
        assert sub is not None, f"no command {args[0]!r} in: {line}"
        ctx = click.Context(sub, info_name=args[0], parent=ctx)
        command, args = sub, args[1:]
    try:
        command.make_context(ctx.info_name, list(args), parent=ctx.parent)
    except click.exceptions.Exit:
        pass
    except click.ClickException as err:
        pytest.fail(f"README line does not parse: {line}\n  {err.format_message()}")


CONSOLE = [
    line.strip()[2:]
    for _doc, lang, body in ALL_BLOCKS
    if lang == "console"
    for line in body.splitlines()
    if line.strip().startswith("$ ")
]


@pytest.mark.parametrize("line", CONSOLE)
def test_console_examples_run(line: str) -> None:
    argv = shlex.split(line)
    assert argv[0] == "mcpvcr"
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", *argv[1:]],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout or "passed" in done.stderr


PYTHON = [body for _doc, lang, body in ALL_BLOCKS if lang == "python" and "pytest.mark" not in body]


@pytest.mark.parametrize("code", PYTHON, ids=lambda code: code.splitlines()[0][:40])
def test_python_examples_run(code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr


def test_pytest_plugin_example_matches_the_runnable_example() -> None:
    snippet = next(
        body for _doc, lang, body in ALL_BLOCKS if lang == "python" and "mcpvcr_server" in body
    )
    runnable = (REPO / "examples" / "client_test" / "test_replayed_server.py").read_text()
    assert '@pytest.mark.mcpvcr("cassettes/everything.mcpvcr")' in snippet
    assert "StdioServerParameters(**mcpvcr_server.stdio_parameters())" in snippet
    assert "StdioServerParameters(**mcpvcr_server.stdio_parameters())" in runnable
    assert 'call_tool("echo", {"message": "Hello from mcpvcr"})' in runnable


TOML = [body for _doc, lang, body in ALL_BLOCKS if lang == "toml"]


@pytest.mark.parametrize("body", TOML, ids=lambda body: body.splitlines()[0])
def test_toml_examples_load(body: str, tmp_path: Path) -> None:
    from mcpvcr.config import load_config, load_fuzz_config
    from mcpvcr.ignore import load_ignore

    if body.lstrip().startswith("[[ignore]]"):
        path = tmp_path / ".mcpvcr-ignore.toml"
        path.write_text(body, encoding="utf-8")
        assert load_ignore(path)
        return
    if body.lstrip().startswith("[serve]"):  # the user-level config of `serve`
        from mcpvcr.serve.policy import allowed_from_config, user_serve_table

        path = tmp_path / "config.toml"
        path.write_text(body, encoding="utf-8")
        table, source = user_serve_table({"MCPVCR_USER_CONFIG": str(path)})
        assert allowed_from_config(table, source)[1]
        return
    (tmp_path / "pyproject.toml").write_text(body, encoding="utf-8")
    config, fuzz = load_config(tmp_path), load_fuzz_config(tmp_path)
    assert config.source or fuzz.source
    from mcpvcr.lint import check_config

    check_config(config)  # every selector names a rule


JSON = [(doc, body) for doc, lang, body in ALL_BLOCKS if lang == "json"]


@pytest.mark.parametrize(("doc", "body"), JSON, ids=[f"{d}:{b[:30]}" for d, b in JSON])
def test_json_examples_parse(doc: str, body: str) -> None:
    json.loads(body)


ACTION_YAML = [
    (doc, body) for doc, lang, body in ALL_BLOCKS if lang == "yaml" and "mcpvcr@" in body
]


def _action_inputs() -> set[str]:
    text = (REPO / "action.yml").read_text(encoding="utf-8")
    inputs = text.split("\ninputs:\n", 1)[1].split("\noutputs:", 1)[0]
    return set(re.findall(r"^  ([\w-]+):", inputs, re.M))


@pytest.mark.parametrize(("doc", "body"), ACTION_YAML, ids=[d for d, _ in ACTION_YAML])
def test_action_examples_use_declared_inputs(doc: str, body: str) -> None:
    if "with:" not in body:
        return
    given = set(re.findall(r"^    ([\w-]+):", body.split("with:", 1)[1], re.M))
    assert given and given <= _action_inputs(), given - _action_inputs()


def test_the_action_input_reader_is_not_blind() -> None:
    assert {"baseline", "fail-on", "min-score"} <= _action_inputs()
