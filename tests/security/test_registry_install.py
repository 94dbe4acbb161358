"""Issue 23 item 3: `record --registry` installs run no package code and see no secret.

npm installs with `--ignore-scripts`, pip with `--only-binary :all:`, uv with
`--no-build`; every install step runs with an allow-listed environment; the
index says which sandbox really applied to each server.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr.commands.fleet_worker import prepare
from mcpvcr.fleet import sandbox
from mcpvcr.fleet.resolve import Runtimes, resolve
from mcpvcr.fleet.spec import ServerSpec


def _server(kind: str, ident: str, version: str = "1.0.0") -> dict[str, object]:
    package = {"registryType": kind, "identifier": ident, "version": version}
    return {"name": f"io.example/{ident}", "packages": [package]}


def _resolve(kind: str, runtimes: Runtimes, *, sandboxed: bool) -> ServerSpec:
    return resolve(
        _server(kind, "pkg"),
        runtimes,
        sandboxed=sandboxed,
        cache="/tmp/mcpvcr-cache",
        scratch="/tmp/mcpvcr-scratch",
        environ={},
    )


def test_npm_install_step_disables_install_scripts() -> None:
    spec = _resolve("npm", Runtimes(npx=True), sandboxed=True)
    (step,) = spec.prepare
    assert "npm" in step and "--ignore-scripts" in step
    unsandboxed = _resolve("npm", Runtimes(npx=True), sandboxed=False)
    assert unsandboxed.env["npm_config_ignore_scripts"] == "true"


@pytest.mark.parametrize("uv", [True, False])
def test_pypi_install_steps_never_build_from_source(uv: bool) -> None:
    spec = _resolve("pypi", Runtimes(uv=uv, python=sys.executable), sandboxed=True)
    installs = [step for step in spec.prepare if "install" in step]
    assert installs
    for step in installs:
        assert "--no-build" in step or ("--only-binary" in step and ":all:" in step), step
    uvx = _resolve("pypi", Runtimes(uv=True), sandboxed=False)
    assert uvx.env["UV_NO_BUILD"] == "1"


def test_install_step_sees_no_credential(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "aws-7f1c-never-seen")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_never_seen_either")
    monkeypatch.setenv("MCPVCR_SECRET__X__TOKEN", "input-never-seen")
    dump = tmp_path / "env.json"
    code = f"import json, os; open({str(dump)!r}, 'w').write(json.dumps(dict(os.environ)))"
    assert prepare({"prepare": [[sys.executable, "-c", code]]}) is None
    seen = json.loads(dump.read_text())
    assert not {"AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "MCPVCR_SECRET__X__TOKEN"} & set(seen)
    assert seen["PATH"] == os.environ["PATH"]  # mirror: what an installer needs is kept
    assert seen["npm_config_ignore_scripts"] == "true" and seen["PIP_ONLY_BINARY"] == ":all:"


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm not installed")
def test_a_preinstall_script_does_not_run(tmp_path: Path) -> None:
    package = tmp_path / "evil"
    package.mkdir()
    marker = tmp_path / "ran"
    script = f"node -e \"require('fs').writeFileSync('{marker}', 'x')\""
    manifest = {"name": "evil-pkg", "version": "1.0.0", "scripts": {"preinstall": script}}
    (package / "package.json").write_text(json.dumps(manifest))
    packed = subprocess.run(
        ["npm", "pack", "--silent", "--pack-destination", str(tmp_path)],
        cwd=package,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    tarball = tmp_path / packed.stdout.strip().splitlines()[-1]
    spec = _resolve("npm", Runtimes(npx=True), sandboxed=True)
    (step,) = spec.prepare
    argv = [*step[2:-1], str(tarball)]  # the same install command, on the local tarball
    prefix = tmp_path / "prefix"
    argv[argv.index("--prefix") + 1] = str(prefix)
    assert prepare({"prepare": [argv], "prepareTimeout": 120}) is None
    assert (prefix / "node_modules" / "evil-pkg" / "package.json").exists()
    assert not marker.exists()


def test_index_says_which_sandbox_applied() -> None:
    docker = ("docker", "run", "-i", "--rm", "--network", "none", "img:1")
    assert sandbox.applied("netns", transport="stdio", wrap=False, argv=docker) == (
        "docker --network none"
    )
    open_docker = ("docker", "run", "-i", "--rm", "img:1")
    assert "netns" not in sandbox.applied("netns", transport="stdio", wrap=False, argv=open_docker)
    assert "netns" not in sandbox.applied("netns", transport="http", wrap=True, argv=())
    assert sandbox.applied("netns", transport="stdio", wrap=True, argv=("srv",)) == "netns"
