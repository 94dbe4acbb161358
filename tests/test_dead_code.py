"""No dead code: vulture (a test dependency) finds nothing unused in the package, the tests,
the examples or the bench, beyond the names listed here that frameworks call by name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CALLED_BY_NAME = (
    # the package facade and the public library API
    "__getattr__",
    "audit_url",
    "audit_url_async",
    "audit_stdio_async",
    # click, pytest, http.server, uvicorn and signal call these by name
    "list_commands",
    "format_commands",
    "metavar",
    "pytest_configure",
    "pytest_plugins",
    "pytestmark",
    "should_exit",
    "frame",
    "log_message",
    "writelines",
    "do_POST",
    "do_DELETE",
    "close_connection",
    "daemon_threads",
    "exc_type",
    "tb",
    "traceback",
    # the SDK's OAuth TokenStorage protocol and OAuthContext (mcpvcr.live.oauth)
    "get_tokens",
    "set_tokens",
    "get_client_info",
    "set_client_info",
    "token_expiry_time",
    # tools and resources of the SDK test server, registered by decorator
    "readme",
    "review",
)
DECORATED = ("@rule", "@*.command", "@pytest.fixture", "@pytest.hookimpl", "@click.*")


def vulture(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "vulture",
            *paths,
            "--min-confidence",
            "60",
            "--ignore-decorators",
            ",".join(DECORATED),
            "--ignore-names",
            ",".join(CALLED_BY_NAME),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )


def test_no_unused_code() -> None:
    done = vulture("mcpvcr", "tests", "examples", "bench")
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_vulture_sees_unused_code(tmp_path: Path) -> None:
    """Mirror: an unused function in a scanned file is reported."""
    module = tmp_path / "dead.py"
    module.write_text("def used():\n    return 1\n\n\ndef unused():\n    return used()\n")
    done = vulture(str(module))
    assert "unused function 'unused'" in done.stdout
