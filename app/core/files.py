"""Atomic file writes: each target ends up whole or untouched, never half written.

Every payload is first written to a temporary file beside its target and fsynced; only when all
of them are on disk are they renamed over their targets (keeping a replaced file's permissions).
A failure before that removes the temporary files and leaves every target as it was. Project
files, exports and charts all go through here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return  # Windows cannot open a directory; os.replace is atomic there as well
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_files_atomically(payloads: Mapping[Path, bytes]) -> None:
    """Write each payload to its path; raises OSError (with ``filename``) and changes nothing on failure."""
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in payloads.items():
            directory = target.parent if str(target.parent) else Path(".")
            remove_stale_temp_files(directory, target.name)  # what a killed earlier write left behind
            if not directory.is_dir():
                raise FileNotFoundError(errno.ENOENT, f"folder {directory} does not exist", str(target))
            if target.is_dir():
                raise IsADirectoryError(errno.EISDIR, "it is a folder", str(target))
            mode = _mode_for(target)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
            staged.append((tmp, target))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, mode)
        while staged:
            tmp, target = staged[0]
            os.replace(tmp, target)
            staged.pop(0)
            _fsync_dir(target.parent if str(target.parent) else Path("."))
    finally:
        for tmp, _target in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_file_atomically(path: Path, data: bytes) -> None:
    write_files_atomically({path: data})


class FileTooLargeError(OSError):
    """The file is larger than its reader accepts (checked before and while reading)."""


def read_regular_file(path: Path, max_bytes: int) -> bytes:
    """The whole of a regular file of at most ``max_bytes``, or OSError saying why not.

    Opened without blocking and checked with fstat on the open descriptor (no race with a rename):
    a named pipe, a device such as /dev/zero or a folder is refused at once instead of blocking
    for ever or reading without end; a file that grows while being read is cut off at the bound.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a pipe or device"
            raise OSError(errno.EINVAL, f"not a regular file ({kind})", str(path))
        if st.st_size > max_bytes:
            raise FileTooLargeError(errno.EFBIG, f"{st.st_size:,} bytes is over the limit of {max_bytes:,}", str(path))
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, min(1 << 20, max_bytes + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileTooLargeError(errno.EFBIG, f"over the limit of {max_bytes:,} bytes", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


_TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")  # what mkstemp makes for write_files_atomically


def remove_stale_temp_files(directory: Path, target_name: str | None = None, max_age_s: float = 3600.0) -> int:
    """Delete temporary files that an interrupted atomic write left in ``directory`` (kill -9 or a
    power cut between write and rename); returns how many. Only our own names (``.TARGET.xxxxxxxx.tmp``,
    for ``target_name`` alone when given) and only older than ``max_age_s``, so a write under way in
    another process is never touched."""
    import time  # noqa: PLC0415

    removed = 0
    now = time.time()
    try:
        candidates = [p for p in directory.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    except OSError:
        return 0
    for tmp in candidates:
        m = _TEMP_NAME.match(tmp.name)
        if m is None or (target_name is not None and m.group("target") != target_name):
            continue
        with contextlib.suppress(OSError):
            st = tmp.lstat()
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > max_age_s:
                tmp.unlink()
                removed += 1
    return removed
