"""Word diffs of rewritten text and the description-security scanners."""

from __future__ import annotations

from mcpvcr.diff.text import SCANNERS, security_scan, skeleton, word_diff


def test_word_diff_marks_removed_and_added_words() -> None:
    assert word_diff("Search the docs.", "Search all docs.") == "Search [-the-] {+all+} docs."


def test_word_diff_keeps_only_context_around_an_edit_in_long_text() -> None:
    words = [f"w{i}" for i in range(100)]
    old = " ".join(words)
    new = " ".join([*words[:50], "INSERTED", *words[50:]])
    assert (
        word_diff(old, new)
        == "… w42 w43 w44 w45 w46 w47 w48 w49 {+INSERTED+} w50 w51 w52 w53 w54 w55 w56 w57 …"
    )


def test_word_diff_flags_whitespace_only_and_invisible_changes() -> None:
    assert word_diff("a  b", "a b").endswith("(whitespace or invisible characters only)")


def test_scanners_report_only_what_the_new_text_adds() -> None:
    old = "Fetch a URL. See https://docs.example/a."
    new = "Fetch a URL. See https://docs.example/a and https://evil.example/b."
    [change] = security_scan("/tools/fetch/description", "tool 'fetch' description", old, new)
    assert change.rule == "description.url_or_email_added"
    assert change.new == ["https://evil.example/b"]
    assert security_scan("/x", "x", new, new) == []


def test_cross_tool_references_need_a_distinctive_other_name() -> None:
    others = frozenset({"send_email", "get", "fetch"})
    hits = security_scan("/x", "x", "Adds.", "Adds, then get the send_email result.", others)
    assert [(c.rule, c.new) for c in hits] == [
        ("description.cross_tool_reference_added", ["send_email"])
    ]
    mine = security_scan("/x", "x", "", "Call send_email.", others, self_name="send_email")
    assert mine == []


def test_every_scanner_id_is_a_description_rule() -> None:
    assert all(rule.startswith("description.") for rule, _, _ in SCANNERS)


def test_confusable_skeletons() -> None:
    assert skeleton("read_file") == skeleton("r\u0435ad_file") == skeleton("READ-FILE")
    assert skeleton("read_file") != skeleton("read_files")
