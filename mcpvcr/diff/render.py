"""Human renderings of a diff: terminal text and the Markdown PR comment.

Everything from a cassette is untrusted (a server chooses its tool names and
descriptions), so text goes through `printable` for terminals, and Markdown
puts server text only inside code spans or fences sized to hold it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr.diff.catalogue import CLASSES
from mcpvcr.diff.model import ABSENT, Change, Changes
from mcpvcr.report.escape import md_code, md_text
from mcpvcr.terminal import one_line

LABELS: Final = {
    "breaking": ("❌", "Breaking"),
    "security": ("⚠️", "Security"),
    "behaviour": ("\U0001f501", "Behaviour"),
    "additive": ("✅", "Additive"),
    "info": ("\u2139\ufe0f", "Info"),
}
VALUE_CHARS: Final = 160
MARKDOWN_LIMIT: Final = 60_000
"""PR comments are capped at 65,536 characters by GitHub; leave room for the wrapper."""
SUMMARY_AT: Final = 30
"""Past this many changes, text and Markdown summarise: counts per class and kind, the first
`FIRST_PER_KIND` changes of each kind, the rest collapsed (Markdown) or left to the JSON output."""
FIRST_PER_KIND: Final = 5
FULL_LIST_HINT: Final = "every change is in the JSON output (--format json)"


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """A gate's decision, rendered at the top of the PR comment."""

    failed: bool
    reasons: tuple[str, ...] = ()
    score_lines: tuple[str, ...] = ()
    expired: tuple[str, ...] = field(default=())


def show_value(value: Any, limit: int = VALUE_CHARS) -> str:
    """One line for an old/new value: `∅` when absent, compact JSON otherwise, truncated."""
    if value is ABSENT:
        return "∅"
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown_classes(changes: Changes) -> tuple[str, ...]:
    """The classes to count: `behaviour` only when there is some (contract-only diffs have none)."""
    counts = changes.counts()
    return tuple(name for name in CLASSES if name != "behaviour" or counts[name])


def counts_line(changes: Changes) -> str:
    counts = changes.counts()
    return " · ".join(f"{counts[name]} {name}" for name in shown_classes(changes))


# -- terminal text ----------------------------------------------------------------


def render_text(changes: Changes, *, color: bool = False) -> str:
    """The terminal rendering: summary line, then one block per change, grouped by class."""
    lines = [f"MCP contract diff: {_line(changes.old_label)} -> {_line(changes.new_label)}"]
    lines.extend(f"note: {_line(note)}" for note in changes.notes)
    if changes.identical and changes.ignored:
        lines.append(_all_accepted(changes))
    elif changes.identical:
        lines.append("No contract changes: the server surface is identical.")
        return "\n".join(lines) + "\n"
    lines.append(counts_line(changes))
    summarise = len(changes.changes) > SUMMARY_AT
    for cls in CLASSES:
        group = changes.of_class(cls)
        if not group:
            continue
        title = f"{LABELS[cls][1].upper()} ({len(group)})"
        lines.extend(["", _paint(title, cls, color)])
        if not summarise:
            for change in group:
                lines.extend(_text_change(change))
            continue
        for rule, members in by_kind(group):
            lines.append(f"  {rule}: {len(members)}")
            for change in members[:FIRST_PER_KIND]:
                lines.extend(_text_change(change))
            if len(members) > FIRST_PER_KIND:
                more = len(members) - FIRST_PER_KIND
                lines.append(f"    ... {more} more {rule} ({FULL_LIST_HINT})")
    if changes.ignored:
        lines.extend(["", f"IGNORED by the ignore file ({len(changes.ignored)})"])
        if len(changes.ignored) <= SUMMARY_AT:
            lines.extend(f"  - {c.rule} {_line(c.location)}" for c in changes.ignored)
        else:
            lines.extend(f"  - {rule}: {len(group)}" for rule, group in by_kind(changes.ignored))
    return "\n".join(lines) + "\n"


def by_kind(group: Iterable[Change]) -> list[tuple[str, list[Change]]]:
    """Changes grouped by rule (their kind), the largest group first, then by rule id."""
    kinds: dict[str, list[Change]] = {}
    for change in group:
        kinds.setdefault(change.rule, []).append(change)
    return sorted(kinds.items(), key=lambda item: (-len(item[1]), item[0]))


_COLORS: Final = {
    "breaking": "31",
    "security": "33",
    "behaviour": "35",
    "additive": "32",
    "info": "2",
}


def _line(text: str) -> str:
    """Untrusted text on one terminal line (the terminal escaping point)."""
    return one_line(text)


def _paint(text: str, cls: str, color: bool) -> str:
    return f"\x1b[1;{_COLORS[cls]}m{text}\x1b[0m" if color else text


def _text_change(change: Change) -> list[str]:
    potential = " (potential)" if change.certainty == "potential" else ""
    lines = [
        f"  * {_line(change.message)}",
        f"    {change.rule}{potential} at {_line(change.location)}",
    ]
    if change.text_diff is not None:
        lines.append(f"    text: {_line(change.text_diff)}")
    elif change.old is not ABSENT or change.new is not ABSENT:
        old, new = show_value(change.old), show_value(change.new)
        lines.append(f"    {_line(old)} -> {_line(new)}")
    lines.extend(f"    ! {_line(note)}" for note in change.notes)
    return lines


# -- Markdown ------------------------------------------------------------------------


def code(text: str) -> str:
    """An inline code span that holds any text (backtick runs, pipes and newlines included)."""
    return md_code(text, in_table=True)


def escape(text: str) -> str:
    """Plain Markdown text with every character that could become markup escaped."""
    return md_text(text)


def render_markdown(changes: Changes, verdict: Verdict | None = None) -> str:
    """A ready-to-post PR comment: verdict, breaking and security changes, the rest collapsed."""
    counts = changes.counts()
    lines = ["### MCP contract diff", ""]
    lines.append(_verdict_line(changes, verdict))
    if verdict is not None:
        lines.extend(f"- {escape(reason)}" for reason in verdict.reasons)
        lines.extend(f"- {escape(line)}" for line in verdict.score_lines)
    lines.append("")
    lines.append(f"Comparing {code(changes.old_label)} → {code(changes.new_label)}.")
    for note in changes.notes:
        lines.append(f"> Note: {escape(note)}")
    if not changes.identical:
        lines.extend(
            [
                "",
                "| " + " | ".join(LABELS[cls][1] for cls in shown_classes(changes)) + " |",
                "|" + ":-:|" * len(shown_classes(changes)),
                "| " + " | ".join(str(counts[cls]) for cls in shown_classes(changes)) + " |",
            ]
        )
    if len(changes.changes) > SUMMARY_AT:
        lines.extend(_md_summary(changes))
    else:
        lines.extend(_md_full(changes))
    if changes.ignored:
        lines.extend(
            [
                "",
                f"<details><summary>Accepted by the ignore file ({len(changes.ignored)})</summary>",
                "",
            ]
        )
        if len(changes.ignored) <= SUMMARY_AT:
            lines.extend(f"- {code(c.rule)} at {code(c.location)}" for c in changes.ignored)
        else:
            lines.extend(
                f"- {code(rule)}: {len(group)}" for rule, group in by_kind(changes.ignored)
            )
        lines.extend(["", "</details>"])
    if verdict is not None and verdict.expired:
        lines.extend(["", "Expired ignore entries (no longer applied):", ""])
        lines.extend(f"- {escape(entry)}" for entry in verdict.expired)
    lines.extend(["", "<sub>Generated by mcpvcr from recorded cassettes.</sub>"])
    return _cap("\n".join(lines) + "\n")


def _md_full(changes: Changes) -> list[str]:
    """Every change: breaking and security listed, behaviour as a table, the rest collapsed."""
    lines: list[str] = []
    for cls in ("breaking", "security"):
        group = changes.of_class(cls)
        if group:
            icon, label = LABELS[cls]
            lines.extend(["", f"#### {icon} {label} ({len(group)})", ""])
            lines.extend(_md_items(group))
    behaviour = changes.of_class("behaviour")
    if behaviour:
        icon, label = LABELS["behaviour"]
        lines.extend(["", f"#### {icon} {label} ({len(behaviour)})", ""])
        lines.extend(behaviour_table(behaviour))
    rest = changes.of_class("additive", "info")
    if rest:
        lines.extend(
            ["", f"<details><summary>Additive and info changes ({len(rest)})</summary>", ""]
        )
        lines.extend(_md_items(rest))
        lines.extend(["", "</details>"])
    return lines


SHOWN_BUDGET: Final = 30_000
"""Characters the first changes of each kind may take in all; a kind whose first changes do
not fit any more is collapsed whole."""
RESERVE: Final = 8_000
"""Room kept for the headline, verdict reasons, the ignored list and the footer."""
COMPACT_CHARS: Final = 120
"""A collapsed change's location is cut to this many characters."""


def _md_summary(changes: Changes) -> list[str]:
    """A large diff: counts per class and kind, the first few of each kind, the rest collapsed.

    The collapsed lists share what is left of `MARKDOWN_LIMIT`; what does not fit is counted
    and left to the JSON output, so the comment stays under GitHub's limit whatever the diff.
    """
    lines = ["", "| Class | Kind | Count |", "|---|---|--:|"]
    for cls in CLASSES:
        for rule, group in by_kind(changes.of_class(cls)):
            lines.append(f"| {LABELS[cls][1]} | {code(rule)} | {len(group)} |")
    shown_budget = SHOWN_BUDGET
    deferred: list[tuple[int, str, list[Change]]] = []
    for cls in CLASSES:
        group = changes.of_class(cls)
        if not group:
            continue
        icon, label = LABELS[cls]
        lines.extend(["", f"#### {icon} {label} ({len(group)})", ""])
        for rule, members in by_kind(group):
            first, rest = members[:FIRST_PER_KIND], members[FIRST_PER_KIND:]
            block = [*behaviour_table(first), ""] if cls == "behaviour" else _md_items(first)
            size = sum(len(line) + 1 for line in block)
            if size > shown_budget:
                block, rest = [], members
            shown_budget -= size if block else 0
            lines.extend(block)
            if rest:
                deferred.append((len(lines), rule, rest))
    budget = [MARKDOWN_LIMIT - RESERVE - sum(len(line) + 1 for line in lines)]
    blocks = [(index, _md_collapsed(rule, rest, budget)) for index, rule, rest in deferred]
    for index, block in reversed(blocks):
        lines[index:index] = block
    return lines


def _md_collapsed(rule: str, rest: list[Change], budget: list[int]) -> list[str]:
    """`<details>` with one short line per remaining change, while the budget lasts."""
    lines = ["", f"<details><summary>{len(rest)} more {escape(rule)}</summary>", ""]
    shown = 0
    for change in rest:
        line = f"- {code(show_value(change.location, COMPACT_CHARS))}"
        if budget[0] - len(line) - 1 < 0:
            break
        budget[0] -= len(line) + 1
        lines.append(line)
        shown += 1
    if shown < len(rest):
        lines.append(f"- *… {len(rest) - shown} not listed here: {FULL_LIST_HINT}*")
    lines.extend(["", "</details>", ""])
    return lines


def _verdict_line(changes: Changes, verdict: Verdict | None) -> str:
    counts = changes.counts()
    if verdict is not None:
        head = "❌ **Gate failed.**" if verdict.failed else "✅ **Gate passed.**"
    else:
        head = ""
    if changes.identical and changes.ignored:
        body = _all_accepted(changes)
    elif changes.identical:
        body = "No contract changes: the server surface matches the baseline."
    elif counts["breaking"] and counts["security"]:
        body = (
            f"**{counts['breaking']} breaking change(s)** would break existing clients, and"
            f" **{counts['security']} security change(s)** need review."
        )
    elif counts["breaking"]:
        body = f"**{counts['breaking']} breaking change(s)** would break existing clients."
    elif counts["security"]:
        body = f"**{counts['security']} security change(s)**: review before merging."
    elif counts["behaviour"]:
        body = (
            f"**{counts['behaviour']} behaviour change(s)**: recorded answers differ from the"
            " baseline; review before merging."
        )
    elif verdict is not None and verdict.failed:
        # Never "backward-compatible" under a failed headline: say why it failed instead.
        body = (
            "Only additive or informational contract changes; the gate failed on the checks below."
        )
    else:
        body = "Backward-compatible: only additive or informational changes."
    if counts["behaviour"] and (counts["breaking"] or counts["security"]):
        body += f" Also **{counts['behaviour']} behaviour change(s)**."
    return f"{head} {body}".strip()


def _all_accepted(changes: Changes) -> str:
    """Never "no changes" when there were some: an ignore file may come with the PR."""
    return (
        f"{len(changes.ignored)} contract change(s), all accepted by the ignore file; "
        "none left to judge."
    )


def _md_items(group: Iterable[Change]) -> list[str]:
    lines: list[str] = []
    for change in group:
        potential = " *(potential)*" if change.certainty == "potential" else ""
        lines.append(f"- {escape(change.message)}{potential}  ")
        lines.append(f"  {code(change.rule)} at {code(change.location)}")
        if change.text_diff is not None:
            lines.append(f"  - text diff: {code(change.text_diff)}")
        elif change.old is not ABSENT or change.new is not ABSENT:
            lines.append(f"  - {code(show_value(change.old))} → {code(show_value(change.new))}")
        lines.extend(f"  - {escape(note)}" for note in change.notes)
    return lines


def _cap(text: str) -> str:
    if len(text) <= MARKDOWN_LIMIT:
        return text
    cut = text.rfind("\n- ", 0, MARKDOWN_LIMIT)
    # Close any open <details> so the comment still renders.
    tail = "\n\n*(truncated: the full list is in the job log or the JSON output)*\n"
    head = text[: cut if cut > 0 else MARKDOWN_LIMIT]
    if head.count("<details>") > head.count("</details>"):
        tail += "\n</details>\n"
    return head + tail


# -- the behaviour table ---------------------------------------------------------------

CELL_CHARS: Final = 60
"""Old and new values are cut to this many characters in a table cell."""
MAX_ROWS: Final = 200


def behaviour_table(changes: Iterable[Change]) -> list[str]:
    """A compact Markdown table; locations are `/behaviour/<target>/<case>/<path...>`."""
    rows = ["| Tool | Case | Path | Old → New |", "|---|---|---|---|"]
    listed = list(changes)
    for change in listed[:MAX_ROWS]:
        target, case, path = split_location(change.location)
        old, new = show_value(change.old, CELL_CHARS), show_value(change.new, CELL_CHARS)
        values = f"{code(old)} → {code(new)}"
        rows.append(f"| {code(target)} | {code(case)} | {code(path or '/')} | {values} |")
    if len(listed) > MAX_ROWS:
        rows.append(f"\n*({len(listed) - MAX_ROWS} more behaviour changes in the JSON output)*")
    return rows


def split_location(location: str) -> tuple[str, str, str]:
    """(target, case, path inside the answer) of a behaviour change's JSON pointer."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in location.split("/")[1:]]
    if len(parts) < 3 or parts[0] != "behaviour":
        return location, "", ""
    return parts[1], parts[2], "/" + "/".join(parts[3:]) if len(parts) > 3 else ""
