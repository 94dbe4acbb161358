"""Lint an MCP launch configuration (`.mcp.json`, Claude/Cursor/VS Code) without starting a server.

What is checked is what the file alone decides: packages fetched unpinned at
every launch (`npx -y pkg`, `@latest`, `uvx pkg` without `==`), remote
servers reached over plain http, secrets written inline in env, headers,
arguments or URLs, and filesystem servers given the whole disk or home.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from mcpvcr.errors import CannotRun, UsageError
from mcpvcr.lint.registry import Finding, Hit, Rule, Severity
from mcpvcr.scan.lexicon import SECRET

_RUNNERS: Final = {"npx": "npm", "bunx": "npm", "pnpx": "npm", "uvx": "pypi", "pipx": "pypi"}
_SECRET_NAME: Final = re.compile(
    r"token|secret|passw|api[_-]?key|apikey|auth|credential|private[_-]?key|access[_-]?key|cookie"
    r"|session",
    re.I,
)
_REFERENCE: Final = re.compile(
    r"^\s*(?:\$\{[^}]+\}|\$[A-Z_][A-Z0-9_]*|%[A-Z_]+%|\{\{[^}]+\}\}|<[^>]+>|\$\{input:[^}]+\})\s*$"
    r"|^(?:your[_-]|xxx|changeme|placeholder|<)|^\s*$",
    re.I,
)
_BEARER: Final = re.compile(r"^(?:bearer|basic|token)\s+(\S+)", re.I)
_URL_SECRET: Final = re.compile(
    r"[?&](?:api[_-]?key|key|token|access_token|secret|password|auth)=([^&#\s]+)|//[^/@\s:]+:([^/@\s]+)@",
    re.I,
)
_ARG_SECRET: Final = re.compile(
    r"^--?[\w-]*(?:token|secret|password|api-?key|auth)[\w-]*=(.+)$", re.I
)
_BROAD: Final = frozenset(
    {"/", "~", "~/", "$HOME", "${HOME}", "%USERPROFILE%", "C:\\", "C:/", "/home", "/Users"}
)
_LOOPBACK: Final = re.compile(
    r"^https?://(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?(?:/|$)", re.I
)


def _rule(code: str, severity: Severity, summary: str, hint: str) -> Rule:
    return Rule(
        code=code,
        severity=severity,
        summary=summary,
        hint=hint,
        scope="server",
        scored=False,
        default=True,
        func=lambda *a: iter(()),
        sequence=0,
    )


RULES: Final = (
    _rule(
        "config.unpinned_package",
        "warning",
        "A server package is fetched without a pinned version at every launch.",
        "Pin an exact version (pkg@1.2.3, pkg==1.2.3): an unpinned package can change under you.",
    ),
    _rule(
        "config.plain_http",
        "error",
        "A remote server is reached over plain http.",
        "Use https for remote servers; plain http exposes tokens and lets anyone rewrite tools.",
    ),
    _rule(
        "config.inline_secret",
        "error",
        "A secret is written inline in env, headers, arguments or a URL.",
        "Reference the secret from the environment (${VAR}) or an input prompt instead.",
    ),
    _rule(
        "security.broad_filesystem_root",
        "warning",
        "A server is given the whole filesystem or home directory.",
        "Grant only the directories the server needs.",
    ),
)
"""The launch-config rules (reported like lint rules; SARIF descriptors come from here)."""
_BY_CODE: Final = {rule.code: rule for rule in RULES}


def load_servers(path: str) -> dict[str, dict[str, Any]]:
    """The servers of a launch config (mcpServers, servers or mcp.servers), by name."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CannotRun(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CannotRun(f"{path}: not a readable JSON launch config ({error})") from None
    if not isinstance(data, dict):
        raise CannotRun(f"{path}: a launch config is a JSON object")
    servers = data.get("mcpServers", data.get("servers"))
    if servers is None and isinstance(data.get("mcp"), dict):
        servers = data["mcp"].get("servers")
    if not isinstance(servers, dict):
        raise CannotRun(f"{path}: no 'mcpServers' (or 'servers') object")
    return {str(k): v for k, v in servers.items() if isinstance(v, dict)}


def lint_config(path: str, server: str | None = None) -> list[Finding]:
    """Every finding on the launch config at `path` (only `server` when given)."""
    servers = load_servers(path)
    if server is not None:
        if server not in servers:
            known = ", ".join(sorted(servers)) or "none"
            raise UsageError(f"{path}: no server named {server!r} (servers: {known})")
        servers = {server: servers[server]}
    findings: list[Finding] = []
    for name, entry in servers.items():
        for code, hit in _check(name, entry):
            located = Hit(hit.message, {"server": name, **hit.location}, hit.severity)
            findings.append(_BY_CODE[code].finding(located))
    return findings


def _check(name: str, entry: dict[str, Any]) -> Iterator[tuple[str, Hit]]:
    where = f"servers.{name}"
    command = str(entry.get("command") or "")
    args = [str(a) for a in entry.get("args") or [] if isinstance(a, str | int | float)]
    yield from _unpinned(name, command, args, where)
    url = entry.get("url") or entry.get("serverUrl")
    if isinstance(url, str):
        if url.lower().startswith("http://") and not _LOOPBACK.match(url):
            yield (
                "config.plain_http",
                Hit(
                    f"Server '{name}' is reached over plain http: {url}", {"field": f"{where}.url"}
                ),
            )
        if _URL_SECRET.search(url):
            yield (
                "config.inline_secret",
                Hit(f"Server '{name}' URL carries a credential", {"field": f"{where}.url"}),
            )
    for key in ("env", "headers"):
        values = entry.get(key)
        if isinstance(values, dict):
            for var, value in values.items():
                if isinstance(value, str) and _secret_value(str(var), value):
                    yield (
                        "config.inline_secret",
                        Hit(
                            f"Server '{name}' {key} '{var}' holds a secret written inline",
                            {"field": f"{where}.{key}.{var}"},
                        ),
                    )
    for index, arg in enumerate(args):
        previous = args[index - 1] if index else ""
        if _arg_secret(arg, previous):
            message = f"Server '{name}' argument {index} holds a secret written inline"
            yield "config.inline_secret", Hit(message, {"field": f"{where}.args[{index}]"})
        if arg in _BROAD or arg.rstrip("\\/") in {b.rstrip("\\/") for b in _BROAD}:
            message = f"Server '{name}' is given '{arg}' (the whole disk or home)"
            yield (
                "security.broad_filesystem_root",
                Hit(message, {"field": f"{where}.args[{index}]"}),
            )


def _arg_secret(arg: str, previous: str) -> bool:
    if SECRET.search(arg):
        return True
    inline = _ARG_SECRET.match(arg)
    if inline:
        return not _REFERENCE.search(inline.group(1))
    flag = previous in ("--token", "--api-key", "--password", "--secret", "--auth-token")
    return flag and not _REFERENCE.search(arg)


def _secret_value(name: str, value: str) -> bool:
    if _REFERENCE.search(value):
        return False
    if SECRET.search(value):
        return True
    bearer = _BEARER.match(value)
    if bearer:
        return not _REFERENCE.search(bearer.group(1))
    return (
        bool(_SECRET_NAME.search(name))
        and len(value) >= 8
        and value.lower() not in ("true", "false")
    )


def _unpinned(name: str, command: str, args: list[str], where: str) -> Iterator[tuple[str, Hit]]:
    runner = Path(command).name.lower().removesuffix(".cmd").removesuffix(".exe")
    if runner not in _RUNNERS:
        return
    package = _package(runner, args)
    if package is None:
        return
    ecosystem = _RUNNERS[runner]
    if ecosystem == "npm":
        bare = package[1:] if package.startswith("@") else package
        version = bare.split("@", 1)[1] if "@" in bare else ""
        pinned = (
            bool(version)
            and version != "latest"
            and not re.search(r"[\^~*x><|]|latest|next", version)
        )
    else:
        pinned = "==" in package and not package.endswith("==")
    if not pinned:
        yield (
            "config.unpinned_package",
            Hit(
                f"Server '{name}' runs '{runner} {package}' without a pinned version",
                {"field": f"{where}.args"},
            ),
        )


_VALUE_OPTIONS: Final = frozenset({"--with", "-p", "--package", "--python", "--index-url"})


def _package(runner: str, args: list[str]) -> str | None:
    """The package argument: `--from X`, else the first non-option argument (after pipx `run`)."""
    rest = args[1:] if runner == "pipx" and args[:1] == ["run"] else args
    for index, arg in enumerate(rest):
        if arg == "--from" and index + 1 < len(rest):
            return rest[index + 1]
    skip = False
    for arg in rest:
        if skip:
            skip = False
        elif arg in _VALUE_OPTIONS:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None
