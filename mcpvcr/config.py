"""Lint and score configuration, like ruff's: `[tool.mcpvcr]` in pyproject.toml or mcpvcr.toml.

The file is found by walking up from the current directory; the first
`mcpvcr.toml` (top-level keys, or a `[tool.mcpvcr]` table) or `pyproject.toml`
with a `[tool.mcpvcr]` table wins. Keys:

    select = ["tool", "schema.invalid"]   # codes or dotted prefixes; "ALL" = every rule
                                          # (default: all but the opt-in pub.* rules)
    ignore = ["pub", "tool.no_annotations"]
    fail-on = "error"                      # lint exits 1 at/above: error | warning | info
    min-score = 75                         # score exits 1 below it
    [tool.mcpvcr.severity]                 # per code or prefix
    "tool.unusual_name" = "info"
    [tool.mcpvcr.per-tool-ignores]         # tool name -> codes or prefixes
    legacy_tool = ["param"]
    [tool.mcpvcr.heuristics]               # verdict heuristics on/off (docs/verdicts.md)
    "text.guess" = false

Sub-tables of other commands (`fuzz`, `serve`, `verify`, `scenarios`) are read by
them. Any other key is a usage error (exit 2) naming the file and the closest known
key: a typo such as `min_score` must not silently leave the gate at its default.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mcpvcr.errors import UsageError

SEVERITY_NAMES = ("error", "warning", "info")

KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "": (
        "select",
        "ignore",
        "severity",
        "per-tool-ignores",
        "fail-on",
        "min-score",
        "heuristics",
        "fuzz",
        "serve",
        "verify",
        "scenarios",
    ),
    "fuzz": ("pin", "scrub", "order"),
}
"""The keys each table may hold ("" = `[tool.mcpvcr]` itself); add a command's keys here."""


def check_known_keys(table: Mapping[str, Any], where: str, source: str) -> None:
    """Refuse a key mcpvcr does not read, suggesting the closest known one."""
    import difflib

    known = KNOWN_KEYS[where]
    for key in table:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            name = f"[tool.mcpvcr.{where}]" if where else "[tool.mcpvcr]"
            raise UsageError(f"{source}: unknown key '{key}' in {name}{hint}")


@dataclass(frozen=True, kw_only=True)
class LintConfig:
    """Which rules run, at what severity, and when a check fails."""

    select: tuple[str, ...] = ()
    """Codes or prefixes to run; empty = every rule that is on by default (not `pub.*`)."""
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, str] = field(default_factory=dict)
    per_tool_ignores: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fail_on: str = "error"
    min_score: int | None = None
    heuristics_off: frozenset[str] = frozenset()
    """Verdict heuristics switched off (ids of mcpvcr.judge.heuristics; checked there)."""
    source: str | None = None
    """The file this came from, for messages; None = defaults."""
    selector_origins: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """(selector, where it was written) for every selector, checked by `check_selectors`."""

    def check_selectors(self, codes: Iterable[str]) -> None:
        """Refuse a selector that matches no rule: a typo must not silently select nothing.

        The linter calls this with the registry's codes (this module sits below the
        rule registry, so it is handed the codes rather than importing them).
        """
        known = list(codes)
        for selector, origin in self.selector_origins:
            if not any(matches(code, selector) for code in known):
                raise UsageError(
                    f"{origin}: '{selector}' matches no lint rule (see `mcpvcr rules`)"
                )

    def selects(self, code: str, default: bool = True) -> bool:
        """Whether a rule runs: selected (or on by default when nothing is), and not ignored."""
        chosen = any(matches(code, s) for s in self.select) if self.select else default
        return chosen and not any(matches(code, s) for s in self.ignore)

    def severity_of(self, code: str, default: str) -> str:
        """The configured severity: the longest matching code/prefix wins."""
        best: tuple[int, str] | None = None
        for selector, level in self.severity.items():
            if matches(code, selector) and (best is None or len(selector) > best[0]):
                best = (len(selector), level)
        return best[1] if best else default

    def ignored_for_tool(self, tool: str, code: str) -> bool:
        return any(matches(code, s) for s in self.per_tool_ignores.get(tool, ()))

    def rules_off(self, rules: Iterable[tuple[str, bool, str]]) -> tuple[str, ...]:
        """One line per rule family this configuration turns off or weakens, naming who did it.

        `rules` are (code, on by default, default severity). A family is reported when
        a rule of it that runs by default does not run (select/ignore), is lowered from
        error (severity), or is ignored for some tool (per-tool-ignores)."""
        who = self.source or "the command line"
        off: dict[str, list[str]] = {}
        total: dict[str, int] = {}
        lowered: dict[str, set[str]] = {}
        for code, default, severity in rules:
            if not default:
                continue
            family = code.split(".", 1)[0]
            total[family] = total.get(family, 0) + 1
            if not self.selects(code, default):
                off.setdefault(family, []).append(code)
            elif severity == "error" and self.severity_of(code, severity) != "error":
                lowered.setdefault(family, set()).add(self.severity_of(code, severity))
        lines = [
            f"{family} rules off by configuration ({len(codes)} of {total[family]}; "
            f"select/ignore in {who})"
            for family, codes in sorted(off.items())
        ]
        lines += [
            f"{family} errors lowered to {'/'.join(sorted(levels))} by configuration "
            f"(severity in {who})"
            for family, levels in sorted(lowered.items())
        ]
        tools: dict[str, list[str]] = {}
        for tool, selectors in sorted(self.per_tool_ignores.items()):
            for selector in selectors:
                family = selector.split(".", 1)[0]
                if selector == "ALL" or family in total:
                    tools.setdefault("ALL" if selector == "ALL" else family, []).append(tool)
        lines += [
            f"{family} rules off for {len(names)} tool(s) by configuration "
            f"(per-tool-ignores in {who})"
            for family, names in sorted(tools.items())
        ]
        return tuple(lines)

    def pinned(self, families: Iterable[str]) -> LintConfig:
        """This configuration with `families` (e.g. "security") forced back on: every
        select/ignore, severity and per-tool-ignore that would turn them off or lower
        them is dropped (`--pin-security`; the Action's pin-security input)."""
        pins = tuple(families)

        def touches(selector: str) -> bool:
            return selector == "ALL" or any(
                matches(f"{family}.x", selector) or matches(selector, family) for family in pins
            )

        select = self.select
        if select and not all(any(matches(f"{f}.x", s) for s in select) for f in pins):
            select = (*select, *pins)
        return replace(
            self,
            select=select,
            ignore=tuple(s for s in self.ignore if not touches(s)),
            severity={k: v for k, v in self.severity.items() if not touches(k)},
            per_tool_ignores={
                tool: tuple(s for s in sel if not touches(s))
                for tool, sel in self.per_tool_ignores.items()
            },
        )


def matches(code: str, selector: str) -> bool:
    """Ruff-like selection: "ALL", an exact code, or a dotted prefix ("tool", "security.")."""
    if selector == "ALL" or code == selector:
        return True
    prefix = selector if selector.endswith(".") else selector + "."
    return code.startswith(prefix)


def with_overrides(
    config: LintConfig,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] = (),
    fail_on: str | None = None,
    min_score: int | None = None,
) -> LintConfig:
    """Apply command-line options: --select replaces, --ignore adds, the rest override."""
    select = _split(select) if select is not None else None
    ignore = _split(ignore)
    given = [*(select or ()), *ignore]
    source = config.source
    if select or ignore:  # the rules a report says are off were chosen here too
        source = f"{source} and the command line" if source else "the command line"
    return _maybe_pinned(
        replace(
            config,
            source=source,
            selector_origins=(*config.selector_origins, *((s, "the command line") for s in given)),
            select=tuple(select) if select else config.select,
            ignore=(*config.ignore, *ignore),
            fail_on=fail_on or config.fail_on,
            min_score=min_score if min_score is not None else config.min_score,
        )
    )


def _split(values: Iterable[str]) -> list[str]:
    """Accept both repeated options and comma lists (`--select a,b`)."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def find_config(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The config file that applies to `start` (default: the current directory)."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "mcpvcr.toml"
        if candidate.is_file():
            return candidate
        candidate = folder / "pyproject.toml"
        if (
            candidate.is_file()
            and _may_hold_tool_table(candidate)
            and _tool_table(_read(candidate), candidate) is not None
        ):
            return candidate
    return None


_TABLE_OPENINGS = (b"[tool.mcpvcr", b"[[tool.mcpvcr", b"tool.mcpvcr", b"[tool]", b"tool=")


def _may_hold_tool_table(path: Path) -> bool:
    """Whether a line opens `[tool.mcpvcr]` in any TOML spelling: its header, a `[tool]`
    table, a dotted `tool.mcpvcr` key or an inline `tool = {...}`. A pyproject.toml with
    none is not parsed (most are not mcpvcr's; parsing costs more than `score`'s set-up)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return True  # let _read say what is wrong with it
    for line in raw.splitlines():
        bare = line.translate(None, b" \t\"'")  # `[ tool . "mcpvcr" ]` -> `[tool.mcpvcr]`
        if bare.startswith(_TABLE_OPENINGS):
            return True
    return False


PIN_ENV = "MCPVCR_PIN_SECURITY"
"""Set (to 1/true) by `--pin-security` and the Action's `pin-security` input: the security
rules run at their own severity whatever a repository's configuration says."""


def pin_requested() -> bool:
    return os.environ.get(PIN_ENV, "").strip().lower() in ("1", "true", "yes")


def _maybe_pinned(config: LintConfig) -> LintConfig:
    return config.pinned(("security",)) if pin_requested() else config


def load_config(start: str | os.PathLike[str] | None = None) -> LintConfig:
    """Load the configuration that applies to `start`; defaults when there is none."""
    path = find_config(start)
    if path is None:
        return LintConfig()
    data = _read(path)
    table = _tool_table(data, path)
    if table is None:  # mcpvcr.toml with top-level keys
        table = data
    return _maybe_pinned(parse_config(table, str(path)))


def _read(path: Path) -> dict[str, Any]:
    import tomllib  # only when a config file is there to read

    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path}: not valid TOML ({err})") from None
    except OSError as err:
        raise UsageError(f"{path}: cannot be read ({err.strerror or err})") from None


def _tool_table(data: dict[str, Any], path: Path) -> dict[str, Any] | None:
    tool = data.get("tool")
    table = tool.get("mcpvcr") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise UsageError(f"{path}: [tool.mcpvcr] must be a table")
    return table


def parse_config(table: Mapping[str, Any], source: str) -> LintConfig:
    """Build a LintConfig from a `[tool.mcpvcr]` table, with one-line errors naming `source`."""
    check_known_keys(table, "", source)
    select = _strings(table, "select", source)
    ignore = _strings(table, "ignore", source)
    severity = _table(table, "severity", source)
    for selector, level in severity.items():
        if level not in SEVERITY_NAMES:
            raise UsageError(
                f"{source}: severity of '{selector}' must be one of {', '.join(SEVERITY_NAMES)}"
            )
    per_tool = _table(table, "per-tool-ignores", source)
    per_tool_ignores = {
        str(tool): tuple(_strings(per_tool, str(tool), source)) for tool in per_tool
    }
    fail_on = table.get("fail-on", "error")
    if fail_on not in SEVERITY_NAMES:
        raise UsageError(f"{source}: fail-on must be one of {', '.join(SEVERITY_NAMES)}")
    min_score = table.get("min-score")
    if min_score is not None and (
        not isinstance(min_score, int) or isinstance(min_score, bool) or not 0 <= min_score <= 100
    ):
        raise UsageError(f"{source}: min-score must be an integer from 0 to 100")
    selectors = [*select, *ignore, *severity, *(s for v in per_tool_ignores.values() for s in v)]
    switches = _table(table, "heuristics", source)
    for key, on in switches.items():
        if not isinstance(on, bool):
            raise UsageError(f"{source}: heuristics.{key} must be true or false")
    return LintConfig(
        selector_origins=tuple((s, source) for s in selectors),
        select=tuple(select),
        ignore=tuple(ignore),
        severity=dict(severity),
        per_tool_ignores=per_tool_ignores,
        fail_on=fail_on,
        min_score=min_score,
        heuristics_off=frozenset(str(k) for k, on in switches.items() if on is False),
        source=source,
    )


def _strings(table: Mapping[str, Any], key: str, source: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(f"{source}: '{key}' must be a list of strings")
    return list(value)


def _table(table: Mapping[str, Any], key: str, source: str) -> dict[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise UsageError(f"{source}: '{key}' must be a table")
    return value


@dataclass(frozen=True, kw_only=True)
class FuzzConfig:
    """`[tool.mcpvcr.fuzz]`: known-good arguments and extra scrub patterns for recordings.

        [tool.mcpvcr.fuzz]
        scrub = ["req-[0-9a-f]{8}"]
        order = ["create_entities", "add_observations"]   # exercised first, in order
        [tool.mcpvcr.fuzz.pin]
        git_status = { repo_path = "." }
        read_file = { path = "README.md" }

    `--pin TOOL=JSON` wins over a pin here for the same tool; `--scrub` adds to `scrub`.
    """

    pinned_arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    scrub_patterns: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    source: str | None = None


def load_fuzz_config(start: str | os.PathLike[str] | None = None) -> FuzzConfig:
    """The `[tool.mcpvcr.fuzz]` table that applies to `start` (empty when there is none)."""
    path = find_config(start)
    if path is None:
        return FuzzConfig()
    data = _read(path)
    table = _tool_table(data, path)
    if table is None:
        table = data
    return parse_fuzz_config(_table(table, "fuzz", str(path)), str(path))


def parse_fuzz_config(table: Mapping[str, Any], source: str) -> FuzzConfig:
    """Build a FuzzConfig with one-line errors naming `source`."""
    check_known_keys(table, "fuzz", source)
    pins = _table(table, "pin", f"{source}: [fuzz]")
    for tool, arguments in pins.items():
        if not isinstance(arguments, dict):
            raise UsageError(f"{source}: [fuzz.pin] '{tool}' must be a table of arguments")
    scrub = _strings(table, "scrub", f"{source}: [fuzz]")
    for pattern in scrub:
        try:
            re.compile(pattern)
        except re.error as err:
            raise UsageError(f"{source}: [fuzz] scrub {pattern!r} is not a regex ({err})") from None
    return FuzzConfig(
        pinned_arguments={str(tool): dict(args) for tool, args in pins.items()},
        scrub_patterns=tuple(scrub),
        order=tuple(_strings(table, "order", f"{source}: [fuzz]")),
        source=source,
    )


def load_subtable(
    name: str, start: str | os.PathLike[str] | None = None
) -> tuple[dict[str, Any], str]:
    """The `[tool.mcpvcr.<name>]` table for `start`, and its file ({} and "" when none)."""
    path = find_config(start)
    if path is None:
        return {}, ""
    data = _read(path)
    table = _tool_table(data, path)
    if table is None:
        table = data
    return _table(table, name, str(path)), str(path)
