"""The calls a `verify` sends: the baseline's recorded calls, in recorded order (pure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.diff.behaviour import is_valid_call
from mcpvcr.diff.norm import canon
from mcpvcr.fuzz.plan import Call, PlanSettings, call_policy, plan_calls
from mcpvcr.fuzz.policy import skip_reason

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
    tools = {
        tool["name"]: tool
        for tool in live.tools
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
    }
    policy = call_policy(settings) if settings is not None else None
    calls: list[Call] = []
    skipped: list[dict[str, Any]] = []
    for position, item in enumerate(recorded):
        method = str(item["method"])
        if policy is not None and method == "tools/call":
            # The LIVE server's annotations decide (a baseline may hold any call at all).
            reason = skip_reason(tools.get(str(item["target"]), {}), policy)
            if reason is not None:
                skipped.append({"position": position, "target": str(item["target"]), "why": reason})
                continue
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
    coverage: dict[str, Any] = {"replayed": len(calls)}
    if skipped:
        coverage["skippedCalls"] = skipped
    return calls, coverage


def without_positions(baseline: Cassette, positions: Iterable[int]) -> Cassette:
    """The baseline without the calls at `positions` of `baseline_calls` (skipped by policy)."""
    drop = set(positions)
    kept: list[Any] = []
    position = 0
    for item in baseline.interactions:
        replayed = item.get("method") in METHODS and isinstance(item.get("params"), dict)
        if not (replayed and position in drop):
            kept.append(item)
        position += 1 if replayed else 0
    return Cassette(header=baseline.header, body={**baseline.body, "interactions": kept})
