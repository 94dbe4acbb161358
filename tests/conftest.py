"""Shared test set-up: repo paths, the python to spawn, and the `real_target` marker.

`@pytest.mark.real_target("everything", "git@2025.11.25")` declares the real servers a test needs
(names as in `tests.targets`, optionally `@version`; no arguments means all of them). When one
is not installed the test is SKIPPED locally, but FAILS when `CI=true`, so CI can never go green
by silently skipping the tests that matter. Install with `python -m tests.targets install`.

Nothing here starts processes or does work at session start (safe with `pytest -n 2`).
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

# mcpvcr's speed-up cache (mcpvcr.disk_cache) and its key: private to this test process (and
# the CLI runs it spawns), so no test reads or writes the user's, and none depends on it.
_CACHE_HOME = tempfile.mkdtemp(prefix="mcpvcr-test-cache-")
atexit.register(shutil.rmtree, _CACHE_HOME, True)
os.environ["MCPVCR_CACHE_DIR"] = os.path.join(_CACHE_HOME, "cache")
os.environ["XDG_STATE_HOME"] = os.path.join(_CACHE_HOME, "state")


def in_ci() -> bool:
    """True when the environment says this is CI (CI=true/1/yes)."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def _missing_targets(specs: tuple[str, ...]) -> list[str]:
    from tests.targets import installed, versions

    if not specs:  # every pinned target, every version
        names = [
            "everything",
            "filesystem",
            "memory",
            "sequential-thinking",
            "time",
            "git",
            "fetch",
            "conformance",
            "inspector",
        ]
        specs = tuple(f"{n}@{v}" for n in names for v in versions(n))
    missing = []
    for spec in specs:
        name, _, version = spec.partition("@")
        if not installed(name, version or None):
            missing.append(spec)
    return missing


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (locally) or fail (CI) a real_target test whose servers are not installed."""
    marker = item.get_closest_marker("real_target")
    if marker is None:
        return
    missing = _missing_targets(tuple(str(a) for a in marker.args))
    if not missing:
        return
    message = (
        f"real target(s) not installed: {', '.join(missing)} "
        "(run `python -m tests.targets install`)"
    )
    if in_ci():
        pytest.fail(message + " [CI=true: real-target tests may not be skipped]", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (cwd for `python -m examples.demo_target` and friends)."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def python_exe() -> str:
    """The interpreter running the tests (has mcpvcr and its dependencies)."""
    return sys.executable


@pytest.fixture(scope="session")
def demo_target_argv() -> list[str]:
    """argv of the demo target over stdio; run it with cwd=repo_root."""
    return [sys.executable, "-m", "examples.demo_target"]


@pytest.fixture(scope="session")
def test_server_argv() -> Callable[..., list[str]]:
    """Factory: `test_server_argv("paginated", "--pages", "7")` -> argv of a tests/servers mode."""

    def make(mode: str, *args: str) -> list[str]:
        return [sys.executable, "-m", "tests.servers", mode, *args]

    return make


@pytest.fixture
def anyio_backend() -> str:
    """anyio tests run on asyncio only (what the mcp SDK uses)."""
    return "asyncio"
