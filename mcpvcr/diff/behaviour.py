"""Behaviour changes: the same recorded call answered differently by the new server.

Interactions of two fuzzed cassettes (or a baseline and its `verify` replay) are
paired by method, target, case and canonical arguments. Both sides are judged by
the current judge (`mcpvcr.judge`), and only observations are compared: a pair
whose answers (and transport facts) are byte-identical is unchanged, whatever
verdicts either cassette stored, so an mcpvcr upgrade never reads as a change of
the server. For the others (an outcome change is reported alone; the answer
checks add up):

- a valid call (valid case, read, get, scenario) was `ok` and now fails:
  `behaviour.valid_call.now_fails` (breaking); the reverse `...now_succeeds` (additive);
- a malformed case was rejected and is now answered `ok`:
  `behaviour.malformed.now_accepted` (security, validation lost); the reverse
  `...now_rejected` (additive);
- any other outcome change: `behaviour.outcome.changed` (behaviour);
- an `ok` answer now fails the tool's outputSchema:
  `behaviour.output_schema.now_violated` (breaking);
- the kinds of content changed (text -> image): `behaviour.content_type.changed` (breaking);
- new answer text the security scanners flag: `behaviour.answer.flagged_text` (security);
- any other difference in the answer, one per path: `behaviour.answer.changed` (behaviour);
  not for a call refused on both sides, which is judged by its refusal instead:
  another JSON-RPC error code `behaviour.error.code_changed` (behaviour, shown
  `-32602 -> -32603`), a JSON-RPC error become an `isError` result or back
  `behaviour.refusal.form_changed` (behaviour), and a reworded refusal of a malformed
  call `behaviour.error.message_changed` (info: the wording of a validation error is
  not behaviour a client depends on; new flagged text in it still is a finding).

An outcome change shows both refusals (`-32602 -> isError`); a call to a tool the new
server no longer lists is never credited as additive (the removal is the change).

Outcome strings are handled generically: only `ok` counts as success and
`rejected`/`toolError` as a rejection; an outcome this module does not know
(a newer fuzzer's) only ever yields `behaviour.outcome.changed`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgpack

from mcpvcr.cassette import Cassette
from mcpvcr.diff import behaviour_answers as answers
from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon, same

FAILED: Final = frozenset({"toolError", "rejected", "protocolCrash", "timeout"})
REJECTED: Final = frozenset({"toolError", "rejected"})
VALID_CASES: Final = frozenset({"valid", "read", "get"})
SCENARIO_PREFIX: Final = "scenario:"

Key = tuple[str, str, str, str]


def is_valid_call(interaction: Mapping[str, Any]) -> bool:
    """A call the server is expected to answer: the valid case, a read, a get or a scenario."""
    case = str(interaction.get("case", ""))
    return case in VALID_CASES or case.startswith(SCENARIO_PREFIX)


def pair(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]
) -> tuple[list[tuple[Mapping[str, Any], Mapping[str, Any]]], int]:
    """Interactions paired by (method, target, case, arguments), and how many found no partner.

    Keys are msgpack bytes first (C speed; a cassette read from a file has sorted keys
    on both sides); only calls left without a partner pay for canonical JSON, which
    pairs arguments that differ only in key order.
    """
    by_bytes: dict[bytes, list[Mapping[str, Any]]] = {}
    for item in new:
        by_bytes.setdefault(_packed_key(item), []).append(item)
    pairs: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = []
    left: list[Mapping[str, Any]] = []
    for item in old:
        partners = by_bytes.get(_packed_key(item))
        if partners:
            pairs.append((item, partners.pop(0)))
        else:
            left.append(item)
    if not left:
        return pairs, 0
    by_canon: dict[Key, list[Mapping[str, Any]]] = {}
    for items in by_bytes.values():
        for item in items:
            by_canon.setdefault(_key(item), []).append(item)
    unpaired = 0
    for item in left:
        partners = by_canon.get(_key(item))
        if partners:
            pairs.append((item, partners.pop(0)))
        else:
            unpaired += 1
    return pairs, unpaired


def _key(item: Mapping[str, Any]) -> Key:
    return (
        str(item.get("method")),
        str(item.get("target")),
        str(item.get("case")),
        canon(item.get("params")),
    )


_PACKER: Final = msgpack.Packer()
"""One packer for every key: building a Packer per call cost more than the packing."""


def _packed_key(item: Mapping[str, Any]) -> bytes:
    try:
        return bytes(
            _PACKER.pack(
                [item.get("method"), item.get("target"), item.get("case"), item.get("params")]
            )
        )
    except (TypeError, ValueError, OverflowError):
        return canon(_key(item)).encode()


def compare_behaviour(
    old: Cassette,
    new: Cassette,
    ignore_paths: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[Change], list[str]]:
    """Every behaviour change between the paired interactions, and notes on what was not paired."""
    from mcpvcr.judge import judged

    pairs, unpaired = pair(judged(old).interactions, judged(new).interactions)
    changes: list[Change] = []
    removed = _tool_names(old) - _tool_names(new)
    for before, after in pairs:
        if _packed(_observed(before)) == _packed(_observed(after)) or same(
            _observed(before), _observed(after)
        ):
            continue
        ignore = list((ignore_paths or {}).get(str(after.get("target")), ()))
        ignore += list((ignore_paths or {}).get("*", ()))
        gone = before.get("method") == "tools/call" and before.get("target") in removed
        changes.extend(compare_pair(before, after, ignore, removed=gone))
    notes = []
    if unpaired:
        notes.append(
            f"{unpaired} recorded call(s) of the old cassette have no call with the same"
            " tool, case and arguments in the new one; their answers were not compared"
        )
    return changes, notes


def _tool_names(cassette: Cassette) -> set[str]:
    return {str(t.get("name")) for t in cassette.tools if isinstance(t, dict)}


def _packed(value: Any) -> bytes | None:
    try:
        return bytes(_PACKER.pack(value))
    except (TypeError, ValueError, OverflowError):
        return None


def _observed(item: Mapping[str, Any]) -> list[Any]:
    from mcpvcr.judge import observation

    return observation(item)


def compare_pair(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    ignore: Sequence[str] = (),
    *,
    removed: bool = False,
) -> list[Change]:
    """The changes between two answers to one call (`removed`: its tool is gone)."""
    where = _Where(after)
    old_out, new_out = str(before.get("outcome")), str(after.get("outcome"))
    if old_out != new_out:
        return [_outcome_change(where, before, after, old_out, new_out, removed)]
    found: list[Change] = []
    if "outputSchemaViolation" in _flags(after) and "outputSchemaViolation" not in _flags(before):
        found.append(
            where.make(
                "behaviour.output_schema.now_violated",
                "the answer no longer validates against the tool's outputSchema; clients that"
                " validate structured results reject it",
            )
        )
    old_answer, new_answer = _answer(before), _answer(after)
    old_kinds, new_kinds = answers.content_types(old_answer), answers.content_types(new_answer)
    refused = _refusal(before) is not None and _refusal(after) is not None
    if old_kinds != new_kinds and not refused:
        found.append(
            where.make(
                "behaviour.content_type.changed",
                f"content kinds changed from {old_kinds} to {new_kinds}; clients that read"
                " one kind get another",
                old_kinds,
                new_kinds,
            )
        )
    flagged = answers.flagged_text(old_answer, new_answer)
    if flagged:
        found.append(
            where.make(
                "behaviour.answer.flagged_text",
                "the answer now carries text the security scanners flag"
                f" ({'; '.join(flagged[:3])}); the model reads answers as instructions too",
                ABSENT,
                flagged,
            )
        )
    # How a malformed call is refused is not what a client depends on (the wording of
    # a validation error changes with every schema library upgrade); that it is refused is.
    if refused and canon(old_answer) != canon(new_answer):
        refusal = _refusal_change(where, before, after)
        if refusal is not None:
            return [*found, refusal]
    reworded_refusal = not is_valid_call(after) and new_out in REJECTED
    if canon(old_answer) != canon(new_answer) and not reworded_refusal:
        found.extend(_path_changes(where, old_answer, new_answer, ignore))
    return found


def _refusal_change(
    where: _Where, before: Mapping[str, Any], after: Mapping[str, Any]
) -> Change | None:
    """How a call refused on both sides is refused now (None: judge its answer by paths)."""
    old, new = _refusal(before), _refusal(after)
    assert old is not None and new is not None
    shown = f"{old[0]} -> {new[0]}"
    if (old[0] == "isError") != (new[0] == "isError"):
        return where.make(
            "behaviour.refusal.form_changed",
            f"refused another way: {shown} ({old[1]!r} -> {new[1]!r}); clients that tell"
            " protocol errors from tool errors see another kind",
            old[0],
            new[0],
        )
    if old[0] != new[0]:
        return where.make(
            "behaviour.error.code_changed",
            f"error code changed: {shown} ({old[1]!r} -> {new[1]!r})",
            old[0],
            new[0],
        )
    if not is_valid_call(after) and old[1] != new[1]:
        return where.make(
            "behaviour.error.message_changed",
            f"the refusal was reworded ({old[0]}): {old[1]!r} -> {new[1]!r}",
            old[1],
            new[1],
        )
    return None


def _refusal(item: Mapping[str, Any]) -> tuple[str, str] | None:
    """(code, message) of a refused call: a JSON-RPC error's code, or "isError" and the
    text of an isError result; None for an answer that is no refusal."""
    response = item.get("response")
    if not isinstance(response, dict):
        return None
    error = response.get("error")
    if isinstance(error, dict):
        return str(error.get("code")), str(error.get("message", ""))[:200]
    result = response.get("result")
    if isinstance(result, dict) and result.get("isError") is True:
        content = result.get("content")
        parts = content if isinstance(content, list) else []
        text = " ".join(str(p.get("text")) for p in parts if isinstance(p, dict) and "text" in p)
        return "isError", text[:200]
    return None


def _outcome_change(
    where: _Where,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    old: str,
    new: str,
    removed: bool = False,
) -> Change:
    valid = is_valid_call(after)
    if removed:
        rule, why = "behaviour.outcome.changed", "the tool is gone, so the call ends another way"
    elif valid and old == "ok" and new in FAILED:
        rule, why = "behaviour.valid_call.now_fails", "a call that used to work now fails"
    elif valid and old in FAILED and new == "ok":
        rule, why = "behaviour.valid_call.now_succeeds", "a call that used to fail now works"
    elif not valid and old in REJECTED and new == "ok":
        rule, why = (
            "behaviour.malformed.now_accepted",
            "malformed arguments the server used to reject are now accepted (validation lost)",
        )
    elif not valid and old == "ok" and new in REJECTED:
        rule, why = "behaviour.malformed.now_rejected", "malformed arguments are now rejected"
    else:
        rule, why = "behaviour.outcome.changed", "the call ends another way"
    codes = [refusal[0] if refusal else "answer" for refusal in (_refusal(before), _refusal(after))]
    shown = (
        f"{old} -> {new}"
        if codes == ["answer", "answer"]
        else f"{old} -> {new}: {' -> '.join(codes)}"
    )
    return where.make(rule, f"{why} ({shown})", old, new, said=_error_text(after))


def _path_changes(where: _Where, old: Any, new: Any, ignore: Sequence[str]) -> list[Change]:
    paths, total = answers.changed_paths(old, new, ignore)
    changes = [
        where.make(
            "behaviour.answer.changed",
            f"answer changed at {_show_path(path.parts)}",
            path.old,
            path.new,
            path=path.parts,
        )
        for path in paths
    ]
    if total > len(paths):
        changes.append(
            where.make(
                "behaviour.answer.changed",
                f"{total - len(paths)} more changed path(s) in this answer not listed",
            )
        )
    return changes


def _show_path(parts: tuple[str, ...]) -> str:
    return "/" + "/".join(p for p in parts if p != "(json)")


def _flags(item: Mapping[str, Any]) -> list[Any]:
    flags = item.get("flags")
    return flags if isinstance(flags, list) else []


def _answer(item: Mapping[str, Any]) -> Any:
    response = item.get("response")
    if not isinstance(response, dict):
        return response
    return response.get("result", response.get("error", response))


def _error_text(item: Mapping[str, Any]) -> str:
    response = item.get("response")
    if isinstance(response, dict) and isinstance(response.get("error"), dict):
        return str(response["error"].get("message", ""))[:200]
    return ""


class _Where:
    """Location and wording shared by every change of one interaction."""

    def __init__(self, item: Mapping[str, Any]) -> None:
        self.target = str(item.get("target"))
        self.case = str(item.get("case"))
        self.method = str(item.get("method"))

    def make(
        self,
        rule: str,
        detail: str,
        old: Any = ABSENT,
        new: Any = ABSENT,
        *,
        path: tuple[str, ...] = (),
        said: str = "",
    ) -> Change:
        parts = [p for p in path if p != "(json)"]
        location = pointer("behaviour", self.target, self.case, *parts)
        message = f"{self.method} {self.target} ({self.case}): {detail}"
        if said:
            message += f"; the server said: {said}"
        return make(rule, location, message, old, new)
