"""The closure of a record: everything it binds, nested records counted in their parents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from practiceloop.audit import closure
from practiceloop.audit.recompute import decode_object

from .planting import logged, rows


def _reader(path: Path) -> Any:
    bodies = {object_id: body for object_id, body in rows(path, "SELECT id, body FROM objects")}

    def read(object_id: str) -> Any:
        body = bodies.get(object_id)
        return None if body is None else decode_object(body)

    return read


def test_a_trace_binds_its_whole_episode(built_store: Path) -> None:
    _, trace_id, _ = logged(built_store, "sealed_practice_trace")[0]
    reached = closure(trace_id, _reader(built_store))
    assert reached.ids[0] == trace_id and reached.missing == ()
    assert len(set(reached.ids)) == len(reached.ids)
    kinds = {decoded.kind for _, decoded in reached.records}
    assert {"problem_frame", "contract_assessment", "search_gate_decision"} <= kinds


def test_an_entry_binds_every_trace_of_its_problem(built_store: Path) -> None:
    _, entry_id, _ = logged(built_store, "practice_problem")[0]
    reached = closure(entry_id, _reader(built_store))
    kinds = [decoded.kind for _, decoded in reached.records]
    assert kinds[0] == "practice_problem" and "problem_frame" in kinds


def test_missing_records_are_named(built_store: Path) -> None:
    _, trace_id, _ = logged(built_store, "sealed_practice_trace")[0]
    read = _reader(built_store)
    victim = closure(trace_id, read).ids[1]
    reached = closure(trace_id, lambda i: None if i == victim else read(i))
    assert reached.missing == (victim,)
