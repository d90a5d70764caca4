"""The SQLite evidence store: exact record bytes and an append-only RFC 9162 Merkle log over them.

Two layers in one SQLite file (standard-library ``sqlite3`` only):

* ``objects``: record id -> kind and the exact canonical bytes of the record's full form
  ``{"kind": K, "record": {...}}``. Re-checked on every read: the bytes must re-hash to their
  logged leaf hash and re-parse and re-encode to exactly themselves.
* ``log``: position -> object id and leaf hash, ``leaf_hash(body)`` per RFC 9162. Positions are
  consecutive from 0; a new object is logged once, in the order the writer gave it.

``problems`` records which corpus problems are sealed (by an ordinary logged object of kind
:data:`PROBLEM_ENTRY_KIND`), so a run can resume. ``meta`` and the ``application_id`` pragma
mark the file as ours. Every table is STRICT and append-only: triggers abort UPDATE, DELETE and
``INSERT OR REPLACE`` even from raw SQL. The connection runs in WAL mode with
``synchronous=FULL`` and foreign keys on; one writer appends batches, each in one transaction.

The store does not recompute record ids (that needs the kernel's record types: the audit does
it); it checks that ids are digests and that bodies are canonical full forms of the stated kind.
Every ``sqlite3`` error is translated into the family of :mod:`practiceloop.store.errors`.
One :class:`EvidenceStore` belongs to one thread.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from practiceloop.kernel.identity import Digest, canonical_bytes, digest_bytes, is_digest
from practiceloop.store.errors import (
    CorruptObjectError,
    Finding,
    InvalidObjectError,
    NotAStoreError,
    ObjectConflictError,
    ObjectNotFoundError,
    ProblemConflictError,
    SizeOutOfRangeError,
    StoreCorruptError,
    StoreError,
    StoreIOError,
    StoreLockedError,
    StoreNotFoundError,
    StoreReadOnlyError,
)
from practiceloop.store.merkle import (
    EMPTY_ROOT,
    HASH_SIZE,
    ConsistencyProof,
    Frontier,
    InclusionProof,
    consistency_ranges,
    inclusion_ranges,
    leaf_hash,
    subtree_roots,
)

__all__ = [
    "APPLICATION_ID",
    "DEFAULT_BUSY_TIMEOUT",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "PROBLEM_ENTRY_KIND",
    "AppendResult",
    "EvidenceStore",
    "StoredObject",
    "check_full_form",
    "verify_object",
]

APPLICATION_ID: Final = 0x504C4556  # "PLEV": SQLite header offset 68, set once at creation
FORMAT_NAME: Final = "practiceloop-evidence-store"
FORMAT_VERSION: Final = 1
PROBLEM_ENTRY_KIND: Final = "practice_problem"
DEFAULT_BUSY_TIMEOUT: Final = 5.0

_PAGE_ROWS: Final = 4096  # rows per streamed page: bounded memory, few round trips
_IN_CHUNK: Final = 500  # ids per IN (...) query, far below SQLITE_MAX_VARIABLE_NUMBER
_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
_FULL_FORM_KEYS: Final = frozenset({"kind", "record"})

# Primary SQLite result codes (https://sqlite.org/rescode.html) used to translate errors.
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26

_TABLES: Final = (
    """CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) STRICT""",
    """CREATE TABLE objects (
        id TEXT PRIMARY KEY CHECK (length(id) = 64),
        kind TEXT NOT NULL CHECK (length(kind) > 0),
        body BLOB NOT NULL
    ) STRICT""",
    """CREATE TABLE log (
        seq INTEGER PRIMARY KEY CHECK (seq >= 0),
        object_id TEXT NOT NULL UNIQUE REFERENCES objects(id),
        leaf_hash BLOB NOT NULL CHECK (length(leaf_hash) = 32)
    ) STRICT""",
    """CREATE TABLE problems (
        problem_id TEXT PRIMARY KEY,
        entry_id TEXT NOT NULL REFERENCES objects(id)
    ) STRICT""",
)

# table -> the condition under which an INSERT would overwrite or misplace a row. INSERT OR
# REPLACE deletes the old row without firing DELETE triggers (recursive_triggers is off by
# default), so the BEFORE INSERT guard is what keeps REPLACE from rewriting history.
_INSERT_GUARDS: Final = {
    "meta": "EXISTS (SELECT 1 FROM meta WHERE key = NEW.key)",
    "objects": "EXISTS (SELECT 1 FROM objects WHERE id = NEW.id)",
    "log": (
        "NEW.seq IS NOT (SELECT coalesce(max(seq), -1) + 1 FROM log)"
        " OR EXISTS (SELECT 1 FROM log WHERE object_id = NEW.object_id)"
    ),
    "problems": "EXISTS (SELECT 1 FROM problems WHERE problem_id = NEW.problem_id)",
}


def _triggers() -> tuple[tuple[str, str], ...]:
    """(name, CREATE TRIGGER statement) for every append-only guard."""
    out: list[tuple[str, str]] = []
    for table, clash in _INSERT_GUARDS.items():
        for event in ("UPDATE", "DELETE"):
            name = f"{table}_no_{event.lower()}"
            out.append((name, (
                f"CREATE TRIGGER {name} BEFORE {event} ON {table} BEGIN "
                f"SELECT RAISE(ABORT, 'practiceloop: {table} is append-only ({event} refused)'); "
                "END"
            )))
        name = f"{table}_no_overwrite"
        out.append((name, (
            f"CREATE TRIGGER {name} BEFORE INSERT ON {table} WHEN {clash} BEGIN "
            f"SELECT RAISE(ABORT, 'practiceloop: {table} is append-only (overwrite refused)'); "
            "END"
        )))
    return tuple(out)


_TRIGGERS: Final = _triggers()
_SCHEMA_NAMES: Final = frozenset(
    {"meta", "objects", "log", "problems"} | {name for name, _ in _TRIGGERS}
)


@dataclasses.dataclass(frozen=True, slots=True)
class StoredObject:
    """One logged object as read from the store: log position, id, kind, bytes, leaf hash."""

    seq: int
    object_id: Digest
    kind: str
    body: bytes
    leaf_hash: bytes


@dataclasses.dataclass(frozen=True, slots=True)
class AppendResult:
    """What one committed :meth:`EvidenceStore.append` did, and the log head after it."""

    new_objects: int
    known_objects: int
    new_problems: int
    log_size: int
    root: bytes


def check_full_form(value: object) -> str | None:
    """Why parsed JSON ``value`` is not a record's full form ``{"kind": K, "record": {...}}``.

    None when it is one. Only the shape is checked; canonical bytes are the caller's concern.
    """
    if type(value) is not dict or value.keys() != _FULL_FORM_KEYS:
        return 'it is not a full form {"kind": ..., "record": {...}}'
    if type(value["kind"]) is not str or not value["kind"]:
        return "its kind is not a non-empty string"
    if type(value["record"]) is not dict:
        return "its record is not an object"
    return None


def _body_problem(body: bytes, kind: str) -> str | None:
    """Why ``body`` is not the canonical full form of a record of ``kind``; None when it is."""
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError
        return f"body is not JSON ({type(exc).__name__})"
    shape = check_full_form(parsed)
    if shape is not None:
        return f"body: {shape}"
    if parsed["kind"] != kind:
        return f"body's kind is {parsed['kind']!r}, not {kind!r}"
    try:
        canonical = canonical_bytes(parsed)
    except ValueError as exc:  # CanonicalPayloadError: floats, out-of-range ints, depth
        return f"body cannot be encoded canonically ({exc})"
    if canonical != body:
        return (
            f"body is not canonical: canonical sha256 {digest_bytes(canonical)}, "
            f"body sha256 {digest_bytes(body)}"
        )
    return None


def verify_object(obj: StoredObject) -> CorruptObjectError | None:
    """Re-check one stored object; the error naming expected and actual, or None when sound.

    Checks, in order: the id is a digest; the body re-hashes to its logged leaf hash; the body
    re-parses and re-encodes to exactly its own bytes, as the full form of the stored kind.
    """
    if not is_digest(obj.object_id):
        return CorruptObjectError(str(obj.object_id), "id", "64 lowercase hex", "malformed")
    if type(obj.body) is not bytes or type(obj.leaf_hash) is not bytes:
        return CorruptObjectError(obj.object_id, "column types", "BLOB body and leaf hash",
                                  f"{type(obj.body).__name__}, {type(obj.leaf_hash).__name__}")
    actual = leaf_hash(obj.body)
    if actual != obj.leaf_hash:
        return CorruptObjectError(
            obj.object_id, "leaf hash of the body", obj.leaf_hash.hex(), actual.hex()
        )
    problem = _body_problem(obj.body, obj.kind)
    if problem is not None:
        return CorruptObjectError(obj.object_id, "body", f"canonical {obj.kind} full form", problem)
    return None


def _translate(exc: sqlite3.Error, path: Path, timeout: float) -> StoreError:
    """The store error a person should see for a ``sqlite3`` error."""
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
    if primary in (_IOERR, _FULL, _CANTOPEN):
        return StoreIOError(path, text)
    return StoreError(f"{path}: SQLite refused the operation: {text}")


def _uri(path: Path, mode: str) -> str:
    # as_uri() percent-encodes, so '?' or '#' in a directory name cannot inject URI parameters.
    return f"{path.as_uri()}?mode={mode}"


def _wal_has_frames(path: Path) -> bool:
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except FileNotFoundError:
        return False


def _check_file(path: Path) -> None:
    """Refuse, before SQLite touches it, a path that is missing, foreign or visibly truncated.

    Reads only the 100-byte SQLite header (https://sqlite.org/fileformat.html s1.3).
    """
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise NotAStoreError(path, "it is a directory")
        with path.open("rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        raise StoreNotFoundError(path) from None
    except OSError as exc:
        raise StoreIOError(path, exc.strerror or str(exc)) from None
    if size == 0:
        raise NotAStoreError(path, "the file is empty")
    if header[: len(_SQLITE_MAGIC)] != _SQLITE_MAGIC:
        if _SQLITE_MAGIC.startswith(header):  # a prefix of the magic: cut short, not foreign
            raise StoreCorruptError(path, f"the file is truncated to {size} bytes")
        raise NotAStoreError(path, "it is not an SQLite database")
    if len(header) < 100:
        raise StoreCorruptError(path, f"the file is truncated to {size} bytes")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise NotAStoreError(
            path, f"SQLite application_id is {application_id:#010x}, not {APPLICATION_ID:#010x}"
        )
    raw_page = int.from_bytes(header[16:18], "big")
    page_size = 65536 if raw_page == 1 else raw_page
    if page_size < 512 or page_size & (page_size - 1):
        raise StoreCorruptError(path, f"header page size {raw_page} is invalid")
    if size % page_size:
        raise StoreCorruptError(path, f"{size} bytes is not a whole number of pages ({page_size})")
    pages = int.from_bytes(header[28:32], "big")
    # The in-header page count is valid only when the version-valid-for number equals the
    # change counter; while the WAL holds frames, pages may legitimately live only there.
    header_valid = pages > 0 and header[24:28] == header[92:96]
    if header_valid and not _wal_has_frames(path) and size < pages * page_size:
        raise StoreCorruptError(
            path, f"the file is truncated: the header promises {pages * page_size} bytes, "
            f"the file has {size}"
        )


def _fsync_dir(directory: Path) -> None:
    # A new directory entry is durable only once its directory is synced (POSIX).
    with contextlib.suppress(OSError):  # some platforms cannot open a directory
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _create(path: Path, timeout: float) -> None:
    """Create an empty store at ``path`` atomically: built aside, then linked into place.

    A crash leaves either no file or a complete empty store, never a half-made one that the
    next open would have to refuse. If another process created ``path`` first, theirs stays.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(f".{path.name}.creating-{os.getpid()}")
    for leftover in (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
        leftover.unlink(missing_ok=True)
    try:
        conn = sqlite3.connect(_uri(scratch, "rwc"), uri=True, timeout=timeout,
                               isolation_level=None)
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _TABLES:
                conn.execute(statement)
            for _, statement in _TRIGGERS:
                conn.execute(statement)
            conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [("format", FORMAT_NAME), ("format_version", str(FORMAT_VERSION))],
            )
            conn.execute("COMMIT")
        finally:
            conn.close()  # the last close checkpoints the WAL into the file and removes it
        with scratch.open("rb") as handle:
            os.fsync(handle.fileno())
        try:
            os.link(scratch, path)  # fails if path exists: never clobbers a store
        except FileExistsError:
            pass
        except OSError:  # a filesystem without hard links
            if not path.exists():
                os.replace(scratch, path)
        _fsync_dir(path.parent)
    except sqlite3.Error as exc:
        raise _translate(exc, path, timeout) from exc
    except OSError as exc:
        raise StoreIOError(path, exc.strerror or str(exc)) from exc
    finally:
        for leftover in (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
            with contextlib.suppress(OSError):
                leftover.unlink(missing_ok=True)


def _validate_objects(objects: Iterable[tuple[str, str, bytes]]) -> dict[str, tuple[str, bytes]]:
    """id -> (kind, body) in first-seen order; raises for a malformed or conflicting entry."""
    batch: dict[str, tuple[str, bytes]] = {}
    for position, entry in enumerate(objects):
        try:
            object_id, kind, body = entry
        except (TypeError, ValueError):
            raise InvalidObjectError(f"batch item {position}", "not an (id, kind, body)") from None
        if not is_digest(object_id):
            raise InvalidObjectError(f"object {object_id!r}", "id is not 64 lowercase hex")
        if type(kind) is not str or not kind:
            raise InvalidObjectError(f"object {object_id}", "kind is not a non-empty str")
        if type(body) is not bytes:
            raise InvalidObjectError(f"object {object_id}", "body is not bytes")
        problem = _body_problem(body, kind)
        if problem is not None:
            raise InvalidObjectError(f"object {object_id}", problem)
        seen = batch.get(object_id)
        if seen is None:
            batch[object_id] = (kind, body)
        elif seen[1] != body:
            raise ObjectConflictError(object_id, digest_bytes(seen[1]), digest_bytes(body))
    return batch


def _validate_problems(problems: Iterable[tuple[str, str]]) -> dict[str, str]:
    """problem_id -> entry_id; raises for a malformed or conflicting claim."""
    claims: dict[str, str] = {}
    for position, entry in enumerate(problems):
        try:
            problem_id, entry_id = entry
        except (TypeError, ValueError):
            raise InvalidObjectError(f"problem item {position}", "not a pair") from None
        if type(problem_id) is not str or not problem_id:
            raise InvalidObjectError(f"problem {problem_id!r}", "id is not a non-empty str")
        try:
            problem_id.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidObjectError(f"problem {problem_id!r}", "id has no UTF-8 form") from None
        if not is_digest(entry_id):
            raise InvalidObjectError(f"problem {problem_id!r}", "entry id is not a digest")
        seen = claims.setdefault(problem_id, entry_id)
        if seen != entry_id:
            raise ProblemConflictError(problem_id, seen, entry_id)
    return claims


class EvidenceStore:
    """An open evidence store. Obtain one with :meth:`open` or :meth:`open_readonly`.

    Usable as a context manager; :meth:`close` is idempotent. Not shareable between threads.
    """

    def __init__(
        self, conn: sqlite3.Connection, path: Path, *, readonly: bool, busy_timeout: float
    ) -> None:
        self._conn = conn
        self._path = path
        self._readonly = readonly
        self._timeout = busy_timeout
        self._frontier: Frontier | None = None  # lazily built, extended as the log grows

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, create: bool,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> EvidenceStore:
        """Open a store for reading and writing; with ``create``, make it if it does not exist.

        Raises StoreNotFoundError (missing, ``create`` false), NotAStoreError (a foreign or empty
        file, an unknown format version), StoreCorruptError (truncated, damaged schema),
        StoreReadOnlyError (the file is write-protected), StoreLockedError, StoreIOError.
        """
        where = Path(path).absolute()
        if create and not where.exists():
            _create(where, busy_timeout)
        _check_file(where)
        if not os.access(where, os.W_OK):
            raise StoreReadOnlyError(where, "the file is write-protected; use open_readonly")
        store = cls._connect(where, "rw", readonly=False, busy_timeout=busy_timeout)
        damage = [f for f in store.check_schema() if f.code == "schema.missing"]
        if damage:
            store.close()
            raise StoreCorruptError(where, "; ".join(f.message for f in damage))
        return store

    @classmethod
    def open_readonly(
        cls, path: str | os.PathLike[str], *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
    ) -> EvidenceStore:
        """Open an existing store that this object will never write (``mode=ro``, query_only).

        A store whose schema was tampered with still opens, so that ``verify`` can report it
        (see :meth:`check_schema`). Raises as :meth:`open` does, never StoreReadOnlyError.
        """
        where = Path(path).absolute()
        _check_file(where)
        return cls._connect(where, "ro", readonly=True, busy_timeout=busy_timeout)

    @classmethod
    def _connect(
        cls, path: Path, mode: str, *, readonly: bool, busy_timeout: float
    ) -> EvidenceStore:
        try:
            conn = sqlite3.connect(_uri(path, mode), uri=True, timeout=busy_timeout,
                                   isolation_level=None)  # explicit BEGIN/COMMIT only
        except sqlite3.Error as exc:
            raise _translate(exc, path, busy_timeout) from exc
        store = cls(conn, path, readonly=readonly, busy_timeout=busy_timeout)
        try:
            with store._guard():
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute("PRAGMA trusted_schema = OFF")
                conn.execute("PRAGMA cell_size_check = ON")  # catch damaged pages early
                if readonly:
                    conn.execute("PRAGMA query_only = ON")
                store._check_format()  # before anything below may write to a foreign file
                if not readonly and conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
        except BaseException:
            conn.close()
            raise
        return store

    def _check_format(self) -> None:
        has_meta = self._conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
        ).fetchone()
        if has_meta is None:
            raise NotAStoreError(self._path, "it has no practiceloop meta table")
        rows = dict(self._conn.execute("SELECT key, value FROM meta").fetchall())
        if rows.get("format") != FORMAT_NAME:
            raise NotAStoreError(self._path, f"meta format is {rows.get('format')!r}")
        if rows.get("format_version") != str(FORMAT_VERSION):
            raise NotAStoreError(
                self._path,
                f"format version {rows.get('format_version')!r} is not supported "
                f"(this practiceloop reads version {FORMAT_VERSION})",
            )

    @property
    def path(self) -> Path:
        """The absolute path of the database file."""
        return self._path

    @property
    def readonly(self) -> bool:
        """True when this object was opened with :meth:`open_readonly`."""
        return self._readonly

    def close(self) -> None:
        """Close the connection; committed data is already durable. Idempotent."""
        self._conn.close()

    def __enter__(self) -> EvidenceStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise _translate(exc, self._path, self._timeout) from exc

    # -- writing -------------------------------------------------------------------------------

    def append(
        self,
        objects: Sequence[tuple[Digest, str, bytes]],
        problems: Sequence[tuple[str, Digest]] = (),
    ) -> AppendResult:
        """Store and log ``objects`` and record ``problems`` as sealed, in one transaction.

        ``objects`` are ``(id, kind, body)``: ``id`` 64 lowercase hex, ``body`` the canonical
        bytes of ``{"kind": kind, "record": {...}}``. An id already stored with the same bytes is
        a no-op (not logged again); new objects are logged in the order given. ``problems`` are
        ``(problem_id, entry_id)`` where the entry is a stored (or same-batch) object of kind
        :data:`PROBLEM_ENTRY_KIND`; an identical claim is a no-op.

        Raises InvalidObjectError for a malformed argument, ObjectConflictError or
        ProblemConflictError when a name arrives with other content, StoreReadOnlyError,
        StoreLockedError, StoreIOError. On any error nothing of the batch is written and
        nothing committed before is touched.
        """
        if self._readonly:
            raise StoreReadOnlyError(self._path, "the store was opened read-only")
        # Validate everything before taking the write lock: a bad batch never waits on others.
        batch = _validate_objects(objects)
        claims = _validate_problems(problems)
        with self._guard():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                result, frontier = self._append_locked(batch, claims)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                raise
        self._frontier = frontier  # only a committed log may advance the cached head
        return result

    def _append_locked(
        self, batch: dict[str, tuple[str, bytes]], claims: dict[str, str]
    ) -> tuple[AppendResult, Frontier]:
        size = self._log_size()
        frontier = self._synced_frontier(size).copy()
        stored = self._lookup("SELECT id, body FROM objects WHERE id IN", list(batch))
        fresh: list[tuple[str, str, bytes]] = []
        for object_id, (kind, body) in batch.items():
            old = stored.get(object_id)
            if old is None:
                fresh.append((object_id, kind, body))
            elif old != body:
                raise ObjectConflictError(object_id, digest_bytes(old), digest_bytes(body))
        leaves = [leaf_hash(body) for _, _, body in fresh]
        self._conn.executemany("INSERT INTO objects (id, kind, body) VALUES (?, ?, ?)", fresh)
        self._conn.executemany(
            "INSERT INTO log (seq, object_id, leaf_hash) VALUES (?, ?, ?)",
            [(size + i, fresh[i][0], leaf) for i, leaf in enumerate(leaves)],
        )
        frontier.extend(leaves)
        new_problems = self._claim_problems(claims)
        result = AppendResult(
            new_objects=len(fresh),
            known_objects=len(batch) - len(fresh),
            new_problems=new_problems,
            log_size=size + len(fresh),
            root=frontier.root(),
        )
        return result, frontier

    def _claim_problems(self, claims: dict[str, str]) -> int:
        if not claims:
            return 0
        # The batch's own objects are already inserted, so one query sees old and new entries.
        entries = sorted(set(claims.values()))
        kinds = self._lookup("SELECT id, kind FROM objects WHERE id IN", entries)
        for problem_id, entry_id in claims.items():
            kind = kinds.get(entry_id)
            if kind is None:
                raise InvalidObjectError(f"problem {problem_id!r}", f"no entry {entry_id} stored")
            if kind != PROBLEM_ENTRY_KIND:
                raise InvalidObjectError(
                    f"problem {problem_id!r}", f"entry {entry_id} is a {kind}, not a "
                    f"{PROBLEM_ENTRY_KIND}"
                )
        sealed = self._lookup("SELECT problem_id, entry_id FROM problems WHERE problem_id IN",
                              list(claims))
        fresh = []
        for problem_id, entry_id in claims.items():
            old = sealed.get(problem_id)
            if old is None:
                fresh.append((problem_id, entry_id))
            elif old != entry_id:
                raise ProblemConflictError(problem_id, old, entry_id)
        self._conn.executemany("INSERT INTO problems (problem_id, entry_id) VALUES (?, ?)", fresh)
        return len(fresh)

    def _lookup(self, select_in: str, keys: Sequence[str]) -> dict[str, Any]:
        """key -> second column, for the rows of a two-column ``... IN`` query among ``keys``."""
        found: dict[str, Any] = {}
        for start in range(0, len(keys), _IN_CHUNK):
            chunk = keys[start : start + _IN_CHUNK]
            found.update(self._conn.execute(f"{select_in} ({','.join('?' * len(chunk))})", chunk))
        return found

    # -- reading objects -----------------------------------------------------------------------

    def get(self, object_id: Digest) -> bytes:
        """The exact stored bytes of ``object_id``, re-checked (see :func:`verify_object`).

        Raises ObjectNotFoundError, or CorruptObjectError naming expected and actual.
        """
        with self._guard():
            row = self._conn.execute(
                "SELECT l.seq, o.kind, o.body, l.leaf_hash FROM objects o "
                "LEFT JOIN log l ON l.object_id = o.id WHERE o.id = ?",
                (object_id,),
            ).fetchone()
        if row is None:
            raise ObjectNotFoundError(object_id)
        seq, kind, body, leaf = row
        if seq is None:
            raise CorruptObjectError(object_id, "log entry", "one", "none")
        problem = verify_object(StoredObject(seq, object_id, kind, body, leaf))
        if problem is not None:
            raise problem
        return body  # type: ignore[no-any-return]  # verify_object proved it is bytes

    def has_object(self, object_id: Digest) -> bool:
        """True when an object with this id is stored (its bytes are not re-checked)."""
        with self._guard():
            row = self._conn.execute("SELECT 1 FROM objects WHERE id = ?", (object_id,))
            return row.fetchone() is not None

    def object_count(self) -> int:
        """How many objects the ``objects`` table holds (equals :meth:`log_size` when sound)."""
        with self._guard():
            count: int = self._conn.execute("SELECT count(*) FROM objects").fetchone()[0]
        return count

    def iter_objects(
        self, *, kind: str | None = None, start: int = 0, verify: bool = True
    ) -> Iterator[StoredObject]:
        """Stream logged objects in log order from position ``start``, optionally of one kind.

        Reads a page of rows at a time, so memory stays bounded whatever the store's size, and
        writes between pages are allowed. With ``verify`` each object is re-checked and the
        first damaged one raises CorruptObjectError; ``verify=False`` leaves that to the caller
        (:func:`verify_object`), e.g. an audit that must keep going.
        """
        query = (
            "SELECT l.seq, o.id, o.kind, o.body, l.leaf_hash FROM log l "
            "JOIN objects o ON o.id = l.object_id WHERE l.seq >= ?"
            + (" AND o.kind = ?" if kind is not None else "")
            + " ORDER BY l.seq LIMIT ?"
        )
        position = start
        while True:
            params: tuple[object, ...] = (
                (position, kind, _PAGE_ROWS) if kind is not None else (position, _PAGE_ROWS)
            )
            with self._guard():
                rows = self._conn.execute(query, params).fetchall()
            for seq, object_id, object_kind, body, leaf in rows:
                obj = StoredObject(seq, object_id, object_kind, body, leaf)
                if verify:
                    problem = verify_object(obj)
                    if problem is not None:
                        raise problem
                yield obj
            if len(rows) < _PAGE_ROWS:
                return
            position = rows[-1][0] + 1

    # -- the log -------------------------------------------------------------------------------

    def log_size(self) -> int:
        """How many leaves the log holds (its next position)."""
        with self._guard():
            return self._log_size()

    def _log_size(self) -> int:
        size: int = self._conn.execute("SELECT coalesce(max(seq) + 1, 0) FROM log").fetchone()[0]
        return size

    def _leaf_hashes(self, start: int, stop: int) -> Iterator[bytes]:
        """The logged leaf hashes at positions ``[start, stop)``, streamed page by page.

        Raises StoreCorruptError for a missing position or a malformed hash: a root computed
        over a log with holes would be a root of some other log.
        """
        expected = start
        while expected < stop:
            with self._guard():
                rows = self._conn.execute(
                    "SELECT seq, leaf_hash FROM log WHERE seq >= ? AND seq < ? ORDER BY seq "
                    "LIMIT ?",
                    (expected, stop, _PAGE_ROWS),
                ).fetchall()
            if not rows:
                raise StoreCorruptError(self._path, f"log position {expected} is missing")
            for seq, leaf in rows:
                if seq != expected:
                    raise StoreCorruptError(self._path, f"log position {expected} is missing")
                if type(leaf) is not bytes or len(leaf) != HASH_SIZE:
                    raise StoreCorruptError(self._path, f"log position {seq}: malformed leaf hash")
                yield leaf
                expected += 1

    def _synced_frontier(self, size: int) -> Frontier:
        """The cached frontier, extended with leaves logged since (by us or another writer)."""
        frontier = self._frontier
        if frontier is None or frontier.size > size:
            frontier = Frontier()
        if frontier.size < size:
            frontier.extend(self._leaf_hashes(frontier.size, size))
        self._frontier = frontier
        return frontier

    def _check_size(self, size: object, current: int, what: str = "tree size") -> int:
        if type(size) is not int or not 0 <= size <= current:
            raise SizeOutOfRangeError(
                f"{what} {size!r} is out of range: the log holds {current} leaves"
            )
        return size

    def log_root(self, size: int | None = None) -> bytes:
        """The Merkle root of the first ``size`` leaves (default: the whole log).

        The head is kept incrementally; an older size is recomputed by streaming its leaves.
        Raises SizeOutOfRangeError for a size beyond the log.
        """
        with self._guard():
            current = self._log_size()
            if size is None or size == current:
                return self._synced_frontier(current).root()
            wanted = self._check_size(size, current)
            if wanted == 0:
                return EMPTY_ROOT
            return subtree_roots(self._leaf_hashes(0, wanted), [(0, wanted)])[0]

    def log_roots(self, sizes: Iterable[int]) -> dict[int, bytes]:
        """size -> Merkle root for each of ``sizes``, recomputed from the log in one pass.

        Nothing cached is used, so an audit sees exactly what is stored now.
        Raises SizeOutOfRangeError for a size beyond the log, StoreCorruptError for holes.
        """
        with self._guard():
            current = self._log_size()
            wanted = sorted({self._check_size(s, current) for s in sizes})
            nonempty = [s for s in wanted if s > 0]
            roots = subtree_roots(
                self._leaf_hashes(0, max(nonempty, default=0)), [(0, s) for s in nonempty]
            )
        out = dict(zip(nonempty, roots, strict=True))
        if 0 in wanted:
            out[0] = EMPTY_ROOT
        return out

    def leaf_index(self, object_id: Digest) -> int:
        """The log position of ``object_id``; ObjectNotFoundError when it is not logged."""
        with self._guard():
            row = self._conn.execute("SELECT seq FROM log WHERE object_id = ?", (object_id,))
            found = row.fetchone()
        if found is None:
            raise ObjectNotFoundError(object_id)
        seq: int = found[0]
        return seq

    def inclusion_proof(self, object_id: Digest, size: int | None = None) -> InclusionProof:
        """Proof that ``object_id``'s leaf is in the tree of ``size`` leaves (default: all).

        Raises ObjectNotFoundError, or SizeOutOfRangeError when the tree does not reach it.
        """
        with self._guard():
            row = self._conn.execute(
                "SELECT seq, leaf_hash FROM log WHERE object_id = ?", (object_id,)
            ).fetchone()
            if row is None:
                raise ObjectNotFoundError(object_id)
            seq, leaf = row
            current = self._log_size()
            tree_size = current if size is None else self._check_size(size, current)
            if seq >= tree_size:
                raise SizeOutOfRangeError(
                    f"object {object_id} is leaf {seq}: a tree of {tree_size} leaves lacks it"
                )
            ranges = [*inclusion_ranges(seq, tree_size), (0, tree_size)]
            hashes = subtree_roots(self._leaf_hashes(0, tree_size), ranges)
        return InclusionProof(seq, tree_size, leaf, tuple(hashes[:-1]), hashes[-1])

    def consistency_proof(self, size1: int, size2: int) -> ConsistencyProof:
        """Proof that the tree of ``size1`` leaves is a prefix of the tree of ``size2``.

        Requires ``0 < size1 <= size2 <= log_size()`` (an empty tree is a prefix of every tree
        and has no proof); raises SizeOutOfRangeError otherwise.
        """
        with self._guard():
            current = self._log_size()
            first = self._check_size(size1, current, "size1")
            second = self._check_size(size2, current, "size2")
            if not 0 < first <= second:
                raise SizeOutOfRangeError(f"consistency needs 0 < size1 <= size2, got {first}, "
                                          f"{second}")
            ranges = [*consistency_ranges(first, second), (0, first), (0, second)]
            hashes = subtree_roots(self._leaf_hashes(0, second), ranges)
        return ConsistencyProof(first, second, hashes[-2], hashes[-1], tuple(hashes[:-2]))

    # -- problems ------------------------------------------------------------------------------

    def has_problem(self, problem_id: str) -> bool:
        """True when ``problem_id`` is already sealed (a run may skip it)."""
        with self._guard():
            row = self._conn.execute("SELECT 1 FROM problems WHERE problem_id = ?", (problem_id,))
            return row.fetchone() is not None

    def problem_ids(self) -> Iterator[str]:
        """Every sealed problem id in sorted order, streamed page by page."""
        after = ""  # problem ids are non-empty, so every one sorts after ""
        while True:
            with self._guard():
                rows = self._conn.execute(
                    "SELECT problem_id FROM problems WHERE problem_id > ? ORDER BY problem_id "
                    "LIMIT ?", (after, _PAGE_ROWS),
                ).fetchall()
            for (problem_id,) in rows:
                yield problem_id
            if len(rows) < _PAGE_ROWS:
                return
            after = rows[-1][0]

    # -- health --------------------------------------------------------------------------------

    def check_schema(self) -> list[Finding]:
        """Findings for tables or triggers missing from (or added to) the store's schema."""
        with self._guard():
            present = {
                name for (name,) in self._conn.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') "
                    "AND name NOT LIKE 'sqlite_%'"
                )
            }
        findings = [
            Finding("schema.missing", name, f"schema object {name} is missing")
            for name in sorted(_SCHEMA_NAMES - present)
        ]
        findings += [
            Finding("schema.unexpected", name, f"schema object {name} is not part of the format")
            for name in sorted(present - _SCHEMA_NAMES)
        ]
        return findings

    def check_structure(self) -> list[Finding]:
        """Findings for a log with holes, log entries without objects, unlogged objects and
        problem entries that are missing or of the wrong kind. Cheap indexed queries only."""
        findings: list[Finding] = []
        with self._guard():
            count, top = self._conn.execute("SELECT count(*), max(seq) FROM log").fetchone()
            if count and top + 1 != count:
                findings.append(Finding("log.holes", "log", (
                    f"the log has {count} entries but its last position is {top}")))
            for seq, object_id in self._conn.execute(
                "SELECT l.seq, l.object_id FROM log l LEFT JOIN objects o ON o.id = l.object_id "
                "WHERE o.id IS NULL ORDER BY l.seq"
            ):
                findings.append(Finding("log.dangling", object_id,
                                        f"log position {seq} names a missing object"))
            for (object_id,) in self._conn.execute(
                "SELECT o.id FROM objects o LEFT JOIN log l ON l.object_id = o.id "
                "WHERE l.seq IS NULL ORDER BY o.id"
            ):
                findings.append(Finding("object.unlogged", object_id, "object is not in the log"))
            for problem_id, entry_id, kind in self._conn.execute(
                "SELECT p.problem_id, p.entry_id, o.kind FROM problems p "
                "LEFT JOIN objects o ON o.id = p.entry_id "
                "WHERE o.kind IS NOT ? ORDER BY p.problem_id", (PROBLEM_ENTRY_KIND,)
            ):
                what = "is missing" if kind is None else f"is a {kind}"
                findings.append(Finding("problem.entry", str(problem_id),
                                        f"entry {entry_id} {what}, not a {PROBLEM_ENTRY_KIND}"))
        return findings

    def integrity_check(self, *, quick: bool = True) -> list[str]:
        """SQLite's own page-level check (``quick_check`` or ``integrity_check``); [] when ok."""
        pragma = "quick_check" if quick else "integrity_check"
        with self._guard():
            rows = [str(r[0]) for r in self._conn.execute(f"PRAGMA {pragma}")]
        return [] if rows == ["ok"] else rows

    def sqlite_settings(self) -> dict[str, object]:
        """The connection's durability and identity settings, by pragma name (for people)."""
        synchronous = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}

        def get(name: str) -> Any:
            return self._conn.execute(f"PRAGMA {name}").fetchone()[0]

        with self._guard():
            return {
                "application_id": get("application_id"),
                "foreign_keys": bool(get("foreign_keys")),
                "journal_mode": get("journal_mode"),
                "query_only": bool(get("query_only")),
                "synchronous": synchronous.get(get("synchronous"), "?"),
                "user_version": get("user_version"),
            }
