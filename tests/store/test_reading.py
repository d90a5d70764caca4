"""Reading a store by the names the command line prints: full ids, unique prefixes (git's
rule), problem ids; problems, traces and records read back exactly as stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from practiceloop.loop.evidence import practice_problem
from practiceloop.store import (
    MIN_PREFIX,
    AmbiguousIdError,
    EvidenceStore,
    ObjectNotFoundError,
    open_store,
)
from tests.audit.planting import AUTHORED, build_store


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("reading") / "store.sqlite")


def _rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in AUTHORED.read_text(encoding="utf-8").splitlines()]


def test_problems_are_the_corpus_problems_with_their_text(built: Path) -> None:
    with open_store(built) as store:
        problems = {p.problem_id: p for p in store.problems()}
        assert sorted(problems) == list(store.problem_ids())
        for row in _rows():
            problem = problems[row["id"]]
            assert problem.entry_id == practice_problem(row["id"], row["question"]).entry_id
            assert problem.text in (row["question"], None)
            assert store.problem(row["id"]) == problem
        with pytest.raises(ObjectNotFoundError):
            store.problem("no-such-problem")


def test_records_are_the_stored_bytes_in_log_order(built: Path) -> None:
    with open_store(built) as store, EvidenceStore.open_readonly(built) as raw:
        records = list(store.records())
        stored = list(raw.iter_objects())
        assert [r.id for r in records] == [o.object_id for o in stored]
        assert [r.position for r in records] == list(range(len(stored)))
        for record, obj in zip(records, stored, strict=True):
            assert json.loads(obj.body) == {"kind": record.kind, "record": dict(record.fields)}
        traces = list(store.traces())
        assert traces and {t.kind for t in traces} <= {"sealed_practice_trace",
                                                         "practice_trace_refusal"}
        assert [r.id for r in store.records(kind="problem_frame")] == [
            r.id for r in records if r.kind == "problem_frame"]


def test_a_unique_prefix_of_eight_or_more_hex_names_its_record(built: Path) -> None:
    with open_store(built) as store:
        ids = [r.id for r in store.records()]
        for object_id in ids[:40]:
            for size in (MIN_PREFIX, 12, 63, 64):
                assert store.resolve(object_id[:size]) == object_id
            assert store.resolve(object_id[:12].upper()) == object_id
            assert store.record(object_id[:12]).id == object_id
        with pytest.raises(ObjectNotFoundError):
            store.resolve(ids[0][: MIN_PREFIX - 1])  # too short to be a prefix
        with pytest.raises(ObjectNotFoundError):
            store.resolve("0" * 64 if not ids[0].startswith("0" * 8) else "f" * 64)
        assert len(store.matches(ids[0][:1], limit=1000)) == sum(
            1 for i in ids if i[0] == ids[0][0])


def test_a_problem_id_names_its_entry(built: Path) -> None:
    with open_store(built) as store:
        for row in _rows():
            assert store.resolve(row["id"]) == store.problem(row["id"]).entry_id
            assert store.record(row["id"]).kind == "practice_problem"


def test_a_name_that_names_two_records_is_ambiguous_and_lists_them(tmp_path: Path) -> None:
    first = _rows()[0]
    frame_id = next(o for o, k, _ in practice_problem(first["id"], first["question"]).objects
                    if k == "problem_frame")
    # A second problem whose id is a prefix of the first problem's frame id.
    clash = tmp_path / "clash.jsonl"
    other = _rows()[1]
    clash.write_text(json.dumps(first) + "\n" + json.dumps(
        {"id": frame_id[:MIN_PREFIX], "question": other["question"]}) + "\n", encoding="utf-8")
    path = build_store(tmp_path / "store.sqlite", clash)
    with open_store(path) as store:
        with pytest.raises(AmbiguousIdError) as raised:
            store.resolve(frame_id[:MIN_PREFIX])
        entry = store.problem(frame_id[:MIN_PREFIX]).entry_id
        assert frame_id in raised.value.matches[1]
        assert entry in raised.value.matches[0]
        assert frame_id in str(raised.value) and entry in str(raised.value)
        assert store.resolve(frame_id[: MIN_PREFIX + 4]) == frame_id


def test_open_store_never_writes(built: Path, tmp_path: Path) -> None:
    before = sorted(p.name for p in built.parent.iterdir())
    data = built.read_bytes()
    with open_store(built) as store:
        assert store.store.readonly
        list(store.records())
        list(store.problems())
    assert sorted(p.name for p in built.parent.iterdir()) == before
    assert built.read_bytes() == data
