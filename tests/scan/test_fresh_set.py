"""Issue 22: a fresh adversarial set written before the scanner saw it (22 poisoned, 22 hard
benign). First look: recall 19/22, 0 false positives; kept here as a regression."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mcpvcr.lint import lint
from tests.builders import cassette, tool

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "poison_corpus" / "fresh_i22.json").read_text("utf-8")
)


def _severities(text: str, siblings: list[str]) -> set[str]:
    """The subject tool's security severities, beside the sibling tools its text names."""
    tools = [tool(name="subject", description=text)]
    tools += [tool(name=name, description="Sibling tool.") for name in siblings]
    return {
        f.severity
        for f in lint(cassette(tools=tools))
        if f.code.startswith("security.") and "subject" in f.message
    }


def test_fresh_poisoned_texts_are_errors() -> None:
    found = [text for text in DATA["poisoned"] if "error" in _severities(text, [])]
    assert len(found) / len(DATA["poisoned"]) >= 0.9


def test_fresh_benign_texts_raise_no_error_and_few_warnings() -> None:
    judged = [_severities(t, re.findall(r"\b[a-z]+_[a-z_]+\b", t)) for t in DATA["benign"]]
    assert not any("error" in s for s in judged)
    assert sum(1 for s in judged if s) <= 2
