"""mcp-probe's publishability checks, as pure functions and rules.

The functions compute mcp-probe's per-check verdicts (used by the score's
publishability section); the rules report the tools and parameters behind a
failing verdict as findings (`pub.*`, not counted in Schema Quality). The rules
are opt-in (`--select pub`): they fire on most real servers and the report's
publishability section already summarises them. The
regexes are mcp-probe's, English-only and keyword-based: a hint, not a grade
of prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from mcpvcr import linear_re
from mcpvcr.lint.context import LintContext, ToolView
from mcpvcr.lint.registry import Hit, rule

AXES: dict[str, linear_re.Pattern] = {
    "type": linear_re.compile(
        r"\b(string|number|integer|boolean|array|object|UTF-?8|bytes|JSON|seconds|milliseconds"
        r"|ms|absolute path|relative path|URL|URI|UUID|UTF8|ASCII|base64|float|decimal"
        r"|timestamp|date)\b",
        re.I,
    ),
    "constraints": linear_re.compile(
        r"\b(min|max|maxLength|minLength|pattern|range|up to|at most|at least|between|chars?"
        r"|characters?|bytes?|seconds?|milliseconds?|positive|non-?empty|format)\b",
        re.I,
    ),
    "not": linear_re.compile(
        r"\b(do not|don't|never|avoid|except|must not|cannot|forbidden)\b", re.I
    ),
    "mutation": linear_re.compile(
        r"\b(mutating|read[- ]only|writes? to|modifies?|destructive|side[- ]?effect|deletes?"
        r"|creates?|inserts?|updates?|removes?|narrows? (?:a )?read)\b",
        re.I,
    ),
    "example": linear_re.compile(r"\b(e\.?g\.?|example|for example|such as)\b", re.I),
}
AXIS_THRESHOLD = 3.0
_ENUM_PROSE = linear_re.compile(
    r"\b(must be|either|one of|allowed values?|valid values?)\b.{0,80}(\bor\b|,)", re.I
)
_ENUM_EXEMPT = linear_re.compile(
    r"\bvalid\s+(URL|URI|path|email|UUID|date|datetime|hostname|IP)\b", re.I
)
_READ_NAME = linear_re.compile(
    r"^(read|list|get|fetch|find|search|stat|describe|count|exists|view|inspect|query)_", re.I
)
_WRITE_NAME = linear_re.compile(
    r"^(create|update|delete|move|copy|write|append|set|put|patch|merge|remove|drop|truncate"
    r"|insert|upsert)_",
    re.I,
)
_MUTATION_WORDS = linear_re.compile(
    r"\b(mutating|read[- ]only|writes? to|modifies?|destructive|side[- ]?effect|deletes?"
    r"|creates?)\b",
    re.I,
)
_HIGH_BLAST_NAME = linear_re.compile(
    r"(sql|query|exec|run|delete|drop|truncate|update|write|put|move|copy|merge|fetch|http"
    r"|post|insert|upsert|append)",
    re.I,
)
_HIGH_BLAST_PARAM = linear_re.compile(r"^(query|sql|path|filepath|file_path|url|endpoint)$", re.I)
_ANTI_PURPOSE = linear_re.compile(
    r"\b(do not use|don't use|avoid using|prefer|instead of|rather than|never call)\b", re.I
)
SILENT_MUTATION_LIMIT = 0.4


def axes(text: Any) -> int:
    """How many of the five axes a description covers (0-5)."""
    return _axes(text) if isinstance(text, str) else 0


@lru_cache(maxsize=8192)
def _axes(text: str) -> int:
    # descriptions repeat across tools (shared parameter shapes): count each text once
    return sum(1 for pattern in AXES.values() if pattern.search(text))


def axis_average(tool: ToolView) -> float:
    """mcp-probe's per-tool score: max(tool description axes, mean of parameter axes)."""
    own = float(axes(tool.description))
    props = tool.properties
    if not props:
        return own
    per_param = [
        axes(p.get("description") if isinstance(p, dict) else None) for p in props.values()
    ]
    return max(own, sum(per_param) / len(per_param))


def prose_enum_params(tool: ToolView) -> list[str]:
    """String parameters whose description lists allowed values but that have no enum."""
    found = []
    for name, prop in tool.properties.items():
        if not isinstance(prop, dict) or prop.get("type") != "string":
            continue
        text = prop.get("description")
        if not isinstance(text, str) or (isinstance(prop.get("enum"), list) and prop["enum"]):
            continue
        if _ENUM_PROSE.search(text) and not _ENUM_EXEMPT.search(text):
            found.append(str(name))
    return found


def has_mutation_signal(tool: ToolView) -> bool:
    """Whether a client can tell if the tool changes anything (name, words or hints)."""
    notes = tool.annotations or {}
    return bool(
        _READ_NAME.match(tool.name)
        or _WRITE_NAME.match(tool.name)
        or _MUTATION_WORDS.search(tool.description or "")
        or "destructiveHint" in notes
        or "readOnlyHint" in notes
    )


def is_high_blast(tool: ToolView) -> bool:
    return bool(_HIGH_BLAST_NAME.search(tool.name)) or any(
        _HIGH_BLAST_PARAM.match(str(name)) for name in tool.properties
    )


def lacks_anti_purpose(tool: ToolView) -> bool:
    return not _ANTI_PURPOSE.search(tool.description or "")


@rule(
    "pub.five_axis",
    "info",
    "A tool's descriptions cover fewer than 3 of mcp-probe's five axes.",
    "Say in the descriptions the types and units, the limits, what not to do, "
    "whether it changes anything, and give an example.",
    scope="tool",
    scored=False,
    default=False,
)
def five_axis(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    average = axis_average(tool)
    if average < AXIS_THRESHOLD:
        yield Hit(
            f"Tool '{tool.name}' descriptions cover {average:.2f} of 5 axes "
            f"(type, constraints, not, mutation, example); {AXIS_THRESHOLD:.0f} expected.",
            tool.where(),
        )


@rule(
    "pub.enum_shape",
    "warning",
    "A string parameter lists its allowed values in prose instead of an enum.",
    "Turn the allowed values into a JSON Schema enum so clients can validate them.",
    scope="tool",
    scored=False,
    default=False,
)
def enum_shape(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    for name in prose_enum_params(tool):
        yield Hit(
            f"Parameter '{name}' on tool '{tool.name}' lists allowed values in prose "
            "but has no enum.",
            tool.where(name),
        )


@rule(
    "pub.mutation_legibility",
    "info",
    "Nothing tells whether a tool changes state (name, description or hints).",
    "Set readOnlyHint/destructiveHint, or say in the description what the tool changes.",
    scope="tool",
    scored=False,
    default=False,
)
def mutation_legibility(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not has_mutation_signal(tool):
        yield Hit(f"Tool '{tool.name}' does not say whether it changes anything.", tool.where())


@rule(
    "pub.anti_purpose",
    "info",
    "A high-blast tool does not say when not to use it.",
    "Add a 'do not use for ... / prefer ... instead' clause to the description.",
    scope="tool",
    scored=False,
    default=False,
)
def anti_purpose(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    # mcp-probe skips this check for servers of two tools or fewer
    if len(ctx.tools) > 2 and is_high_blast(tool) and lacks_anti_purpose(tool):
        yield Hit(
            f"Tool '{tool.name}' can do a lot of damage but does not say when not to use it.",
            tool.where(),
        )
