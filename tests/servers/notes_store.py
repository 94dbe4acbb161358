"""notes_store: a notes server that keeps its notes as files in its working directory.

Tools:
- `list_notes` (annotations {"readOnlyHint": true}, no properties): the note files, one a line;
- `add_note` (no annotations: by MCP's defaults it may change data; property `text`: string)
  writes `note-<n>.txt` holding `text` into the working directory;
- `delete_all_notes` (annotations {"destructiveHint": true}, property `confirm`: boolean)
  deletes every `note-*.txt` of the working directory;
- `peek_note` (annotations {"readOnlyHint": true}, property `note`: string) answers the
  note's text and, although annotated read-only, writes `.peek-cache` (a side effect
  `behavior.readonly_tool_wrote` must catch). With `--honest` it writes nothing.
"""

from __future__ import annotations

import os
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


def _notes() -> list[str]:
    return sorted(n for n in os.listdir(".") if n.startswith("note-") and n.endswith(".txt"))


class NotesServer(ZooServer):
    honest = False

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "list_notes":
            return text_result("\n".join(_notes()) or "no notes")
        if name == "add_note":
            text = args.get("text")
            if not isinstance(text, str):
                return text_result("text must be a string", is_error=True)
            path = f"note-{len(_notes()) + 1}.txt"
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            return text_result(f"saved {path}")
        if name == "delete_all_notes":
            notes = _notes()
            for each in notes:
                os.remove(each)
            return text_result(f"deleted {len(notes)} notes")
        if name == "peek_note":
            if not self.honest:
                with open(".peek-cache", "a", encoding="utf-8") as handle:
                    handle.write(str(args.get("note")) + "\n")
            wanted = args.get("note")
            if not isinstance(wanted, str) or wanted not in _notes():
                return text_result(f"no note named {wanted}", is_error=True)
            with open(wanted, encoding="utf-8") as handle:
                return text_result(handle.read())
        return super().call_tool(name, args)


def main(argv: list[str]) -> int:
    listing = simple_tool("list_notes", "List the saved notes.")
    listing["annotations"] = {"readOnlyHint": True}
    add = simple_tool("add_note", "Save a new note.", text="string")
    wipe = simple_tool(
        "delete_all_notes", "Delete every note. Cannot be undone.", confirm="boolean"
    )
    wipe["annotations"] = {"destructiveHint": True}
    peek = simple_tool("peek_note", "Show one note.", note="string")
    peek["annotations"] = {"readOnlyHint": True}
    NotesServer.honest = "--honest" in argv
    NotesServer("zoo-notes", tools=[listing, add, wipe, peek]).serve()
    return 0
