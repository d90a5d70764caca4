"""The derived episode index of a store: what ``practiceloop stats`` and the Workbench read.

The store keeps records by id and in log order; people ask by problem, disposition, organ,
residual code, operator and problem text, and want counts. The index answers those with
indexed SQL over a few small tables in the store's own file, derived from the stored objects'
JSON bodies only (the rules: :mod:`practiceloop.store._episodes`). It is never part of the
Merkle log and no trigger guards it: :func:`rebuild_index` recreates it from the evidence at any
time, and :func:`check_index` compares the stored index with a fresh derivation (for the audit).

``append`` extends it in the same transaction as the objects it derives from, so a reader never
sees an index ahead of or behind the committed log. Every function here reads through one read
transaction and works on a read-only handle (:meth:`EvidenceStore.open_readonly`), except
:func:`rebuild_index`, which writes. An *episode* is one trace (``sealed_practice_trace`` or
``practice_trace_refusal``) named by a problem entry; lists run in log order.

Text search is a case-insensitive substring match on the problem text: through the FTS5
trigram table ``episode_text`` when this SQLite build has one and the text has three or more
characters, else ``LIKE`` (which folds ASCII letters only).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sqlite3
from collections.abc import Iterator
from typing import Any, Final

from practiceloop.store._episodes import derive_range, indexed_size, sync_index
from practiceloop.store._schema import create_index_tables
from practiceloop.store._sql import has_table, unbindable
from practiceloop.store.errors import Finding, IndexUnavailableError, StoreCorruptError
from practiceloop.store.sqlite import EvidenceStore

__all__ = [
    "MAX_LIMIT",
    "EpisodePage",
    "EpisodeRow",
    "IndexSummary",
    "OperatorCounts",
    "OrganCoverage",
    "check_index",
    "get_episode",
    "query_episodes",
    "rebuild_index",
    "summary",
]

_MAX_OFFSET: Final = 2**63 - 1  # SQLite's largest INTEGER; sqlite3 raises OverflowError past it

MAX_LIMIT: Final = 1000
"""The most episodes one :func:`query_episodes` call returns."""

Counts = tuple[tuple[str, int], ...]
"""``(label, count)`` pairs, largest count first, then by label."""

_COLUMNS: Final = (
    "seq, trace_id, trace_kind, problem_id, entry_id, problems, disposition, organ, "
    "assessment_id, residual_codes, operators, closed_candidates, text"
)
_FINDINGS_PER_TABLE: Final = 10
# table -> its primary key columns: the order both sides of a comparison are read in.
_COMPARED: Final = {
    "problem_index": ("seq",),
    "problem_assessment": ("entry_seq", "position"),
    "problem_trace": ("entry_seq", "position"),
    "episode_index": ("seq",),
    "episode_residual": ("code", "seq"),
    "episode_operator": ("operator_id", "seq"),
    "episode_attempt": ("seq", "position"),
}


@dataclasses.dataclass(frozen=True, slots=True)
class EpisodeRow:
    """One episode as listed.

    ``seq`` is the trace's log position (the list order); ``problem_id`` and ``entry_id`` the
    smallest problem naming the trace and its entry, ``problems`` how many problems name it
    (equal texts share traces). ``organ`` is ``""`` when no assessment of it is stored;
    ``residual_codes`` follow the trace's residuals, ``operators`` its attempts, in order.
    ``closed_candidates`` counts replay results ``contract_and_proof_closed``.
    """

    seq: int
    trace_id: str
    trace_kind: str
    problem_id: str
    entry_id: str
    problems: int
    disposition: str
    organ: str
    assessment_id: str | None
    residual_codes: tuple[str, ...]
    operators: tuple[str, ...]
    closed_candidates: int
    text: str


@dataclasses.dataclass(frozen=True, slots=True)
class EpisodePage:
    """The episodes at ``[offset, offset + limit)`` of a filtered list of ``total`` episodes."""

    episodes: tuple[EpisodeRow, ...]
    total: int
    offset: int
    limit: int


@dataclasses.dataclass(frozen=True, slots=True)
class OperatorCounts:
    """One operator's attempts: in how many episodes, how many, and their replay outcomes
    (``replay_disposition``, or ``"no replay record"``) as :data:`Counts` of attempts."""

    operator_id: str
    episodes: int
    attempts: int
    outcomes: Counts


@dataclasses.dataclass(frozen=True, slots=True)
class OrganCoverage:
    """What one organ did across the corpus, counted per problem.

    ``assessed``: problems' assessments by the organ; ``runnable``: of those, the ones runnable
    on the original frame (no practice needed); ``practised``: problems' episodes whose
    assessment is the organ's, split by practice disposition in ``dispositions``.
    """

    organ: str
    assessed: int
    runnable: int
    practised: int
    dispositions: Counts


@dataclasses.dataclass(frozen=True, slots=True)
class IndexSummary:
    """The corpus counts ``practiceloop stats`` and the Workbench dashboard show.

    ``log_size``: log positions the index covers. ``problems``: problem entries; of those
    ``unassessed`` had no organ's assessment and ``reader_refused`` could not be read.
    ``episodes`` and every ``by_*`` count distinct episodes (``by_residual``: episodes carrying
    the code); ``coverage`` counts per problem, so a trace two problems share counts twice.
    """

    log_size: int
    problems: int
    unassessed: int
    reader_refused: int
    episodes: int
    by_disposition: Counts
    by_organ: Counts
    by_residual: Counts
    by_operator: tuple[OperatorCounts, ...]
    coverage: tuple[OrganCoverage, ...]


# -- writing -------------------------------------------------------------------------------------


def rebuild_index(store: EvidenceStore) -> None:
    """Drop the store's episode index and derive it again from every logged object.

    One write transaction: readers see the old index or the new one. Raises
    StoreReadOnlyError on a read-only handle, and what the store raises when it cannot write.
    """
    with store._writing() as conn:
        sync_index(conn, store._log_size(), rebuild=True)


# -- reading -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class _Reader:
    """The connection of one read transaction, with the index known to be readable."""

    conn: sqlite3.Connection
    store: EvidenceStore

    def counts(self, sql: str, *params: object) -> Counts:
        return tuple((str(label), int(count)) for label, count in self.conn.execute(sql, params))

    def row(self, values: tuple[Any, ...]) -> EpisodeRow:
        seq, trace_id, kind, problem_id, entry_id, problems, disposition, organ, \
            assessment_id, codes, operators, closed, text = values
        return EpisodeRow(
            seq, trace_id, kind, problem_id, entry_id, problems, disposition, organ,
            assessment_id, self.strings(seq, codes), self.strings(seq, operators), closed, text,
        )

    def strings(self, seq: int, text: str) -> tuple[str, ...]:
        try:
            values = json.loads(text)
        except (TypeError, ValueError):
            values = None
        if type(values) is not list or not all(type(v) is str for v in values):
            raise StoreCorruptError(
                self.store.path, f"episode index row {seq} holds {text!r}, not a JSON list of "
                "strings; rebuild the index (practiceloop.store.rebuild_index)",
            )
        return tuple(values)


@contextlib.contextmanager
def _reading(store: EvidenceStore) -> Iterator[_Reader]:
    """One read transaction over a store whose index is readable (else IndexUnavailableError)."""
    with store._reading() as conn:
        if indexed_size(conn) is None:
            raise IndexUnavailableError(store.path)
        yield _Reader(conn, store)


def _seqs(
    reader: _Reader, disposition: str | None, organ: str | None, code: str | None,
    operator: str | None, text: str | None,
) -> tuple[str, list[object]]:
    """A ``SELECT`` of the matching episodes' ``seq`` (one column), and its parameters.

    Columns of ``episode_index`` are conditions on it; a residual code, an operator and a text
    are sets of ``seq`` from their own tables. A lone set is queried directly, so counting
    and paging it never touches ``episode_index``.
    """
    conditions: list[tuple[str, object]] = [
        (condition, value) for value, condition in (
            (disposition, "e.disposition = ?"), (organ, "e.organ = ?"),
        ) if value is not None
    ]
    sets: list[tuple[str, object]] = [
        (select, value) for value, select in (
            (code, "SELECT seq FROM episode_residual WHERE code = ?"),
            (operator, "SELECT seq FROM episode_operator WHERE operator_id = ?"),
        ) if value is not None
    ]
    if text is not None:
        if len(text) >= 3 and has_table(reader.conn, "episode_text"):
            # A quoted FTS5 string is one phrase of trigrams: exactly a substring match.
            sets.append(("SELECT rowid FROM episode_text WHERE episode_text MATCH ?",
                         '"' + text.replace('"', '""') + '"'))
        else:
            # Our own escape character: '%' and '_' typed by a person are literal.
            escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            conditions.append(("e.text LIKE ? ESCAPE '\\'", f"%{escaped}%"))
    if not conditions and len(sets) == 1:
        return sets[0][0], [sets[0][1]]
    where = [c for c, _ in conditions] + [f"e.seq IN ({select})" for select, _ in sets]
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    return f"SELECT e.seq FROM episode_index e{clause}", [v for _, v in (*conditions, *sets)]


def _check_text(name: str, value: object) -> None:
    """Refuse (ValueError) a query value SQLite cannot match as the text it is."""
    if type(value) is not str:
        raise ValueError(f"{name} must be a str, not {type(value).__name__}")
    if unbindable(value):
        raise ValueError(f"{name} has no UTF-8 form")
    if "\x00" in value:  # FTS5 queries and LIKE patterns would stop at it
        raise ValueError(f"{name} must not contain NUL")


def query_episodes(
    store: EvidenceStore, *, disposition: str | None = None, organ: str | None = None,
    code: str | None = None, operator: str | None = None, text: str | None = None,
    offset: int = 0, limit: int = 50,
) -> EpisodePage:
    """The episodes matching every filter given (None: no condition), in log order, paged.

    ``code``: a residual code of the episode; ``operator``: an operator id of one of its
    attempts; ``text``: a case-insensitive substring of the problem text. ``offset`` beyond the
    end gives an empty page with the true ``total``. Raises ValueError for a filter that is not
    a str (or has no UTF-8 form, or holds NUL), an ``offset`` below 0 or a ``limit`` outside
    ``[1, MAX_LIMIT]``; IndexUnavailableError when the store has no index; StoreError when the
    store cannot be read.
    """
    filters = {"disposition": disposition, "organ": organ, "code": code, "operator": operator,
               "text": text}
    for name, value in filters.items():
        if value is not None:
            _check_text(name, value)
    if type(offset) is not int or offset < 0:
        raise ValueError(f"offset must be an int >= 0, not {offset!r}")
    if type(limit) is not int or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be an int in [1, {MAX_LIMIT}], not {limit!r}")
    with _reading(store) as reader:
        seqs, params = _seqs(reader, disposition, organ, code, operator, text)
        total = reader.conn.execute(f"SELECT count(*) FROM ({seqs})", params).fetchone()[0]
        # Page through narrow indexes first (every seq source is in log order), then read
        # whole rows for the page only.
        rows = reader.conn.execute(
            f"SELECT {_COLUMNS} FROM episode_index WHERE seq IN ({seqs} ORDER BY 1 LIMIT ? "
            "OFFSET ?) ORDER BY seq",
            [*params, limit, min(offset, _MAX_OFFSET)],  # (past SQLite's INTEGER: past the end)
        ).fetchall()
        return EpisodePage(tuple(reader.row(r) for r in rows), int(total), offset, limit)


def get_episode(store: EvidenceStore, trace_id: str) -> EpisodeRow | None:
    """The listed row of the episode of ``trace_id``; None when no indexed entry names it.

    Raises ValueError when ``trace_id`` is not a str (as :func:`query_episodes` for filters).
    """
    _check_text("trace_id", trace_id)
    with _reading(store) as reader:
        row = reader.conn.execute(
            f"SELECT {_COLUMNS} FROM episode_index WHERE trace_id = ?", (trace_id,)
        ).fetchone()
        return None if row is None else reader.row(row)


def summary(store: EvidenceStore) -> IndexSummary:
    """Every corpus count, by SQL over the index (see :class:`IndexSummary`)."""
    with _reading(store) as reader:
        conn = reader.conn
        log_size = conn.execute("SELECT value FROM index_state WHERE key = 'log_size'").fetchone()
        problems, unassessed, refused = conn.execute(
            "SELECT count(*), coalesce(sum(assessments = 0), 0), coalesce(sum(reader_refused), 0) "
            "FROM problem_index"
        ).fetchone()
        episodes = conn.execute("SELECT count(*) FROM episode_index").fetchone()[0]
        outcomes: dict[str, list[tuple[str, int]]] = {}
        for operator_id, outcome, count in conn.execute(
            "SELECT operator_id, outcome, count(*) FROM episode_attempt "
            "GROUP BY operator_id, outcome ORDER BY 3 DESC, 2"
        ):
            outcomes.setdefault(operator_id, []).append((outcome, count))
        episodes_of = dict(conn.execute(
            "SELECT operator_id, count(*) FROM episode_operator GROUP BY operator_id"
        ).fetchall())
        operators = tuple(sorted(
            (
                OperatorCounts(operator_id, int(episodes_of.get(operator_id, 0)),
                               sum(n for _, n in counts), tuple(counts))
                for operator_id, counts in outcomes.items()
            ),
            key=lambda o: (-o.attempts, o.operator_id),
        ))
        return IndexSummary(
            log_size=int(log_size[0]),
            problems=int(problems),
            unassessed=int(unassessed),
            reader_refused=int(refused),
            episodes=int(episodes),
            by_disposition=reader.counts(
                "SELECT disposition, count(*) FROM episode_index GROUP BY 1 ORDER BY 2 DESC, 1"
            ),
            by_organ=reader.counts(
                "SELECT organ, count(*) FROM episode_index GROUP BY 1 ORDER BY 2 DESC, 1"
            ),
            by_residual=reader.counts(
                "SELECT code, count(*) FROM episode_residual GROUP BY 1 ORDER BY 2 DESC, 1"
            ),
            by_operator=operators,
            coverage=_coverage(reader),
        )


def _coverage(reader: _Reader) -> tuple[OrganCoverage, ...]:
    assessed = {
        organ: (int(n), int(runnable)) for organ, n, runnable in reader.conn.execute(
            "SELECT organ, count(*), sum(runnable) FROM problem_assessment GROUP BY organ"
        )
    }
    dispositions: dict[str, list[tuple[str, int]]] = {}
    for organ, disposition, count in reader.conn.execute(
        "SELECT organ, disposition, count(*) FROM problem_trace WHERE organ IS NOT NULL "
        "GROUP BY 1, 2 ORDER BY 3 DESC, 2"
    ):
        dispositions.setdefault(organ, []).append((disposition, int(count)))
    rows = [
        OrganCoverage(
            organ, *assessed.get(organ, (0, 0)), sum(c for _, c in dispositions.get(organ, [])),
            tuple(dispositions.get(organ, [])),
        )
        for organ in set(assessed) | set(dispositions)
    ]
    return tuple(sorted(rows, key=lambda c: (-c.assessed, -c.practised, c.organ)))


# -- auditing ------------------------------------------------------------------------------------


def check_index(store: EvidenceStore) -> list[Finding]:
    """Findings where the stored index is not what the evidence derives; [] when it is.

    ``index.missing``: no index this version reads. ``index.behind``: it covers fewer (or more)
    log positions than the log holds. ``index.stale``: a row the evidence does not derive, or
    one it derives that is absent or different (first few per table, then a count). The
    comparison covers the positions the index claims; the full-text table is not compared
    (:func:`rebuild_index` recreates it with the rest). Works on a read-only handle; needs
    memory for a second copy of the index (a few hundred bytes per episode).
    """
    with store._reading() as conn:
        indexed = indexed_size(conn)
        if indexed is None:
            return [Finding("index.missing", "index",
                            "the store has no episode index that this practiceloop reads")]
        findings: list[Finding] = []
        log_size = store._log_size()
        if indexed != log_size:
            findings.append(Finding("index.behind", "index", (
                f"the index covers {indexed} log positions, the log holds {log_size}")))
        scratch = sqlite3.connect(":memory:", isolation_level=None)
        try:
            create_index_tables(scratch, text_search=False)
            derive_range(conn, scratch, 0, indexed)
            for table, key in _COMPARED.items():
                findings += _compare(table, key, conn, scratch)
        finally:
            scratch.close()
    return findings


def _compare(
    table: str, key: tuple[str, ...], stored: sqlite3.Connection, rebuilt: sqlite3.Connection
) -> list[Finding]:
    """Findings for rows of ``table`` that differ between the two databases (a sorted merge)."""
    width = len(key)
    query = f"SELECT {', '.join(key)}, * FROM {table} ORDER BY {', '.join(key)}"
    ours, theirs = stored.execute(query), rebuilt.execute(query)
    mine: Any = next(ours, None)
    derived: Any = next(theirs, None)
    differences: list[tuple[tuple[Any, ...], str]] = []
    while mine is not None or derived is not None:
        if mine is not None and (derived is None or mine[:width] < derived[:width]):
            differences.append((mine[:width], "is not derived from the evidence"))
            mine = next(ours, None)
        elif derived is not None and (mine is None or derived[:width] < mine[:width]):
            differences.append((derived[:width], "is missing"))
            derived = next(theirs, None)
        else:
            if mine != derived:
                differences.append((derived[:width], "differs from the evidence's derivation"))
            mine, derived = next(ours, None), next(theirs, None)
    findings = [
        Finding("index.stale", f"{table} {'/'.join(map(str, k))}", f"{table} row {what}")
        for k, what in differences[:_FINDINGS_PER_TABLE]
    ]
    if len(differences) > _FINDINGS_PER_TABLE:
        findings.append(Finding("index.stale", table, (
            f"{len(differences) - _FINDINGS_PER_TABLE} more rows differ; rebuild the index")))
    return findings
