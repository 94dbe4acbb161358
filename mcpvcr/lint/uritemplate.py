"""Syntax check of RFC 6570 URI templates (resource template `uriTemplate`).

Only the grammar of RFC 6570 §2 is checked (levels 1-4): literals, and
expressions `{op? varspec, ...}` where varspec is a varname with an optional
`:prefix` (1-9999) or `*` explode modifier.
"""

from __future__ import annotations

import re

_OPERATORS = "+#./;?&"
_RESERVED_OPERATORS = "=,!@|"
_VARCHAR = r"(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})"
_VARSPEC = re.compile(rf"^{_VARCHAR}+(?:\.{_VARCHAR}+)*(?::[1-9][0-9]{{0,3}}|\*)?$")
# RFC 6570 literals: any char except CTL, SP, DQUOTE, "'", "%" (unless pct-encoded),
# "<", ">", "\", "^", "`", "{", "|", "}".
_BAD_LITERAL = re.compile(r"[\x00-\x20\x7f\"'<>\\^`{|}]|%(?![0-9A-Fa-f]{2})")


def template_problem(template: str) -> str | None:
    """Why `template` is not a valid RFC 6570 URI template, or None when it is."""
    if not template:
        return "the template is empty"
    position = 0
    while position < len(template):
        start = template.find("{", position)
        literal = template[position : start if start >= 0 else len(template)]
        if "}" in literal:
            return f"unmatched '}}' at offset {position + literal.index('}')}"
        bad = _BAD_LITERAL.search(literal)
        if bad:
            offset = position + bad.start()
            return f"character {bad.group()!r} is not allowed in a literal (offset {offset})"
        if start < 0:
            return None
        end = template.find("}", start)
        if end < 0:
            return f"unclosed '{{' at offset {start}"
        problem = _expression_problem(template[start + 1 : end])
        if problem:
            return f"{problem} in '{template[start : end + 1]}'"
        position = end + 1
    return None


def _expression_problem(body: str) -> str | None:
    if not body:
        return "empty expression"
    if "{" in body:
        return "nested '{'"
    if body[0] in _RESERVED_OPERATORS:
        return f"operator {body[0]!r} is reserved"
    varlist = body[1:] if body[0] in _OPERATORS else body
    for spec in varlist.split(","):
        if not _VARSPEC.match(spec):
            return f"invalid variable {spec!r}"
    return None
