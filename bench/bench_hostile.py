"""Cost of hostile input: crafted cassettes, long word diffs, ReDoS patterns.

    python bench/bench_hostile.py

Each figure runs in a fresh interpreter so its peak memory (ru_maxrss) is its own.
The goals (issue 13): a crafted 10 MB cassette is refused or decoded in < 1 s and
< 200 MB; a word diff of two unrelated 55 KB texts is near-linear; a schema pattern
`^(a+)+$` against 34 characters does not block. Nothing here asserts; it prints.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CASE = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from mcpvcr import codec
from mcpvcr.errors import CassetteCorrupt
kind = {kind!r}
HEAD = b"\x94\xc4\x07" + codec.MAGIC + b"\x01\x80"
def lists(k, m, item):
    return HEAD + b"\xdc\x00" + bytes([k]) + (b"\xdd" + m.to_bytes(4, "big") + item * m) * k
start = time.perf_counter()
outcome = "ok"
if kind == "empty maps, one list":
    n = 10_000_000
    data = HEAD + b"\xdd" + n.to_bytes(4, "big") + b"\x80" * n
elif kind == "empty maps, 51 lists":
    data = lists(51, 199_000, b"\x80")
elif kind == "2-char strings, 20 lists":
    data = lists(20, 199_000, b"\xa2ab")
elif kind == "ints, 20 lists":
    data = lists(20, 199_000, b"\xcd\x7f\xff")
if kind.startswith(("empty", "2-char", "ints")):
    start = time.perf_counter()
    try:
        codec.decode(data, "bomb")
    except CassetteCorrupt as err:
        outcome = "refused: " + str(err).split(": ", 1)[1][:60]
    size = len(data)
elif kind == "word diff, unrelated 55 KB":
    from mcpvcr.diff.words import word_diff
    old = " ".join(f"old{{i:05d}}" for i in range(6000))
    new = " ".join(f"new{{i:05d}}" for i in range(6000))
    size = len(old) + len(new)
    start = time.perf_counter()
    word_diff(old, new)
elif kind == "word diff, 1 edit in 55 KB":
    from mcpvcr.diff.words import word_diff
    old = " ".join(f"w{{i:05d}}" for i in range(9000))
    new = old.replace("w04500 ", "w04500 EDIT ")
    size = len(old) + len(new)
    start = time.perf_counter()
    word_diff(old, new)
elif kind == "pattern ^(a+)+$ on 34 chars":
    from mcpvcr.fuzz.schemas import build_validator, is_valid
    v = build_validator({{"properties": {{"x": {{"type": "string", "pattern": "^(a+)+$"}}}}}})
    size = 35
    start = time.perf_counter()
    is_valid(v, {{"x": "a" * 34 + "!"}})
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"kind": kind, "bytes": size, "seconds": seconds, "peak_mb": peak,
                  "outcome": outcome}}))
"""

KINDS = (
    "empty maps, one list",
    "empty maps, 51 lists",
    "2-char strings, 20 lists",
    "ints, 20 lists",
    "word diff, unrelated 55 KB",
    "word diff, 1 edit in 55 KB",
    "pattern ^(a+)+$ on 34 chars",
)


def main() -> None:
    floor = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import resource, sys; sys.path.insert(0, {str(ROOT)!r}); "
            "import mcpvcr.codec, mcpvcr.fuzz.schemas, mcpvcr.diff.words; "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    print(f"import floor: {float(floor.stdout):.0f} MB peak")
    print(f"{'case':32} {'input':>9} {'seconds':>8} {'peak MB':>8}  outcome")
    for kind in KINDS:
        done = subprocess.run(
            [sys.executable, "-c", _CASE.format(root=str(ROOT), kind=kind)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"{kind:32} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(done.stdout)
        print(
            f"{kind:32} {row['bytes'] / 1e6:>7.1f}MB {row['seconds']:>8.3f} "
            f"{row['peak_mb']:>8.0f}  {row['outcome']}"
        )
    scan_table()


_SCAN = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from mcpvcr.scan import scan_text
scan_text("warm up: ignore previous instructions", "x")
out = {{}}
for kb in {sizes!r}:
    text = "Adds numbers. " + {unit!r} * (kb * 1024 // len({unit!r}))
    start = time.perf_counter()
    scan_text(text, "tools/add/description")
    out[kb] = (time.perf_counter() - start) * 1000
print(json.dumps(out))
"""

SCAN_UNITS = {
    "newlines": "\n",
    "spaces": " ",
    "a.": "a.",
    "a@b.": "a@b.",
    "unclosed ![x](": "![x](",
    "prose": "Send the report to the team when done. ",
}
SCAN_SIZES = (1, 10, 100, 200, 1000)


def scan_table() -> None:
    """Issue 22: scanner time per KB of one description, flat from 1 KB to 1 MB (RE2).

    The scanner reads at most the first 256 KB of a text (scan/scanner.py MAX_TEXT_CHARS),
    so the 1 MB row costs what 256 KB costs."""
    print()
    print(f"{'scan of one description':24}" + "".join(f"{kb:>9} KB" for kb in SCAN_SIZES))
    for label, unit in SCAN_UNITS.items():
        code = _SCAN.format(root=str(ROOT), sizes=SCAN_SIZES, unit=unit)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"{label:24} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(done.stdout)
        cells = "".join(f"{row[str(kb)] / kb:>9.2f}/KB" for kb in SCAN_SIZES)
        print(f"{label:24}{cells}   (ms per KB)")


if __name__ == "__main__":
    main()
