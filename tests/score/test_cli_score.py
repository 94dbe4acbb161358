"""`mcpvcr score` and `mcpvcr audit` on the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cli import run
from tests.golden.demo_cassette import demo_cassette

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "demo.mcpvcr"
    store.save(demo_cassette(), path)
    return path


def test_score_prints_markdown_and_exits_0(
    demo_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["score", str(demo_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# mcpvcr conformance report\n")
    assert "**Overall score:** 77 / 100" in out and "**Grade:** B" in out


def test_min_score_fails_below_and_passes_at(
    demo_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["score", str(demo_file), "--min-score", "78"]) == 1
    err = capsys.readouterr().err
    assert err == f"mcpvcr: {demo_file}: score 77 is below the minimum 78\n"
    assert run(["score", str(demo_file), "--min-score", "77"]) == 0


def test_min_score_from_config(demo_file: Path, tmp_path: Path) -> None:
    (tmp_path / "mcpvcr.toml").write_text("min-score = 90\n", encoding="utf-8")
    assert run(["score", str(demo_file)]) == 1
    assert run(["score", str(demo_file), "--min-score", "50"]) == 0


def test_output_file_written_atomically(
    demo_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.html"
    assert run(["score", str(demo_file), "--format", "html", "-o", str(target)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "77/100 (B)" in err
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".report")] == []


def test_no_output_file_when_the_cassette_is_bad(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.mcpvcr").write_bytes(b"nope")
    target = tmp_path / "report.md"
    assert run(["score", str(tmp_path / "bad.mcpvcr"), "-o", str(target)]) == 3
    assert not target.exists()
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_machine_formats_are_json(
    demo_file: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    assert run(["score", str(demo_file), "--format", fmt]) == 0
    document = json.loads(capsys.readouterr().out)
    if fmt == "json":
        assert document["schema"] == "mcpvcr.report/1" and document["overall"] == 77
    else:
        location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == "file://" + str(demo_file)


def test_soft_view(demo_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["score", str(demo_file), "--soft"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["schema"] == "mcpvcr.report.soft/1"
    assert document["findings"] == {"total": 20, "error": 1, "warning": 9, "info": 10}
    assert document["critical"]["silentTools"] == 0
    assert "reasons" not in json.dumps(document)


def test_select_changes_the_schema_quality(
    demo_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["score", str(demo_file), "--format", "json", "--ignore", "param,tool,schema"])
    document = json.loads(capsys.readouterr().out)
    assert document["dimensions"][1]["score"] == 10


BLOCK_MCP = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "mcp" or name.startswith("mcp.") or name.startswith("mcpvcr.live"):
            raise ImportError("blocked: " + name)
        return None
sys.meta_path.insert(0, Block())
from mcpvcr.cli import run
codes = [run(argv) for argv in {argvs!r}]
loaded = sorted(m for m in sys.modules if m == "mcp" or m.startswith(("mcp.", "mcpvcr.live")))
print(codes, loaded, file=sys.stderr)
sys.exit(max(codes) if not loaded else 99)
"""


def test_score_and_lint_never_import_mcp(demo_file: Path) -> None:
    argvs = [
        ["score", str(demo_file), "--format", fmt, "-o", str(demo_file) + "." + fmt]
        for fmt in ("markdown", "json", "sarif", "html")
    ] + [["lint", str(demo_file), "--fail-on", "never", "--format", "sarif"]]
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_MCP.format(argvs=argvs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_audit_prints_the_same_bytes_as_score_on_the_recorded_cassette(tmp_path: Path) -> None:
    if not (ROOT / "examples" / "demo_target").is_dir():
        pytest.fail("examples/demo_target is missing")
    env = {**os.environ, "NO_COLOR": "1"}
    mcpvcr = [sys.executable, "-m", "mcpvcr"]
    stdio = f"{sys.executable} -m examples.demo_target"
    saved = tmp_path / "demo.mcpvcr"
    for fmt in ("markdown", "json"):
        audit = subprocess.run(
            [*mcpvcr, "audit", "--stdio", stdio, "--fuzz", "--save", str(saved), "--format", fmt],
            cwd=ROOT,
            capture_output=True,
            env=env,
            timeout=300,
        )
        assert audit.returncode == 0, audit.stderr.decode()
        scored = subprocess.run(
            [*mcpvcr, "score", str(saved), "--format", fmt],
            cwd=ROOT,
            capture_output=True,
            env=env,
            timeout=120,
        )
        assert scored.returncode == 0, scored.stderr.decode()
        assert audit.stdout == scored.stdout and audit.stdout


def test_audit_checks_its_options_before_recording(capsys: pytest.CaptureFixture[str]) -> None:
    # the target would hang if it were started: a bad selector must stop audit first
    assert run(["audit", "--stdio", "sleep 600", "--select", "nonsense"]) == 2
    assert "'nonsense' matches no lint rule" in capsys.readouterr().err


def test_audit_of_a_target_that_cannot_start_is_exit_3(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "audit", "--stdio", str(tmp_path / "no-such-server"),
         "--timeout", "5", "--save", str(tmp_path / "x.mcpvcr")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 3, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert not (tmp_path / "x.mcpvcr").exists()
