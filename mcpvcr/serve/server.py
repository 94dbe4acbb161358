"""`mcpvcr serve`: the probe_* tools as a stdio MCP server (SDK low-level Server).

Arguments are validated against the advertised schemas before a tool runs; a
failure of any kind is an `isError` result whose text names the tool, never a
protocol error, so a host can show it to the model. Every result passes the
process redactor: a failing handshake's message may echo the target's token.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from mcpvcr._version import __version__
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS
from mcpvcr.redaction import outgoing, process_redactor
from mcpvcr.serve.policy import ServePolicy
from mcpvcr.serve.session import ProbeError, ProbeSession
from mcpvcr.serve.tools import INSTRUCTIONS, TOOLS

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig

Action = Callable[[dict[str, Any]], Awaitable[dict[str, Any]] | dict[str, Any]]


def _actions(session: ProbeSession) -> dict[str, Action]:
    return {
        "probe_connect": session.connect,
        "probe_lint": session.lint,
        "probe_fuzz": session.fuzz,
        "probe_report": session.report,
        "probe_list": session.list,
        "probe_disconnect": session.disconnect,
        "probe_record": session.record,
        "probe_diff": session.diff,
    }


def _error(tool: str, message: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": outgoing(f"[{tool}] {message}")}], "isError": True}


def _validation_error(tool: dict[str, Any], arguments: Any) -> str | None:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(
        tool["inputSchema"], format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(arguments), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    first = errors[0]
    where = "/".join(str(part) for part in first.absolute_path) or "arguments"
    return f"invalid arguments: {where}: {first.message}"


async def call(session: ProbeSession, name: str, arguments: Any) -> dict[str, Any]:
    """Run one probe tool and shape its answer as a CallToolResult dict."""
    tool = next((t for t in TOOLS if t["name"] == name), None)
    if tool is None:
        return _error(name, f"unknown tool '{name}'")
    arguments = {} if arguments is None else arguments
    problem = _validation_error(tool, arguments)
    if problem is not None:
        return _error(name, problem)
    try:
        outcome = _actions(session)[name](arguments)
        payload = await outcome if not isinstance(outcome, dict) else outcome
    except ProbeError as err:
        return _error(name, str(err))
    payload = process_redactor().value(payload)
    text = json.dumps(payload, indent=2, ensure_ascii=False, sort_keys=True)
    return {"content": [{"type": "text", "text": text}], "structuredContent": payload}


def build_server(session: ProbeSession | None = None) -> Any:
    """A low-level SDK Server wired to a probe session."""
    import mcp_types as types
    from mcp.server import Server

    probe = session or ProbeSession()
    # A typed result, not a dict: the SDK then adds what each era requires
    # (2026-07-28 list results carry resultType, ttlMs and cacheScope).
    listing = types.ListToolsResult(tools=[types.Tool.model_validate(tool) for tool in TOOLS])

    async def list_tools(ctx: Any, params: Any) -> Any:
        return listing

    async def call_tool(ctx: Any, params: Any) -> Any:
        return types.CallToolResult.model_validate(await call(probe, params.name, params.arguments))

    return Server(
        "mcpvcr",
        version=__version__,
        title="mcpvcr probe",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
    cassettes: tuple[str, ...] = (),
    config: LintConfig | None = None,
    policy: ServePolicy | None = None,
) -> None:
    """Serve the probe tools on stdin/stdout until the client closes stdin."""
    from mcp.server.stdio import stdio_server

    session = ProbeSession(timeout=timeout, config=config, policy=policy)
    for path in cassettes:
        session.open_cassette(path)
    server = build_server(session)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())
