"""Offline lint of a cassette: `lint(cassette, config) -> list[Finding]`.

Rules live in the `rules_*` modules and `publishability`, registered with
`@rule` (see `registry`; `RULE_MODULES` below lists the rule modules). The order of
findings is the evaluation order: server rules, then per tool its tool rules
and per property its parameter rules, then the contract-wide, security and
behavioural rules. Same cassette, same findings, same order.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from mcpvcr.lint.registry import RULES, SEVERITY_RANK, Finding, Hit, Rule

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.config import LintConfig
    from mcpvcr.lint.context import LintContext

__all__ = [
    "RULE_MODULES",
    "SEVERITY_RANK",
    "Finding",
    "Rule",
    "all_rules",
    "at_or_above",
    "check_config",
    "lint",
]


RULE_MODULES = (
    # MCProbe's rules first: their order is part of its contract
    "mcpvcr.lint.rules_mcprobe",
    "mcpvcr.lint.rules_contract",
    "mcpvcr.lint.rules_security",
    "mcpvcr.lint.rules_behaviour",
    "mcpvcr.lint.publishability",
)


def all_rules() -> list[Rule]:
    """Every rule, in evaluation order (imports the rule modules once)."""
    for module in RULE_MODULES:
        importlib.import_module(module)  # importing a module registers its rules
    # modules may have been imported in another order (scoring imports publishability),
    # so order by module, then by registration within the module
    rank = {module: index for index, module in enumerate(RULE_MODULES)}
    return sorted(
        RULES.values(), key=lambda r: (rank.get(r.func.__module__, len(rank)), r.sequence)
    )


def lint(cassette: Cassette, config: LintConfig | None = None) -> list[Finding]:
    """Run every selected rule over `cassette`; findings in evaluation order."""
    from mcpvcr.config import LintConfig
    from mcpvcr.judge import judged, switched_off
    from mcpvcr.lint.context import LintContext

    cassette = judged(cassette, switched_off(config))  # behaviour rules read verdicts
    config = config or LintConfig()
    check_config(config)
    rules = [r for r in all_rules() if config.selects(r.code, r.default)]
    ctx = LintContext(cassette)
    findings = [rule.finding(hit) for rule, hit in _run(ctx, rules)]
    return [_configured(f, config) for f in findings if _kept(f, config)]


def check_config(config: LintConfig) -> None:
    """Refuse a selector that matches no rule (UsageError naming where it was written)."""
    config.check_selectors(r.code for r in all_rules())


def _run(ctx: LintContext, rules: list[Rule]) -> Iterator[tuple[Rule, Hit]]:
    for rule in (r for r in rules if r.scope == "server"):
        yield from ((rule, hit) for hit in rule.func(ctx))
    per_tool = [r for r in rules if r.scope in ("tool", "param")]
    for tool in ctx.tools:
        index = 0
        while index < len(per_tool):
            rule = per_tool[index]
            if rule.scope == "tool":
                yield from ((rule, hit) for hit in rule.func(ctx, tool))
                index += 1
                continue
            batch = _param_batch(per_tool, index)
            # MCProbe stops linting a tool without an input schema before its parameters
            if tool.has_input_schema:
                for name, prop in tool.properties.items():
                    for param_rule in batch:
                        yield from ((param_rule, h) for h in param_rule.func(ctx, tool, name, prop))
            index += len(batch)
    for rule in (r for r in rules if r.scope == "contract"):
        yield from ((rule, hit) for hit in rule.func(ctx))


def _param_batch(rules: list[Rule], start: int) -> list[Rule]:
    """Consecutive parameter rules run together per property (MCProbe's interleaving)."""
    end = start
    while end < len(rules) and rules[end].scope == "param":
        end += 1
    return rules[start:end]


def _kept(finding: Finding, config: LintConfig) -> bool:
    tool = finding.location.get("tool")
    return tool is None or not config.ignored_for_tool(tool, finding.code)


def _configured(finding: Finding, config: LintConfig) -> Finding:
    level = config.severity_of(finding.code, finding.severity)
    if level == finding.severity:
        return finding
    return Finding(
        code=finding.code,
        severity=level,  # type: ignore[arg-type]  # validated by config.parse_config
        message=finding.message,
        location=finding.location,
        hint=finding.hint,
    )


def at_or_above(findings: list[Finding], threshold: str) -> list[Finding]:
    """The findings whose severity is `threshold` or worse."""
    limit = SEVERITY_RANK[threshold]
    return [f for f in findings if SEVERITY_RANK[f.severity] <= limit]
