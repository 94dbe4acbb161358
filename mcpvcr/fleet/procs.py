"""Ending a worker and everything it started, including processes that left its session."""

from __future__ import annotations

import contextlib
import os
import signal


def descendants(root: int) -> list[int]:
    """PIDs descending from `root`, by parent links in /proc (empty without /proc)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                ppid = int(handle.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found: list[int] = []
    frontier = [root]
    while frontier:
        for pid in children.get(frontier.pop(), ()):
            found.append(pid)
            frontier.append(pid)
    return found


def signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


def kill_all(pids: list[int]) -> None:
    """SIGKILL each pid's process group and the pid itself (whatever still exists)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(os.getpgid(pid), signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
