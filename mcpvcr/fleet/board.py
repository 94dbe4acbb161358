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

from mcpvcr.errors import McpVcrError, UsageError
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
        if _is_fleet(base) or any(base.glob("*.mcpvcr")):
            found.append(base)
            continue
        subs = sorted(sub for sub in base.iterdir() if sub.is_dir() and _is_fleet(sub))
        found += subs or [base]
    return found


def _is_fleet(base: Path) -> bool:
    return (base / INDEX).exists() or (base / JOURNAL).exists()


def merge(directories: Sequence[str]) -> Merged:
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
    if len(inputs) > 1:
        merged.warnings.append("the directories were recorded from different input files")
    for count, found in sorted(shards.items()):
        missing = sorted(set(range(count)) - found)
        if missing:
            merged.warnings.append(f"shards missing of {count}: {', '.join(map(str, missing))}")
    return merged


def _plain(base: Path) -> dict[str, dict[str, Any]]:
    return {
        path.stem: {
            "key": path.stem,
            "name": path.stem,
            "outcome": "recorded",
            "cassette": path.name,
        }
        for path in sorted(base.glob("*.mcpvcr"))
    }


def rows(merged: Merged, config: LintConfig | None = None) -> list[dict[str, Any]]:
    """One row per server, rescored from its cassette; sorted by score (best first), name."""
    from mcpvcr.fleet.summary import score_file

    result = []
    for key in sorted(merged.entries):
        base, entry = merged.entries[key]
        row: dict[str, Any] = {
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
