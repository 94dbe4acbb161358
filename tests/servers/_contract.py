"""The small standard contract shared by the protocol-variety servers (same items, any era)."""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import simple_tool


def standard_contract() -> dict[str, Any]:
    """ZooServer keyword arguments: 2 tools, 1 resource, 1 template, 1 prompt, instructions."""
    return {
        "tools": [
            simple_tool("echo", "Echo the text back unchanged.", text="string"),
            simple_tool("add", "Add two numbers and return the sum.", a="number", b="number"),
        ],
        "resources": [
            {"uri": "test://readme", "name": "readme", "mimeType": "text/plain"},
        ],
        "templates": [{"uriTemplate": "test://items/{id}", "name": "item"}],
        "prompts": [
            {
                "name": "hello",
                "description": "Say hello to someone.",
                "arguments": [{"name": "who", "description": "Whom to greet.", "required": True}],
            }
        ],
        "instructions": "A test server with a small standard contract.",
    }
