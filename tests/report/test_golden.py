"""Every report format of the demo cassette matches its golden file byte for byte."""

from __future__ import annotations

import pytest

from tests.golden.goldens import HERE, goldens


@pytest.mark.parametrize("name", sorted(goldens()))
def test_output_matches_golden(name: str) -> None:
    expected = (HERE / name).read_text(encoding="utf-8")
    assert goldens()[name]() == expected, f"regenerate with: python -m tests.regen golden ({name})"


@pytest.mark.parametrize("name", sorted(goldens()))
def test_output_is_deterministic(name: str) -> None:
    produce = goldens()[name]
    assert produce() == produce()
