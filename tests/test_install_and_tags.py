"""Install instructions work today and name tags of the documented scheme (issue 25, item 5).

Scheme: a release is the git tag `vX.Y.Z` where X.Y.Z is `mcpvcr/_version.py`'s version.
Every example that names a release (git URLs, the Action's `uses:`, pre-commit's `rev:`)
names the current version's tag, so bumping the version without the examples fails here.
mcpvcr is not on PyPI: no example installs it from there.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from mcpvcr._version import __version__

REPO = Path(__file__).resolve().parent.parent
TAG = f"v{__version__}"
DOCUMENTS = [
    REPO / "README.md",
    REPO / "action.yml",
    *sorted((REPO / "examples" / "ci").glob("*.y*ml")),
    *sorted((REPO / "docs").glob("*.md")),
]
RELEASE_REFERENCES = [
    re.compile(r"github\.com/[\w.-]+/mcpvcr@([^\s\"'#]+)"),  # pip/pipx/uvx git URLs
    re.compile(r"uses:\s*[\w.-]+/mcpvcr@([^\s\"'#]+)"),  # the GitHub Action
    re.compile(r"repo:\s*https://github\.com/[\w.-]+/mcpvcr\s*\n\s*rev:\s*([^\s\"'#]+)"),
]


def _references() -> list[tuple[str, str]]:
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for pattern in RELEASE_REFERENCES:
            found += [(path.name, match) for match in pattern.findall(text)]
    return found


def test_the_version_is_a_tag_of_the_scheme() -> None:
    assert re.fullmatch(r"v\d+\.\d+\.\d+", TAG)


def test_every_example_names_the_current_release_tag() -> None:
    references = _references()
    names = {name for name, _ in references}
    assert {"README.md", "mcp-contract.yml", "pre-commit-config.yaml", "fleet.yml"} <= names
    wrong = [(name, ref) for name, ref in references if ref != TAG]
    assert not wrong, f"examples must name {TAG}: {wrong}"


def test_a_moving_or_stale_tag_is_caught() -> None:
    """Mirror: the patterns see the tags they police."""
    stale = "- uses: OWNER/mcpvcr@v0\npip install git+https://github.com/o/mcpvcr@v0.0.9\n"
    refs = [m for pattern in RELEASE_REFERENCES for m in pattern.findall(stale)]
    assert sorted(refs) == ["v0", "v0.0.9"]


def test_no_example_installs_from_pypi() -> None:
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"pip install\s+[\"']?mcpvcr(?:[=<>\[\s\"']|$)", text, re.M), path
        assert "mcpvcr==" not in text and "uvx mcpvcr" not in text, path


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return done.stdout.strip()


@pytest.mark.slow
def test_pip_installs_from_a_git_url(tmp_path: Path) -> None:
    """`pip install git+URL@REF` builds mcpvcr of the version the tag names."""
    commit = _git("rev-parse", "HEAD")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "-w",
            str(tmp_path),
            f"git+file://{REPO}@{commit}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("mcpvcr-*.whl")
    assert wheel.name.startswith(f"mcpvcr-{__version__}-")
    with zipfile.ZipFile(wheel) as archive:
        assert "mcpvcr/cli.py" in archive.namelist()
        entry = next(n for n in archive.namelist() if n.endswith("entry_points.txt"))
        assert "mcpvcr = mcpvcr.cli:main" in archive.read(entry).decode()
