"""The demo target's schemas and handlers (see the package docstring for the contract)."""

from __future__ import annotations

import json
import math
from typing import Any, Final

from mcp import types
from mcp.server import Server
from mcp.shared.exceptions import MCPError

INVALID_PARAMS: Final = -32602

TOOLS: Final[list[dict[str, Any]]] = [
    {"name": "greet", "inputSchema": {"type": "object", "properties": {"name": {}}}},
    {
        "name": "divide",
        "description": "Divide a by b.",
        "inputSchema": {"type": "object", "properties": {"a": {}, "b": {}}},
    },
    {
        "name": "set_mode",
        "description": "Set mode.",
        "inputSchema": {
            "type": "object",
            "properties": {"mode": {"type": "string", "enum": ["fast", "safe", "verbose"]}},
            "required": ["mode"],
        },
    },
    {
        "name": "well_behaved",
        "description": (
            "Echo a greeting back to the caller. Use it to check that the server answers; "
            "it has no side effects."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "greeting": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The greeting to echo back, at least one character.",
                }
            },
            "required": ["greeting"],
        },
        "annotations": {"readOnlyHint": True},
    },
]

README_URI: Final = "demo://readme"
README_TEXT: Final = (
    "demo-target is a deliberately flawed MCP server. mcpvcr records it, lints it and scores it "
    "so you can see what the findings look like.\n"
)
RESOURCES: Final[list[dict[str, Any]]] = [
    {
        "uri": README_URI,
        "name": "readme",
        "title": "Demo README",
        "description": "What this demo server is for.",
        "mimeType": "text/plain",
    }
]
PROMPTS: Final[list[dict[str, Any]]] = [
    {
        "name": "summarize",
        "description": "Ask for a one-paragraph summary of a topic.",
        "arguments": [{"name": "topic", "description": "What to summarize.", "required": True}],
    }
]
MODES: Final = ("fast", "safe", "verbose")


def _text(text: str, *, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if error:
        result["isError"] = True
    return result


def js_number(value: Any) -> float:
    """JavaScript's Number(): the coercion MCProbe's demo divide applied to its untyped inputs."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        stripped = value.strip()
        if not stripped:
            return 0.0
        try:
            return float(stripped)
        except ValueError:
            return math.nan
    if isinstance(value, list) and len(value) <= 1:
        return js_number(value[0]) if value else 0.0
    return math.nan


def divide(a: Any, b: Any) -> str:
    """'{"result": a/b}' with JavaScript division semantics; NaN and infinities become null."""
    x, y = js_number(a), js_number(b)
    if y == 0:
        quotient = math.nan if x == 0 or math.isnan(x) else math.copysign(math.inf, x)
    else:
        quotient = x / y
    shown = quotient if math.isfinite(quotient) else None
    if shown is not None and shown.is_integer():
        return json.dumps({"result": int(shown)})
    return json.dumps({"result": shown})


def call_tool(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """The answer of tool `name` to `args` (pure; unknown keys in args are ignored)."""
    if name == "greet":
        who = args.get("name")
        return _text(f"Hello, {'stranger' if who is None else who}!")
    if name == "divide":
        return _text(divide(args.get("a"), args.get("b")))
    if name == "set_mode":
        mode = args.get("mode")
        if "mode" not in args:
            return _text("mode is required", error=True)
        if not isinstance(mode, str) or mode not in MODES:
            return _text(f"mode must be one of {', '.join(MODES)}", error=True)
        return _text(f"Mode set to {mode}.")
    if name == "well_behaved":
        greeting = args.get("greeting")
        if "greeting" not in args:
            return _text("greeting is required", error=True)
        if not isinstance(greeting, str) or not greeting:
            return _text("greeting must be a non-empty string", error=True)
        return _text(f"{greeting} back to you!")
    return _text(f"Unknown tool: {name}", error=True)


# Handlers return the SDK's typed results (built from the raw dicts above) rather than plain
# dicts: the SDK then adds what each protocol era requires (2026-07-28 results need resultType,
# ttlMs and cacheScope; a bare dict fails its validation there with -32603).


async def _list_tools(ctx: Any, params: Any) -> Any:
    return types.ListToolsResult.model_validate({"tools": TOOLS})


async def _call_tool(ctx: Any, params: Any) -> Any:
    args = params.arguments if isinstance(params.arguments, dict) else {}
    return types.CallToolResult.model_validate(call_tool(params.name, args))


async def _list_resources(ctx: Any, params: Any) -> Any:
    return types.ListResourcesResult.model_validate({"resources": RESOURCES})


async def _list_templates(ctx: Any, params: Any) -> Any:
    return types.ListResourceTemplatesResult.model_validate({"resourceTemplates": []})


async def _read_resource(ctx: Any, params: Any) -> Any:
    uri = str(params.uri)
    if uri != README_URI:
        raise MCPError(INVALID_PARAMS, f"Resource not found: {uri}")
    contents = [{"uri": README_URI, "mimeType": "text/plain", "text": README_TEXT}]
    return types.ReadResourceResult.model_validate({"contents": contents})


async def _list_prompts(ctx: Any, params: Any) -> Any:
    return types.ListPromptsResult.model_validate({"prompts": PROMPTS})


async def _get_prompt(ctx: Any, params: Any) -> Any:
    if params.name != "summarize":
        raise MCPError(INVALID_PARAMS, f"Unknown prompt: {params.name}")
    topic = (params.arguments or {}).get("topic")
    if not topic:
        raise MCPError(INVALID_PARAMS, "Missing required argument: topic")
    text = f"Summarize {topic} in one paragraph."
    return types.GetPromptResult.model_validate(
        {
            "description": PROMPTS[0]["description"],
            "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
        }
    )


def build_server() -> Server[Any]:
    """A fresh low-level Server wired to the handlers above."""
    return Server(
        "demo-target",
        version="0.1.0",
        on_list_tools=_list_tools,
        on_call_tool=_call_tool,
        on_list_resources=_list_resources,
        on_list_resource_templates=_list_templates,
        on_read_resource=_read_resource,
        on_list_prompts=_list_prompts,
        on_get_prompt=_get_prompt,
    )
