"""Which removed and added tools are one tool renamed.

A rename is still breaking (callers of the old name fail), but reporting it as
one change instead of a removal plus an addition tells the reviewer what
happened. Two signals, each only when the match is unique: the same input and
output schemas, or the same name in another spelling (getTinyImage ->
get-tiny-image) even when the schemas changed too.
"""

from __future__ import annotations

import re
from typing import Any, Final

from mcpvcr.diff.norm import digest

GENERATED_TITLE: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(Arguments|Output)")
"""The root titles FastMCP generates from the function name (`addArguments`, `addOutput`)."""


def schema_key(tool: dict[str, Any]) -> str:
    """What two tools must share to be one tool renamed: their schemas, generated titles aside.

    FastMCP names the root schema after the function (`addArguments` becomes
    `sum_numbersArguments` when the function is renamed), so that title is no evidence.
    """
    return digest([_untitled(tool.get("inputSchema")), _untitled(tool.get("outputSchema"))])


def _untitled(schema: Any) -> Any:
    if not isinstance(schema, dict):
        return schema
    title = schema.get("title")
    if isinstance(title, str) and GENERATED_TITLE.fullmatch(title):
        return {k: v for k, v in schema.items() if k != "title"}
    return schema


def renames(
    old: dict[str, dict[str, Any]],
    new: dict[str, dict[str, Any]],
    removed: list[str],
    added: list[str],
) -> list[tuple[str, str]]:
    """Removed+added pairs with equivalent schemas, matched only when the match is unique."""
    by_key_old: dict[str, list[str]] = {}
    by_key_new: dict[str, list[str]] = {}
    for name in removed:
        by_key_old.setdefault(schema_key(old[name]), []).append(name)
    for name in added:
        by_key_new.setdefault(schema_key(new[name]), []).append(name)
    pairs: list[tuple[str, str]] = []
    for key, olds in sorted(by_key_old.items()):
        news = by_key_new.get(key, [])
        if len(olds) != 1 or len(news) != 1:
            continue
        before, after = olds[0], news[0]
        trivial = not _has_properties(old[before].get("inputSchema"))
        # Argument-less tools all share one schema: demand more evidence than that.
        same_text = old[before].get("description") == new[after].get("description")
        if trivial and not same_text and before.lower() != after.lower():
            continue
        pairs.append((before, after))
    return pairs + _respelled(removed, added, pairs)


def _respelled(
    removed: list[str], added: list[str], paired: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Unique pairs whose names differ only in case and separators (getTinyImage ->
    get-tiny-image): a rename even when the schemas changed too."""
    taken = {name for pair in paired for name in pair}
    by_spelling_old: dict[str, list[str]] = {}
    by_spelling_new: dict[str, list[str]] = {}
    for name in removed:
        if name not in taken:
            by_spelling_old.setdefault(_spelling(name), []).append(name)
    for name in added:
        if name not in taken:
            by_spelling_new.setdefault(_spelling(name), []).append(name)
    return [
        (olds[0], by_spelling_new[key][0])
        for key, olds in sorted(by_spelling_old.items())
        if len(olds) == 1 and len(by_spelling_new.get(key, [])) == 1
    ]


def _spelling(name: str) -> str:
    return "".join(char for char in name.lower() if char.isalnum())


def _has_properties(schema: Any) -> bool:
    return isinstance(schema, dict) and bool(schema.get("properties"))
