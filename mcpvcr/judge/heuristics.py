"""The registry of what may decide a verdict, like the lint rules (pure, no imports).

Every verdict the judge gives names the entry that decided it (`by`; `score
--explain` shows it). Entries come in five kinds, in the order they are
trusted:

- `protocol`: what the wire says (a JSON-RPC error code, `isError`, a time-out);
- `fact`: what the recorder knew (no network, a task the server cannot run);
- `oracle`: a comparison with the server's own answers, which holds in any
  language (control calls, the refusal template, canned answers);
- `shape`: the answer's form (only NaN/null/"undefined");
- `text`: an English pattern, the last resort.

Oracle, shape and text entries can be switched off in `[tool.mcpvcr]`:

    [tool.mcpvcr.heuristics]
    "text.guess" = false

A switched-off entry never decides; the call falls through to what the wire says.
`docs/verdicts.md` lists this registry (tests/judge/test_heuristics.py keeps it in sync).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Heuristic:
    id: str
    why: str
    """One line: what it decides and why that is fair."""
    evidence: str
    """What it reads."""

    @property
    def kind(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def switchable(self) -> bool:
        return self.kind in ("oracle", "shape", "text")


HEURISTICS: Final = {
    h.id: h
    for h in (
        Heuristic(
            "protocol.result",
            "an answer without isError is a success (ok), unless another entry says otherwise",
            "the result object",
        ),
        Heuristic(
            "protocol.is_error",
            "a tools/call result with isError is the tool's failure (toolError)",
            "isError",
        ),
        Heuristic(
            "protocol.invalid_params",
            "JSON-RPC -32602 is the clean refusal the spec allows for bad arguments (rejected)",
            "the error code",
        ),
        Heuristic(
            "protocol.error",
            "any other JSON-RPC error is a failure (toolError; wrongErrorCode on bad input)",
            "the error code",
        ),
        Heuristic("protocol.timeout", "no answer within the time-out", "the clock"),
        Heuristic("protocol.closed", "the connection died during the call", "the transport"),
        Heuristic("protocol.shape", "a result that is not a JSON object", "the result's type"),
        Heuristic(
            "fact.no_network",
            "an open-world tool (openWorldHint, default true) that failed while the recording "
            "had no network is inconclusive: the environment failed, not the server (not a "
            "failure oracle.same_failure shows is the server's, unless the tool declares "
            "openWorldHint true)",
            "the header's environment.network and the tool's annotations",
        ),
        Heuristic(
            "fact.task_unsupported",
            "a task call the server answered 'method not found' cannot be judged",
            "the error code of a call made as a task",
        ),
        Heuristic(
            "oracle.control",
            "a valid call's failure shaped like its control call's (a value that cannot exist) "
            "is 'no such thing' for mcpvcr's guess (inconclusive) when the parameter names a "
            "thing, and so is the same success naming neither; when the parameter cannot name "
            "a thing, or mcpvcr sent a date there (the nonce is none, yet the answer is the "
            "same), a failure is a failure whatever its text says",
            "the two answers with the values each call sent masked; the parameter's schema",
        ),
        Heuristic(
            "oracle.same_failure",
            "the same failure to the valid calls of two or more tools, one of which the guess "
            "cannot explain (nothing guessed, or a date answered like its control's nonce), "
            "is the server's (toolError): neither 'no such thing' nor the default "
            "openWorldHint excuses it",
            "every failed valid call's answer with the values it sent and its tool's name "
            "masked; its control call; the facts guessed and the arguments",
        ),
        Heuristic(
            "oracle.refusal_template",
            "a valid call's success carrying the text the server uses to refuse inputs its own "
            "schema forbids is a refusal dressed as success (garbageAnswer)",
            "the answers to malformed cases, masked",
        ),
        Heuristic(
            "oracle.base_refusal",
            "a malformed case refused with the very answer its tool's valid or control call "
            "failed with is no evidence that bad input is refused (inconclusive, no code flag)",
            "the malformed, the valid and the control answer, each with the values it sent masked",
        ),
        Heuristic(
            "oracle.refusal_shape",
            "malformed cases answered ok whose first line is shared across tools, names the "
            "broken parameter and never leads a valid success are refusals without isError "
            "(garbageAnswer), not silently accepted input",
            "the first line of every answer with values, tool name and numbers masked; the "
            "parameter each case broke",
        ),
        Heuristic(
            "oracle.canned",
            "the same success to the valid calls of most tools (two at least), which did not "
            "change when a control call changed the input, is a canned answer (garbageAnswer)",
            "the answers of every valid and control call, masked, numbers made alike",
        ),
        Heuristic(
            "shape.junk",
            "a success that is only NaN, Infinity, null or 'undefined' is no result",
            "every value of the answer",
        ),
        Heuristic(
            "shape.error_envelope",
            "a success that is a JSON object saying it failed (success or ok false, error true "
            "or a non-empty error) with no result data beside it (only scalars or empty "
            "fields) is a refusal dressed as success (garbageAnswer), in any language",
            "the first text part or structuredContent, parsed as JSON: its fields' values and "
            "kinds, never their words",
        ),
        Heuristic(
            "text.error_answer",
            "a success whose only text reads as an error message (Error: ..., an error "
            "envelope) is a refusal dressed as success (garbageAnswer)",
            "the first text part or structuredContent (English patterns)",
        ),
        Heuristic(
            "text.environment",
            "an error text naming a network, DNS, sandbox-root or rate-limit failure is "
            "inconclusive",
            "the error text (English patterns: ENOTFOUND, connection refused, access denied, "
            "EROFS for a write the jail keeps read-only, ...)",
        ),
        Heuristic(
            "text.guess",
            "an error text saying a made-up argument does not exist ('not found', ENOENT, "
            "'no such ...') is inconclusive, for a guessed valid call only",
            "the error text (English patterns)",
        ),
        Heuristic(
            "text.echoed_refusal",
            "an error that quotes back a value mcpvcr made up and calls it invalid refuses "
            "the guess: inconclusive",
            "the error text and the arguments sent",
        ),
        Heuristic(
            "text.invalid_argument",
            "a prompt refusing a made-up argument as invalid is inconclusive (a prompt "
            "declares no schema)",
            "the error text of prompts/get (English patterns)",
        ),
    )
}
"""Every entry, by id."""


def unknown(ids: set[str] | frozenset[str]) -> list[str]:
    """The ids that name no switchable entry."""
    return sorted(i for i in ids if i not in HEURISTICS or not HEURISTICS[i].switchable)
