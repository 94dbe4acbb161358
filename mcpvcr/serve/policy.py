"""What a probe tool call may do, as decided by the person who started `serve` (pure).

Tool calls come from a model, and a model can be steered by any text it reads,
so by default a call may not start a program (`probe_connect` with a stdio
command would run anything) and may only read or write cassettes inside one
directory, the serve root. Both widen only by the person's own choice:
`--allow-stdio`, `--allow-command "CMD"`, or an allow-list in the USER config
file (`$MCPVCR_USER_CONFIG`, else `$XDG_CONFIG_HOME/mcpvcr/config.toml`, else
`~/.config/mcpvcr/config.toml`):

    [serve]
    allow-stdio = ["npx -y @modelcontextprotocol/server-everything stdio"]

A config file found by walking up from the working directory (a repository's
`mcpvcr.toml` or `pyproject.toml`, or one planted in an ancestor folder) is not
the person's choice: its `allow-stdio` is ignored, with a notice on stderr.

An allow-list entry is one exact command line (split like a shell); a call may
start it only as written, without `env` or `cwd` (`LD_PRELOAD` or
`NODE_OPTIONS` would turn an allowed program into any program).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcpvcr.errors import UsageError

OUTSIDE_ROOT = "is outside the serve root; only paths under it can be used"


class PolicyError(Exception):
    """A call the policy refuses; the message goes back to the model as an isError."""


@dataclass(frozen=True)
class ServePolicy:
    root: Path
    """Resolved (no symlinks): every cassette path must resolve inside it."""
    allow_stdio: bool = False
    """Any stdio command, with env and cwd (`--allow-stdio`)."""
    allowed_commands: frozenset[tuple[str, ...]] = field(default_factory=frozenset)

    @classmethod
    def build(
        cls, root: str | os.PathLike[str] | None, allow_stdio: bool, allowed: Sequence[str] = ()
    ) -> ServePolicy:
        base = Path(os.path.realpath(root if root is not None else os.getcwd()))
        if not base.is_dir():
            raise UsageError(f"--root {root}: not a directory")
        commands: set[tuple[str, ...]] = set()
        for line in allowed:
            try:
                argv = tuple(shlex.split(line))
            except ValueError as err:
                raise UsageError(f"[tool.mcpvcr.serve] allow-stdio {line!r}: {err}") from None
            if argv:
                commands.add(argv)
        return cls(root=base, allow_stdio=allow_stdio, allowed_commands=frozenset(commands))

    def check_stdio(self, argv: Sequence[str], env: Any, cwd: Any) -> None:
        """Refuse a stdio target the person did not allow."""
        if self.allow_stdio:
            return
        if tuple(argv) not in self.allowed_commands:
            raise PolicyError(
                "starting stdio servers from a tool call is off: the person running "
                "`mcpvcr serve` can allow it with --allow-stdio, --allow-command CMD or "
                "the exact command in [serve] allow-stdio of their user config"
            )
        if env or cwd:
            raise PolicyError(
                "an allow-listed stdio command runs as listed: env and cwd need --allow-stdio"
            )

    def path(self, text: str) -> Path:
        """`text` (relative to the root, or absolute) resolved inside the root.

        The same message whether or not the path exists, so a call cannot use
        this to learn which files exist outside the root.
        """
        candidate = Path(text) if os.path.isabs(text) else self.root / text
        resolved = Path(os.path.realpath(candidate))
        if resolved != self.root and self.root not in resolved.parents:
            raise PolicyError(f"{text!r} {OUTSIDE_ROOT}")
        return resolved


def user_config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The user-level config file (it may not exist)."""
    env = os.environ if environ is None else environ
    if env.get("MCPVCR_USER_CONFIG"):
        return Path(env["MCPVCR_USER_CONFIG"])
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "mcpvcr" / "config.toml"


def user_serve_table(environ: Mapping[str, str] | None = None) -> tuple[dict[str, Any], str]:
    """`[serve]` (or `[tool.mcpvcr.serve]`) of the user-level config file, and its path."""
    import tomllib

    path = user_config_path(environ)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        return {}, ""
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise UsageError(f"{path}: cannot read the user config ({err})") from None
    table = data.get("tool", {}).get("mcpvcr", data) if isinstance(data.get("tool"), dict) else data
    serve = table.get("serve", {}) if isinstance(table, dict) else {}
    if not isinstance(serve, dict):
        raise UsageError(f"{path}: [serve] must be a table")
    return serve, str(path)


def repo_allowance_notice(table: Mapping[str, Any], source: str) -> str | None:
    """The stderr line when a config found by walking up tries to allow stdio commands."""
    if "allow-stdio" not in table or table.get("allow-stdio") in (False, []):
        return None
    return (
        f"mcpvcr: serve: ignoring allow-stdio in {source}: a config file found from the "
        "working directory (a repository's) cannot let tool calls start programs; use "
        f"--allow-stdio, --allow-command or the user config {user_config_path()}"
    )


def allowed_from_config(table: Mapping[str, Any], source: str) -> tuple[bool, list[str]]:
    """(allow every stdio command, exact allowed command lines) from `[tool.mcpvcr.serve]`."""
    value = table.get("allow-stdio", [])
    if isinstance(value, bool):
        return value, []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(
            f"{source}: [tool.mcpvcr.serve] allow-stdio must be true/false or a list of "
            "command lines"
        )
    return False, list(value)
