"""What an answer says, with what the call sent masked: the shapes the oracles compare (pure).

A server that echoes "example" and one that echoes the control's nonce give the
same shape; the oracles (mcpvcr.judge.oracles, mcpvcr.judge.refusal_shape)
compare these shapes, never the words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

MASK: Final = "\u00abarg\u00bb"
"""What stands in for a value the call sent."""
BAD_OK: Final = frozenset({"emptySuccess", "garbageAnswer", "outputSchemaViolation"})
"""Flags that say an `ok` answer is no result."""


def shape(item: Mapping[str, Any]) -> str:
    """The answer's canonical text with the values the call sent masked."""
    return _masked_text(item, sent_values(item))


def _masked_text(item: Mapping[str, Any], values: Sequence[str]) -> str:
    response = item.get("response")
    answer: Any = response
    if isinstance(response, Mapping):
        if "result" in response and isinstance(response["result"], Mapping):
            answer = {k: v for k, v in response["result"].items() if k != "_meta"}
        elif "error" in response:
            answer = {"error": response["error"]}
    text = json.dumps(answer, sort_keys=True, ensure_ascii=False)
    return mask(text, values)


def content_shape(item: Mapping[str, Any]) -> str | None:
    """The text an answer carries (content text, or an error's message), masked."""
    response = item.get("response")
    if not isinstance(response, Mapping):
        return None
    texts: list[str] = []
    error = response.get("error")
    if isinstance(error, Mapping) and isinstance(error.get("message"), str):
        texts.append(error["message"])
    result = response.get("result")
    content = result.get("content") if isinstance(result, Mapping) else None
    for part in content if isinstance(content, list) else []:
        if isinstance(part, Mapping) and isinstance(part.get("text"), str):
            texts.append(part["text"])
    joined = "\n".join(t.strip() for t in texts if t.strip())
    return mask(joined, sent_values(item)) if joined else None


def skeleton(text: str) -> str:
    text = re.sub(r"\d+", "#", text.replace(MASK, "#"))
    text = re.sub(r"(['\"])\1", r"\1#\1", text)  # an empty value quoted: ''
    return text.replace('\\"\\"', '\\"#\\"')


def raw(item: Mapping[str, Any]) -> str:
    """The answer's canonical text, nothing masked."""
    return _masked_text(item, ())


def sent_values(item: Mapping[str, Any]) -> list[str]:
    params = item.get("params")
    arguments = params.get("arguments") if isinstance(params, Mapping) else None
    values: list[str] = []
    _collect(arguments, values, 0)
    return values


def _collect(value: Any, out: list[str], depth: int) -> None:
    if depth > 4:
        return
    if isinstance(value, str):
        if len(value) >= 3:
            out.append(value)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        text = str(value)
        if len(text) >= 3:
            out.append(text)
    elif isinstance(value, Mapping):
        for inner in value.values():
            _collect(inner, out, depth + 1)
    elif isinstance(value, list):
        for inner in value[:20]:
            _collect(inner, out, depth + 1)


def mask(text: str, values: Sequence[str]) -> str:
    for value in sorted(set(values), key=len, reverse=True):
        for form in {value, json.dumps(value, ensure_ascii=False)[1:-1]}:
            if form:
                text = _replace_folded(text, form)
    return text


def _replace_folded(text: str, needle: str) -> str:
    """Every occurrence of `needle`, in any letter case, replaced by the mask (no regex)."""
    low, target = text.lower(), needle.lower()
    if target not in low or len(low) != len(text):
        return text.replace(needle, MASK)  # lower() changed the length: exact case only
    out: list[str] = []
    start = 0
    while (found := low.find(target, start)) >= 0:
        out.append(text[start:found])
        out.append(MASK)
        start = found + len(target)
    out.append(text[start:])
    return "".join(out)


def plain_ok(item: Mapping[str, Any]) -> bool:
    """A valid tools/call answered ok with no flag that already says it is no result."""
    flags = item.get("flags")
    return (
        item.get("method") == "tools/call"
        and item.get("case") == "valid"
        and item.get("outcome") == "ok"
        and not (set(flags) & BAD_OK if isinstance(flags, list) else False)
    )
