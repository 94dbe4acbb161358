"""Classify one answer into an outcome and flags (pure; MCProbe's classes, refined).

Outcome, first rule that applies:

| answer                                                   | outcome         |
|----------------------------------------------------------|-----------------|
| no answer within the time-out                            | `timeout`       |
| the connection died                                      | `protocolCrash` |
| a result that is not an object                           | `protocolCrash` |
| an error whose text blames the environment or our guess  | `inconclusive`  |
| JSON-RPC error -32602 (invalid params)                   | `rejected`      |
| any other JSON-RPC error                                 | `toolError`     |
| tools/call result with a truthy `isError`                | `toolError`     |
| anything else                                            | `ok`            |

MCProbe scores every JSON-RPC error like a dead transport. Here a crash is a
dead server or a broken transport only: -32602 is the clean rejection the MCP
spec allows for bad arguments, and another code (-32603 for invalid params)
is a `toolError` with the `wrongErrorCode` flag on a malformed case, a
finding of its own (the server stayed up and refused).

`inconclusive` (costs the server nothing; see inconclusive.py) is a failure
that says more about where mcpvcr ran or what it guessed than about the
server: no network, DNS, a path outside the server's allowed roots, a file
that does not exist, or "not found" for a name mcpvcr made up.

Flags (a sorted list):
- `silentlyAccepted`: a malformed case the schema forbids answered `ok`,
  unless the answer is an error message dressed as a success (a refusal
  without `isError`: `garbageAnswer` only);
- `lenient`: a probe the schema allows (an unknown key on an open schema, a
  wrong type for an untyped parameter) answered `ok`: an info note, no cost;
  when a wrong-type probe's answer is garbage it is `silentlyAccepted` too;
- `emptySuccess`: a valid case answered `ok` with nothing in it: no
  `structuredContent` with content, and `content` missing, empty or only
  blank text (any image/audio/resource part counts as content); for
  resources/read an empty `contents`, for prompts/get empty `messages`;
- `garbageAnswer`: an `ok` tools/call answer that is only NaN, Infinity,
  null, "undefined", or an error message dressed as a success (garbage.py);
  such an error message that blames the environment (or, for a valid case,
  mcpvcr's guess) makes the call `inconclusive`, the flag kept;
- `outputSchemaViolation`: a valid tools/call answered `ok` whose
  `structuredContent` is missing or fails the tool's `outputSchema`
  (jsonschema, the schema's own dialect); also a `toolError` on a valid case
  whose text says output schema / structured content / output validation (servers built on the
  SDKs validate their own output and report the failure that way). An
  outputSchema that is not itself a valid schema is never held against the
  answer;
- `wrongErrorCode`: a malformed case (or a made-up prompt argument)
  answered with a JSON-RPC error other than -32602;
- `task`: the call was made as a task (tools with `execution.taskSupport`);
- `retried`: a valid case that failed for missing state, sent again after
  the tools that make that state ran (the stored answer is the second);
- `truncated`: set later by the scrubber when the stored answer was cut.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from mcpvcr.fuzz.garbage import error_answer, failure_envelope, junk_answer
from mcpvcr.fuzz.inconclusive import blame
from mcpvcr.jsonrpc import INVALID_PARAMS, content_texts

Outcome = Literal["ok", "toolError", "rejected", "protocolCrash", "timeout", "inconclusive"]
_OUTPUT_SCHEMA_TEXT: Final = re.compile(
    r"output ?schema|structured ?content|output validation", re.IGNORECASE
)


@dataclass(frozen=True)
class Classification:
    outcome: Outcome
    flags: tuple[str, ...] = ()
    by: str = "protocol.result"
    """The id of what decided the outcome (`mcpvcr.judge.heuristics.HEURISTICS`)."""


def classify(
    *,
    method: str,
    malformed: bool,
    result: Any = None,
    error: Mapping[str, Any] | None = None,
    timed_out: bool = False,
    closed: str | None = None,
    output_schema: Any = None,
    allowed: bool = False,
    guessed: bool = True,
    case: str = "",
    arguments: Any = None,
    disabled: frozenset[str] = frozenset(),
) -> Classification:
    """Outcome and flags for one answer; the fields mirror `mcpvcr.live.wire.Reply`.

    `allowed`: a malformed case the input schema accepts (a probe). `guessed`:
    the arguments are mcpvcr's own (not pinned by the user), so "not found"
    may be our fault. `disabled`: heuristic ids switched off (mcpvcr.judge.heuristics).
    """
    if timed_out:
        return Classification("timeout", by="protocol.timeout")
    if closed is not None:
        return Classification("protocolCrash", by="protocol.closed")
    if error is not None:
        if method == "prompts/get" and guessed:
            return _guessed_prompt_error(error, disabled)
        return _error_outcome(
            error,
            malformed=malformed,
            allowed=allowed,
            guessed=guessed,
            arguments=arguments,
            disabled=disabled,
        )
    if not isinstance(result, Mapping):
        return Classification("protocolCrash", by="protocol.shape")
    flags: set[str] = set()
    guess = guessed and (not malformed or allowed)
    if method == "tools/call" and result.get("isError"):
        blamed = blame(content_texts(result), guess=guess, arguments=arguments, disabled=disabled)
        if blamed:
            return Classification("inconclusive", by=blamed)
        if not malformed and output_schema is not None and _mentions_output_schema(result):
            flags.add("outputSchemaViolation")
        return Classification("toolError", tuple(sorted(flags)), by="protocol.is_error")
    refusal = (
        error_answer(result, asked=arguments)
        if method == "tools/call" and "text.error_answer" not in disabled
        else None
    )
    envelope = False
    if refusal is None and method == "tools/call" and "shape.error_envelope" not in disabled:
        refusal = failure_envelope(result, asked=arguments)
        envelope = refusal is not None
    blamed = (
        blame([refusal], guess=guess, arguments=arguments, disabled=disabled)
        if refusal is not None
        else None
    )
    if blamed:
        # The environment's failure, dressed as a success: it says nothing about the
        # input, but the missing isError is still the server's own (the flag stays).
        return Classification("inconclusive", ("garbageAnswer",), by=blamed)
    junk = method == "tools/call" and "shape.junk" not in disabled and junk_answer(result)
    if junk or refusal is not None:
        flags.add("garbageAnswer")
    if malformed:
        if allowed:
            flags.add("lenient")
            if junk and case.startswith("wrong_type:"):
                # The server computed nonsense from a value of the wrong type (an
                # unknown key changes nothing, so garbage there is the valid case's).
                flags.add("silentlyAccepted")
        elif refusal is None:
            # An error text is a refusal that forgot isError (garbageAnswer says so),
            # not bad input let through.
            flags.add("silentlyAccepted")
    else:
        if is_empty(method, result):
            flags.add("emptySuccess")
        if method == "tools/call" and violates_output_schema(output_schema, result):
            flags.add("outputSchemaViolation")
    if envelope:
        by = "shape.error_envelope"
    elif refusal is not None:
        by = "text.error_answer"
    elif junk:
        by = "shape.junk"
    else:
        by = "protocol.result"
    return Classification("ok", tuple(sorted(flags)), by=by)


def _error_outcome(
    error: Mapping[str, Any],
    *,
    malformed: bool,
    allowed: bool,
    guessed: bool,
    arguments: Any,
    disabled: frozenset[str] = frozenset(),
) -> Classification:
    code = error.get("code") if isinstance(error, Mapping) else None
    message = error.get("message") if isinstance(error, Mapping) else None
    texts = [message] if isinstance(message, str) else []
    blamed = blame(
        texts, guess=guessed and (not malformed or allowed), arguments=arguments, disabled=disabled
    )
    if blamed:
        return Classification("inconclusive", by=blamed)
    if isinstance(code, int) and not isinstance(code, bool) and code == INVALID_PARAMS:
        return Classification("rejected", by="protocol.invalid_params")
    return Classification(
        "toolError", ("wrongErrorCode",) if malformed else (), by="protocol.error"
    )


_INVALID_TEXT: Final = re.compile(
    r"invalid|must be|expected|not (?:a )?valid|unknown|not supported", re.IGNORECASE
)


def _guessed_prompt_error(
    error: Mapping[str, Any], disabled: frozenset[str] = frozenset()
) -> Classification:
    """A prompt's arguments are free strings mcpvcr made up: refusing them is fair.

    -32602, or any error whose text says the argument is invalid, is
    `inconclusive` (a prompt declares no schema, so nothing told mcpvcr what
    would be valid); a code other than -32602 for it is still `wrongErrorCode`.
    """
    code = error.get("code")
    message = error.get("message")
    text = message if isinstance(message, str) else ""
    if code == INVALID_PARAMS:
        return Classification("inconclusive", by="protocol.invalid_params")
    if "text.invalid_argument" not in disabled and _INVALID_TEXT.search(text[:2000]):
        return Classification("inconclusive", ("wrongErrorCode",), by="text.invalid_argument")
    blamed = blame([text], guess=True, disabled=disabled)
    if blamed == "text.environment":
        # a rate limit or a dead backend refused the call, not the argument: no code to judge
        return Classification("inconclusive", by=blamed)
    if blamed:
        return Classification("inconclusive", ("wrongErrorCode",), by=blamed)
    return Classification("toolError", by="protocol.error")


def is_empty(method: str, result: Mapping[str, Any]) -> bool:
    """Whether a successful answer carries nothing (MCProbe's isEmptyResult for tools)."""
    if method == "resources/read":
        contents = result.get("contents")
        return not isinstance(contents, list) or not contents
    if method == "prompts/get":
        messages = result.get("messages")
        return not isinstance(messages, list) or not messages
    structured = result.get("structuredContent")
    if isinstance(structured, dict | list) and structured:
        return False
    content = result.get("content")
    if not isinstance(content, list) or not content:
        return True
    for part in content:
        if not isinstance(part, Mapping):
            continue
        if part.get("type") != "text":
            return False
        text = part.get("text")
        if isinstance(text, str) and text.strip():
            return False
    return True


def violates_output_schema(output_schema: Any, result: Mapping[str, Any]) -> bool:
    """True when the tool declares a usable outputSchema the answer does not honour."""
    if output_schema is None:
        return False
    # Imported here: scoring a cassette judges every call, and jsonschema is only
    # needed for a tool that declares an outputSchema.
    from mcpvcr.fuzz.schemas import SchemaProblem, build_validator, is_valid

    try:
        validator = build_validator(output_schema, formats=False)
    except SchemaProblem:
        return False  # never fabricate a violation from a schema we cannot use
    structured = result.get("structuredContent")
    if structured is None:
        return True
    return not is_valid(validator, structured)


def _mentions_output_schema(result: Mapping[str, Any]) -> bool:
    content = result.get("content")
    if not isinstance(content, list):
        return False
    for part in content:
        if isinstance(part, Mapping) and part.get("type") == "text":
            text = part.get("text")
            return isinstance(text, str) and bool(_OUTPUT_SCHEMA_TEXT.search(text))
    return False
