"""Model-visible text in a diff: the rewrite itself, and what the shared scanner says is new.

Descriptions, titles and instructions are read by the model that drives the
tools, so a rewrite after a user approved a server is the classic "rug pull".
Every rewrite is shown as a word diff (`words`), and the old and new texts go
through the same scanner as `mcpvcr lint` (`mcpvcr.scan`): each finding family
the new text has and the old did not becomes its own `description.*_added`
change, `security` when the scanner calls it an error, `info` when it is only
a weak cue. New URLs and mentions of sibling tools are `info`: shadowing means
instructions about another tool, not a mention of one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from mcpvcr.diff.model import ABSENT, Change, make
from mcpvcr.diff.words import CONTEXT_WORDS, MAX_DIFF_CHARS, word_diff
from mcpvcr.scan import Context, Finding, scan_text
from mcpvcr.scan.confusables import skeleton
from mcpvcr.scan.context import Kind

__all__ = [
    "CONTEXT_WORDS",
    "MAX_DIFF_CHARS",
    "RULE_OF",
    "security_scan",
    "skeleton",
    "text_change",
    "word_diff",
]

RULE_OF: Final[dict[str, str]] = {
    "poisoning_marker": "description.hidden_instruction_added",
    "credential_access": "description.sensitive_path_added",
    "exfiltration": "description.exfiltration_language_added",
    "cross_tool_instruction": "description.cross_tool_reference_added",
    "preference_manipulation": "description.coercive_priority_added",
    "hidden_unicode": "description.invisible_unicode_added",
    "terminal_escape": "description.hidden_markup_added",
    "encoded_payload": "description.encoded_payload_added",
    "secret_material": "description.secret_material_added",
    "confusable_name": "tool.name.confusable",
    "tool_output_injection": "description.hidden_instruction_added",
}
"""The diff rule for each scanner family."""

LABEL: Final[dict[str, str]] = {
    "poisoning_marker": "a hidden instruction",
    "credential_access": "a request for credentials or conversation",
    "exfiltration": "exfiltration to a fixed recipient",
    "cross_tool_instruction": "instructions about another tool",
    "preference_manipulation": "preference manipulation",
    "hidden_unicode": "hidden characters",
    "terminal_escape": "terminal escapes",
    "encoded_payload": "an encoded payload",
    "secret_material": "secret material",
    "confusable_name": "a look-alike name",
    "tool_output_injection": "a hidden instruction",
}

_URL_OR_EMAIL: Final = re.compile(r"https?://[^\s)>\]\"'`]+|\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b")
_COMMENT: Final = re.compile(r"<!--|<\s*details\b")
_TOKEN: Final = re.compile(r"[\w.-]+")
_PARAM_PATH: Final = re.compile(r"/inputSchema/.*properties/[^/]+(?:/description|/title)?$")


def _kind(location: str) -> Kind:
    return "param" if _PARAM_PATH.search(location) else "text"


def _scan(text: str, location: str, names: frozenset[str], self_name: str | None) -> list[Finding]:
    ctx = Context(
        own_tools=names, self_name=self_name or "", purpose=self_name or "", kind=_kind(location)
    )
    return scan_text(text, location, ctx)


def security_scan(
    location: str,
    what: str,
    old: str,
    new: str,
    other_tools: Iterable[str] = (),
    self_name: str | None = None,
) -> list[Change]:
    """One change per scanner family the new text trips and the old text did not."""
    names = other_tools if isinstance(other_tools, frozenset) else frozenset(other_tools)
    before = (
        {(f.rule, f.severity) for f in _scan(old, location, names, self_name)} if old else set()
    )
    changes: list[Change] = []
    for finding in _scan(new, location, names, self_name):
        if (finding.rule, finding.severity) in before or (finding.rule, "error") in before:
            continue
        serious = finding.severity == "error" or finding.rule == "secret_material"
        changes.append(
            make(
                RULE_OF[finding.rule],
                location,
                f'{what} gains {LABEL[finding.rule]}: {finding.why}: "{finding.evidence}";'
                " the model reads this text, review it before approving the server again",
                new=finding.evidence,
                cls="security" if serious else "info",
                certainty="potential",
            )
        )
    changes.extend(_mentions(location, what, old, new, names, self_name))
    return changes


def _mentions(
    location: str, what: str, old: str, new: str, names: frozenset[str], self_name: str | None
) -> list[Change]:
    """New URLs and sibling-tool mentions: worth a look, not a security verdict."""
    out: list[Change] = []
    urls = _urls(new) - _urls(old)
    if urls:
        out.append(
            make(
                "description.url_or_email_added",
                location,
                f"{what} gains a URL or e-mail address: {', '.join(sorted(urls)[:5])}",
                new=sorted(urls),
                cls="info",
            )
        )
    if _COMMENT.search(new) and not _COMMENT.search(old):
        out.append(
            make(
                "description.hidden_markup_added",
                location,
                f"{what} gains markup a renderer hides (HTML comment or <details>)",
                cls="info",
            )
        )
    crossed = _siblings(new, names) - _siblings(old, names) - {self_name}
    if crossed:
        shown = ", ".join(sorted(str(n) for n in crossed)[:5])
        out.append(
            make(
                "description.cross_tool_reference_added",
                location,
                f"{what} now mentions other tools of this server ({shown}); a mention is"
                " documentation, instructions about another tool would be shadowing",
                new=sorted(str(n) for n in crossed),
                cls="info",
            )
        )
    return out


def _urls(text: str) -> set[str]:
    # Sentence punctuation after a URL is not part of it ("see https://x.example/a.").
    return {m.group(0).rstrip(".,;:!?").lower() for m in _URL_OR_EMAIL.finditer(text)}


def _siblings(text: str, names: frozenset[str]) -> set[str | None]:
    # Tokens of the text against the name set: linear in the text, whatever the tool count.
    tokens = {token.strip(".") for token in _TOKEN.findall(text)}
    # Short or plain-word names ("get", "list") would match ordinary prose.
    return {n for n in tokens & names if len(n) >= 5 and ("_" in n or "-" in n or "." in n)}


def text_change(
    rule_id: str,
    location: str,
    what: str,
    old: object,
    new: object,
    other_tools: Iterable[str] = (),
    self_name: str | None = None,
) -> list[Change]:
    """The change for a rewritten text (with its word diff) plus any scanner findings it adds."""
    old_text = old if isinstance(old, str) else ""
    new_text = new if isinstance(new, str) else ""
    message = f"{what} was rewritten; an agent that approved the old text now reads new text"
    if old is None or old is ABSENT:
        message = f"{what} was added; the model now reads text nobody reviewed"
    elif new is None or new is ABSENT:
        message = f"{what} was removed; agents lose the guidance they were routed by"
    changes = [make(rule_id, location, message, old, new, text_diff=word_diff(old_text, new_text))]
    changes.extend(security_scan(location, what, old_text, new_text, other_tools, self_name))
    return changes
