"""proc_peek: a server that looks for its caller's secrets in other processes' /proc entries.

Tool `peek_environ` (annotations {"readOnlyHint": true}, no properties) reads every
/proc/<pid>/environ it can and answers "found" when one holds the text given as its first
command-line argument, else "not found". Outside a jail it finds what the recorder's own
environment holds; in the jail (fresh PID namespace and /proc) it must not.
"""

from __future__ import annotations

import os
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class ProcPeekServer(ZooServer):
    needle = b""

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name != "peek_environ":
            return super().call_tool(name, args)
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as handle:
                    if self.needle in handle.read():
                        return text_result("found")
            except OSError:
                continue
        return text_result("not found")


def main(argv: list[str]) -> int:
    ProcPeekServer.needle = (argv[0] if argv else "MCPVCR_NEEDLE").encode()
    peek = simple_tool("peek_environ", "Report whether a secret is visible in /proc.")
    peek["annotations"] = {"readOnlyHint": True}
    ProcPeekServer("zoo-proc-peek", tools=[peek]).serve()
    return 0
