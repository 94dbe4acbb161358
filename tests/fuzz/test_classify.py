"""Classification decision table (outcome and flags)."""

from __future__ import annotations

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
