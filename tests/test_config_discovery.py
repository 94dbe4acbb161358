"""A pyproject.toml is parsed only when it can hold [tool.mcpvcr]; every TOML spelling of
that table is still found."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr.config import find_config, load_config


@pytest.mark.parametrize(
    "text",
    [
        '[tool.mcpvcr]\nignore = ["tool"]\n',
        '[ tool . "mcpvcr" ]\nignore = ["tool"]\n',
        '[tool]\nmcpvcr = { ignore = ["tool"] }\n',
        'tool.mcpvcr.ignore = ["tool"]\n',
        'tool = { mcpvcr = { ignore = ["tool"] } }\n',
        '[project]\nname = "x"\n\n[tool.mcpvcr]\nignore = ["tool"]\n',
    ],
)
def test_every_spelling_of_the_table_is_found(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    assert find_config(tmp_path) == tmp_path / "pyproject.toml"
    assert load_config(tmp_path).ignore == ("tool",)


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "mcpvcr-plugin"\ndependencies = ["mcpvcr"]\n',
        '[tool.ruff]\nline-length = 100\n[tool.hatch.version]\npath = "mcpvcr/_version.py"\n',
        "[tool.ruff\nnot even valid TOML, and never parsed\n",
    ],
)
def test_a_pyproject_without_the_table_is_passed_over(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    (tmp_path / "sub").mkdir()
    found = find_config(tmp_path / "sub")
    assert found is None or tmp_path not in found.parents  # only a folder above could match
