"""The layering holds: the offline core imports no edge library, and no module cycle exists.

Read statically from the source (every `import`, also those inside functions,
since a lazy import runs too; `if TYPE_CHECKING:` blocks are left out because
they never run). The edges are the CLI (`click`), the live MCP edge
(`mcpvcr.live`, `mcp`) and the replay/serve servers (`starlette`, `uvicorn`,
`anyio`); see ARCHITECTURE.md.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mcpvcr"

EDGE_MODULES = (
    "mcpvcr.__main__",
    "mcpvcr.api",
    "mcpvcr.ci_action",
    "mcpvcr.cli",
    "mcpvcr.commands",
    "mcpvcr.live",
    "mcpvcr.pytest_plugin",
    "mcpvcr.replay",
    "mcpvcr.serve",
)
"""Modules allowed to reach an edge library; every other module is the offline core."""
FORBIDDEN_IN_CORE = ("mcp", "mcp_types", "click", "starlette", "uvicorn", "anyio", "mcpvcr.live")
OFFLINE_REPLAY = ("mcpvcr.replay.modes",)
"""Pure modules inside an edge package that the core rules apply to as well."""


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, package: str) -> Iterator[str]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child.test):
            for branch in child.orelse:
                yield from _imports(branch, package)
            continue
        if isinstance(child, ast.Import):
            yield from (alias.name for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                kept = package.split(".")[: len(package.split(".")) - child.level + 1]
                base = ".".join([*kept, base] if base else kept)
            for alias in child.names:
                full = f"{base}.{alias.name}"
                yield full if full in modules() else base
        yield from _imports(child, package)


@cache
def graph() -> dict[str, frozenset[str]]:
    edges = {}
    for name, path in modules().items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges[name] = frozenset(_imports(ast.parse(path.read_text()), package)) - {name}
    return edges


def reached(start: str) -> dict[str, list[str]]:
    """Every module `start` can import, each with one import chain that gets there."""
    chains = {start: [start]}
    stack = [start]
    while stack:
        here = stack.pop()
        for there in graph().get(here, ()):
            if there not in chains:
                chains[there] = [*chains[here], there]
                if there in modules():
                    stack.append(there)
    return chains


CORE = sorted(
    name
    for name in modules()
    if name != "mcpvcr"  # the package facade re-exports the API, live work included
    and (not _within(name, EDGE_MODULES) or _within(name, OFFLINE_REPLAY))
)


def test_the_graph_sees_the_known_edges() -> None:
    """The reader is not blind: the edges it must forbid in the core are found where they are."""
    assert any(_within(name, ("mcp",)) for name in reached("mcpvcr.live"))
    assert "click" in reached("mcpvcr.cli")
    assert "mcpvcr.lint" in CORE and "mcpvcr.score" in CORE and "mcpvcr.gate" in CORE
    assert "mcpvcr.commands.score" not in CORE


@pytest.mark.parametrize("module", CORE)
def test_offline_core_imports_no_edge_library(module: str) -> None:
    bad = {
        name: chain for name, chain in reached(module).items() if _within(name, FORBIDDEN_IN_CORE)
    }
    assert not bad, "; ".join(" -> ".join(chain) for chain in bad.values())


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    edges = {name: [t for t in targets if t in modules()] for name, targets in graph().items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in edges[node]:
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    assert _cycles() == []


def test_cycle_finder_finds_a_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mirror: two modules importing each other are reported."""
    fake = dict(graph())
    fake["mcpvcr.config"] = fake["mcpvcr.config"] | {"mcpvcr.lint"}
    fake["mcpvcr.lint"] = fake["mcpvcr.lint"] | {"mcpvcr.config"}
    monkeypatch.setitem(globals(), "graph", lambda: fake)
    assert ["mcpvcr.config", "mcpvcr.lint"] in _cycles()


def test_the_offline_core_only_reads_a_cassette() -> None:
    """Cassette is not frozen (recorder and episode log build it); lint, score, diff and the
    report writers must still leave it exactly as they found it."""
    import copy

    from mcpvcr.diff import diff
    from mcpvcr.lint import lint
    from mcpvcr.report import REPORT_FORMATS
    from mcpvcr.score import score
    from tests.golden.demo_cassette import demo_cassette

    old, new = demo_cassette(fuzzed=False), demo_cassette()
    before = copy.deepcopy((old.header, old.body, new.header, new.body))
    lint(new)
    report = score(new)
    for name in REPORT_FORMATS.names:
        REPORT_FORMATS.render(report, name)
    diff(old, new)
    assert (old.header, old.body, new.header, new.body) == before
