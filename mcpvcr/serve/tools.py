"""The advertised contract of `mcpvcr serve`: eight probe_* tools (pure data).

Schemas close `additionalProperties` and every call is validated against them
before it runs, so a malformed call gets a clean `isError` answer instead of
being half-understood.
"""

from __future__ import annotations

from typing import Any, Final

CONNECTION_ID: Final = {
    "type": "string",
    "minLength": 1,
    "description": (
        "Which connection to use, as returned by probe_connect (for example conn-1). "
        "Optional: by default the most recent connection is used."
    ),
}
MAX_TOOLS: Final = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000,
    "description": "Fuzz at most this many tools, taken by name order; at least 1, at most 1000.",
}
FUZZ_DESTRUCTIVE: Final = {
    "type": "boolean",
    "description": (
        "Also call tools annotated destructiveHint (default false). Do not set it against "
        "a server holding data you care about."
    ),
}
PATH: Final = {
    "type": "string",
    "minLength": 1,
    "description": (
        "A file path relative to the serve root (the directory `mcpvcr serve --root` names, by "
        "default the one it started in), e.g. cassettes/x.mcpvcr. Paths that resolve outside "
        "the root are refused."
    ),
}

INSTRUCTIONS: Final = (
    "mcpvcr audits other MCP servers. Flow: call probe_connect with the target (a stdio "
    "command or an http/sse URL), then probe_report with fuzz=true for a graded 0-100 report "
    "with explanations, then probe_disconnect. probe_lint and probe_list read the recorded "
    "contract without calling the target again; probe_record saves a cassette file and "
    "probe_diff classifies the changes between two cassette files."
)


def _tool(
    name: str,
    title: str,
    description: str,
    properties: dict[str, Any],
    annotations: dict[str, bool],
    required: tuple[str, ...] = (),
) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return {
        "name": name,
        "title": title,
        "description": description,
        "inputSchema": schema,
        "annotations": {"title": title, **annotations},
    }


TOOLS: Final[list[dict[str, Any]]] = [
    _tool(
        "probe_connect",
        "Connect to an MCP server",
        "Connect to an MCP server and record its contract (handshake, tools, resources, "
        "prompts) without calling any tool. Returns a JSON object with the connectionId string, "
        "the server name and version, its capabilities and the number of tools, resources and "
        "prompts. Use it first; the new connection becomes the default. It starts the stdio "
        "command or contacts the URL, so do not point it at a server you do not trust to run.",
        {
            "transport": {
                "type": "string",
                "enum": ["stdio", "http", "sse", "cassette"],
                "description": "How to reach the server: stdio (a command), http (streamable "
                "HTTP URL), sse (legacy HTTP+SSE URL), or cassette (a recorded cassette file "
                "opened offline; nothing is started).",
            },
            "command": {
                "type": "string",
                "minLength": 1,
                "description": "For stdio: the program to start, e.g. npx or python. Refused "
                "unless the person running `mcpvcr serve` allowed stdio (--allow-stdio) or "
                "listed this exact command line in [tool.mcpvcr.serve] allow-stdio.",
            },
            "args": {
                "type": "array",
                "items": {"type": "string"},
                "description": "For stdio: the program's arguments as an array of strings.",
            },
            "env": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "For stdio: extra environment variables (string values; never "
                "recorded or echoed back).",
            },
            "cwd": {
                "type": "string",
                "minLength": 1,
                "description": "For stdio: the working directory path of the server process.",
            },
            "url": {
                "type": "string",
                "pattern": "^https?://[^\\s/]+",
                "description": "For http or sse: the endpoint URL, e.g. http://127.0.0.1:3001/mcp.",
            },
            "path": {
                **PATH,
                "description": "For cassette: the cassette file path, e.g. cassettes/demo.mcpvcr.",
            },
            "headers": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "For http or sse: request headers such as Authorization (values "
                "are never recorded or echoed back).",
            },
        },
        # A stdio target is a program this server starts: it can do anything.
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
        required=("transport",),
    ),
    _tool(
        "probe_lint",
        "Lint the recorded contract",
        "Lint the contract recorded by probe_connect: schema, documentation and security rules "
        "(tool poisoning, invisible Unicode). Read-only: it does not call the target again. "
        "Returns a JSON object with the findings (code, severity, message, location, hint) and "
        "counts by severity.",
        {"connectionId": CONNECTION_ID},
        {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
    ),
    _tool(
        "probe_fuzz",
        "Fuzz the server's tools",
        "Call every tool of the connected server with one valid and several deliberately "
        "malformed argument sets (missing, wrong type, out of enum, extra keys, boundaries) and "
        "classify each answer. Returns a JSON object with one row per call, the coverage and a "
        "summary. It really calls the tools: a stdio server runs in a jail (writes land in a "
        "copy); without a jail only tools annotated read-only are called unless `mcpvcr "
        "serve --fuzz-writes` allows more; tools annotated destructive are skipped unless "
        "fuzzDestructive is true and `mcpvcr serve --fuzz-destructive` allows it.",
        {"connectionId": CONNECTION_ID, "maxTools": MAX_TOOLS, "fuzzDestructive": FUZZ_DESTRUCTIVE},
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
    ),
    _tool(
        "probe_report",
        "Score the server 0-100",
        "Score the connected server 0-100 with a grade A-F on four dimensions (metadata, schema "
        "quality, error handling, liveness) and return the full report as JSON plus a Markdown "
        "rendering. With fuzz=true it first calls the tools (see probe_fuzz); without it only "
        "metadata and schema quality are measured and nothing on the target is called.",
        {
            "connectionId": CONNECTION_ID,
            "fuzz": {
                "type": "boolean",
                "description": "Also run the behavioural pass (default false), e.g. true for a "
                "full audit.",
            },
            "maxTools": MAX_TOOLS,
            "fuzzDestructive": FUZZ_DESTRUCTIVE,
        },
        # With fuzz=true it calls the target's tools, which may change its data.
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
    ),
    _tool(
        "probe_list",
        "List the recorded tools",
        "List the tools recorded by probe_connect with their descriptions and input schemas, as "
        "JSON. Read-only: it does not contact the target again.",
        {"connectionId": CONNECTION_ID},
        {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
    ),
    _tool(
        "probe_disconnect",
        "Forget a connection",
        "Forget one connection by id, or every connection when id is omitted. Returns the removed "
        "and remaining ids and the new default as JSON. It only changes this server's memory; "
        "the target is not contacted.",
        {
            "id": {
                **CONNECTION_ID,
                "description": "The connection to forget, e.g. conn-1; omit it to forget all.",
            }
        },
        {
            "readOnlyHint": False,
            # Destructive to this server's own state: forgotten connections are gone.
            "destructiveHint": True,
            "idempotentHint": True,
            "openWorldHint": False,
        },
    ),
    _tool(
        "probe_record",
        "Save a cassette file",
        "Save the connection's recording as a cassette file (binary msgpack, written atomically) "
        "for later offline lint, score, diff or replay. With fuzz=true it records again with the "
        "behavioural pass first. Returns the path, size in bytes and sha256 as JSON. It writes "
        "a file: it overwrites an existing file at that path.",
        {
            "connectionId": CONNECTION_ID,
            "path": PATH,
            "fuzz": {
                "type": "boolean",
                "description": "Record the behavioural pass too (default false), e.g. true.",
            },
        },
        {
            "readOnlyHint": False,
            "destructiveHint": True,
            "idempotentHint": True,
            "openWorldHint": True,
        },
        required=("path",),
    ),
    _tool(
        "probe_diff",
        "Diff two cassette files",
        "Classify every contract change between two cassette files as breaking, security, "
        "additive or info, with a location and an explanation. Returns the changes as JSON and "
        "a Markdown summary. Read-only: it reads the two files and contacts no server.",
        {
            "old": {
                **PATH,
                "description": "The baseline cassette path, e.g. cassettes/old.mcpvcr.",
            },
            "new": {
                **PATH,
                "description": "The candidate cassette path, e.g. cassettes/new.mcpvcr.",
            },
        },
        {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
        required=("old", "new"),
    ),
]
