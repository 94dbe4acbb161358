"""Issue 23 item 4: docker flags from a registry entry are allow-listed.

`runtimeArguments` reached `docker run` unfiltered: `-v /:/host --privileged
--network host --pid host` came through. Now a flag that widens what the
container sees skips the server with one line naming the entry and the flag.
"""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.fleet.resolve import Runtimes, resolve

IMAGE = "ghcr.io/example/srv:1.0.0"
NAME = "io.example/hostile-docker"


def _plan(*flags: str) -> Any:
    runtime = [{"type": "positional", "value": flag} for flag in flags]
    entry = {
        "name": NAME,
        "packages": [{"registryType": "oci", "identifier": IMAGE, "runtimeArguments": runtime}],
    }
    return resolve(
        entry, Runtimes(docker=True), sandboxed=True, cache="/c", scratch="/s", environ={}
    )


@pytest.mark.parametrize(
    "flags",
    [
        ("-v", "/:/host"),
        ("--volume=/home:/h",),
        ("--mount", "type=bind,src=/,dst=/h"),
        ("--privileged",),
        ("--network", "host"),
        ("--net=host",),
        ("--pid", "host"),
        ("--ipc=host",),
        ("--cap-add", "SYS_ADMIN"),
        ("--device", "/dev/sda"),
        ("--security-opt", "seccomp=unconfined"),
        ("--user", "root"),
        ("-u", "0:0"),
        ("-p", "8080:8080"),
        ("--userns", "host"),
        ("other/image:latest",),
    ],
)
def test_widening_flags_skip_the_server_naming_entry_and_flag(flags: tuple[str, ...]) -> None:
    spec = _plan(*flags)
    assert spec.skip is not None and spec.skip.startswith("refused-docker-flag")
    assert NAME in spec.skip and flags[0].split("=")[0] in spec.skip
    assert "\n" not in spec.skip


def test_safe_flags_pass_and_env_values_stay_out_of_argv() -> None:
    spec = _plan("run", "-i", "--rm", "-e", "API_KEY=v4lue-s3cret", "--read-only", "-w", "/app")
    assert spec.skip is None
    assert spec.argv[:7] == ("docker", "run", "-i", "--rm", "--init", "--network", "none")
    assert "--read-only" in spec.argv and spec.argv[8:10] == ("-w", "/app")
    assert "v4lue-s3cret" not in " ".join(spec.argv) and spec.env["API_KEY"] == "v4lue-s3cret"
    assert _plan("--network", "none", "--user", "1000:1000").skip is None
