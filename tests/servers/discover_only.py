"""discover_only: speaks ONLY the 2026-07-28 protocol (era "modern" in `_jsonrpc.py`).

`server/discover` answers {supportedVersions: ["2026-07-28"], capabilities, instructions, ttlMs,
cacheScope, resultType, _meta serverInfo}; `initialize` gets -32022 with data {supported,
requested}; any other request without the `_meta` envelope gets -32602. Every result carries
resultType "complete" and `_meta` {"io.modelcontextprotocol/serverInfo": {name, version}}; list
results also ttlMs 0 / cacheScope "private". Contract: `_contract.standard_contract()`; name
"zoo-discover-only". With --dual it also accepts the legacy handshake (first request decides).
"""

from __future__ import annotations

from tests.servers._contract import standard_contract
from tests.servers._jsonrpc import ZooServer


def main(argv: list[str]) -> int:
    era = "dual" if "--dual" in argv else "modern"
    ZooServer("zoo-discover-only", era=era, **standard_contract()).serve()
    return 0
