"""The SQLite evidence store: exact record bytes and an append-only RFC 9162 Merkle log over them.

Two layers in one SQLite file (standard-library ``sqlite3`` only):

* ``objects``: record id -> kind and the exact canonical bytes of the record's full form
  ``{"kind": K, "record": {...}}``. Re-checked on every read: the bytes must re-hash to their
  logged leaf hash and re-parse and re-encode to exactly themselves.
* ``log``: position -> object id and leaf hash, ``leaf_hash(body)`` per RFC 9162. Positions are
  consecutive from 0; a new object is logged once, in the order the writer gave it.

``problems`` records which corpus problems are sealed (by an ordinary logged object of kind
:data:`PROBLEM_ENTRY_KIND`), so a run can resume. ``meta`` and the ``application_id`` pragma
mark the file as ours. Every evidence table is STRICT and append-only (see
:mod:`practiceloop.store._schema`). The connection runs in WAL mode with ``synchronous=FULL``
and foreign keys on; one writer appends batches, each in one transaction, which also extends
the derived episode index (:mod:`practiceloop.store.index`) over the new objects.

The store does not recompute record ids (that needs the kernel's record types: the audit does
it); it checks that ids are digests and that bodies are canonical full forms of the stated kind
(:mod:`practiceloop.store._objects`), before it takes the write lock; a writer that receives
objects over time runs the same checks as they arrive, into an :class:`ObjectBatch`, or takes
the verdict of a process that ran them (:meth:`ObjectBatch.add_vouched`, the one trusted path).
The write itself is :mod:`practiceloop.store._append`. Every ``sqlite3`` error is translated
into the family of :mod:`practiceloop.store.errors`. One :class:`EvidenceStore` belongs to one
thread.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Final

from practiceloop.kernel.identity import Digest
from practiceloop.store._append import AppendResult, append_checked
from practiceloop.store._episodes import indexed_size, sync_index
from practiceloop.store._fs import (
    IMMUTABLE,
    WriterLock,
    exists,
    read_mode,
    require_writable,
)
from practiceloop.store._objects import (
    CHECK_VERSION,
    ObjectBatch,
    StoredObject,
    check_full_form,
    validate_problems,
    verify_object,
    vouch_for,
)
from practiceloop.store._schema import (
    APPLICATION_ID,
    FORMAT_NAME,
    FORMAT_VERSION,
    PROBLEM_ENTRY_KIND,
    check_file,
    check_format,
    configure,
    schema_findings,
    settings,
    structure_findings,
    uri,
)
from practiceloop.store._schema import create as create_file
from practiceloop.store._sql import printable, shown, unbindable
from practiceloop.store._sqlite_errors import translated
from practiceloop.store.errors import (
    CorruptObjectError,
    Finding,
    ObjectNotFoundError,
    SizeOutOfRangeError,
    StoreCorruptError,
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
    subtree_roots,
)

__all__ = [
    "APPLICATION_ID",
    "CHECK_VERSION",
    "DEFAULT_BUSY_TIMEOUT",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "PROBLEM_ENTRY_KIND",
    "AppendResult",
    "EvidenceStore",
    "ObjectBatch",
    "StoredObject",
    "check_full_form",
    "verify_object",
    "vouch_for",
]

DEFAULT_BUSY_TIMEOUT: Final = 5.0
_PAGE_ROWS: Final = 4096  # rows per streamed page: bounded memory, few round trips


_MAX_SEQ: Final = 2**63 - 1  # SQLite's largest INTEGER: sqlite3 raises OverflowError past it
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
        self._lock: WriterLock | None = None
        self._immutable = False

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, create: bool,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT, exclusive: bool = False,
    ) -> EvidenceStore:
        """Open a store for reading and writing; with ``create``, make it if it does not exist.

        With ``exclusive``, take the store's writer lock (:class:`~._fs.WriterLock`) for as long
        as this object is open: a second exclusive opener is refused at once (a corpus run
        holds it, so that two runs never practise and claim the same problems).

        Raises StoreNotFoundError (missing, ``create`` false), StoreCreateError (the path cannot
        name a store), NotAStoreError (a foreign or empty file, an unknown format version),
        StoreCorruptError (truncated, damaged schema), StoreReadOnlyError (the file or its
        directory is write-protected), StorePermissionError, StoreLockedError, StoreIOError.
        """
        where = Path(path).absolute()
        if create and not exists(where):
            create_file(where, busy_timeout)
        check_file(where)
        require_writable(where)
        lock = WriterLock(where) if exclusive else None
        try:
            store = cls._connect(where, "rw", readonly=False, busy_timeout=busy_timeout)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        store._lock = lock
        damage = [f for f in store.check_schema() if f.code == "schema.missing"]
        if damage:
            store.close()
            raise StoreCorruptError(where, "; ".join(f.message for f in damage))
        try:
            store._catch_up_index()
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def open_readonly(
        cls, path: str | os.PathLike[str], *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
    ) -> EvidenceStore:
        """Open an existing store that this object will never write, creating no file.

        SQLite opens it ``mode=ro`` with ``query_only`` on, and never writes the database; how
        it reads a WAL-mode file depends on what lies beside it (:func:`._fs.read_mode`):

        * a ``STORE-wal`` with its ``STORE-shm`` (a writer is at work, or died): ``mode=ro``
          reads the committed transactions in the WAL through the existing index, which this
          user need not be able to write (SQLite 3.22+);
        * no ``STORE-wal`` (the last writer closed, which moves the WAL into the file):
          ``immutable=1``, because a WAL-mode reader would otherwise create ``-wal`` and
          ``-shm`` beside the store. Trade-off: an immutable handle takes no lock and assumes
          nothing writes the file while it is open; a writer that starts meanwhile is seen
          by the next open, not this one (and a WAL checkpoint it runs during a long read may
          show this handle damage that is not there: ``verify`` says when the store changed
          while it read);
        * a ``STORE-wal`` holding transactions but no ``STORE-shm``: ``mode=ro`` where the
          directory can be written (SQLite must rebuild the WAL's index: the one case that
          creates a file, ``STORE-shm``, to read what was committed); elsewhere
          StoreReadOnlyError, since ignoring the WAL would hide committed records.

        A store whose schema was tampered with still opens, so that ``verify`` can report it
        (see :meth:`check_schema`). Raises as :meth:`open` does, StoreReadOnlyError only in
        the last case above.
        """
        where = Path(path).absolute()
        check_file(where)
        return cls._connect(where, read_mode(where), readonly=True, busy_timeout=busy_timeout)

    @classmethod
    def _connect(
        cls, path: Path, mode: str, *, readonly: bool, busy_timeout: float
    ) -> EvidenceStore:
        with translated(path, busy_timeout):
            conn = sqlite3.connect(uri(path, mode), uri=True, timeout=busy_timeout,
                                   isolation_level=None)  # explicit BEGIN/COMMIT only
        store = cls(conn, path, readonly=readonly, busy_timeout=busy_timeout)
        store._immutable = mode == IMMUTABLE
        try:
            with store._guard():
                configure(conn, readonly=readonly)
                check_format(conn, path)  # before anything below may write to a foreign file
                if not readonly and conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
        except BaseException:
            conn.close()
            raise
        return store

    @property
    def path(self) -> Path:
        """The absolute path of the database file."""
        return self._path

    @property
    def readonly(self) -> bool:
        """True when this object was opened with :meth:`open_readonly`."""
        return self._readonly

    @property
    def immutable(self) -> bool:
        """True when this read-only handle reads the file as immutable (see
        :meth:`open_readonly`): it takes no lock and sees no writer that starts after it."""
        return self._immutable

    def close(self) -> None:
        """Close the connection (then release the writer lock, if held); committed data is
        already durable. Idempotent."""
        self._conn.close()
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def __enter__(self) -> EvidenceStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _guard(self) -> contextlib.AbstractContextManager[None]:
        return translated(self._path, self._timeout)

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query inside sees the same committed state.

        Package-private: :mod:`practiceloop.store.index` reads the derived tables through it.
        """
        with self._guard():
            self._conn.execute("BEGIN")
            try:
                yield self._conn
            finally:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``), committed on success, else rolled back.

        Package-private, like :meth:`_reading`. Raises StoreReadOnlyError on a read-only handle.
        """
        if self._readonly:
            raise StoreReadOnlyError(self._path, "the store was opened read-only")
        with self._guard():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                raise

    def _catch_up_index(self) -> None:
        """Extend (or create) the derived index to the whole log, if it lags: only a store
        written by a build without the index, or whose index was dropped, ever does."""
        with self._guard():
            current = indexed_size(self._conn) == self._log_size()
        if not current:
            with self._writing() as conn:
                sync_index(conn, self._log_size())

    # -- writing -------------------------------------------------------------------------------

    def append(
        self,
        objects: Sequence[tuple[Digest, str, bytes]] | ObjectBatch,
        problems: Sequence[tuple[str, Digest]] = (),
    ) -> AppendResult:
        """Store and log ``objects`` and record ``problems`` as sealed, in one transaction.

        ``objects`` are ``(id, kind, body)``: ``id`` 64 lowercase hex, ``body`` the canonical bytes
        of ``{"kind": kind, "record": {...}}``; or an :class:`ObjectBatch` of them, checked as
        they arrived (the same checks, run earlier). An id already stored with the same bytes is
        a no-op (not logged again); new objects are logged in the order given. ``problems`` are
        ``(problem_id, entry_id)`` where the entry is a stored (or same-batch) object of kind
        :data:`PROBLEM_ENTRY_KIND`; an identical claim is a no-op.

        Raises InvalidObjectError for a malformed argument, ObjectConflictError or
        ProblemConflictError when a name arrives with other content, StoreReadOnlyError,
        StoreLockedError, StoreIOError. On any error nothing of the batch is written and
        nothing committed before is touched.
        """
        # Check everything before taking the write lock: a bad batch never waits on others.
        batch = objects if type(objects) is ObjectBatch else ObjectBatch.of(objects)
        claims = validate_problems(problems)
        with self._writing():
            size = self._log_size()
            frontier = self._synced_frontier(size).copy()
            result = append_checked(self._conn, batch, claims, size, frontier)
        self._frontier = frontier  # only a committed log may advance the cached head
        return result

    # -- reading objects -----------------------------------------------------------------------

    def get(self, object_id: Digest) -> bytes:
        """The exact stored bytes of ``object_id``, re-checked (see :func:`verify_object`).

        Raises ObjectNotFoundError, or CorruptObjectError naming expected and actual.
        """
        if unbindable(object_id):
            raise ObjectNotFoundError(printable(object_id))
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
        if unbindable(object_id):
            return False
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
        if unbindable(kind) or unbindable(start) or (type(start) is int and start > _MAX_SEQ):
            return  # no stored object has such a kind, or a position beyond SQLite's INTEGER
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
                f"{what} {shown(size)} is out of range: the log holds {current} leaves"
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
        if unbindable(object_id):
            raise ObjectNotFoundError(printable(object_id))
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
        if unbindable(object_id):
            raise ObjectNotFoundError(printable(object_id))
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
        if unbindable(problem_id):
            return False
        with self._guard():
            row = self._conn.execute("SELECT 1 FROM problems WHERE problem_id = ?", (problem_id,))
            return row.fetchone() is not None

    def problem_ids(self) -> Iterator[str]:
        """Every sealed problem id in sorted order, streamed page by page."""
        return (problem_id for problem_id, _ in self.problem_entries())

    def problem_entries(self) -> Iterator[tuple[str, str]]:
        """Every ``(problem_id, entry_id)`` row of the problem index, by problem id, streamed
        (as stored: the audit checks that each entry names its problem)."""
        after = ""  # problem ids are non-empty, so every one sorts after ""
        while True:
            with self._guard():
                rows = self._conn.execute(
                    "SELECT problem_id, entry_id FROM problems WHERE problem_id > ? "
                    "ORDER BY problem_id LIMIT ?", (after, _PAGE_ROWS),
                ).fetchall()
            yield from rows
            if len(rows) < _PAGE_ROWS:
                return
            after = rows[-1][0]

    # -- health --------------------------------------------------------------------------------

    def check_schema(self) -> list[Finding]:
        """Findings for evidence tables or triggers missing from the store's schema, and for
        tables or triggers added to it. The derived index's tables are expected but optional:
        :func:`practiceloop.store.index.check_index` checks the index."""
        with self._guard():
            return schema_findings(self._conn)

    def check_structure(self) -> list[Finding]:
        """Findings for a log with holes, log entries without objects, unlogged objects and
        problem entries that are missing or of the wrong kind. Cheap indexed queries only."""
        with self._guard():
            return structure_findings(self._conn)

    def integrity_check(self, *, quick: bool = True) -> list[str]:
        """SQLite's own page-level check (``quick_check`` or ``integrity_check``); [] when ok."""
        pragma = "quick_check" if quick else "integrity_check"
        with self._guard():
            rows = [str(r[0]) for r in self._conn.execute(f"PRAGMA {pragma}")]
        return [] if rows == ["ok"] else rows

    def sqlite_settings(self) -> dict[str, object]:
        """The connection's durability and identity settings, by pragma name (for people)."""
        with self._guard():
            return settings(self._conn)
