"""stderr_flood: writes --mb MB (default 50) to stderr before reading any request, in lines of
"zoo stderr_flood line <i> " padded with dots to 1 KiB, ending with the line
"zoo stderr_flood: done flooding"; then serves normally (tools `echo`). A client that does not
drain stderr deadlocks it: the pipe fills and the server never answers initialize.
"""

from __future__ import annotations

import argparse
import sys

from tests.servers._jsonrpc import ZooServer, simple_tool

LAST_LINE = "zoo stderr_flood: done flooding"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="stderr_flood")
    p.add_argument("--mb", type=float, default=50)
    a = p.parse_args(argv)
    err = sys.stderr.buffer
    for i in range(int(a.mb * 1024)):
        err.write(f"zoo stderr_flood line {i} ".encode().ljust(1023, b".") + b"\n")
    err.write(LAST_LINE.encode() + b"\n")
    err.flush()
    ZooServer("zoo-stderr-flood", tools=[simple_tool("echo", text="string")]).serve()
    return 0
