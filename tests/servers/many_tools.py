"""many_tools: --count tools (default 5,000) named `tool_0000`.., each with a one-property
string schema and a description; one page unless --page-size is given.
"""

from __future__ import annotations

import argparse

from tests.servers._jsonrpc import ZooServer, simple_tool


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="many_tools")
    p.add_argument("--count", type=int, default=5000)
    p.add_argument("--page-size", type=int, default=None)
    a = p.parse_args(argv)
    tools = [
        simple_tool(f"tool_{i:04d}", f"Test tool number {i}.", q="string") for i in range(a.count)
    ]
    ZooServer("zoo-many-tools", tools=tools, page_size=a.page_size).serve()
    return 0
