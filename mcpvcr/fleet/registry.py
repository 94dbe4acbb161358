"""Read official MCP registry entries (server.json) from a file, normalised.

Accepted shapes: a ServerList object (`{"servers": [...]}`, one page or
merged), a JSON array of `{server, _meta}` rows or of bare server.json
objects, one server.json, or JSON Lines of either row kind.

Normalising, in order: old spellings become current ones (snake_case fields
of 2025-07, `version_detail.version`, `registry_name` with docker meaning oci,
`name` for `identifier`, remotes' `transport_type`, a package without
`transport` is stdio); `deleted` entries are dropped (moderation: never
launch them); one entry per name is kept (the `isLatest` row, else the newest
`publishedAt`, else the highest version); the result is sorted by name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mcpvcr.errors import UsageError

_OFFICIAL = "io.modelcontextprotocol.registry/official"
_SNAKE = re.compile(r"_([a-z0-9])")
MAX_BYTES = 512 * 1024 * 1024


def read_entries(path: str) -> list[dict[str, Any]]:
    """The normalised server.json entries of a registry file, sorted by name."""
    rows = _rows(path)
    best: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
    for row in rows:
        server, meta = _split(row)
        if server is None:
            continue
        server = _camel(server)
        if _deleted(server, meta):
            continue
        name = server.get("name")
        if not isinstance(name, str) or not name:
            continue
        _fix_packages(server)
        rank = (
            bool(meta.get("isLatest")),
            str(meta.get("publishedAt") or ""),
            _version_key(str(server.get("version") or "")),
        )
        if name not in best or rank > best[name][0]:
            best[name] = (rank, server)
    return [best[name][1] for name in sorted(best)]


def _rows(path: str) -> list[Any]:
    try:
        raw = Path(path).read_bytes()[: MAX_BYTES + 1]
    except FileNotFoundError:
        raise UsageError(f"{path}: no such registry file") from None
    except OSError as err:
        raise UsageError(f"{path}: cannot read the registry file ({err.strerror})") from None
    if len(raw) > MAX_BYTES:
        raise UsageError(f"{path}: larger than {MAX_BYTES >> 20} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return _json_lines(path, text)
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("servers"), list):
        return list(data["servers"])
    if isinstance(data, dict) and ("server" in data or "name" in data):
        return [data]
    raise UsageError(f"{path}: not a registry file (a list of server.json entries or JSON Lines)")


def _json_lines(path: str, text: str) -> list[Any]:
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as err:
            raise UsageError(f"{path}: line {number} is not JSON ({err.msg})") from None
    return rows


def _split(row: Any) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    if not isinstance(row, dict):
        return None, {}
    if isinstance(row.get("server"), dict):
        meta = row.get("_meta")
        official = meta.get(_OFFICIAL) if isinstance(meta, dict) else None
        return row["server"], official if isinstance(official, dict) else {}
    return row, {}


def _deleted(server: dict[str, Any], meta: dict[str, Any]) -> bool:
    return "deleted" in (str(meta.get("status", "")).lower(), str(server.get("status", "")).lower())


def _camel(value: Any) -> Any:
    """snake_case keys (server.json of 2025-07) as camelCase; values untouched."""
    if isinstance(value, list):
        return [_camel(item) for item in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        name = _SNAKE.sub(lambda m: m.group(1).upper(), key) if isinstance(key, str) else key
        if name == "variables" and isinstance(item, dict):  # keys are the publisher's names
            out[name] = {var: _camel(spec) for var, spec in item.items()}
        else:
            out[name] = _camel(item)
    if "versionDetail" in out and "version" not in out and isinstance(out["versionDetail"], dict):
        out["version"] = out["versionDetail"].get("version")
    return out


def _fix_packages(server: dict[str, Any]) -> None:
    packages = server.get("packages")
    for package in packages if isinstance(packages, list) else []:
        if not isinstance(package, dict):
            continue
        if "registryType" not in package and "registryName" in package:
            kind = str(package["registryName"]).lower()
            package["registryType"] = "oci" if kind == "docker" else kind
        if "identifier" not in package and isinstance(package.get("name"), str):
            package["identifier"] = package["name"]
        if not isinstance(package.get("transport"), dict):
            package["transport"] = {"type": "stdio"}
    remotes = server.get("remotes")
    for remote in remotes if isinstance(remotes, list) else []:
        if isinstance(remote, dict) and "type" not in remote and "transportType" in remote:
            kind = str(remote["transportType"]).lower()
            remote["type"] = "streamable-http" if kind == "streamable" else kind


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:4])
