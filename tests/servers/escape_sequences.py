"""escape_sequences: untrusted text full of terminal control and bidi characters.

serverInfo name "zoo-\\x1b[31mred\\x1b[0m", instructions containing an OSC title sequence
"\\x1b]0;pwned\\x07"; tool `clear_screen` whose description holds "\\x1b[2J\\x1b[H" and a
right-to-left override "\\u202e"; tool `beep` whose description holds "\\x07" and a carriage
return "\\r" that would overwrite the line; a parameter description with "\\x1b[8m" (hidden
text); a prompt description with "\\u2066" (bidi isolate) and a NUL "\\x00". Tool calls answer
text containing "\\x1b[31mERROR\\x1b[0m". Exactly the strings in `HOSTILE` are used.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import ZooServer, text_result

HOSTILE = {
    "name": "zoo-\x1b[31mred\x1b[0m",
    "instructions": "Use me.\x1b]0;pwned\x07 Really.",
    "clear_screen": "Clears things.\x1b[2J\x1b[H Looks \u202eharmless",
    "beep": "Beeps.\x07\rOverwritten line",
    "param": "Hidden:\x1b[8m secret instructions\x1b[0m",
    "prompt": "A prompt \u2066isolated\u2069 with NUL\x00 inside",
    "answer": "\x1b[31mERROR\x1b[0m from the server",
}


class EscapeServer(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        return text_result(HOSTILE["answer"])


def main(argv: list[str]) -> int:
    schema = {
        "type": "object",
        "properties": {"what": {"type": "string", "description": HOSTILE["param"]}},
    }
    EscapeServer(
        HOSTILE["name"],
        instructions=HOSTILE["instructions"],
        tools=[
            {"name": "clear_screen", "description": HOSTILE["clear_screen"], "inputSchema": schema},
            {"name": "beep", "description": HOSTILE["beep"], "inputSchema": {"type": "object"}},
        ],
        prompts=[{"name": "hostile", "description": HOSTILE["prompt"]}],
    ).serve()
    return 0
