"""The derived episode index: built on append, equal to a rebuild, queried read-only."""

from __future__ import annotations

import collections
import dataclasses
import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.loop.evidence import ProblemEvidence, practice_problem
from practiceloop.store import (
    EpisodeRow,
    EvidenceStore,
    IndexUnavailableError,
    ObjectConflictError,
    StoreCorruptError,
    StoreReadOnlyError,
    _episodes,
    check_index,
    get_episode,
    query_episodes,
    rebuild_index,
    summary,
)
from practiceloop.store._schema import INDEX_NAMES, TEXT_SEARCH, drop_index_tables
from practiceloop.store.index import MAX_LIMIT

from ._synth import CODES, DISPOSITIONS, OPERATORS, ORGANS, Spec, problem, record, spec_of

# Short problems of the arithmetic domain, chosen to cover the dispositions the reader reaches.
REAL_TEXTS = {
    "ate": "Dan had 3 apples. He ate 1 apple. How many apples does Dan have now?",
    "gave": "Dan had 3 apples. He gave some to Ann. How many apples does Dan have now?",
    "more": "Sam has 4 pens. Ann has 2 more pens than Sam. How many pens does Ann have?",
    "rain": "It is raining.",
    "ate-again": "Dan had 3 apples. He ate 1 apple. How many apples does Dan have now?",
    "gift": "Tom has 5 apples. Ann gives him 2 apples. How many apples does Tom have now?",
    "lost": "Tom had 7 cards. Tom lost 2 cards. How many cards does Tom have now?",
    "question": "How many apples does Dan have now?",
}
INDEX_TABLES = (
    "index_state", "problem_index", "problem_assessment", "problem_trace", "episode_index",
    "episode_residual", "episode_operator", "episode_attempt",
)


@pytest.fixture(scope="module")
def real() -> list[ProblemEvidence]:
    return [practice_problem(pid, text) for pid, text in REAL_TEXTS.items()]


def _append(store: EvidenceStore, evidence: Sequence[ProblemEvidence]) -> None:
    store.append([o for e in evidence for o in e.objects],  # type: ignore[misc]
                 [(e.problem_id, e.entry_id) for e in evidence])  # type: ignore[misc]


def _dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every index table, as a raw connection reads it."""
    with sqlite3.connect(path) as raw:
        return {t: raw.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in INDEX_TABLES}


def _text_index_is_consistent(path: Path) -> None:
    if TEXT_SEARCH:
        with sqlite3.connect(path) as raw:  # raises SQLITE_CORRUPT_VTAB when out of step
            raw.execute("INSERT INTO episode_text (episode_text) VALUES ('integrity-check')")


def _all(store: EvidenceStore, **filters: Any) -> list[EpisodeRow]:
    page = query_episodes(store, limit=MAX_LIMIT, **filters)
    assert page.total == len(page.episodes)
    return list(page.episodes)


# -- derived from real episodes ------------------------------------------------------------------


def _reference(evidence: Sequence[ProblemEvidence]) -> dict[str, Any]:
    """The counts, computed straight from the records (no SQL, no index code)."""
    records = {oid: json.loads(body)["record"] for e in evidence for oid, _, body in e.objects}
    entries = [records[e.entry_id] for e in evidence]
    traces = {t: records[t] for entry in entries for t in entry["trace_ids"]}
    organ_of = {
        t: records[trace["original_contract_assessment_id"]]["candidate_organ"]
        for t, trace in traces.items()
    }
    attempts = [records[a] for trace in traces.values() for a in trace["candidate_attempt_ids"]]
    return {
        "problems": len(entries),
        "unassessed": sum(1 for entry in entries if not entry["assessment_ids"]),
        "episodes": len(traces),
        "by_disposition": collections.Counter(t["practice_disposition"] for t in traces.values()),
        "by_organ": collections.Counter(organ_of.values()),
        "by_residual": collections.Counter(
            code for trace in traces.values()
            for code in {records[r]["residual_code"] for r in trace["residual_ids"]}
        ),
        "attempts": collections.Counter(a["operator_id"] for a in attempts),
        "assessed": collections.Counter(
            records[a]["candidate_organ"] for entry in entries for a in entry["assessment_ids"]
        ),
        "practised": collections.Counter(
            organ_of[t] for entry in entries for t in entry["trace_ids"]
        ),
        "texts": {t: records[records[t]["problem_frame_digest"]]["source_text"] for t in traces},
    }


def test_counts_from_real_episodes_match_the_records(
    store: EvidenceStore, real: list[ProblemEvidence]
) -> None:
    for evidence in real:  # one transaction per problem, as a resumed run may append them
        _append(store, [evidence])
    expected = _reference(real)
    got = summary(store)
    assert got.log_size == store.log_size()
    assert (got.problems, got.unassessed, got.episodes) == (
        expected["problems"], expected["unassessed"], expected["episodes"])
    assert dict(got.by_disposition) == expected["by_disposition"]
    assert dict(got.by_organ) == expected["by_organ"]
    assert dict(got.by_residual) == expected["by_residual"]
    assert {o.operator_id: o.attempts for o in got.by_operator} == expected["attempts"]
    assert {c.organ: c.assessed for c in got.coverage} == expected["assessed"]
    assert {c.organ: c.practised for c in got.coverage if c.practised} == expected["practised"]
    for coverage in got.coverage:
        assert sum(n for _, n in coverage.dispositions) == coverage.practised
    for counts in (got.by_disposition, got.by_organ, got.by_residual):
        assert list(counts) == sorted(counts, key=lambda c: (-c[1], c[0]))
    rows = _all(store)
    assert {r.trace_id: r.text for r in rows} == expected["texts"]
    assert [r.seq for r in rows] == sorted(r.seq for r in rows)


def test_an_episode_row_carries_its_chain(
    store: EvidenceStore, real: list[ProblemEvidence]
) -> None:
    _append(store, real)
    records = {
        oid: (kind, json.loads(body)["record"]) for e in real for oid, kind, body in e.objects
    }
    for row in _all(store):
        kind, trace = records[row.trace_id]
        assert row.trace_kind == kind
        assert row.seq == store.leaf_index(row.trace_id)  # type: ignore[arg-type]
        assert row.disposition == trace["practice_disposition"]
        assert row.assessment_id == trace["original_contract_assessment_id"]
        assert row.organ == records[trace["original_contract_assessment_id"]][1]["candidate_organ"]
        assert list(row.residual_codes) == [
            records[r][1]["residual_code"] for r in trace["residual_ids"]]
        assert list(row.operators) == [
            records[a][1]["operator_id"] for a in trace["candidate_attempt_ids"]]
        assert row.closed_candidates == sum(
            1 for r in trace["replay_result_ids"]
            if records[r][1]["replay_disposition"] == "contract_and_proof_closed")
        assert get_episode(store, row.trace_id) == row
    assert get_episode(store, digest("no such trace")) is None


def test_problems_with_equal_texts_share_one_episode(
    store_path: Path, real: list[ProblemEvidence]
) -> None:
    by_id = {e.problem_id: e for e in real}
    with EvidenceStore.open(store_path, create=True) as store:
        _append(store, [by_id["ate-again"]])  # the larger problem id arrives first
        _append(store, [by_id["ate"]])
        (row,) = _all(store, text="He ate 1 apple")
        entry_of_ate = by_id["ate"].entry_id
        assert (row.problem_id, row.entry_id, row.problems) == ("ate", entry_of_ate, 2)
        organ = row.organ
        practised = {c.organ: c.practised for c in summary(store).coverage}
        assert practised[organ] == 2  # coverage counts problems; by_* count episodes
        assert dict(summary(store).by_organ)[organ] == 1


# -- built on append, equal to a rebuild ---------------------------------------------------------


def test_the_index_built_on_append_equals_a_rebuild(
    store_path: Path, store: EvidenceStore, real: list[ProblemEvidence]
) -> None:
    for evidence in real:
        _append(store, [evidence])
    made = [problem(spec_of(n)) for n in range(40)]  # synthetic problems, without claims
    store.append([o for objects, _ in made for o in objects])
    grown = _dump(store_path)
    head = store.log_root()
    assert check_index(store) == []
    _text_index_is_consistent(store_path)
    rebuild_index(store)
    assert _dump(store_path) == grown
    assert store.log_root() == head  # the index is never part of the log
    _text_index_is_consistent(store_path)


def test_an_append_derives_its_rows_from_the_records_it_checked(
    store_path: Path, store: EvidenceStore, real: list[ProblemEvidence],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fetched: list[str] = []
    original = _episodes._fetch

    def counting(conn: sqlite3.Connection, ids: Any) -> Any:
        ids = list(ids)
        fetched.extend(ids)
        return original(conn, ids)

    monkeypatch.setattr(_episodes, "_fetch", counting)
    first = [e for e in real if e.problem_id != "ate-again"]
    _append(store, first)
    # Every object the rows read came with this batch: none is read back from the database.
    assert fetched == []
    _append(store, [e for e in real if e.problem_id == "ate-again"])
    # Its text's objects were stored by the first batch, so this batch names them only.
    assert fetched
    monkeypatch.undo()
    grown = _dump(store_path)
    rebuild_index(store)
    assert _dump(store_path) == grown


def test_an_index_that_lags_is_derived_from_the_database_on_the_next_append(
    store_path: Path, store: EvidenceStore, real: list[ProblemEvidence]
) -> None:
    _append(store, real[:3])
    with store._writing() as conn:  # a store written by a build without the index
        drop_index_tables(conn)
    _append(store, real[3:])
    assert check_index(store) == []
    grown = _dump(store_path)
    rebuild_index(store)
    assert _dump(store_path) == grown


def _split(items: list[Any], cuts: list[int]) -> Iterator[list[Any]]:
    start = 0
    for cut in sorted(set(cuts)):
        yield items[start:cut]
        start = cut
    yield items[start:]


def _listing(store: EvidenceStore) -> tuple[Any, set[EpisodeRow]]:
    """The summary and rows, without what depends on log positions (arrival order)."""
    rows = {dataclasses.replace(r, seq=0) for r in _all(store)}
    return dataclasses.replace(summary(store), log_size=0), rows


@pytest.fixture(scope="module")
def all_at_once(
    tmp_path_factory: pytest.TempPathFactory, real: list[ProblemEvidence]
) -> tuple[Any, set[EpisodeRow]]:
    with EvidenceStore.open(tmp_path_factory.mktemp("ref") / "s.sqlite", create=True) as store:
        _append(store, real)
        return _listing(store)


@settings(max_examples=20, deadline=None)
@given(order=st.permutations(range(len(REAL_TEXTS))),
       cuts=st.lists(st.integers(0, len(REAL_TEXTS)), max_size=4))
def test_any_order_and_batching_gives_the_same_episodes(
    tmp_path_factory: pytest.TempPathFactory, real: list[ProblemEvidence],
    all_at_once: tuple[Any, set[EpisodeRow]], order: list[int], cuts: list[int],
) -> None:
    path = tmp_path_factory.mktemp("order") / "store.sqlite"
    with EvidenceStore.open(path, create=True) as store:
        for batch in _split([real[i] for i in order], cuts):
            _append(store, batch)
        assert check_index(store) == []
        assert _listing(store) == all_at_once


def test_a_refused_batch_leaves_the_index_untouched(
    store_path: Path, store: EvidenceStore, obj: Any
) -> None:
    objects, claim = problem(spec_of(1))
    store.append([obj(7)])
    before = _dump(store_path)
    object_id, kind, _ = obj(7)
    forged = (object_id, kind, canonical_bytes({"kind": kind, "record": {"forged": 1}}))
    with pytest.raises(ObjectConflictError):
        store.append([*objects, forged], [claim])
    assert _dump(store_path) == before
    assert query_episodes(store).total == 0


# -- filters, pagination, text -------------------------------------------------------------------


SPECS = [spec_of(n) for n in range(150)]


@pytest.fixture
def synthetic(store: EvidenceStore) -> EvidenceStore:
    for start in range(0, len(SPECS), 40):
        made = [problem(s) for s in SPECS[start : start + 40]]
        store.append([o for objects, _ in made for o in objects], [c for _, c in made])
    return store


def _expected(
    disposition: str | None = None, organ: str | None = None, code: str | None = None,
    operator: str | None = None, text: str | None = None,
) -> list[str]:
    return [
        s.problem_id for s in SPECS
        if disposition in (None, s.disposition) and organ in (None, s.organ)
        and (code is None or code in s.codes) and (operator is None or operator in s.operators)
        and (text is None or text.casefold() in s.text.casefold())
    ]


FILTERS = [
    {}, {"disposition": DISPOSITIONS[1]}, {"organ": ORGANS[2]}, {"code": CODES[2]},
    {"operator": OPERATORS[0]}, {"organ": ORGANS[0], "disposition": DISPOSITIONS[3]},
    {"code": CODES[0], "operator": OPERATORS[2], "organ": ORGANS[1]},
    {"disposition": "no such disposition"}, {"organ": ""}, {"text": "MARBLES"},
    {"text": "ard"}, {"text": "50% off"}, {"text": "50%"}, {"text": "a_b"}, {"text": "a%b"},
    {"text": '"hi"'}, {"text": "7"}, {"text": ""}, {"text": "Problem 149:"},
    {"text": "marbles", "organ": ORGANS[1], "code": CODES[3]},
]


@pytest.mark.parametrize("filters", FILTERS, ids=lambda f: json.dumps(f) if f else "none")
def test_filters_select_exactly_the_matching_episodes(
    synthetic: EvidenceStore, filters: dict[str, str]
) -> None:
    assert [r.problem_id for r in _all(synthetic, **filters)] == _expected(**filters)


@pytest.mark.parametrize("limit", [1, 7, 50, 149, 150, MAX_LIMIT])
@pytest.mark.parametrize(
    "filters", [{}, {"code": CODES[1]}, {"organ": ORGANS[1], "operator": OPERATORS[1]}],
    ids=["all", "one-set", "condition-and-set"],
)
def test_pages_tile_the_list(
    synthetic: EvidenceStore, limit: int, filters: dict[str, str]
) -> None:
    expected = _expected(**filters)
    seen: list[str] = []
    for offset in range(0, len(expected) + limit, limit):
        page = query_episodes(synthetic, offset=offset, limit=limit, **filters)
        assert (page.total, page.offset, page.limit) == (len(expected), offset, limit)
        assert len(page.episodes) == max(0, min(limit, len(expected) - offset))
        seen += [r.problem_id for r in page.episodes]
    assert seen == expected


def test_summary_of_synthetic_episodes(synthetic: EvidenceStore) -> None:
    got = summary(synthetic)
    assert (got.problems, got.episodes, got.unassessed, got.reader_refused) == (150, 150, 0, 0)
    assert dict(got.by_disposition) == collections.Counter(s.disposition for s in SPECS)
    assert dict(got.by_residual) == collections.Counter(c for s in SPECS for c in s.codes)
    for counts in got.by_operator:
        with_op = [s for s in SPECS if counts.operator_id in s.operators]
        assert counts.episodes == len(with_op)
        assert counts.attempts == sum(s.operators.count(counts.operator_id) for s in with_op)
        assert sum(n for _, n in counts.outcomes) == counts.attempts
    coverage = {c.organ: c for c in got.coverage}
    runnable = collections.Counter(o for s in SPECS for o in s.runnable_organs)
    practised = collections.Counter(s.organ for s in SPECS)
    for organ, row in coverage.items():
        assert row.runnable == runnable[organ]
        assert row.assessed == runnable[organ] + practised[organ]
        assert row.practised == practised[organ]


@pytest.mark.parametrize(
    "arguments",
    [{"offset": -1}, {"offset": 1.0}, {"limit": 0}, {"limit": MAX_LIMIT + 1}, {"limit": True},
     {"organ": 3}, {"text": b"apples"}, {"code": "a\x00b"}, {"text": "app\x00les"},
     {"operator": "\ud800"}],
    ids=str,
)
def test_ill_typed_queries_are_refused(synthetic: EvidenceStore, arguments: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        query_episodes(synthetic, **arguments)


@pytest.mark.parametrize("trace_id", [None, 7, b"x" * 64, "\ud800", "a\x00"], ids=repr)
def test_get_episode_refuses_what_is_not_an_id(synthetic: EvidenceStore, trace_id: Any) -> None:
    with pytest.raises(ValueError):
        get_episode(synthetic, trace_id)


# -- read-only handles ---------------------------------------------------------------------------


def test_read_only_handles_read_the_index_and_leave_the_file_alone(
    store_path: Path, synthetic: EvidenceStore
) -> None:
    expected = summary(synthetic)
    synthetic.close()
    before = store_path.read_bytes()
    with EvidenceStore.open_readonly(store_path) as readonly:
        assert summary(readonly) == expected
        assert query_episodes(readonly, text="marbles", limit=5).total == len(
            _expected(text="marbles"))
        assert get_episode(readonly, query_episodes(readonly).episodes[0].trace_id) is not None
        assert check_index(readonly) == []
        with pytest.raises(StoreReadOnlyError):
            rebuild_index(readonly)
    assert store_path.read_bytes() == before


# -- missing, lagging and damaged indexes --------------------------------------------------------


def _drop_index(path: Path) -> None:
    with sqlite3.connect(path) as raw:
        for name in ("episode_text", *reversed(INDEX_TABLES)):
            raw.execute(f"DROP TABLE IF EXISTS {name}")


def test_a_store_without_an_index_is_indexed_when_opened_for_writing(
    store_path: Path, synthetic: EvidenceStore
) -> None:
    built = _dump(store_path)
    synthetic.close()
    _drop_index(store_path)  # as a store written before the index existed
    with EvidenceStore.open_readonly(store_path) as readonly:
        assert readonly.check_schema() == []  # derived tables are optional
        with pytest.raises(IndexUnavailableError) as caught:
            query_episodes(readonly)
        assert "hint:" in caught.value.diagnostics()
        with pytest.raises(IndexUnavailableError):
            summary(readonly)
        assert [f.code for f in check_index(readonly)] == ["index.missing"]
    EvidenceStore.open(store_path, create=False).close()
    assert _dump(store_path) == built
    _text_index_is_consistent(store_path)


@pytest.mark.parametrize("offset", [-37, 5])
def test_an_index_behind_or_ahead_of_the_log_is_named_and_repaired(
    store_path: Path, synthetic: EvidenceStore, offset: int
) -> None:
    built = _dump(store_path)
    size = synthetic.log_size()
    with sqlite3.connect(store_path) as raw:
        raw.execute("UPDATE index_state SET value = ? WHERE key = 'log_size'", (size + offset,))
    assert "index.behind" in {f.code for f in check_index(synthetic)}
    synthetic.close()
    EvidenceStore.open(store_path, create=False).close()  # catches up (or rebuilds)
    if offset > 0:
        assert _dump(store_path) == built
    with EvidenceStore.open_readonly(store_path) as readonly:
        assert summary(readonly).log_size == size


@pytest.mark.parametrize(
    ("statement", "what"),
    [
        ("UPDATE episode_index SET disposition = 'forged' WHERE seq = "
         "(SELECT max(seq) FROM episode_index)", "differs"),
        ("DELETE FROM episode_residual WHERE seq = (SELECT min(seq) FROM episode_residual)",
         "is missing"),
        ("INSERT INTO episode_attempt VALUES (1, 99, 'x', 'op.forged', 'closed')",
         "is not derived"),
        ("DELETE FROM problem_index", "is missing"),
    ],
    ids=["changed-row", "deleted-row", "planted-row", "emptied-table"],
)
def test_a_tampered_index_is_named_by_check_index_and_fixed_by_rebuild(
    store_path: Path, synthetic: EvidenceStore, statement: str, what: str
) -> None:
    built = _dump(store_path)
    with sqlite3.connect(store_path) as raw:
        raw.execute(statement)  # no trigger guards derived tables
    findings = check_index(synthetic)
    assert findings and all(f.code == "index.stale" for f in findings)
    assert any(what in f.message for f in findings)
    assert len(findings) <= 11  # the first ten of a table, then a count
    rebuild_index(synthetic)
    assert check_index(synthetic) == [] and _dump(store_path) == built


def test_a_damaged_list_column_reads_as_corruption(
    store_path: Path, synthetic: EvidenceStore
) -> None:
    with sqlite3.connect(store_path) as raw:
        raw.execute("UPDATE episode_index SET operators = 'not json'")
    with pytest.raises(StoreCorruptError, match="rebuild the index"):
        query_episodes(synthetic)


def test_schema_knows_every_index_table(store_path: Path, synthetic: EvidenceStore) -> None:
    with sqlite3.connect(store_path) as raw:
        names = {n for (n,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {n for n in names if n.startswith(("episode", "problem_", "index"))} <= INDEX_NAMES
    assert synthetic.check_schema() == []
    with sqlite3.connect(store_path) as raw:
        raw.execute("CREATE TABLE episode_extra (x)")
    assert [f.code for f in synthetic.check_schema()] == ["schema.unexpected"]


# -- awkward evidence ----------------------------------------------------------------------------


def test_trace_refusals_take_the_organ_of_their_refused_assessment(store: EvidenceStore) -> None:
    spec = Spec("refused", "Ann had 2 pens.", organ="compare", disposition="trace_invalid_input",
                runnable_organs=("change",), refusal=True)
    objects, claim = problem(spec)
    store.append(objects, [claim])
    (row,) = _all(store)
    assert (row.trace_kind, row.organ, row.disposition) == (
        "practice_trace_refusal", "compare", "trace_invalid_input")
    assert row.assessment_id == objects[1][0]  # the refused (first) assessment
    assert (row.residual_codes, row.operators) == ((), ())
    assert check_index(store) == []


def test_dangling_and_odd_references_are_skipped(store: EvidenceStore) -> None:
    missing = digest("missing trace")
    note = record("note", None, "not a trace")
    frame = record("problem_frame", "problem_frame_digest", "f", source_text="Odd.")
    entry = record(
        "practice_problem", "entry_id", "odd", problem_id="odd", problem_frame_digest=frame[0],
        assessment_ids=[digest("missing assessment"), 7], trace_ids=[missing, note[0], None],
        reader_refusal_codes=["reader_refused"],
    )
    store.append([frame, note, entry], [("odd", entry[0])])
    got = summary(store)
    assert (got.problems, got.episodes, got.reader_refused, got.unassessed) == (1, 0, 1, 0)
    assert [(c.organ, c.assessed, c.practised) for c in got.coverage] == [("", 1, 0)]
    assert check_index(store) == []


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=8,
)


@settings(max_examples=25, deadline=None)
@given(entry=st.dictionaries(st.sampled_from(["problem_id", "problem_frame_digest",
                                              "assessment_ids", "trace_ids"]), _JSONISH),
       trace=st.dictionaries(st.sampled_from(["practice_disposition", "residual_ids",
                                              "candidate_attempt_ids", "replay_result_ids",
                                              "original_contract_assessment_id"]), _JSONISH))
def test_malformed_fields_never_break_append(
    tmp_path_factory: pytest.TempPathFactory, entry: dict[str, Any], trace: dict[str, Any]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "store.sqlite"
    traced = record("sealed_practice_trace", None, "t", **trace)
    entry_object = record("practice_problem", None, "e", **{**entry, "trace_ids": [traced[0]]})
    odd_entry = record("practice_problem", None, "e2", **entry)
    with EvidenceStore.open(path, create=True) as store:
        store.append([traced, entry_object, odd_entry])
        assert summary(store).problems == 2
        assert check_index(store) == []
        query_episodes(store, text="x")
