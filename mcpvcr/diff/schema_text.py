"""Scanner findings in a tool's schema values: enums, defaults, consts, examples, property names
and vendor (`x-...`) keys.

Descriptions and titles go through `text.text_change` with their word diff;
the other model-visible strings of a schema (an enum value that carries an
order, a `bcc` default that became a fixed address) are only scanned, and a
finding the new definition has and the old did not is a change of its own.
"""

from __future__ import annotations

import re
from typing import Any, Final

from mcpvcr.diff.model import Change, make
from mcpvcr.diff.text import LABEL, RULE_OF
from mcpvcr.scan import Finding, Surface, scan_surface

_VALUE_PATH: Final = re.compile(
    r"/(?:inputSchema|outputSchema)(?:/.*)?/(?:default|const|\$comment|(?:enum|examples)/\d+"
    r"|properties/[^/]+|x-[^/]+(?:/\d+)?)$"
)


def _findings(tool: Any, names: frozenset[str]) -> dict[tuple[str, str], Finding]:
    if not isinstance(tool, dict):
        return {}
    # The siblings' names come along so that mentions of them are not taken for shadowing.
    siblings = [{"name": n} for n in names if n != tool.get("name")]
    found = scan_surface(Surface(tools=[tool, *siblings]))
    return {(f.field, f.rule): f for f in found if _VALUE_PATH.search(f.field)}


def value_changes(old: Any, new: Any, names: frozenset[str]) -> list[Change]:
    """One change per schema-value finding of the new tool that the old tool lacked."""
    before = _findings(old, names)
    out: list[Change] = []
    for key, finding in sorted(_findings(new, names).items()):
        if key in before and before[key].severity == finding.severity:
            continue
        serious = finding.severity == "error" or finding.rule == "secret_material"
        out.append(
            make(
                RULE_OF[finding.rule],
                finding.field,
                f"schema value gains {LABEL[finding.rule]}: {finding.why}:"
                f' "{finding.evidence}"; the model reads enum values, defaults and examples',
                new=finding.evidence,
                cls="security" if serious else "info",
                certainty="potential",
            )
        )
    return out
