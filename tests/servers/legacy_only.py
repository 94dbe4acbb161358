"""legacy_only: speaks ONLY the `initialize` handshake (2024-11-05 .. 2025-11-25).

`server/discover` gets -32601 Method not found (what pre-2026 servers answer); `initialize`
echoes a handshake protocolVersion the client offers, else 2025-11-25. Contract:
`_contract.standard_contract()`; name "zoo-legacy-only". With --silent-discover it never answers
`server/discover` at all (a client probing it must time out and fall back).
"""

from __future__ import annotations

from typing import Any

from tests.servers._contract import standard_contract
from tests.servers._jsonrpc import ZooServer


class SilentDiscover(ZooServer):
    def answer(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        if method == "server/discover":
            return None
        return super().answer(method, params)


def main(argv: list[str]) -> int:
    cls = SilentDiscover if "--silent-discover" in argv else ZooServer
    cls("zoo-legacy-only", era="legacy", **standard_contract()).serve()
    return 0
