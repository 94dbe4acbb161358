"""grandchild: spawns a grandchild process that would outlive the server, then serves normally.

The grandchild (`python -c` sleeping for an hour) ignores SIGTERM and SIGHUP, has stdin/stdout
on /dev/null and inherits stderr; it stays in the server's process group (so ending the group
kills it) unless --setsid is given (then it escapes the group by design). Its pid is written to
the file named by the environment variable MCPVCR_GRANDCHILD_PIDFILE (required) before the
server reads any request. Tools: `echo`.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.servers._jsonrpc import ZooServer, simple_tool

SLEEPER = (
    "import signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    "time.sleep(3600)\n"
)


def main(argv: list[str]) -> int:
    pidfile = os.environ.get("MCPVCR_GRANDCHILD_PIDFILE")
    if not pidfile:
        print("zoo grandchild: MCPVCR_GRANDCHILD_PIDFILE is not set", file=sys.stderr)
        return 2
    child = subprocess.Popen(
        [sys.executable, "-c", SLEEPER],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        start_new_session="--setsid" in argv,
    )
    tmp = pidfile + ".tmp"
    with open(tmp, "w", encoding="ascii") as fh:
        fh.write(str(child.pid))
    os.replace(tmp, pidfile)  # readers never see a half-written pid
    ZooServer("zoo-grandchild", tools=[simple_tool("echo", text="string")]).serve()
    return 0
