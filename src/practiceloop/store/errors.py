"""The evidence store's errors, written for the person at the terminal, and its finding value.

Exceptions here mean misuse of the store's API or damage at rest; bad *content* handed to a
verifier is reported as a :class:`Finding` instead. Every error carries a one-line message and a
``diagnostics()`` text with what to do next; the CLI maps the classes to exit codes in one place
and never shows a raw ``sqlite3`` traceback. The tree::

    StoreError
    ├── StoreNotFoundError        the path does not exist and creating it was not asked for
    ├── StoreCreateError          the store cannot be created at that path (not a directory,
    │                             a name too long)
    ├── NotAStoreError            the file is not a practiceloop evidence store
    ├── StoreCorruptError         the file or its schema is damaged (truncated, malformed)
    │   └── CorruptObjectError    one stored object fails its re-check (expected vs actual)
    ├── StoreLockedError          another writer kept the lock beyond the busy timeout
    ├── StoreReadOnlyError        a write met a read-only store, file, directory or disk
    ├── StorePermissionError      the store (or a directory on its path) may not be read
    ├── StoreIOError              the disk failed or is full
    ├── ConflictError             one name arrived with two different contents
    │   ├── ObjectConflictError   one object id with other bytes
    │   └── ProblemConflictError  one corpus problem sealed by two different entries
    ├── InvalidObjectError        an append argument breaks the store's rules (also ValueError)
    ├── ObjectNotFoundError       no object or log entry with that id (also LookupError)
    ├── AmbiguousIdError          a short id or name that names more than one record
    ├── SizeOutOfRangeError       a tree size the log cannot answer for (also ValueError)
    ├── CheckpointError           the checkpoint file cannot be read or extended
    │   ├── CheckpointFormatError a line is not a strict checkpoint
    │   └── CheckpointMismatchError  a checkpoint disagrees with its predecessor or the store
    ├── BundleError               a bundle cannot be built from this store
    └── IndexUnavailableError     the store has no episode index this version can read
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from practiceloop.errors import PracticeloopError

__all__ = [
    "AmbiguousIdError",
    "BundleError",
    "CheckpointError",
    "CheckpointFormatError",
    "CheckpointMismatchError",
    "ConflictError",
    "CorruptObjectError",
    "Finding",
    "IndexUnavailableError",
    "InvalidObjectError",
    "NotAStoreError",
    "ObjectConflictError",
    "ObjectNotFoundError",
    "ProblemConflictError",
    "SizeOutOfRangeError",
    "StoreCorruptError",
    "StoreCreateError",
    "StoreError",
    "StoreIOError",
    "StoreLockedError",
    "StoreNotFoundError",
    "StorePermissionError",
    "StoreReadOnlyError",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Finding:
    """One problem found by a verifier: a stable ``code``, the failing ``subject``, a message.

    ``subject`` names what failed (a record id, a line of a file, ``"bundle"``); ``code`` is a
    stable dotted identifier that scripts may match on; ``message`` is for people.
    """

    code: str
    subject: str
    message: str

    def __str__(self) -> str:
        return f"{self.code} {self.subject}: {self.message}"


class StoreError(PracticeloopError):
    """Base of every evidence-store error. ``str()`` is one line; :meth:`diagnostics` more."""


class StoreNotFoundError(StoreError):
    """The store path does not exist and the caller did not ask to create it."""

    hint = "check the --store path, or run a corpus first to create the store"

    def __init__(self, path: Path, reason: str = "") -> None:
        super().__init__(f"no evidence store at {path}" + (f": {reason}" if reason else ""))
        self.path = path
        self.reason = reason


class StoreCreateError(StoreError):
    """The store cannot be created at that path: a parent is a file, a name is too long."""

    hint = "choose a --store path whose parent is a directory and whose name is shorter"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot create an evidence store at {path}: {reason}")
        self.path = path
        self.reason = reason


class NotAStoreError(StoreError):
    """The file exists but is not a practiceloop evidence store (or an unsupported version)."""

    hint = "practiceloop refuses to write into files it did not create; choose another path"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} is not a practiceloop evidence store: {reason}")
        self.path = path
        self.reason = reason


class StoreCorruptError(StoreError):
    """The store file, its schema or its content is damaged."""

    hint = (
        "restore the store from a backup; `practiceloop verify` names what is damaged, and "
        "the checkpoints file shows which log roots were published"
    )

    def __init__(self, path: Path | None, reason: str) -> None:
        where = f"{path}: " if path is not None else ""
        super().__init__(f"{where}evidence store is damaged: {reason}")
        self.path = path
        self.reason = reason


class CorruptObjectError(StoreCorruptError):
    """One stored object failed its re-check on read: ``expected`` and ``actual`` name how."""

    def __init__(self, object_id: str, what: str, expected: str, actual: str) -> None:
        super().__init__(
            None, f"object {object_id}: {what}: expected {expected}, actual {actual}"
        )
        self.object_id = object_id
        self.what = what
        self.expected = expected
        self.actual = actual


class StoreLockedError(StoreError):
    """Another connection held the write lock for longer than the busy timeout."""

    hint = (
        "another practiceloop process is writing to this store; wait for it to finish "
        "(a store has exactly one writer at a time)"
    )

    def __init__(self, path: Path, timeout: float, reason: str = "") -> None:
        why = reason or f"waited {timeout:g} s"
        super().__init__(f"{path} is locked by another writer ({why})")
        self.path = path
        self.timeout = timeout


class StoreReadOnlyError(StoreError):
    """A write was attempted on a store opened read-only, a read-only file or a read-only disk."""

    hint = "open the store for writing on a writable disk, or use a read-only command"

    def __init__(self, path: Path, reason: str, *, hint: str | None = None) -> None:
        super().__init__(f"cannot write to {path}: {reason}", hint=hint)
        self.path = path
        self.reason = reason


class StorePermissionError(StoreError):
    """The operating system refuses to let this user read the store or reach its directory."""

    hint = "ask the store's owner for read access, or audit a copy you can read"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot read {path}: {reason}")
        self.path = path
        self.reason = reason


class StoreIOError(StoreError):
    """The operating system or the disk failed (I/O error, disk full, cannot open)."""

    hint = "check free space and the disk's health; nothing committed before the error is lost"

    def __init__(self, path: Path, reason: str, *, hint: str | None = None) -> None:
        super().__init__(f"{path}: {reason}", hint=hint)
        self.path = path
        self.reason = reason


class ConflictError(StoreError):
    """One name arrived with two different contents; the whole batch was rolled back."""

    hint = (
        "the same id must always carry the same bytes: this points at a non-deterministic "
        "producer or at tampering; nothing of the batch was written"
    )


class ObjectConflictError(ConflictError):
    """An object id is already stored with other bytes (``expected`` = stored digest)."""

    def __init__(self, object_id: str, expected: str, actual: str) -> None:
        super().__init__(
            f"object {object_id} arrived with other bytes: stored sha256 {expected}, "
            f"new sha256 {actual}"
        )
        self.object_id = object_id
        self.expected = expected
        self.actual = actual


class ProblemConflictError(ConflictError):
    """A corpus problem is already sealed by another entry."""

    def __init__(self, problem_id: str, expected: str, actual: str) -> None:
        super().__init__(
            f"problem {problem_id!r} is already sealed by entry {expected}, not {actual}"
        )
        self.problem_id = problem_id
        self.expected = expected
        self.actual = actual


class InvalidObjectError(StoreError, ValueError):
    """An argument to ``append`` breaks the store's rules (a bug in the caller)."""

    def __init__(self, subject: str, reason: str) -> None:
        super().__init__(f"refused to store {subject}: {reason}")
        self.subject = subject
        self.reason = reason


class ObjectNotFoundError(StoreError, LookupError):
    """No object (or no log entry) has that id."""

    def __init__(self, object_id: str) -> None:
        super().__init__(f"no object {object_id} in the store")
        self.object_id = object_id

    def __str__(self) -> str:
        # LookupError's str() would quote the message like a dict key.
        return self.message


class AmbiguousIdError(StoreError, LookupError):
    """A short id (or a name) that names more than one record: the matches are listed."""

    hint = "give more characters of the id (the matches are listed above), or the full id"

    def __init__(self, name: str, matches: tuple[str, ...]) -> None:
        listed = "; ".join(matches)
        super().__init__(f"{name!r} is ambiguous: it names {len(matches)} records: {listed}")
        self.name = name
        self.matches = matches

    def __str__(self) -> str:
        return self.message


class SizeOutOfRangeError(StoreError, ValueError):
    """A tree size (or pair of sizes) the log cannot answer for."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)


class CheckpointError(StoreError):
    """The checkpoint file cannot be read or extended."""


class CheckpointFormatError(CheckpointError):
    """A line of the checkpoint file is not a strict, canonical checkpoint."""

    hint = "the checkpoints file is written only by practiceloop; restore it from a backup"

    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: not a checkpoint: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


class CheckpointMismatchError(CheckpointError):
    """A checkpoint is not consistent with the one before it, or with the store."""

    hint = (
        "the log no longer extends a root that was published: the store was rolled back, "
        "replaced or tampered with; run `practiceloop verify`"
    )

    def __init__(self, reason: str) -> None:
        super().__init__(f"checkpoint mismatch: {reason}")
        self.reason = reason


class BundleError(StoreError):
    """A single-trace bundle cannot be built from this store."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"cannot build the bundle: {reason}")
        self.reason = reason


class IndexUnavailableError(StoreError):
    """The store has no derived episode index of the version this practiceloop reads.

    Only a store last written by an older practiceloop (or whose index was dropped) lacks one;
    opening it for writing once builds it from the evidence.
    """

    hint = (
        "open the store for writing once (e.g. resume `practiceloop run`, or call "
        "practiceloop.store.rebuild_index) to build the index from the evidence"
    )

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} has no episode index that this practiceloop can read")
        self.path = path
