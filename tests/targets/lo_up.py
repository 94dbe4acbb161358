"""Bring the loopback interface up without iproute2 (`python -m tests.targets.lo_up`).

Used inside a fresh network namespace where `ip` is not installed: the SIOCGIFFLAGS /
SIOCSIFFLAGS ioctls on any socket set IFF_UP on `lo`. Linux only.
"""

from __future__ import annotations

import fcntl
import socket
import struct

SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1


def lo_up() -> None:
    """Set IFF_UP on `lo` in the current network namespace."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(sock, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock, SIOCSIFFLAGS, struct.pack("16sH14x", b"lo", flags | IFF_UP))


if __name__ == "__main__":
    lo_up()
