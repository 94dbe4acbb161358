"""`mcpvcr serve`: the probe_* tools as a stdio MCP server, safe by default.

- `tools`   the advertised contract (pure data)
- `policy`  what a tool call may do: which stdio commands it may start, which
            directory its cassette paths are confined to (pure)
- `session` the probe_* actions as plain functions over a ProbeSession
- `server`  the SDK wiring; the only module of this package that imports `mcp`

A tool call comes from a model, which a prompt injection can steer, so the
person who starts `serve` decides what the calls may do; see
docs/security.md.
"""
