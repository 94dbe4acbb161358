"""Look-alike names: a TR39-style skeleton and mixed-script detection for identifiers.

Python ships neither Unicode's confusables table nor script data, so this holds
the subset that matters for tool names: Cyrillic, Greek, Armenian and Latin
letters that render like ASCII letters (NFKC already folds fullwidth and
mathematical letters). Two names are confusable when their skeletons are equal
and their raw text differs.
"""

from __future__ import annotations

import unicodedata
from typing import Final

_MAP: Final = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "с": "c",
        "ԁ": "d",
        "е": "e",
        "ё": "e",
        "һ": "h",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "ӏ": "l",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "ԛ": "q",
        "г": "r",
        "ѕ": "s",
        "т": "t",
        "ц": "u",
        "ѵ": "v",
        "ԝ": "w",
        "х": "x",
        "у": "y",
        "ʐ": "z",
        "ь": "b",
        "п": "n",
        "ɡ": "g",
        "ո": "n",
        "ս": "u",
        "օ": "o",
        "հ": "h",
        "ց": "g",
        "զ": "q",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "γ": "y",
        "ω": "w",
        "ζ": "z",
        # Latin look-alikes and digits
        "ı": "i",
        "ł": "l",
        "ƚ": "l",
        "ǀ": "l",
        "ɩ": "i",
        "ɑ": "a",
        "ɒ": "a",
        "ʋ": "u",
        "0": "o",
        "1": "l",
        "|": "l",
    }
)
_SEPARATORS: Final = str.maketrans("", "", "_-. /:")

WELL_KNOWN: Final = frozenset(
    {
        "read_file",
        "write_file",
        "edit_file",
        "list_directory",
        "create_directory",
        "move_file",
        "search_files",
        "get_file_info",
        "directory_tree",
        "read_text_file",
        "read_multiple_files",
        "fetch",
        "get_current_time",
        "convert_time",
        "send_email",
        "send_message",
        "read_email",
        "search_emails",
        "list_chats",
        "create_issue",
        "create_pull_request",
        "get_issue",
        "list_issues",
        "search_repositories",
        "get_file_contents",
        "push_files",
        "execute_command",
        "run_command",
        "run_terminal_cmd",
        "shell",
        "bash",
        "execute_sql",
        "query",
        "read_query",
        "write_query",
        "list_tables",
        "web_search",
        "brave_web_search",
        "search",
        "get_weather",
        "create_event",
        "list_events",
        "slack_post_message",
        "post_message",
        "send_slack_message",
        "transfer_funds",
        "get_balance",
        "browser_navigate",
        "browser_click",
        "screenshot",
        "create_entities",
        "read_graph",
        "sequentialthinking",
        "git_commit",
        "git_status",
        "git_diff",
        "get_env",
        "echo",
        "add",
    }
)
"""Tool names of the official reference servers and widely used vendors' servers."""


def skeleton(name: str) -> str:
    """A comparison key: NFKC, case-folded, look-alikes mapped to ASCII, separators dropped."""
    folded = name.lower() if name.isascii() else unicodedata.normalize("NFKC", name).casefold()
    folded = "".join(
        c for c in unicodedata.normalize("NFD", folded) if unicodedata.category(c) != "Mn"
    )
    return folded.translate(_MAP).translate(_SEPARATORS)


def scripts(word: str) -> set[str]:
    """The scripts of the letters of `word` (Common and Inherited ignored)."""
    found: set[str] = set()
    for char in word:
        if not char.isalpha():
            continue
        script = unicodedata.name(char, "UNKNOWN").split(" ")[0]
        if script in ("FULLWIDTH", "MATHEMATICAL"):
            script = "LATIN"
        found.add(script)
    return found


def mixed_script(word: str) -> bool:
    """True when one word mixes Latin with Cyrillic, Greek or Armenian letters."""
    found = scripts(word)
    return "LATIN" in found and bool(found & {"CYRILLIC", "GREEK", "ARMENIAN"})
