"""destructive: a tool that must never be fuzzed without consent.

Tools: `delete_everything` (annotations {"destructiveHint": true}, property `confirm`: boolean)
appends one line (the JSON of its arguments) to the file named by the environment variable
MCPVCR_DESTRUCTIVE_MARKER every time it is called (if the variable is unset, it writes nothing);
`read_status` (annotations {"readOnlyHint": true}, no properties) answers "status: fine".
"""

from __future__ import annotations

import json
import os
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class DestructiveServer(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "delete_everything":
            marker = os.environ.get("MCPVCR_DESTRUCTIVE_MARKER")
            if marker:
                with open(marker, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(args, sort_keys=True) + "\n")
            return text_result("deleted everything")
        return (
            super().call_tool(name, args) if name != "read_status" else text_result("status: fine")
        )


def main(argv: list[str]) -> int:
    delete = simple_tool(
        "delete_everything", "Delete every record. Cannot be undone.", confirm="boolean"
    )
    delete["annotations"] = {"destructiveHint": True}
    status = simple_tool("read_status", "Report whether the service is healthy.")
    status["annotations"] = {"readOnlyHint": True}
    DestructiveServer("zoo-destructive", tools=[delete, status]).serve()
    return 0
