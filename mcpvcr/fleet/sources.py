"""Fleet inputs from an mcpServers / VS Code config: every server (`--all`) or several named.

Each entry goes through the same `load_config_target` as `record --config F
--server NAME`, so variables expand and errors read the same. A file that
cannot be read is a usage error; one bad entry is that server skipped, named,
with the reason (a variable without a value names the variable).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from mcpvcr.errors import UsageError
from mcpvcr.fleet.spec import ServerSpec, skipped
from mcpvcr.targets import load_config_target

_UNSET = re.compile(r"environment variable (\w+) is not set|set (MCPVCR_INPUT_\w+)")


def config_names(path: str) -> list[str]:
    """The server names of a config file, in file order."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such config file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot read the config file ({err})") from None
    except json.JSONDecodeError as err:
        raise UsageError(f"{path}: not valid JSON (line {err.lineno}: {err.msg})") from None
    servers = data.get("mcpServers", data.get("servers")) if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise UsageError(f"{path}: no mcpServers (or VS Code servers) object in the file")
    return [str(name) for name in servers]


def config_specs(
    path: str,
    names: Iterable[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
) -> list[ServerSpec]:
    """Specs for `names` (None: every server) of the config at `path`, sorted by name."""
    known = config_names(path)
    wanted = list(dict.fromkeys(names)) if names is not None else known
    unknown = [name for name in wanted if name not in known]
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise UsageError(f"{path}: no server named {unknown[0]!r} (servers: {names})")
    return [_one(path, name, environ) for name in sorted(wanted)]


def _one(path: str, name: str, environ: Mapping[str, str] | None) -> ServerSpec:
    try:
        target = load_config_target(path, name, environ=environ)
    except UsageError as err:
        text = str(err).removeprefix(f"{path}: server {name!r}: ")
        missing = tuple(a or b for a, b in _UNSET.findall(text))
        reason = "missing-inputs" if missing else f"invalid-entry: {text}"
        return skipped(name, reason, missing=missing)
    return ServerSpec(
        name=name,
        transport=target.transport,
        argv=tuple(target.command),
        env=dict(target.env),
        cwd=target.cwd,
        url=target.url,
        headers=dict(target.headers),
        secrets=frozenset(target.secret_values()),
    )
