"""Model-visible text: word-level diffs and the description-security scanners.

Descriptions, titles and instructions are read by the model that drives the
tools, so a rewrite after a user approved a server is the classic "rug pull".
Every rewrite is shown as a word diff, and every scanner hit that the NEW text
has and the old text did not becomes its own `description.*_added` change.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Final

from mcpvcr.diff.model import ABSENT, Change, make
from mcpvcr.diff.words import word_diff

__all__ = ["SCANNERS", "security_scan", "skeleton", "text_change", "word_diff"]


_INVISIBLE: Final = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
    "|[\U000e0000-\U000e007f]"
)
_HIDDEN_INSTRUCTION: Final = re.compile(
    r"<\s*/?\s*(important|system|instructions?|secret|hidden|admin)\b"
    r"|\bignore\s+(all\s+|any\s+)?(previous|prior|above|earlier)\s+(instructions|prompts|rules)"
    r"|\bbefore\s+using\s+this\s+tool\b"
    r"|\botherwise\s+the\s+tool\s+will\s+not\s+work\b"
    r"|\b(do\s+not|don't|never)\s+(tell|inform|mention|reveal|show)\b[^.]{0,30}\buser\b",
    re.IGNORECASE,
)
_SUSPICIOUS_WORDS: Final = re.compile(
    r"\b(important|crucial|critical|vital|urgent|ignore|disregard|override|bypass)\b",
    re.IGNORECASE,
)
_SENSITIVE_PATH: Final = re.compile(
    r"~/\.ssh|\.ssh/|\bid_rsa\b|\bid_ed25519\b|(?<![\w.])\.env\b|\bmcp\.json\b"
    r"|\bclaude_desktop_config\.json\b|~/\.aws|\.aws/credentials|~/\.kube|\.kube/config"
    r"|\.netrc\b|/etc/passwd|/etc/shadow|\.pgpass\b|\.npmrc\b|\.git-credentials\b",
    re.IGNORECASE,
)
_EXFILTRATION: Final = re.compile(
    r"\b(send|upload|post|forward|transmit|bcc|exfiltrate|copy)\b[^.\n]{0,60}"
    r"(https?://|\b[\w.+-]+@[\w-]+\.[\w.]+|\bwebhook\b|\bexternal\s+(server|endpoint)\b)"
    r"|\bwithout\s+(telling|informing|notifying|alerting)\s+the\s+user\b"
    r"|\b(conversation|chat)\s+history\b",
    re.IGNORECASE,
)
_COERCIVE: Final = re.compile(
    r"\balways\s+(call|use|run|invoke)\s+this\s+tool\b"
    r"|\b(highest|top|absolute)\s+priority\b"
    r"|\bmust\s+(always\s+)?(be\s+)?(called|used|run|invoked)\s+(first|before)\b"
    r"|\binstead\s+of\s+(any|all|the)\s+other\s+tools?\b"
    r"|\bbefore\s+(calling|using|invoking)\s+any\s+other\s+tool\b"
    r"|\bcall\s+this\s+tool\s+first\b",
    re.IGNORECASE,
)
_URL_OR_EMAIL: Final = re.compile(r"https?://[^\s)>\]\"']+|\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b")
_HIDDEN_MARKUP: Final = re.compile(
    r"<!--|<\s*details\b|<\s*(div|span|p)\b[^>]*style\s*=|\s{40,}|(\n\s*){8,}", re.IGNORECASE
)
_ENCODED: Final = re.compile(r"(?<![\w/+])[A-Za-z0-9+/]{48,}={0,2}|\b[0-9a-fA-F]{64,}\b")
_SECRET: Final = re.compile(
    r"\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bsk-[A-Za-z0-9_-]{20,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----|\bxox[baprs]-[A-Za-z0-9-]{10,}"
)
_CROSS_TOOL_PHRASE: Final = re.compile(
    r"\bwhen\s+(the\s+)?[`'\"]?[\w.-]+[`'\"]?\s+tool\s+is\s+(called|used|invoked)\b", re.IGNORECASE
)
_TOKEN: Final = re.compile(r"[\w.-]+")
LONG_TEXT: Final = 4096
"""Descriptions longer than this hide content past what a reviewer reads."""


def _hits(pattern: re.Pattern[str]) -> Callable[[str], set[str]]:
    def scan(text: str) -> set[str]:
        return {" ".join(match.group(0).lower().split()) for match in pattern.finditer(text)}

    return scan


def _urls(text: str) -> set[str]:
    # Sentence punctuation after a URL is not part of it ("see https://x.example/a.").
    return {m.group(0).rstrip(".,;:!?").lower() for m in _URL_OR_EMAIL.finditer(text)}


def _invisible(text: str) -> set[str]:
    return {f"U+{ord(char):04X}" for char in _INVISIBLE.findall(text)}


def _hidden_markup(text: str) -> set[str]:
    hits: set[str] = set()
    for match in _HIDDEN_MARKUP.finditer(text):
        found = match.group(0)
        hits.add("whitespace padding" if not found.strip() else found.lower()[:12])
    if len(text) > LONG_TEXT:
        hits.add(f"very long text (over {LONG_TEXT} characters)")
    return hits


SCANNERS: Final[tuple[tuple[str, str, Callable[[str], set[str]]], ...]] = (
    ("description.hidden_instruction_added", "hidden instruction", _hits(_HIDDEN_INSTRUCTION)),
    ("description.suspicious_words_added", "suspicious word", _hits(_SUSPICIOUS_WORDS)),
    ("description.sensitive_path_added", "sensitive path", _hits(_SENSITIVE_PATH)),
    ("description.invisible_unicode_added", "invisible character", _invisible),
    ("description.exfiltration_language_added", "exfiltration language", _hits(_EXFILTRATION)),
    ("description.coercive_priority_added", "coercive priority", _hits(_COERCIVE)),
    ("description.url_or_email_added", "new URL or e-mail", _urls),
    ("description.hidden_markup_added", "hidden markup", _hidden_markup),
    ("description.encoded_payload_added", "encoded payload", _hits(_ENCODED)),
    ("description.secret_material_added", "secret material", _hits(_SECRET)),
)
"""(rule id, what a hit is called, scanner) for every description-security rule on text."""


def security_scan(
    location: str,
    what: str,
    old: str,
    new: str,
    other_tools: Iterable[str] = (),
    self_name: str | None = None,
) -> list[Change]:
    """One `description.*_added` change per scanner that the new text trips and the old did not."""
    changes: list[Change] = []
    for rule_id, label, scan in SCANNERS:
        added = scan(new) - scan(old)
        if added:
            shown = ", ".join(sorted(added)[:5])
            changes.append(
                make(
                    rule_id,
                    location,
                    f"{what} gains {label}: {shown}; the model reads this text, review it"
                    " before approving the server again",
                    new=sorted(added),
                )
            )
    names = other_tools if isinstance(other_tools, frozenset) else frozenset(other_tools)
    crossed = _cross_tool_hits(new, names) - _cross_tool_hits(old, names) - {self_name}
    if crossed:
        changes.append(
            make(
                "description.cross_tool_reference_added",
                location,
                f"{what} now refers to other tools ({', '.join(sorted(map(str, crossed))[:5])});"
                " text that steers how other tools are used is a shadowing vector",
                new=sorted(map(str, crossed)),
            )
        )
    return changes


def _cross_tool_hits(text: str, names: frozenset[str]) -> set[str | None]:
    hits: set[str | None] = {
        " ".join(m.group(0).lower().split()) for m in _CROSS_TOOL_PHRASE.finditer(text)
    }
    # Tokens of the text against the name set: linear in the text, whatever the tool count.
    tokens = {token.strip(".") for token in _TOKEN.findall(text)}
    for name in tokens & names:
        # Short or plain-word names ("get", "list") would match ordinary prose.
        if len(name) >= 5 and ("_" in name or "-" in name or "." in name):
            hits.add(name)
    return hits


def text_change(
    rule_id: str,
    location: str,
    what: str,
    old: object,
    new: object,
    other_tools: Iterable[str] = (),
    self_name: str | None = None,
) -> list[Change]:
    """The change for a rewritten text (with its word diff) plus any security scanner hits."""
    old_text = old if isinstance(old, str) else ""
    new_text = new if isinstance(new, str) else ""
    message = f"{what} was rewritten; an agent that approved the old text now reads new text"
    if old is None or old is ABSENT:
        message = f"{what} was added; the model now reads text nobody reviewed"
    elif new is None or new is ABSENT:
        message = f"{what} was removed; agents lose the guidance they were routed by"
    changes = [
        make(
            rule_id,
            location,
            message,
            old,
            new,
            text_diff=word_diff(old_text, new_text),
        )
    ]
    changes.extend(security_scan(location, what, old_text, new_text, other_tools, self_name))
    return changes


def skeleton(name: str) -> str:
    """A crude confusable skeleton: NFKC, case-folded, common homoglyphs mapped to ASCII."""
    if name.isascii():  # the common case: NFKC is the identity, casefold is lower
        return name.lower().translate(_CONFUSABLES)
    folded = unicodedata.normalize("NFKC", name).casefold()
    return folded.translate(_CONFUSABLES)


_CONFUSABLES: Final = str.maketrans(
    {
        "\u0430": "a",
        "\u0435": "e",
        "\u043e": "o",
        "\u0440": "p",
        "\u0441": "c",
        "\u0443": "y",
        "\u0445": "x",
        "\u0456": "i",
        "\u0458": "j",
        "\u0455": "s",
        "\u0501": "d",
        "\u0261": "g",
        "\u04bb": "h",
        "\u04cf": "l",
        "\u03bf": "o",
        "\u03b1": "a",
        "\u03bd": "v",
        "\u03c4": "t",
        "\u03b9": "i",
        "\u03ba": "k",
        "0": "o",
        "1": "l",
        "-": "_",
    }
)
