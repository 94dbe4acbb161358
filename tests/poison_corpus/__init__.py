"""The tool-poisoning corpus: poisoned and benign-but-tricky servers, and rug-pull pairs.

The JSON files hold raw tool lists as a server would send them (plus recorded
answers for the tool-output-injection cases); `surface` turns one entry into
what the scanner walks, and `verdict` says whether mcpvcr flags it (any
error-severity finding: what caps the score and fails lint).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcpvcr.scan import Finding, Surface, scan_surface

HERE = Path(__file__).resolve().parent


def strings(value: object) -> list[str]:
    """Every string inside a JSON value, in document order."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in strings(item)]


def load(kind: str) -> list[dict[str, Any]]:
    """The entries of `poisoned`, `benign` or `rugpull`."""
    data: list[dict[str, Any]] = json.loads((HERE / f"{kind}.json").read_text(encoding="utf-8"))
    return data


def interactions(server: dict[str, Any]) -> list[dict[str, Any]]:
    """Recorded answers as cassette interactions (tools/call; prompts/get for `prompt:`,
    resources/read for `resource:`)."""
    out: list[dict[str, Any]] = []
    for answer in server.get("answers", []):
        target = str(answer["tool"])
        method = "tools/call"
        if target.startswith("prompt:"):
            method, target = "prompts/get", target.removeprefix("prompt:")
            result: dict[str, Any] = {
                "messages": [{"role": "user", "content": {"type": "text", "text": answer["text"]}}]
            }
        elif target.startswith("resource:"):
            method, target = "resources/read", target.removeprefix("resource:")
            result = {"contents": [{"uri": target, "text": answer["text"]}]}
        else:
            result = {"content": [{"type": "text", "text": answer["text"]}]}
        out.append({"method": method, "target": target, "response": {"result": result}})
    return out


def surface(server: dict[str, Any]) -> Surface:
    return Surface(
        instructions=server.get("instructions"),
        tools=server.get("tools", []),
        resources=server.get("resources", []),
        templates=server.get("templates", []),
        prompts=server.get("prompts", []),
        interactions=interactions(server),
    )


def findings(server: dict[str, Any]) -> list[Finding]:
    return scan_surface(surface(server))


def flagged(server: dict[str, Any]) -> bool:
    """True when the scanner reports at least one error on the server."""
    return any(f.severity == "error" for f in findings(server))
