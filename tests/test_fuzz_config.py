"""`[tool.mcpvcr.fuzz]` pins known-good arguments and adds scrub patterns."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mcpvcr import store
from mcpvcr.redaction import pattern_hash

REPO = Path(__file__).resolve().parent.parent
DEMO = f"{sys.executable} -m examples.demo_target"
CONFIG = """
[tool.mcpvcr.fuzz]
scrub = ["back to you"]

[tool.mcpvcr.fuzz.pin]
well_behaved = { greeting = "hi from config" }
set_mode = { mode = "safe" }
"""


def record(cwd: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = cwd / "demo.mcpvcr"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcpvcr",
            "record",
            "--fuzz",
            "--stdio",
            DEMO,
            "--cwd",
            str(REPO),
            *extra,
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    return done, out


def valid_case(path: Path, tool: str) -> dict[str, object]:
    for interaction in store.load(path).interactions:
        if interaction["target"] == tool and interaction["case"] == "valid":
            return interaction
    raise AssertionError(f"no valid case for {tool}")


def test_config_pins_and_scrubs_and_the_command_line_wins(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    done, out = record(tmp_path, "--pin", 'set_mode={"mode": "verbose"}')
    assert done.returncode == 0, done.stderr
    greeting = valid_case(out, "well_behaved")
    assert greeting["params"] == {
        "name": "well_behaved",
        "arguments": {"greeting": "hi from config"},
    }
    answer = greeting["response"]["result"]["content"][0]["text"]  # type: ignore[index]
    assert answer == "hi from config [SCRUBBED]!"
    mode = valid_case(out, "set_mode")
    assert mode["params"] == {"name": "set_mode", "arguments": {"mode": "verbose"}}
    options = store.load(out).header["options"]
    assert options["pinnedArguments"]["well_behaved"] == {"greeting": "hi from config"}
    # the pattern may be the secret it removes: the cassette keeps its hash only
    assert options["scrubPatterns"] == [pattern_hash("back to you")]


def test_a_bad_fuzz_table_is_a_usage_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "mcpvcr.toml").write_text('[fuzz]\nscrub = ["("]\n', encoding="utf-8")
    done, out = record(tmp_path)
    assert done.returncode == 2
    assert "mcpvcr.toml" in done.stderr and "not a regex" in done.stderr
    assert not out.exists()
