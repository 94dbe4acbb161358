"""The structure of a `re` pattern's text: groups, alternatives, escapes (pure).

What `mcpvcr.linear_translate` needs to rewrite a pattern without parsing it fully:
where its groups open and close, its top-level alternatives, and which characters
are escaped. Classes (`[...]`) and escapes are skipped, so a `(` or `|` inside them is
no structure.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator


def branches(pattern: str) -> list[str]:
    """The top-level alternatives of `pattern`, with whole-branch non-capturing groups
    opened up (as the translation splits them)."""
    out: list[str] = []
    for branch in split_top(pattern):
        inner = whole_group(branch)
        if inner is not None and len(split_top(inner)) > 1:
            out.extend(branches(inner))
        elif inner is not None:
            out.append(inner)
        else:
            out.append(branch)
    return out


def whole_group(branch: str) -> str | None:
    """`X` when `branch` is exactly `(?:X)`."""
    if not branch.startswith("(?:") or not branch.endswith(")"):
        return None
    depth = 0
    for index, char in structure(branch):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return branch[3:-1] if index == len(branch) - 1 else None
    return None


def structure(text: str) -> tuple[tuple[int, str], ...]:
    """The `(`, `)` and `|` of `text` outside escapes and classes, with their offsets."""
    return _structure_of(text)


@functools.lru_cache(maxsize=4096)
def _structure_of(text: str) -> tuple[tuple[int, str], ...]:
    return tuple(_scan_structure(text))


def _scan_structure(text: str) -> Iterator[tuple[int, str]]:
    index = 0
    in_class = False
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            if text.startswith("^", index + 1):
                index += 1
            if text.startswith("]", index + 1):
                index += 1
        elif char in "()|":
            yield index, char
        index += 1


def split_top(pattern: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    last = 0
    for index, char in structure(pattern):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0:
            parts.append(pattern[last:index])
            last = index + 1
    parts.append(pattern[last:])
    return parts


def count_groups(pattern: str) -> int:
    return sum(
        1
        for index, char in structure(pattern)
        if char == "("
        and (not pattern.startswith("(?", index) or pattern.startswith("(?P<", index))
    )


def escaped_at(text: str, index: int) -> bool:
    backslashes = len(text[:index]) - len(text[:index].rstrip("\\"))
    return backslashes % 2 == 1


def whole_group_prefix(body: str) -> str | None:
    """The inside of a non-capturing or capturing group that opens `body`, unquantified."""
    if not body.startswith("("):
        return None
    depth = 0
    for index, char in structure(body):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                after = body[index + 1 : index + 2]
                if after in ("?", "*", "{"):
                    return None
                inner = body[:index]
                if inner.startswith("(?:"):
                    return inner[3:]
                return None if inner.startswith("(?") else inner[1:]
    return None


def open_of_last(body: str) -> int | None:
    """Where the group that closes `body` opens."""
    stack: list[int] = []
    last: int | None = None
    for index, char in structure(body):
        if char == "(":
            stack.append(index)
        elif char == ")" and stack:
            last = stack.pop()
    return last if last is not None and not stack else None


def open_for(pattern: str, close: int) -> int | None:
    """Where the group that closes at `close` opens."""
    stack: list[int] = []
    for index, char in structure(pattern):
        if char == "(":
            stack.append(index)
        elif char == ")" and stack:
            start = stack.pop()
            if index == close:
                return start
    return None
