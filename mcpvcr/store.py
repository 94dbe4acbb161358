"""Load and save cassette files (the vcrpy "persister" role).

Saving is atomic: the bytes go to a temporary file beside the target, are
flushed to disk, then renamed over it. An interrupted save never leaves a half
cassette in place of a good one, and removes its temporary file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from mcpvcr import codec, codec_json
from mcpvcr.cassette import Cassette
from mcpvcr.errors import CassetteCorrupt, CassetteError, CassetteNotFound


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """Read a cassette file's bytes, bounded, with one-line errors naming the file."""
    name = os.fspath(path)
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
        # writer forever (git's textconv must never hang).
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise CassetteNotFound(
            name, "no such cassette", "record one with `mcpvcr record`"
        ) from None
    except IsADirectoryError:
        raise CassetteError(name, "is a directory, not a cassette") from None
    except PermissionError:
        raise CassetteError(name, "cannot be read (permission denied)") from None
    except OSError as err:
        raise CassetteError(
            name, f"cannot be read ({err.strerror or type(err).__name__})"
        ) from None
    problem = _not_a_cassette_file(name, os.fstat(fd))
    if problem is not None:
        os.close(fd)
        raise problem
    with os.fdopen(fd, "rb") as handle:
        os.set_blocking(fd, True)
        try:
            return handle.read(codec.MAX_FILE_BYTES + 1)
        except OSError as err:
            raise CassetteError(
                name, f"cannot be read ({err.strerror or type(err).__name__})"
            ) from None


def _not_a_cassette_file(name: str, info: os.stat_result) -> CassetteError | None:
    """Why a file cannot be a cassette, judged before reading a byte of it."""
    if stat.S_ISDIR(info.st_mode):
        return CassetteError(name, "is a directory, not a cassette")
    if not stat.S_ISREG(info.st_mode):
        return CassetteError(name, "is not a regular file")
    if info.st_size > codec.MAX_FILE_BYTES:
        limit = codec.MAX_FILE_BYTES
        return CassetteCorrupt(name, f"is {info.st_size} bytes, over the {limit} byte limit")
    return None


def load(path: str | os.PathLike[str]) -> Cassette:
    """Read and decode a cassette file (msgpack, or the canonical JSON form)."""
    name = os.fspath(path)
    return decode_bytes(read_bytes(name), name)


def decode_bytes(data: bytes, name: str) -> Cassette:
    """Decode a cassette's bytes of either form (the first byte tells them apart)."""
    if codec_json.looks_like_json(data):
        return codec_json.decode(data, name)
    return codec.decode(data, name)


def save(cassette: Cassette, path: str | os.PathLike[str], *, private: bool = False) -> int:
    """Encode and atomically write a cassette; return the number of bytes written.

    A path ending in `.json` gets the canonical JSON form, any other msgpack.
    """
    if codec_json.is_json_path(os.fspath(path)):
        return write_bytes_atomic(codec_json.encode(cassette), path, private=private)
    return write_bytes_atomic(codec.encode(cassette), path, private=private)


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> int:
    """Write a report: redacted like everything else that leaves the process."""
    from mcpvcr.redaction import outgoing

    return write_bytes_atomic(outgoing(text).encode("utf-8"), path)


def write_bytes_atomic(data: bytes, path: str | os.PathLike[str], *, private: bool = False) -> int:
    """Write `data` to `path` via a temporary sibling and a rename.

    A symlink is followed (the link stays a link); a character device or FIFO
    (`/dev/null`, `/dev/stdout`) is written through, never replaced; any other
    special file is refused. An existing file keeps its mode; a new one is 0644
    (0600 when `private`), less the umask.
    """
    name = os.fspath(path)
    target = Path(os.path.realpath(name))
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise CassetteError(name, f"cannot be written ({err.strerror or err})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        return _write_through(data, name, info)
    mode = stat.S_IMODE(info.st_mode) if info else (0o600 if private else 0o644 & ~_umask())
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise CassetteError(name, f"cannot be written ({err.strerror or err})") from None
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        if isinstance(err, OSError):
            raise CassetteError(name, f"cannot be written ({err.strerror or err})") from None
        raise
    return len(data)


def _write_through(data: bytes, name: str, info: os.stat_result) -> int:
    """Write into a device or FIFO in place; renaming over it would destroy it."""
    if not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        raise CassetteError(name, "is not a regular file, a device or a pipe; not replacing it")
    try:
        # O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of hanging.
        fd = os.open(name, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as err:
        raise CassetteError(name, f"cannot be written ({err.strerror or err})") from None
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as err:
        raise CassetteError(name, f"cannot be written ({err.strerror or err})") from None
    finally:
        os.close(fd)
    return len(data)


def _umask() -> int:
    # Read from /proc where possible: os.umask() sets it, racing other threads.
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
