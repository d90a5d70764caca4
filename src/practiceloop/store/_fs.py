"""The store's filesystem edge: durability of new links, the writer lock, OS errors named.

* :func:`fsync_dir` makes a new directory entry durable (database creation, checkpoints);
* :class:`WriterLock` is the store's one-writer-at-a-time lock (a corpus run holds it);
* :func:`exists`, :func:`require_writable` and :func:`read_mode` look at the store's file and
  what lies beside it before SQLite opens it;
* :func:`os_error` turns an ``OSError`` met on the store's path into the store error a person
  should see: a read-only directory is a permission problem, not a failing disk.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from typing import Final

from practiceloop.store.errors import (
    StoreCreateError,
    StoreError,
    StoreIOError,
    StoreLockedError,
    StoreNotFoundError,
    StorePermissionError,
    StoreReadOnlyError,
)

__all__ = [
    "IMMUTABLE",
    "LOCK_SUFFIX",
    "WriterLock",
    "exists",
    "fsync_dir",
    "os_error",
    "read_mode",
    "require_writable",
]

LOCK_SUFFIX: Final = ".lock"
"""The writer lock's file, beside the store while a writer holds it (``STORE.lock``)."""

_DENIED: Final = frozenset({errno.EACCES, errno.EPERM})
_BAD_PATH: Final = frozenset({errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP, errno.EEXIST,
                              errno.EISDIR})
_WRITABLE_HINT: Final = (
    "choose a --store path in a directory you can write; the read-only commands (verify, "
    "show, export, stats, eval, serve) need no write access"
)


def fsync_dir(directory: Path) -> None:
    """Make a new entry of ``directory`` durable: POSIX persists a link only once its directory
    is synced. Best effort: a platform that cannot open a directory is left as it is."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def os_error(path: Path, exc: OSError, *, writing: bool) -> StoreError:
    """The store error for ``exc``, met while reading (``writing`` false) or creating or
    writing the store at ``path``: permission, a path that cannot name a store, or I/O."""
    reason = exc.strerror or str(exc)
    code = exc.errno
    if code == errno.EROFS or (writing and code in _DENIED):
        return StoreReadOnlyError(path, reason, hint=_WRITABLE_HINT)
    if code in _DENIED:
        return StorePermissionError(path, reason)
    if code in _BAD_PATH:
        if code == errno.EEXIST:
            reason = "a component of the path is a file, not a directory"
        return StoreCreateError(path, reason) if writing else StoreNotFoundError(path, reason)
    return StoreIOError(path, reason)


class WriterLock:
    """An exclusive advisory lock (``flock``) on ``STORE.lock``, taken at once or refused.

    The lock is on a file of its own, never on the database: closing any descriptor of the
    database would drop the POSIX locks SQLite holds on it in this process
    (https://sqlite.org/howtocorrupt.html s2.2). :meth:`release` removes the file while the
    lock is still held; a writer that locked a file just removed retries on the new one, so two
    writers never both hold the lock. A SIGKILL releases it with the process (the file stays
    behind, unlocked, and the next writer takes it). Where ``flock`` does not exist the lock is
    a no-op: the store then relies on one writer by convention, as SQLite does.
    """

    def __init__(self, store: Path) -> None:
        self._path = Path(f"{store}{LOCK_SUFFIX}")
        self._fd: int | None = None
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on POSIX
            return
        while True:
            try:
                fd = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                raise os_error(self._path, exc, writing=True) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise StoreLockedError(store, 0.0, "another practiceloop run holds its writer "
                                       f"lock, {self._path.name}") from None
            except OSError:  # a filesystem without flock: nothing to hold
                os.close(fd)
                return
            try:
                same = os.stat(self._path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
                return
            os.close(fd)  # the holder removed this file as we locked it: lock the new one

    def release(self) -> None:
        """Remove the lock file and release the lock. Idempotent."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                self._path.unlink()
            os.close(fd)


IMMUTABLE: Final = "ro&immutable=1"
"""The open mode of a file SQLite may read as unchanging (no WAL beside it)."""
WRITE_PROTECTED_HINT: Final = (
    "make it writable (chmod u+w) to add to it, or run on a copy; the read-only commands "
    "(verify, show, export, stats, eval, serve) need no write access"
)


def exists(path: Path) -> bool:
    """True when ``path`` exists; an OS error other than absence is the store error it means."""
    try:
        path.stat()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise os_error(path, exc, writing=True) from None
    return True


def require_writable(path: Path) -> None:
    """Refuse a store this user cannot write, before SQLite fails on it with a vaguer error.

    A WAL-mode writer needs the file and, for ``STORE-wal`` and ``STORE-shm``, its directory.
    """
    if not os.access(path, os.W_OK):
        raise StoreReadOnlyError(path, "the file is write-protected", hint=WRITE_PROTECTED_HINT)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise StoreReadOnlyError(
            path, f"its directory {path.parent} is write-protected (a writer keeps "
            f"{path.name}-wal and {path.name}-shm beside the store)", hint=WRITE_PROTECTED_HINT)


def read_mode(path: Path) -> str:
    """The SQLite open mode under which a reader creates no file (see ``open_readonly``)."""
    try:
        wal = Path(f"{path}-wal").stat().st_size
    except FileNotFoundError:
        return IMMUTABLE
    except OSError as exc:
        raise os_error(path, exc, writing=False) from None
    if Path(f"{path}-shm").exists():
        return "ro"  # a writer's (or a dead writer's) WAL and its index: read them as they are
    if wal == 0:
        return IMMUTABLE  # an empty WAL holds nothing the file does not
    if os.access(path.parent, os.W_OK | os.X_OK):
        return "ro"  # SQLite rebuilds the WAL's index, STORE-shm, to read what was committed
    raise StoreReadOnlyError(
        path, f"{path.name}-wal holds committed transactions, and reading them needs "
        f"{path.name}-shm, which this user cannot create in {path.parent}",
        hint="copy the store with its -wal file to a directory you can write, and read the copy")
