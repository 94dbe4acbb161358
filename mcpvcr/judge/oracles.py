"""Differential oracles: verdicts from comparing answers, which hold in any language (pure).

Run by the judge after each call has its own verdict; each one compares a
call's answer with other answers of the same server, after masking the
values each call sent (a server that echoes "example" and one that echoes
the control's nonce give the same shape):

- `oracle.control`: a valid call and its control call (`mcpvcr.fuzz.control`:
  the same arguments with one replaced by a value that cannot exist). When
  the valid call failed and its answer has the control's shape, the server
  said "no such thing" for the guess: `inconclusive` when the parameter can
  name a thing; when it cannot (a number, free text), a failure is a failure,
  whatever its text says ("not found" included).
- `oracle.refusal_template`: a valid call answered `ok` with the content the
  server gives as its refusal of inputs its own schema forbids (an `isError`
  answer or a JSON-RPC error to a malformed case) is a refusal dressed as
  success: `garbageAnswer`.
- `oracle.base_refusal`: a malformed case refused with the very answer its
  tool's valid call failed with says nothing about bad input: `inconclusive`.
- `oracle.refusal_shape` (mcpvcr.judge.refusal_shape): malformed cases answered
  `ok` whose first line is the server's refusal shape (shared across tools,
  naming the broken parameter, never leading a valid success) are refusals
  without `isError`, not silent acceptance.
- `oracle.canned`: the same `ok` answer to the valid calls of two or more
  tools, that did not change when a control call changed the input, is a
  canned answer, not a result: `garbageAnswer`.

Control calls are evidence for their valid call; the judged view drops them,
unless one hung or broke the connection (a finding of its own: the lint rules
see it, the score's fuzz rows do not).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from mcpvcr.cassette import CONTROL_PREFIX
from mcpvcr.judge import refusal_shape
from mcpvcr.judge.answers import (
    MASK,
    content_shape,
    mask,
    plain_ok,
    raw,
    sent_values,
    shape,
    skeleton,
)

_FAILED: Final = frozenset({"toolError", "rejected", "inconclusive"})
_REFUSED: Final = frozenset({"toolError", "rejected"})
_BROKE: Final = frozenset({"timeout", "protocolCrash"})
_GUESS_BLAMED: Final = frozenset({"text.guess", "text.echoed_refusal"})


def apply(
    items: Sequence[dict[str, Any]],
    tools: Mapping[str, Mapping[str, Any]],
    disabled: frozenset[str] = frozenset(),
) -> list[dict[str, Any]]:
    """The judged items with the oracles' verdicts, control calls left out (but broken ones)."""
    controls: dict[str, dict[str, Any]] = {}
    for item in items:
        case = str(item.get("case", ""))
        if item.get("method") == "tools/call" and case.startswith(CONTROL_PREFIX):
            controls.setdefault(str(item.get("target")), item)
    if "oracle.refusal_shape" not in disabled:
        items = refusal_shape.apply(items, tools)
    templates = set() if "oracle.refusal_template" in disabled else _refusal_templates(items)
    out: list[dict[str, Any]] = []
    for item in items:
        case = str(item.get("case", ""))
        if item.get("method") != "tools/call" or case != "valid":
            control_call = case.startswith(CONTROL_PREFIX) and item.get("method") == "tools/call"
            if not control_call or item.get("outcome") in _BROKE:
                out.append(item)  # a control call that hung or broke the server is a finding
            continue
        target = str(item.get("target"))
        control = controls.get(target)
        if control is not None and "oracle.control" not in disabled:
            item = _with_control(item, control, tools.get(target) or {})
        plain = item.get("outcome") == "ok" and "garbageAnswer" not in item.get("flags", [])
        if plain and content_shape(item) in templates:
            item = _garbage(item, "oracle.refusal_template")
        out.append(item)
    if "oracle.same_failure" not in disabled:
        out = _same_failure(out, controls)
    out = out if "oracle.base_refusal" in disabled else _base_refusals(out, controls)
    out = out if "oracle.canned" in disabled else _canned(out, controls, tools)
    if "oracle.control" in disabled:
        return out
    return [_success_like_control(item, controls, tools) for item in out]


def _base_refusals(
    items: list[dict[str, Any]], controls: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """A malformed case refused with the very answer its tool's valid call got, or its control
    call got ("no such thing" for a value that cannot exist), is no evidence that bad input
    is refused: the base call fails that way anyway ("command is required", for a parameter
    the schema does not require; "spec not found", for a guessed id). Inconclusive, and its
    error code says nothing about how the server refuses bad input."""
    base: dict[str, set[str]] = {}
    for item in [*items, *controls.values()]:
        case = str(item.get("case", ""))
        if (case == "valid" or case.startswith(CONTROL_PREFIX)) and item.get("outcome") in _FAILED:
            text = content_shape(item)
            if text and item.get("method") == "tools/call":
                base.setdefault(str(item.get("target")), set()).add(text)
    if not base:
        return items
    return [
        _not_a_refusal(item)
        if _refused_malformed(item) and content_shape(item) in base.get(str(item.get("target")), ())
        else item
        for item in items
    ]


def _not_a_refusal(item: Mapping[str, Any]) -> dict[str, Any]:
    flags = [f for f in item.get("flags", []) if f != "wrongErrorCode"]
    return {
        **item,
        "outcome": "inconclusive",
        "by": "oracle.base_refusal",
        "latencyMs": None,
        "flags": flags,
    }


def _refused_malformed(item: Mapping[str, Any]) -> bool:
    facts = item.get("facts")
    facts = facts if isinstance(facts, list) else []
    return (
        item.get("method") == "tools/call"
        and item.get("outcome") in _REFUSED
        and "malformed" in facts
        and "allowed" not in facts
    )


def _refusal_templates(items: Sequence[Mapping[str, Any]]) -> set[str]:
    """What the server answers to inputs its own schema forbids, refused (server-wide)."""
    found: set[str] = set()
    for item in items:
        if item.get("method") != "tools/call" or item.get("outcome") not in _REFUSED:
            continue
        facts = item.get("facts")
        facts = facts if isinstance(facts, list) else []
        if "malformed" in facts and "allowed" not in facts:
            text = content_shape(item)
            if text:
                found.add(text)
    return found


def _with_control(
    item: dict[str, Any], control: Mapping[str, Any], tool: Mapping[str, Any]
) -> dict[str, Any]:
    from mcpvcr.fuzz.control import names_a_thing

    param = str(control.get("case", ""))[len(CONTROL_PREFIX) :]
    schema = tool.get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    prop = props.get(param) if isinstance(props, Mapping) else None
    same = shape(item) == shape(control)
    outcome = item.get("outcome")
    if not _failed(item):
        return item
    if names_a_thing(param, prop):
        if same and _typed_guess(item, param) and item.get("by") != "text.environment":
            # mcpvcr sent a well-formed date and the control a nonce that is none, and the
            # server answered both alike: it never read the value, so "no such thing" for
            # the guess explains nothing. A failure is a failure.
            return _failure(item, "oracle.control")
        if same and outcome != "inconclusive":
            return {**item, "outcome": "inconclusive", "by": "oracle.control", "latencyMs": None}
        if same:
            return {**item, "by": "oracle.control"}
        return item
    if outcome == "inconclusive" and item.get("by") in _GUESS_BLAMED:
        # The parameter names no thing: "not found" for it is the tool's failure, whatever it
        # says. An error that blames the environment (a rate limit, no network) stays excused.
        return _failure(item, "oracle.control")
    return item


_DATE: Final = re.compile(
    r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$"
    r"|^\d{2}:\d{2}(?::\d{2})?$"
)
"""A date, a date-time or a time of day as mcpvcr writes one (ISO 8601)."""


def _failed(item: Mapping[str, Any]) -> bool:
    """A failure: refused, failed, excused, or a failure dressed as success."""
    flags = item.get("flags")
    return item.get("outcome") in _FAILED or (
        item.get("outcome") == "ok" and isinstance(flags, list) and "garbageAnswer" in flags
    )


def _failure(item: dict[str, Any], by: str) -> dict[str, Any]:
    """The item as the server's failure: toolError, or an ok that is garbage stays so."""
    flags = item.get("flags")
    garbage = isinstance(flags, list) and "garbageAnswer" in flags
    outcome = item.get("outcome")
    if outcome == "inconclusive":
        outcome = "ok" if garbage else "toolError"
    return {**item, "outcome": outcome, "by": by}


def _arguments(item: Mapping[str, Any]) -> Any:
    params = item.get("params")
    return params.get("arguments") if isinstance(params, Mapping) else None


def _typed_guess(item: Mapping[str, Any], param: str) -> bool:
    """Whether mcpvcr sent a typed literal (a date or a time) for `param`, not a name."""
    arguments = _arguments(item)
    value = arguments.get(param) if isinstance(arguments, Mapping) else None
    return isinstance(value, str) and bool(_DATE.match(value.strip()))


def _same_failure(
    items: list[dict[str, Any]], controls: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """One failure for every input: the same answer (values and tool name masked) to the
    valid calls of two or more tools, one of which the guess cannot explain, is the server's.

    The guess cannot explain a failure when nothing was guessed (no arguments, or arguments
    the user pinned), or when the control call showed the answer does not depend on the
    value (a date and a nonce that is no date, answered alike). Then "no such thing" for
    another tool's guess, or the spec's default openWorldHint, explains none of them: the
    excuse is withdrawn (toolError, or ok with garbageAnswer). An answer a heuristic
    already blamed on the environment keeps its verdict.
    """
    keys: dict[int, str] = {}
    targets: dict[str, set[str]] = {}
    anchored: set[str] = set()
    for item in items:
        if item.get("method") != "tools/call" or item.get("case") != "valid" or not _failed(item):
            continue
        target = str(item.get("target"))
        key = mask(shape(item), [target])
        keys[id(item)] = key
        targets.setdefault(key, set()).add(target)
        if _unexplained(item, controls.get(target)):
            anchored.add(key)
    shared = {key for key in anchored if len(targets[key]) >= 2}
    if not shared:
        return items
    return [
        _failure(item, "oracle.same_failure")
        if keys.get(id(item)) in shared and item.get("by") != "text.environment"
        else item
        for item in items
    ]


def _unexplained(item: Mapping[str, Any], control: Mapping[str, Any] | None) -> bool:
    facts = item.get("facts")
    if not _arguments(item) or (isinstance(facts, list) and "guessed" not in facts):
        return True
    if control is None or shape(item) != shape(control):
        return False
    return _typed_guess(item, str(control.get("case", ""))[len(CONTROL_PREFIX) :])


def _success_like_control(
    item: dict[str, Any],
    controls: Mapping[str, Mapping[str, Any]],
    tools: Mapping[str, Mapping[str, Any]],
) -> dict[str, Any]:
    """The same success for mcpvcr's guess and for a thing that cannot exist, naming neither.

    It says nothing about the tool working (a refusal in success's clothes, or an
    answer that ignores its input): inconclusive, for a parameter that names a thing.
    """
    if not plain_ok(item):
        return item
    control = controls.get(str(item.get("target")))
    if control is None or shape(item) != shape(control) or raw(item) != shape(item):
        return item
    from mcpvcr.fuzz.control import names_a_thing

    param = str(control.get("case", ""))[len(CONTROL_PREFIX) :]
    schema = (tools.get(str(item.get("target"))) or {}).get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if not names_a_thing(param, props.get(param) if isinstance(props, Mapping) else None):
        return item
    return {**item, "outcome": "inconclusive", "by": "oracle.control", "latencyMs": None}


def _garbage(item: dict[str, Any], by: str) -> dict[str, Any]:
    flags = sorted({*item.get("flags", []), "garbageAnswer"})
    return {**item, "flags": flags, "by": by}


def _canned(
    items: list[dict[str, Any]],
    controls: Mapping[str, Mapping[str, Any]],
    tools: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """Mark an ok answer given alike by the valid calls of most tools (two at least).

    Alike: the same skeleton (`_keys`). At least one of those tools must have
    answered its control call the same way (the answer did not depend on the
    input), so two tools that merely compute the same kind of result are not
    called canned. An answer whose `structuredContent` keeps the tool's declared
    `outputSchema` is a typed result, never canned: the reads of an empty store
    all answer the same empty collection, and that is the store's true state.
    """
    by_key: dict[str, set[str]] = {}
    keys = {
        id(item): _keys(item, controls.get(str(item.get("target"))))
        for item in items
        if plain_ok(item) and not _typed_result(item, tools.get(str(item.get("target"))))
    }
    for item in items:
        for key in keys.get(id(item), ()):
            by_key.setdefault(key, set()).add(str(item.get("target")))
    steady = {
        str(item.get("target"))
        for item in items
        if id(item) in keys and _steady(item, controls.get(str(item.get("target"))))
    }
    # Shared by most tools, not a few: three tools of a hundred may well all answer "0".
    answered = {str(item.get("target")) for item in items if id(item) in keys}
    least = max(2, (len(answered) + 1) // 2)
    canned = {key for key, targets in by_key.items() if len(targets) >= least and targets & steady}
    if not canned:
        return items
    return [
        _garbage(item, "oracle.canned") if keys.get(id(item), set()) & canned else item
        for item in items
    ]


def _typed_result(item: Mapping[str, Any], tool: Mapping[str, Any] | None) -> bool:
    """Whether the answer carries structured content for a tool that declares an outputSchema.

    `_plain_ok` already excluded answers flagged `outputSchemaViolation`, so such
    content kept the server's own declared contract.
    """
    response = item.get("response")
    result = response.get("result") if isinstance(response, Mapping) else None
    declared = isinstance(tool, Mapping) and isinstance(tool.get("outputSchema"), Mapping)
    return declared and isinstance(result, Mapping) and "structuredContent" in result


def _steady(item: Mapping[str, Any], control: Mapping[str, Any] | None) -> bool:
    """Whether the control call, with another input, got the same answer."""
    if control is None:
        return False
    return shape(item) == shape(control) or raw(item) == raw(control)


def _keys(item: Mapping[str, Any], control: Mapping[str, Any] | None) -> set[str]:
    """Skeletons of an answer, with the values it echoes (and its tool's name) masked.

    Numbers and empty quoted values are made alike. An answer that is nothing but
    what the call sent is an echo, a result: no key, unless its control call got
    the very same text (then it only looked like an echo: a canned text that
    happens to equal mcpvcr's guess).
    """
    masked = shape(item)
    leaves: list[str] = []
    _leaves(item.get("response"), leaves, 0)
    values = sent_values(item)
    residue = "".join(mask(leaf, values).replace(MASK, "") for leaf in leaves)
    if re.search(r"[^\W_]", residue):
        return {
            "masked:" + skeleton(masked),
            "masked:" + skeleton(mask(masked, [str(item.get("target", ""))])),
        }
    if control is not None and raw(item) == raw(control):
        return {"masked:" + skeleton(raw(item))}
    return set()


def _leaves(value: Any, out: list[str], depth: int) -> None:
    """The answer's string values (no keys; "type" tags and `_meta` left out)."""
    if depth > 8 or len(out) > 200:
        return
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            if key not in ("_meta", "type", "mimeType"):
                _leaves(inner, out, depth + 1)
    elif isinstance(value, list):
        for inner in value[:50]:
            _leaves(inner, out, depth + 1)
