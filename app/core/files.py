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
