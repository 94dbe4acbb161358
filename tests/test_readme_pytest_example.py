"""The pytest example in docs/replay-basics.md passes exactly as written (issue 25, item 1).

The block is written to a scratch file and run by pytest with the repository as its
root, so `cassettes/everything.mcpvcr` resolves as it does for a user beside the
repository's cassettes. No async plugin or marker is involved: the mcpvcr plugin
runs an `async def` test that carries the `mcpvcr` marker.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import mcpvcr.pytest_plugin

REPO = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def _pytest_block(text: str) -> str:
    body: str = next(
        body
        for lang, body in BLOCK.findall(text)
        if lang == "python" and "mcpvcr_server" in body and "async def" in body
    )
    return body


def _run(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    test_file = tmp_path / "test_readme_example.py"
    test_file.write_text(code, encoding="utf-8")
    plugins = ["-p", "no:cacheprovider", "-p", "no:xdist"]
    root = ["--rootdir", str(REPO), "-c", str(REPO / "pyproject.toml")]
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *plugins, *root, str(test_file)],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def test_readme_pytest_block_passes_as_written(tmp_path: Path) -> None:
    code = _pytest_block((REPO / "docs" / "replay-basics.md").read_text(encoding="utf-8"))
    assert "async def test_my_client(mcpvcr_server)" in code
    assert "pytest.mark.anyio" not in code and "pytest.mark.asyncio" not in code
    done = _run(tmp_path, code)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_a_failing_async_example_fails(tmp_path: Path) -> None:
    """Mirror: the async test really runs (a wrong expectation fails, it is not skipped)."""
    code = _pytest_block((REPO / "docs" / "replay-basics.md").read_text(encoding="utf-8"))
    wrong = code.replace('"Echo: Hello from mcpvcr"', '"Echo: something else"')
    assert wrong != code
    done = _run(tmp_path, wrong)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout


def test_plugin_docstring_shows_the_same_async_test() -> None:
    doc = mcpvcr.pytest_plugin.__doc__ or ""
    readme = _pytest_block((REPO / "docs" / "replay-basics.md").read_text(encoding="utf-8"))
    for line in (
        '@pytest.mark.mcpvcr("cassettes/everything.mcpvcr")',
        "async def test_my_client(mcpvcr_server):",
        "params = StdioServerParameters(**mcpvcr_server.stdio_parameters())",
    ):
        assert line in doc and line in readme


ANYIO_OWNED = """
import pytest


@pytest.mark.anyio
@pytest.mark.mcpvcr("cassettes/everything.mcpvcr")
async def test_left_to_anyio(mcpvcr_server, anyio_backend):
    assert anyio_backend == "asyncio"
    assert mcpvcr_server.cassette.name == "everything.mcpvcr"
"""


def test_an_anyio_marked_test_is_left_to_anyio(tmp_path: Path) -> None:
    """Mirror: a test another async plugin owns runs once, under that plugin."""
    done = _run(tmp_path, ANYIO_OWNED)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
