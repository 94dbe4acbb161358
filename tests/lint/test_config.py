"""`[tool.mcpvcr]` / mcpvcr.toml configuration and ruff-like selection."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr.config import LintConfig, find_config, load_config, matches, with_overrides
from mcpvcr.errors import UsageError
from mcpvcr.lint import lint
from tests.golden.demo_cassette import demo_cassette


def test_selector_matching_is_by_whole_dotted_segment() -> None:
    assert matches("tool.no_annotations", "tool")
    assert matches("tool.no_annotations", "tool.")
    assert matches("tool.no_annotations", "tool.no_annotations")
    assert matches("tool.no_annotations", "ALL")
    assert not matches("tool.no_annotations", "to")
    assert not matches("tool.no_annotations", "tool.no")


def test_select_and_ignore_filter_findings() -> None:
    only_params = lint(demo_cassette(), LintConfig(select=("param",), ignore=("param.untyped",)))
    assert {f.code for f in only_params} == {"param.missing_description"}


def test_severity_override_longest_selector_wins() -> None:
    config = LintConfig(severity={"tool": "warning", "tool.missing_description": "info"})
    by_code = {f.code: f.severity for f in lint(demo_cassette(), config)}
    assert by_code["tool.missing_description"] == "info"
    assert by_code["tool.no_annotations"] == "warning"


def test_per_tool_ignores_drop_only_that_tools_findings() -> None:
    config = LintConfig(per_tool_ignores={"greet": ("param", "tool.missing_description")})
    found = lint(demo_cassette(), config)
    greet = {f.code for f in found if f.location.get("tool") == "greet"}
    assert "param.untyped" not in greet and "tool.missing_description" not in greet
    assert "tool.no_annotations" in greet
    assert any(f.code == "param.untyped" and f.location["tool"] == "divide" for f in found)


def test_pyproject_table_is_found_upward(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        """
[project]
name = "x"

[tool.mcpvcr]
select = ["tool"]
ignore = ["tool.no_annotations"]
fail-on = "warning"
min-score = 80

[tool.mcpvcr.severity]
"tool.thin_description" = "error"

[tool.mcpvcr.per-tool-ignores]
greet = ["tool.missing_description"]
""",
        encoding="utf-8",
    )
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert find_config(nested) == tmp_path / "pyproject.toml"
    config = load_config(nested)
    assert config.select == ("tool",) and config.ignore == ("tool.no_annotations",)
    assert config.fail_on == "warning" and config.min_score == 80
    found = lint(demo_cassette(), config)
    assert [(f.code, f.severity) for f in found] == [("tool.thin_description", "error")]


def test_pyproject_without_table_is_skipped_and_mcpvcr_toml_wins(tmp_path: Path) -> None:
    (tmp_path / "mcpvcr.toml").write_text('ignore = ["pub"]\n', encoding="utf-8")
    inner = tmp_path / "pkg"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_config(inner) == tmp_path / "mcpvcr.toml"
    assert load_config(inner).ignore == ("pub",)


def test_no_config_gives_defaults(tmp_path: Path) -> None:
    assert find_config(tmp_path) is None
    assert load_config(tmp_path) == LintConfig()


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[tool.mcpvcr]\nselect = "tool"\n', "'select' must be a list of strings"),
        ('[tool.mcpvcr]\nfail-on = "fatal"\n', "fail-on must be one of"),
        ("[tool.mcpvcr]\nmin-score = 101\n", "min-score must be an integer"),
        ('[tool.mcpvcr.severity]\n"tool" = "loud"\n', "severity of 'tool'"),
        ("[tool.mcpvcr\n", "not valid TOML"),
    ],
)
def test_bad_config_is_a_one_line_usage_error_naming_the_file(
    tmp_path: Path, text: str, needle: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        load_config(tmp_path)
    assert needle in str(caught.value) and "pyproject.toml" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_selector_matching_no_rule_is_refused_when_linting(tmp_path: Path) -> None:
    """The file is named; the check runs where the rule codes are known (the linter)."""
    (tmp_path / "pyproject.toml").write_text('[tool.mcpvcr]\nselect = ["toool"]\n')
    config = load_config(tmp_path)
    with pytest.raises(UsageError) as caught:
        lint(demo_cassette(), config)
    assert "'toool' matches no lint rule" in str(caught.value)
    assert "pyproject.toml" in str(caught.value)
    (tmp_path / "pyproject.toml").write_text('[tool.mcpvcr]\nselect = ["tool"]\n')
    assert lint(demo_cassette(), load_config(tmp_path))  # mirror: a real prefix lints


def test_command_line_select_replaces_and_ignore_adds() -> None:
    base = LintConfig(select=("tool",), ignore=("pub",))
    merged = with_overrides(base, select=["param,schema"], ignore=["tool.no_annotations"])
    assert merged.select == ("param", "schema")
    assert merged.ignore == ("pub", "tool.no_annotations")
    with pytest.raises(UsageError, match=r"the command line: 'nothing\.like\.this'"):
        lint(demo_cassette(), with_overrides(base, select=["nothing.like.this"]))
