"""Config typos, --soft with other formats: refused with exit 2 and a line that names them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.config import load_config, load_fuzz_config
from mcpvcr.errors import UsageError
from tests.builders import cassette
from tests.live.helpers import REPO, run_mcpvcr


def _config(folder: Path, text: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unknown_key_is_refused_with_the_closest_known_one(tmp_path: Path) -> None:
    _config(tmp_path, "[tool.mcpvcr]\nmin_score = 80\n")
    with pytest.raises(UsageError, match=r"unknown key 'min_score'.*did you mean 'min-score'"):
        load_config(tmp_path)


def test_an_unknown_key_in_the_fuzz_table_is_refused(tmp_path: Path) -> None:
    _config(tmp_path, "[tool.mcpvcr.fuzz]\npins = {}\n")
    with pytest.raises(UsageError, match=r"unknown key 'pins' in \[tool.mcpvcr.fuzz\]"):
        load_fuzz_config(tmp_path)


def test_known_keys_and_other_commands_tables_are_accepted(tmp_path: Path) -> None:
    _config(
        tmp_path,
        '[tool.mcpvcr]\nmin-score = 80\nignore = ["pub"]\n'
        '[tool.mcpvcr.fuzz]\nscrub = ["x"]\n[tool.mcpvcr.fuzz.pin]\nadd = { a = 1 }\n'
        "[tool.mcpvcr.serve]\n",
    )
    assert load_config(tmp_path).min_score == 80
    assert dict(load_fuzz_config(tmp_path).pinned_arguments) == {"add": {"a": 1}}


def test_score_and_gate_exit_2_on_a_config_typo(tmp_path: Path) -> None:
    store.save(cassette(), str(tmp_path / "c.mcpvcr"))
    (tmp_path / "mcpvcr.toml").write_text("fail_on = 'warning'\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for args in (("score", "c.mcpvcr"), ("lint", "c.mcpvcr")):
        proc = subprocess.run(
            [sys.executable, "-m", "mcpvcr", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 2, proc.stderr
        assert "mcpvcr.toml" in proc.stderr and "unknown key 'fail_on'" in proc.stderr
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("extra", "code", "kind"),
    [
        (("--soft",), 0, "json"),
        (("--soft", "--format", "json"), 0, "json"),
        (("--soft", "--format", "html"), 2, None),
        (("--soft", "--format", "sarif"), 2, None),
        (("--soft", "--format", "markdown"), 2, None),
        (("--format", "html"), 0, "html"),
    ],
)
def test_every_format_works_with_soft_or_is_refused(
    tmp_path: Path, extra: tuple[str, ...], code: int, kind: str | None
) -> None:
    path = tmp_path / "c.mcpvcr"
    store.save(cassette(), str(path))
    proc = run_mcpvcr("score", str(path), *extra)
    assert proc.returncode == code, proc.stderr
    if kind == "json":
        assert proc.stdout.lstrip().startswith("{")
    elif kind == "html":
        assert proc.stdout.lstrip().lower().startswith("<!doctype html")
    else:
        assert "--soft" in proc.stderr and "Traceback" not in proc.stderr
