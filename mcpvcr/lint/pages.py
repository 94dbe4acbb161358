"""One documentation page per lint rule, from the registry plus `rule_pages.json`.

The registry (`@rule`) holds what a rule checks (its summary), its severity, scope and
fix hint; `rule_pages.json` adds, per code, why it matters and two example recordings:
one the rule fires on and one it stays quiet on (`tests/lint/test_rule_pages.py` lints
both, so an example cannot lie). `mcpvcr rules CODE` prints a page; `python -m
tests.regen rules` writes them all to `docs/rules/<code>.md` with `docs/rules/index.md`.

An example is a fragment of a recording: `capabilities`, `tools`, `resources`,
`templates`, `prompts` (the server's lists), `interactions` (recorded calls, with
`fuzz`), `list_errors`, `diagnostics`, `incomplete`; for a launch-config rule
(`mcpvcr lint --config`) it is a launch config (`mcpServers`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from mcpvcr.lint.registry import Rule

PAGES_FILE = "mcpvcr/lint/rule_pages.json"
DOCS_DIR = "docs/rules"


@dataclass(frozen=True)
class Page:
    """What a rule's page adds to its registry entry."""

    why: str
    fires: dict[str, Any]
    passes: dict[str, Any]


@cache
def pages() -> dict[str, Page]:
    text = resources.files("mcpvcr.lint").joinpath("rule_pages.json").read_text(encoding="utf-8")
    return {
        code: Page(why=entry["why"], fires=entry["fires"], passes=entry["passes"])
        for code, entry in json.loads(text).items()
    }


def every_rule() -> list[Rule]:
    """The cassette rules in evaluation order, then the launch-config rules."""
    from mcpvcr.lint import all_rules
    from mcpvcr.lint.launch_config import RULES

    return [*all_rules(), *RULES]


def is_launch_config_rule(rule: Rule) -> bool:
    from mcpvcr.lint.launch_config import RULES

    return rule in RULES


def family(rule: Rule) -> str:
    return rule.code.split(".", 1)[0]


def missing_page_entry(code: str) -> str:
    """The JSON entry to add to `rule_pages.json` for a rule without a page."""
    return (
        f'"{code}": {{"why": "<why it matters, one or two sentences>", '
        '"fires": {<a recording fragment the rule fires on>}, '
        '"passes": {<a close fragment it stays quiet on>}}'
    )


def _json(value: Any, indent: int = 0, width: int = 88) -> str:
    """Pretty JSON that keeps a short object or array on one line (ASCII: escapes visible)."""
    flat = json.dumps(value, ensure_ascii=True)
    if indent + len(flat) <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=True)}: {_json(v, indent + 2, width).lstrip()}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _json(v, indent + 2, width).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _example(fragment: dict[str, Any]) -> str:
    return "```json\n" + _json(fragment) + "\n```"


def _intro(rule: Rule, *, fires: bool) -> str:
    if is_launch_config_rule(rule):
        return "This launch config (`mcpvcr lint --config FILE`):" if fires else "Corrected:"
    if fires:
        return "A recording with these parts (linted with `--select ALL`):"
    return "A close recording the rule stays quiet on:"


def _ignore(rule: Rule) -> str:
    if is_launch_config_rule(rule):
        return (
            "A launch-config finding cannot be ignored by code: lint one server with"
            " `mcpvcr lint --config FILE --server NAME`, or report without failing with"
            " `--fail-on never`."
        )
    lines = [
        "For one run: `--ignore " + rule.code + "` (on `lint`, `score` and `audit`).",
        "",
        "For the project, in `pyproject.toml` (or `mcpvcr.toml`):",
        "",
        "```toml",
        "[tool.mcpvcr]",
        f'ignore = ["{rule.code}"]',
        "```",
        "",
        f'To keep it but change its weight: `[tool.mcpvcr.severity]` `"{rule.code}" = "info"`.',
    ]
    if rule.scope in ("tool", "param"):
        lines += [
            "",
            f'For one tool only: `[tool.mcpvcr.per-tool-ignores]` `my_tool = ["{rule.code}"]`.',
        ]
    return "\n".join(lines)


def render_page(rule: Rule, *, link_index: bool = True) -> str:
    """The Markdown page of one rule."""
    page = pages()[rule.code]
    status = "scored" if rule.scored else "not scored"
    default = "on by default" if rule.default else "opt-in (runs only when selected)"
    parts = [
        f"# `{rule.code}`",
        "",
        (
            f"**Severity:** {rule.severity} · **Family:** {family(rule)} · **Scope:** {rule.scope}"
            f" · {status} · {default}"
        ),
        "",
        "## What it checks",
        "",
        rule.summary,
        "",
        "## Why it matters",
        "",
        page.why,
        "",
        "## Example that fires",
        "",
        _intro(rule, fires=True),
        "",
        _example(page.fires),
        "",
        "## Example that does not fire",
        "",
        _intro(rule, fires=False),
        "",
        _example(page.passes),
        "",
        "## How to fix",
        "",
        rule.hint.rstrip(".") + ".",
        "",
        "## How to ignore",
        "",
        _ignore(rule),
    ]
    if not rule.default:
        parts += ["", f'To run it: `--select {rule.code}` or `select = ["{rule.code}"]`.']
    if link_index:
        parts += ["", "[All rules](index.md)"]
    return "\n".join(parts) + "\n"


def render_table(rules: list[Rule]) -> str:
    """The terminal list: code, severity, family, one line."""
    width = max(len(r.code) for r in rules)
    return "".join(
        f"{r.code:<{width}}  {r.severity:<7}  {family(r):<9}  {r.summary}\n" for r in rules
    )


def render_index(rules: list[Rule]) -> str:
    """`docs/rules/index.md`: every rule with its severity, family and summary."""
    lines = [
        "# Lint rules",
        "",
        (
            "Every rule `mcpvcr lint` and `mcpvcr score` apply, in evaluation order, then the"
            " rules of `mcpvcr lint --config` (launch configs). "
            "`mcpvcr rules` prints this list, `mcpvcr rules CODE` a rule's page. "
            "Generated from the rule registry by `python -m tests.regen rules`; do not edit."
        ),
        "",
        "| code | severity | family | what it checks |",
        "|---|---|---|---|",
    ]
    for r in rules:
        summary = r.summary.replace("|", "\\|")
        opt = "" if r.default else " (opt-in)"
        lines.append(f"| [`{r.code}`]({r.code}.md) | {r.severity} | {family(r)} | {summary}{opt} |")
    return "\n".join(lines) + "\n"


def rendered_docs(rules: list[Rule]) -> dict[str, str]:
    """File name under `docs/rules/` -> its text."""
    out = {f"{r.code}.md": render_page(r) for r in rules}
    out["index.md"] = render_index(rules)
    return out
