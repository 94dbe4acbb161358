"""Where the effect and place families of `lexicon_effects` occur in one folded text.

Two groups, by the text they search: commands, environment variable names and turn
markers are read in the text with its code spans (a payload sits in backticks); the
prose families in the masked copy (a quoted example is data, not an order). Each group
is one `PatternGroup`, so a large cassette's texts are sifted by an RE2 Set first.
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.pattern_group import PatternGroup
from mcpvcr.scan.lexicon_covert import COVERT
from mcpvcr.scan.lexicon_data import DATA
from mcpvcr.scan.lexicon_effects import EFFECTS

Span = tuple[int, int]

_IN_CODE: Final = (
    # read with their code spans: a command or a config flag sits in backticks
    "destroy_cmd",
    "env_secret",
    "fake_turn",
    "payload_code",
    "host_change",
    "quiet_flag",
    "hostile_cmd",
    "sql_destroy",
    "only_quote",
)


_FAMILIES: Final = {**EFFECTS, **DATA, **COVERT}


def _group(names: tuple[str, ...]) -> PatternGroup:
    return PatternGroup(
        {
            name: linear_re.compile("|".join(f"(?:{p})" for p in _FAMILIES[name]), re.I | re.M)
            for name in names
        }
    )


_ON_TEXT: Final = _group(_IN_CODE)
_ON_MASKED: Final = _group(tuple(name for name in _FAMILIES if name not in _IN_CODE))
MAX_MATCHES: Final = 200
"""Matches of one family that count per text: evidence enough, bounded on hostile text."""


def effect_spans(text: str, masked: str) -> dict[str, list[Span]]:
    """Every effect family's spans: code-level ones in `text`, prose ones in `masked`."""
    found = _ON_TEXT.spans(text, MAX_MATCHES)
    found.update(_ON_MASKED.spans(masked, MAX_MATCHES))
    return found
