"""One server of a fleet: how to launch it, and the identity that decides resume and shards.

A `ServerSpec` is either launchable (stdio argv or URL) or skipped with a
reason and the names of the inputs it lacks. Its identity is (name, version,
launch-spec hash); the hash covers everything that changes what gets recorded
(argv, cwd, env and header NAMES, URL, sandbox, record options) but never a
secret value, so an index file can be shared.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Transport = Literal["stdio", "http", "sse"]
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, kw_only=True)
class ServerSpec:
    """A server to record (or to report as skipped)."""

    name: str
    version: str = ""
    transport: Transport = "stdio"
    argv: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    source: str = "config"
    """Where it came from: "config" or "registry"."""
    skip: str | None = None
    """Why it cannot be launched (None: launchable)."""
    missing: tuple[str, ...] = ()
    """Names of required inputs without a value (env vars, arguments, headers)."""
    prepare: tuple[tuple[str, ...], ...] = ()
    """Commands to run once before launching, with network and without sandbox
    (installing a pinned package); the launch then needs no network."""
    notes: tuple[str, ...] = ()
    wrap: bool = True
    """Whether --sandbox wraps the argv (docker isolates itself: --network none)."""
    secrets: frozenset[str] = frozenset()
    """Values that must never be written (config expansions, user inputs, env and header
    values): handed to the worker so its redaction knows them; never in the index."""

    @property
    def key(self) -> str:
        """The fleet key: the server's name (stable across versions, so shards stay put)."""
        return self.name

    def stem(self) -> str:
        """A file stem safe on every filesystem: readable name plus a short hash of the exact
        name, so names differing only by case or by unsafe characters never collide."""
        readable = _UNSAFE.sub("_", self.name.replace("/", "__")).strip("._")[:80] or "server"
        return f"{readable}-{hashlib.sha256(self.name.encode()).hexdigest()[:8]}"

    def launch_spec(self, sandbox: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """What the launch-spec hash covers (names, never secret values)."""
        return {
            "transport": self.transport,
            "argv": [self._masked(part) for part in self.argv],
            "cwd": self.cwd,
            "env": sorted(self.env),
            "url": self._masked(self.url) if self.url else self.url,
            "headers": sorted(self.headers),
            "sandbox": sandbox if self.transport == "stdio" and self.wrap else "none",
            "options": dict(sorted(options.items())),
        }

    def _masked(self, text: str) -> str:
        """`text` with every secret value replaced: the hash must not depend on a token."""
        for secret in sorted(self.secrets, key=len, reverse=True):
            if len(secret) >= 4:
                text = text.replace(secret, "***")
        return text

    def spec_hash(self, sandbox: str, options: Mapping[str, Any]) -> str:
        text = json.dumps(self.launch_spec(sandbox, options), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def skipped(
    name: str,
    reason: str,
    *,
    version: str = "",
    source: str = "config",
    missing: tuple[str, ...] = (),
) -> ServerSpec:
    """A spec that will be reported, not launched."""
    return ServerSpec(name=name, version=version, source=source, skip=reason, missing=missing)
