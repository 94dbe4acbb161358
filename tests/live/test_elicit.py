"""How the recorder answers `elicitation/create`: refused unless --elicit-defaults, then defaults.

Unit cases for mcpvcr.live.elicit, then `mcpvcr record` against fake_server.py's `elicits`
mode, which asks four forms and lists what it got back (and what the client declared).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import store
from mcpvcr.live import elicit
from tests.live.helpers import fake_command, run_mcpvcr

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "default": "Ada"},
        "age": {"type": "integer", "default": 36},
        "note": {"type": "string"},
    },
}
DEFAULTS = {"name": "Ada", "age": 36}


def form(schema: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"message": "m", "requestedSchema": schema, **extra}


def test_defaults_are_accepted_only_when_the_operator_allowed_it() -> None:
    allowed = elicit.answer(form(SCHEMA), elicit_defaults=True)
    assert allowed == {"result": {"action": "accept", "content": DEFAULTS}}
    refused = elicit.answer(form(SCHEMA), elicit_defaults=False)
    assert refused["error"]["code"] == -32602
    assert "no elicitation capability" in refused["error"]["message"]


def test_an_explicit_form_mode_is_form_mode() -> None:
    answer = elicit.answer(form(SCHEMA, mode="form"), elicit_defaults=True)
    assert answer["result"]["action"] == "accept"


def test_a_required_field_without_a_default_cancels() -> None:
    schema = {**SCHEMA, "required": ["note"]}
    assert elicit.answer(form(schema), elicit_defaults=True) == {"result": {"action": "cancel"}}
    mirror = {**SCHEMA, "required": ["name"]}  # required, but it has a default
    assert elicit.answer(form(mirror), elicit_defaults=True)["result"]["action"] == "accept"


def test_a_default_its_own_schema_refuses_cancels() -> None:
    bad = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 5, "default": 1}}}
    assert elicit.answer(form(bad), elicit_defaults=True) == {"result": {"action": "cancel"}}
    good = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 5, "default": 7}}}
    assert elicit.answer(form(good), elicit_defaults=True)["result"]["content"] == {"n": 7}


def test_url_mode_is_never_declared_so_it_is_invalid_params() -> None:
    params = {"mode": "url", "message": "m", "url": "https://x.invalid", "elicitationId": "1"}
    answer = elicit.answer(params, elicit_defaults=True)
    assert answer["error"]["code"] == -32602
    assert "'url'" in answer["error"]["message"]


def test_a_form_without_properties_is_invalid_params() -> None:
    for params in ({"message": "m"}, {"message": "m", "requestedSchema": []}, "junk"):
        assert elicit.answer(params, elicit_defaults=True)["error"]["code"] == -32602


def test_the_capability_is_declared_only_with_the_option() -> None:
    base = {"roots": {"listChanged": False}}
    assert elicit.client_capabilities(base, False) == base
    assert elicit.client_capabilities(base, True) == {**base, "elicitation": {"form": {}}}


def record_elicits(tmp_path: Path, *extra: str) -> tuple[dict[str, Any], Any]:
    out = tmp_path / "out.mcpvcr"
    run = run_mcpvcr("record", "--stdio", fake_command("elicits"), "-o", str(out), *extra)
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    tool = cassette.tool_named("tool_0")
    assert tool is not None
    return json.loads(tool["description"]), cassette


def test_record_refuses_elicitation_by_default(tmp_path: Path) -> None:
    seen, cassette = record_elicits(tmp_path)
    assert "elicitation" not in seen["declared"]
    assert "elicitation" not in cassette.header["clientCapabilities"]
    assert "elicitDefaults" not in cassette.options
    for key in ("s0", "s1", "s2", "s3"):
        assert seen[key]["code"] == -32602, seen
    assert cassette.body["diagnostics"]["serverRequests"] == ["elicitation/create"]


def test_record_with_elicit_defaults_answers_with_the_servers_defaults(tmp_path: Path) -> None:
    seen, cassette = record_elicits(tmp_path, "--elicit-defaults")
    assert seen["declared"]["elicitation"] == {"form": {}}
    assert cassette.header["clientCapabilities"]["elicitation"] == {"form": {}}
    assert cassette.options["elicitDefaults"] is True
    content = {"name": "Ada", "age": 36, "score": 9.5, "tier": "b", "ok": True}
    assert seen["s0"] == {"action": "accept", "content": content}  # no mode given: form
    assert seen["s1"] == {"action": "cancel"}  # required "note" has no default
    assert seen["s2"] == {"action": "cancel"}  # default outside its own enum
    assert seen["s3"]["code"] == -32602  # URL mode was not declared


def test_verify_records_with_the_baselines_elicitation_choice(tmp_path: Path) -> None:
    from mcpvcr.commands.verify import verify_options

    _, allowed = record_elicits(tmp_path, "--elicit-defaults")
    assert verify_options(allowed, timeout=5.0, concurrency=1).elicit_defaults is True
    (tmp_path / "again").mkdir()
    _, refused = record_elicits(tmp_path / "again")
    assert verify_options(refused, timeout=5.0, concurrency=1).elicit_defaults is False


@pytest.mark.real_target("everything")
def test_server_everything_gets_a_cancel_for_its_form_with_a_required_field(
    tmp_path: Path,
) -> None:
    # Its trigger-elicitation-request form requires `name`, which has no default: no person
    # would have approved an answer without one, so the recorder cancels instead of inventing.
    import shlex

    from tests.targets import everything_argv

    command = shlex.join(everything_argv())
    found = {}
    for flag in ("", "--elicit-defaults"):
        out = tmp_path / f"ev{flag}.mcpvcr"
        extra = ["--max-tools", "0"] if not flag else [flag]
        run = run_mcpvcr("record", "--stdio", command, "--fuzz", "-o", str(out), *extra)
        assert run.returncode == 0, run.stderr
        found[flag] = store.load(out)
    assert found[""].tool_named("trigger-elicitation-request") is None  # not declared: not offered
    cassette = found["--elicit-defaults"]
    assert cassette.tool_named("trigger-elicitation-request") is not None
    calls = [
        i
        for i in cassette.body["interactions"]
        if i["target"] == "trigger-elicitation-request" and i["case"] == "valid"
    ]
    texts = [block.get("text", "") for block in calls[0]["response"]["result"]["content"]]
    assert any('"action": "cancel"' in text for text in texts), texts
    assert "elicitation/create" in cassette.body["diagnostics"]["serverRequests"]
