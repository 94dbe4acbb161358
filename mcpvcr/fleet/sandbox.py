"""Wrap a stdio server's argv in a sandbox: none, netns (unshare) or bwrap (bubblewrap).

netns: `unshare -rn --pid --fork --kill-child --mount-proc`: a user + network
namespace with no usable interface (loopback down), and a PID namespace whose
init is the server, so every process the server starts, even one that left
its session, dies with it. Files and environment stay shared.

bwrap: the same namespaces (`--unshare-all`) plus a read-only view of `/`,
fresh `/tmp`, `/run` (no host sockets) and an empty scratch home.

Neither limits CPU or memory; the fleet's per-server time-out bounds time.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping, Sequence
from functools import cache

from mcpvcr.errors import UsageError

MODES = ("none", "netns", "bwrap")
NETNS_PREFIX = ("unshare", "-rn", "--pid", "--fork", "--kill-child", "--mount-proc")
SCRATCH_HOME = "/tmp/mcpvcr-home"


INSTALL_ENV = frozenset(
    {"PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "TERM"}
    | {"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"}
    | {"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE"}
    | {"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL"}
    | {"UV_CACHE_DIR", "npm_config_registry", "NPM_CONFIG_REGISTRY", "npm_config_cache"}
    | {"XDG_CACHE_HOME", "SYSTEMROOT"}
)
"""What a package install step may see of mcpvcr's environment: locations, locale,
proxies and index addresses; never a credential (AWS_*, GITHUB_TOKEN, MCPVCR_SECRET__*)."""
INSTALL_SAFETY = {
    "npm_config_ignore_scripts": "true",
    "npm_config_audit": "false",
    "npm_config_fund": "false",
    "npm_config_update_notifier": "false",
    "PIP_ONLY_BINARY": ":all:",
    "PIP_NO_INPUT": "1",
    "UV_NO_BUILD": "1",
}
"""Forced on for every install step: no lifecycle script, no build backend."""
INSTALL_NOTE = "outside the sandbox: network on, install scripts and builds off, scrubbed env"


def install_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment of a package install step (see INSTALL_ENV and INSTALL_SAFETY)."""
    kept = {key: value for key, value in environ.items() if key in INSTALL_ENV}
    return {**kept, **INSTALL_SAFETY}


def applied(mode: str, *, transport: str, wrap: bool, argv: Sequence[str]) -> str:
    """The sandbox that really applies to one server, for the index (never a claim that
    is not true): the fleet mode for a wrapped stdio server, docker's own for an image."""
    if transport != "stdio":
        return "none (remote service, reached over the network)"
    if wrap:
        return mode
    if "docker" in argv[:1]:
        if "--network" in argv and argv[list(argv).index("--network") + 1] == "none":
            return "docker --network none"
        return "docker (network on)"
    return "none"


@cache
def available(mode: str) -> bool:
    """Whether `mode` works here (probed once: user namespaces may be forbidden)."""
    if mode == "none":
        return True
    probe = (
        [*NETNS_PREFIX, "true"]
        if mode == "netns"
        else ["bwrap", "--unshare-all", "--ro-bind", "/", "/", "--dev", "/dev", "true"]
    )
    if shutil.which(probe[0]) is None:
        return False
    try:
        done = subprocess.run(probe, capture_output=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def choose(requested: str | None, *, registry: bool) -> tuple[str, str | None]:
    """(mode, a note for stderr or None). Registry runs default to netns where it works."""
    if requested is not None:
        if requested not in MODES:
            raise UsageError(f"--sandbox {requested!r}: choose none, netns or bwrap")
        if not available(requested):
            raise UsageError(f"--sandbox {requested}: not available on this machine")
        return requested, None
    if registry and available("netns"):
        return (
            "netns",
            "registry stdio servers run with no network (--sandbox netns; --sandbox none to "
            "allow it); remotes are reached over the network, contract only",
        )
    if registry:
        return "none", "unshare -rn is not available here: registry servers run WITHOUT a sandbox"
    return "none", None


def wrap(argv: Sequence[str], mode: str) -> tuple[str, ...]:
    """The argv that runs `argv` inside the sandbox `mode`."""
    if mode == "none":
        return tuple(argv)
    if mode == "netns":
        return (*NETNS_PREFIX, *argv)
    if mode == "bwrap":
        return (
            "bwrap",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--tmpfs",
            "/tmp",
            "--tmpfs",
            "/run",
            "--dir",
            SCRATCH_HOME,
            "--setenv",
            "HOME",
            SCRATCH_HOME,
            "--unshare-all",
            "--die-with-parent",
            "--new-session",
            "--",
            *argv,
        )
    raise UsageError(f"--sandbox {mode!r}: choose none, netns or bwrap")
