"""Filesystem durability helpers shared by the store's writers (database creation, checkpoints)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["fsync_dir"]


def fsync_dir(directory: Path) -> None:
    """Make a new entry of ``directory`` durable: POSIX persists a link only once its directory
    is synced. Best effort: a platform that cannot open a directory is left as it is."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
