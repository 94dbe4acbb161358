"""Every lint rule has a page whose examples are true, and docs/rules/ is what it renders.

The pages come from one source: the registry (`@rule`: summary, severity, hint) plus
`mcpvcr/lint/rule_pages.json` (why, an example that fires, one that does not).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cli import run
from mcpvcr.config import LintConfig, load_config, with_overrides
from mcpvcr.lint import lint
from mcpvcr.lint.launch_config import lint_config
from mcpvcr.lint.pages import (
    DOCS_DIR,
    PAGES_FILE,
    every_rule,
    is_launch_config_rule,
    missing_page_entry,
    pages,
    render_page,
    rendered_docs,
)
from mcpvcr.lint.registry import Rule
from tests.builders import cassette

REPO = Path(__file__).resolve().parent.parent.parent
RULES = {rule.code: rule for rule in every_rule()}
EVERY_RULE = LintConfig(select=("ALL",))


def test_every_rule_has_a_page() -> None:
    missing = [code for code in RULES if code not in pages()]
    assert not missing, (
        f"lint rules without a page; add to {PAGES_FILE} (then run `python -m tests.regen"
        " rules`):\n" + "\n".join(missing_page_entry(code) for code in missing)
    )
    stale = sorted(set(pages()) - set(RULES))
    assert not stale, f"{PAGES_FILE} has pages for no rule; remove: {', '.join(stale)}"
    assert len(RULES) == len(every_rule())  # codes are unique across both rule sets


def test_the_missing_page_message_is_a_json_entry_to_fill_in() -> None:
    entry = missing_page_entry("behavior.readonly_tool_wrote")
    assert entry.startswith('"behavior.readonly_tool_wrote": {"why": ')
    assert '"fires": {' in entry and '"passes": {' in entry


def _codes_on(rule: Rule, fragment: dict[str, Any], tmp_path: Path) -> set[str]:
    if is_launch_config_rule(rule):
        path = tmp_path / "mcp.json"
        path.write_text(json.dumps(fragment), encoding="utf-8")
        return {f.code for f in lint_config(str(path))}
    return {f.code for f in lint(cassette(**fragment), EVERY_RULE)}


@pytest.mark.parametrize("code", sorted(RULES))
def test_the_example_that_fires_fires(code: str, tmp_path: Path) -> None:
    assert code in _codes_on(RULES[code], pages()[code].fires, tmp_path)


@pytest.mark.parametrize("code", sorted(RULES))
def test_the_example_that_does_not_fire_stays_quiet(code: str, tmp_path: Path) -> None:
    assert code not in _codes_on(RULES[code], pages()[code].passes, tmp_path)


@pytest.mark.parametrize(
    "code", sorted(c for c, r in RULES.items() if not is_launch_config_rule(r))
)
def test_the_ignore_snippet_silences_the_rule(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = render_page(RULES[code])
    toml = re.search(r"```toml\n(.*?)```", page, re.S)
    assert toml is not None
    (tmp_path / "pyproject.toml").write_text(toml.group(1), encoding="utf-8")
    config = with_overrides(load_config(tmp_path), select=["ALL"])
    assert code not in {f.code for f in lint(cassette(**pages()[code].fires), config)}


def test_docs_rules_is_what_the_registry_renders() -> None:
    """CI's check that `python -m tests.regen rules` was run after a rule changed."""
    folder = REPO / DOCS_DIR
    want = rendered_docs(every_rule())
    have = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.md")}
    stale = sorted(set(have) - set(want))
    assert not stale, f"{DOCS_DIR} has pages of no rule; delete: {', '.join(stale)}"
    differ = sorted(name for name in want if have.get(name) != want[name])
    hint = "run `python -m tests.regen rules`"
    assert not differ, f"{DOCS_DIR} is out of date ({', '.join(differ[:5])}...): {hint}"


def test_a_page_has_every_section() -> None:
    page = render_page(RULES["tool.no_annotations"])
    for heading in (
        "## What it checks",
        "## Why it matters",
        "## Example that fires",
        "## Example that does not fire",
        "## How to fix",
        "## How to ignore",
    ):
        assert heading in page
    assert "per-tool-ignores" in page  # a tool-scope rule can be ignored per tool
    assert "per-tool-ignores" not in render_page(RULES["behavior.timeout"])
    assert "--select pub.five_axis" in render_page(RULES["pub.five_axis"])  # opt-in


def test_rules_lists_every_rule_with_severity_and_family(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(RULES)
    assert lines[0].split()[1:3] == ["warning", "server"]


def test_rules_code_prints_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "security.exfiltration"]) == 0
    out = capsys.readouterr().out
    assert out == render_page(RULES["security.exfiltration"], link_index=False)
    assert out.startswith("# `security.exfiltration`")


def test_rules_family_lists_only_that_family(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "prompt"]) == 0
    codes = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert codes and all(code.startswith("prompt.") for code in codes)


def test_rules_unknown_code_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "securty"]) == 2
    assert "did you mean 'security'?" in capsys.readouterr().err
