"""The contract change catalogue: every rule id with its default class and certainty.

The table itself is `catalogue.json` beside this module; its rule ids are a
public, append-only contract. Where mcpvcr is stricter than the table (a tool
title or parameter description change is a rug-pull vector, so `security`),
`OVERRIDES` says so and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final


@dataclass(frozen=True)
class Rule:
    """One catalogue entry."""

    id: str
    object: str
    severity: str
    certainty: str
    note: str


_TABLE: Final[list[dict[str, str]]] = json.loads(
    resources.files("mcpvcr.diff").joinpath("catalogue.json").read_text(encoding="utf-8")
)
"""The catalogue's rows (id, object, severity, certainty, note), kept as data beside
this module (`catalogue.json`)."""

OVERRIDES: Final[dict[str, tuple[str, str]]] = {
    # Any change of a tool's title or a parameter's description is a
    # rug-pull vector (model-visible text rewritten after approval), so security.
    "tool.title.changed": ("security", "model-visible tool title rewritten (rug-pull vector)"),
    "tool.annotations_title.changed": (
        "security",
        "model-visible tool title rewritten (rug-pull vector)",
    ),
    "input.property.description.changed": (
        "security",
        "parameter descriptions are read by the model (poisoning channel)",
    ),
}

RULES: Final[dict[str, Rule]] = {
    row["id"]: Rule(
        row["id"],
        row["object"],
        OVERRIDES.get(row["id"], (row["severity"], ""))[0],
        row["certainty"],
        row["note"],
    )
    for row in _TABLE
}
"""Every catalogue rule by id, with the product overrides applied."""

CLASSES: Final = ("breaking", "security", "behaviour", "additive", "info")
"""The change classes, in report order. `behaviour` (an answer changed value or shape,
seen only when both sides recorded answers) is shown but fails a gate only when asked."""
DEFAULT_FAIL_ON: Final = ("breaking", "security")
"""The classes that fail `gate` (and JUnit) unless `--fail-on` says otherwise."""


def rule(rule_id: str) -> Rule:
    """The catalogue entry for `rule_id` (KeyError for an id not in the catalogue)."""
    return RULES[rule_id]
