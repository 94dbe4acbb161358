"""Whether a recorded input schema accepts recorded arguments, remembered between runs.

The judge asks this of every malformed case in a cassette recorded before facts
were stored (mcpvcr 0.1.x), and answering it means importing jsonschema and
checking each schema: most of a re-score's time. The answer depends only on the
schema, the arguments and the validating code, so it is kept in an authenticated
`disk_cache` table named by that code (see there for the trust model).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mcpvcr.disk_cache import Table, code_table

_PACKAGE = Path(__file__).resolve().parent.parent


def accepts(schema: Any, arguments: Any) -> bool:
    """Whether the input schema accepts the arguments (False when it cannot be used)."""
    if not isinstance(schema, Mapping) or arguments is None:
        return False
    table = _table()
    try:
        key = json.dumps([schema, arguments], sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        table = None  # not plain JSON: decide, remember nothing
    stored = table.get(key) if table is not None else None
    if isinstance(stored, bool):
        return stored
    answer = _validated(schema, arguments)
    if table is not None:
        table.put(key, answer)
    return answer


def _validated(schema: Any, arguments: Any) -> bool:
    from mcpvcr.fuzz.schemas import SchemaProblem, build_validator, is_valid

    try:
        return is_valid(build_validator(schema), arguments)
    except SchemaProblem:
        return False


@cache
def _table() -> Table | None:
    names = ["fuzz/schemas.py", "safe_regex.py", "linear_re.py", "linear_syntax.py"]
    names += ["linear_translate.py", "linear_plans.py"]
    sources = [_PACKAGE / name for name in names]
    return code_table("schema-accepts", [__file__, *sources], ["jsonschema", "re2"])
