"""What the scanner reports: one finding per suspicious span of one model-visible field."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any, Final, Literal

Severity = Literal["error", "warning", "info"]

RULES: Final[dict[str, str]] = {
    "poisoning_marker": "instructions aimed at the model that the user is not meant to see",
    "credential_access": "the model is asked to read or hand over credentials or conversation",
    "exfiltration": "data is routed to a fixed outside recipient (URL, e-mail, phone, image)",
    "cross_tool_instruction": "instructions about how to use another tool or server (shadowing)",
    "preference_manipulation": "advertising or disparagement that steers which tool is chosen",
    "hidden_unicode": "invisible, bidi or tag characters outside a context that needs them",
    "terminal_escape": "terminal control sequences that can hide or rewrite displayed text",
    "encoded_payload": "an encoded block that decodes to instructions",
    "confusable_name": "a name that looks like another tool's name",
    "secret_material": "a live-looking credential written into model-visible text",
    "tool_output_injection": "instructions inside a tool answer or prompt message",
}
"""Every scanner rule and what it means, in report order."""


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One suspicious span: where it is, what it says, and why it was judged so."""

    rule: str
    severity: Severity
    field: str
    """A JSON pointer into the server's model-visible surface, e.g. `/tools/add/description`."""
    start: int
    end: int
    evidence: str
    """The raw text of the span (invisible characters shown as `<U+XXXX>`)."""
    why: str
    signals: tuple[str, ...] = ()
    decoded: str | None = None
    """For hidden or encoded carriers: the text they decode to."""
    location: dict[str, str] = _field(default_factory=dict, compare=False)
    """Lint location keys (tool, param, resource, template, prompt, field)."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rule": self.rule,
            "severity": self.severity,
            "field": self.field,
            "span": [self.start, self.end],
            "evidence": self.evidence,
            "why": self.why,
            "signals": list(self.signals),
        }
        if self.decoded is not None:
            data["decoded"] = self.decoded
        return data


def show(text: str, limit: int = 120) -> str:
    """`text` for a report: invisible and control characters made visible, bounded."""
    out: list[str] = []
    for char in text[: limit * 2]:
        code = ord(char)
        if char in "\n\t":
            out.append(" ")
        elif code < 0x20 or 0x7F <= code < 0xA0 or _invisible(code):
            out.append(f"<U+{code:04X}>")
        else:
            out.append(char)
    shown = " ".join("".join(out).split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _invisible(code: int) -> bool:
    return (
        code in (0xAD, 0x61C, 0x180E, 0xFEFF, 0x115F, 0x1160, 0x3164, 0xFFA0)
        or 0x200B <= code <= 0x200F
        or 0x202A <= code <= 0x202E
        or 0x2060 <= code <= 0x2069
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0000 <= code <= 0xE01EF
    )
