"""The store file's schema and identity: DDL, triggers, pragmas, format checks, creation.

Two groups of tables live in one SQLite file:

* evidence (``meta``, ``objects``, ``log``, ``problems``): STRICT and append-only, guarded by
  triggers that abort UPDATE, DELETE and ``INSERT OR REPLACE`` even from raw SQL;
* the derived episode index (``index_state``, ``problem_*``, ``episode_*``): rebuildable from
  the evidence at any time (see :mod:`practiceloop.store._episodes`), so neither guarded nor
  logged. Its layout has its own :data:`INDEX_VERSION`, independent of the evidence format.

The file is marked as ours twice: the ``application_id`` pragma (header offset 68) and the
``meta`` rows. :func:`check_file` reads the 100-byte header before SQLite touches a file, so a
foreign, empty or visibly truncated file is refused untouched; :func:`create` builds a new
store aside and links it into place, so a crash never leaves a half-made store.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from pathlib import Path
from typing import Any, Final

from practiceloop.store._fs import fsync_dir, os_error
from practiceloop.store._sqlite_errors import translate
from practiceloop.store.errors import (
    Finding,
    NotAStoreError,
    StoreCorruptError,
    StoreNotFoundError,
)

__all__ = [
    "APPLICATION_ID",
    "CACHE_KIB",
    "EVIDENCE_NAMES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "INDEX_NAMES",
    "INDEX_VERSION",
    "PROBLEM_ENTRY_KIND",
    "TEXT_SEARCH",
    "check_file",
    "check_format",
    "configure",
    "create",
    "create_index_tables",
    "drop_index_tables",
    "schema_findings",
    "settings",
    "structure_findings",
    "uri",
]

APPLICATION_ID: Final = 0x504C4556  # "PLEV": SQLite header offset 68, set once at creation
FORMAT_NAME: Final = "practiceloop-evidence-store"
FORMAT_VERSION: Final = 1
PROBLEM_ENTRY_KIND: Final = "practice_problem"
INDEX_VERSION: Final = 1

_SQLITE_MAGIC: Final = b"SQLite format 3\x00"

# -- evidence: append-only -----------------------------------------------------------------------

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
EVIDENCE_NAMES: Final = frozenset(_INSERT_GUARDS) | {name for name, _ in _TRIGGERS}
"""Every table and trigger of the evidence layer: a store lacking one is damaged."""

# -- the derived episode index -------------------------------------------------------------------

_INDEX_DDL: Final = (
    # key -> value: 'version' (INDEX_VERSION) and 'log_size' (how many log positions are indexed)
    "CREATE TABLE index_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT",
    # one row per problem entry object, keyed by the entry's log position
    """CREATE TABLE problem_index (
        seq INTEGER PRIMARY KEY,
        entry_id TEXT NOT NULL UNIQUE,
        problem_id TEXT NOT NULL,
        frame_digest TEXT,
        assessments INTEGER NOT NULL,
        traces INTEGER NOT NULL,
        reader_refused INTEGER NOT NULL
    ) STRICT""",
    "CREATE INDEX problem_by_id ON problem_index (problem_id)",
    "CREATE INDEX problem_by_counts ON problem_index (assessments, reader_refused)",
    """CREATE TABLE problem_assessment (
        entry_seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        assessment_id TEXT NOT NULL,
        organ TEXT NOT NULL,
        runnable INTEGER NOT NULL,
        PRIMARY KEY (entry_seq, position)
    ) STRICT, WITHOUT ROWID""",
    "CREATE INDEX problem_assessment_by_organ ON problem_assessment (organ, runnable)",
    # organ and disposition of the trace's episode; NULL when no episode (a dangling trace id)
    """CREATE TABLE problem_trace (
        entry_seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        trace_id TEXT NOT NULL,
        organ TEXT,
        disposition TEXT,
        PRIMARY KEY (entry_seq, position)
    ) STRICT, WITHOUT ROWID""",
    "CREATE INDEX problem_trace_by_organ ON problem_trace (organ, disposition)",
    # one row per trace (an episode), keyed by the trace's log position: log order is seq order
    """CREATE TABLE episode_index (
        seq INTEGER PRIMARY KEY,
        trace_id TEXT NOT NULL UNIQUE,
        trace_kind TEXT NOT NULL,
        problem_id TEXT NOT NULL,
        entry_id TEXT NOT NULL,
        problems INTEGER NOT NULL,
        disposition TEXT NOT NULL,
        organ TEXT NOT NULL,
        assessment_id TEXT,
        residual_codes TEXT NOT NULL,
        operators TEXT NOT NULL,
        closed_candidates INTEGER NOT NULL,
        text TEXT NOT NULL
    ) STRICT""",
    # An index on a rowid table ends with the rowid, so each walks its matches in log order
    # (and episode_order, the narrowest, pages through the whole list).
    "CREATE INDEX episode_order ON episode_index (seq)",
    "CREATE INDEX episode_by_disposition ON episode_index (disposition)",
    "CREATE INDEX episode_by_organ ON episode_index (organ)",
    "CREATE INDEX episode_by_organ_disposition ON episode_index (organ, disposition)",
    """CREATE TABLE episode_residual (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (code, seq)
    ) STRICT, WITHOUT ROWID""",
    """CREATE TABLE episode_operator (
        operator_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (operator_id, seq)
    ) STRICT, WITHOUT ROWID""",
    """CREATE TABLE episode_attempt (
        seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        attempt_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        outcome TEXT NOT NULL,
        PRIMARY KEY (seq, position)
    ) STRICT, WITHOUT ROWID""",
    "CREATE INDEX episode_attempt_by_outcome ON episode_attempt (operator_id, outcome)",
)
# Substring search over problem texts; external content: the text is stored once, in episode_index.
_TEXT_DDL: Final = (
    "CREATE VIRTUAL TABLE episode_text USING fts5(text, content='episode_index', "
    "content_rowid='seq', tokenize='trigram')"
)
_INDEX_TABLES: Final = (
    "episode_text", "episode_attempt", "episode_operator", "episode_residual", "episode_index",
    "problem_trace", "problem_assessment", "problem_index", "index_state",
)
"""Every table of the index, dependants first (the order :func:`drop_index_tables` uses)."""


def _text_search_available() -> bool:
    """True when this ``sqlite3`` build has FTS5 with the trigram tokenizer (SQLite 3.34+)."""
    probe = sqlite3.connect(":memory:")
    try:
        probe.execute("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='trigram')")
    except sqlite3.Error:
        return False
    finally:
        probe.close()
    return True


TEXT_SEARCH: Final = _text_search_available()
"""Whether stores made by this build carry the ``episode_text`` full-text table."""


def create_index_tables(conn: sqlite3.Connection, *, text_search: bool = TEXT_SEARCH) -> None:
    """Create the empty index (at version :data:`INDEX_VERSION`, nothing indexed yet)."""
    for statement in (*_INDEX_DDL, *((_TEXT_DDL,) if text_search else ())):
        conn.execute(statement)
    conn.executemany("INSERT INTO index_state (key, value) VALUES (?, ?)",
                     [("version", INDEX_VERSION), ("log_size", 0)])


def drop_index_tables(conn: sqlite3.Connection) -> None:
    """Drop every index table that exists (with its indexes and full-text shadow tables)."""
    for table in _INDEX_TABLES:
        conn.execute(f"DROP TABLE IF EXISTS {table}")


# FTS5 keeps an external-content table's index in these shadow tables (https://sqlite.org/fts5.html).
_TEXT_SHADOWS: Final = ("data", "idx", "docsize", "config")
INDEX_NAMES: Final = frozenset(_INDEX_TABLES) | {f"episode_text_{s}" for s in _TEXT_SHADOWS}
"""Schema names that belong to the derived index: expected, but never required."""

# -- checks and creation -------------------------------------------------------------------------


def uri(path: Path, mode: str) -> str:
    """The SQLite URI of ``path`` opened in ``mode`` (``ro``, ``rw``, ``rwc``)."""
    # as_uri() percent-encodes, so '?' or '#' in a directory name cannot inject URI parameters.
    return f"{path.as_uri()}?mode={mode}"


def _wal_has_frames(path: Path) -> bool:
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except FileNotFoundError:
        return False


def check_file(path: Path) -> None:
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
        raise os_error(path, exc, writing=False) from None
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


CACHE_KIB: Final = 65536
"""The most each connection keeps of the store's pages in memory (``PRAGMA cache_size``)."""


def configure(conn: sqlite3.Connection, *, readonly: bool) -> None:
    """The connection settings every handle runs with (before anything reads the schema)."""
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA trusted_schema = OFF")
    conn.execute("PRAGMA cell_size_check = ON")  # catch damaged pages early
    # SQLite's default page cache (2 MiB) is smaller than a corpus run's id index: every insert
    # then reads back, through the OS, pages it evicted moments before (a third of a SVAMP
    # run's system calls). Up to 64 MiB keeps them; it is memory a page at a time, never more
    # than the file. docs/performance.md has the figures.
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    if readonly:
        conn.execute("PRAGMA query_only = ON")


def check_format(conn: sqlite3.Connection, path: Path) -> None:
    """Raise NotAStoreError unless the ``meta`` rows name our format at a version we read."""
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if has_meta is None:
        raise NotAStoreError(path, "it has no practiceloop meta table")
    rows = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    if rows.get("format") != FORMAT_NAME:
        raise NotAStoreError(path, f"meta format is {rows.get('format')!r}")
    if rows.get("format_version") != str(FORMAT_VERSION):
        raise NotAStoreError(
            path,
            f"format version {rows.get('format_version')!r} is not supported "
            f"(this practiceloop reads version {FORMAT_VERSION})",
        )


def schema_findings(conn: sqlite3.Connection) -> list[Finding]:
    """Findings for evidence tables or triggers missing from the schema, and for tables or
    triggers that are part of neither the evidence nor the derived index."""
    present = {
        name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') "
            "AND name NOT LIKE 'sqlite_%'"
        )
    }
    findings = [
        Finding("schema.missing", name, f"schema object {name} is missing")
        for name in sorted(EVIDENCE_NAMES - present)
    ]
    findings += [
        Finding("schema.unexpected", name, f"schema object {name} is not part of the format")
        for name in sorted(present - EVIDENCE_NAMES - INDEX_NAMES)
    ]
    return findings


def structure_findings(conn: sqlite3.Connection) -> list[Finding]:
    """Findings for a log with holes, log entries without objects, unlogged objects and
    problem entries that are missing or of the wrong kind. Cheap indexed queries only."""
    findings: list[Finding] = []
    count, top = conn.execute("SELECT count(*), max(seq) FROM log").fetchone()
    if count and top + 1 != count:
        findings.append(Finding("log.holes", "log", (
            f"the log has {count} entries but its last position is {top}")))
    for seq, object_id in conn.execute(
        "SELECT l.seq, l.object_id FROM log l LEFT JOIN objects o ON o.id = l.object_id "
        "WHERE o.id IS NULL ORDER BY l.seq"
    ):
        findings.append(Finding("log.dangling", object_id,
                                f"log position {seq} names a missing object"))
    for (object_id,) in conn.execute(
        "SELECT o.id FROM objects o LEFT JOIN log l ON l.object_id = o.id "
        "WHERE l.seq IS NULL ORDER BY o.id"
    ):
        findings.append(Finding("object.unlogged", object_id, "object is not in the log"))
    for problem_id, entry_id, kind in conn.execute(
        "SELECT p.problem_id, p.entry_id, o.kind FROM problems p "
        "LEFT JOIN objects o ON o.id = p.entry_id "
        "WHERE o.kind IS NOT ? ORDER BY p.problem_id", (PROBLEM_ENTRY_KIND,)
    ):
        what = "is missing" if kind is None else f"is a {kind}"
        findings.append(Finding("problem.entry", str(problem_id),
                                f"entry {entry_id} {what}, not a {PROBLEM_ENTRY_KIND}"))
    return findings


def settings(conn: sqlite3.Connection) -> dict[str, object]:
    """The connection's durability and identity settings, by pragma name (for people)."""
    synchronous = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}

    def get(name: str) -> Any:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]

    return {
        "application_id": get("application_id"),
        "cache_size": get("cache_size"),
        "foreign_keys": bool(get("foreign_keys")),
        "journal_mode": get("journal_mode"),
        "query_only": bool(get("query_only")),
        "synchronous": synchronous.get(get("synchronous"), "?"),
        "user_version": get("user_version"),
    }


def _initialise(conn: sqlite3.Connection) -> None:
    """Mark an empty database as a store and create every table, in one transaction."""
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
    create_index_tables(conn)
    conn.execute("COMMIT")


def create(path: Path, timeout: float) -> None:
    """Create an empty store at ``path`` atomically: built aside, then linked into place.

    A crash leaves either no file or a complete empty store, never a half-made one that the
    next open would have to refuse. If another process created ``path`` first, theirs stays.
    """
    # Cut so that a store name near the filesystem's limit (255 bytes) still has a scratch.
    scratch = path.with_name(f".{path.name[:160]}.creating-{os.getpid()}")
    leftovers = (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(path.parent, os.W_OK | os.X_OK):  # SQLite would say "cannot open"
            raise PermissionError(errno.EACCES, f"its directory {path.parent} is write-protected")
        for leftover in leftovers:
            leftover.unlink(missing_ok=True)
        conn = sqlite3.connect(uri(scratch, "rwc"), uri=True, timeout=timeout,
                               isolation_level=None)
        try:
            _initialise(conn)
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
        fsync_dir(path.parent)
    except sqlite3.Error as exc:
        raise translate(exc, path, timeout) from exc
    except OSError as exc:
        raise os_error(path, exc, writing=True) from exc
    finally:
        for leftover in leftovers:
            with contextlib.suppress(OSError):
                leftover.unlink(missing_ok=True)
