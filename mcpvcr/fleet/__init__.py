"""Fleets: record and score many servers at once, on one machine or a job array.

Pure parts (no `mcp`, no subprocess): `spec` (what to launch, and its
identity), `sources` (mcpServers configs), `registry` and `resolve` (official
registry server.json entries into launch plans), `shard`, `index`, `board`
(the leaderboard) and `fleetgate`. The live part is `runner`/`pool`, which runs
each server's recording in its own `python -m mcpvcr.commands.fleet_worker` subprocess:
that worker calls the ordinary `mcpvcr record` command, so a fleet recording is
the same code path as a single one.
"""
