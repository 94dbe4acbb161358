"""The `.mcpvcr-ignore.toml` accept-list: contract changes a team has reviewed and accepted.

```toml
[[ignore]]
rule = "tool.description.changed"      # required: one catalogue rule id, no pattern
location = "/tools/search/*"          # required: a JSON pointer; glob allowed ("*" crosses "/")
reason = "Reworded on purpose, reviewed in PR #123"   # required
expires = 2027-01-31                   # optional; from that day on the entry stops applying
```

An ignore file often arrives in the same pull request as the change it
accepts, so it is untrusted: an entry must name one concrete rule and a
location with at least one literal segment (`rule = "*"` or `location = "*"`,
which would pass anything, are usage errors), and an entry whose location is a
pattern is reported on stderr with the number of changes it accepted. An entry
without a reason is a usage error: accepting a breaking change must say why.
Expired entries stop applying and are reported, so an acceptance cannot
outlive the decision behind it.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import os
import re
import tomllib
from dataclasses import dataclass, replace
from typing import Any

from mcpvcr.diff.model import Change, Changes, sorted_changes
from mcpvcr.errors import UsageError

DEFAULT_FILE = ".mcpvcr-ignore.toml"
_KEYS = frozenset({"rule", "location", "reason", "expires"})
_RULE_ID = re.compile(r"^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+$")
_GLOB = re.compile(r"[*?\[\]]")


@dataclass(frozen=True, kw_only=True)
class IgnoreEntry:
    """One accepted change pattern."""

    rule: str
    location: str
    reason: str
    expires: dt.date | None = None

    def matches(self, change: Change) -> bool:
        return fnmatch.fnmatchcase(change.rule, self.rule) and fnmatch.fnmatchcase(
            change.location, self.location
        )

    def expired(self, today: dt.date) -> bool:
        return self.expires is not None and today >= self.expires

    @property
    def is_pattern(self) -> bool:
        return bool(_GLOB.search(self.location))

    def describe(self) -> str:
        """One escaped line: the file is untrusted, and this is printed to terminals and CI."""
        from mcpvcr.terminal import one_line

        until = f" (expires {self.expires.isoformat()})" if self.expires else ""
        return one_line(f"{self.rule} at {self.location}{until}: {self.reason}")


@dataclass(frozen=True, kw_only=True)
class IgnoreResult:
    """Changes after the accept-list, with what was accepted and which entries expired."""

    changes: Changes
    expired: tuple[IgnoreEntry, ...]
    unused: tuple[IgnoreEntry, ...]
    accepted: tuple[tuple[IgnoreEntry, int], ...] = ()
    """Each entry that accepted something, with how many changes."""

    def loud_lines(self) -> list[str]:
        """What to print on stderr: pattern entries with their counts, expired and unused."""
        lines = [
            f"ignore entry with a location pattern accepted {count} change(s): {entry.describe()}"
            for entry, count in self.accepted
            if entry.is_pattern
        ]
        lines += [f"ignore entry expired, no longer applied: {e.describe()}" for e in self.expired]
        lines += [f"ignore entry matched nothing: {e.describe()}" for e in self.unused]
        return lines


def load_ignore(path: str | os.PathLike[str]) -> list[IgnoreEntry]:
    """Read and validate an ignore file; any problem is a one-line UsageError naming it."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise UsageError(f"{name}: no such ignore file") from None
    except OSError as err:
        raise UsageError(f"{name}: cannot be read ({err.strerror or err})") from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{name}: not valid TOML ({err})") from None
    return parse_ignore(data, name)


def parse_ignore(data: dict[str, Any], name: str = DEFAULT_FILE) -> list[IgnoreEntry]:
    """Validate the decoded TOML document."""
    unknown = sorted(set(data) - {"ignore"})
    if unknown:
        raise UsageError(f"{name}: unknown top-level key {unknown[0]!r} (use [[ignore]] tables)")
    raw = data.get("ignore", [])
    if not isinstance(raw, list):
        raise UsageError(f"{name}: 'ignore' must be an array of tables ([[ignore]])")
    return [_entry(item, name, number) for number, item in enumerate(raw, start=1)]


def _entry(item: Any, name: str, number: int) -> IgnoreEntry:
    where = f"{name}: ignore entry {number}"
    if not isinstance(item, dict):
        raise UsageError(f"{where} is not a table")
    unknown = sorted(set(item) - _KEYS)
    if unknown:
        raise UsageError(f"{where} has unknown key {unknown[0]!r}")
    rule, location, reason = item.get("rule"), item.get("location"), item.get("reason")
    if not isinstance(rule, str) or not rule.strip():
        raise UsageError(f"{where} needs a 'rule' (a rule id such as tool.description.changed)")
    if not _RULE_ID.match(rule.strip()):
        raise UsageError(
            f"{where}: 'rule' must be one concrete rule id such as tool.description.changed, "
            "not a pattern"
        )
    if not isinstance(location, str) or not location.strip():
        raise UsageError(f"{where} ({rule}) needs a 'location' (a JSON pointer such as /tools/x)")
    if not re.search(r"[^*?/\[\]\s]", location):
        raise UsageError(
            f"{where} ({rule}): 'location' {location.strip()!r} matches every location; "
            "name the object the accepted change is on"
        )
    if not isinstance(reason, str) or not reason.strip():
        raise UsageError(f"{where} ({rule}) needs a 'reason': say why the change is accepted")
    return IgnoreEntry(
        rule=rule.strip(),
        location=location.strip(),
        reason=reason.strip(),
        expires=_date(item.get("expires"), where),
    )


def _date(value: Any, where: str) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise UsageError(f"{where} has an invalid 'expires' (use a date like 2027-01-31)")


def apply_ignore(
    changes: Changes, entries: list[IgnoreEntry], today: dt.date | None = None
) -> IgnoreResult:
    """Move accepted changes to `ignored`; expired entries accept nothing."""
    day = today or dt.date.today()
    live = [entry for entry in entries if not entry.expired(day)]
    kept: list[Change] = []
    ignored: list[Change] = list(changes.ignored)
    used: dict[int, int] = {}
    for change in changes.changes:
        hit = next((i for i, entry in enumerate(live) if entry.matches(change)), None)
        if hit is None:
            kept.append(change)
        else:
            used[hit] = used.get(hit, 0) + 1
            ignored.append(change)
    result = replace(changes, changes=sorted_changes(kept), ignored=sorted_changes(ignored))
    return IgnoreResult(
        changes=result,
        expired=tuple(entry for entry in entries if entry.expired(day)),
        unused=tuple(entry for i, entry in enumerate(live) if i not in used),
        accepted=tuple((live[i], count) for i, count in sorted(used.items())),
    )


def apply_ignore_file(changes: Changes, path: str | None) -> IgnoreResult:
    """Apply the ignore file: the given one, else `.mcpvcr-ignore.toml` when it exists."""
    if path is None:
        if not os.path.exists(DEFAULT_FILE):
            return IgnoreResult(changes=changes, expired=(), unused=())
        path = DEFAULT_FILE
    return apply_ignore(changes, load_ignore(path))
