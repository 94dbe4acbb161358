"""Scenarios: named calls a recording makes besides (or instead of) the fuzz pass.

A scenarios file (`mcpvcr-scenarios.toml`) maps a name to one call; the same
tables may live under `[tool.mcpvcr.scenarios]` in pyproject.toml / mcpvcr.toml:

    [add-small]                      # tools/call
    tool = "add"
    arguments = { a = 1, b = 2 }

    [add-wrong-type]                 # an error case: the server should refuse it
    tool = "add"
    arguments = { a = "one" }
    expect = "error"

    [readme]                         # resources/read
    resource = "file:///README.md"

    [greet-bob]                      # prompts/get
    prompt = "greet"
    arguments = { name = "Bob" }

`record --scenarios FILE` records each as an interaction whose case is
`scenario:NAME` (or `scenario-error:NAME` with `expect = "error"`), in the file's
order after the fuzz calls; `verify` sends them again and `replay` answers them
like any recorded call. A scenario that used to succeed and now fails is a
breaking change; an error scenario the server now accepts is a security one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from mcpvcr.errors import UsageError

DEFAULT_FILE: Final = "mcpvcr-scenarios.toml"
KINDS: Final = {"tool": "tools/call", "resource": "resources/read", "prompt": "prompts/get"}


def load_scenarios(path: str) -> tuple[dict[str, Any], ...]:
    """The calls of a scenarios file ({method, target, case, params}), in file order."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such scenarios file") from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path}: not valid TOML ({err})") from None
    except OSError as err:
        raise UsageError(f"{path}: cannot be read ({err.strerror or err})") from None
    if Path(path).name in ("pyproject.toml", "mcpvcr.toml"):
        tool = data.get("tool")
        nested = tool.get("mcpvcr") if isinstance(tool, dict) else None
        data = nested.get("scenarios", {}) if isinstance(nested, dict) else {}
        if not isinstance(data, dict):
            raise UsageError(f"{path}: [tool.mcpvcr.scenarios] must be a table of named calls")
    calls = tuple(_call(name, table, path) for name, table in data.items())
    if not calls:
        raise UsageError(f"{path}: holds no scenarios")
    return calls


def _call(name: str, table: Any, source: str) -> dict[str, Any]:
    where = f"{source}: scenario '{name}'"
    if not isinstance(table, Mapping):
        raise UsageError(f"{where} must be a table (tool/resource/prompt = ...)")
    given = [key for key in KINDS if key in table]
    if len(given) != 1 or not isinstance(table[given[0]], str):
        raise UsageError(f"{where} needs exactly one of tool, resource or prompt (a string)")
    unknown = sorted(set(table) - {*KINDS, "arguments", "expect"})
    if unknown:
        raise UsageError(f"{where}: unknown key '{unknown[0]}'")
    arguments = table.get("arguments", {})
    if not isinstance(arguments, Mapping):
        raise UsageError(f"{where}: arguments must be a table")
    expect = table.get("expect", "ok")
    if expect not in ("ok", "error"):
        raise UsageError(f'{where}: expect must be "ok" or "error"')
    kind = given[0]
    target = str(table[kind])
    if kind == "tool":
        params: dict[str, Any] = {"name": target, "arguments": dict(arguments)}
    elif kind == "prompt":
        params = {"name": target, "arguments": {k: str(v) for k, v in arguments.items()}}
    else:
        if arguments:
            raise UsageError(f"{where}: a resource read takes no arguments")
        params = {"uri": target}
    case = f"scenario{'-error' if expect == 'error' else ''}:{name}"
    return {"method": KINDS[kind], "target": target, "case": case, "params": params}
