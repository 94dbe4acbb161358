"""Numbers inside bounds: minimum/maximum, exclusive bounds and multipleOf (for values.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from mcpvcr.fuzz import hints


def numbers(
    schema: dict[str, Any], name: str | None, variant: int, *, integer: bool
) -> Iterator[int | float]:
    low = _finite(schema.get("minimum"))
    high = _finite(schema.get("maximum"))
    xlow = _finite(schema.get("exclusiveMinimum"))
    xhigh = _finite(schema.get("exclusiveMaximum"))
    step = _finite(schema.get("multipleOf"))
    hint = hints.number_hint(name)
    bases = [hint, 1, 0, low, high, xlow, xhigh]
    if low is not None and high is not None:
        bases.append((low + high) / 2)
    for base in bases:
        if base is None:
            continue
        yield _fit_number(base + variant * (step or 1), low, high, xlow, xhigh, step, integer)


def _finite(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return value
    return None


def _fit_number(
    value: float,
    low: float | None,
    high: float | None,
    xlow: float | None,
    xhigh: float | None,
    step: float | None,
    integer: bool,
) -> int | float:
    unit = step or (1 if integer else 0.5)
    if low is not None and value < low:
        value = low
    if xlow is not None and value <= xlow:
        value = xlow + unit if high is None and xhigh is None else _between(xlow, high, xhigh, unit)
    if high is not None and value > high:
        value = high
    if xhigh is not None and value >= xhigh:
        value = (
            xhigh - unit
            if low is None and xlow is None
            else _between(xlow if xlow is not None else low, None, xhigh, unit)
        )
    if step and step > 0:
        value = math.ceil(value / step) * step
        if (high is not None and value > high) or (xhigh is not None and value >= xhigh):
            value -= step
    if integer:
        value = math.ceil(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def _between(low: float | None, high: float | None, xhigh: float | None, unit: float) -> float:
    top = high if high is not None else xhigh
    if low is None:
        return (top - unit) if top is not None else 0
    if top is None:
        return low + unit
    candidate = low + unit
    return (
        candidate
        if candidate < top or (high is not None and candidate <= high)
        else (low + top) / 2
    )
