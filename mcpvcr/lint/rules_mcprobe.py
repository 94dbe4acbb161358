"""MCProbe's twelve rules, same codes, triggers and messages.

Deliberate fixes of MCProbe's bugs:
- schemas are checked against the dialect they declare (`$schema`), 2020-12 by
  default, so valid draft-07 and 2020-12 schemas with `$ref`/`$defs` pass;
- a `$ref` property is typed when its target is typed, and described when it
  or its target carries a description (Pydantic puts it on the target);
- dots are allowed as separators in names (`github.create_issue`): the MCP
  spec (2025-11-25) allows them for namespacing;
- a missing `inputSchema` fires `tool.no_input_schema` (MCProbe substituted
  an empty object schema before linting, so it never fired on a live server).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from mcpvcr.lint.context import LintContext, ToolView, is_blank, is_typed, js_length, ref_target
from mcpvcr.lint.metaschema import schema_problem
from mcpvcr.lint.registry import Hit, rule

THIN_DESCRIPTION_CHARS = 12
_NAME_STYLE = re.compile(r"^[a-z0-9]+(?:[_.-][a-z0-9]+)*$")


@rule(
    "server.no_tools",
    "warning",
    "The server advertises the tools capability but lists no tools.",
    "Remove the 'tools' capability, or register at least one tool.",
    scope="server",
)
def no_tools(ctx: LintContext) -> Iterator[Hit]:
    capabilities = ctx.cassette.capabilities or {}
    # presence, not truthiness: `"tools": {}` advertises the capability (JS: {} is truthy)
    if capabilities.get("tools") is not None and not ctx.cassette.tools:
        yield Hit("Server advertises the 'tools' capability but exposes no tools.")


@rule(
    "tool.missing_description",
    "error",
    "A tool has no description.",
    "Add a one or two sentence description so a model knows when to call this tool.",
    scope="tool",
)
def missing_description(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if is_blank(tool.description):
        yield Hit(f"Tool '{tool.name}' has no description.", tool.where())


@rule(
    "tool.thin_description",
    "warning",
    f"A tool description is shorter than {THIN_DESCRIPTION_CHARS} characters.",
    f"Expand the description to at least {THIN_DESCRIPTION_CHARS} characters: "
    "say what the tool does and when to use it.",
    scope="tool",
)
def thin_description(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if tool.description is not None:
        length = js_length(tool.description.strip())
        if 0 < length < THIN_DESCRIPTION_CHARS:
            yield Hit(f"Tool '{tool.name}' description is only {length} characters.", tool.where())


@rule(
    "tool.duplicate_name",
    "error",
    "Two or more tools share one name.",
    "Give every tool a unique name; clients cannot tell duplicates apart.",
    scope="tool",
)
def duplicate_name(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    count = ctx.name_counts[tool.name]
    if count > 1:
        yield Hit(f"Tool name '{tool.name}' is registered {count} times.", tool.where())


@rule(
    "tool.unusual_name",
    "warning",
    "A tool name is not snake_case or kebab-case.",
    "Rename it in snake_case or kebab-case, e.g. get_user or get-user "
    "(dots may separate a namespace).",
    scope="tool",
)
def unusual_name(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if tool.name and not _NAME_STYLE.match(tool.name):
        yield Hit(f"Tool name '{tool.name}' is not snake_case or kebab-case.", tool.where())


@rule(
    "tool.no_annotations",
    "info",
    "A tool declares no annotations.",
    "Add readOnlyHint, destructiveHint, idempotentHint and openWorldHint so clients "
    "can decide when to ask before calling.",
    scope="tool",
)
def no_annotations(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.annotations:
        yield Hit(f"Tool '{tool.name}' declares no annotations.", tool.where())


@rule(
    "tool.no_input_schema",
    "warning",
    "A tool publishes no input schema.",
    'Publish at least {"type": "object", "properties": {}}.',
    scope="tool",
)
def no_input_schema(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.has_input_schema:
        yield Hit(f"Tool '{tool.name}' publishes no input schema.", tool.where())


@rule(
    "schema.root_not_object",
    "warning",
    "An input schema's root type is not 'object'.",
    'Make the input schema root {"type": "object"}; arguments are always an object.',
    scope="tool",
)
def root_not_object(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.has_input_schema:
        return
    kind = tool.input_schema.get("type")
    if kind is not None and kind != "object":
        shown = ",".join(str(k) for k in kind) if isinstance(kind, list) else str(kind)
        yield Hit(
            f"Tool '{tool.name}' inputSchema root is type='{shown}', expected 'object'.",
            tool.where(),
        )


@rule(
    "schema.invalid",
    "error",
    "An input schema is not a valid JSON Schema of its dialect.",
    "Fix the schema: unknown types, malformed keywords, bad regexes or $ref targets "
    "that do not exist.",
    scope="tool",
)
def invalid_schema(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.has_input_schema:
        return
    problem = schema_problem(tool.input_schema)
    if problem is not None:
        yield Hit(f"Tool '{tool.name}' inputSchema failed to compile: {problem}", tool.where())


@rule(
    "schema.no_required",
    "info",
    "A tool has parameters but marks none required.",
    "Add a top-level 'required' list naming the parameters the tool cannot work without.",
    scope="tool",
)
def no_required(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.has_input_schema:
        return
    count = len(tool.properties)
    if count and not tool.required:
        yield Hit(
            f"Tool '{tool.name}' declares {count} parameter(s) but none are marked required.",
            tool.where(),
        )


@rule(
    "param.untyped",
    "warning",
    "A parameter has no type, enum, const or oneOf/anyOf/allOf.",
    "Give the parameter a type (or enum/const/oneOf) so a model can fill it correctly.",
    scope="param",
)
def untyped(ctx: LintContext, tool: ToolView, name: str, prop: Any) -> Iterator[Hit]:
    if not is_typed(prop, tool.input_schema):
        yield Hit(
            f"Parameter '{name}' on tool '{tool.name}' has no type/enum/const/oneOf.",
            tool.where(name),
        )


@rule(
    "param.missing_description",
    "warning",
    "A parameter has no description.",
    "Describe the parameter (meaning, units, format) so the model fills it correctly.",
    scope="param",
)
def param_missing_description(
    ctx: LintContext, tool: ToolView, name: str, prop: Any
) -> Iterator[Hit]:
    described = isinstance(prop, dict) and not is_blank(prop.get("description"))
    target = ref_target(prop, tool.input_schema)
    if not described and isinstance(target, dict) and target is not prop:
        described = not is_blank(target.get("description"))
    if not described:
        yield Hit(f"Parameter '{name}' on tool '{tool.name}' has no description.", tool.where(name))
