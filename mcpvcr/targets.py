"""What to record: a stdio command, a streamable HTTP URL, an SSE URL, or a config entry.

Pure (no mcp import): the command line and `audit`/`diff` build a `Target` here and
hand it to `mcpvcr.live.record`. The cassette records the NAMES of environment variables
and headers only, and the recorder scrubs every secret value from what the server sent (a
tool may echo them); which values are secrets, by name and shape, is `secret_shape`'s call.

Config files: the `mcpServers` shape (Claude Desktop, Claude Code `.mcp.json`, Cursor)
and VS Code's `servers` shape. Variables `${VAR}`, `${VAR:-default}`, `${env:VAR}` and
`${workspaceFolder}` are expanded in command, args, env, cwd, url and headers;
`${input:ID}` needs VS Code's interactive prompt, so it is read from the environment
variable `MCPVCR_INPUT_<ID>` or refused with a hint.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote, unquote_plus, urlsplit, urlunsplit

from mcpvcr import redaction
from mcpvcr.errors import UsageError
from mcpvcr.oauth_settings import OAuthSettings
from mcpvcr.secret_shape import is_url, secret_value

Transport = Literal["stdio", "http", "sse"]
TOKEN_ENV = redaction.TOKEN_ENV
MIN_SECRET_LENGTH = redaction.MIN_SECRET_LENGTH
"""Values shorter than this are not scrubbed: replacing "1" or "on" everywhere would
wreck the cassette, and nothing that short is a credential."""

_VAR = re.compile(r"\$\{([^}]*)\}")
_HEADER_NAME = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PUBLIC_ENV = frozenset(
    {"HOME", "PATH", "PWD", "USER", "LOGNAME", "SHELL", "TMPDIR", "TMP", "TEMP", "LANG"}
    | {"LC_ALL", "TERM", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "USERNAME"}
)
"""Variables whose values are locations, not credentials: redacting $HOME would
turn every path in a recording into [REDACTED]."""
_CONFIG_TYPES: Mapping[str, Transport] = {
    "stdio": "stdio",
    "http": "http",
    "streamable-http": "http",
    "streamablehttp": "http",
    "streamable_http": "http",
    "sse": "sse",
}


_declared: set[str] = set()
"""Secrets declared for every target of this process (see declare_secrets)."""


def declare_secrets(values: Iterable[str]) -> None:
    """Values every target of this process must treat as its own secrets: a fleet worker
    receives the values its job's config expanded into argv or URL, which the
    rebuilt command line no longer says were expanded."""
    fresh = {value for value in values if value}
    _declared.update(fresh)
    redaction.remember(fresh)


@dataclass(frozen=True, kw_only=True)
class Target:
    """One MCP server to connect to, and how to call it in messages."""

    transport: Transport
    command: tuple[str, ...] = ()
    cwd: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    label: str
    expanded: frozenset[str] = frozenset()
    """Values a config entry took from the environment (`${VAR}`, `${input:ID}`): a
    token expanded into `args` or a URL is as secret as one given in `env`."""
    oauth: OAuthSettings = field(default_factory=OAuthSettings)
    obtained: set[str] = field(default_factory=set, compare=False, repr=False)
    """Secrets mcpvcr obtains while recording (OAuth tokens, registered client
    secrets): filled in by the live edge through `obtain`, redacted like the configured ones."""

    def __post_init__(self) -> None:
        # Known to the process-wide redactor from now on, so that an error line
        # printed far from here (the CLI wrapper, a CI annotation) cannot carry them.
        redaction.remember(self.secret_values())

    def obtain(self, values: Iterable[str | None]) -> None:
        """Secrets obtained while recording: never written, from now on not even to stderr."""
        fresh = {value for value in values if value}
        self.obtained.update(fresh)
        redaction.remember(fresh)

    def secret_values(self) -> list[str]:
        """Every value mcpvcr must never write: env and header values, bare tokens, values
        expanded from the environment, what the URL carries (see url_secrets) and the
        OAuth secrets, given or obtained."""
        # an env value that is a region, a flag or a path is not a secret: replacing it
        # everywhere would corrupt the recording (secret_shape decides by the name, then by
        # the value's shape). A header exists to authenticate or route: every value is one.
        values: set[str] = set(self.headers.values())
        for name, value in self.env.items():
            values |= _secret_parts(name, value)
        values |= set(self.oauth.secret_values()) | self.obtained
        values |= url_secrets(self.url) | set(self.expanded) | _declared
        for value in self.headers.values():
            scheme, _, credential = value.partition(" ")
            if credential and scheme.lower() in ("bearer", "basic", "token"):
                values.add(credential.strip())
        # Longest first so a token inside a longer header value is not half-replaced.
        return sorted((v for v in values if len(v) >= MIN_SECRET_LENGTH), key=lambda v: -len(v))


def stdio_target(
    command_line: str | list[str] | tuple[str, ...],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    label: str | None = None,
) -> Target:
    """A stdio target from a shell-like command line (split with shlex) or an argv."""
    if isinstance(command_line, str):
        try:
            argv = tuple(shlex.split(command_line))
        except ValueError as err:
            raise UsageError(
                f"--stdio {command_line!r}: cannot split the command ({err})"
            ) from None
    else:
        argv = tuple(command_line)
    if not argv:
        raise UsageError("--stdio: the command is empty")
    return Target(
        transport="stdio",
        command=argv,
        cwd=cwd,
        env=dict(env or {}),
        label=label or "stdio:" + shlex.join(argv),
    )


def url_target(
    url: str,
    *,
    transport: Transport = "http",
    headers: Mapping[str, str] | None = None,
    label: str | None = None,
) -> Target:
    """A streamable HTTP (or legacy SSE) target."""
    if not re.match(r"^https?://[^/\s]+", url):
        raise UsageError(f"{url!r} is not an http:// or https:// URL")
    if transport == "stdio":
        raise UsageError(f"{url}: a URL cannot use the stdio transport")
    return Target(
        transport=transport, url=url, headers=dict(headers or {}), label=label or masked_url(url)
    )


_TOKEN_SEGMENT = re.compile(r"^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9._~%+=-]{16,}$")
"""A URL path segment that looks like a credential (hosted servers put keys in the
path, for example `/mcp/sk-3f9a...`): 16+ characters mixing letters and digits."""


def url_secrets(url: str | None) -> set[str]:
    """The secrets a URL carries: user name and password, every query value and
    every token-like path segment.

    Servers take API keys as `?api_key=...` or in the path, and clients send
    `user:pass@` (or a bare `token@`) as a Basic Authorization header, which a
    server may echo; so those values, the Basic credential the HTTP client
    builds from them, and each value as written and percent-decoded are secrets.
    """
    if not url:
        return set()
    parts = urlsplit(url)
    values: set[str] = set()
    if parts.username or parts.password:
        user, password = unquote(parts.username or ""), unquote(parts.password or "")
        values |= {parts.password or "", password}
        if _secret_user(parts.username, parts.password):
            values |= {parts.username or "", user}
        basic = f"{user}:{password}".encode()
        values.add(base64.b64encode(basic).decode("ascii"))
    for piece in parts.query.split("&"):
        _name, sep, value = piece.partition("=")
        if sep:
            values |= {value, unquote_plus(value)}
    for segment in parts.path.split("/"):
        if _TOKEN_SEGMENT.match(segment):
            values |= {segment, unquote(segment)}
    return {value for value in values if len(value) >= MIN_SECRET_LENGTH}


def _secret_parts(name: str, value: str) -> set[str]:
    """What of variable `name`'s `value` is secret: all of it (by name or shape), or the
    credentials a public URL carries."""
    found = {value} if secret_value(name, value) else set()
    return found | (url_secrets(value.strip()) if is_url(value) else set())


def _secret_user(user: str | None, password: str | None) -> bool:
    """A user name alone (`https://ghp_x@host`) is the credential; one beside a
    password is a secret only when it looks like a token itself."""
    if not user:
        return False
    return not password or bool(_TOKEN_SEGMENT.match(user))


def masked_url(url: str) -> str:
    """`url` with its userinfo, every query value and token-like path segment shown as `***`.

    The label is in every message, progress line and diff report (a PR
    comment), so it must not carry what url_secrets() names.
    """
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        host = netloc.rpartition("@")[2]
        user = "***" if _secret_user(parts.username, parts.password) else parts.username
        netloc = f"{user}:***@{host}" if parts.password is not None else f"{user}@{host}"
    pieces = (piece.partition("=") for piece in parts.query.split("&")) if parts.query else ()
    query = "&".join(f"{name}=***" if sep else name for name, sep, _ in pieces)
    path = "/".join("***" if _TOKEN_SEGMENT.match(s) else s for s in parts.path.split("/"))
    return urlunsplit((parts.scheme, netloc, path, query, parts.fragment))


def parse_header(text: str) -> tuple[str, str]:
    """Parse one `--header "Name: value"`."""
    name, sep, value = text.partition(":")
    name = name.strip()
    if not sep or not _HEADER_NAME.match(name):
        raise UsageError(f"--header {_redacted_header(text)!r}: expected 'Name: value'")
    value = value.strip()
    if "\r" in value or "\n" in value:
        raise UsageError(f"--header {name}: the value contains a line break")
    return name, value


def _redacted_header(text: str) -> str:
    name, sep, _ = text.partition(":")
    return f"{name}: ..." if sep else text[:40]


def parse_env(text: str) -> tuple[str, str]:
    """Parse one `--env KEY=VALUE`."""
    key, sep, value = text.partition("=")
    if not sep or not _ENV_NAME.match(key):
        raise UsageError(f"--env {key!r}: expected KEY=VALUE")
    return key, value


def credential_headers(
    headers: list[str] | tuple[str, ...] = (),
    bearer: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Headers from `--header` (repeatable), `--bearer` or MCPVCR_TARGET_TOKEN.

    An explicit Authorization header wins over --bearer, which wins over the
    environment variable.
    """
    environ = os.environ if environ is None else environ
    result: dict[str, str] = {}
    for text in headers:
        name, value = parse_header(text)
        result[name] = value
    token = bearer if bearer is not None else environ.get(TOKEN_ENV)
    if token and not any(name.lower() == "authorization" for name in result):
        result["Authorization"] = f"Bearer {token.strip()}"
    return result


# -- config files ---------------------------------------------------------------


def load_config_target(
    path: str,
    server: str | None,
    *,
    environ: Mapping[str, str] | None = None,
) -> Target:
    """The target named `server` in an mcpServers / servers JSON config file."""
    environ = os.environ if environ is None else environ
    servers = _read_servers(path)
    if server is None:
        if len(servers) != 1:
            names = ", ".join(sorted(servers)) or "none"
            raise UsageError(f"{path}: name the server to record with --server (one of: {names})")
        server = next(iter(servers))
    entry = servers.get(server)
    if entry is None:
        names = ", ".join(sorted(servers)) or "none"
        raise UsageError(f"{path}: no server named {server!r} (servers: {names})")
    if not isinstance(entry, dict):
        raise UsageError(f"{path}: server {server!r} is not a JSON object")
    expand = _Expander(path, server, environ)
    return _entry_target(path, server, entry, expand)


def _read_servers(path: str) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such config file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot read the config file ({err})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(f"{path}: not valid JSON (line {err.lineno}: {err.msg})") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: expected a JSON object with mcpServers or servers")
    servers = data.get("mcpServers", data.get("servers"))
    if not isinstance(servers, dict):
        raise UsageError(f"{path}: no mcpServers (or VS Code servers) object in the file")
    return servers


def _entry_target(path: str, name: str, entry: dict[str, Any], expand: _Expander) -> Target:
    where = f"{path}: server {name!r}"
    kind = str(entry.get("type", "")).lower()
    url = entry.get("url")
    command = entry.get("command")
    if kind and kind not in _CONFIG_TYPES:
        raise UsageError(f"{where}: unknown type {entry.get('type')!r} (stdio, http or sse)")
    transport: Transport = _CONFIG_TYPES.get(kind, "http" if url is not None else "stdio")
    label = f"{name} ({path})"
    if transport == "stdio":
        if not isinstance(command, str) or not command:
            raise UsageError(f"{where}: a stdio server needs a 'command' string")
        args = entry.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, str | int | float) for a in args):
            raise UsageError(f"{where}: 'args' must be a list of strings")
        env = _string_map(entry.get("env", {}), where, "env")
        env.update(_env_file(entry.get("envFile"), where, expand))
        cwd = entry.get("cwd")
        if cwd is not None and not isinstance(cwd, str):
            raise UsageError(f"{where}: 'cwd' must be a string")
        argv = (expand(command), *(expand(str(a)) for a in args))
        expanded_env = {key: expand(value) for key, value in env.items()}
        return Target(
            transport="stdio",
            command=argv,
            env=expanded_env,
            cwd=expand(cwd) if cwd else None,
            label=label,
            expanded=frozenset(expand.values),
        )
    if not isinstance(url, str) or not url:
        raise UsageError(f"{where}: an {transport} server needs a 'url' string")
    headers = _string_map(entry.get("headers", {}), where, "headers")
    target = url_target(
        expand(url),
        transport=transport,
        headers={key: expand(value) for key, value in headers.items()},
        label=label,
    )
    return replace(target, expanded=frozenset(expand.values))


def _string_map(value: Any, where: str, key: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(v, str | int | float) for v in value.values()
    ):
        raise UsageError(f"{where}: '{key}' must be an object of strings")
    return {str(k): str(v) for k, v in value.items()}


def _env_file(value: Any, where: str, expand: _Expander) -> dict[str, str]:
    """VS Code's `envFile`: KEY=VALUE lines, # comments, optional quotes."""
    if value is None:
        return {}
    if not isinstance(value, str):
        raise UsageError(f"{where}: 'envFile' must be a string")
    file = expand(value)
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise UsageError(f"{where}: cannot read envFile {file} ({err.strerror})") from None
    result: dict[str, str] = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.removeprefix("export ").partition("=")
        val = val.strip()
        if len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"":
            val = val[1:-1]
        result[key.strip()] = val
    return result


class _Expander:
    """Expands ${...} variables in one config entry, with errors naming entry and variable."""

    def __init__(self, path: str, server: str, environ: Mapping[str, str]) -> None:
        self.where = f"{path}: server {server!r}"
        self.environ = environ
        self.values: set[str] = set()
        """What came from the environment (secrets; a default written in the file is not)."""
        config_dir = Path(path).resolve().parent
        # .vscode/mcp.json belongs to the folder above .vscode.
        self.workspace = str(config_dir.parent if config_dir.name == ".vscode" else config_dir)

    def __call__(self, text: str) -> str:
        return _VAR.sub(self._one, text)

    def _one(self, match: re.Match[str]) -> str:
        expr = match.group(1)
        if expr == "workspaceFolder":
            return self.workspace
        if expr.startswith("input:"):
            ident = expr.removeprefix("input:")
            key = "MCPVCR_INPUT_" + re.sub(r"[^A-Za-z0-9]", "_", ident).upper()
            if key in self.environ:
                self.values.add(self.environ[key])
                return self.environ[key]
            raise UsageError(
                f"{self.where}: ${{input:{ident}}} requires interactive input in VS Code; "
                f"set {key} or pass --env"
            )
        expr = expr.removeprefix("env:")
        name, sep, default = expr.partition(":-")
        if not _ENV_NAME.match(name):
            raise UsageError(f"{self.where}: cannot expand ${{{match.group(1)}}}")
        value = self.environ.get(name)
        if value:
            if name not in _PUBLIC_ENV and not name.startswith("XDG_"):
                self.values |= _secret_parts(name, value)
            return value
        if sep:
            return default
        if value is not None:
            return value
        raise UsageError(f"{self.where}: environment variable {name} is not set")
