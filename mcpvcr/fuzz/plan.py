"""Which calls the behavioural pass makes, in recorded order, and the coverage note (pure).

Order (the order of `body["interactions"]`, whatever order answers arrive in):
1. `tools/call`: tools in exercise order (order.py: producers before the
   tools that read, update or delete what they make; `order` from
   `[tool.mcpvcr.fuzz]` first); per tool its cases in emission order
   (cases.py). Tools annotated `destructiveHint: true` (strictly the boolean)
   are skipped unless `fuzz_destructive`; with `fuzz_readonly` every tool not
   annotated `readOnlyHint: true` is skipped too; then the first `max_tools` by name
   are fuzzed and the rest skipped over the cap.
2. `resources/read` (case `read`): listed resources sorted by uri, the first
   `max_resources`. Templates are not expanded.
3. `prompts/get` (case `get`): prompts sorted by name, the required arguments
   filled (hints.prompt_argument).

Coverage: `{"tools": all tools, "fuzzed": tools called, "skippedDestructive":
[names], "skippedNotReadonly": [names] (only with fuzz_readonly), "skippedOverCap":
[names], "noValidCase": {tool: reason}, "cases": tools/call cases planned,
"resources": reads planned, "skippedResourcesOverCap": n, "prompts": gets planned}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.fuzz.cases import plan_tool
from mcpvcr.fuzz.control import control_case
from mcpvcr.fuzz.hints import prompt_argument
from mcpvcr.fuzz.order import PRODUCER, is_read_only, order_tools, tool_rank


@dataclass(frozen=True)
class Call:
    """One request of the behavioural pass."""

    index: int
    method: str
    target: str
    case: str
    params: dict[str, Any]
    malformed: bool = False
    output_schema: Any = None
    allowed: bool = False
    """A malformed probe the input schema accepts (classify: `lenient`, not a silent accept)."""
    guessed: bool = True
    """The arguments are mcpvcr's guess, not the user's pin."""
    read_only: bool = True
    """May run alongside other calls: reads, and tools annotated `readOnlyHint: true`."""
    task: bool = False
    """Sent as a task (the tool's `execution.taskSupport` is "required")."""
    producer: bool = False
    """The tool makes state others may need (order.py), so its success allows a retry."""


@dataclass(frozen=True, kw_only=True)
class PlanSettings:
    """The recording options the plan depends on (a subset of RecordOptions)."""

    seed: int = 0
    max_tools: int | None = None
    fuzz_destructive: bool = False
    fuzz_readonly: bool = False
    max_resources: int = 50
    pinned_arguments: Mapping[str, Mapping[str, Any]] | None = None
    order: tuple[str, ...] = ()
    """Tools to exercise first, in this order (`[tool.mcpvcr.fuzz] order`)."""


def plan_calls(cassette: Cassette, settings: PlanSettings) -> tuple[list[Call], dict[str, Any]]:
    """Every call to make, in recorded order, and the coverage note."""
    calls: list[Call] = []
    tools = _named(cassette.tools, "name")
    destructive = [name for name, tool in tools if _is_destructive(tool)]
    not_readonly = [name for name, tool in tools if not is_read_only(tool)]
    eligible = [
        (name, tool)
        for name, tool in tools
        if (settings.fuzz_destructive or not _is_destructive(tool))
        and (not settings.fuzz_readonly or is_read_only(tool))
    ]
    cap = len(eligible) if settings.max_tools is None else max(0, settings.max_tools)
    fuzzed, over_cap = eligible[:cap], eligible[cap:]
    no_valid: dict[str, str] = {}
    pinned = settings.pinned_arguments or {}
    for name, tool in order_tools(fuzzed, settings.order):
        plan = plan_tool(tool, seed=settings.seed, pinned=pinned.get(name))
        if plan.no_valid_case:
            no_valid[name] = plan.no_valid_case
        for case in plan.cases:
            params = {"name": name, "arguments": case.arguments}
            calls.append(
                Call(
                    len(calls),
                    "tools/call",
                    name,
                    case.name,
                    params,
                    case.malformed,
                    tool.get("outputSchema"),
                    allowed=case.allowed,
                    guessed=name not in pinned,
                    read_only=is_read_only(tool),
                    task=task_support(tool) == "required",
                    producer=tool_rank(tool) == PRODUCER,
                )
            )
            if case.name == "valid" and name not in pinned:
                _add_control(calls, tool, case.arguments, settings.seed)
    tool_calls = len(calls)
    resources = _named(cassette.resources, "uri")
    read = resources[: max(0, settings.max_resources)]
    for uri, _resource in read:
        # The uri is the server's own (listed), so a failure is never our guess.
        calls.append(Call(len(calls), "resources/read", uri, "read", {"uri": uri}, guessed=False))
    prompts = _named(cassette.prompts, "name")
    for name, prompt in prompts:
        calls.append(Call(len(calls), "prompts/get", name, "get", _prompt_params(name, prompt)))
    coverage: dict[str, Any] = {
        "tools": len(tools),
        "fuzzed": len(fuzzed),
        "skippedDestructive": [] if settings.fuzz_destructive else destructive,
        **({"skippedNotReadonly": not_readonly} if settings.fuzz_readonly else {}),
        "skippedOverCap": [name for name, _tool in over_cap],
        "noValidCase": no_valid,
        "cases": tool_calls,
        "resources": len(read),
        "skippedResourcesOverCap": len(resources) - len(read),
        "prompts": len(prompts),
    }
    return calls, coverage


def _add_control(calls: list[Call], tool: Mapping[str, Any], arguments: Any, seed: int) -> None:
    """The control call beside a guessed valid case (mcpvcr.fuzz.control), when there is one."""
    control = control_case(tool, arguments, seed=seed)
    if control is None:
        return
    valid = calls[-1]
    case, changed = control
    calls.append(
        Call(
            len(calls),
            "tools/call",
            valid.target,
            case,
            {"name": valid.target, "arguments": changed},
            output_schema=valid.output_schema,
            read_only=valid.read_only,
            task=valid.task,
        )
    )


def _named(items: list[Any], key: str) -> list[tuple[str, dict[str, Any]]]:
    """Items with a string identity, sorted by it, first of each duplicate kept."""
    seen: dict[str, dict[str, Any]] = {}
    for item in items:
        if isinstance(item, dict) and isinstance(item.get(key), str) and item[key] not in seen:
            seen[item[key]] = item
    return sorted(seen.items())


def split_calls(calls: list[Call]) -> tuple[list[Call], list[Call]]:
    """(solo, shared): which calls run one at a time, in plan order, and which may overlap.

    Solo: every valid case (its latency enters the score, so it must be
    measured alone) and every case of a tool not annotated `readOnlyHint`
    (it may change state, so it never overlaps another such call). Shared:
    the malformed cases of read-only tools, resource reads and prompt gets,
    sent after the solo calls, when the state no longer changes.
    """
    solo = [c for c in calls if c.method == "tools/call" and (c.case == "valid" or not c.read_only)]
    chosen = {c.index for c in solo}
    return solo, [c for c in calls if c.index not in chosen]


def task_support(tool: Mapping[str, Any]) -> str:
    """The tool's `execution.taskSupport` ("forbidden" when absent, per the spec)."""
    execution = tool.get("execution")
    support = execution.get("taskSupport") if isinstance(execution, Mapping) else None
    return support if isinstance(support, str) else "forbidden"


def _is_destructive(tool: Mapping[str, Any]) -> bool:
    annotations = tool.get("annotations")
    return isinstance(annotations, Mapping) and annotations.get("destructiveHint") is True


def _prompt_params(name: str, prompt: Mapping[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name}
    arguments = prompt.get("arguments")
    if not isinstance(arguments, list):
        return params
    values: dict[str, str] = {}
    for argument in arguments:
        if not isinstance(argument, Mapping) or not isinstance(argument.get("name"), str):
            continue
        if argument.get("required") is True:
            description = argument.get("description")
            values[argument["name"]] = prompt_argument(
                argument["name"], description if isinstance(description, str) else None
            )
    params["arguments"] = values
    return params
