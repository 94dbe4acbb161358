"""The calls a `verify` sends: the baseline's recorded calls, in recorded order (pure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.diff.behaviour import is_valid_call
from mcpvcr.diff.norm import canon
from mcpvcr.fuzz.plan import Call, PlanSettings, plan_calls

METHODS = frozenset({"tools/call", "resources/read", "prompts/get"})


def baseline_calls(baseline: Cassette) -> tuple[dict[str, Any], ...]:
    """What to send again: method, target, case and params of every recorded call."""
    calls: list[dict[str, Any]] = []
    for item in baseline.interactions:
        method, params = item.get("method"), item.get("params")
        if method not in METHODS or not isinstance(params, dict):
            continue
        calls.append(
            {
                "method": method,
                "target": str(item.get("target")),
                "case": str(item.get("case")),
                "params": params,
            }
        )
    return tuple(calls)


def replayed_calls(
    live: Cassette,
    recorded: Iterable[Mapping[str, Any]],
    settings: PlanSettings | None = None,
    *,
    first_index: int = 0,
) -> tuple[list[Call], dict[str, Any]]:
    """The live pass's calls; each tool call checked against the live server's outputSchema.

    A cassette stores arguments with sorted keys, but servers echo arguments back in
    the order they arrived (pydantic's `input_value={...}`), so each call is sent with
    the key order the fuzz plan gives the same arguments, when it plans them.
    """
    planned = {
        canon(call.params): call.params for call in plan_calls(live, settings or PlanSettings())[0]
    }
    schemas = {
        tool["name"]: tool.get("outputSchema")
        for tool in live.tools
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
    }
    calls: list[Call] = []
    for item in recorded:
        method = str(item["method"])
        malformed = method == "tools/call" and not is_valid_call(item)
        calls.append(
            Call(
                first_index + len(calls),
                method,
                str(item["target"]),
                str(item["case"]),
                planned.get(canon(item["params"]), dict(item["params"])),
                # A call a real client made through `replay` was meant, as the proxy kept it.
                malformed and item["case"] != "replay",
                schemas.get(str(item["target"])) if method == "tools/call" else None,
            )
        )
    return calls, {"replayed": len(calls)}
