"""Classification decision table (outcome and flags)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mcpvcr.fuzz.classify import classify

TEXT = {"content": [{"type": "text", "text": "done"}]}
OUT = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


@pytest.mark.parametrize(
    ("kwargs", "outcome", "flags"),
    [
        ({"timed_out": True}, "timeout", ()),
        ({"closed": "EOF"}, "protocolCrash", ()),
        ({"error": {"code": -32602, "message": "bad"}}, "rejected", ()),
        # A JSON-RPC error is an answer from a live server, never a crash.
        ({"error": {"code": -32603, "message": "boom"}}, "toolError", ()),
        ({"error": {"code": "x", "message": "odd"}}, "toolError", ()),
        ({"result": None}, "protocolCrash", ()),
        ({"result": {"isError": True, "content": []}}, "toolError", ()),
        ({"result": TEXT}, "ok", ()),
        ({"result": {"content": []}}, "ok", ("emptySuccess",)),
        ({"result": {}}, "ok", ("emptySuccess",)),
        ({"result": {"content": [{"type": "text", "text": "  "}]}}, "ok", ("emptySuccess",)),
        ({"result": {"content": [{"type": "image", "data": "", "mimeType": "x"}]}}, "ok", ()),
        ({"result": {"content": [], "structuredContent": {"a": 1}}}, "ok", ()),
        ({"result": TEXT, "output_schema": OUT}, "ok", ("outputSchemaViolation",)),
        (
            {"result": {**TEXT, "structuredContent": {"n": "x"}}, "output_schema": OUT},
            "ok",
            ("outputSchemaViolation",),
        ),
        ({"result": {**TEXT, "structuredContent": {"n": 1}}, "output_schema": OUT}, "ok", ()),
        ({"result": TEXT, "output_schema": {"type": "bogus"}}, "ok", ()),
        (
            {
                "result": {
                    "isError": True,
                    "content": [{"type": "text", "text": "Output validation error: x"}],
                },
                "output_schema": OUT,
            },
            "toolError",
            ("outputSchemaViolation",),
        ),
        (
            {"result": {"content": []}, "output_schema": OUT},
            "ok",
            ("emptySuccess", "outputSchemaViolation"),
        ),
    ],
)
def test_valid_case_table(kwargs: dict[str, Any], outcome: str, flags: tuple[str, ...]) -> None:
    got = classify(method="tools/call", malformed=False, **kwargs)
    assert (got.outcome, got.flags) == (outcome, flags)


@pytest.mark.parametrize(
    ("kwargs", "outcome", "flags"),
    [
        ({"result": TEXT}, "ok", ("silentlyAccepted",)),
        ({"result": {"content": []}, "output_schema": OUT}, "ok", ("silentlyAccepted",)),
        (
            {
                "result": {
                    "isError": True,
                    "content": [{"type": "text", "text": "structured content bad"}],
                },
                "output_schema": OUT,
            },
            "toolError",
            (),
        ),
        ({"error": {"code": -32602, "message": "Invalid params"}}, "rejected", ()),
        ({"timed_out": True}, "timeout", ()),
    ],
)
def test_malformed_case_table(kwargs: dict[str, Any], outcome: str, flags: tuple[str, ...]) -> None:
    got = classify(method="tools/call", malformed=True, **kwargs)
    assert (got.outcome, got.flags) == (outcome, flags)


def test_resources_and_prompts() -> None:
    assert classify(method="resources/read", malformed=False, result={"contents": []}).flags == (
        "emptySuccess",
    )
    assert (
        classify(
            method="resources/read",
            malformed=False,
            result={"contents": [{"uri": "a", "text": "x"}]},
        ).flags
        == ()
    )
    assert classify(method="prompts/get", malformed=False, result={"messages": []}).flags == (
        "emptySuccess",
    )
    # isError means nothing outside tools/call
    assert (
        classify(
            method="prompts/get", malformed=False, result={"isError": True, "messages": [1]}
        ).outcome
        == "ok"
    )
    assert (
        classify(
            method="resources/read", malformed=False, error={"code": -32002, "message": "nf"}
        ).outcome
        == "toolError"
    )


def _text(text: str, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    return {**result, "isError": True} if error else result


@pytest.mark.parametrize(
    "text",
    [
        "getaddrinfo ENOTFOUND example.com",
        "fetch failed",
        "Failed to fetch robots.txt due to a connection issue",
        "Access denied - path outside allowed directories: /x",
        "Repository path '.' is outside the allowed repository '/r'",
        "[Errno 101] Network is unreachable",
        "Error: Rate limit exceeded",
        "429 Too Many Requests",
        "rate limited, try again in 2s",
    ],
)
def test_environment_failures_are_inconclusive_even_for_pinned_or_malformed(text: str) -> None:
    for malformed, guessed in ((False, False), (True, True)):
        got = classify(
            method="tools/call", malformed=malformed, guessed=guessed, result=_text(text, True)
        )
        assert got.outcome == "inconclusive", (text, malformed)


@pytest.mark.parametrize(
    "text",
    [
        "Entity with name example not found",
        "ENOENT: no such file or directory, open 'x'",
        "fatal: pathspec 'README.md' did not match any files",
        "Error processing request: File path must be absolute: README.md",
        "No pending request for 1",
        "No such task found",
    ],
)
def test_not_found_for_a_guessed_argument_is_inconclusive_but_not_for_a_pinned_one(
    text: str,
) -> None:
    guessed = classify(method="tools/call", malformed=False, result=_text(text, True))
    assert guessed.outcome == "inconclusive"
    pinned = classify(method="tools/call", malformed=False, guessed=False, result=_text(text, True))
    assert pinned.outcome == "toolError"
    # A validation error that happens to say "not found" still rejects a malformed case.
    invalid = classify(method="tools/call", malformed=True, result=_text(text, True))
    assert invalid.outcome == "toolError"


@pytest.mark.parametrize(
    "text",
    [
        "rate_limit must be a positive integer",
        "Invalid rate limit value: -1",
        "Expected at most 429 items",
    ],
)
def test_a_rejected_rate_limit_argument_is_a_rejection_not_the_environment(text: str) -> None:
    got = classify(method="tools/call", malformed=True, result=_text(text, True))
    assert got.outcome == "toolError", text


@pytest.mark.parametrize(
    "text", ["No action or commands specified", "no pending changes allowed while locked"]
)
def test_a_missing_input_is_no_guess(text: str) -> None:
    got = classify(method="tools/call", malformed=False, result=_text(text, True))
    assert got.outcome == "toolError", text


def test_json_rpc_error_to_malformed_input_is_a_wrong_code_not_a_crash() -> None:
    got = classify(method="tools/call", malformed=True, error={"code": -32603, "message": "x"})
    assert (got.outcome, got.flags) == ("toolError", ("wrongErrorCode",))
    assert classify(method="tools/call", malformed=True, error={"code": -32602}).outcome == (
        "rejected"
    )


def test_made_up_prompt_argument_refused_is_inconclusive() -> None:
    wrong = {"code": -32603, "message": "Invalid resourceType: example. Must be Text or Blob."}
    got = classify(method="prompts/get", malformed=False, error=wrong)
    assert (got.outcome, got.flags) == ("inconclusive", ("wrongErrorCode",))
    right = {"code": -32602, "message": "bad topic"}
    assert classify(method="prompts/get", malformed=False, error=right).outcome == "inconclusive"
    broken = {"code": -32603, "message": "database is locked"}
    assert classify(method="prompts/get", malformed=False, error=broken).outcome == "toolError"
    # a rate limit refused the call, not the argument: no error code to judge
    limited = {"code": -32000, "message": "Rate limit exceeded. Try again in 60 seconds."}
    got = classify(method="prompts/get", malformed=False, error=limited)
    assert (got.outcome, got.flags) == ("inconclusive", ())


def test_unknown_key_is_a_defect_only_where_the_schema_forbids_it() -> None:
    closed = classify(method="tools/call", malformed=True, result=TEXT, case="extra_garbage")
    assert closed.flags == ("silentlyAccepted",)
    open_ = classify(
        method="tools/call", malformed=True, allowed=True, result=TEXT, case="extra_garbage"
    )
    assert open_.flags == ("lenient",)


@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "Infinity",
        "null",
        "undefined",
        '{"result": null}',
        "[NaN, null]",
        "Error: division by zero",
        "TypeError: x is not a function",
        "Traceback (most recent call last):\n  File",
    ],
)
def test_garbage_successes_are_flagged(text: str) -> None:
    got = classify(method="tools/call", malformed=False, result=_text(text))
    assert got.flags == ("garbageAnswer",), text


@pytest.mark.parametrize(
    "text",
    [
        "0",
        "[]",
        '{"entities": [], "relations": []}',
        "No errors found",
        "null pointer: none",
        "Error handling is documented in section 3 of the manual, which is long. " * 10,
    ],
)
def test_real_answers_are_not_garbage(text: str) -> None:
    assert classify(method="tools/call", malformed=False, result=_text(text)).flags == ()


def test_error_text_asked_for_is_not_garbage() -> None:
    result = _text("Error: Operation failed")
    asked = {"messageType": "error"}
    got = classify(method="tools/call", malformed=False, result=result, arguments=asked)
    assert got.flags == ()


def test_structured_nan_and_garbage_from_a_wrong_type_probe() -> None:
    result = {**_text("ok"), "structuredContent": {"result": float("nan")}}
    assert classify(method="tools/call", malformed=False, result=result).flags == ("garbageAnswer",)
    probe = classify(
        method="tools/call", malformed=True, allowed=True, result=_text("NaN"), case="wrong_type:a"
    )
    assert probe.flags == ("garbageAnswer", "lenient", "silentlyAccepted")


def _json_text(value: object) -> dict[str, Any]:
    return _text(json.dumps(value))


@pytest.mark.parametrize(
    "result",
    [
        _json_text({"error": "Missing required argument: channel_id"}),
        _json_text({"success": False, "message": "channel_id is required"}),
        _json_text({"error": {"code": 400, "message": "bad channel"}}),
        {**_text("{}"), "structuredContent": {"error": "Unsupported units: 'a' -> 'b'"}},
        {**_text("x"), "structuredContent": {"result": "Error: invalid base64 input"}},
        _text('Database error: near "example": syntax error'),
    ],
)
def test_an_error_dressed_as_a_success_is_garbage_and_a_refusal_not_a_silent_accept(
    result: dict[str, Any],
) -> None:
    valid = classify(method="tools/call", malformed=False, result=result)
    assert (valid.outcome, valid.flags) == ("ok", ("garbageAnswer",))
    refused = classify(method="tools/call", malformed=True, result=result, case="null:a")
    assert (refused.outcome, refused.flags) == ("ok", ("garbageAnswer",))


@pytest.mark.parametrize(
    "result",
    [
        _json_text({"error": None, "items": []}),
        _json_text({"errors": [{"line": 3, "message": "unused import"}]}),
        _json_text({"error": "E1001", "count": 3}),
        {**_text("x"), "structuredContent": {"result": "SGVsbG8="}},
        {**_text("Error: x"), "structuredContent": {"rows": 2}},
        _text("No error: all 3 checks passed"),
    ],
)
def test_results_that_mention_errors_are_results(result: dict[str, Any]) -> None:
    valid = classify(method="tools/call", malformed=False, result=result)
    assert (valid.outcome, valid.flags) == ("ok", ())
    accepted = classify(method="tools/call", malformed=True, result=result, case="null:a")
    assert accepted.flags == ("silentlyAccepted",)


def test_junk_from_malformed_input_is_still_a_silent_accept() -> None:
    got = classify(method="tools/call", malformed=True, result=_text("NaN"), case="null:a")
    assert got.flags == ("garbageAnswer", "silentlyAccepted")


def test_an_environment_failure_dressed_as_a_success_is_inconclusive_and_still_flagged() -> None:
    result = _json_text({"error": "fetch failed"})
    for malformed in (False, True):
        got = classify(method="tools/call", malformed=malformed, result=result, case="null:a")
        assert (got.outcome, got.flags) == ("inconclusive", ("garbageAnswer",))
    # "not found" for mcpvcr's own guess: inconclusive on the valid case only
    gone = _json_text({"error": "note 1 not found"})
    assert classify(method="tools/call", malformed=False, result=gone).outcome == "inconclusive"
    pinned = classify(method="tools/call", malformed=False, guessed=False, result=gone)
    assert (pinned.outcome, pinned.flags) == ("ok", ("garbageAnswer",))


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("Invalid range 'dependents'. Use A1 notation such as 'B2'.", {"range": "dependents"}),
        (
            "Path 'README.md' must point to an Excel file (.xlsx).",
            {"path": "README.md", "sheet": "x"},
        ),
        ("Unknown identifier: example", {"expression": "example"}),
        ("unsupported unit 'kelvin-ish'", {"units": ["kelvin-ish"]}),
        ("Path '.' must point to an Excel file", {"path": "."}),  # short, but quoted
    ],
)
def test_an_error_refusing_the_made_up_value_is_inconclusive(
    text: str, arguments: dict[str, Any]
) -> None:
    def outcome(**kwargs: Any) -> str:
        return classify(
            method="tools/call", result=_text(text, True), arguments=arguments, **kwargs
        ).outcome

    assert outcome(malformed=False) == "inconclusive"
    assert outcome(malformed=False, guessed=False) == "toolError"  # a pinned value is real
    assert outcome(malformed=True, case="null:x") == "toolError"  # the rejection to judge
    error = {"code": -32603, "message": text}
    got = classify(method="tools/call", malformed=False, error=error, arguments=arguments)
    assert got.outcome == "inconclusive"


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("Invalid range: use A1 notation", {"range": "dependents"}),  # our value not quoted
        ("Processing 'dependents' crashed: division by zero", {"range": "dependents"}),
        ("Invalid value 1", {"id": "1"}),  # too short to be recognised
    ],
)
def test_an_error_about_something_else_stays_a_failure(
    text: str, arguments: dict[str, Any]
) -> None:
    got = classify(
        method="tools/call", malformed=False, result=_text(text, True), arguments=arguments
    )
    assert got.outcome == "toolError"


def test_a_status_error_envelope_is_an_error_and_a_reported_failure_is_a_result() -> None:
    envelope = _json_text({"status": "error", "message": "Request not found"})
    # "not found" for mcpvcr's made-up id: inconclusive, the disguise still flagged
    got = classify(method="tools/call", malformed=False, result=envelope)
    assert (got.outcome, got.flags) == ("inconclusive", ("garbageAnswer",))
    missing = _json_text({"status": "task_not_found", "message": "No such task"})
    pinned = classify(method="tools/call", malformed=False, guessed=False, result=missing)
    assert (pinned.outcome, pinned.flags) == ("ok", ("garbageAnswer",))
    build = _json_text({"status": "failed", "message": "3 of 40 tests failed"})
    assert classify(method="tools/call", malformed=False, result=build).flags == ()


def test_named_fields_all_null_are_a_typed_nothing_not_garbage() -> None:
    no_match = _json_text({"matches": None, "index": None, "groups": None})
    assert classify(method="tools/call", malformed=False, result=no_match).flags == ()
    # NaN and Infinity stay garbage, in named fields too, and so does a lone null
    for junk in ('{"a": NaN, "b": Infinity}', "null", '{"result": null}'):
        got = classify(method="tools/call", malformed=False, result=_text(junk))
        assert "garbageAnswer" in got.flags, junk


@pytest.mark.parametrize(
    "value",
    [
        {
            "error": "missing_token",
            "message_ru": "\u041d\u0435 \u0437\u0430\u0434\u0430\u043d",
            "disclaimer": "x",
        },
        {"success": False, "deleted_id": 1, "rows_affected": 0},
        {"ok": False, "motivo": "sin permiso"},
        {"error": {"code": "E42"}, "quality": "degraded"},
        {"success": False, "items": []},
    ],
)
def test_a_failure_envelope_is_no_result_whatever_its_keys_say(value: dict[str, Any]) -> None:
    got = classify(method="tools/call", malformed=False, guessed=False, result=_json_text(value))
    assert (got.outcome, got.flags, got.by) == ("ok", ("garbageAnswer",), "shape.error_envelope")
    structured = {"content": [], "structuredContent": value}
    got = classify(method="tools/call", malformed=False, guessed=False, result=structured)
    assert got.by == "shape.error_envelope"


@pytest.mark.parametrize(
    "value",
    [
        {"success": True, "rows_affected": 0},
        {"success": False, "failed": [{"id": 3}], "done": [{"id": 1}]},  # data beside the flag
        {"error": None, "result": 4},
        {"error": "", "total": 0},
        {"status": "failed", "resultado": "3 de 40 pruebas fallaron"},
    ],
)
def test_an_envelope_with_data_or_no_failure_flag_is_a_result(value: dict[str, Any]) -> None:
    got = classify(method="tools/call", malformed=False, guessed=False, result=_json_text(value))
    assert (got.outcome, got.flags) == ("ok", ()), value


@pytest.mark.parametrize(
    "text",
    [
        "EROFS: read-only file system, open '/opt/srv/dist/memory.jsonl.tmp'",
        "[Errno 30] Read-only file system: '/usr/lib/srv/cache.db'",
    ],
)
def test_a_write_the_jail_kept_read_only_is_the_environment(text: str) -> None:
    # the server wrote outside the work folder, which the jail mounts read-only: not its defect
    from mcpvcr.fuzz.inconclusive import blame

    assert blame([text], guess=False) == "text.environment"
    # Mirror: the server's own refusal to write is its answer, not the jail's
    assert blame(["Writes are disabled in this server's configuration"], guess=False) is None
