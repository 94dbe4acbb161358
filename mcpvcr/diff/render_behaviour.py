"""The PR comment's behaviour table: tool, case, path, old -> new, one row per changed path."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mcpvcr.diff.model import Change
from mcpvcr.diff.render import code, show_value

CELL_CHARS: Final = 60
"""Old and new values are cut to this many characters in a table cell."""
MAX_ROWS: Final = 200


def behaviour_table(changes: Iterable[Change]) -> list[str]:
    """A compact Markdown table; locations are `/behaviour/<target>/<case>/<path...>`."""
    rows = ["| Tool | Case | Path | Old → New |", "|---|---|---|---|"]
    listed = list(changes)
    for change in listed[:MAX_ROWS]:
        target, case, path = split_location(change.location)
        old, new = show_value(change.old, CELL_CHARS), show_value(change.new, CELL_CHARS)
        values = f"{code(old)} → {code(new)}"
        rows.append(f"| {code(target)} | {code(case)} | {code(path or '/')} | {values} |")
    if len(listed) > MAX_ROWS:
        rows.append(f"\n*({len(listed) - MAX_ROWS} more behaviour changes in the JSON output)*")
    return rows


def split_location(location: str) -> tuple[str, str, str]:
    """(target, case, path inside the answer) of a behaviour change's JSON pointer."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in location.split("/")[1:]]
    if len(parts) < 3 or parts[0] != "behaviour":
        return location, "", ""
    return parts[1], parts[2], "/" + "/".join(parts[3:]) if len(parts) > 3 else ""
