"""The first process inside an `unshare` jail (mcpvcr.live.sandbox): set up mounts, exec the server.

Run as a script (`python -I -S _jail_init.py ROOT CWD COPIED HOME BIN N PATH... --
COMMAND...`; COPIED is 1 or 0, N paths follow) in fresh
user, mount, PID and network namespaces. Stdlib only, no mcpvcr import: it
runs before anything else and must not depend on the caller's packages. Steps:

1. a tmpfs on /tmp (and /dev/shm): private, empty;
2. the server's own files under /tmp (its script's folder) bound back,
   read-only; the private copy of the working directory bound over its real
   path (a working directory too large to copy stays read-only);
3. every other mount remounted read-only (keeping its locked flags);
4. HOME and a shim directory for browser openers on the private /tmp;
5. a nested user + mount namespace, so the server cannot undo the read-only
   remounts (they are locked), then exec.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_NOATIME = 1024
MS_NODIRATIME = 2048
MS_BIND = 4096
MS_REC = 16384
MS_RELATIME = 1 << 21
MS_STRICTATIME = 1 << 24
CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000

_FLAGS = {
    "nosuid": MS_NOSUID,
    "nodev": MS_NODEV,
    "noexec": MS_NOEXEC,
    "noatime": MS_NOATIME,
    "nodiratime": MS_NODIRATIME,
    "relatime": MS_RELATIME,
    "strictatime": MS_STRICTATIME,
}
SHIMS = (
    "xdg-open",
    "sensible-browser",
    "x-www-browser",
    "www-browser",
    "gnome-open",
    "kde-open",
    "gio",
    "open",
    "wslview",
    "firefox",
    "chromium",
    "google-chrome",
)
_libc = ctypes.CDLL(None, use_errno=True)


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str = "") -> None:
    result = _libc.mount(
        source.encode() if source else None,
        target.encode(),
        fstype.encode() if fstype else None,
        ctypes.c_ulong(flags),
        data.encode() if data else None,
    )
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"mount {target}: {os.strerror(errno)}")


def _mounts() -> list[tuple[str, int]]:
    """(mount point, per-mount flags) of every mount, in mount order."""
    found = []
    with open("/proc/self/mountinfo") as handle:
        for line in handle:
            fields = line.split()
            point = fields[4].replace("\\040", " ").replace("\\011", "\t").replace("\\134", "\\")
            flags = 0
            for option in fields[5].split(","):
                flags |= _FLAGS.get(option, 0)
            found.append((point, flags))
    return found


def _flags_of(point: str) -> int:
    flags = 0
    for mounted, mount_flags in _mounts():
        if mounted == point:
            flags = mount_flags  # the last one mounted there is the visible one
    return flags


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _read_only_everywhere(trees: tuple[str, ...], exact: tuple[str, ...]) -> None:
    for point, flags in _mounts():
        if point in exact or any(_under(point, folder) for folder in trees):
            continue
        # A mount we may not change (e.g. hidden under another) is left as it was.
        with contextlib.suppress(OSError):
            _mount(None, point, None, MS_REMOUNT | MS_BIND | MS_RDONLY | flags)


def _shims(folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    for name in SHIMS:
        path = os.path.join(folder, name)
        with open(path, "w") as handle:
            handle.write(
                "#!/bin/sh\necho 'mcpvcr jail: opening a browser is disabled' >&2\nexit 1\n"
            )
        os.chmod(path, 0o755)


def _lock() -> None:
    """A nested user and mount namespace: the mounts above become locked for the server."""
    uid, gid = os.geteuid(), os.getegid()
    if _libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
        return
    try:
        with open("/proc/self/setgroups", "w") as handle:
            handle.write("deny")
        with open("/proc/self/uid_map", "w") as handle:
            handle.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as handle:
            handle.write(f"{gid} {gid} 1")
    except OSError:
        pass


def main(argv: list[str]) -> None:
    # Plain arguments, not JSON: importing json (re, enum) would double this script's start.
    root, cwd, flag, home, shims, count = argv[1:7]
    visible = argv[7 : 7 + int(count)]  # the server's own files under /tmp, shown read-only
    command = argv[8 + int(count) :]
    # Opened before /tmp is covered: the copy (or the folder itself) stays reachable.
    copied = flag == "1"
    source = os.path.join(root, "work") if copied else cwd
    source_fd = os.open(source, os.O_RDONLY | os.O_DIRECTORY)
    visible_fds = [(path, os.open(path, os.O_RDONLY | os.O_DIRECTORY)) for path in visible]
    _mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777")
    if os.path.isdir("/dev/shm"):
        with contextlib.suppress(OSError):
            _mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777")
    for path, fd in visible_fds:
        os.makedirs(path, exist_ok=True)
        _mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC)
        _mount(None, path, None, MS_REMOUNT | MS_BIND | MS_RDONLY | _flags_of(path))
        os.close(fd)
    exact: list[str] = []
    if copied or _under(cwd, "/tmp"):
        os.makedirs(cwd, exist_ok=True)  # a folder under /tmp is gone with the tmpfs
        _mount(f"/proc/self/fd/{source_fd}", cwd, None, MS_BIND | MS_REC)
        if copied:
            exact.append(cwd)
        else:  # too large to copy: read-only, even under the private /tmp
            _mount(None, cwd, None, MS_REMOUNT | MS_BIND | MS_RDONLY | _flags_of(cwd))
    os.close(source_fd)
    _read_only_everywhere(("/proc", "/sys", "/dev", "/tmp"), tuple(exact))
    os.makedirs(home, exist_ok=True)
    _shims(shims)
    try:
        os.chdir(cwd)
    except OSError:
        os.makedirs(cwd, exist_ok=True)
        os.chdir(cwd)
    _lock()
    try:
        os.execvp(command[0], command)
    except OSError as err:
        sys.stderr.write(f"mcpvcr jail: cannot start {command[0]!r}: {err.strerror}\n")
        sys.exit(127)


if __name__ == "__main__":
    main(sys.argv)
