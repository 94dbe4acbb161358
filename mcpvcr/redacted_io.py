"""stdout and stderr that pass every line through the process redactor.

`cli.run` installs these for the duration of a command, so no message, report
or progress line can carry a secret this process knows (see mcpvcr.redaction),
whichever code path printed it.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from mcpvcr.redaction import outgoing


class RedactingStream:
    """A text stream whose `write` redacts; everything else goes to the wrapped stream."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(outgoing(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def redacted_streams() -> Iterator[None]:
    """Wrap sys.stdout and sys.stderr while the block runs."""
    saved = sys.stdout, sys.stderr
    sys.stdout = RedactingStream(saved[0])
    sys.stderr = RedactingStream(saved[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
