"""The fleet leaderboard: rows from one or more fleet directories (shards merged).

Each directory's index says what happened to each server; each cassette is
scored again here with the current configuration (the one offline scoring
path), one at a time, so memory holds only the rows. A directory without an
index is read as a plain folder of cassettes. Before ranking, problems with the
merge are reported: shards missing, indexes of different inputs, one server in
two directories with different cassettes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpvcr.errors import CannotRun, McpVcrError, UsageError
from mcpvcr.fleet.index import INDEX, JOURNAL, cassette_path, read_index

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig


@dataclass
class Merged:
    """Index entries of several directories, with the directory each came from."""

    entries: dict[str, tuple[Path, dict[str, Any]]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def expand(directories: Sequence[str]) -> list[Path]:
    """Each directory, or, for one holding no index and no cassette, its fleet subdirectories
    (a folder of downloaded shard artifacts)."""
    found: list[Path] = []
    for name in directories:
        base = Path(name)
        if not base.is_dir():
            raise UsageError(f"{name}: not a directory")
        if _is_fleet(base) or _cassette_files(base):
            found.append(base)
            continue
        subs = sorted(sub for sub in base.iterdir() if sub.is_dir() and _is_fleet(sub))
        found += subs or [base]
    return found


def _is_fleet(base: Path) -> bool:
    return (base / INDEX).exists() or (base / JOURNAL).exists()


def merge(directories: Sequence[str]) -> Merged:
    """The servers of every directory; a fleet with none fails (exit 3): a mistyped path in CI
    must not pass as "0 servers"."""
    merged = Merged()
    shards: dict[int, set[int]] = {}
    inputs: set[str] = set()
    for base in expand(directories):
        if _is_fleet(base):
            header, entries = read_index(base)
        else:
            header, entries = {}, _plain(base)
        if header.get("inputSha256"):
            inputs.add(str(header["inputSha256"]))
        shard = str(header.get("shard") or "")
        if "/" in shard:
            index_text, _, count_text = shard.partition("/")
            shards.setdefault(int(count_text), set()).add(int(index_text))
        for key, entry in entries.items():
            seen = merged.entries.get(key)
            if seen is not None and seen[1].get("cassetteSha256") != entry.get("cassetteSha256"):
                merged.warnings.append(
                    f"{key}: in {seen[0]} and {base} with different results; using {base}"
                )
            merged.entries[key] = (base, entry)
    if not merged.entries:
        raise CannotRun(
            f"{', '.join(directories)}: no servers in the fleet directory (no {INDEX} and"
            " no *.mcpvcr or *.mcpvcr.json cassette); check the path"
        )
    if len(inputs) > 1:
        merged.warnings.append("the directories were recorded from different input files")
    for count, found in sorted(shards.items()):
        missing = sorted(set(range(count)) - found)
        if missing:
            merged.warnings.append(f"shards missing of {count}: {', '.join(map(str, missing))}")
    return merged


def _cassette_files(base: Path) -> list[Path]:
    """The cassettes of a plain folder, in either form (`*.mcpvcr`, `*.mcpvcr.json`)."""
    return sorted([*base.glob("*.mcpvcr"), *base.glob("*.mcpvcr.json")])


def _plain(base: Path) -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    for path in _cassette_files(base):
        name = path.name.removesuffix(".json").removesuffix(".mcpvcr")
        entries.setdefault(
            name, {"key": name, "name": name, "outcome": "recorded", "cassette": path.name}
        )
    return entries


def rows(merged: Merged, config: LintConfig | None = None) -> list[dict[str, Any]]:
    """One row per server, rescored from its cassette; sorted by score (best first), name."""
    from mcpvcr.fleet.summary import score_file

    result = []
    for key in sorted(merged.entries):
        base, entry = merged.entries[key]
        row: dict[str, Any] = {
            "key": key,
            "name": str(entry.get("name", key)),
            "version": str(entry.get("version") or ""),
            "outcome": str(entry.get("outcome", "")),
            "reason": entry.get("reason"),
            "missing": entry.get("missing") or [],
            "seconds": entry.get("seconds"),
            "cassette": None,
        }
        cassette = entry.get("cassette")
        if cassette:
            path = cassette_path(base, cassette, key)
            try:
                row.update(score_file(path, config))
                row["cassette"] = str(path)
                # A config fleet names no versions: the server's own, from its handshake.
                row["version"] = row["version"] or str(row.get("serverVersion") or "")
            except McpVcrError as err:
                row["outcome"] = "unreadable"
                row["reason"] = str(err)
        result.append(row)
    result.sort(key=_rank)
    return result


def _rank(row: dict[str, Any]) -> tuple[int, str]:
    score = row.get("score")
    return (-(int(score) if score is not None else -1), str(row["name"]))


def totals(table: list[dict[str, Any]]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for row in table:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    scored = [row["score"] for row in table if row.get("score") is not None]
    return {
        "servers": len(table),
        "outcomes": dict(sorted(counts.items())),
        "meanScore": round(sum(scored) / len(scored), 1) if scored else None,
        "securityErrors": sum(int(row.get("securityErrors") or 0) for row in table),
    }


def reports_folder(output: str | Path) -> Path:
    """Where the servers' own HTML reports go: `<board stem>-servers/` beside the board."""
    board_path = Path(output)
    return board_path.parent / f"{board_path.stem}-servers"


def write_server_reports(
    table: list[dict[str, Any]], output: str | Path, config: LintConfig | None = None
) -> dict[str, str]:
    """Write each scored server's HTML report beside the leaderboard; key -> relative link."""
    import hashlib
    import re
    from urllib.parse import quote

    from mcpvcr import store
    from mcpvcr.report.html_report import render_html
    from mcpvcr.score import score

    folder = reports_folder(output)
    links: dict[str, str] = {}
    for row in table:
        if not row.get("cassette"):
            continue
        key = str(row["key"])
        digest = hashlib.sha256(key.encode()).hexdigest()[:8]
        name = f"{re.sub(r'[^A-Za-z0-9._-]+', '_', key)[:60]}-{digest}.html"
        try:
            page = render_html(score(store.load(row["cassette"]), config))
            folder.mkdir(parents=True, exist_ok=True)
            store.write_text_atomic(page, folder / name)
        except OSError as err:
            raise CannotRun(f"{folder}: cannot write the server reports ({err})") from None
        links[key] = f"{quote(folder.name)}/{quote(name)}"
    return links
