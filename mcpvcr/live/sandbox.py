"""The jail a stdio server runs in during a live pass (`--sandbox auto|bwrap|unshare|none`).

A jailed server has:
- no network (a network namespace with no interface up);
- a private, writable copy of its working directory, at the same path (a
  folder over COPY_MAX_BYTES or COPY_MAX_FILES is not copied: it is
  read-only in the jail, and the run says so);
- a private, empty /tmp and /dev/shm, and HOME=/tmp/home;
- the rest of the filesystem read-only;
- no display (DISPLAY, WAYLAND_DISPLAY unset), BROWSER and the usual
  openers (xdg-open, sensible-browser, ...) replaced by shims that fail;
- its own PID namespace with a fresh /proc (it cannot read mcpvcr's
  /proc/<pid>/environ), ended with its process group at the end.

`bwrap` (bubblewrap) is used when installed, else `unshare` (util-linux:
user, mount, PID and network namespaces; works as root and as a normal user
where unprivileged user namespaces are allowed). `auto` picks the first that
works here, or none (the run says so, and the call policy then calls only
read-only tools: mcpvcr.fuzz.policy).

Because every write lands in the copy, mcpvcr sees what each tool changed:
`Jail.snapshot()` before and after a call, `changes()` the difference (paths
relative to the working directory and sizes, never contents).

What a jail does not stop (docs/sandbox.md): an HTTP/SSE server (it runs
elsewhere); file descriptors or sockets the server inherits; writes to
devices under /dev; CPU, memory and disk use inside the copy; side effects of
a local server that only reaches other processes through shared files
outside the working directory (they are read-only, so the calls fail).
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from typing import Any

from mcpvcr.errors import UsageError

KINDS = ("bwrap", "unshare")
COPY_MAX_BYTES = 256 * 1024 * 1024
COPY_MAX_FILES = 5_000
SNAPSHOT_MAX_FILES = 20_000
JAIL_HOME = "/tmp/home"
JAIL_BIN = "/tmp/.mcpvcr-bin"
_NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY")
_INIT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_jail_init.py")

Snapshot = dict[str, tuple[int, int]]
"""Path relative to the working directory -> (size, mtime ns)."""


def _unshare_argv() -> list[str]:
    return [
        "unshare",
        "--user",
        "--map-root-user",
        "--net",
        "--mount",
        "--pid",
        "--fork",
        "--mount-proc",
        "--kill-child",
        "--propagation",
        "private",
        "--",
    ]


@functools.cache
def available(kind: str) -> bool:
    """Whether `kind` can start a process here (probed once per run)."""
    if kind == "bwrap":
        argv = ["bwrap", "--unshare-all", "--ro-bind", "/", "/", "--proc", "/proc", "true"]
    elif kind == "unshare":
        argv = [*_unshare_argv(), "true"]
    else:
        return False
    if shutil.which(argv[0]) is None:
        return False
    try:
        done = subprocess.run(argv, capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def choose(requested: str) -> str | None:
    """The jail to use for `--sandbox requested`; None for `none` or when auto finds none."""
    if requested == "none":
        return None
    if requested == "auto":
        return next((kind for kind in KINDS if available(kind)), None)
    if requested not in KINDS:
        raise UsageError(f"--sandbox {requested}: expected auto, bwrap, unshare or none")
    if not available(requested):
        raise UsageError(
            f"--sandbox {requested}: not available here ({_missing(requested)}); "
            "use --sandbox auto or --sandbox none"
        )
    return requested


def _missing(kind: str) -> str:
    if shutil.which(kind) is None:
        return f"{kind} is not installed"
    return "user namespaces are not allowed"


@dataclass
class Jail:
    """One prepared jail: a scratch folder holding the working-directory copy."""

    kind: str
    cwd: str
    """The server's working directory, as the server sees it (the real path)."""
    root: str
    copied: bool
    note: str = ""
    """Why the working directory was not copied (empty when it was)."""

    @property
    def work(self) -> str:
        return os.path.join(self.root, "work")

    def argv(self, command: list[str]) -> list[str]:
        if self.kind == "bwrap":
            return [*self._bwrap_argv(command), "--", *command]
        visible = self._visible(command)
        spec = [self.root, self.cwd, "1" if self.copied else "0", JAIL_HOME, JAIL_BIN]
        spec += [str(len(visible)), *visible]
        return [*_unshare_argv(), sys.executable, "-I", "-S", _INIT, *spec, "--", *command]

    def _visible(self, command: list[str]) -> list[str]:
        """Folders under /tmp that hold the server's own files (named in its command line).

        The jail's /tmp is private: a server started as `python /tmp/x/server.py`
        would not find itself. Those folders are shown again, read-only.
        """
        found: set[str] = set()
        for item in command:
            folder = visible_folder(item)
            # A folder inside the working directory is in its copy already.
            if folder is not None and not _under(folder, self.cwd):
                found.add(folder)
        return sorted(found)

    def _bwrap_argv(self, command: list[str]) -> list[str]:
        argv = [
            "bwrap",
            "--unshare-all",
            "--die-with-parent",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--tmpfs",
            "/tmp",
            "--dir",
            JAIL_HOME,
            "--ro-bind",
            os.path.join(self.root, "bin"),
            JAIL_BIN,
        ]
        for folder in self._visible(command):
            argv += ["--ro-bind", folder, folder]
        argv += ["--bind" if self.copied else "--ro-bind", self.work if self.copied else self.cwd]
        argv += [self.cwd, "--chdir", self.cwd]
        return argv

    def env(self, env: dict[str, str]) -> dict[str, str]:
        return jailed_env(env)

    def snapshot(self) -> Snapshot:
        """What the working-directory copy holds now (nothing when it was not copied)."""
        return snapshot(self.work) if self.copied else {}

    def cleanup(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def jailed_env(env: dict[str, str]) -> dict[str, str]:
    """The server's environment in a jail: own HOME and /tmp, no display, no browser."""
    jailed = {key: value for key, value in env.items() if key not in _NO_DISPLAY}
    jailed["HOME"] = JAIL_HOME
    jailed["TMPDIR"] = "/tmp"
    jailed["BROWSER"] = os.path.join(JAIL_BIN, "xdg-open")
    jailed["PATH"] = JAIL_BIN + os.pathsep + env.get("PATH", os.defpath)
    return jailed


def prepare(kind: str, cwd: str | None) -> Jail:
    """A scratch folder with the copy of `cwd` (the caller ends it with `cleanup`)."""
    real = os.path.realpath(cwd or os.getcwd())
    root = tempfile.mkdtemp(prefix="mcpvcr-jail-")
    _write_shims(os.path.join(root, "bin"))
    too_big = _too_big(real)
    jail = Jail(kind=kind, cwd=real, root=root, copied=too_big is None, note=too_big or "")
    if jail.copied:
        _copy(real, jail.work)
    return jail


def _write_shims(folder: str) -> None:
    from mcpvcr.live._jail_init import SHIMS

    os.makedirs(folder)
    for name in SHIMS:
        path = os.path.join(folder, name)
        with open(path, "w") as handle:
            handle.write(
                "#!/bin/sh\necho 'mcpvcr jail: opening a browser is disabled' >&2\nexit 1\n"
            )
        os.chmod(path, 0o755)


PROJECT_MARKERS = ("package.json", "pyproject.toml", "setup.py", "node_modules", ".git")


def visible_folder(item: str) -> str | None:
    """The folder under /tmp to show read-only for a command-line item, or None.

    A path through a symbolic link (a cache linking to installed packages) shows
    the folder holding the first link, so the link resolves as outside. A file
    inside a `node_modules` tree shows the install prefix that holds the tree
    (`npm install --prefix` hoists a package's dependencies beside it); a file
    inside a virtual environment (its root has `pyvenv.cfg`) shows that
    environment, or the project around it. Else the nearest enclosing project
    (package.json, pyproject.toml, ...), else the file's own folder.
    """
    if not os.path.isabs(item) or not _under(item, "/tmp") or not os.path.exists(item):
        return None
    path = os.path.normpath(item)
    parts = path.split("/")[2:]  # after "", "tmp"
    if "node_modules" in parts[1:-1]:
        # `node_modules/.bin/cmd` is a link into the tree: the whole prefix holds both ends
        prefix = "/tmp/" + "/".join(parts[: parts.index("node_modules", 1)])
        return _enclosing_project(prefix) or prefix
    for depth in range(1, len(parts)):
        # a venv's bin/python is a link to the base interpreter: show the venv (or its project)
        root = "/tmp/" + "/".join(parts[:depth])
        if os.path.isfile(os.path.join(root, "pyvenv.cfg")):
            return _enclosing_project(root) or root
    for depth in range(1, len(parts) + 1):
        prefix = "/tmp/" + "/".join(parts[:depth])
        if os.path.islink(prefix):
            folder = os.path.dirname(prefix)
            return None if folder == "/tmp" else folder
    folder = path if os.path.isdir(path) else os.path.dirname(path)
    found = _enclosing_project(folder)
    return found if found is not None else (None if folder == "/tmp" else folder)


def _enclosing_project(folder: str) -> str | None:
    """The nearest folder at or above `folder` (below /tmp) that is a project, or None.

    A virtual environment counts only when no project encloses it: a project's own
    `.venv` needs the project too (an editable install points back into it).
    """
    venv: str | None = None
    probe = folder
    while probe != "/tmp" and _under(probe, "/tmp"):
        if any(os.path.exists(os.path.join(probe, marker)) for marker in PROJECT_MARKERS):
            return probe
        if venv is None and os.path.exists(os.path.join(probe, "pyvenv.cfg")):
            venv = probe
        probe = os.path.dirname(probe)
    return venv


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _too_big(folder: str) -> str | None:
    """Why `folder` is not copied (over the caps), or None."""
    files = size = 0
    for base, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(base, d))]
        for name in names:
            files += 1
            try:
                size += os.lstat(os.path.join(base, name)).st_size
            except OSError:
                continue
            if files > COPY_MAX_FILES:
                return f"over {COPY_MAX_FILES} files, not copied"
            if size > COPY_MAX_BYTES:
                return f"over {COPY_MAX_BYTES // (1024 * 1024)} MB, not copied"
    return None


def _copy(source: str, dest: str) -> None:
    """Regular files, folders and symbolic links (never a FIFO or device: reading one blocks)."""

    def copy_regular(src: str, dst: str) -> str:
        try:
            if stat.S_ISREG(os.lstat(src).st_mode):
                shutil.copy2(src, dst)
        except OSError:
            pass  # unreadable: absent from the copy
        return dst

    shutil.copytree(source, dest, symlinks=True, copy_function=copy_regular, dirs_exist_ok=True)


def snapshot(folder: str) -> Snapshot:
    """Path -> (size, mtime ns) of every file and link under `folder` (bounded)."""
    found: Snapshot = {}
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names) + [d for d in dirs if os.path.islink(os.path.join(base, d))]:
            path = os.path.join(base, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            found[os.path.relpath(path, folder)] = (info.st_size, info.st_mtime_ns)
            if len(found) >= SNAPSHOT_MAX_FILES:
                return found
    return found


def changes(before: Snapshot, after: Snapshot) -> dict[str, Any]:
    """What changed between two snapshots: {created, modified, deleted}: [{path, size}], sorted."""
    created = [{"path": p, "size": after[p][0]} for p in sorted(after) if p not in before]
    deleted = [{"path": p, "size": before[p][0]} for p in sorted(before) if p not in after]
    modified = [
        {"path": p, "size": after[p][0]}
        for p in sorted(after)
        if p in before and after[p] != before[p]
    ]
    return {
        key: value
        for key, value in (("created", created), ("modified", modified), ("deleted", deleted))
        if value
    }
