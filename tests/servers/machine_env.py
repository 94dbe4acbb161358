"""machine_env: answers with what the machine gave it; one tool writes, one is slow.

Tools: `where` (readOnlyHint) answers JSON {"cwd", "env" (its whole environment), "host"};
`note_write` (no annotations) appends its arguments to the file named by $MCPVCR_WRITE_MARKER
(if set); `slow_read` (readOnlyHint) sleeps `--delay` seconds (default 0) then answers "read".
"""

from __future__ import annotations

import json
import os
import socket
import time
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class MachineServer(ZooServer):
    delay = 0.0

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "where":
            facts = {"cwd": os.getcwd(), "env": dict(os.environ), "host": socket.gethostname()}
            return text_result(json.dumps(facts, indent=1, sort_keys=True))
        if name == "note_write":
            marker = os.environ.get("MCPVCR_WRITE_MARKER")
            if marker:
                with open(marker, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(args, sort_keys=True) + "\n")
            return text_result("written")
        if name == "slow_read":
            time.sleep(self.delay)
            return text_result("read")
        return super().call_tool(name, args)


def main(argv: list[str]) -> int:
    where = simple_tool("where", "Tell where the server runs (cwd, environment, host name).")
    where["annotations"] = {"readOnlyHint": True}
    write = simple_tool("note_write", "Append a note to the notes file.", text="string")
    slow = simple_tool("slow_read", "Read slowly.")
    slow["annotations"] = {"readOnlyHint": True}
    server = MachineServer("zoo-machine-env", tools=[where, write, slow])
    if "--delay" in argv:
        server.delay = float(argv[argv.index("--delay") + 1])
    server.serve()
    return 0
