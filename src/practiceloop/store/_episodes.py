"""Deriving the episode index from stored objects: the JSON bodies are the only input.

The index (tables in :mod:`practiceloop.store._schema`) is a function of the log: it covers the
first ``index_state.log_size`` positions, and :func:`sync_index` extends it to more, inside the
caller's write transaction (``append`` calls it for every batch, ``open`` when a store's index
lags or is missing, ``rebuild_index`` from position 0 after dropping it). Objects are read
without the per-object re-check: the index is a display aid, and the audit names damage. An
``append`` hands over the bodies it has just logged (:class:`Logged`), so that they are not
read back; the rows are the same as from the database.

What is derived, from which fields (``kind.field``):

* a problem entry (``practice_problem``) names its frame (``problem_frame_digest``), its
  assessments (``assessment_ids``) and its traces (``trace_ids``), in order: one
  ``problem_index`` row, one ``problem_assessment`` row per assessment (``contract_assessment.
  candidate_organ``, ``.runnable``), one ``problem_trace`` row per trace (with its episode's
  organ and disposition, for coverage counts without a join);
* each trace (``sealed_practice_trace`` or ``practice_trace_refusal``) is one episode, keyed by
  its log position: ``practice_disposition``; the organ of ``original_contract_assessment_id``
  (a trace refusal names none: the entry's refused assessment at the trace's position, one
  episode per refused assessment as loop.md s6 has it); ``contract_residual.residual_code`` of
  each of ``residual_ids``; ``candidate_attempt.operator_id`` of each of
  ``candidate_attempt_ids`` with the ``replay_disposition`` of the replay record naming that
  attempt (``replay_result_ids``, ``replay_refusal_ids``); how many replay results are
  ``contract_and_proof_closed``; the entry frame's ``problem_frame.source_text``.

Problems with equal texts share their traces: such an episode is listed once, under the
smallest ``(problem_id, entry_id)`` naming it, with the number of problems that do. Every rule
is independent of the order entries arrive in, so an index grown batch by batch equals one
rebuilt at once (as long as each entry's objects are stored no later than the entry itself).
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, Final

from practiceloop.kernel.identity import canonical_bytes, parse_json
from practiceloop.store._schema import (
    INDEX_VERSION,
    PROBLEM_ENTRY_KIND,
    create_index_tables,
    drop_index_tables,
)
from practiceloop.store._sql import has_table, rows_in, unbindable

__all__ = [
    "CLOSED_REPLAY",
    "INDEXED_KINDS",
    "NO_REPLAY",
    "TRACE_KINDS",
    "UNKNOWN_OPERATOR",
    "Logged",
    "derive_range",
    "indexed_size",
    "logged",
    "sync_index",
]

TRACE_KINDS: Final = frozenset({"sealed_practice_trace", "practice_trace_refusal"})
CLOSED_REPLAY: Final = "contract_and_proof_closed"
UNKNOWN_OPERATOR: Final = "(unknown operator)"
"""The operator of an attempt whose ``candidate_attempt`` object is not stored."""
NO_REPLAY: Final = "no replay record"
"""The outcome of an attempt no replay record of its trace names."""

_ENTRIES_PER_ROUND: Final = 1000  # entries derived per round of lookups: bounded memory
_REPLAY_KINDS: Final = frozenset({"replay_adapter_result", "replay_adapter_refusal"})
INDEXED_KINDS: Final = frozenset({
    PROBLEM_ENTRY_KIND, "problem_frame", "contract_assessment", "contract_residual",
    "candidate_attempt", *TRACE_KINDS, *_REPLAY_KINDS,
})  # fmt: skip
"""The kinds whose bodies the index reads (an append hands their parsed records over)."""
_REQUIRED: Final = (
    "index_state", "problem_index", "problem_assessment", "problem_trace", "episode_index",
    "episode_residual", "episode_operator", "episode_attempt",
)

Record = dict[str, Any]


# -- reading JSON defensively: a damaged body yields nothing, never an exception ---------------


def _record(body: object) -> Record | None:
    """The ``record`` of a full-form body, or None when the body is not one."""
    try:
        parsed = parse_json(body)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return None
    record = parsed.get("record") if type(parsed) is dict else None
    return record if type(record) is dict else None


def _str(value: object) -> str | None:
    """``value`` when it is a string SQLite can store (it has a UTF-8 form), else None."""
    return value if type(value) is str and not unbindable(value) else None


def _text(record: Record | None, name: str) -> str:
    return (_str(record.get(name)) if record is not None else None) or ""


def _ids(record: Record | None, name: str) -> list[str]:
    value = record.get(name) if record is not None else None
    if type(value) is not list:
        return []
    return [text for text in map(_str, value) if text is not None]


def _json_list(values: Sequence[str]) -> str:
    return canonical_bytes(list(values)).decode()


@dataclasses.dataclass(frozen=True, slots=True)
class _Fetched:
    """One stored object, parsed: its log position (None when unlogged), kind and record."""

    seq: int | None
    kind: str
    record: Record


@dataclasses.dataclass(frozen=True, slots=True)
class Logged:
    """What one append has just logged, from its own memory: the log position ``start`` of its
    first new object, and by id each new object's ``(seq, kind, body)``."""

    start: int
    bodies: dict[str, tuple[int, str, bytes]]
    records: dict[str, Record] = dataclasses.field(default_factory=dict)

    def record(self, object_id: str) -> Record | None:
        """The parsed record of a body held here: the one its check parsed, else parsed now."""
        parsed = self.records.get(object_id)
        if parsed is not None:
            return parsed
        held = self.bodies.get(object_id)
        return None if held is None else _record(held[2])

    def fetched(self, object_id: str) -> _Fetched | None:
        """The object as :func:`_fetch` would read it; None when not held here or when its body
        is not a full form."""
        held = self.bodies.get(object_id)
        if held is None:
            return None
        record = self.record(object_id)
        return None if record is None else _Fetched(held[0], held[1], record)


def logged(
    start: int, new: Iterable[tuple[str, str, bytes]], records: dict[str, Record] | None = None
) -> Logged:
    """The :class:`Logged` of an append whose ``new`` objects ``(id, kind, body)`` were logged
    in order from position ``start``; ``records`` holds the parsed records the append's checks
    already have (the index then parses none of those bodies again)."""
    bodies = {
        object_id: (seq, kind, body) for seq, (object_id, kind, body) in enumerate(new, start)
    }
    held = {} if records is None else {k: v for k, v in records.items() if k in bodies}
    return Logged(start, bodies, held)


def _fetch(conn: sqlite3.Connection, ids: Iterable[str]) -> dict[str, _Fetched]:
    out: dict[str, _Fetched] = {}
    query = (
        "SELECT o.id, o.kind, o.body, l.seq FROM objects o "
        "LEFT JOIN log l ON l.object_id = o.id WHERE o.id IN"
    )
    for object_id, kind, body, seq in rows_in(conn, query, sorted(set(ids))):
        record = _record(body)
        if record is not None:
            out[object_id] = _Fetched(seq, kind, record)
    return out


def _lookup(
    conn: sqlite3.Connection, ids: Iterable[str], known: Logged | None
) -> dict[str, _Fetched]:
    """:func:`_fetch`, answering from ``known`` (objects logged by this append) first."""
    if known is None:
        return _fetch(conn, ids)
    out: dict[str, _Fetched] = {}
    missing = []
    for object_id in ids:
        if object_id in out:
            continue
        if object_id in known.bodies:
            hit = known.fetched(object_id)
            if hit is not None:
                out[object_id] = hit
        else:
            missing.append(object_id)
    out.update(_fetch(conn, missing))
    return out


def _of_kind(found: dict[str, _Fetched], object_id: str | None, *kinds: str) -> Record | None:
    hit = found.get(object_id) if object_id is not None else None
    return hit.record if hit is not None and hit.kind in kinds else None


# -- one round: a chunk of entries and every object they reach ---------------------------------


@dataclasses.dataclass(slots=True)
class _Episode:
    """An episode's row, but for the problem columns (which aggregate every entry naming it)."""

    trace_id: str
    trace_kind: str
    disposition: str
    organ: str
    assessment_id: str | None
    codes: list[str]
    attempts: list[tuple[str, str, str]]  # (attempt id, operator id, outcome)
    closed: int
    text: str


@dataclasses.dataclass(slots=True)
class _Round:
    """Rows derived from one chunk of entries, not yet written."""

    problems: list[tuple[object, ...]] = dataclasses.field(default_factory=list)
    assessments: list[tuple[object, ...]] = dataclasses.field(default_factory=list)
    traces: list[tuple[object, ...]] = dataclasses.field(default_factory=list)
    episodes: dict[int, _Episode] = dataclasses.field(default_factory=dict)
    claims: list[tuple[int, str, str]] = dataclasses.field(default_factory=list)


def _episode(
    trace_id: str, trace: _Fetched, found: dict[str, _Fetched], text: str,
    fallback: tuple[str, str] | None,
) -> _Episode:
    record = trace.record
    assessment_id = _str(record.get("original_contract_assessment_id"))
    if assessment_id is not None:
        organ = _text(_of_kind(found, assessment_id, "contract_assessment"), "candidate_organ")
    elif fallback is not None:  # a trace refusal: the refused assessment it stands for
        assessment_id, organ = fallback
    else:
        organ = ""
    codes = [
        _text(residual, "residual_code") for residual in (
            _of_kind(found, rid, "contract_residual") for rid in _ids(record, "residual_ids")
        ) if residual is not None
    ]
    outcome_of: dict[str, str] = {}
    closed = 0
    for replay_id in _ids(record, "replay_result_ids") + _ids(record, "replay_refusal_ids"):
        hit = found.get(replay_id)
        if hit is None or hit.kind not in _REPLAY_KINDS:
            continue
        disposition = _text(hit.record, "replay_disposition")
        attempt_id = _str(hit.record.get("attempt_id"))
        if attempt_id is not None:
            outcome_of.setdefault(attempt_id, disposition)
        if hit.kind == "replay_adapter_result" and disposition == CLOSED_REPLAY:
            closed += 1
    attempts = []
    for attempt_id in _ids(record, "candidate_attempt_ids"):
        attempt = _of_kind(found, attempt_id, "candidate_attempt")
        operator = _text(attempt, "operator_id") if attempt is not None else UNKNOWN_OPERATOR
        attempts.append((attempt_id, operator, outcome_of.get(attempt_id, NO_REPLAY)))
    return _Episode(
        trace_id, trace.kind, _text(record, "practice_disposition"), organ, assessment_id,
        codes, attempts, closed, text,
    )


def _traces_reach(trace: Record) -> list[str]:
    """Every id a trace's episode row reads, beyond the trace itself."""
    reach = [
        *_ids(trace, "residual_ids"), *_ids(trace, "candidate_attempt_ids"),
        *_ids(trace, "replay_result_ids"), *_ids(trace, "replay_refusal_ids"),
    ]
    assessment_id = _str(trace.get("original_contract_assessment_id"))
    return [*reach, assessment_id] if assessment_id is not None else reach


def _derive(
    conn: sqlite3.Connection, entries: Sequence[tuple[int, str, Record]],
    known: Logged | None = None,
) -> _Round:
    """The rows of ``entries`` ``(log position, entry id, record)``, reading what they name
    from ``known`` or else from ``conn``."""
    found = _lookup(conn, (
        object_id for _, _, entry in entries for object_id in (
            _text(entry, "problem_frame_digest"), *_ids(entry, "assessment_ids"),
            *_ids(entry, "trace_ids"),
        )
    ), known)
    traces = {oid: hit for oid, hit in found.items() if hit.kind in TRACE_KINDS}
    found.update(_lookup(conn, (
        oid for trace in traces.values() for oid in _traces_reach(trace.record)
        if oid not in found
    ), known))
    out = _Round()
    for seq, entry_id, entry in entries:
        problem_id = _text(entry, "problem_id")
        frame_digest = _str(entry.get("problem_frame_digest"))
        assessment_ids = _ids(entry, "assessment_ids")
        trace_ids = _ids(entry, "trace_ids")
        out.problems.append((
            seq, entry_id, problem_id, frame_digest, len(assessment_ids), len(trace_ids),
            1 if _ids(entry, "reader_refusal_codes") else 0,
        ))
        refused: list[tuple[str, str]] = []
        for position, assessment_id in enumerate(assessment_ids):
            assessment = _of_kind(found, assessment_id, "contract_assessment")
            organ = _text(assessment, "candidate_organ")
            runnable = assessment is not None and assessment.get("runnable") is True
            out.assessments.append((seq, position, assessment_id, organ, int(runnable)))
            if assessment is not None and not runnable:
                refused.append((assessment_id, organ))
        text = _text(_of_kind(found, frame_digest, "problem_frame"), "source_text")
        for position, trace_id in enumerate(trace_ids):
            trace = traces.get(trace_id)
            episode = None
            if trace is not None and trace.seq is not None:  # else dangling: `verify` names it
                episode = out.episodes.get(trace.seq)
                if episode is None:
                    fallback = refused[position] if position < len(refused) else None
                    episode = _episode(trace_id, trace, found, text, fallback)
                    out.episodes[trace.seq] = episode
                out.claims.append((trace.seq, problem_id, entry_id))
            shown = (episode.organ, episode.disposition) if episode is not None else (None, None)
            out.traces.append((seq, position, trace_id, *shown))
    return out


def _write(conn: sqlite3.Connection, rows: _Round) -> None:
    """Insert one round's rows; fold its claims into episodes indexed before."""
    # problem_id, entry_id, problems of each claimed episode: smallest (problem, entry) wins.
    held: dict[int, list[Any]] = {
        seq: [problem_id, entry_id, problems] for seq, problem_id, entry_id, problems in rows_in(
            conn, "SELECT seq, problem_id, entry_id, problems FROM episode_index WHERE seq IN",
            sorted({seq for seq, _, _ in rows.claims}),
        )
    }
    known = set(held)
    for seq, problem_id, entry_id in rows.claims:
        holder = held.get(seq)
        if holder is None:
            held[seq] = [problem_id, entry_id, 1]
            continue
        holder[2] += 1
        if (problem_id, entry_id) < (holder[0], holder[1]):
            holder[0], holder[1] = problem_id, entry_id
    fresh = [(seq, rows.episodes[seq]) for seq in held if seq not in known]
    conn.executemany(
        "INSERT INTO episode_index (seq, trace_id, trace_kind, problem_id, entry_id, problems, "
        "disposition, organ, assessment_id, residual_codes, operators, closed_candidates, text) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(seq, e.trace_id, e.trace_kind, *held[seq], e.disposition, e.organ, e.assessment_id,
          _json_list(e.codes), _json_list([op for _, op, _ in e.attempts]), e.closed, e.text)
         for seq, e in fresh],
    )
    conn.executemany(
        "UPDATE episode_index SET problem_id = ?, entry_id = ?, problems = ? WHERE seq = ?",
        [(*held[seq], seq) for seq in sorted(known)],
    )
    if has_table(conn, "episode_text"):
        conn.executemany("INSERT INTO episode_text (rowid, text) VALUES (?, ?)",
                         [(seq, e.text) for seq, e in fresh])
    conn.executemany("INSERT OR IGNORE INTO episode_residual (code, seq) VALUES (?, ?)",
                     [(code, seq) for seq, e in fresh for code in e.codes])
    conn.executemany("INSERT OR IGNORE INTO episode_operator (operator_id, seq) VALUES (?, ?)",
                     [(operator, seq) for seq, e in fresh for _, operator, _ in e.attempts])
    conn.executemany(
        "INSERT INTO episode_attempt (seq, position, attempt_id, operator_id, outcome) "
        "VALUES (?, ?, ?, ?, ?)",
        [(seq, i, *attempt) for seq, e in fresh for i, attempt in enumerate(e.attempts)],
    )
    conn.executemany("INSERT INTO problem_index VALUES (?, ?, ?, ?, ?, ?, ?)", rows.problems)
    conn.executemany("INSERT INTO problem_assessment VALUES (?, ?, ?, ?, ?)", rows.assessments)
    conn.executemany("INSERT INTO problem_trace VALUES (?, ?, ?, ?, ?)", rows.traces)


# -- driving: ranges of the log ----------------------------------------------------------------


def derive_range(
    source: sqlite3.Connection, target: sqlite3.Connection, start: int, stop: int,
    *, known: Logged | None = None,
) -> None:
    """Index the entries logged at positions ``[start, stop)`` of ``source`` into ``target``.

    ``target`` holds the index tables (``source`` itself, or a scratch database to compare
    with); objects the entries name are looked up in ``source`` wherever they are logged.
    ``known``, from the append that logged exactly ``[start, stop)``, answers for the objects
    it holds without reading them back: the rows are the same either way.
    """
    if known is not None and known.start == start:
        entries = [
            (seq, object_id, record) for object_id, (seq, kind, _) in known.bodies.items()
            if kind == PROBLEM_ENTRY_KIND and seq < stop
            and (record := known.record(object_id)) is not None
        ]
        entries.sort(key=lambda entry: entry[0])
        for first in range(0, len(entries), _ENTRIES_PER_ROUND):
            _write(target, _derive(source, entries[first : first + _ENTRIES_PER_ROUND], known))
        return
    position = start
    while position < stop:
        page = source.execute(
            "SELECT l.seq, o.id, o.body FROM log l JOIN objects o ON o.id = l.object_id "
            "WHERE l.seq >= ? AND l.seq < ? AND o.kind = ? ORDER BY l.seq LIMIT ?",
            (position, stop, PROBLEM_ENTRY_KIND, _ENTRIES_PER_ROUND),
        ).fetchall()
        entries = [
            (seq, entry_id, record) for seq, entry_id, body in page
            if (record := _record(body)) is not None
        ]
        if entries:
            _write(target, _derive(source, entries))
        if len(page) < _ENTRIES_PER_ROUND:
            return
        position = page[-1][0] + 1


def indexed_size(conn: sqlite3.Connection) -> int | None:
    """How many log positions the index covers; None when the store has no complete index of
    :data:`INDEX_VERSION` (absent, partly dropped, or of another version)."""
    present = conn.execute(
        f"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
        f"({','.join('?' * len(_REQUIRED))})", _REQUIRED,
    ).fetchone()[0]
    if present != len(_REQUIRED):
        return None
    state = dict(conn.execute("SELECT key, value FROM index_state").fetchall())
    size = state.get("log_size")
    if state.get("version") != INDEX_VERSION or type(size) is not int or size < 0:
        return None
    return size


def sync_index(
    conn: sqlite3.Connection, log_size: int, *, rebuild: bool = False,
    known: Logged | None = None,
) -> None:
    """Make the index cover exactly the first ``log_size`` log positions (caller's transaction).

    Extends a current index; drops and re-derives one that is missing, of another version,
    ahead of the log (a rolled-back store), holding entries past the prefix it claims, or when
    ``rebuild`` is asked. ``known``: what the append that logged the positions from
    ``known.start`` to ``log_size`` holds in memory; used only when the index ends exactly
    there (else everything is read from the database).
    """
    indexed = None if rebuild else indexed_size(conn)
    if indexed is not None and indexed < log_size:
        # Rows past the covered prefix would be derived twice: the state was rewritten.
        last = conn.execute("SELECT max(seq) FROM problem_index").fetchone()[0]
        if last is not None and last >= indexed:
            indexed = None
    if indexed is None or indexed > log_size:
        drop_index_tables(conn)
        create_index_tables(conn)
        indexed = 0
    if indexed < log_size:
        derive_range(conn, conn, indexed, log_size, known=known)
        conn.execute("UPDATE index_state SET value = ? WHERE key = 'log_size'", (log_size,))
