"""hang_handshake: reads stdin forever and never writes a byte (no answer to initialize or
server/discover). With --ignore-sigterm it also ignores SIGTERM, so only SIGKILL ends it (it
then writes "zoo hang_handshake: ignoring SIGTERM" to stderr once the handler is in place).
It exits when stdin closes unless --ignore-eof is given (then it sleeps until killed).
"""

from __future__ import annotations

import signal
import sys
import time


def main(argv: list[str]) -> int:
    if "--ignore-sigterm" in argv:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print("zoo hang_handshake: ignoring SIGTERM", file=sys.stderr, flush=True)
    for _line in sys.stdin.buffer:
        pass  # swallow every request
    while "--ignore-eof" in argv:
        time.sleep(3600)
    return 0
