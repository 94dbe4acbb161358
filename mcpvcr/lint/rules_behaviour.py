"""Behavioural rules: what the recorded answers say about the server.

They read `body.interactions` (filled by a `--fuzz` recording), the list
records' errors and `body.diagnostics`. They are not counted in Schema Quality:
the Error Handling and Liveness dimensions already score the same answers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from mcpvcr.cassette import LIST_KINDS, LIST_METHODS, side_effect_entries
from mcpvcr.fuzz.order import is_read_only
from mcpvcr.jsonrpc import INVALID_PARAMS, METHOD_NOT_FOUND, TARGET_KIND, content_texts
from mcpvcr.lint.context import LintContext
from mcpvcr.lint.registry import Hit, rule


def _where(interaction: dict[str, Any]) -> dict[str, str]:
    key = TARGET_KIND.get(str(interaction.get("method")), "tool")
    return {key: str(interaction.get("target", ""))}


def _flags(interaction: dict[str, Any]) -> list[str]:
    flags = interaction.get("flags")
    return [f for f in flags if isinstance(f, str)] if isinstance(flags, list) else []


def _by_target(ctx: LintContext, method: str, test: Any) -> dict[str, list[str]]:
    """Target -> cases of `method` interactions for which `test(interaction)` holds, in order."""
    found: dict[str, list[str]] = defaultdict(list)
    for item in ctx.cassette.interactions_for(method):
        if test(item):
            found[str(item.get("target", ""))].append(str(item.get("case", "")))
    return found


def _cases(cases: list[str]) -> str:
    shown = ", ".join(cases[:4])
    return shown + (f" +{len(cases) - 4} more" if len(cases) > 4 else "")


@rule(
    "behavior.list_error",
    "error",
    "A list call (tools/resources/templates/prompts) answered with an error.",
    "Make every advertised list method answer; clients list before they call.",
    scope="contract",
    scored=False,
)
def list_error(ctx: LintContext) -> Iterator[Hit]:
    for kind in LIST_KINDS:
        error = ctx.cassette.list_record(kind).get("error")
        if isinstance(error, dict):
            message = (
                f"{LIST_METHODS[kind]} failed with error {error.get('code')}: "
                f"{error.get('message', '')}"
            )
            if _templates_not_served(ctx, kind, error):
                # The SDKs' low-level servers answer -32601 until the author registers
                # a templates handler; clients take it as "no templates" and go on.
                yield Hit(
                    message + " (resources/list answers; say [] for no templates)",
                    {"field": kind},
                    severity="warning",
                )
            else:
                yield Hit(message, {"field": kind})


def _templates_not_served(ctx: LintContext, kind: str, error: dict[str, Any]) -> bool:
    """-32601 to resources/templates/list from a server whose resources/list works."""
    return (
        kind == "resourceTemplates"
        and error.get("code") == METHOD_NOT_FOUND
        and not isinstance(ctx.cassette.list_record("resources").get("error"), dict)
    )


@rule(
    "behavior.stdout_pollution",
    "warning",
    "The stdio server wrote lines that are not JSON-RPC to stdout.",
    "Log to stderr: stdout belongs to the protocol and stray lines break strict clients.",
    scope="contract",
    scored=False,
)
def stdout_pollution(ctx: LintContext) -> Iterator[Hit]:
    diagnostics = ctx.cassette.body.get("diagnostics")
    lines = diagnostics.get("nonJsonStdoutLines") if isinstance(diagnostics, dict) else None
    if isinstance(lines, int) and lines > 0:
        yield Hit(f"The server wrote {lines} non-JSON line(s) to stdout.", {"field": "stdout"})


@rule(
    "behavior.incomplete_recording",
    "warning",
    "The recording was cut short (the server died or timed out).",
    "Fix the crash or time-out, then record again for a complete picture.",
    scope="contract",
    scored=False,
)
def incomplete_recording(ctx: LintContext) -> Iterator[Hit]:
    if not ctx.cassette.complete:
        why = ctx.cassette.header.get("incomplete") or "no reason recorded"
        yield Hit(f"The recording is incomplete: {why}.")


@rule(
    "behavior.wrong_error_code",
    "warning",
    "Invalid arguments were answered with a JSON-RPC error other than -32602.",
    "Answer bad arguments with -32602 Invalid params (or an isError result), "
    "not an internal error.",
    scope="contract",
    scored=False,
)
def wrong_error_code(ctx: LintContext) -> Iterator[Hit]:
    codes: dict[tuple[str, str, Any], list[str]] = defaultdict(list)
    for item in ctx.cassette.interactions:
        response = item.get("response")
        error = response.get("error") if isinstance(response, dict) else None
        if not isinstance(error, dict) or error.get("code") == INVALID_PARAMS:
            continue
        if item.get("outcome") == "inconclusive" and "wrongErrorCode" not in _flags(item):
            continue  # a network failure's -32603 says nothing about the input's validation
        bad_input = item.get("method") == "tools/call" and item.get("case") != "valid"
        if bad_input or "wrongErrorCode" in _flags(item):
            key = (str(item.get("method")), str(item.get("target", "")), error.get("code"))
            codes[key].append(str(item.get("case", "")))
    for (method, target, code), cases in codes.items():
        tool = method == "tools/call"
        kind = "Tool" if tool else TARGET_KIND.get(method, "tool").title()
        what = "malformed input(s)" if tool else "made-up argument(s)"
        yield Hit(
            f"{kind} '{target}' answered {len(cases)} {what} with JSON-RPC error "
            f"{code} instead of -32602 Invalid params ({_cases(cases)}).",
            _where(item_of(method, target)),
        )


def item_of(method: str, target: str) -> dict[str, Any]:
    return {"method": method, "target": target}


@rule(
    "behavior.connection_lost",
    "error",
    "The server closed the connection while answering a call.",
    "Catch exceptions in handlers: one bad call must not take the whole server down.",
    scope="contract",
    scored=False,
)
def connection_lost(ctx: LintContext) -> Iterator[Hit]:
    before: dict[str, Any] | None = None
    for item in ctx.cassette.interactions:
        response = item.get("response")
        if isinstance(response, dict) and "closed" in response:
            if before is not None and before.get("outcome") == "timeout":
                # the call that hung is the likelier cause than the next one sent
                yield Hit(
                    f"The connection died after {before.get('method')} '{before.get('target')}' "
                    f"(case {before.get('case')}) got no answer; the next call, "
                    f"{item.get('method')} '{item.get('target')}' (case {item.get('case')}), "
                    f"found it closed: {response['closed']}",
                    _where(before),
                )
                return
            yield Hit(
                f"The connection died during {item.get('method')} '{item.get('target')}' "
                f"(case {item.get('case')}): {response['closed']}",
                _where(item),
            )
            return  # later calls on a dead connection add nothing
        before = item


@rule(
    "behavior.timeout",
    "warning",
    "A call got no answer within the time-out.",
    "Answer within the time-out, or report progress for long operations.",
    scope="contract",
    scored=False,
)
def timeout(ctx: LintContext) -> Iterator[Hit]:
    for method in TARGET_KIND:
        found = _by_target(ctx, method, lambda i: i.get("outcome") == "timeout")
        for target, cases in found.items():
            yield Hit(
                f"{method} '{target}' timed out on {len(cases)} call(s) ({_cases(cases)}).",
                {TARGET_KIND[method]: target},
            )


@rule(
    "behavior.silent_accept",
    "warning",
    "A tool answered malformed arguments with success.",
    "Validate inputs and reject unknown keys, wrong types and out-of-range values.",
    scope="contract",
    scored=False,
)
def silent_accept(ctx: LintContext) -> Iterator[Hit]:
    found = _by_target(ctx, "tools/call", lambda i: "silentlyAccepted" in _flags(i))
    for tool, cases in found.items():
        yield Hit(
            f"Tool '{tool}' silently accepted {len(cases)} malformed input(s) ({_cases(cases)}).",
            {"tool": tool},
        )


@rule(
    "behavior.empty_success",
    "warning",
    "A valid call succeeded with no content (a possible hallucinated success).",
    "Return a payload that confirms what happened, not an empty success.",
    scope="contract",
    scored=False,
)
def empty_success(ctx: LintContext) -> Iterator[Hit]:
    found = _by_target(ctx, "tools/call", lambda i: "emptySuccess" in _flags(i))
    for tool in found:
        yield Hit(f"Tool '{tool}' returned an empty success on valid input.", {"tool": tool})


@rule(
    "behavior.output_schema_violation",
    "error",
    "A success did not match the tool's declared outputSchema.",
    "Make structuredContent honour the declared outputSchema (or drop the schema).",
    scope="contract",
    scored=False,
)
def output_schema_violation(ctx: LintContext) -> Iterator[Hit]:
    found = _by_target(ctx, "tools/call", lambda i: "outputSchemaViolation" in _flags(i))
    for tool, cases in found.items():
        yield Hit(
            f"Tool '{tool}' answered against its outputSchema ({_cases(cases)}).", {"tool": tool}
        )


@rule(
    "behavior.valid_call_failed",
    "warning",
    "A call with valid arguments (or a read/get) did not succeed.",
    "Make the documented happy path work; check the error the server returned.",
    scope="contract",
    scored=False,
)
def valid_call_failed(ctx: LintContext) -> Iterator[Hit]:
    # Inconclusive calls failed for the environment or our guess: behavior.inconclusive.
    for item in ctx.cassette.interactions:
        if item.get("case") in ("valid", "read", "get") and item.get("outcome") not in (
            "ok",
            "inconclusive",
        ):
            yield Hit(
                f"{item.get('method')} '{item.get('target')}' (case {item.get('case')}) "
                f"ended {item.get('outcome')}.",
                _where(item),
            )


@rule(
    "behavior.garbage_answer",
    "warning",
    "A call succeeded with garbage: NaN, Infinity, null, 'undefined' or an error message.",
    "Report failures with isError (or a JSON-RPC error) and never return NaN or null as a result.",
    scope="contract",
    scored=False,
)
def garbage_answer(ctx: LintContext) -> Iterator[Hit]:
    found = _by_target(ctx, "tools/call", lambda i: "garbageAnswer" in _flags(i))
    for tool, cases in found.items():
        yield Hit(
            f"Tool '{tool}' answered {len(cases)} call(s) with a garbage success "
            f"({_cases(cases)}).",
            {"tool": tool},
        )


@rule(
    "behavior.lenient_input",
    "info",
    "A tool accepted input its schema allows but does not describe (an unknown key on an "
    "open schema, another type for an untyped parameter).",
    "Nothing is wrong: the schema allows it. To make such input an error, set "
    '"additionalProperties": false and give every parameter a type.',
    scope="contract",
    scored=False,
)
def lenient_input(ctx: LintContext) -> Iterator[Hit]:
    found = _by_target(
        ctx,
        "tools/call",
        lambda i: "lenient" in _flags(i) and "silentlyAccepted" not in _flags(i),
    )
    for tool, cases in found.items():
        yield Hit(
            f"Tool '{tool}' accepted {len(cases)} input(s) its open schema allows "
            f"({_cases(cases)}); lenient, not a defect.",
            {"tool": tool},
        )


@rule(
    "behavior.inconclusive",
    "info",
    "A call failed for the environment (no network, a path outside the allowed roots) or "
    "for an argument mcpvcr made up; it costs the server nothing.",
    "Pin a real argument: `--pin TOOL='{\"arg\": ...}'` or `[tool.mcpvcr.fuzz.pin]`, and "
    "record where the server can reach what it needs.",
    scope="contract",
    scored=False,
)
def inconclusive(ctx: LintContext) -> Iterator[Hit]:
    for item in ctx.cassette.interactions:
        if item.get("outcome") != "inconclusive" or item.get("case") not in _HAPPY:
            continue
        target = str(item.get("target", ""))
        why = _answer_text(item.get("response"))
        pin = (
            f" Pin a real argument: --pin {target}='{{...}}' or [tool.mcpvcr.fuzz.pin]."
            if item.get("method") == "tools/call"
            else ""
        )
        yield Hit(
            f"{item.get('method')} '{target}' (case {item.get('case')}) was inconclusive"
            f"{': ' + why if why else ''}.{pin}",
            _where(item),
        )


_HAPPY = ("valid", "read", "get")


def _answer_text(response: Any) -> str:
    """The first line of an error, cut short (for a one-line finding)."""
    if not isinstance(response, dict):
        return ""
    text = ""
    error = response.get("error")
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        text = error["message"]
    texts = content_texts(response.get("result"))
    if not text and texts:
        text = texts[0]
    line = " ".join(text.split()).rstrip(".")
    return line if len(line) <= 120 else line[:119] + "…"


@rule(
    "behavior.readonly_tool_wrote",
    "error",
    "A tool annotated readOnlyHint: true changed files in the jail's copy of its working "
    "directory when it was called.",
    "Make the tool read-only, or drop readOnlyHint: clients call read-only tools without "
    "asking the user.",
    scope="contract",
    scored=False,
)
def readonly_tool_wrote(ctx: LintContext) -> Iterator[Hit]:
    read_only = {
        str(item.get("name"))
        for item in ctx.cassette.tools
        if isinstance(item, dict) and is_read_only(item)
    }
    wrote: dict[str, set[str]] = defaultdict(set)
    for item in ctx.cassette.interactions_for("tools/call"):
        target = str(item.get("target", ""))
        if target in read_only:
            wrote[target] |= {path for _, path, _ in side_effect_entries(item.get("sideEffects"))}
    for target in sorted(wrote):
        paths = sorted(wrote[target])
        if paths:
            yield Hit(
                f"Tool '{target}' is annotated read-only but changed {len(paths)} file(s) in "
                f"its working directory ({_cases(paths)}).",
                {"tool": target},
            )
