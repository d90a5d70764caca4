"""The Workbench's episode index: a derived, rebuildable SQLite table set held in memory.

The evidence store keeps records by id and in log order; the Workbench must also filter and
page episodes by disposition, organ, residual code, operator and problem text, and count them
for the dashboard, on stores of 100,000 episodes. This module derives what those queries need
by streaming the store's log once (``iter_objects``, read-only) and keeping, in an in-memory
SQLite database with indexes, a few small columns per record: never the records themselves.
Pages then run indexed SQL (``LIMIT``/``OFFSET`` pagination, ``GROUP BY`` counts).

The index grows with the log: :meth:`EpisodeIndex.refresh` ingests only objects logged since
the last call (a log that shrank or no longer holds the last object read where it was, i.e. a
store rolled back or replaced, is re-read from the start). It is
a display aid: objects are read without the store's per-object re-check here, because every
record a page shows is fetched again with :meth:`EvidenceStore.get` and its id recomputed.

Episodes are traces (sealed or refused) named by the problem entries (``practice_problem``)
that tie a corpus problem id to its traces; a trace that two problems share (equal texts) is
one episode listing the first problem id and how many share it.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from practiceloop.kernel.identity import Digest
from practiceloop.store.errors import ObjectNotFoundError
from practiceloop.store.sqlite import EvidenceStore
from practiceloop.workbench._stored import text_of, texts_of

__all__ = [
    "PER_PAGE",
    "EpisodeIndex",
    "EpisodePage",
    "EpisodeRow",
    "Filters",
    "Summary",
]

PER_PAGE: Final = 50
_BATCH: Final = 2000  # staged rows per executemany
DIRECT = "runnable (no practice)"
"""Coverage segment of assessments that were runnable on the original frame."""

_TRACE_KINDS: Final = frozenset({"sealed_practice_trace", "practice_trace_refusal"})

# Staging tables mirror a few fields of stored records; derived tables are what pages query.
_SCHEMA: Final = """
CREATE TABLE frame (digest TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE assessment (
    id TEXT PRIMARY KEY, organ TEXT NOT NULL, runnable INTEGER NOT NULL, codes TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE attempt (id TEXT PRIMARY KEY, operator TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE replay (id TEXT PRIMARY KEY, attempt_id TEXT, disposition TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE trace (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, disposition TEXT NOT NULL, assessment_id TEXT,
    attempts TEXT NOT NULL, replays TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE entry (
    n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, problem_id TEXT NOT NULL, frame_digest TEXT,
    assessments TEXT NOT NULL, traces TEXT NOT NULL
);

CREATE TABLE episode (
    n INTEGER PRIMARY KEY,
    trace_id TEXT NOT NULL UNIQUE,
    trace_kind TEXT NOT NULL,
    problem_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    problems INTEGER NOT NULL,
    disposition TEXT NOT NULL,
    organ TEXT NOT NULL,
    text TEXT NOT NULL,
    folded TEXT NOT NULL
);
CREATE INDEX episode_by_disposition ON episode (disposition, n);
CREATE INDEX episode_by_organ ON episode (organ, n);
CREATE TABLE episode_code (code TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (code, n))
    WITHOUT ROWID;
CREATE INDEX episode_code_by_episode ON episode_code (n, code);
CREATE TABLE episode_operator (
    operator TEXT NOT NULL, n INTEGER NOT NULL, outcome TEXT NOT NULL, attempts INTEGER NOT NULL,
    PRIMARY KEY (operator, n, outcome)
) WITHOUT ROWID;
CREATE TABLE coverage (organ TEXT NOT NULL, segment TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (organ, segment)) WITHOUT ROWID;
"""


@dataclasses.dataclass(frozen=True, slots=True)
class Filters:
    """What the episode list is narrowed by; ``None`` means no condition."""

    disposition: str | None = None
    organ: str | None = None
    residual: str | None = None
    operator: str | None = None
    text: str | None = None

    def query(self) -> dict[str, str]:
        """The filters as query parameters (for links that keep them)."""
        pairs = {
            "disposition": self.disposition, "organ": self.organ, "residual": self.residual,
            "operator": self.operator, "q": self.text,
        }
        return {k: v for k, v in pairs.items() if v is not None}


@dataclasses.dataclass(frozen=True, slots=True)
class EpisodeRow:
    """One episode as listed: its trace, problem, disposition, organ and problem text."""

    trace_id: str
    trace_kind: str
    problem_id: str
    entry_id: str
    problems: int
    disposition: str
    organ: str
    text: str
    codes: str


@dataclasses.dataclass(frozen=True, slots=True)
class EpisodePage:
    """One page of the filtered episode list."""

    rows: tuple[EpisodeRow, ...]
    page: int
    pages: int
    total: int


@dataclasses.dataclass(frozen=True, slots=True)
class Summary:
    """The dashboard's counts. Each ``by_*`` is ``(label, count)`` in descending count.

    ``unassessed``: problems no organ assessed (the reader refused them, or no organ applies).
    """

    records: int
    problems: int
    unassessed: int
    episodes: int
    by_disposition: tuple[tuple[str, int], ...]
    by_organ: tuple[tuple[str, int], ...]
    by_residual: tuple[tuple[str, int], ...]
    by_operator: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    coverage: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


def _attempts_in(kind: str, record: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every candidate attempt a record holds: itself, a run's embedded ones, a result's one."""
    if kind == "candidate_attempt":
        yield record
    elif kind == "geometric_search_run":
        nested = record.get("candidate_attempts")
        if type(nested) is list:
            yield from (a for a in nested if type(a) is dict)
    elif kind == "candidate_operator_result":
        nested = record.get("candidate_attempt")
        if type(nested) is dict:
            yield nested


class _Staging:
    """Rows parsed from one pass over new objects, flushed to SQLite in batches."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.rows: dict[str, list[tuple[object, ...]]] = {}

    def add(self, table: str, row: tuple[object, ...]) -> None:
        rows = self.rows.setdefault(table, [])
        rows.append(row)
        if len(rows) >= _BATCH:
            self.flush(table)

    def flush(self, table: str | None = None) -> None:
        for name in [table] if table is not None else list(self.rows):
            rows = self.rows.pop(name, [])
            if rows:
                marks = ",".join("?" * len(rows[0]))
                # OR IGNORE: an id seen twice (nested and stored) carries the same fields.
                self.conn.executemany(f"INSERT OR IGNORE INTO {name} VALUES ({marks})", rows)

    def ingest(self, kind: str, record: Mapping[str, Any]) -> None:
        """Stage the few fields the index keeps of one stored record."""
        field = functools.partial(text_of, record)
        for attempt in _attempts_in(kind, record):
            self.add("attempt", (text_of(attempt, "attempt_id"), text_of(attempt, "operator_id")))
        if kind == "problem_frame":
            self.add("frame", (field("problem_frame_digest"), field("source_text")))
        elif kind == "contract_assessment":
            codes = texts_of(record, "missing_bindings") + texts_of(record, "unresolved_hazards")
            runnable = 1 if record.get("runnable") is True else 0
            self.add("assessment", (field("assessment_id"), field("candidate_organ"), runnable,
                                    json.dumps(codes)))
        elif kind in ("replay_adapter_result", "replay_adapter_refusal"):
            replay_id = field("replay_result_id") or field("replay_refusal_id")
            self.add("replay", (replay_id, field("attempt_id") or None,
                                field("replay_disposition")))
        elif kind in _TRACE_KINDS:
            attempts = texts_of(record, "candidate_attempt_ids")
            replays = texts_of(record, "replay_result_ids") + texts_of(record, "replay_refusal_ids")
            self.add("trace", (
                field("trace_id") or field("trace_refusal_id"), kind,
                field("practice_disposition"), field("original_contract_assessment_id") or None,
                json.dumps(attempts), json.dumps(replays),
            ))
        elif kind == "practice_problem":
            self.add("entry", (
                None, field("entry_id"), field("problem_id"), field("problem_frame_digest") or None,
                json.dumps(texts_of(record, "assessment_ids")),
                json.dumps(texts_of(record, "trace_ids")),
            ))


_WANTED: Final = frozenset(
    {
        "problem_frame", "contract_assessment", "candidate_attempt", "geometric_search_run",
        "candidate_operator_result", "replay_adapter_result", "replay_adapter_refusal",
        "practice_problem", *_TRACE_KINDS,
    }
)


_CONDITIONS: Final = (
    ("disposition", "disposition = ?"),
    ("organ", "organ = ?"),
    ("residual", "n IN (SELECT n FROM episode_code WHERE code = ?)"),
    ("operator", "n IN (SELECT n FROM episode_operator WHERE operator = ?)"),
)
"""Each equality filter of :class:`Filters` and its SQL condition on ``episode`` (indexed)."""

_COLUMNS: Final = (
    "trace_id, trace_kind, problem_id, entry_id, problems, disposition, organ, text, "
    "coalesce((SELECT group_concat(code, ' ') FROM episode_code c WHERE c.n = episode.n), '')"
)
"""The columns of an :class:`EpisodeRow`, residual codes joined by spaces."""


class EpisodeIndex:
    """The in-memory index of one store. Thread-safe: every method takes the one lock.

    Accepts objects from a read-only :class:`EvidenceStore`; answers the dashboard and the
    episode list. Methods never write to the store (they receive it only to read its log).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._conn.executescript(_SCHEMA)
        self._size = 0
        self._last_id = ""  # the id logged at position size - 1: tells a replaced store
        self._entries = 0  # entries (by their ``n``) already turned into episodes
        self._summary: Summary | None = None

    def refresh(self, store: EvidenceStore) -> bool:
        """Ingest every object logged since the last refresh; True when anything was new.

        Raises what the store raises (StoreError family) when it cannot be read.
        """
        with self._lock:
            size = store.log_size()
            if self._size and not self._same_log(store, size):
                # Rolled back, rebuilt or replaced: what was read no longer describes it.
                self._conn.close()
                self._conn = sqlite3.connect(":memory:", check_same_thread=False,
                                             isolation_level=None)
                self._conn.executescript(_SCHEMA)
                self._size = self._entries = 0
            if size == self._size:
                return False
            self._ingest(store.iter_objects(start=self._size, verify=False), size)
            self._summary = None
            return True

    def _same_log(self, store: EvidenceStore, size: int) -> bool:
        """True when the store still logs what was read, at the same place (an indexed lookup)."""
        if size < self._size:
            return False
        try:
            return store.leaf_index(Digest(self._last_id)) == self._size - 1
        except ObjectNotFoundError:
            return False

    def _ingest(self, objects: Iterable[Any], size: int) -> None:
        """Stage every wanted object logged before ``size``, then derive the new episodes."""
        staging = _Staging(self._conn)
        self._conn.execute("BEGIN")
        try:
            last_id, read = self._last_id, self._size
            for obj in objects:
                if obj.seq >= size:
                    break  # a writer appended while we read: the next refresh takes it
                last_id, read = obj.object_id, obj.seq + 1
                if obj.kind not in _WANTED:
                    continue
                try:
                    parsed = json.loads(obj.body)
                    record = parsed["record"]
                except (ValueError, TypeError, KeyError):
                    continue  # damaged bytes: the episode page names them; the index skips them
                if type(record) is dict:
                    staging.ingest(obj.kind, record)
            staging.flush()
            # Entries become episodes only after the pass: a trace may be logged after its entry.
            last_entry = self._add_episodes()
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._size, self._entries, self._last_id = read, last_entry, last_id

    def _add_episodes(self) -> int:
        """Turn the entries not yet seen into episodes; the ``n`` of the last one."""
        conn = self._conn
        last = self._entries
        entries = conn.execute(
            "SELECT n, id, problem_id, assessments, traces, "
            "coalesce((SELECT text FROM frame WHERE digest = frame_digest), '') "
            "FROM entry WHERE n > ? ORDER BY n",
            (self._entries,),
        ).fetchall()
        for n, entry_id, problem_id, assessment_ids, trace_ids, text in entries:
            last = n
            assessments = [
                conn.execute(
                    "SELECT organ, runnable, codes FROM assessment WHERE id = ?", (a,)
                ).fetchone()
                for a in json.loads(assessment_ids)
            ]
            known = [a for a in assessments if a is not None]
            for organ, runnable, _ in known:
                if runnable:
                    self._count_coverage(organ, DIRECT)
            # loop.md s6: one episode per refused assessment, in the entry's order.
            refused = [a for a in known if not a[1]]
            for position, trace_id in enumerate(json.loads(trace_ids)):
                fallback = refused[position] if position < len(refused) else None
                shown = self._add_episode(trace_id, problem_id, entry_id, text, fallback)
                if shown is not None:
                    self._count_coverage(*shown)
        return last

    def _count_coverage(self, organ: str, segment: str) -> None:
        self._conn.execute(
            "INSERT INTO coverage VALUES (?, ?, 1) ON CONFLICT (organ, segment) "
            "DO UPDATE SET count = count + 1",
            (organ, segment),
        )

    def _add_episode(
        self, trace_id: str, problem_id: str, entry_id: str, text: str,
        fallback: tuple[str, int, str] | None,
    ) -> tuple[str, str] | None:
        """Add (or count once more) the episode of ``trace_id``; its ``(organ, disposition)``."""
        conn = self._conn
        existing = conn.execute(
            "SELECT n, organ, disposition FROM episode WHERE trace_id = ?", (trace_id,)
        ).fetchone()
        if existing is not None:  # a second problem with the same text: same trace
            # The episode is listed under its smallest problem id (and that problem's entry).
            conn.execute(
                "UPDATE episode SET problems = problems + 1, "
                "entry_id = CASE WHEN ?1 < problem_id THEN ?2 ELSE entry_id END, "
                "problem_id = min(problem_id, ?1) WHERE n = ?3",
                (problem_id, entry_id, existing[0]),
            )
            return existing[1], existing[2]
        trace = conn.execute(
            "SELECT kind, disposition, assessment_id, attempts, replays FROM trace WHERE id = ?",
            (trace_id,),
        ).fetchone()
        if trace is None:
            return None  # a dangling trace id: `verify` reports it; there is nothing to show
        kind, disposition, assessment_id, attempts, replays = trace
        organ_codes = None
        if assessment_id is not None:
            organ_codes = conn.execute(
                "SELECT organ, codes FROM assessment WHERE id = ?", (assessment_id,)
            ).fetchone()
        if organ_codes is None and fallback is not None:
            organ_codes = (fallback[0], fallback[2])
        organ, codes = organ_codes if organ_codes is not None else ("", "[]")
        cursor = conn.execute(
            "INSERT INTO episode (trace_id, trace_kind, problem_id, entry_id, problems, "
            "disposition, organ, text, folded) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)",
            (trace_id, kind, problem_id, entry_id, disposition, organ, text, text.casefold()),
        )
        n = cursor.lastrowid
        conn.executemany(
            "INSERT OR IGNORE INTO episode_code VALUES (?, ?)", [(c, n) for c in json.loads(codes)]
        )
        self._add_operators(n, json.loads(attempts), json.loads(replays))
        return organ, disposition

    def _add_operators(self, n: int | None, attempts: list[str], replays: list[str]) -> None:
        conn = self._conn
        outcome_of: dict[str, str] = {}
        for replay_id in replays:
            row = conn.execute(
                "SELECT attempt_id, disposition FROM replay WHERE id = ?", (replay_id,)
            ).fetchone()
            if row is not None and row[0] is not None:
                outcome_of[row[0]] = row[1]
        for attempt_id in attempts:
            row = conn.execute(
                "SELECT operator FROM attempt WHERE id = ?", (attempt_id,)
            ).fetchone()
            operator = row[0] if row is not None else "(unknown operator)"
            conn.execute(
                "INSERT INTO episode_operator VALUES (?, ?, ?, 1) "
                "ON CONFLICT (operator, n, outcome) DO UPDATE SET attempts = attempts + 1",
                (operator, n, outcome_of.get(attempt_id, "no replay record")),
            )

    # -- queries -------------------------------------------------------------------------------

    def summary(self) -> Summary:
        """Every count the dashboard shows (cached until the next refresh brings new objects)."""
        with self._lock:
            if self._summary is None:
                self._summary = self._compute_summary()
            return self._summary

    def _counts(self, sql: str) -> tuple[tuple[str, int], ...]:
        return tuple((str(label), int(count)) for label, count in self._conn.execute(sql))

    def _grouped(self, sql: str) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        groups: dict[str, list[tuple[str, int]]] = {}
        for group, label, count in self._conn.execute(sql):
            groups.setdefault(str(group), []).append((str(label), int(count)))
        return tuple((group, tuple(rows)) for group, rows in groups.items())

    def _compute_summary(self) -> Summary:
        conn = self._conn
        return Summary(
            records=self._size,
            problems=int(conn.execute("SELECT count(*) FROM entry").fetchone()[0]),
            unassessed=int(
                conn.execute("SELECT count(*) FROM entry WHERE assessments = '[]'").fetchone()[0]
            ),
            episodes=int(conn.execute("SELECT count(*) FROM episode").fetchone()[0]),
            by_disposition=self._counts(
                "SELECT disposition, count(*) AS c FROM episode GROUP BY disposition "
                "ORDER BY c DESC, disposition"
            ),
            by_organ=self._counts(
                "SELECT organ, count(*) AS c FROM episode GROUP BY organ ORDER BY c DESC, organ"
            ),
            by_residual=self._counts(
                "SELECT code, count(*) AS c FROM episode_code GROUP BY code ORDER BY c DESC, code"
            ),
            by_operator=self._grouped(
                "SELECT o.operator, o.outcome, sum(o.attempts) FROM episode_operator o "
                "JOIN (SELECT operator, sum(attempts) AS total FROM episode_operator "
                "GROUP BY operator) t ON t.operator = o.operator "
                "GROUP BY o.operator, o.outcome ORDER BY t.total DESC, o.operator, o.outcome"
            ),
            coverage=self._grouped(
                "SELECT c.organ, c.segment, c.count FROM coverage c "
                "JOIN (SELECT organ, sum(count) AS total FROM coverage GROUP BY organ) t "
                "ON t.organ = c.organ ORDER BY t.total DESC, c.organ, c.segment"
            ),
        )

    def choices(self) -> dict[str, tuple[str, ...]]:
        """The values each filter can take in this store (for the filter form)."""
        summary = self.summary()
        return {
            "disposition": tuple(sorted(label for label, _ in summary.by_disposition)),
            "organ": tuple(sorted(label for label, _ in summary.by_organ)),
            "residual": tuple(sorted(label for label, _ in summary.by_residual)),
            "operator": tuple(sorted(label for label, _ in summary.by_operator)),
        }

    def episodes(self, filters: Filters, page: int, per_page: int = PER_PAGE) -> EpisodePage | None:
        """Page ``page`` (1-based) of the episodes matching ``filters``, in log order.

        Returns None when ``page`` is beyond the last page (page 1 always exists, even empty).
        """
        where: list[str] = []
        params: list[object] = []
        for field, condition in _CONDITIONS:
            value = getattr(filters, field)
            if value is not None:
                where.append(condition)
                params.append(value)
        if filters.text is not None:
            # LIKE with our own escape character: % and _ typed by a person are literal.
            escaped = filters.text.casefold()
            for special in ("\\", "%", "_"):
                escaped = escaped.replace(special, "\\" + special)
            where.append("folded LIKE ? ESCAPE '\\'")
            params.append(f"%{escaped}%")
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        with self._lock:
            total = int(
                self._conn.execute(f"SELECT count(*) FROM episode{clause}", params).fetchone()[0]
            )
            pages = max(1, -(-total // per_page))
            if page > pages:
                return None
            # Pick the page's rows by number first, so that the per-row columns (the residual
            # codes) are computed for those rows only, not for every row the OFFSET skips.
            rows = self._conn.execute(
                f"SELECT {_COLUMNS} FROM episode WHERE n IN (SELECT n FROM episode{clause} "
                "ORDER BY n LIMIT ? OFFSET ?) ORDER BY n",
                [*params, per_page, (page - 1) * per_page],
            ).fetchall()
        return EpisodePage(tuple(EpisodeRow(*row) for row in rows), page, pages, total)

    def episode(self, trace_id: str) -> EpisodeRow | None:
        """The listed row of one episode, or None when no problem entry names that trace."""
        with self._lock:
            row = self._conn.execute(
                f"SELECT {_COLUMNS} FROM episode WHERE trace_id = ?",
                (trace_id,),
            ).fetchone()
        return None if row is None else EpisodeRow(*row)
