"""A server.json entry -> a launch plan (`ServerSpec`), or a skip with the reason.

Which variant: the first package whose runtime is here, trying OCI (when
docker works: it sandboxes itself), then npm, then PyPI; else a remote
(streamable-http before sse). Pins come from the package, never from the
entry's own `version`.

- npm: `npx -y [runtimeArguments] ID@VERSION [packageArguments]`. Sandboxed,
  the package is first installed (with network, outside the sandbox) into a
  per-package cache folder, then run there with `npx --offline`.
- PyPI: with uv, `uvx [runtimeArguments] --from ID==VERSION ID`; without uv, or
  sandboxed, a per-package venv made once (python -m venv + pip, or uv), then
  its `bin/ID`.
- Installing never runs the package's code: npm with `--ignore-scripts`
  (`npm_config_ignore_scripts` for npx), pip with `--only-binary :all:`, uv
  with `--no-build` (`UV_NO_BUILD` for uvx): no lifecycle script, no build
  backend. A package that needs one fails to install, with the reason. The
  install steps run with the environment `sandbox.install_environment` keeps
  (no credentials).
- OCI: `docker run -i --rm --init [--network none] -e NAME ... IMAGE`, the env
  values in the process environment; runtimeArguments that repeat `run`,
  `-i`, `--rm` or the image are dropped; `-e NAME=VALUE` moves into the env.
- Anything else (nuget, mcpb, cargo, an unknown type, no runtime here):
  skipped, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mcpvcr.fleet.inputs import Inputs
from mcpvcr.fleet.spec import ServerSpec, Transport, skipped

_SAFE = re.compile(r"[^A-Za-z0-9._@=-]+")
NO_INSTALL_CODE = {"npm_config_ignore_scripts": "true", "UV_NO_BUILD": "1"}
"""For installs that happen at launch (npx -y, uvx): no lifecycle script, no build backend."""
DOCKER_DROP = {"run", "-i", "--interactive", "--rm", "-t", "--tty", "-it", "true"}


@dataclass(frozen=True)
class Runtimes:
    """What can launch packages on this machine (probed by `probe_runtimes`)."""

    npx: bool = False
    uv: bool = False
    python: str | None = None
    docker: bool = False


def resolve(
    server: dict[str, Any],
    runtimes: Runtimes,
    *,
    sandboxed: bool,
    cache: str,
    scratch: str,
    environ: Mapping[str, str],
) -> ServerSpec:
    name = str(server["name"])
    packages = [p for p in server.get("packages") or [] if isinstance(p, dict)]
    remotes = [r for r in server.get("remotes") or [] if isinstance(r, dict)]
    if not packages and not remotes:
        return skipped(name, "no-launch-info", source="registry")
    reasons: list[str] = []
    for kind in ("oci", "npm", "pypi"):
        for package in packages:
            if str(package.get("registryType", "")).lower() != kind:
                continue
            if str(package.get("transport", {}).get("type", "stdio")) != "stdio":
                reasons.append(f"{kind} package over HTTP transport (not supported)")
                continue
            why = _runtime_missing(kind, runtimes, sandboxed)
            if why:
                reasons.append(why)
                continue
            inputs = Inputs(name, environ, f"{scratch}/{_safe(name)}")
            return _package(name, kind, package, runtimes, inputs, sandboxed, cache)
    for wanted in ("streamable-http", "sse"):
        for remote in remotes:
            if str(remote.get("type", "")).lower() == wanted and isinstance(remote.get("url"), str):
                return _remote(name, remote, Inputs(name, environ, scratch))
    kinds = sorted({str(p.get("registryType", "?")) for p in packages})
    reasons += [f"no launcher for {k}" for k in kinds if k not in ("npm", "pypi", "oci")]
    return skipped(
        name,
        "unlaunchable: " + "; ".join(dict.fromkeys(reasons)),
        source="registry",
        version=str(server.get("version") or ""),
    )


def _runtime_missing(kind: str, runtimes: Runtimes, sandboxed: bool) -> str | None:
    if kind == "oci" and not runtimes.docker:
        return "runtime-missing: docker (not installed or not usable)"
    if kind == "npm" and not runtimes.npx:
        return "runtime-missing: npx"
    if kind == "pypi" and not (runtimes.uv or runtimes.python):
        return "runtime-missing: uv or python"
    return None


@dataclass(frozen=True)
class _Package:
    """One package's pinned parts, inputs resolved."""

    kind: str
    ident: str
    version: str
    env: dict[str, str]
    runtime_args: list[str]
    package_args: list[str]
    folder: str


def _package(
    name: str,
    kind: str,
    package: dict[str, Any],
    runtimes: Runtimes,
    inputs: Inputs,
    sandboxed: bool,
    cache: str,
) -> ServerSpec:
    ident = str(package.get("identifier") or "")
    version = str(package.get("version") or "")
    pkg = _Package(
        kind=kind,
        ident=ident,
        version=version,
        env=inputs.env(package.get("environmentVariables")),
        runtime_args=inputs.arguments(package.get("runtimeArguments")),
        package_args=inputs.arguments(package.get("packageArguments")),
        folder=f"{cache}/{kind}/{_safe(ident)}@{_safe(version)}",
    )
    if not ident or (kind != "oci" and not version):
        why = f"unpinned: {kind} package without identifier and version"
        return skipped(name, why, source="registry")
    if inputs.missing:
        missing = tuple(dict.fromkeys(inputs.missing))
        return skipped(name, "missing-inputs", source="registry", version=version, missing=missing)
    try:
        plan = {"npm": _npm, "pypi": _pypi, "oci": _oci}[kind](pkg, runtimes, sandboxed)
    except RefusedDockerFlag as err:
        why = (
            f"refused-docker-flag: {name}: runtimeArguments {err} (a registry entry may not "
            "mount host paths, add privileges, share host namespaces or open the network)"
        )
        return skipped(name, why, source="registry", version=version)
    return replace(plan, name=name, notes=tuple(inputs.notes), secrets=frozenset(inputs.secrets))


def _npm(pkg: _Package, runtimes: Runtimes, sandboxed: bool) -> ServerSpec:
    spec = f"{pkg.ident}@{pkg.version}"
    if not sandboxed:
        argv = ("npx", "-y", *pkg.runtime_args, spec, *pkg.package_args)
        env = {**pkg.env, **NO_INSTALL_CODE}
        return ServerSpec(name="", version=pkg.version, argv=argv, env=env, source="registry")
    # Installed once with network, outside the sandbox; run inside it with no network.
    marker = f"{pkg.folder}/node_modules/{pkg.ident}/package.json"
    install = (
        "npm",
        "install",
        "--ignore-scripts",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--prefix",
        pkg.folder,
    )
    return ServerSpec(
        name="",
        version=pkg.version,
        argv=("npx", "--offline", "-y", *pkg.runtime_args, spec, *pkg.package_args),
        env=pkg.env,
        cwd=pkg.folder,
        source="registry",
        prepare=(("mcpvcr-unless-exists", marker, *install, spec),),
    )


def _pypi(pkg: _Package, runtimes: Runtimes, sandboxed: bool) -> ServerSpec:
    pin = f"{pkg.ident}=={pkg.version}"
    if runtimes.uv and not sandboxed:
        argv = ("uvx", *pkg.runtime_args, "--from", pin, pkg.ident, *pkg.package_args)
        env = {**pkg.env, **NO_INSTALL_CODE}
        return ServerSpec(name="", version=pkg.version, argv=argv, env=env, source="registry")
    return ServerSpec(
        name="",
        version=pkg.version,
        argv=(f"{pkg.folder}/bin/{pkg.ident}", *pkg.package_args),
        env=pkg.env,
        source="registry",
        prepare=_venv_steps(pkg.folder, pin, runtimes),
    )


def _oci(pkg: _Package, runtimes: Runtimes, sandboxed: bool) -> ServerSpec:
    tagged = ":" in pkg.ident.rsplit("/", 1)[-1] or "@" in pkg.ident
    image = pkg.ident if tagged or not pkg.version else f"{pkg.ident}:{pkg.version}"
    docker_args, moved = _docker_args(pkg.runtime_args, image)
    env = {**pkg.env, **moved}
    network = ("--network", "none") if sandboxed else ()
    env_flags = [part for key in sorted(env) for part in ("-e", key)]
    head = ("docker", "run", "-i", "--rm", "--init", *network)
    return ServerSpec(
        name="",
        version=pkg.version or image.rpartition(":")[2],
        argv=(*head, *docker_args, *env_flags, image, *pkg.package_args),
        env=env,
        source="registry",
        wrap=False,  # docker isolates itself; unshare around the client would not reach it
    )


def _venv_steps(folder: str, pin: str, runtimes: Runtimes) -> tuple[tuple[str, ...], ...]:
    marker = f"{folder}/bin/python"
    if runtimes.uv:
        return (
            ("mcpvcr-unless-exists", marker, "uv", "venv", folder),
            (
                "mcpvcr-unless-exists",
                f"{folder}/.mcpvcr-installed",
                "uv",
                "pip",
                "install",
                "--no-build",
                "--python",
                marker,
                pin,
            ),
            ("mcpvcr-touch", f"{folder}/.mcpvcr-installed"),
        )
    python = runtimes.python or "python3"
    return (
        ("mcpvcr-unless-exists", marker, python, "-m", "venv", folder),
        (
            "mcpvcr-unless-exists",
            f"{folder}/.mcpvcr-installed",
            f"{folder}/bin/pip",
            "install",
            "--quiet",
            "--only-binary",
            ":all:",
            pin,
        ),
        ("mcpvcr-touch", f"{folder}/.mcpvcr-installed"),
    )


DOCKER_BARE = {"--init", "--read-only", "--no-healthcheck"}
"""Flags without a value a registry entry may add: none widens what the container reaches."""
DOCKER_VALUED = {"-w", "--workdir", "--entrypoint", "--cap-drop", "--tmpfs", "--label", "-l"}
"""Flags with a value a registry entry may add (the value stays inside the container)."""


class RefusedDockerFlag(ValueError):
    """A runtimeArguments flag that would widen the container (mounts, privileges, host
    namespaces, ports, another network or user); the message names the flag."""


def _docker_args(args: list[str], image: str) -> tuple[list[str], dict[str, str]]:
    """runtimeArguments without what `docker run -i --rm` already says; -e K=V into the env.

    Allow-listed: -e/--env NAME=VALUE (moved into the environment), the flags of
    DOCKER_DROP, DOCKER_BARE and DOCKER_VALUED, `--network none`, `--user` other than
    root. Anything else (-v, --mount, --privileged, --network host, --pid, --ipc,
    --cap-add, --device, --security-opt, -p, --user root, another image...) raises
    RefusedDockerFlag: a registry entry must not decide what of the host a server sees.
    """
    bare = image.rsplit(":", 1)[0]
    kept: list[str] = []
    moved: dict[str, str] = {}
    items = iter(args)
    for raw in items:
        item, eq, inline = raw.partition("=") if raw.startswith("--") else (raw, "", "")
        if raw in DOCKER_DROP or raw in (image, bare):
            continue
        if item in ("-e", "--env"):
            pair = inline if eq else next(items, "")
            key, sep, value = pair.partition("=")
            if sep:
                moved[key] = value  # passed as `-e KEY` with every env var, value in the env
            continue  # a bare `-e NAME` would pass mcpvcr's own variable: dropped
        if item in DOCKER_BARE and not eq:
            kept.append(item)
            continue
        if item in DOCKER_VALUED or item in ("--network", "--net", "-u", "--user"):
            value = inline if eq else next(items, "")
            if item in ("--network", "--net") and value != "none":
                raise RefusedDockerFlag(f"{item} {value}")
            if item in ("-u", "--user") and value.split(":")[0] in ("", "root", "0"):
                raise RefusedDockerFlag(f"{item} {value or '(empty)'}")
            kept += [item, value]
            continue
        raise RefusedDockerFlag(raw if raw.startswith("-") else f"unexpected argument {raw!r}")
    return kept, moved


def _remote(name: str, remote: dict[str, Any], inputs: Inputs) -> ServerSpec:
    url = inputs.url(str(remote["url"]), remote.get("variables"))
    headers = inputs.headers(remote.get("headers"))
    if re.search(r"\{[A-Za-z0-9_.-]+\}", url):
        inputs.missing += [
            m for m in re.findall(r"\{([A-Za-z0-9_.-]+)\}", url) if m not in inputs.missing
        ]
    if inputs.missing:
        return skipped(
            name, "missing-inputs", source="registry", missing=tuple(dict.fromkeys(inputs.missing))
        )
    transport: Transport = "sse" if str(remote.get("type")).lower() == "sse" else "http"
    return ServerSpec(
        name=name,
        transport=transport,
        url=url,
        headers=headers,
        source="registry",
        secrets=frozenset(inputs.secrets),
    )


def _safe(text: str) -> str:
    return _SAFE.sub("_", text).strip("._") or "_"
