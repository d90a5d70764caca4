"""``verify --bundle``: a trace exported with its chain verifies offline; tampering is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from practiceloop.audit import Check, closure, verify_bundle_bytes
from practiceloop.audit.recompute import decode_object
from practiceloop.kernel.identity import Digest, canonical_bytes
from practiceloop.store import (
    Checkpoint,
    EvidenceStore,
    checkpoint_path,
    make_bundle,
    read_checkpoints,
)

from .conftest import found, only, subjects
from .planting import logged

C = Check


def _bundle(store_path: Path, trace_id: str) -> bytes:
    with EvidenceStore.open_readonly(store_path) as store:
        def read(object_id: str) -> Any:
            decoded = decode_object(store.get(Digest(object_id))) if store.has_object(
                Digest(object_id)) else None
            return None if isinstance(decoded, str) else decoded
        reached = closure(trace_id, read)
        assert reached.missing == ()
        return make_bundle(store, Digest(trace_id), [Digest(i) for i in reached.ids])


@pytest.fixture
def closed_trace(built_store: Path) -> str:
    return next(object_id for _, object_id, body in logged(built_store, "sealed_practice_trace")
                if b"sealed_candidate_replay_closed" in body)


@pytest.fixture
def document(built_store: Path, closed_trace: str) -> dict[str, Any]:
    return json.loads(_bundle(built_store, closed_trace))  # type: ignore[no-any-return]


def _encode(document: dict[str, Any]) -> bytes:
    return canonical_bytes(document)


def test_every_trace_bundle_verifies_offline(built_store: Path) -> None:
    pinned = read_checkpoints(checkpoint_path(built_store))
    for _, trace_id, _ in logged(built_store, "sealed_practice_trace"):
        report = verify_bundle_bytes(_bundle(built_store, trace_id), checkpoints=pinned)
        assert report.findings == (), [str(f) for f in report.findings]
        assert report.traces == 1 and report.objects >= 7


def test_the_bundle_carries_the_whole_chain(document: dict[str, Any]) -> None:
    kinds = {body["kind"] for body in document["records"].values()}
    assert {"problem_frame", "contract_assessment", "contract_residual", "search_gate_decision",
            "compute_budget_decision", "geometric_search_run", "replay_adapter_result",
            "proof_outcome", "sealed_practice_trace"} <= kinds


def test_a_root_that_was_never_published(built_store: Path, closed_trace: str) -> None:
    other = [Checkpoint(1, "0" * 64)]
    report = verify_bundle_bytes(_bundle(built_store, closed_trace), checkpoints=other)
    assert found(report) == {C.BUNDLE_CHECKPOINT_UNKNOWN}


def test_a_tampered_record_inside_the_bundle(document: dict[str, Any]) -> None:
    victim = next(i for i, body in document["records"].items()
                  if body["kind"] == "contract_residual")
    document["records"][victim]["record"]["residual_code"] += "_x"
    report = verify_bundle_bytes(_encode(document))
    assert subjects(report, C.RECORD_ID_MISMATCH) == {victim}
    only(report, {C.RECORD_ID_MISMATCH})
    assert report.exit_code == 1


def test_a_forged_trace_disposition(document: dict[str, Any], closed_trace: str) -> None:
    document["records"][closed_trace]["record"]["practice_disposition"] = (
        "sealed_all_candidates_refused")
    report = verify_bundle_bytes(_encode(document))
    assert {C.RECORD_ID_MISMATCH, C.BUNDLE_INCLUSION_FAILED, C.DISPOSITION_MISMATCH} <= found(
        report)
    assert subjects(report, C.DISPOSITION_MISMATCH) == {closed_trace}


def test_a_record_left_out(document: dict[str, Any], closed_trace: str) -> None:
    victim = next(i for i, body in document["records"].items()
                  if body["kind"] == "replay_adapter_result")
    del document["records"][victim]
    report = verify_bundle_bytes(_encode(document))
    assert closed_trace in subjects(report, C.REFERENCE_MISSING)
    assert subjects(report, C.DISPOSITION_UNDERIVABLE) == {closed_trace}


def test_a_forged_inclusion_path(document: dict[str, Any]) -> None:
    path = document["inclusion"]["path"]
    path[0] = "0" * 64 if path[0] != "0" * 64 else "1" * 64
    report = verify_bundle_bytes(_encode(document))
    assert found(report) == {C.BUNDLE_INCLUSION_FAILED}


def test_non_canonical_bundle_bytes(document: dict[str, Any]) -> None:
    report = verify_bundle_bytes(json.dumps(document, indent=1).encode())
    assert found(report) == {C.BUNDLE_NOT_CANONICAL}


@pytest.mark.parametrize("data", [b"", b"not json", b"[]", b'{"format": "other"}'],
                         ids=["empty", "not-json", "array", "other-format"])
def test_what_is_not_a_bundle(data: bytes) -> None:
    report = verify_bundle_bytes(data)
    assert C.BUNDLE_MALFORMED in found(report) and report.exit_code == 1
