"""The library API gives the same answers as the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio

import mcpvcr
from mcpvcr import api

REPO = Path(__file__).resolve().parent.parent
DEMO_CASSETTE = REPO / "cassettes" / "demo_target.mcpvcr"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args], capture_output=True, text=True, cwd=REPO
    )


def test_offline_functions_match_the_cli(tmp_path: Path) -> None:
    cassette = api.load(DEMO_CASSETTE)
    report = api.score(cassette)
    assert api.render(report, "markdown") == cli("score", str(DEMO_CASSETTE)).stdout
    assert api.render_report(report) == api.render(report)
    soft = api.soften_report(report)
    assert soft["overall"] == report.overall and "reasons" not in str(soft["dimensions"])
    codes = {finding.code for finding in api.lint(cassette)}
    assert "tool.missing_description" in codes
    assert api.diff(cassette, cassette).changes == ()
    copy = tmp_path / "copy.mcpvcr"
    assert api.save(cassette, copy) == copy.stat().st_size
    assert copy.read_bytes() == DEMO_CASSETTE.read_bytes()


def test_top_level_reexports_are_lazy_and_do_not_import_mcp() -> None:
    code = (
        "import sys, mcpvcr; mcpvcr.load; mcpvcr.render_report; "
        "assert 'mcp' not in sys.modules and 'mcpvcr.live' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_audit_stdio_equals_mcpvcr_audit() -> None:
    report = mcpvcr.audit_stdio(
        sys.executable, args=["-m", "examples.demo_target"], cwd=str(REPO), fuzz=True
    )
    printed = cli("audit", "--fuzz", "--stdio", f"{sys.executable} -m examples.demo_target")
    assert printed.returncode == 0, printed.stderr
    assert mcpvcr.render_report(report) == printed.stdout


def test_async_variant_records_the_same_cassette_bytes() -> None:
    from mcpvcr import codec
    from mcpvcr.targets import stdio_target

    target = stdio_target([sys.executable, "-m", "examples.demo_target"], cwd=str(REPO))
    sync = mcpvcr.record(target)
    asynchronous = anyio.run(lambda: mcpvcr.record_async(target))
    assert codec.encode(sync) == codec.encode(asynchronous)
