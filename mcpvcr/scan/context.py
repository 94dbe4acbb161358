"""What the scanner knows about the field it reads: which server, tool and kind of text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["text", "name", "param", "recipient_value", "answer", "prompt_answer", "code"]
"""`answer`: a recorded tool or resource answer; `prompt_answer`: a prompt's messages (a
template the user picks to instruct the model, so orders to the assistant are its job);
`code`: an app UI or script body the host renders, never prose for the model."""
ANSWERS: frozenset[str] = frozenset({"answer", "prompt_answer", "code"})


@dataclass(frozen=True)
class Context:
    """The surroundings of one text.

    `own_tools` and `own_params` are this server's names (mentioning them is
    documentation, not shadowing); `purpose` is the tool's name and first
    sentence, so a parameter asking for what the tool plainly works on is fine.
    """

    own_tools: frozenset[str] = frozenset()
    own_params: frozenset[str] = frozenset()
    params: frozenset[str] = frozenset()
    """The parameters of the tool this text belongs to (empty outside a tool)."""
    closed_params: frozenset[str] = frozenset()
    """Those of `params` that cannot carry text (boolean, number, enum, const): no
    credential or conversation can be put into them."""
    self_name: str = ""
    purpose: str = ""
    param: str = ""
    """The parameter a `param` text describes or names (its own property name)."""
    closed: bool = False
    """That parameter admits no free text (a flag, a number, a fixed choice)."""
    fields: frozenset[str] = frozenset()
    """The names of that parameter and its sibling properties (the object holding it)."""
    kind: Kind = "text"
    depth: int = 0

    def at(self, **changes: object) -> Context:
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"Context has no field {sorted(unknown)[0]!r}")
        # one copy per schema property on large cassettes: skip __init__ (all fields known)
        new = object.__new__(Context)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new
