"""The judge: verdicts computed at read time from a cassette's observations (pure).

A cassette records what happened (the request, the raw answer or error, the
transport facts, a timing bucket, the environment) and no verdict. Every
offline reader (`score`, `lint`, `diff`, `gate`, `verify`) asks this module for
the verdicts with `judged(cassette)`: a view of the cassette whose interactions
carry `outcome` and `flags` computed by the current judge, `JUDGE_VERSION`.

So a better judge reaches every old cassette, and two cassettes are always
judged by the same judge before they are compared. A cassette written by
mcpvcr 0.1.x stores `outcome` and `flags`; they are ignored (only the facts
they carried, `task`, `retried` and `truncated`, are kept) and the call is
judged again from its raw answer.

Facts of one interaction (`facts`, a sorted list; what the recorder knew, no
judgement):
- `malformed`: a case built to break the input schema (or a probe of it);
- `allowed`: such a case the input schema nevertheless accepts (a probe);
- `guessed`: the arguments are mcpvcr's own, not the user's pin;
- `fromServer`: some of them were taken from an earlier answer of the server's own
  list/search tools (`mcpvcr.fuzz.harvest`) instead of made up;
- `task`: sent as a task; `retried`: a valid case sent a second time after
  the tools that make state ran; `truncated`: the stored answer was cut.

The interaction's `latencyMs` is an observation too; the judge drops it from
the view of an inconclusive call (its time is the environment's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from mcpvcr._version import JUDGE_NAME, JUDGE_VERSION
from mcpvcr.cassette import Cassette
from mcpvcr.judge.accepts import accepts

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig

FACTS: Final = (
    "allowed",
    "fromServer",
    "guessed",
    "malformed",
    "retried",
    "task",
    "truncated",
)
"""The observation facts an interaction may carry (see the module docstring)."""

_FACT_FLAGS: Final = frozenset({"retried", "task", "truncated"})
"""Facts an 0.1.x cassette stored among its flags."""

VALID_CASES: Final = frozenset({"valid", "read", "get", "replay"})
SCENARIO_PREFIX: Final = "scenario:"
_TASK_UNSUPPORTED: Final = frozenset({-32601, -32600})
_MARK: Final = "_mcpvcr_judge"

__all__ = ["FACTS", "JUDGE_NAME", "JUDGE_VERSION", "facts_of", "judged", "observation", "verdict"]


def judged(cassette: Cassette, disabled: frozenset[str] = frozenset()) -> Cassette:
    """The cassette with every interaction judged by the current judge (idempotent, cheap).

    Returns a new Cassette sharing the header and every section but
    `interactions`; the argument is never changed. `disabled`: heuristic ids
    switched off (`[tool.mcpvcr.heuristics]`, `mcpvcr.judge.heuristics`).
    """
    mark = getattr(cassette, _MARK, None)
    if mark == JUDGE_VERSION or mark == (JUDGE_VERSION, disabled):
        return cassette
    tools = _tools(cassette)
    pinned = _pinned(cassette)
    offline = network(cassette) is False
    raw = cassette.body.get("interactions")
    from mcpvcr.judge.oracles import apply

    items = apply(
        [
            judge_interaction(item, tools, pinned, disabled)
            for item in (raw if isinstance(raw, list) else [])
            if isinstance(item, dict)
        ],
        tools,
        disabled,
    )
    if offline:
        items = [_no_network(item, tools) for item in items]
    body = dict(cassette.body)
    if isinstance(raw, list):
        body["interactions"] = items
    out = Cassette(header=cassette.header, body=body)
    setattr(out, _MARK, (JUDGE_VERSION, disabled))
    return out


def switched_off(config: LintConfig | None) -> frozenset[str]:
    """The heuristics `config` switches off; an id naming no switchable entry is a usage error."""
    if config is None or not config.heuristics_off:
        return frozenset()
    from mcpvcr.errors import UsageError
    from mcpvcr.judge.heuristics import unknown

    wrong = unknown(config.heuristics_off)
    if wrong:
        where = config.source or "[tool.mcpvcr.heuristics]"
        raise UsageError(
            f"{where}: {', '.join(wrong)} is not a heuristic that can be switched off "
            "(see docs/verdicts.md)"
        )
    return config.heuristics_off


def mark_judged(cassette: Cassette) -> Cassette:
    """Declare the verdicts already in `cassette` to be the current judge's (tests, builders)."""
    setattr(cassette, _MARK, JUDGE_VERSION)
    return cassette


def judge_interaction(
    item: Mapping[str, Any],
    tools: Mapping[str, Mapping[str, Any]] | None = None,
    pinned: frozenset[str] = frozenset(),
    disabled: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """One interaction with `outcome` and `flags` from the current judge."""
    tool = (tools or {}).get(str(item.get("target"))) or {}
    facts = facts_of(item, pinned, tool.get("inputSchema"))
    outcome, flags, by = decide(item, facts, tool.get("outputSchema"), disabled)
    out = {key: value for key, value in item.items() if key not in ("outcome", "flags")}
    out["facts"] = sorted(facts)
    out["outcome"] = outcome
    out["flags"] = flags
    out["by"] = by
    if outcome == "inconclusive":
        out["latencyMs"] = None
    return out


def facts_of(
    item: Mapping[str, Any], pinned: frozenset[str] = frozenset(), input_schema: Any = None
) -> frozenset[str]:
    """The recorded facts, or for an 0.1.x interaction the ones it implies.

    An 0.1.x case is `allowed` when it was flagged `lenient` or its arguments
    pass the recorded input schema.
    """
    stored = item.get("facts")
    if isinstance(stored, list):
        return frozenset(f for f in stored if isinstance(f, str))
    facts: set[str] = set()
    flags = item.get("flags")
    old = {f for f in flags if isinstance(f, str)} if isinstance(flags, list) else set()
    facts |= old & _FACT_FLAGS
    method = item.get("method")
    case = str(item.get("case", ""))
    if method == "tools/call" and case not in VALID_CASES and not case.startswith(SCENARIO_PREFIX):
        facts.add("malformed")
        params = item.get("params")
        arguments = params.get("arguments") if isinstance(params, Mapping) else None
        if "lenient" in old or accepts(input_schema, arguments):
            facts.add("allowed")
    if str(item.get("target", "")) not in pinned and case != "replay":
        facts.add("guessed")
    return frozenset(facts)


def verdict(
    item: Mapping[str, Any], facts: frozenset[str], output_schema: Any = None
) -> tuple[str, list[str]]:
    """Outcome and sorted flags of one interaction, from its observation and facts."""
    outcome, flags, _by = decide(item, facts, output_schema)
    return outcome, flags


def decide(
    item: Mapping[str, Any],
    facts: frozenset[str],
    output_schema: Any = None,
    disabled: frozenset[str] = frozenset(),
) -> tuple[str, list[str], str]:
    """Outcome, sorted flags and the id of what decided them (the heuristic registry)."""
    from mcpvcr.fuzz.classify import classify

    response = item.get("response")
    response = response if isinstance(response, Mapping) else {}
    params = item.get("params")
    arguments = params.get("arguments") if isinstance(params, Mapping) else None
    method = str(item.get("method", ""))
    error = response.get("error")
    result = response.get("result")
    verdict_ = classify(
        method=method,
        malformed="malformed" in facts,
        result=result,
        error=error if isinstance(error, Mapping) else None,
        timed_out=bool(response.get("timeout")),
        closed=str(response["closed"]) if "closed" in response else None,
        output_schema=output_schema if method == "tools/call" else None,
        allowed="allowed" in facts,
        # A call without arguments guessed nothing: "not found" there is the tool's own.
        guessed="guessed" in facts and bool(arguments),
        case=str(item.get("case", "")),
        arguments=arguments,
        disabled=disabled,
    )
    outcome, by = verdict_.outcome, verdict_.by
    flags = set(verdict_.flags) | (facts & _FACT_FLAGS)
    if "task" in facts and isinstance(error, Mapping) and error.get("code") in _TASK_UNSUPPORTED:
        outcome, by = "inconclusive", "fact.task_unsupported"  # nothing learnt
    return outcome, sorted(flags), by


def observation(item: Mapping[str, Any]) -> list[Any]:
    """What was observed of one call (compared by `diff`/`verify`); never a verdict."""
    return [item.get("response"), sorted(facts_of(item) & _FACT_FLAGS - {"retried"})]


def network(cassette: Cassette) -> bool | None:
    """Whether the server had network when it was recorded (None: not known)."""
    environment = cassette.header.get("environment")
    value = environment.get("network") if isinstance(environment, Mapping) else None
    return value if isinstance(value, bool) else None


def open_world(tool: Mapping[str, Any]) -> bool:
    """The tool's `openWorldHint`, with the spec's default (true)."""
    annotations = tool.get("annotations")
    hint = annotations.get("openWorldHint") if isinstance(annotations, Mapping) else None
    return hint is not False


def _declared_open_world(tool: Mapping[str, Any]) -> bool:
    annotations = tool.get("annotations")
    return isinstance(annotations, Mapping) and annotations.get("openWorldHint") is True


_WORKING_FLAGS: Final = frozenset({"emptySuccess", "garbageAnswer"})


def _no_network(item: dict[str, Any], tools: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """A valid call of an open-world tool that failed without network: inconclusive by fact."""
    if item.get("method") != "tools/call" or item.get("case") != "valid":
        return item
    tool = tools.get(str(item.get("target")))
    if tool is None or not open_world(tool):
        return item
    if item.get("by") == "oracle.same_failure" and not _declared_open_world(tool):
        # The same failure for inputs the guess cannot explain, in two or more tools: the
        # spec's default hint is no evidence that the network is to blame (a tool that
        # declares openWorldHint: true is still excused).
        return item
    outcome = item.get("outcome")
    flags = item.get("flags") or []
    if outcome == "inconclusive" or str(item.get("by", "")).startswith("oracle.refusal"):
        # already excused for a reason of its own, or refused as the server refuses bad
        # input: the missing network explains neither
        return item
    failed = outcome in ("toolError", "rejected") or (
        outcome == "ok" and any(f in _WORKING_FLAGS for f in flags)
    )
    if not failed:
        return item
    return {**item, "outcome": "inconclusive", "by": "fact.no_network", "latencyMs": None}


def _tools(cassette: Cassette) -> dict[str, Mapping[str, Any]]:
    return {
        str(tool["name"]): tool
        for tool in cassette.tools
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
    }


def _pinned(cassette: Cassette) -> frozenset[str]:
    pins = cassette.options.get("pinnedArguments")
    return frozenset(str(name) for name in pins) if isinstance(pins, Mapping) else frozenset()
