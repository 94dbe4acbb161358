"""`[tool.mcpvcr.verify]`: answer paths left out of the behaviour comparison, per tool.

    [tool.mcpvcr.verify]
    fail-on = "breaking,security,behaviour"     # default: breaking,security
    [tool.mcpvcr.verify.ignore-paths]            # tool name (or "*") -> pointer globs
    get-env = ["/content/*/text"]
    "*" = ["/structuredContent/requestId"]

A path is a JSON pointer inside the answer (`result`), with text content that
is JSON followed into (`/content/0/text/count`); `*` matches any run of
characters, and a path also covers everything below it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mcpvcr.config import _read, _tool_table, find_config
from mcpvcr.errors import UsageError


@dataclass(frozen=True, kw_only=True)
class VerifyConfig:
    ignore_paths: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fail_on: str | None = None
    source: str | None = None


def load_verify_config(start: str | os.PathLike[str] | None = None) -> VerifyConfig:
    """The `[tool.mcpvcr.verify]` table that applies to `start` (empty when there is none)."""
    path = find_config(start)
    if path is None:
        return VerifyConfig()
    data = _read(path)
    table = _tool_table(data, path)
    if table is None:
        table = data
    section = table.get("verify", {})
    if not isinstance(section, dict):
        raise UsageError(f"{path}: [verify] must be a table")
    return parse_verify_config(section, str(path))


def parse_verify_config(table: Mapping[str, Any], source: str) -> VerifyConfig:
    """Build a VerifyConfig with one-line errors naming `source`."""
    raw = table.get("ignore-paths", {})
    if not isinstance(raw, dict):
        raise UsageError(f"{source}: [verify] ignore-paths must be a table of tool = [paths]")
    paths: dict[str, tuple[str, ...]] = {}
    for tool, globs in raw.items():
        if not isinstance(globs, list) or not all(
            isinstance(g, str) and g.startswith("/") for g in globs
        ):
            raise UsageError(
                f"{source}: [verify.ignore-paths] '{tool}' must be a list of paths starting with /"
            )
        paths[str(tool)] = tuple(globs)
    fail_on = table.get("fail-on")
    if fail_on is not None and not isinstance(fail_on, str):
        raise UsageError(f"{source}: [verify] fail-on must be a string like 'breaking,security'")
    return VerifyConfig(ignore_paths=paths, fail_on=fail_on, source=source)
