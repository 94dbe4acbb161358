"""big_answer: tool `big` answers with one text part of --mb MB (default 50) of "x".

Tool `small` answers "small ok". The whole `big` answer is one JSON line of about --mb MB,
written in one go.
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class BigServer(ZooServer):
    size = 50 * 1024 * 1024

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "big":
            return text_result("x" * self.size)
        return text_result(f"{name} ok")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="big_answer")
    p.add_argument("--mb", type=float, default=50)
    a = p.parse_args(argv)
    server = BigServer("zoo-big-answer", tools=[simple_tool("big"), simple_tool("small")])
    server.size = int(a.mb * 1024 * 1024)
    server.serve()
    return 0
