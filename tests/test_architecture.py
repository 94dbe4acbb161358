"""The layering holds: ARCHITECTURE.md's layer table and module map are the law.

Read statically from the source: every `import`, also those inside functions (a lazy
import runs too) and inside `if TYPE_CHECKING:` (a type-only cycle is still a cycle);
the parent packages an import runs (`import mcpvcr.lint.registry` runs
`mcpvcr/lint/__init__.py`); and `importlib.import_module` of a module named by a string
in the same file. The layers and every module's layer are parsed from ARCHITECTURE.md,
so the document and this test cannot disagree.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mcpvcr"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
ROW = re.compile(r"^\| `(?P<name>[\w.]+)` \| (?P<rest>.*)\|\s*$")


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _section(title: str, text: str | None = None) -> list[str]:
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    lines = text.splitlines()
    start = lines.index(f"## {title}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


@cache
def layers() -> dict[str, frozenset[str]]:
    """Layer name -> the third-party libraries it may import, lowest layer first."""
    found: dict[str, frozenset[str]] = {}
    allowed: frozenset[str] = frozenset()
    for line in _section("Layers"):
        match = ROW.match(line)
        if match:
            allowed = allowed | set(re.findall(r"`(\w+)`", match["rest"].split("|")[-1]))
            found[match["name"]] = allowed
    return found


def parse_module_map(text: str | None = None) -> dict[str, str]:
    found = {}
    for line in _section("Module map", text):
        match = ROW.match(line)
        if match:
            found[match["name"]] = match["rest"].split("|")[0].strip()
    return found


@cache
def module_map() -> dict[str, str]:
    return parse_module_map()


@cache
def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _dynamic_names(tree: ast.AST) -> Iterator[str]:
    """Modules named by a string in a file that calls `importlib.import_module`."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "import_module"
    ]
    if calls:
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in modules():
                yield node.value


def _imports(tree: ast.AST, package: str) -> Iterator[str]:
    for child in ast.walk(tree):
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
    yield from _dynamic_names(tree)


def _with_parents(name: str, importer: str) -> set[str]:
    """`name` and the packages importing it runs (not those the importer is inside)."""
    found = {name}
    parts = name.split(".")
    for cut in range(1, len(parts)):
        parent = ".".join(parts[:cut])
        if parent in modules() and not _within(importer, (parent,)):
            found.add(parent)
    return found


@cache
def graph() -> dict[str, frozenset[str]]:
    edges = {}
    for name, path in modules().items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for target in _imports(ast.parse(path.read_text()), package):
            targets |= _with_parents(target, name) if target.startswith("mcpvcr.") else {target}
        edges[name] = frozenset(targets - {name})
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


def _suggested_layer(name: str) -> str:
    """Its package's layer; else the lowest layer its libraries and imports allow."""
    parent = name.rpartition(".")[0]
    while parent != "mcpvcr":
        if parent in module_map():
            return module_map()[parent]
        if parent in modules():  # a new package: its modules go where it goes
            return _suggested_layer(parent)
        parent = parent.rpartition(".")[0]
    names = list(layers())
    libraries = {t.split(".")[0] for t in graph()[name]} - set(sys.stdlib_module_names)
    libraries -= {"mcpvcr", "__future__"}
    lowest = min(
        (i for i, allowed in enumerate(layers().values()) if libraries <= allowed),
        default=len(names) - 1,
    )
    below = [names.index(module_map()[t]) for t in graph()[name] if t in module_map()]
    return names[max([lowest, *below])]


def _first_line(name: str) -> str:
    doc = ast.get_docstring(ast.parse(modules()[name].read_text())) or ""
    line = " ".join(doc.strip().split("\n\n")[0].split())
    return line or "<what it does, one line>"


def _rank(name: str) -> int:
    return list(layers()).index(module_map()[name])


def test_the_layer_table_is_read() -> None:
    """The reader is not blind: four layers, lowest first, libraries accumulating upward."""
    assert list(layers()) == ["foundation", "core", "edge", "surface"]
    assert "msgpack" in layers()["foundation"] and "mcp" not in layers()["core"]
    assert "click" not in layers()["edge"] and "click" in layers()["surface"]


def test_every_module_has_a_row_in_the_module_map() -> None:
    missing = sorted(set(modules()) - set(module_map()))
    rows = [f"| `{m}` | {_suggested_layer(m)} | {_first_line(m)} |" for m in missing]
    assert not missing, (
        "modules missing from ARCHITECTURE.md's '## Module map' table; add these rows"
        " (check the layer):\n" + "\n".join(rows)
    )
    stale = sorted(set(module_map()) - set(modules()))
    assert not stale, "rows in ARCHITECTURE.md's module map name no module; remove: " + ", ".join(
        stale
    )
    unknown = {m: layer for m, layer in module_map().items() if layer not in layers()}
    assert not unknown, f"unknown layers in ARCHITECTURE.md's module map: {unknown}"


def test_the_missing_row_message_names_the_row() -> None:
    """Mirror: a module in a mapped package is offered its package's layer and docstring."""
    assert _suggested_layer("mcpvcr.live.sandbox_new") == "edge"
    assert _suggested_layer("mcpvcr.scan.anything") == "core"
    assert _suggested_layer("mcpvcr.lint") == "core"  # imports from core, stdlib only
    assert _first_line("mcpvcr.terminal").endswith(".")
    text = "## Module map\n\n| module | layer | what |\n|---|---|---|\n| `mcpvcr.x` | core | y |\n"
    assert parse_module_map(text) == {"mcpvcr.x": "core"}


def _upward() -> list[str]:
    bad = []
    for name, targets in graph().items():
        if name not in module_map():
            continue
        for target in sorted(targets):
            if target in module_map() and _rank(target) > _rank(name):
                bad.append(
                    f"{name} ({module_map()[name]}) imports {target} ({module_map()[target]})"
                )
    return bad


def test_a_layer_imports_only_layers_below_it() -> None:
    assert _upward() == []


def test_an_upward_import_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mirror: config (foundation) importing the rule registry (core) is reported."""
    fake = dict(graph())
    fake["mcpvcr.config"] = fake["mcpvcr.config"] | {"mcpvcr.lint.registry"}
    monkeypatch.setitem(globals(), "graph", lambda: fake)
    assert _upward() == [
        "mcpvcr.config (foundation) imports mcpvcr.lint.registry (core)",
    ]


def test_parent_packages_and_importlib_are_followed() -> None:
    """Importing a submodule runs its package; `import_module("mcpvcr.x")` is an import."""
    assert "mcpvcr.lint" in graph()["mcpvcr.scoring.model"]  # via mcpvcr.lint.registry
    assert "mcpvcr.lint" not in graph()["mcpvcr.lint.registry"]  # its own package
    assert "mcpvcr.lint.rules_security" in graph()["mcpvcr.lint"]  # RULE_MODULES
    assert "mcpvcr.commands.score" in graph()["mcpvcr.cli"]  # the lazy command table
    assert "mcpvcr.diff.schema_base" in graph()["mcpvcr.diff.schema_numbers"]  # TYPE_CHECKING


@pytest.mark.parametrize("module", sorted(modules()))
def test_a_module_imports_only_the_libraries_of_its_layer(module: str) -> None:
    if module not in module_map():
        pytest.skip("not in the module map (reported by the map test)")
    allowed = layers()[module_map()[module]] | set(sys.stdlib_module_names) | {"__future__"}
    libraries = {t.split(".")[0] for t in graph()[module]} - {"mcpvcr"}
    extra = ", ".join(f"`{name}`" for name in sorted(libraries - allowed))
    assert libraries <= allowed, (
        f"{module} ({module_map()[module]}) imports {extra}: a dependency its layer may use"
        " goes in that layer's row of ARCHITECTURE.md's '## Layers' table"
    )


def test_the_graph_sees_the_known_edges() -> None:
    """The reader is not blind: the edges it must forbid in the core are found where they are."""
    assert any(_within(name, ("mcp",)) for name in reached("mcpvcr.live"))
    assert "click" in reached("mcpvcr.cli")
    assert module_map()["mcpvcr.lint"] == "core" and module_map()["mcpvcr.gate"] == "core"
    assert module_map()["mcpvcr.commands.score"] == "surface"


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
    assert any({"mcpvcr.config", "mcpvcr.lint"} <= set(cycle) for cycle in _cycles())


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
