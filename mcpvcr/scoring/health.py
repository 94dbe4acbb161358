"""mcp-probe's second opinion: the health view and the publishability composite.

A separate scale from the overall score (mcp-probe's health view). Fixed
mcp-probe bugs: tool calls that were not measured (no `--fuzz`) are left out of
the edge-case domain instead of counting as 0 % callable, and the sample-args
rate is measured (tools for which a valid case could be built) instead of being
hard-coded to 1.0.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.lint.context import LintContext
from mcpvcr.lint.publishability import (
    AXIS_THRESHOLD,
    SILENT_MUTATION_LIMIT,
    axis_average,
    has_mutation_signal,
    is_high_blast,
    lacks_anti_purpose,
    prose_enum_params,
)
from mcpvcr.lint.registry import Finding
from mcpvcr.scoring.model import Check, Health, Publishability, round_half_up, to_fixed

COMPLIANCE_ERRORS = frozenset(
    {
        "tool.no_input_schema",
        "schema.root_not_object",
        "tool.empty_name",
        "schema.required_not_in_properties",
        "resource.missing_uri",
        "prompt.empty_name",
        "prompt.bad_argument",
    }
)
COMPLIANCE_WARNINGS = frozenset(
    {"server.no_tools", "server.capability_mismatch", "resource.uri_no_scheme"}
)
SCHEMA_WARNINGS = frozenset({"tool.missing_description", "param.missing_description"})
DEDUCTIONS = {"description-five-axis": 50, "mutation-legibility": 30, "enum-shape": 20}
_HARD_ZERO = re.compile(r"initialize|transport|connect", re.I)


def health(cassette: Cassette) -> Health:
    """Tools callable, resources readable and prompts gettable, from recorded interactions."""
    counts = {
        "tools": len(cassette.tools),
        "resources": len(cassette.resources),
        "prompts": len(cassette.prompts),
    }
    if not cassette.fuzzed:
        return Health(
            measured=False,
            tools_total=counts["tools"],
            resources_total=counts["resources"],
            prompts_total=counts["prompts"],
        )
    done: dict[str, dict[str, bool]] = {"tools/call": {}, "resources/read": {}, "prompts/get": {}}
    for item in cassette.interactions:
        method = str(item.get("method"))
        if method in done and item.get("case") in ("valid", "read", "get"):
            target = str(item.get("target", ""))
            done[method][target] = done[method].get(target, False) or item.get("outcome") == "ok"
    calls, reads, gets = done["tools/call"], done["resources/read"], done["prompts/get"]
    return Health(
        measured=True,
        tools_callable=sum(calls.values()),
        tools_exercised=len(calls),
        tools_total=counts["tools"],
        resources_readable=sum(reads.values()),
        resources_read=len(reads),
        resources_total=counts["resources"],
        prompts_gettable=sum(gets.values()),
        prompts_got=len(gets),
        prompts_total=counts["prompts"],
    )


def publishability(cassette: Cassette, findings: Sequence[Finding], view: Health) -> Publishability:
    """mcp-probe's composite: 35 % protocol, 25 % edge cases, 40 % publishability."""
    ctx = LintContext(cassette)
    codes = [f.code for f in findings]
    errors = sum(code in COMPLIANCE_ERRORS for code in codes)
    # A compliance code reported as a note (an advertised capability with an empty list)
    # deducts nothing, as a note nowhere else does.
    warnings = sum(f.code in COMPLIANCE_WARNINGS and f.severity != "info" for f in findings)
    hard_zero = not cassette.complete and bool(
        _HARD_ZERO.search(str(cassette.header.get("incomplete") or ""))
    )
    protocol = 0 if hard_zero else max(0, 100 - 25 * errors - 5 * warnings)
    edge, notes = _edge(cassette, ctx, codes, view)
    checks = _checks(ctx)
    failures = tuple(c.check for c in checks if not c.passed and c.severity != "info")
    pub = max(0, 100 - sum(DEDUCTIONS.get(name, 0) for name in failures))
    composite = int(round_half_up(0.35 * protocol + 0.25 * edge + 0.40 * pub))
    caps: list[tuple[str, int]] = []
    if hard_zero:
        caps.append(("protocol hard-zero (initialize/transport failed)", 50))
    five = next(c for c in checks if c.check == "description-five-axis")
    failed_tools = sum(axis_average(t) < AXIS_THRESHOLD for t in ctx.tools)
    if not five.passed and ctx.tools and failed_tools / len(ctx.tools) >= 0.5:
        caps.append(("description-five-axis: ≥50% of tools below per-tool axis threshold", 60))
    for _, ceiling in caps:
        composite = min(composite, ceiling)
    return Publishability(
        composite=composite,
        grade=_grade(composite),
        band=_band(composite),
        protocol=protocol,
        edge=edge,
        publishability=pub,
        failures=failures,
        caps=tuple(caps),
        checks=tuple(checks),
        notes=tuple(notes),
    )


def _edge(
    cassette: Cassette, ctx: LintContext, codes: list[str], view: Health
) -> tuple[int, list[str]]:
    properties = sum(len(tool.properties) for tool in ctx.tools)
    denominator = max(min(properties, 50), 1)
    clean = max(1 - sum(code in SCHEMA_WARNINGS for code in codes) / denominator, 0.0)
    if not view.measured or not view.tools_exercised:
        note = "edge cases: tool calls not measured (record with --fuzz); schema share only"
        return int(round_half_up(clean * 100)), [note]
    call_rate = view.tools_callable / view.tools_exercised
    coverage = cassette.body.get("coverage")
    no_valid: Any = coverage.get("noValidCase") if isinstance(coverage, dict) else None
    missing = len(no_valid) if isinstance(no_valid, dict) else 0
    sample_rate = max(0.0, 1 - missing / max(view.tools_exercised + missing, 1))
    edge = round_half_up((0.5 * call_rate + 0.3 * clean + 0.2 * sample_rate) * 100)
    return int(edge), []


def _checks(ctx: LintContext) -> list[Check]:
    tools = ctx.tools
    averages = [axis_average(t) for t in tools]
    mean = sum(averages) / len(averages) if averages else 5.0
    below = sum(a < AXIS_THRESHOLD for a in averages)
    prose = [f"{t.name}.{p}" for t in tools for p in prose_enum_params(t)]
    silent = [t.name for t in tools if not has_mutation_signal(t)]
    blast = [t.name for t in tools if is_high_blast(t) and lacks_anti_purpose(t)]
    silent_share = len(silent) / len(tools) if tools else 0.0
    return [
        Check(
            check="description-five-axis",
            passed=not tools or mean >= AXIS_THRESHOLD,
            severity="high",
            message=f"Global avg {to_fixed(mean, 2)}/5 axes; {below} tool(s) below "
            f"{AXIS_THRESHOLD:.0f}",
        ),
        Check(
            check="enum-shape",
            passed=not prose,
            severity="medium",
            message="no prose-only enums"
            if not prose
            else f"{len(prose)} parameter(s) list values in prose: {', '.join(prose[:5])}",
        ),
        Check(
            check="mutation-legibility",
            passed=silent_share <= SILENT_MUTATION_LIMIT,
            severity="high",
            message=f"{len(silent)}/{len(tools)} tool(s) give no mutation signal",
        ),
        Check(
            check="distribution-metadata",
            passed=True,
            severity="info",
            message="skipped: a cassette holds no package metadata",
        ),
        Check(
            check="anti-purpose-clause",
            passed=len(tools) <= 2 or not blast,
            severity="low" if len(tools) > 2 and blast else "info",
            message=f"{len(blast)} high-blast tool(s) without a 'do not use' clause"
            if len(tools) > 2
            else "skipped: two tools or fewer",
        ),
    ]


def _grade(composite: int) -> str:
    for grade, floor in (("A", 85), ("B", 65), ("C", 50), ("D", 40)):
        if composite >= floor:
            return grade
    return "F"


def _band(composite: int) -> str:
    for band, floor in (("Publishable", 85), ("Almost", 65), ("Rough", 40)):
        if composite >= floor:
            return band
    return "Not ready"
