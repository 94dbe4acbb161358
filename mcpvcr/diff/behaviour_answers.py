"""How two recorded answers to the same call differ: paths, content types, new flagged text.

Answers are compared structurally with deepdiff, and only when their bytes
differ (the caller checks that first): deepdiff is imported on the first real
difference, so commands that never compare answers (score, lint) never load it.

- Volatile values are already placeholders (`<timestamp>`, `<uuid>`, ...) on
  both sides, because both answers went through the recording's scrubber; a
  placeholder on one side still matches any text in its place on the other.
- Text content that is itself JSON (most servers answer that way) is parsed and
  compared as data, so a reordered object is no change and a changed field is
  reported by its path inside the text.
- Lists of distinct scalars (names, tags, ids) are sets: their order is ignored.
- `ignore` holds JSON-pointer globs (`/content/*/text`) left out per tool.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mcpvcr.scan import Context, scan_text

MAX_PATHS: Final = 20
"""Changed paths reported per answer; the rest are counted."""

_PLACEHOLDER: Final = re.compile(
    r"<timestamp>|<time>|<uuid>|<tmp>|<duration>|\[SCRUBBED\]|\[REDACTED\]"
)


@dataclass(frozen=True)
class PathChange:
    """One difference: where (pointer parts inside the answer), before and after."""

    parts: tuple[str, ...]
    old: Any
    new: Any


def changed_paths(old: Any, new: Any, ignore: Sequence[str] = ()) -> tuple[list[PathChange], int]:
    """The differing paths (at most MAX_PATHS, ignored ones left out) and how many in all."""
    from deepdiff import DeepDiff  # the first real difference pays for the import

    found = DeepDiff(
        _decoded(old),
        _decoded(new),
        view="tree",
        ignore_order_func=_set_like,
        verbose_level=2,
        cache_size=0,
    )
    changes: list[PathChange] = []
    for _kind, levels in sorted(found.items()):
        for level in levels:
            parts = tuple(str(p) for p in level.path(output_format="list"))
            before, after = _present(level.t1), _present(level.t2)
            if _volatile_match(before, after) or _ignored(parts, ignore):
                continue
            changes.append(PathChange(parts, before, after))
    changes.sort(key=lambda change: change.parts)
    return changes[:MAX_PATHS], len(changes)


def _decoded(value: Any) -> Any:
    """The answer with JSON-looking text content parsed (so it compares as data)."""
    if isinstance(value, dict):
        return {key: _decoded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_decoded(item) for item in value]
    if isinstance(value, str) and value[:1] in ("{", "[") and len(value) < 1_000_000:
        try:
            return {"(json)": json.loads(value)}
        except ValueError:
            return value
    return value


def _set_like(level: Any) -> bool:
    """Ignore the order of a list of distinct scalars on both sides (a set in JSON clothing)."""
    return _distinct_scalars(level.t1) and _distinct_scalars(level.t2)


def _distinct_scalars(value: Any) -> bool:
    if not isinstance(value, list) or not value:
        return False
    if not all(
        isinstance(item, str | int | float) and not isinstance(item, bool) for item in value
    ):
        return False
    return len({json.dumps(item) for item in value}) == len(value)


def _present(value: Any) -> Any:
    from mcpvcr.diff.model import ABSENT

    return ABSENT if type(value).__name__ == "NotPresent" else value


def _volatile_match(old: Any, new: Any) -> bool:
    """Text equal once each scrubber placeholder on one side stands for any text on the other."""
    if not (isinstance(old, str) and isinstance(new, str)):
        return False
    for template, text in ((old, new), (new, old)):
        if _PLACEHOLDER.search(template):
            pieces = _PLACEHOLDER.split(template)
            pattern = ".*?".join(re.escape(piece) for piece in pieces)
            if re.fullmatch(pattern, text, re.DOTALL):
                return True
    return False


def _ignored(parts: tuple[str, ...], ignore: Sequence[str]) -> bool:
    pointer = "/" + "/".join(p for p in parts if p != "(json)")
    return any(
        fnmatch.fnmatchcase(pointer, pattern) or pointer.startswith(pattern.rstrip("/") + "/")
        for pattern in ignore
    )


def content_types(answer: Any) -> list[str]:
    """The kinds of content an answer carries, in order (text, image, resource, blob...)."""
    if not isinstance(answer, dict):
        return []
    kinds: list[str] = []
    for key in ("content", "contents", "messages"):
        items = answer.get(key)
        if isinstance(items, list):
            kinds.extend(_kind(item) for item in items)
    return kinds


def _kind(item: Any) -> str:
    if not isinstance(item, dict):
        return type(item).__name__
    if isinstance(item.get("content"), dict):  # a prompt message
        return _kind(item["content"])
    kind = item.get("type")
    if isinstance(kind, str):
        return kind
    if "blob" in item:
        return "blob"
    return "text" if "text" in item else "unknown"


def texts(answer: Any) -> Iterator[str]:
    """Every string in an answer (the model may read any of them)."""
    if isinstance(answer, str):
        yield answer
    elif isinstance(answer, dict):
        for item in answer.values():
            yield from texts(item)
    elif isinstance(answer, list):
        for item in answer:
            yield from texts(item)


def flagged_text(old: Any, new: Any) -> list[str]:
    """What the security scanners find in the new answer's text and not in the old one.

    The one place answers are scanned: switch the scanner here.
    """
    old_text = "\n".join(texts(old))
    new_text = "\n".join(_new_strings(texts(new), old_text))
    # The shared scanner in its answer mode: URLs, long text and images are what answers
    # are made of, so only instructions, hidden text, exfiltration and secrets count.
    answer = Context(kind="answer")
    before = {f.signals[0] for f in scan_text(old_text, "/answer", answer)} if old_text else set()
    hits: list[str] = []
    for finding in scan_text(new_text, "/answer", answer):
        family = finding.signals[0]
        if family not in before:
            why = finding.why.removeprefix("tool output injection: ")
            hits.append(f'{family.replace("_", " ")}: {why} ("{finding.evidence}")')
    return hits


def _new_strings(strings: Iterable[str], old_text: str) -> Iterator[str]:
    for text in strings:
        if text not in old_text:
            yield text
