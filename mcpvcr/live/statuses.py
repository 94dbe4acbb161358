"""How an HTTP error status is written in diagnostics and messages (one helper, two users).

The HTTP channel notes the statuses the SDK transport folds into JSON-RPC errors; the OAuth
flow names the challenge it could not answer. Both write it the same way.
"""

from __future__ import annotations

from typing import Any


def status_text(response: Any) -> str:
    """An HTTP error status as noted in diagnostics and messages, with its challenge."""
    text = f"HTTP {response.status_code} {response.reason_phrase}".strip()
    challenge = response.headers.get("www-authenticate")
    if challenge:
        text += f" (WWW-Authenticate: {challenge[:120]})"
    return text
