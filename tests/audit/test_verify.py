"""``verify`` on real stores: clean ones pass, every planted corruption is found and named.

Each tamper test plants one kind of damage (system.md, "Reliability": a flipped byte, a swapped
body, a deleted record, a deleted or truncated log, a rolled-back store) and asserts both that
the expected findings name the damaged record and that nothing unrelated is reported.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from practiceloop.audit import Check, Mode, verify_store
from practiceloop.audit.recompute import recompute_kind_id
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.store import CheckpointMismatchError, checkpoint_path, read_checkpoints

from .conftest import found, only, subjects
from .planting import AUTHORED, build_store, copy_store, logged, rows, tamper
from .planting import append_forged as _append

C = Check


def _flip(body: bytes, marker: bytes, new: bytes | None = None) -> bytes:
    """``body`` with the byte just after ``marker`` changed (to ``new`` or another letter)."""
    at = body.index(marker) + len(marker)
    replacement = new if new is not None else (b"x" if body[at : at + 1] != b"x" else b"y")
    return body[:at] + replacement + body[at + 1 :]


def _set_body(object_id: str, body: bytes) -> tuple[str, tuple[Any, ...]]:
    return "UPDATE objects SET body = ? WHERE id = ?", (body, object_id)


def _record(body: bytes) -> dict[str, Any]:
    return json.loads(body)["record"]  # type: ignore[no-any-return]


# -- clean ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", list(Mode))
def test_a_clean_store_verifies(built_store: Path, mode: Mode) -> None:
    report = verify_store(built_store, mode=mode)
    assert report.findings == () and report.exit_code == 0 and report.ok
    (count,) = rows(built_store, "SELECT count(*) FROM objects")[0]
    assert report.objects == report.log_size == count
    assert report.checkpoints == 1
    traces = len(logged(built_store, "sealed_practice_trace"))
    assert report.traces == (traces if mode is Mode.FULL else 0) and traces >= 5


def test_the_authored_problems_reach_what_the_tamper_tests_need(built_store: Path) -> None:
    # A closed trace (forged below), a blocked one (a run refusal) and replay results.
    dispositions = {_record(body)["practice_disposition"]
                    for _, _, body in logged(built_store, "sealed_practice_trace")}
    assert {"sealed_candidate_replay_closed", "sealed_original_refusal"} <= dispositions
    assert logged(built_store, "search_run_refusal")
    assert len(logged(built_store, "replay_adapter_result")) >= 2


# -- step 1 and 2: bytes and ids -----------------------------------------------------------------


def test_a_flipped_byte_in_an_identity_field(store: Path) -> None:
    _, victim, body = logged(store, "contract_residual")[0]
    tamper(store, _set_body(victim, _flip(body, b'"residual_code":"')))
    report = verify_store(store)
    expected = {C.OBJECT_HASH_MISMATCH, C.RECORD_ID_MISMATCH, C.CHECKPOINT_ROOT_MISMATCH}
    assert found(report) == expected
    assert subjects(report, C.OBJECT_HASH_MISMATCH) == {victim}
    assert subjects(report, C.RECORD_ID_MISMATCH) == {victim}
    assert report.exit_code == 1


def test_a_flipped_byte_in_prose_is_caught_by_the_log_alone(store: Path) -> None:
    # The explanation is outside every id (loop.md s2): only the logged leaf hash pins it.
    _, victim, body = logged(store, "contract_assessment")[0]
    tamper(store, _set_body(victim, _flip(body, b'"explanation":"')))
    report = verify_store(store)
    only(report, {C.OBJECT_HASH_MISMATCH, C.CHECKPOINT_ROOT_MISMATCH})
    assert subjects(report, C.OBJECT_HASH_MISMATCH) == {victim}
    quick = verify_store(store, mode=Mode.QUICK)
    assert found(quick) == {C.OBJECT_HASH_MISMATCH, C.CHECKPOINT_ROOT_MISMATCH}


def test_a_byte_that_breaks_utf8(store: Path) -> None:
    _, victim, body = logged(store, "contract_residual")[1]
    tamper(store, _set_body(victim, _flip(body, b'"residual_code":"', b"\xff")))
    report = verify_store(store)
    only(report, {C.OBJECT_HASH_MISMATCH, C.OBJECT_UNPARSABLE, C.CHECKPOINT_ROOT_MISMATCH})
    assert subjects(report, C.OBJECT_UNPARSABLE) == {victim}


def test_a_body_rewritten_non_canonically(store: Path) -> None:
    _, victim, body = logged(store, "search_gate_decision")[0]
    loose = json.dumps(json.loads(body), indent=1).encode()
    tamper(store, _set_body(victim, loose))
    report = verify_store(store)
    only(report, {C.OBJECT_HASH_MISMATCH, C.OBJECT_NOT_CANONICAL, C.CHECKPOINT_ROOT_MISMATCH})
    assert subjects(report, C.OBJECT_NOT_CANONICAL) == {victim}


def test_a_kind_column_that_lies(store: Path) -> None:
    _, victim, _ = logged(store, "compute_budget_decision")[0]
    tamper(store, ("UPDATE objects SET kind = 'search_gate_decision' WHERE id = ?", (victim,)))
    report = verify_store(store)
    assert subjects(report, C.OBJECT_KIND_MISMATCH) == {victim}
    only(report, {C.OBJECT_KIND_MISMATCH})


def test_a_kind_practiceloop_never_writes(store: Path) -> None:
    planted = _append(store, "mystery", {"note": "planted"}, object_id="e" * 64)
    report = verify_store(store)
    assert subjects(report, C.OBJECT_KIND_UNKNOWN) == {planted}
    only(report, {C.OBJECT_KIND_UNKNOWN})


def test_a_record_without_a_well_formed_id(store: Path) -> None:
    _, _, body = logged(store, "contract_residual")[0]
    planted = _append(store, "contract_residual", {**_record(body), "residual_id": "not-an-id"},
                      object_id="d" * 64)
    report = verify_store(store)
    assert subjects(report, C.RECORD_MALFORMED) == {planted}
    only(report, {C.RECORD_MALFORMED, C.RECORD_DANGLING})


def test_two_swapped_bodies(store: Path) -> None:
    (_, first, body1), (_, second, body2) = logged(store, "contract_residual")[:2]
    tamper(store, _set_body(first, body2), _set_body(second, body1))
    report = verify_store(store)
    only(report, {C.OBJECT_HASH_MISMATCH, C.OBJECT_ID_MISMATCH, C.CHECKPOINT_ROOT_MISMATCH})
    assert subjects(report, C.OBJECT_ID_MISMATCH) == {first, second}
    assert subjects(report, C.OBJECT_HASH_MISMATCH) == {first, second}


def test_a_nested_attempt_changed(store: Path) -> None:
    _, victim, body = logged(store, "candidate_operator_result")[0]
    record = _record(body)
    record["candidate_attempt"]["step_index"] += 1
    tamper(store, _set_body(victim, canonical_bytes({"kind": "candidate_operator_result",
                                                     "record": record})))
    report = verify_store(store)
    assert subjects(report, C.NESTED_ID_MISMATCH) == {victim}
    only(report, {C.OBJECT_HASH_MISMATCH, C.RECORD_ID_MISMATCH, C.NESTED_ID_MISMATCH,
                  C.CHECKPOINT_ROOT_MISMATCH})


# -- step 3: references --------------------------------------------------------------------------


def test_a_deleted_record(store: Path) -> None:
    _, victim, _ = logged(store, "replay_adapter_result")[0]
    (trace,) = [object_id for _, object_id, body in logged(store, "sealed_practice_trace")
                if victim in _record(body)["replay_result_ids"]]
    tamper(store, ("DELETE FROM objects WHERE id = ?", (victim,)))
    report = verify_store(store)
    assert subjects(report, C.LOG_OBJECT_MISSING) == {victim}
    assert trace in subjects(report, C.REFERENCE_MISSING)
    assert any(victim in f.message for f in report.findings if f.check is C.REFERENCE_MISSING)
    assert subjects(report, C.DISPOSITION_UNDERIVABLE) == {trace}
    assert subjects(report, C.TRACE_ATTEMPT_UNACCOUNTED) == {trace}
    only(report, {C.LOG_OBJECT_MISSING, C.REFERENCE_MISSING, C.DISPOSITION_UNDERIVABLE,
                  C.TRACE_ATTEMPT_UNACCOUNTED, C.RECORD_DANGLING, C.CHECKPOINT_ROOT_MISMATCH})
    assert report.exit_code == 3


def test_a_planted_record_that_nothing_references_is_dangling(store: Path) -> None:
    _, _, body = logged(store, "contract_residual")[0]
    planted = _append(store, "contract_residual", {**_record(body), "residual_index": 99})
    report = verify_store(store)
    assert subjects(report, C.RECORD_DANGLING) == {planted}
    only(report, {C.RECORD_DANGLING})
    assert report.exit_code == 2


def test_a_reference_to_nothing(store: Path) -> None:
    _, _, body = logged(store, "contract_residual")[0]
    planted = _append(store, "contract_residual",
                      {**_record(body), "original_contract_assessment_id": "f" * 64})
    report = verify_store(store)
    assert subjects(report, C.REFERENCE_MISSING) == {planted}
    only(report, {C.REFERENCE_MISSING, C.RECORD_DANGLING})


def test_a_reference_to_the_wrong_kind(store: Path) -> None:
    _, frame, _ = logged(store, "problem_frame")[0]
    _, _, body = logged(store, "practice_problem")[0]
    entry = {**_record(body), "problem_id": "planted", "trace_ids": [frame]}
    planted = _append(store, "practice_problem", entry)
    report = verify_store(store)
    assert subjects(report, C.REFERENCE_WRONG_KIND) == {planted}
    assert subjects(report, C.PROBLEM_INDEX_MISMATCH) == {planted}
    only(report, {C.REFERENCE_WRONG_KIND, C.PROBLEM_INDEX_MISMATCH})


def test_a_problem_dropped_from_the_index(store: Path) -> None:
    ((problem_id, entry_id),) = rows(store, "SELECT problem_id, entry_id FROM problems LIMIT 1")
    tamper(store, ("DELETE FROM problems WHERE problem_id = ?", (problem_id,)))
    report = verify_store(store)
    assert subjects(report, C.PROBLEM_INDEX_MISMATCH) == {entry_id}
    only(report, {C.PROBLEM_INDEX_MISMATCH})


# -- step 4: dispositions ------------------------------------------------------------------------


def test_a_forged_disposition_with_a_recomputed_id(store: Path) -> None:
    closed = [(object_id, body) for _, object_id, body in logged(store, "sealed_practice_trace")
              if _record(body)["practice_disposition"] == "sealed_candidate_replay_closed"]
    victim, body = closed[0]
    record = {**_record(body), "practice_disposition": "sealed_all_candidates_refused"}
    record["trace_id"] = recompute_kind_id("sealed_practice_trace", record)
    tamper(store, _set_body(victim, canonical_bytes({"kind": "sealed_practice_trace",
                                                     "record": record})))
    report = verify_store(store)
    assert subjects(report, C.DISPOSITION_MISMATCH) == {victim}
    (mismatch,) = [f for f in report.findings if f.check is C.DISPOSITION_MISMATCH]
    assert (mismatch.expected, mismatch.actual) == (
        "sealed_candidate_replay_closed", "sealed_all_candidates_refused")
    only(report, {C.OBJECT_HASH_MISMATCH, C.OBJECT_ID_MISMATCH, C.DISPOSITION_MISMATCH,
                  C.CHECKPOINT_ROOT_MISMATCH})


# -- step 5: the log and the checkpoints ---------------------------------------------------------


def test_a_deleted_log_entry(store: Path) -> None:
    ((seq, victim),) = rows(store, "SELECT seq, object_id FROM log WHERE seq = 7")
    tamper(store, ("DELETE FROM log WHERE seq = ?", (seq,)))
    report = verify_store(store)
    assert subjects(report, C.OBJECT_NOT_LOGGED) == {victim}
    assert C.LOG_SEQUENCE_BROKEN in found(report)
    only(report, {C.OBJECT_NOT_LOGGED, C.LOG_SEQUENCE_BROKEN, C.CHECKPOINT_ROOT_MISMATCH})


def test_a_truncated_log(store: Path) -> None:
    ((size,),) = rows(store, "SELECT count(*) FROM log")
    cut = rows(store, "SELECT object_id FROM log WHERE seq >= ?", size - 5)
    tamper(store, ("DELETE FROM log WHERE seq >= ?", (size - 5,)))
    report = verify_store(store)
    assert subjects(report, C.LOG_ROLLED_BACK) == {"checkpoint[1]"}
    assert subjects(report, C.OBJECT_NOT_LOGGED) == {object_id for (object_id,) in cut}
    only(report, {C.LOG_ROLLED_BACK, C.OBJECT_NOT_LOGGED})
    assert verify_store(store, mode=Mode.QUICK).exit_code != 0


def test_the_last_problem_cut_off_cleanly(store: Path) -> None:
    # The last problem repeats an earlier text: its entry is its only new record.
    ((size,),) = rows(store, "SELECT count(*) FROM log")
    ((last,),) = rows(store, "SELECT object_id FROM log WHERE seq = ?", size - 1)
    tamper(store, ("DELETE FROM problems WHERE entry_id = ?", (last,)),
           ("DELETE FROM log WHERE object_id = ?", (last,)),
           ("DELETE FROM objects WHERE id = ?", (last,)))
    report = verify_store(store)
    assert found(report) == {C.LOG_ROLLED_BACK}
    assert report.exit_code == 1


def test_a_store_rolled_back_to_an_older_copy(tmp_path: Path) -> None:
    first_half = tmp_path / "first.jsonl"
    first_half.write_text("".join(AUTHORED.read_text().splitlines(keepends=True)[:6]))
    store = build_store(tmp_path / "store.sqlite", first_half)
    old = copy_store(store, tmp_path / "old.sqlite")
    build_store(store)  # resumes with the rest and publishes a second checkpoint
    assert len(read_checkpoints(checkpoint_path(store))) == 2
    assert verify_store(store).ok
    store.write_bytes(old.read_bytes())  # the database goes back; the checkpoints stay
    report = verify_store(store)
    assert found(report) == {C.LOG_ROLLED_BACK}
    assert subjects(report, C.LOG_ROLLED_BACK) == {"checkpoint[2]"}


def _corpus(path: Path, name: str, count: int) -> Path:
    lines = [json.dumps({"id": f"{name}-{n}", "question": f"{name} has {n + 2} hats. "
                         f"{name} found {n + 5} more hats. How many hats does {name} have?"})
             for n in range(count)]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_rolled_back_store_that_grew_again(tmp_path: Path) -> None:
    store = build_store(tmp_path / "store.sqlite")
    old = copy_store(store, tmp_path / "old.sqlite")
    build_store(store, _corpus(tmp_path / "more.jsonl", "Bo", 2))
    store.write_bytes(old.read_bytes())
    # Grow the old copy past the second checkpoint with other problems.
    with pytest.raises(CheckpointMismatchError):
        build_store(store, _corpus(tmp_path / "other.jsonl", "Al", 6))
    report = verify_store(store)
    assert subjects(report, C.CHECKPOINT_ROOT_MISMATCH) == {"checkpoint[2]"}
    assert subjects(report, C.CHECKPOINTS_INCONSISTENT) == {"checkpoint[2]"}
    only(report, {C.CHECKPOINT_ROOT_MISMATCH, C.CHECKPOINTS_INCONSISTENT})


def test_a_tampered_leaf_hash(store: Path) -> None:
    # The bytes still give the published root; the log's own record of them is what lies.
    ((seq, victim),) = rows(store, "SELECT seq, object_id FROM log WHERE seq = 3")
    tamper(store, ("UPDATE log SET leaf_hash = ? WHERE seq = ?", (b"\x00" * 32, seq)))
    report = verify_store(store)
    assert subjects(report, C.OBJECT_HASH_MISMATCH) == {victim}
    assert found(report) == {C.OBJECT_HASH_MISMATCH}


def test_an_edited_checkpoint_root(store: Path) -> None:
    path = checkpoint_path(store)
    line = json.loads(path.read_bytes())
    line["root"] = "0" * 64
    path.write_bytes(canonical_bytes(line) + b"\n")
    report = verify_store(store)
    assert found(report) == {C.CHECKPOINT_ROOT_MISMATCH}


def test_an_unreadable_checkpoints_file(store: Path) -> None:
    checkpoint_path(store).write_bytes(b"not a checkpoint\n")
    report = verify_store(store)
    assert found(report) == {C.CHECKPOINTS_UNREADABLE}
    assert report.exit_code == 4


def test_no_checkpoint_is_a_warning(store: Path) -> None:
    checkpoint_path(store).unlink()
    report = verify_store(store)
    assert found(report) == {C.CHECKPOINT_MISSING}
    assert report.exit_code == 0


def test_a_checkpoints_copy_kept_elsewhere_pins_the_log(store: Path, tmp_path: Path) -> None:
    pinned = tmp_path / "pinned.checkpoints"
    pinned.write_bytes(checkpoint_path(store).read_bytes())
    checkpoint_path(store).unlink()  # the attacker removes the local file ...
    ((size,),) = rows(store, "SELECT count(*) FROM log")
    tamper(store, ("DELETE FROM log WHERE seq >= ?", (size - 2,)))
    assert found(verify_store(store, checkpoints=pinned)) >= {C.LOG_ROLLED_BACK}


# -- step 0: the store as a whole ----------------------------------------------------------------


def test_dropped_triggers(store: Path) -> None:
    tamper(store, keep_triggers_dropped=True)
    report = verify_store(store)
    assert found(report) == {C.SCHEMA_ALTERED}
    assert any("objects_no_update" in s for s in subjects(report, C.SCHEMA_ALTERED))


@pytest.mark.parametrize(("content", "expected"), [
    (b"just some text\n", 4),
    (None, 4),
], ids=["not-a-store", "missing"])
def test_a_store_that_cannot_be_opened(tmp_path: Path, content: bytes | None,
                                       expected: int) -> None:
    path = tmp_path / "store.sqlite"
    if content is not None:
        path.write_bytes(content)
    report = verify_store(path)
    assert found(report) == {C.STORE_UNREADABLE} and report.exit_code == expected


def test_a_damaged_page_stops_a_step_not_the_audit(store: Path) -> None:
    data = bytearray(store.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = b"\xa5" * page
    store.write_bytes(bytes(data))
    report = verify_store(store)
    assert {C.STORE_DAMAGED, C.STEP_FAILED} <= found(report)
    assert report.exit_code == 5


def test_a_truncated_store_file(store: Path) -> None:
    data = store.read_bytes()
    store.write_bytes(data[: len(data) // 2 + 100])
    report = verify_store(store)
    assert {C.STORE_UNREADABLE, C.STORE_DAMAGED} <= found(report)
    assert report.exit_code == 5


# -- keeping going -------------------------------------------------------------------------------


def test_every_damage_is_reported_in_one_run(store: Path) -> None:
    (_, first, body1), (_, second, body2) = logged(store, "contract_residual")[:2]
    _, victim, _ = logged(store, "replay_adapter_result")[0]
    tamper(store, _set_body(first, body2), _set_body(second, body1),
           ("DELETE FROM objects WHERE id = ?", (victim,)),
           ("DELETE FROM log WHERE seq = 5", ()))
    report = verify_store(store)
    assert {C.OBJECT_ID_MISMATCH, C.LOG_OBJECT_MISSING, C.REFERENCE_MISSING,
            C.OBJECT_NOT_LOGGED, C.LOG_SEQUENCE_BROKEN, C.CHECKPOINT_ROOT_MISMATCH} <= found(report)
    assert report.exit_code == 3
