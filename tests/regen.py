"""The one regeneration command for every golden file and committed cassette.

    python -m tests.regen                    # everything (cassettes need the real servers)
    python -m tests.regen golden             # only the golden report files (offline, fast)
    python -m tests.regen cassettes          # only the committed cassettes
    python -m tests.regen time mcpvcr-serve  # only these
    python -m tests.regen --check            # produce again and compare; write nothing

Run from the repository root. Artefacts, in the order they are produced:

    golden        tests/golden/*: reports of cassettes built in code (tests/golden/goldens.py)
    demo_target   examples/demo_target over stdio, with the fuzz pass
    everything    @modelcontextprotocol/server-everything (stdio), with the fuzz pass
    filesystem    @modelcontextprotocol/server-filesystem on tests/live/fs_root
                  (contract only: its tools write files)
    time          mcp-server-time --local-timezone UTC, with the fuzz pass (valid calls pinned
                  to zones without daylight saving time: TIME_PINS)
    mcpvcr-serve  mcpvcr's own probe server with the demo cassette open, fuzzed
                  (after demo_target, which it reads)
    rules         docs/rules/<code>.md and index.md: one page per lint rule, from the
                  registry and mcpvcr/lint/rule_pages.json (offline, fast)
    shipped       mcpvcr/linear_plans.json, mcpvcr/scan/effect_branches.json: the data a
                  first run would otherwise work out (mcpvcr.shipped; offline, fast)

Servers run with no network (`unshare -rn`, via tests/targets); install them
once with `python -m tests.targets install`. Recordings are deterministic but
for the measured latency buckets: a cassette that differs only in `latencyMs`
counts as unchanged and is not rewritten, so `git status` stays clean unless
the server (or mcpvcr's recording) really changed. Exit 1 under --check when
anything differs.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CASSETTES = REPO / "cassettes"
FS_ROOT = Path("tests/live/fs_root")  # relative: the server runs from the repo root
DEMO = "cassettes/demo_target.mcpvcr"
JAIL = "unshare"
"""The jail committed cassettes are recorded in (mcpvcr.live.sandbox; util-linux, as on CI)."""


@dataclass(frozen=True)
class Artefact:
    name: str
    group: str
    path: Path
    produce: Callable[[], bytes]
    cassette: bool = False
    """Compared as a cassette (latency buckets ignored) rather than byte for byte."""


def _golden(name: str, produce: Callable[[], str]) -> Artefact:
    from tests.golden.goldens import HERE

    return Artefact(name, "golden", HERE / name, lambda: produce().encode("utf-8"))


def _recorded(
    name: str,
    target: Callable[[], Any],
    fuzz: bool,
    pins: dict[str, dict[str, Any]] | None = None,
) -> Artefact:
    def produce() -> bytes:
        from mcpvcr import codec
        from mcpvcr.live import record
        from mcpvcr.recording import RecordOptions

        # The jail is named in the header: pin the one CI has, so every machine agrees.
        options = RecordOptions(fuzz=fuzz, pinned_arguments=pins or {}, sandbox=JAIL)
        cassette = record(target(), options)
        if not cassette.complete:
            raise SystemExit(f"{name}: recording incomplete: {cassette.header.get('incomplete')}")
        return codec.encode(cassette)

    return Artefact(name, "cassettes", CASSETTES / f"{name}.mcpvcr", produce, cassette=True)


def _stdio(argv: Callable[[], list[str]]) -> Callable[[], Any]:
    def target() -> Any:
        from mcpvcr.targets import stdio_target

        return stdio_target(argv(), cwd=str(REPO))

    return target


def _everything() -> list[str]:
    from tests.targets import everything_argv

    return everything_argv()


def _filesystem() -> list[str]:
    from tests.targets import filesystem_argv

    return filesystem_argv(FS_ROOT)


def _time() -> list[str]:
    from tests.targets import time_argv

    return time_argv("UTC")


TIME_PINS = {
    "get_current_time": {"timezone": "Asia/Tokyo"},
    "convert_time": {"source_timezone": "Asia/Tokyo", "target_timezone": "UTC", "time": "10:30"},
}
"""Zones without daylight saving time: the schema's own example, America/New_York, answers
`"is_dst": true` from March to November, and the committed cassette would differ twice a year."""

SERVE_PINS = {
    "probe_connect": {"transport": "cassette", "path": DEMO},
    "probe_diff": {"old": DEMO, "new": DEMO},
    "probe_lint": {},
    "probe_list": {},
    "probe_report": {},
}
"""Arguments that work offline for the valid case of each probe tool, so the fuzz pass
measures the server rather than the absence of a target."""


def serve_command(out: Path) -> list[str]:
    """`mcpvcr record --fuzz` of `mcpvcr serve --open` the demo cassette, into `out`."""
    import json

    serve = f"{sys.executable} -m mcpvcr serve --timeout 5 --open {DEMO}"
    argv = [sys.executable, "-m", "mcpvcr", "record", "--fuzz", "--sandbox", JAIL]
    argv += ["--stdio", serve, "-o", str(out)]
    for tool, arguments in SERVE_PINS.items():
        argv += ["--pin", f"{tool}={json.dumps(arguments)}"]
    if shutil.which("unshare") and subprocess.run(["unshare", "-rn", "true"]).returncode == 0:
        argv = ["unshare", "-rn", *argv]
    return argv


def _serve() -> bytes:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "mcpvcr-serve.mcpvcr"
        done = subprocess.run(serve_command(out), cwd=REPO, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"mcpvcr-serve: recording failed: {done.stderr.strip()}")
        return out.read_bytes()


def _bytes(text: str) -> Callable[[], bytes]:
    return lambda: text.encode("utf-8")


def _rule_docs() -> list[Artefact]:
    from mcpvcr.lint.pages import DOCS_DIR, every_rule, rendered_docs

    return [
        Artefact(f"rules/{name}", "rules", REPO / DOCS_DIR / name, _bytes(text))
        for name, text in rendered_docs(every_rule()).items()
    ]


def _shipped() -> list[Artefact]:
    from tests.shipped import produced, shipped_paths

    def made(path: Path) -> Callable[[], bytes]:
        return lambda: produced()[path]

    return [Artefact(f"shipped/{p.name}", "shipped", p, made(p)) for p in shipped_paths()]


def artefacts() -> list[Artefact]:
    from tests.golden.goldens import goldens

    return [
        *(_golden(name, produce) for name, produce in goldens().items()),
        _recorded(
            "demo_target", _stdio(lambda: [sys.executable, "-m", "examples.demo_target"]), True
        ),
        _recorded("everything", _stdio(_everything), True),
        _recorded("filesystem", _stdio(_filesystem), False),
        _recorded("time", _stdio(_time), True, TIME_PINS),
        Artefact(
            "mcpvcr-serve", "cassettes", CASSETTES / "mcpvcr-serve.mcpvcr", _serve, cassette=True
        ),
        *_rule_docs(),
        *_shipped(),
    ]


def _without_latency(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_latency(v) for k, v in value.items() if k != "latencyMs"}
    if isinstance(value, list):
        return [_without_latency(item) for item in value]
    return value


def same(artefact: Artefact, old: bytes, new: bytes) -> bool:
    """Whether `new` is what is committed (for a cassette: up to the measured latencies)."""
    if old == new or not artefact.cassette:
        return old == new
    from mcpvcr import codec
    from mcpvcr.errors import McpVcrError

    try:
        before = codec.decode(old, str(artefact.path))
    except McpVcrError:
        return False
    after = codec.decode(new, artefact.name)
    return bool(_without_latency(before.header) == _without_latency(after.header)) and (
        _without_latency(before.body) == _without_latency(after.body)
    )


def regenerate(artefact: Artefact, *, check: bool) -> bool:
    """Produce one artefact; write it when it changed (unless check). True when unchanged."""
    produced = artefact.produce()
    committed = artefact.path.read_bytes() if artefact.path.exists() else None
    unchanged = committed is not None and same(artefact, committed, produced)
    if not check and not unchanged:
        from mcpvcr.store import write_bytes_atomic

        artefact.path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(produced, artefact.path)
    state = "unchanged" if unchanged else ("differs" if check else "written")
    print(f"{artefact.path.relative_to(REPO)}: {len(produced)} bytes, {state}", file=sys.stderr)
    return unchanged


def select(names: list[str], every: list[Artefact]) -> list[Artefact]:
    """The artefacts named (or in the groups named), in production order; all when none."""
    known = {a.name for a in every} | {a.group for a in every}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"unknown artefact(s): {', '.join(unknown)} (known: {', '.join(known)})")
    return [a for a in every if not names or a.name in names or a.group in names]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.regen",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="artefacts or groups")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a change")
    args = parser.parse_args(argv)
    results = [regenerate(a, check=args.check) for a in select(args.names, artefacts())]
    return 1 if args.check and not all(results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
