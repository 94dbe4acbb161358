"""The probe session behind `mcpvcr serve`: MCProbe's probe_* tools as plain functions.

What a call may do is the session's `ServePolicy` (see mcpvcr.serve.policy):
stdio targets only as allowed, cassette paths only inside the serve root.

A "connection" is a target plus the cassette recorded from it: `probe_connect`
records the contract, `probe_lint` / `probe_list` read that cassette, and
`probe_fuzz` / `probe_report(fuzz=true)` record again with the behavioural
pass. Every answer comes from the same library functions as the CLI
(`record`, `lint`, `score`, `render`, `diff`), so a report obtained through the
MCP server is the report `mcpvcr audit` prints.

Lint and scores use the `LintConfig` the session is given (`mcpvcr serve`
passes the repository's `[tool.mcpvcr]`), so they agree with `mcpvcr score`.

Identifiers are `conn-<n>` (a counter, not random) so a recording of this
server is deterministic.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mcpvcr.cassette import Cassette
from mcpvcr.errors import McpVcrError
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS, RecordOptions
from mcpvcr.serve.policy import PolicyError, ServePolicy
from mcpvcr.targets import Target, stdio_target, url_target

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig


class ProbeError(Exception):
    """A tool call that cannot be served; the message goes back as an isError result."""


def _allowed(check: Any, *args: Any) -> Any:
    try:
        return check(*args)
    except PolicyError as err:
        raise ProbeError(str(err)) from None


@dataclass
class Connection:
    """A live target (re-recordable) or a cassette file opened offline (target None)."""

    id: str
    target: Target | None
    options: RecordOptions
    cassette: Cassette
    fuzzed: Cassette | None = None


class ProbeSession:
    """The connection registry and the eight probe_* actions."""

    def __init__(
        self,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        config: LintConfig | None = None,
        policy: ServePolicy | None = None,
    ) -> None:
        self._config = config
        self._connections: dict[str, Connection] = {}
        self._default: str | None = None
        self._counter = 0
        self._timeout = timeout
        self.policy = policy or ServePolicy.build(None, allow_stdio=False)

    async def connect(self, args: dict[str, Any]) -> dict[str, Any]:
        options = RecordOptions(timeout=self._timeout)
        if args["transport"] == "cassette":
            return self.open_cassette(args.get("path"), confined=True)
        if args["transport"] == "stdio" and args.get("command"):
            argv = [args["command"], *args.get("args", [])]
            _allowed(self.policy.check_stdio, argv, args.get("env"), args.get("cwd"))
        target = _target_of(args)
        return self._add(target, options, await _record(target, options))

    def open_cassette(self, path: Any, *, confined: bool = False) -> dict[str, Any]:
        """Open a cassette file as an offline connection (lint, list, report; no re-recording).

        `confined`: the path came from a tool call, so it must lie inside the root
        (`--open` paths come from the person who started serve)."""
        from mcpvcr import store

        if not isinstance(path, str) or not path:
            raise ProbeError("transport 'cassette' needs a path")
        where = _allowed(self.policy.path, path) if confined else path
        try:
            cassette = store.load(where)
        except McpVcrError as err:
            raise ProbeError(str(err)) from None
        return self._add(None, RecordOptions(timeout=self._timeout), cassette)

    def _add(
        self, target: Target | None, options: RecordOptions, cassette: Cassette
    ) -> dict[str, Any]:
        self._counter += 1
        ident = f"conn-{self._counter}"
        self._connections[ident] = Connection(ident, target, options, cassette)
        self._default = ident
        return {
            "connectionId": ident,
            "name": cassette.server_info.get("name"),
            "version": cassette.server_info.get("version"),
            "capabilities": cassette.capabilities or {},
            "counts": {
                "tools": len(cassette.tools),
                "resources": len(cassette.resources),
                "prompts": len(cassette.prompts),
            },
            "defaultConnectionId": self._default,
        }

    def lint(self, args: dict[str, Any]) -> dict[str, Any]:
        from mcpvcr.lint import lint

        connection = self._get(args.get("connectionId"))
        findings = lint(connection.cassette, self._config)
        return {
            "connectionId": connection.id,
            "server": _server(connection.cassette),
            "findings": [finding.to_dict() for finding in findings],
            "summary": _findings_summary(
                [f.severity for f in findings], [f.code for f in findings]
            ),
        }

    async def fuzz(self, args: dict[str, Any]) -> dict[str, Any]:
        from mcpvcr.report.json_report import report_document
        from mcpvcr.score import score

        connection = self._get(args.get("connectionId"))
        fuzzed = await self._fuzzed(connection, args)
        document = report_document(score(fuzzed, self._config))
        return {
            "connectionId": connection.id,
            "server": _server(fuzzed),
            "results": document.get("fuzz", []),
            "coverage": fuzzed.body.get("coverage", {}),
            "summary": _outcome_summary(fuzzed),
        }

    async def report(self, args: dict[str, Any]) -> dict[str, Any]:
        from mcpvcr.report import render
        from mcpvcr.report.json_report import report_document
        from mcpvcr.score import score

        connection = self._get(args.get("connectionId"))
        cassette = await self._fuzzed(connection, args) if args.get("fuzz") else connection.cassette
        report = score(cassette, self._config)
        document = report_document(report)
        return {"connectionId": connection.id, **document, "markdown": render(report, "markdown")}

    def list(self, args: dict[str, Any]) -> dict[str, Any]:
        connection = self._get(args.get("connectionId"))
        tools = [
            {
                "name": tool.get("name"),
                "description": tool.get("description"),
                "inputSchema": tool.get("inputSchema"),
            }
            for tool in connection.cassette.tools
            if isinstance(tool, dict)
        ]
        return {
            "connectionId": connection.id,
            "server": _server(connection.cassette),
            "tools": tools,
        }

    def disconnect(self, args: dict[str, Any]) -> dict[str, Any]:
        ident = args.get("id")
        if ident is None:
            removed = list(self._connections)
            self._connections.clear()
        else:
            self._get(ident)
            removed = [ident]
            del self._connections[ident]
        if self._default not in self._connections:
            self._default = next(iter(self._connections), None)
        return {
            "removed": removed,
            "remaining": list(self._connections),
            "defaultConnectionId": self._default,
        }

    async def record(self, args: dict[str, Any]) -> dict[str, Any]:
        from mcpvcr import codec, store

        connection = self._get(args.get("connectionId"))
        if args.get("fuzz"):
            cassette = await self._fuzzed(connection, args)
        else:  # the latest recording: after probe_fuzz, the fuzzed one
            cassette = connection.fuzzed or connection.cassette
        data = codec.encode(cassette)
        where = _allowed(self.policy.path, args["path"])
        try:
            # 0600 when new: a cassette is meant to hold no secret, but a server
            # may echo one in a form no redactor recognises.
            store.write_bytes_atomic(data, where, private=True)
        except McpVcrError as err:
            raise ProbeError(str(err)) from None
        return {
            "connectionId": connection.id,
            "path": args["path"],
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "fuzzed": cassette.fuzzed,
        }

    def diff(self, args: dict[str, Any]) -> dict[str, Any]:
        from mcpvcr import store
        from mcpvcr.diff import diff
        from mcpvcr.diff.formats import to_document
        from mcpvcr.diff.render import render_markdown

        old_path = _allowed(self.policy.path, args["old"])
        new_path = _allowed(self.policy.path, args["new"])
        try:
            old, new = store.load(old_path), store.load(new_path)
        except McpVcrError as err:
            raise ProbeError(str(err)) from None
        changes = diff(old, new, old_label=args["old"], new_label=args["new"])
        return {**to_document(changes), "markdown": render_markdown(changes)}

    async def _fuzzed(self, connection: Connection, args: dict[str, Any]) -> Cassette:
        if connection.target is None:
            if connection.cassette.fuzzed:
                return connection.cassette  # a cassette connection replays its recorded pass
            raise ProbeError(
                f"connection '{connection.id}' is a cassette recorded without --fuzz; "
                "open the live server with probe_connect to fuzz it"
            )
        wants_destructive = bool(args.get("fuzzDestructive", False))
        if wants_destructive and not self.policy.fuzz_destructive:
            # An opt-in is the person's, on serve's command line; never a tool call's.
            raise ProbeError(
                "fuzzDestructive needs the person running `mcpvcr serve` to allow it "
                "with --fuzz-destructive"
            )
        options = replace(
            connection.options,
            fuzz=True,
            max_tools=args.get("maxTools"),
            fuzz_destructive=wants_destructive,
            fuzz_writes=self.policy.fuzz_writes,
        )
        connection.fuzzed = await _record(connection.target, options)
        return connection.fuzzed

    def _get(self, ident: Any) -> Connection:
        if ident is None:
            if self._default is None:
                raise ProbeError("no default connection — call probe_connect first to open one")
            ident = self._default
        connection = self._connections.get(str(ident))
        if connection is None:
            raise ProbeError(f"connection '{ident}' not found")
        return connection


async def _record(target: Target, options: RecordOptions) -> Cassette:
    from mcpvcr.live import record_async

    try:
        return await record_async(target, options)
    except McpVcrError as err:
        raise ProbeError(str(err)) from None


def _target_of(args: dict[str, Any]) -> Target:
    transport = args["transport"]
    try:
        if transport == "stdio":
            if not args.get("command"):
                raise ProbeError("transport 'stdio' needs a command")
            argv = [args["command"], *args.get("args", [])]
            return stdio_target(argv, env=args.get("env"), cwd=args.get("cwd"))
        if not args.get("url"):
            raise ProbeError(f"transport '{transport}' needs a url")
        return url_target(args["url"], transport=transport, headers=args.get("headers"))
    except McpVcrError as err:
        raise ProbeError(str(err)) from None


def _server(cassette: Cassette) -> dict[str, Any]:
    info = cassette.server_info
    return {"name": info.get("name"), "version": info.get("version")}


def _findings_summary(severities: list[str], codes: list[str]) -> dict[str, Any]:
    counts = Counter(severities)
    return {
        "total": len(severities),
        "bySeverity": {level: counts.get(level, 0) for level in ("error", "warning", "info")},
        "codes": sorted(set(codes)),
    }


def _outcome_summary(cassette: Cassette) -> dict[str, Any]:
    from mcpvcr.judge import judged

    calls = list(judged(cassette).interactions_for("tools/call"))
    outcomes = Counter(str(call.get("outcome")) for call in calls)
    silent = sum(1 for call in calls if "silentlyAccepted" in (call.get("flags") or []))
    return {
        "cases": len(calls),
        "outcomes": dict(sorted(outcomes.items())),
        "silentlyAccepted": silent,
    }
