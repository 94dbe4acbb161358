"""Keep the recording machine out of a cassette: a stable child environment and placeholders.

A stdio server sees the environment it was started with. Its answers (and
sometimes its contract: mcp-server-time names the local time zone in its tool
descriptions) then depend on the machine: 'Etc/UTC' here, 'Asia/Tokyo' there,
`/home/alice/project` in a committed file. Two measures make a recording the same
bytes on every machine (pure, no mcp import):

1. `STABLE_ENV`: the child runs with `TZ=UTC`, the `C.UTF-8` locale, `TERM=dumb` and
   `SHELL=/bin/sh`, unless the user passes those variables with `--env`; and the
   identity variables (`IDENTITY_ENV`: HOME, LOGNAME, PATH, USER, TMPDIR) are always
   present, in one order, filled from the account when the parent lacks them. A
   server that prints its environment (server-everything's `get-env`) otherwise
   records `USER` on a CI runner that sets it and not on a laptop shell that does not.
2. `placeholder_rules`: every value of the child's environment that names the
   machine or the person — the working directory, HOME, TMPDIR, the whole PATH,
   the host name, USER/LOGNAME — is replaced in recorded text by a placeholder
   (`[CWD]`, `[HOME]`, `[TMPDIR]`, `[PATH]`, `[HOST]`, `[USER]`), the way secrets
   become `[REDACTED]`.

Paths are replaced only as whole path prefixes (`/root` in `/root/x` but not in
`/rootfs`), also inside `file://` URIs. A user name that is also an ordinary word
(`root`, `runner`, ...) is replaced only where it stands as an environment value
(`USER=root`, `"USER": "root"`); a personal one (`alice`) wherever it stands as a word.
"""

from __future__ import annotations

import os
import re
import socket
import tempfile
from collections.abc import Mapping
from typing import Final

STABLE_ENV: Final[Mapping[str, str]] = {
    "TZ": "UTC",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "TERM": "dumb",
    "SHELL": "/bin/sh",
}
"""Set in every stdio child unless the target's own env (--env) sets the same name.

TERM and SHELL too: a stdio server has no terminal, and servers that report or use
them (server-everything's `get-env` prints both) would otherwise record `zsh` on
one machine and `bash` on the next."""

GENERIC_USERS: Final = frozenset(
    {"root", "user", "admin", "runner", "ubuntu", "node", "app", "nobody", "build", "ci"}
)
"""User names that are also ordinary words: replaced only as environment values."""

# A path starts a word, or follows `file://` (a server names its files by URI:
# server-filesystem's `read_media_file` answers `file:///<root>/README.md`). Never right
# after a placeholder: `[CWD]/root` is the directory `root` of the working directory,
# not a HOME of /root.
_NOT_PATH_BEFORE = r"(?:(?<![\w.~/\]-])|(?<=file://))"
_NOT_PATH_AFTER = r"(?![\w.~-])"
_TRIVIAL_DIRS: Final = frozenset({"/", "/tmp", "/var/tmp", "/usr", "/bin", "/home"})

Rule = tuple[re.Pattern[str], str]


IDENTITY_ENV: Final = ("HOME", "LOGNAME", "PATH", "USER", "TMPDIR")
"""Inherited variables that name the account and machine; always set in the child, in this order."""


def stable_child_env(inherited: Mapping[str, str], given: Mapping[str, str]) -> dict[str, str]:
    """The stdio child's environment: identity variables (completed), STABLE_ENV, then --env.

    Built in a fixed order whatever order or subset the parent had, so a server that
    lists its environment lists the same keys in the same order on every machine.
    """
    defaults = _account_defaults()
    env = {name: inherited.get(name) or defaults[name] for name in IDENTITY_ENV}
    env.update((k, v) for k, v in inherited.items() if k not in env and k not in STABLE_ENV)
    env.update(STABLE_ENV)
    env.update(given)
    return env


def _account_defaults() -> dict[str, str]:
    """What HOME, USER, ... would be for this process's account when the parent lacks them."""
    try:
        import pwd  # POSIX only; stdio targets run on POSIX

        account = pwd.getpwuid(os.getuid())
        user, home = account.pw_name, account.pw_dir
    except (ImportError, KeyError, OSError):  # no passwd entry for this uid (some containers)
        user, home = os.environ.get("USERNAME", "user"), os.path.expanduser("~")
    return {
        "HOME": home,
        "LOGNAME": user,
        "USER": user,
        "PATH": os.defpath,
        "TMPDIR": tempfile.gettempdir(),
    }


def placeholder_rules(env: Mapping[str, str], cwd: str | None) -> list[Rule]:
    """Regex -> placeholder rules for the machine values in `env` and the working dir `cwd`.

    Longest literals first, so the working directory inside HOME becomes `[CWD]`,
    not `[HOME]/project`.
    """
    paths: dict[str, str] = {}
    for value, name in _path_values(env, cwd):
        if value not in _TRIVIAL_DIRS and len(value) > 1 and value not in paths:
            paths[value] = name
    rules: list[Rule] = []
    path_value = env.get("PATH", "")
    if ":" in path_value or len(path_value) > 4:
        rules.append((re.compile(re.escape(path_value) + _NOT_PATH_AFTER), "[PATH]"))
    for value in sorted(paths, key=lambda v: (-len(v), v)):
        pattern = _NOT_PATH_BEFORE + re.escape(value) + _NOT_PATH_AFTER
        rules.append((re.compile(pattern), paths[value]))
    for name in ("HOME", "TMPDIR"):
        value = env.get(name, "")
        if value in _TRIVIAL_DIRS:  # `/tmp`, `/` are no path prefix to replace, still machine state
            assignment = rf"({name}[\"']?\s*[:=]\s*[\"']?)" + re.escape(value)
            rules.append((re.compile(assignment + _NOT_PATH_AFTER), rf"\1[{name}]"))
    host = _host_name()
    if host and len(host) >= 3 and host != "localhost" and host.lower() not in GENERIC_USERS:
        rules.append((re.compile(r"(?<![\w.-])" + re.escape(host) + r"(?![\w-])"), "[HOST]"))
    for name in ("USER", "LOGNAME"):
        user = env.get(name, "")
        if len(user) < 2:
            continue
        if len(user) >= 3 and user.lower() not in GENERIC_USERS:
            rules.append((re.compile(r"(?<![\w.-])" + re.escape(user) + r"(?![\w-])"), "[USER]"))
        else:
            assignment = r"((?:USER|LOGNAME|USERNAME)[\"']?\s*[:=]\s*[\"']?)" + re.escape(user)
            rules.append((re.compile(assignment + r"(?![\w-])"), r"\1[USER]"))
    return rules


def _path_values(env: Mapping[str, str], cwd: str | None) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    named = ((cwd, "[CWD]"), (env.get("HOME"), "[HOME]"), (env.get("TMPDIR"), "[TMPDIR]"))
    for value, name in named:
        if not value or not os.path.isabs(value):
            continue
        for form in (value.rstrip("/") or "/", os.path.realpath(value)):
            found.append((form, name))
    return found


def _host_name() -> str:
    try:
        return socket.gethostname()
    except OSError:
        return ""


def apply_rules(text: str, rules: list[Rule]) -> str:
    """`text` with every rule applied in order."""
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text
