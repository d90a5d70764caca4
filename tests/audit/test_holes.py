"""The four forgeries issue 17 found passing plain ``verify``, each now an error (item 3).

Each is planted the way an insider who can write the store would: raw SQL, leaf hashes and ids
recomputed, the next checkpoint published over the damage. Before the fix, every one of these
audits exited 0.
"""

from __future__ import annotations

import json
from pathlib import Path

from practiceloop.audit import Check, verify_store
from practiceloop.store import EvidenceStore, append_checkpoint, summary

from .conftest import found, only, subjects
from .planting import append_forged, logged, rows, tamper

C = Check


def _checkpoint_now(path: Path) -> None:
    """Publish the head, as the next ``run`` would (it does not audit the log first)."""
    with EvidenceStore.open(path, create=False) as store:
        append_checkpoint(store)


def test_a_forged_operator_refusal_appended_with_a_correct_leaf(store: Path) -> None:
    _, genuine, body = logged(store, "candidate_operator_refusal")[0]
    record = json.loads(body)["record"]
    record["reason_codes"] = ["operator_declined", "forged_reason"]
    record["explanation"] = "forged: this operator never refused"
    forged = append_forged(store, "candidate_operator_refusal", record)
    assert forged != genuine
    _checkpoint_now(store)
    report = verify_store(store)
    assert not report.ok, "this forgery passed verify before issue 17"
    assert subjects(report, C.RECORD_AFTER_ENTRY) == {forged}
    only(report, {C.RECORD_AFTER_ENTRY})
    assert report.exit_code == 1


def test_a_forged_refusal_that_names_nothing_is_dangling(store: Path) -> None:
    _, _, body = logged(store, "candidate_operator_refusal")[0]
    record = {**json.loads(body)["record"], "run_id": None, "residual_id": None}
    forged = append_forged(store, "candidate_operator_refusal", record)
    _checkpoint_now(store)
    report = verify_store(store)
    assert not report.ok, "this forgery passed verify before issue 17"
    assert subjects(report, C.RECORD_DANGLING) == {forged}
    only(report, {C.RECORD_DANGLING})


def test_the_episode_index_rewritten_with_plain_updates(store: Path) -> None:
    with EvidenceStore.open_readonly(store) as opened:
        before = summary(opened).by_disposition
    # No trigger guards the derived index: nothing needs dropping first.
    conn_rows = rows(store, "SELECT count(*) FROM episode_index")
    assert conn_rows[0][0] >= 5
    tamper(store, ("UPDATE episode_index SET disposition = 'sealed_candidate_replay_closed'",
                   ()))
    with EvidenceStore.open_readonly(store) as opened:
        assert summary(opened).by_disposition != before  # what stats would now report
    report = verify_store(store)
    assert not report.ok, "this forgery passed verify before issue 17"
    assert C.EPISODE_INDEX_STALE in found(report)
    assert all("episode_index" in f.subject or f.subject == "episode_index"
               for f in report.findings if f.check is C.EPISODE_INDEX_STALE)
    only(report, {C.EPISODE_INDEX_STALE})
    assert report.exit_code == 1


def test_a_problems_row_pointed_at_another_problems_entry(store: Path) -> None:
    pairs = rows(store, "SELECT problem_id, entry_id FROM problems ORDER BY problem_id")
    (first, first_entry), (_, second_entry) = pairs[0], pairs[1]
    assert first_entry != second_entry
    tamper(store, ("UPDATE problems SET entry_id = ? WHERE problem_id = ?",
                   (second_entry, first)))
    report = verify_store(store)
    assert not report.ok, "this forgery passed verify before issue 17"
    assert first in subjects(report, C.PROBLEM_INDEX_MISMATCH)  # the row, by its problem
    assert first_entry in subjects(report, C.PROBLEM_INDEX_MISMATCH)  # the entry it left
    only(report, {C.PROBLEM_INDEX_MISMATCH})
    assert report.exit_code == 2
