"""Resolve the inputs of a server.json entry: arguments, env vars, headers, URL variables.

Order for every input: its fixed `value` (its own `{variables}` filled in),
then the user's value, then `default`; otherwise it is omitted when optional
and *missing* when required (the server is then skipped and the name listed).
A `placeholder` is an example, never a value.

User values come only from the environment variable
`MCPVCR_SECRET__<SERVER>__<NAME>` (server name and input name upper-cased,
every other character `_`): the host's own variables (a GITHUB_TOKEN, cloud
credentials) never reach an untrusted server by accident.

A `format: filepath` value taken from registry data (often a path on the
publisher's machine) is replaced by an empty scratch directory and the run
noted as env-dependent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_BRACE = re.compile(r"\{([A-Za-z0-9_.-]+)\}")


def user_key(server: str, name: str) -> str:
    def norm(text: str) -> str:
        return re.sub(r"[^A-Za-z0-9]", "_", text).upper()

    return f"MCPVCR_SECRET__{norm(server)}__{norm(name)}"


class Inputs:
    """Resolves the inputs of one server, collecting what is missing."""

    def __init__(self, server: str, environ: Mapping[str, str], scratch: str) -> None:
        self.server = server
        self.environ = environ
        self.scratch = scratch
        self.missing: list[str] = []
        self.notes: list[str] = []
        self.secrets: set[str] = set()
        """Every value the user supplied: a secret wherever it lands (argv, URL, env)."""

    def value(self, item: dict[str, Any], name: str) -> str | None:
        """The resolved value of one input (None when it has none)."""
        user = self.environ.get(user_key(self.server, name))
        if user is not None:
            self.secrets.add(user)
            return user
        for key in ("value", "default"):
            raw = item.get(key)
            if raw is None:
                continue
            text = _render(raw)
            if key == "value":
                text = self._fill(text, item.get("variables"))
            if item.get("format") == "filepath":
                self.notes.append(f"env-dependent: {name} uses a scratch directory")
                return self.scratch
            return text
        return None

    def require(self, item: dict[str, Any], name: str) -> str | None:
        """`value`, recording `name` as missing when the input is required and has none."""
        found = self.value(item, name)
        if found is None and item.get("isRequired"):
            self.missing.append(name)
        return found

    def _fill(self, text: str, variables: Any) -> str:
        if not isinstance(variables, dict):
            return text

        def one(match: re.Match[str]) -> str:
            var = match.group(1)
            spec = variables.get(var)
            if not isinstance(spec, dict):
                return match.group(0)  # not defined: stays verbatim (the schema says so)
            found = self.require(spec, var)
            return match.group(0) if found is None else found

        return _BRACE.sub(one, text)

    def arguments(self, items: Any) -> list[str]:
        """runtimeArguments / packageArguments as argv items (named: flag and value apart)."""
        argv: list[str] = []
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            if item.get("type") == "named" and isinstance(item.get("name"), str):
                flag = item["name"]
                found = self.value(item, flag)
                if found is None:
                    if item.get("isRequired") and item.get("format") == "boolean":
                        argv.append(flag)
                    elif item.get("isRequired"):
                        self.missing.append(flag)
                    continue
                argv += (
                    [flag] if found == "true" and item.get("format") == "boolean" else [flag, found]
                )
            else:
                label = str(item.get("valueHint") or item.get("name") or "argument")
                found = self.require(item, label)
                if found is not None:
                    argv.append(found)
        return argv

    def env(self, items: Any) -> dict[str, str]:
        result: dict[str, str] = {}
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                found = self.require(item, item["name"])
                if found is not None:
                    result[item["name"]] = found
        return result

    def headers(self, items: Any) -> dict[str, str]:
        """Headers; a `{...}` left in a required or secret one is an unresolved secret."""
        result: dict[str, str] = {}
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                continue
            name = item["name"]
            found = self.require(item, name)
            if found is None:
                continue
            if _BRACE.search(found) and (item.get("isRequired") or item.get("isSecret")):
                if name not in self.missing:
                    self.missing.append(name)
                continue
            result[name] = found
        return result

    def url(self, url: str, variables: Any) -> str:
        return self._fill(url, variables)


def _render(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
