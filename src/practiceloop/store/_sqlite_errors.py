"""Translation of ``sqlite3`` errors into the store's error family (:mod:`.errors`).

Every SQLite call of the store runs under :func:`translated`, so a person never sees a raw
``sqlite3`` traceback: the primary result code (https://sqlite.org/rescode.html) picks the class.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from practiceloop.store.errors import (
    NotAStoreError,
    StoreCorruptError,
    StoreError,
    StoreIOError,
    StoreLockedError,
    StoreReadOnlyError,
)

__all__ = ["translate", "translated"]

# Primary SQLite result codes; an extended code carries its primary code in the low byte.
_BUSY: Final = 5
_LOCKED: Final = 6
_READONLY: Final = 8
_IOERR: Final = 10
_CORRUPT: Final = 11
_FULL: Final = 13
_CANTOPEN: Final = 14
_NOTADB: Final = 26


def translate(exc: sqlite3.Error, path: Path, timeout: float) -> StoreError:
    """The store error a person should see for a ``sqlite3`` error on the store at ``path``."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    if primary in (_BUSY, _LOCKED):
        return StoreLockedError(path, timeout)
    if primary == _READONLY:
        return StoreReadOnlyError(path, text)
    if primary == _CORRUPT:
        return StoreCorruptError(path, text)
    if primary == _NOTADB:
        return NotAStoreError(path, text)
    if primary == _CANTOPEN:
        return StoreIOError(path, text, hint=(
            "SQLite could not open the store or a file it keeps beside it (-wal, -shm): "
            "check that this user may read the file and write its directory"))
    if primary in (_IOERR, _FULL):
        return StoreIOError(path, text)
    return StoreError(f"{path}: SQLite refused the operation: {text}")


@contextlib.contextmanager
def translated(path: Path, timeout: float) -> Iterator[None]:
    """Re-raise any ``sqlite3.Error`` of the block as :func:`translate` names it."""
    try:
        yield
    except sqlite3.Error as exc:
        raise translate(exc, path, timeout) from exc
