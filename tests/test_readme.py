"""Every example in README.md stays true.

- The first two code blocks are the set-up commands; the second is exactly what
  `.ci/run` runs, and the first one's audit really runs.
- Every `mcpvcr ...` line in any code block parses with the real CLI (the
  subcommand and every flag exist and accept the values shown).
- `console` blocks (`$ mcpvcr ...`) and `python` blocks are executed.
- `toml` blocks load with mcpvcr's own config and ignore-file readers.
"""

from __future__ import annotations

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


def mcpvcr_lines() -> list[str]:
    lines = []
    for lang, body in BLOCKS:
        if lang == "text":  # the command table and sample output are prose
            continue
        for line in body.splitlines():
            text = line.strip().removeprefix("$ ")
            if text.startswith("mcpvcr "):
                lines.append(text)
    return lines


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
    for lang, body in BLOCKS
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


PYTHON = [body for lang, body in BLOCKS if lang == "python" and "pytest.mark" not in body]


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
    snippet = next(body for lang, body in BLOCKS if lang == "python" and "mcpvcr_server" in body)
    runnable = (REPO / "examples" / "client_test" / "test_replayed_server.py").read_text()
    assert '@pytest.mark.mcpvcr("cassettes/everything.mcpvcr")' in snippet
    assert "StdioServerParameters(**mcpvcr_server.stdio_parameters())" in snippet
    assert "StdioServerParameters(**mcpvcr_server.stdio_parameters())" in runnable
    assert 'call_tool("echo", {"message": "Hello from mcpvcr"})' in runnable


TOML = [body for lang, body in BLOCKS if lang == "toml"]


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
