"""``verify --replay``: re-practising every stored problem catches what recomputed ids hide."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from practiceloop.audit import Check, verify_store
from practiceloop.audit.recompute import recompute_kind_id
from practiceloop.engines import InProcessEngine, ProcessEngine
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.reexecution import ReplayOutcome, installed_versions, replay_store
from practiceloop.store import EvidenceStore, append_checkpoint, checkpoint_path
from practiceloop.store.merkle import leaf_hash

from .audit.planting import append_forged, build_store, copy_store, logged, rows, tamper

C = Check


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("replay") / "store.sqlite")


@pytest.fixture
def store(built: Path, tmp_path: Path) -> Path:
    return copy_store(built, tmp_path / "store.sqlite")


def _replay(path: Path) -> ReplayOutcome:
    with InProcessEngine() as engine:
        return replay_store(path, engine=engine)


def _checks(outcome: ReplayOutcome) -> set[Check]:
    return {f.check for f in outcome.findings}


def _republish(path: Path) -> None:
    checkpoint_path(path).unlink()
    with EvidenceStore.open(path, create=False) as opened:
        append_checkpoint(opened)


def test_a_clean_store_replays_byte_for_byte(built: Path) -> None:
    progress: list[tuple[int, int]] = []
    with InProcessEngine() as engine:
        outcome = replay_store(built, engine=engine, progress=lambda *p: progress.append(p))
    ((entries,),) = rows(built, "SELECT count(*) FROM objects WHERE kind = 'practice_problem'")
    unread = [f for f in outcome.findings if f.check is C.REPLAY_TEXT_UNAVAILABLE]
    assert _checks(outcome) <= {C.REPLAY_TEXT_UNAVAILABLE}  # the authored text no organ reads
    assert outcome.problems == entries - len(unread) and outcome.problems >= 5
    ((objects,),) = rows(built, "SELECT count(*) FROM objects")
    assert outcome.records == objects - len(unread)
    assert progress[-1] == (outcome.problems, outcome.problems)


def test_the_process_engine_gives_the_same_outcome(built: Path) -> None:
    with ProcessEngine(2) as engine:
        parallel = replay_store(built, engine=engine, shard_size=2)
    assert parallel == _replay(built)


def test_forged_prose_whose_every_id_recomputes_is_caught(store: Path) -> None:
    _, victim, body = logged(store, "sealed_practice_trace")[0]
    full = json.loads(body)
    full["record"]["explanation"] = "forged: this episode closed"
    forged = canonical_bytes(full)
    tamper(store, ("UPDATE objects SET body = ? WHERE id = ?", (forged, victim)),
           ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf_hash(forged), victim)))
    _republish(store)
    assert verify_store(store).ok  # every id, leaf and root recomputes
    outcome = _replay(store)
    differs = [f for f in outcome.findings if f.check is C.REPLAY_RECORD_DIFFERS]
    assert [f.subject for f in differs] == [victim]
    assert _checks(outcome) - {C.REPLAY_TEXT_UNAVAILABLE} == {C.REPLAY_RECORD_DIFFERS}


def test_a_forged_record_is_not_produced_and_a_deleted_one_is_missing(store: Path) -> None:
    _, _, body = logged(store, "candidate_operator_refusal")[0]
    record = {**json.loads(body)["record"], "reason_codes": ["forged"]}
    forged = append_forged(store, "candidate_operator_refusal", record)
    _, deleted, _ = logged(store, "proof_outcome")[0]
    tamper(store, ("DELETE FROM log WHERE object_id = ?", (deleted,)),
           ("DELETE FROM objects WHERE id = ?", (deleted,)))
    outcome = _replay(store)
    by_check = {f.check: f.subject for f in outcome.findings
                if f.check is not C.REPLAY_TEXT_UNAVAILABLE}
    assert by_check == {C.REPLAY_RECORD_UNPRODUCED: forged, C.REPLAY_RECORD_MISSING: deleted}


def test_a_forged_field_with_every_id_recomputed_up_the_chain_is_caught(store: Path) -> None:
    # A residual's code changed and its id recomputed: everything that names it now names a
    # record the loop never made; re-execution shows the genuine one missing, this one unmade.
    _, victim, body = logged(store, "contract_residual")[0]
    record = json.loads(body)["record"]
    record["residual_code"] = record["residual_code"] + "_forged"
    record["residual_id"] = ""
    record["residual_id"] = recompute_kind_id("contract_residual", record)
    forged = canonical_bytes({"kind": "contract_residual", "record": record})
    tamper(store, ("UPDATE objects SET body = ?, id = ? WHERE id = ?",
                   (forged, record["residual_id"], victim)),
           ("UPDATE log SET leaf_hash = ?, object_id = ? WHERE object_id = ?",
            (leaf_hash(forged), record["residual_id"], victim)))
    outcome = _replay(store)
    checks = {f.check: f.subject for f in outcome.findings}
    assert checks[C.REPLAY_RECORD_UNPRODUCED] == record["residual_id"]
    assert checks[C.REPLAY_RECORD_MISSING] == victim


def test_stored_versions_that_are_not_installed_refuse_the_replay(store: Path) -> None:
    other = dataclasses.replace(installed_versions(), reader=("someone.else", "v0"))
    with InProcessEngine() as engine:
        outcome = replay_store(store, engine=engine, installed=other)
    assert outcome.problems == 0 and outcome.records == 0
    (finding,) = outcome.findings
    assert finding.check is C.REPLAY_VERSIONS_DIFFER and finding.check.bit == 4
    assert "reader" in finding.message and "practiceloop.arith.reader" in (finding.actual or "")
    assert "someone.else" in (finding.expected or "")
    newer = dataclasses.replace(installed_versions(), manifest_digest="0" * 64,
                                organs=frozenset())
    with InProcessEngine() as engine:
        outcome = replay_store(store, engine=engine, installed=newer)
    assert {f.message.split(" versions")[0] for f in outcome.findings} == {
        "stored organ", "stored authority manifest"}
