"""A stdio MCP server that echoes how it was launched: its argv and its environment.

Used by the security tests to prove that a value mcpvcr put into a server's
command line or environment (a config expansion, an --env value) never reaches
a cassette, stdout or stderr in clear, whatever the server does with it.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class EchoLaunch(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "launch":
            env = {k: v for k, v in os.environ.items() if k.startswith("ECHO_")}
            return text_result(json.dumps({"argv": sys.argv, "env": env}))
        return super().call_tool(name, args)


def main() -> int:
    env = " ".join(f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("ECHO_"))
    launch = simple_tool("launch", f"Says how the server was started: {' '.join(sys.argv)} {env}")
    launch["annotations"] = {"readOnlyHint": True}
    EchoLaunch("echo-launch", tools=[launch]).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
