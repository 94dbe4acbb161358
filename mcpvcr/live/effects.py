"""What each tool call changed in the jail's working-directory copy (observations).

With a jail that holds a copy of the working directory (mcpvcr.live.sandbox),
the fuzz pass snapshots the copy before and after every call it sends alone
(valid cases and every case of a tool that may change state: they never
overlap another call, so a change is theirs) and records the difference in
the interaction as `sideEffects`: {"created" | "modified" | "deleted":
[{"path": relative path, "size": bytes}]}; paths and sizes, never contents.
A call without changes records nothing. Judged offline: `behavior.readonly_tool_wrote`.
"""

from __future__ import annotations

from typing import Any

from mcpvcr.cassette import side_effect_entries
from mcpvcr.live.sandbox import Jail, Snapshot, changes


class SideEffects:
    """Snapshots around calls; a no-op without a jail or a copy."""

    def __init__(self, connection: Any) -> None:
        jail = self.jail_of(connection)
        self.jail: Jail | None = jail if jail is not None and jail.copied else None

    @staticmethod
    def jail_of(connection: Any) -> Jail | None:
        """The jail the connection's server runs in (a stdio channel's), or None."""
        jail = getattr(getattr(connection, "channel", None), "jail", None)
        return jail if isinstance(jail, Jail) else None

    def before(self, method: str, alone: bool) -> Snapshot | None:
        if self.jail is None or method != "tools/call" or not alone:
            return None
        return self.jail.snapshot()

    def after(self, before: Snapshot | None) -> dict[str, Any]:
        if self.jail is None or before is None:
            return {}
        return changes(before, self.jail.snapshot())


def files_written(interactions: list[dict[str, Any]]) -> dict[str, int]:
    """Tool -> how many distinct files its calls created, modified or deleted (coverage)."""
    paths: dict[str, set[str]] = {}
    for item in interactions:
        changed = [path for _, path, _ in side_effect_entries(item.get("sideEffects"))]
        if changed:
            paths.setdefault(str(item.get("target")), set()).update(changed)
    return {tool: len(found) for tool, found in sorted(paths.items())}
