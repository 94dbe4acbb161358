"""`python -m mcpvcr.commands.fleet_worker`: record one server of a fleet, then score it.

The job arrives as one JSON object on stdin (so env and header values never
appear in the process table): argv or URL, env, headers, cwd, output path and
the `record` option flags. The worker runs the ordinary `mcpvcr record`
command in-process (one recording code path), then, when a cassette was
written, scores it and prints one JSON line on stdout for the fleet runner.
Its exit code is `record`'s.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any


def record_argv(job: dict[str, Any]) -> list[str]:
    """The `mcpvcr record` argv for a job (values included: it stays in this process)."""
    args = ["record"]
    if job.get("transport", "stdio") == "stdio":
        args += ["--stdio", shlex.join(job["argv"])]
        for key, value in sorted(dict(job.get("env") or {}).items()):
            args += ["--env", f"{key}={value}"]
        if job.get("cwd"):
            args += ["--cwd", str(job["cwd"])]
    else:
        args += [str(job["url"])]
        if job.get("transport") == "sse":
            args += ["--transport", "sse"]
        for key, value in sorted(dict(job.get("headers") or {}).items()):
            args += ["--header", f"{key}: {value}"]
    args += ["-o", str(job["output"]), *[str(a) for a in job.get("recordArgs") or ()]]
    return args


def main() -> int:
    from mcpvcr.cli import run

    job = json.loads(sys.stdin.read())
    output = str(job["output"])
    from mcpvcr.targets import declare_secrets

    # Values the fleet expanded into argv or URL: redacted like --env values.
    declare_secrets(str(value) for value in job.get("secrets") or ())
    problem = prepare(job)
    if problem is not None:
        sys.stderr.write(f"mcpvcr: {job.get('label')}: {problem}\n")
        sys.stdout.write(json.dumps({"exit": 3, "written": False}) + "\n")
        return 3
    before = _signature(output)
    code = run(record_argv(job))
    written = os.path.exists(output) and _signature(output) != before
    summary: dict[str, Any] = {"exit": code, "written": written}
    if written:
        from mcpvcr.config import load_config
        from mcpvcr.errors import McpVcrError
        from mcpvcr.fleet.summary import score_file

        try:
            summary.update(score_file(output, load_config()))
        except McpVcrError as err:
            summary["scoreError"] = str(err)
    sys.stdout.write(json.dumps(summary, sort_keys=True) + "\n")
    sys.stdout.flush()
    return code


def prepare(job: dict[str, Any]) -> str | None:
    """Run the job's install steps (with network, outside the sandbox); a problem or None.

    Each step sees only `sandbox.install_environment`: no credential of this process,
    install scripts and build backends off."""
    import subprocess

    from mcpvcr.fleet.sandbox import install_environment

    env = install_environment(os.environ)

    for raw in job.get("prepare") or ():
        step = [str(part) for part in raw]
        if step[0] == "mcpvcr-touch":
            Path(step[1]).touch()
            continue
        if step[0] == "mcpvcr-unless-exists":
            if Path(step[1]).exists():
                continue
            step = step[2:]
        try:
            done = subprocess.run(
                step,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                env=env,
                timeout=float(job.get("prepareTimeout") or 600),
                start_new_session=True,
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            return f"preparing failed: {step[0]}: {err}"
        if done.returncode != 0:
            tail = " ".join(done.stderr.decode("utf-8", "replace").split())[-300:]
            return f"preparing failed: {step[0]} exited with {done.returncode}: {tail}"
    return None


def _signature(path: str) -> tuple[int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


if __name__ == "__main__":
    sys.exit(main())
