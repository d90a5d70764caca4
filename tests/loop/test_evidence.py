"""The evidence entry (loop/evidence.py): what one practised problem becomes in the store."""

from __future__ import annotations

import json

import pytest

from practiceloop.arith.reader import ReaderRefusal
from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.loop.episode import Practice
from practiceloop.loop.evidence import (
    ENTRY_SCHEMA_VERSION,
    READER_REFUSED,
    build_problem_entry,
    practice_problem,
)


def _entry(problem_id: str, text: str) -> dict[str, object]:
    evidence = practice_problem(problem_id, text)
    problem_id_, kind, body = evidence.objects[-1]
    assert kind == "practice_problem" and problem_id_ == evidence.entry_id
    record: dict[str, object] = json.loads(body)["record"]
    return record


@pytest.mark.parametrize(("text", "code"), [("Dan had 3 apples\ud800.", "text_not_utf8")])
def test_a_reader_refusal_is_stored_with_the_readers_own_code(text: str, code: str) -> None:
    # The arithmetic reader's refusal names its code in ``reason_code``; v1 of the entry read
    # ``reason_codes`` (which it does not have) and stored "reader_refused" for every refusal.
    entry = _entry("p", text)
    assert entry["reader_refusal_codes"] == [code]
    assert entry["entry_schema_version"] == ENTRY_SCHEMA_VERSION == "practice_problem.v2"
    assert entry["problem_frame_digest"] is None and entry["trace_ids"] == []
    # The entry's id is the independently recomputed digest of its identity payload.
    assert entry["entry_id"] == digest({**entry, "entry_id": ""})


def test_a_refusal_without_a_code_is_reader_refused() -> None:
    for refusal in (RuntimeError("reader raised"), object(), ReaderRefusal("", "empty code")):
        entry = build_problem_entry("p", Practice(None, refusal, (), (), ()))
        assert entry.reader_refusal_codes == (READER_REFUSED,)
    entry = build_problem_entry("p", Practice(None, ReaderRefusal("text_not_str", "x"), (), (), ()))
    assert entry.reader_refusal_codes == ("text_not_str",)


def test_a_read_problem_has_no_reader_refusal_code() -> None:
    entry = _entry("p", "Tom had 5 apples. He gave 2 apples to Ann. How many apples does Tom have?")
    assert entry["reader_refusal_codes"] == [] and entry["problem_frame_digest"] is not None
    assert canonical_bytes(json.loads(practice_problem("p", "x").objects[-1][2])).startswith(
        b'{"kind":"practice_problem"'
    )
