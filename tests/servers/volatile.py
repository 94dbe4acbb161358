"""volatile: answers that differ on every call, for the scrubbing rules.

Tool `now` (no properties) answers text "time=<ISO-8601 UTC now> id=<uuid4> tmp=<fresh temp
path> epoch=<unix seconds>" and structuredContent {"time", "id", "tmp", "epoch"} with the same
values; tool `stable` answers "always the same". The resource `test://clock` reads as the
current time. Everything else is deterministic.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class VolatileServer(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "now":
            values = {
                "time": datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z"),
                "id": str(uuid.uuid4()),
                "tmp": os.path.join(tempfile.gettempdir(), f"tmp{uuid.uuid4().hex[:8]}"),
                "epoch": int(time.time()),
            }
            result = text_result(" ".join(f"{k}={v}" for k, v in values.items()))
            result["structuredContent"] = values
            return result
        if name == "stable":
            return text_result("always the same")
        return super().call_tool(name, args)

    def read_resource(self, uri: str) -> dict[str, Any]:
        if uri == "test://clock":
            now = datetime.now(UTC).isoformat()
            return {"contents": [{"uri": uri, "mimeType": "text/plain", "text": now}]}
        return super().read_resource(uri)


def main(argv: list[str]) -> int:
    VolatileServer(
        "zoo-volatile",
        tools=[simple_tool("now", "Tell the time and a fresh id."), simple_tool("stable")],
        resources=[{"uri": "test://clock", "name": "clock", "mimeType": "text/plain"}],
    ).serve()
    return 0
