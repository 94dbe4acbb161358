"""Rules neither MCProbe nor mcp-probe has in full: the whole contract.

Tool names against the MCP spec's character set (2025-11-25: 1-128 characters
of A-Z a-z 0-9 _ - .), mcp-probe's schema and compliance checks (required names
that are not properties, empty names, URIs without a scheme, prompt argument
problems, capabilities that do not match the lists), output schemas, annotation
contradictions, resources, prompts and RFC 6570 resource templates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mcpvcr.cassette import IDENTITY_KEY, LIST_KINDS
from mcpvcr.jsonrpc import TOOL_NAME
from mcpvcr.lint.context import LintContext, ToolView, is_blank
from mcpvcr.lint.metaschema import schema_problem
from mcpvcr.lint.registry import Hit, rule
from mcpvcr.lint.uritemplate import template_problem

_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@rule(
    "tool.empty_name",
    "error",
    "A tool has an empty name.",
    "Give every tool a non-empty name; clients call tools by name.",
    scope="tool",
)
def empty_name(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.name.strip():
        yield Hit(f"Tool #{tool.index + 1} has an empty name.", tool.where())


@rule(
    "tool.invalid_name",
    "warning",
    "A tool name breaks the MCP spec's rule: 1-128 characters of A-Z a-z 0-9 _ - .",
    "Rename the tool with only ASCII letters, digits, '_', '-' and '.', at most 128 characters.",
    scope="tool",
)
def invalid_name(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if tool.name.strip() and not TOOL_NAME.match(tool.name):
        yield Hit(
            f"Tool name '{tool.name}' is outside the MCP spec's tool-name rule "
            "(1-128 characters of A-Z a-z 0-9 _ - .).",
            tool.where(),
        )


@rule(
    "schema.required_not_in_properties",
    "error",
    "The input schema requires a parameter it does not define.",
    "Remove the name from 'required' or add it to 'properties'.",
    scope="tool",
)
def required_not_in_properties(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if not tool.has_input_schema:
        return
    for entry in tool.required or []:
        if not isinstance(entry, str) or entry not in tool.properties:
            yield Hit(
                f"Tool '{tool.name}' requires \"{entry}\", which is not one of its properties.",
                tool.where(),
            )


@rule(
    "schema.output_invalid",
    "error",
    "An output schema is not a valid JSON Schema.",
    "Fix the outputSchema; clients validate structuredContent against it.",
    scope="tool",
)
def output_invalid(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    if "outputSchema" not in tool.raw or tool.output_schema is None:
        return
    problem = schema_problem(tool.output_schema)
    if problem is not None:
        yield Hit(f"Tool '{tool.name}' outputSchema is invalid: {problem}", tool.where())


@rule(
    "schema.output_root_not_object",
    "error",
    "An output schema's root is not type 'object'.",
    'Make the outputSchema root {"type": "object"}: structuredContent is always an object.',
    scope="tool",
)
def output_root_not_object(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    schema = tool.output_schema
    if isinstance(schema, dict) and schema.get("type") != "object":
        shown = schema.get("type", "(none)")
        yield Hit(
            f"Tool '{tool.name}' outputSchema root is type='{shown}'; "
            "the MCP spec requires 'object'.",
            tool.where(),
        )


@rule(
    "tool.contradictory_annotations",
    "warning",
    "A tool is annotated both read-only and destructive.",
    "A read-only tool cannot be destructive: drop one of the two hints.",
    scope="tool",
)
def contradictory_annotations(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    notes = tool.annotations or {}
    if notes.get("readOnlyHint") is True and notes.get("destructiveHint") is True:
        yield Hit(
            f"Tool '{tool.name}' is annotated readOnlyHint=true and destructiveHint=true.",
            tool.where(),
        )


@rule(
    "tool.annotation_not_boolean",
    "warning",
    "An annotation hint is not a boolean.",
    "Hints must be true or false; clients ignore (or misread) other values.",
    scope="tool",
)
def annotation_not_boolean(ctx: LintContext, tool: ToolView) -> Iterator[Hit]:
    notes = tool.annotations or {}
    for hint in _HINTS:
        if hint in notes and not isinstance(notes[hint], bool):
            yield Hit(
                f"Tool '{tool.name}' annotation {hint} is {notes[hint]!r}, not a boolean.",
                tool.where(),
            )


@rule(
    "contract.malformed_item",
    "error",
    "A list entry is not an object.",
    "Every entry of tools/resources/prompts/templates lists must be a JSON object.",
    scope="contract",
)
def malformed_item(ctx: LintContext) -> Iterator[Hit]:
    for kind in LIST_KINDS:
        for index, item in enumerate(ctx.cassette.items(kind)):
            if not isinstance(item, dict):
                yield Hit(
                    f"{kind} entry #{index + 1} is a {type(item).__name__}, not an object.",
                    {"field": f"{kind}[{index}]"},
                )


@rule(
    "server.capability_mismatch",
    "warning",
    "A capability is advertised with nothing behind it, or a list answers without one.",
    "Advertise exactly the capabilities the server serves.",
    scope="contract",
    scored=False,
)
def capability_mismatch(ctx: LintContext) -> Iterator[Hit]:
    capabilities = ctx.cassette.capabilities or {}
    for capability, kinds in (
        ("resources", ("resources", "resourceTemplates")),
        ("prompts", ("prompts",)),
    ):
        count = sum(len(ctx.cassette.items(kind)) for kind in kinds)
        if capabilities.get(capability) is not None and count == 0:
            # Harmless to a client (it lists and gets []), and what FastMCP and other
            # frameworks always advertise: a note, not a warning. Lists a client never
            # asks for (the case below) are the interoperability problem.
            yield Hit(
                f"Server advertises the '{capability}' capability but lists none.",
                severity="info",
            )
        elif capabilities.get(capability) is None and count > 0:
            yield Hit(f"Server lists {count} {capability} without advertising the capability.")
    if capabilities.get("tools") is None and ctx.cassette.tools:
        yield Hit(
            f"Server lists {len(ctx.cassette.tools)} tools without advertising the capability."
        )


@rule(
    "resource.missing_uri",
    "error",
    "A resource has no URI.",
    "Every resource needs a URI; clients read resources by URI.",
    scope="contract",
    scored=False,
)
def resource_missing_uri(ctx: LintContext) -> Iterator[Hit]:
    for index, item in enumerate(ctx.cassette.resources):
        if isinstance(item, dict) and is_blank(item.get("uri")):
            yield Hit(f"Resource #{index + 1} has no URI.", {"resource": f"#{index + 1}"})


@rule(
    "resource.uri_no_scheme",
    "warning",
    "A resource URI has no scheme.",
    "Use an absolute URI with a scheme, e.g. file:///path or myapp://item/1.",
    scope="contract",
    scored=False,
)
def resource_uri_no_scheme(ctx: LintContext) -> Iterator[Hit]:
    for item in ctx.dicts("resources"):
        uri = item.get("uri")
        if isinstance(uri, str) and uri.strip() and ":" not in uri:
            yield Hit(f"Resource URI '{uri}' has no scheme.", {"resource": uri})


def _items_missing(ctx: LintContext, kind: str, key: str) -> Iterator[tuple[str, dict[str, str]]]:
    label = {"resources": "resource", "resourceTemplates": "template", "prompts": "prompt"}[kind]
    for item in ctx.dicts(kind):
        if is_blank(item.get(key)):
            ident = str(item.get(IDENTITY_KEY[kind], ""))
            yield ident, {label: ident}


@rule(
    "resource.missing_name",
    "warning",
    "A resource has no name.",
    "Give the resource a name; the spec requires one and clients show it.",
    scope="contract",
    scored=False,
)
def resource_missing_name(ctx: LintContext) -> Iterator[Hit]:
    for ident, where in _items_missing(ctx, "resources", "name"):
        yield Hit(f"Resource '{ident}' has no name.", where)


@rule(
    "resource.missing_description",
    "info",
    "A resource has no description.",
    "Describe what the resource holds so a model knows when to read it.",
    scope="contract",
    scored=False,
)
def resource_missing_description(ctx: LintContext) -> Iterator[Hit]:
    for ident, where in _items_missing(ctx, "resources", "description"):
        yield Hit(f"Resource '{ident}' has no description.", where)


@rule(
    "template.invalid_uri",
    "error",
    "A resource template's uriTemplate is not a valid RFC 6570 URI template.",
    "Fix the uriTemplate so clients can expand it (RFC 6570: {var}, {+var}, {?a,b}, ...).",
    scope="contract",
    scored=False,
)
def template_invalid_uri(ctx: LintContext) -> Iterator[Hit]:
    for item in ctx.dicts("resourceTemplates"):
        template = item.get("uriTemplate")
        problem = template_problem(template) if isinstance(template, str) else "it is not a string"
        if problem:
            yield Hit(
                f"Resource template '{template}' is not a valid URI template: {problem}.",
                {"template": str(template)},
            )


@rule(
    "template.missing_description",
    "info",
    "A resource template has no description.",
    "Describe the template and what each variable means.",
    scope="contract",
    scored=False,
)
def template_missing_description(ctx: LintContext) -> Iterator[Hit]:
    for ident, where in _items_missing(ctx, "resourceTemplates", "description"):
        yield Hit(f"Resource template '{ident}' has no description.", where)


@rule(
    "prompt.empty_name",
    "error",
    "A prompt has an empty name.",
    "Give every prompt a non-empty name; clients get prompts by name.",
    scope="contract",
    scored=False,
)
def prompt_empty_name(ctx: LintContext) -> Iterator[Hit]:
    for index, item in enumerate(ctx.cassette.prompts):
        if isinstance(item, dict) and is_blank(item.get("name")):
            yield Hit(f"Prompt #{index + 1} has an empty name.", {"prompt": f"#{index + 1}"})


@rule(
    "prompt.missing_description",
    "info",
    "A prompt has no description.",
    "Describe what the prompt produces and when to use it.",
    scope="contract",
    scored=False,
)
def prompt_missing_description(ctx: LintContext) -> Iterator[Hit]:
    for ident, where in _items_missing(ctx, "prompts", "description"):
        yield Hit(f"Prompt '{ident}' has no description.", where)


def _arguments(item: dict[str, object]) -> list[dict[str, object]]:
    args = item.get("arguments")
    return [a for a in args if isinstance(a, dict)] if isinstance(args, list) else []


@rule(
    "prompt.bad_argument",
    "error",
    "A prompt argument has an empty or duplicate name.",
    "Give every prompt argument a unique, non-empty name.",
    scope="contract",
    scored=False,
)
def prompt_bad_argument(ctx: LintContext) -> Iterator[Hit]:
    for item in ctx.dicts("prompts"):
        prompt = str(item.get("name", ""))
        names = [a.get("name") for a in _arguments(item)]
        for position, name in enumerate(names):
            if is_blank(name):
                yield Hit(
                    f"Prompt '{prompt}' argument #{position + 1} has an empty name.",
                    {"prompt": prompt},
                )
        for name, count in Counter(n for n in names if isinstance(n, str) and n.strip()).items():
            if count > 1:
                yield Hit(
                    f"Prompt '{prompt}' declares argument '{name}' {count} times.",
                    {"prompt": prompt, "param": name},
                )


@rule(
    "prompt.arg_missing_description",
    "info",
    "A prompt argument has no description.",
    "Describe each prompt argument so a user or model knows what to pass.",
    scope="contract",
    scored=False,
)
def prompt_arg_missing_description(ctx: LintContext) -> Iterator[Hit]:
    for item in ctx.dicts("prompts"):
        prompt = str(item.get("name", ""))
        for arg in _arguments(item):
            name = arg.get("name")
            if isinstance(name, str) and name.strip() and is_blank(arg.get("description")):
                yield Hit(
                    f"Argument '{name}' of prompt '{prompt}' has no description.",
                    {"prompt": prompt, "param": name},
                )
