"""Server-level changes: identity, version, protocol, capabilities and instructions."""

from __future__ import annotations

import re
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon
from mcpvcr.diff.text import text_change

_SEMVER = re.compile(r"^v?(\d+)\.(\d+)(?:\.(\d+))?")


def compare_server(old: Cassette, new: Cassette) -> list[Change]:
    """Changes of the handshake result and of the protocol the recording negotiated."""
    out: list[Change] = []
    old_info, new_info = old.server_info, new.server_info
    for key, rule, detail in (
        ("name", "server.name.changed", "server name changed"),
        ("version", "server.version.changed", "server version changed"),
    ):
        before, after = old_info.get(key, ABSENT), new_info.get(key, ABSENT)
        if canon(before) != canon(after):
            out.append(make(rule, pointer("server", "serverInfo", key), detail, before, after))
    for key in ("title", "description", "websiteUrl", "icons"):
        before, after = old_info.get(key, ABSENT), new_info.get(key, ABSENT)
        if canon(before) != canon(after):
            out.append(
                make(
                    "server.metadata.changed",
                    pointer("server", "serverInfo", key),
                    f"server {key} changed",
                    before,
                    after,
                )
            )
    out.extend(_protocol(old, new))
    out.extend(_capabilities(old.capabilities or {}, new.capabilities or {}))
    before_text, after_text = (
        old.server.get("instructions", ABSENT),
        new.server.get("instructions", ABSENT),
    )
    if canon(before_text) != canon(after_text):
        out.extend(
            text_change(
                "server.instructions.changed",
                pointer("server", "instructions"),
                "server instructions",
                before_text,
                after_text,
                [t.get("name", "") for t in new.tools if isinstance(t, dict)],
            )
        )
    return out


def _protocol(old: Cassette, new: Cassette) -> list[Change]:
    before = (old.protocol_version, old.handshake)
    after = (new.protocol_version, new.handshake)
    if before == after:
        return []
    downgrade = bool(after[0] and before[0] and after[0] < before[0])
    detail = (
        "protocol version went DOWN; features of the newer revision (titles, outputSchema,"
        " annotations) may be gone"
        if downgrade
        else "negotiated protocol version or handshake changed; clients on the old revision"
        " should be re-tested"
    )
    return [
        make(
            "server.protocol_version.changed",
            pointer("server", "protocolVersion"),
            detail,
            {"protocolVersion": before[0], "handshake": before[1]},
            {"protocolVersion": after[0], "handshake": after[1]},
        )
    ]


def _capabilities(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    out: list[Change] = []
    for key in sorted(set(old) | set(new)):
        loc = pointer("server", "capabilities", key)
        if key not in new:
            # `experimental: {}` offers nothing, so dropping it takes nothing away.
            empty = key == "experimental" and old[key] == {}
            out.append(
                make(
                    "server.capability.removed",
                    loc,
                    f"capability '{key}' is no longer advertised; "
                    + ("it was empty, so nothing is lost" if empty else "clients using it lose it"),
                    old[key],
                    cls="info" if empty else None,
                )
            )
            continue
        if key not in old:
            out.append(
                make(
                    "server.capability.added",
                    loc,
                    f"capability '{key}' is now advertised",
                    new=new[key],
                )
            )
            continue
        before = old[key] if isinstance(old[key], dict) else {}
        after = new[key] if isinstance(new[key], dict) else {}
        if (
            key == "resources"
            and before.get("subscribe") is True
            and after.get("subscribe") is not True
        ):
            out.append(
                make(
                    "server.capability.resources_subscribe.removed",
                    pointer("server", "capabilities", key, "subscribe"),
                    "resource subscriptions are no longer supported; subscribed clients stop"
                    " getting updates",
                    True,
                    after.get("subscribe", ABSENT),
                )
            )
        if (before.get("listChanged") is True) != (after.get("listChanged") is True):
            on = after.get("listChanged") is True
            out.append(
                make(
                    "server.capability.list_changed.toggled",
                    pointer("server", "capabilities", key, "listChanged"),
                    f"{key} listChanged turned {'on' if on else 'off'}"
                    + ("; the list may now change after approval (rug-pull window)" if on else ""),
                    before.get("listChanged", ABSENT),
                    after.get("listChanged", ABSENT),
                )
            )
    return out


def version_not_bumped(old: Cassette, new: Cassette, breaking: int) -> list[Change]:
    """Breaking changes released under a new version without a major bump (minor under 1.0.0)."""
    before = _semver(old.server_info.get("version"))
    after = _semver(new.server_info.get("version"))
    if not breaking or before is None or after is None or before == after:
        return []  # an unchanged version is an unreleased tree (the usual PR), not a release
    bumped = after[0] > before[0] if before[0] > 0 else (after[0] > 0 or after[1] > before[1])
    if bumped:
        return []
    return [
        make(
            "server.version.not_bumped_on_breaking",
            pointer("server", "serverInfo", "version"),
            f"{breaking} breaking change(s) but the version went from"
            f" {old.server_info.get('version')} to {new.server_info.get('version')} without a"
            " major bump; semver users will upgrade into the break",
            old.server_info.get("version"),
            new.server_info.get("version"),
        )
    ]


def _semver(value: Any) -> tuple[int, int, int] | None:
    match = _SEMVER.match(value) if isinstance(value, str) else None
    if not match:
        return None
    return (int(match.group(1)), int(match.group(2)), int(match.group(3) or 0))
