"""Units: the progress line's timing and the machine placeholder rules (pure, no server)."""

from __future__ import annotations

import io
import socket

import pytest

from mcpvcr.machine import apply_rules, placeholder_rules, stable_child_env
from mcpvcr.progress import Progress


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_plain_progress_prints_a_line_per_interval_not_per_call() -> None:
    clock, out = _Clock(), io.StringIO()
    progress = Progress(out, label="demo", total_tools=3, interval=5.0, clock=clock)
    for second in range(12):
        clock.now = 100.0 + second
        progress.answered("tools/call", {"name": f"tool{second // 4}"})
    lines = out.getvalue().splitlines()
    assert len(lines) == 2  # at 5 s and 10 s
    assert lines[0] == "mcpvcr: fuzzing demo: tool 2/3 (tool1), 6 calls answered, 5.0 s"
    progress.finish()
    assert out.getvalue().splitlines()[-1].endswith("tool 3/3 (tool2), 12 calls answered, 11.0 s")


def test_a_hung_call_still_shows_progress_on_the_timer() -> None:
    clock, out = _Clock(), io.StringIO()
    progress = Progress(out, label="x", total_tools=1, interval=5.0, clock=clock)
    clock.now += 6
    progress.tick()
    assert "0 calls answered, 6.0 s" in out.getvalue()


def test_terminal_progress_rewrites_one_line_in_place() -> None:
    clock, out = _Clock(), _Tty()
    progress = Progress(out, label="x\x1b[31m", total_tools=2, clock=clock)
    for _step in range(3):
        clock.now += 1
        progress.answered("tools/call", {"name": "a"})
    progress.finish()
    text = out.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n") and "\x1b[31m" not in text


def test_quiet_run_prints_nothing_when_short() -> None:
    out = io.StringIO()
    progress = Progress(out, label="x", total_tools=1, clock=_Clock())
    progress.answered("tools/call", {"name": "a"})
    progress.finish()
    assert out.getvalue() == ""


def test_child_env_has_the_same_keys_in_the_same_order_whatever_the_parent_set() -> None:
    # A CI runner sets USER and LOGNAME, a laptop shell may not; TMPDIR likewise. A server
    # that prints its environment must record the same keys, in the same order, on both.
    bare = stable_child_env({"PATH": "/bin"}, {})
    full = stable_child_env(
        {"LANG": "en_US.UTF-8", "USER": "ci", "LOGNAME": "ci", "TMPDIR": "/tmp", "PATH": "/b"}, {}
    )
    assert list(bare) == list(full)
    assert list(bare)[:5] == ["HOME", "LOGNAME", "PATH", "USER", "TMPDIR"]
    rules = placeholder_rules(full, None)
    recorded = apply_rules('"USER": "ci", "TMPDIR": "/tmp"', rules)
    assert recorded == '"USER": "[USER]", "TMPDIR": "[TMPDIR]"'
    rootless = placeholder_rules(stable_child_env({"HOME": "/"}, {}), None)
    assert apply_rules('HOME=/ and "HOME": "/"', rootless) == 'HOME=[HOME] and "HOME": "[HOME]"'


def test_stable_env_wins_over_inherited_and_loses_to_given() -> None:
    parent = {"LANG": "de_DE.UTF-8", "PATH": "/bin", "HOME": "/h", "USER": "u", "LOGNAME": "u"}
    env = stable_child_env({**parent, "TMPDIR": "/t"}, {"TZ": "Asia/Tokyo"})
    assert env == {
        "HOME": "/h",
        "LOGNAME": "u",
        "PATH": "/bin",
        "USER": "u",
        "TMPDIR": "/t",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": "dumb",
        "SHELL": "/bin/sh",
        "TZ": "Asia/Tokyo",
    }


def test_paths_are_replaced_as_whole_prefixes_only() -> None:
    env = {"HOME": "/home/alice", "PATH": "/home/alice/bin:/usr/bin", "USER": "alice"}
    rules = placeholder_rules(env, "/home/alice/project")
    text = (
        "cwd=/home/alice/project/src home=/home/alice/.cache other=/home/alicebob "
        "path=/home/alice/bin:/usr/bin user alice wrote alice2"
    )
    assert apply_rules(text, rules) == (
        "cwd=[CWD]/src home=[HOME]/.cache other=/home/alicebob path=[PATH] user [USER] wrote alice2"
    )


def test_paths_in_file_uris_are_replaced_but_not_inside_other_urls() -> None:
    rules = placeholder_rules({"HOME": "/home/alice"}, "/srv/work/project")
    text = "file:///srv/work/project/README.md and https://h/srv/work/project/x"
    assert apply_rules(text, rules) == "file://[CWD]/README.md and https://h/srv/work/project/x"


def test_a_directory_under_the_working_directory_named_like_home_stays_a_directory() -> None:
    rules = placeholder_rules({"HOME": "/root"}, "/srv/w")
    text = "/srv/w/root/README.md file:///srv/w/root/a /root/.cache"
    assert apply_rules(text, rules) == "[CWD]/root/README.md file://[CWD]/root/a [HOME]/.cache"


def test_a_generic_user_name_is_replaced_only_as_an_env_value() -> None:
    rules = placeholder_rules({"USER": "root", "HOME": "/root"}, "/srv/app")
    text = 'USER=root, "USER": "root", the root of the tree, /root/x, /rootfs'
    assert apply_rules(text, rules) == (
        'USER=[USER], "USER": "[USER]", the root of the tree, [HOME]/x, /rootfs'
    )


def test_the_host_name_is_replaced_as_a_word() -> None:
    host = socket.gethostname()
    rules = placeholder_rules({}, None)
    if len(host) >= 3 and host != "localhost":
        assert apply_rules(f"on {host}.", rules) == "on [HOST]."
        assert apply_rules(f"on {host}x", rules) == f"on {host}x"


def test_the_plain_interval_can_be_set_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MCPVCR_PROGRESS_SECONDS", "1.5")
    assert Progress(io.StringIO(), label="x", total_tools=1).interval == 1.5
    for bad in ("0", "-2", "soon"):  # mirror: nonsense keeps the default
        monkeypatch.setenv("MCPVCR_PROGRESS_SECONDS", bad)
        assert Progress(io.StringIO(), label="x", total_tools=1).interval == 5.0
