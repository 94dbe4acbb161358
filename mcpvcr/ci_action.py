"""The script behind `action.yml`: gate a pull request on contract changes and the score.

Runs anywhere with the same environment variables the GitHub Action sets, so
it can be tested (and used on other CI systems) outside GitHub:

    MCPVCR_BASELINE        the committed baseline cassette (required)
    MCPVCR_NEW             the new cassette, or
    MCPVCR_TARGET          a URL or a stdio command line, recorded live in memory
    MCPVCR_FAIL_ON         change classes that fail (default "breaking,security"; "none")
    MCPVCR_MIN_SCORE       fail when the new score is below this (empty: no threshold)
    MCPVCR_MAX_SCORE_DROP  fail when the score drops more than this (empty: no threshold)
    MCPVCR_FUZZ            "true" to also record behaviour when recording live
    MCPVCR_TIMEOUT         seconds per request when recording live (default 10)
    MCPVCR_IGNORE_FILE     the accept-list (default .mcpvcr-ignore.toml when present)
    MCPVCR_SARIF           where to write SARIF 2.1.0 (empty: none)
    MCPVCR_PIN_SECURITY    "true" (the Action's default): the security rules run whatever
                           the repository's [tool.mcpvcr] turns off (select/ignore/severity)
    MCPVCR_TARGET_TOKEN    bearer token for a URL target (never printed or recorded)
    GITHUB_STEP_SUMMARY    the job summary file (Markdown appended)
    GITHUB_OUTPUT          the step outputs file: score, grade, breaking, security,
                           additive, info, verdict, exit-code

Exit codes as the CLI: 0 passed, 1 failed, 2 usage, 3 could not run.

`python -m mcpvcr.ci_action --pre-commit [--fail-on CLASSES] FILE...` is the
pre-commit hook: each staged cassette is gated against its version at HEAD,
offline (a commit hook never starts a server).
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from typing import Final

from mcpvcr.cassette import Cassette
from mcpvcr.diff import Changes
from mcpvcr.diff.gate import DEFAULT_FAIL_ON, Scores, parse_fail_on
from mcpvcr.diff.render import Verdict, render_markdown, render_text
from mcpvcr.errors import McpVcrError, UsageError
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS
from mcpvcr.report.escape import ci_value
from mcpvcr.terminal import one_line

SUMMARY_LIMIT: Final = 1024 * 1024 - 4096
"""GitHub rejects a step summary over 1 MiB; stay under it."""
MAX_ANNOTATIONS: Final = 10
"""GitHub shows only 10 error annotations per step."""


def main(environ: Mapping[str, str] | None = None) -> int:
    """Run the gate from environment variables; returns the exit code."""
    from mcpvcr.redacted_io import redacted_streams
    from mcpvcr.redaction import TOKEN_ENV, remember

    env = dict(os.environ if environ is None else environ)
    remember([env.get(TOKEN_ENV, "")])  # so no line of this script can carry it
    with redacted_streams():
        try:
            return _run(env)
        except McpVcrError as err:
            # The message may quote the server (a handshake error): one escaped line each.
            print(f"::error title=mcpvcr::{ci_value(str(err))}", flush=True)
            print(f"mcpvcr: {one_line(str(err))}", file=sys.stderr)
            _outputs(env, {"exit-code": str(err.exit_code), "verdict": "error"})
            return err.exit_code
        except KeyboardInterrupt:
            return 130


def _run(env: dict[str, str]) -> int:
    baseline = env.get("MCPVCR_BASELINE", "").strip()
    if not baseline:
        raise UsageError("MCPVCR_BASELINE is not set: give the committed baseline cassette")
    fail_on = parse_fail_on(env.get("MCPVCR_FAIL_ON") or None)
    min_score = _int(env, "MCPVCR_MIN_SCORE")
    max_drop = _int(env, "MCPVCR_MAX_SCORE_DROP")
    from mcpvcr import gate, store
    from mcpvcr.config import load_config

    policy = gate.Policy(
        fail_on=fail_on,
        min_score=min_score,
        max_score_drop=max_drop,
        ignore_file=env.get("MCPVCR_IGNORE_FILE") or None,
    )
    config = load_config()  # the repository's [tool.mcpvcr], as `mcpvcr score` reads it
    if env.get("MCPVCR_PIN_SECURITY", "").strip().lower() in ("1", "true", "yes"):
        config = config.pinned(("security",))  # a pull request cannot switch them off
    old = store.load(baseline)
    new, new_label = _new_side(env)
    # scores always: the step outputs carry them even without a threshold
    result = gate.run(
        old, new, policy, config, old_label=baseline, new_label=new_label, always_score=True
    )
    for line in result.ignore_lines:
        print(f"mcpvcr: {line}", file=sys.stderr)
    code = 1 if result.failed else 0
    _report(env, result.changes, result.verdict, result.scores, code)
    return code


def _int(env: Mapping[str, str], name: str) -> int | None:
    text = env.get(name, "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name}={text!r} is not a whole number") from None
    if not 0 <= value <= 100:
        raise UsageError(f"{name}={value} is outside 0-100")
    return value


def _new_side(env: Mapping[str, str]) -> tuple[Cassette, str]:
    from mcpvcr import store

    new_file = env.get("MCPVCR_NEW", "").strip()
    target_text = env.get("MCPVCR_TARGET", "").strip()
    if new_file and target_text:
        raise UsageError("set MCPVCR_NEW or MCPVCR_TARGET, not both")
    if new_file:
        return store.load(new_file), new_file
    if not target_text:
        raise UsageError("nothing to compare: set MCPVCR_NEW (a cassette) or MCPVCR_TARGET")
    from mcpvcr.recording import RecordOptions
    from mcpvcr.targets import credential_headers, stdio_target, url_target

    if target_text.startswith(("http://", "https://")):
        target = url_target(target_text, headers=credential_headers((), None, env))
    else:
        target = stdio_target(target_text)
    timeout = float(env.get("MCPVCR_TIMEOUT") or DEFAULT_TIMEOUT_SECONDS)
    options = RecordOptions(timeout=timeout, fuzz=env.get("MCPVCR_FUZZ", "false") == "true")
    from mcpvcr.live import record  # the only place this script touches a live server

    return record(target, options), target.label


def _report(
    env: Mapping[str, str], changes: Changes, verdict: Verdict, scores: Scores | None, code: int
) -> None:
    # Server-chosen text must never be read as a workflow command: pause them around it.
    token = secrets.token_hex(16)
    print(f"::stop-commands::{token}")
    print(render_text(changes), end="", flush=True)
    print(f"::{token}::", flush=True)
    for reason in verdict.reasons:
        print(f"mcpvcr: {one_line(reason)}", file=sys.stderr)
    for line in verdict.score_lines:
        if line.startswith("warning: "):  # rules a configuration file turned off
            print(f"::warning title=mcpvcr::{ci_value(line.removeprefix('warning: '))}")
    for change in changes.of_class("breaking", "security")[:MAX_ANNOTATIONS]:
        level = "error" if change.cls == "breaking" else "warning"
        title = ci_value(f"{change.rule} ({change.cls})", prop=True)
        file = ci_value(
            changes.new_label if os.path.isfile(changes.new_label) else changes.old_label, prop=True
        )
        print(f"::{level} file={file},line=1,title={title}::{ci_value(change.message)}")
    summary = env.get("GITHUB_STEP_SUMMARY")
    if summary:
        text = render_markdown(changes, verdict)
        if len(text.encode()) > SUMMARY_LIMIT:
            text = text.encode()[:SUMMARY_LIMIT].decode(errors="ignore") + "\n\n*(truncated)*\n"
        with open(summary, "a", encoding="utf-8") as handle:
            handle.write(text)
    sarif = env.get("MCPVCR_SARIF", "").strip()
    if sarif:
        from mcpvcr.diff.formats import render_sarif
        from mcpvcr.gate import artifact_path
        from mcpvcr.store import write_text_atomic

        artifact = artifact_path(changes.old_label, changes.new_label)
        write_text_atomic(render_sarif(changes, artifact), sarif)
    counts = changes.counts()
    _outputs(
        env,
        {
            "score": "" if scores is None or scores.new is None else str(scores.new),
            "grade": "" if scores is None or scores.grade is None else scores.grade,
            **{name: str(count) for name, count in counts.items()},
            "verdict": "failed" if verdict.failed else "passed",
            "exit-code": str(code),
        },
    )


def _outputs(env: Mapping[str, str], values: dict[str, str]) -> None:
    path = env.get("GITHUB_OUTPUT")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as handle:
        for name, value in values.items():
            handle.write(f"{name}={' '.join(value.split())}\n")


def pre_commit(argv: list[str]) -> int:
    """Gate each staged cassette against its committed version (HEAD); offline only."""
    import argparse
    import subprocess

    from mcpvcr import gate, store
    from mcpvcr.config import load_config

    parser = argparse.ArgumentParser(prog="mcpvcr-gate-staged")
    parser.add_argument("--fail-on", default=",".join(DEFAULT_FAIL_ON))
    parser.add_argument("--ref", default="HEAD")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    try:
        policy = gate.Policy(fail_on=parse_fail_on(args.fail_on))
        config = load_config()
        failed = False
        for path in args.files:
            shown = subprocess.run(
                ["git", "show", f"{args.ref}:./{path}"], capture_output=True, check=False
            )
            if shown.returncode != 0:
                print(f"mcpvcr: {path}: new cassette (nothing committed to compare with)")
                continue
            old = store.decode_bytes(shown.stdout, f"{args.ref}:{path}")
            result = gate.run(
                old,
                store.load(path),
                policy,
                config,
                old_label=f"{args.ref}:{path}",
                new_label=path,
            )
            if not result.changes.identical:
                print(render_text(result.changes), end="")
            for reason in result.verdict.reasons:
                print(f"mcpvcr: {one_line(f'{path}: {reason}')}", file=sys.stderr)
            failed = failed or result.failed
    except McpVcrError as err:
        print(f"mcpvcr: {one_line(str(err))}", file=sys.stderr)
        return err.exit_code
    return 1 if failed else 0


def _entry() -> int:
    if sys.argv[1:2] == ["--pre-commit"]:
        return pre_commit(sys.argv[2:])
    return main()


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess in tests
    sys.exit(_entry())
