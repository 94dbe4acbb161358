"""loop_cursor: tools/list pagination that never ends.

Every tools/list page holds one tool, `tool_<n>` for the n-th page asked for (n counts pages
served so far), and always carries nextCursor "again" (also for the cursor "again"), so a client
that follows cursors blindly never finishes. Other lists are empty and end normally.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool


class LoopServer(ZooServer):
    pages = 0

    def list_page(self, key: str, params: dict[str, Any]) -> dict[str, Any]:
        if key != "tools":
            return super().list_page(key, params)
        tool = simple_tool(f"tool_{self.pages}")
        self.pages += 1
        return {"tools": [tool], "nextCursor": "again"}


def main(argv: list[str]) -> int:
    LoopServer("zoo-loop-cursor").serve()
    return 0
