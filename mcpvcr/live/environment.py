"""Environment facts the recorder knows: did the server have network? (stdlib only)

Recorded in the cassette header as `environment: {"network": false | null}`
so the judge can read a failure of an open-world tool without network as
inconclusive by that fact, not by what the error text says (`fact.no_network`
in the heuristic registry).

- false: the server was started inside a network namespace without
  interfaces (the command starts with `unshare` with `-n`/`--net`), or the
  recorder itself has no route but loopback (it runs in such a namespace,
  and a stdio child inherits it);
- null otherwise: not known to be without network (an HTTP server runs
  elsewhere; a route may or may not reach anything). Only `false` changes a
  verdict, and recording `true` would make the same recording differ between
  a machine with network and one without.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from mcpvcr.targets import Target

_ROUTES = (Path("/proc/net/route"), Path("/proc/net/ipv6_route"))


def environment_facts(target: Target) -> dict[str, bool | None]:
    """The header's `environment` object for a recording of `target`."""
    return {"network": network_fact(target)}


def network_fact(target: Target) -> bool | None:
    if target.transport != "stdio":
        return None
    if starts_without_network(target.command) or own_network() is False:
        return False
    return None


def starts_without_network(argv: Sequence[str]) -> bool:
    """Whether the command runs its server in a new network namespace (`unshare -n`)."""
    args = list(argv)
    while args and (os.path.basename(args[0]) == "env" or "=" in args[0]):
        args = args[1:]
    if not args or os.path.basename(args[0]) != "unshare":
        return False
    for arg in args[1:]:
        if arg == "--":
            break
        if arg in ("--net", "-n") or arg.startswith("--net="):
            return True
        if arg.startswith("-") and not arg.startswith("--") and "n" in arg[1:]:
            return True
        if not arg.startswith("-"):
            break  # the command itself
    return False


def own_network() -> bool | None:
    """Whether this process has a route over an interface other than loopback."""
    seen = False
    for table in _ROUTES:
        try:
            lines = table.read_text(encoding="ascii", errors="replace").splitlines()
        except OSError:
            continue
        seen = True
        for line in lines:
            fields = line.split()
            if not fields or fields[0] == "Iface":
                continue
            device = fields[-1] if table.name == "ipv6_route" else fields[0]
            if device != "lo":
                return True
    return False if seen else None
