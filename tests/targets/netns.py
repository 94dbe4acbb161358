"""Run things with no network: one-process wrappers and a whole-script namespace.

`NETNS` (`unshare -rn`) gives a process a new user + network namespace: it sees only a `lo`
interface that is down, so a stdio server cannot reach anything. It needs no root.

`run_in_netns(script)` runs a bash script in ONE fresh network namespace with `lo` up, so an HTTP
server and its client (both started by the script) talk over 127.0.0.1 and nothing else exists.
The script also gets its own PID namespace whose init is the script's shell: when the shell ends
(or is killed on time-out) the kernel kills every process left in the namespace, so nothing the
script started outlives the helper.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
LOOPBACK_PRELOAD = HERE / "loopback.cjs"

NETNS: tuple[str, ...] = ("unshare", "-rn")
"""Prefix for a single command: new user + network namespace, no usable interface."""

# bash prelude of every run_in_netns script. `lo` comes up with `ip`, or with a tiny ioctl in
# Python where iproute2 is missing. wait_port polls until something accepts on 127.0.0.1:PORT.
_PRELUDE = r"""
set -euo pipefail
ip link set lo up 2>/dev/null || "$MCPVCR_PYTHON" -m tests.targets.lo_up
wait_port() {
  local port=$1 deadline=$(( SECONDS + ${2:-20} ))
  until (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null; do
    if (( SECONDS >= deadline )); then
      echo "wait_port: nothing on 127.0.0.1:$port" >&2; return 1
    fi
    sleep 0.1
  done
}
"""


@dataclass(frozen=True)
class NetnsResult:
    """What a namespaced script did."""

    returncode: int
    stdout: str
    stderr: str
    timed_out: bool


def run_in_netns(
    script: str,
    *,
    timeout: float = 120.0,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] = REPO,
) -> NetnsResult:
    """Run a bash `script` in a fresh network + PID namespace with only `lo` (up).

    The script runs from `cwd` (the repo root by default) with `$MCPVCR_PYTHON` (this
    interpreter), `$LOOPBACK_PRELOAD` (the Node preload) and a `wait_port PORT [SECONDS]`
    function available; `set -euo pipefail` is on. Never raises on failure or time-out: on
    time-out the whole namespace is killed and `timed_out` is True.
    """
    full_env = dict(os.environ)
    full_env.update(env or {})
    full_env["MCPVCR_PYTHON"] = sys.executable
    full_env["LOOPBACK_PRELOAD"] = str(LOOPBACK_PRELOAD)
    full_env.setdefault("PYTHONPATH", str(REPO))
    argv = [*NETNS, "--pid", "--fork", "--kill-child", "bash", "-c", _PRELUDE + script]
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env=full_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
        return NetnsResult(proc.returncode, out, err, timed_out=False)
    except subprocess.TimeoutExpired:
        # Killing unshare kills the namespace's init (--kill-child), which kills the rest.
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return NetnsResult(proc.returncode, out, err, timed_out=True)


def node_http_command(entry: str | os.PathLike[str], *args: str, port: int) -> str:
    """A shell command line starting a Node server with the loopback preload on PORT."""
    quoted = " ".join(_sh_quote(a) for a in (str(entry), *args))
    return f'PORT={port} node --require "$LOOPBACK_PRELOAD" {quoted}'


def _sh_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)
