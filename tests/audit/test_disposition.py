"""ADR-0230 s8.1 re-derived from stored fields, one row of the ADR's table per case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from practiceloop.audit.disposition import (
    REPLAY_REFUSAL_DISPOSITIONS,
    REPLAY_RESULT_DISPOSITIONS,
    SEALED_DISPOSITIONS,
    derive_disposition,
)
from practiceloop.kernel.replay import REFUSAL_DISPOSITIONS, RESULT_DISPOSITIONS
from practiceloop.kernel.trace import PracticeDisposition

RUN, GATE = "a" * 64, "b" * 64
ATTEMPTS = ["c" * 64, "d" * 64]


World = dict[str, tuple[str, Mapping[str, Any]]]


def _world(run_kind: str = "geometric_search_run", gate_status: str = "eligible",
           replays: tuple[tuple[str, str, str], ...] = ()) -> World:
    """id -> (kind, fields): a run, a gate and replay records ``(id, kind, disposition)``."""
    world: World = {
        RUN: (run_kind, {}),
        GATE: ("search_gate_decision", {"status": gate_status}),
    }
    for index, (replay_id, kind, disposition) in enumerate(replays):
        world[replay_id] = (kind, {"replay_disposition": disposition, "run_id": RUN,
                                   "attempt_id": ATTEMPTS[index]})
    return world


def _trace(attempts: list[str], results: list[str], refusals: list[str]) -> dict[str, Any]:
    return {"geometric_search_run_id": RUN, "search_gate_decision_id": GATE,
            "candidate_attempt_ids": attempts, "replay_result_ids": results,
            "replay_refusal_ids": refusals}


R1, R2 = "1" * 64, "2" * 64
RESULT, REFUSAL = "replay_adapter_result", "replay_adapter_refusal"

CASES = [
    ("run refusal", _world("search_run_refusal"), _trace([], [], []), "sealed_original_refusal"),
    ("gate denied", _world(gate_status="blocked"), _trace([], [], []), "sealed_original_refusal"),
    ("no attempts", _world(), _trace([], [], []), "sealed_exhausted_no_candidate"),
    ("all refused", _world(replays=((R1, RESULT, "contract_refused"),
                                    (R2, RESULT, "contract_refused"))),
     _trace(ATTEMPTS, [R1, R2], []), "sealed_all_candidates_refused"),
    ("refused and adapter refusal", _world(replays=((R1, RESULT, "contract_refused"),
                                                    (R2, REFUSAL, "contract_replay_unavailable"))),
     _trace(ATTEMPTS, [R1], [R2]), "sealed_all_candidates_refused"),
    ("adapter refusals only", _world(replays=((R1, REFUSAL, "proof_replay_unavailable"),
                                              (R2, REFUSAL, "invalid_replay_input"))),
     _trace(ATTEMPTS, [], [R1, R2]), "sealed_replay_unavailable"),
    ("proof refused", _world(replays=((R1, RESULT, "contract_refused"),
                                      (R2, RESULT, "contract_closed_but_proof_refused"))),
     _trace(ATTEMPTS, [R1, R2], []), "sealed_contract_closed_proof_refused"),
    ("one closed", _world(replays=((R1, RESULT, "contract_closed_but_proof_refused"),
                                   (R2, RESULT, "contract_and_proof_closed"))),
     _trace(ATTEMPTS, [R1, R2], []), "sealed_candidate_replay_closed"),
]


@pytest.mark.parametrize(("world", "trace", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_adr_0230_s8_1_table(world: dict[str, Any], trace: dict[str, Any], expected: str) -> None:
    derivation = derive_disposition(trace, world.get)
    assert derivation.disposition == expected
    assert derivation.unaccounted == () and derivation.missing == ()


def test_every_sealed_disposition_is_reachable() -> None:
    reached = {derive_disposition(trace, world.get).disposition for _, world, trace, _ in CASES}
    assert reached == SEALED_DISPOSITIONS


def test_vocabularies_agree_with_the_kernel() -> None:
    # The audit keeps its own copy (independence); the kernel's closed enums must agree.
    assert {d.value for d in RESULT_DISPOSITIONS} == REPLAY_RESULT_DISPOSITIONS
    assert {d.value for d in REFUSAL_DISPOSITIONS} == REPLAY_REFUSAL_DISPOSITIONS
    assert {d.value for d in PracticeDisposition if d.value.startswith("sealed_")} == (
        SEALED_DISPOSITIONS
    )


def test_the_stored_kind_decides_not_the_list_a_record_sits_in() -> None:
    # A refusal listed among results is still an adapter refusal: it cannot make a closure.
    world = _world(replays=((R1, REFUSAL, "contract_replay_unavailable"),
                            (R2, REFUSAL, "contract_replay_unavailable")))
    derivation = derive_disposition(_trace(ATTEMPTS, [R1, R2], []), world.get)
    assert derivation.disposition == "sealed_replay_unavailable"


def test_a_missing_replay_record_makes_the_disposition_underivable() -> None:
    world = _world(replays=((R1, RESULT, "contract_and_proof_closed"),))
    derivation = derive_disposition(_trace(ATTEMPTS, [R1, R2], []), world.get)
    assert derivation.disposition is None and derivation.missing == (R2,)


def test_a_missing_run_makes_the_disposition_underivable() -> None:
    world = _world()
    del world[RUN]
    assert derive_disposition(_trace([], [], []), world.get).disposition is None


def test_a_result_with_a_refusal_disposition_is_unreadable() -> None:
    world = _world(replays=((R1, RESULT, "invalid_replay_input"),
                            (R2, RESULT, "contract_refused")))
    derivation = derive_disposition(_trace(ATTEMPTS, [R1, R2], []), world.get)
    assert derivation.disposition is None
    assert derivation.unreadable == (f"{R1}.replay_disposition",)


def test_attempts_without_replay_records_are_unaccounted() -> None:
    world = _world(replays=((R1, RESULT, "contract_refused"),))
    derivation = derive_disposition(_trace(ATTEMPTS, [R1], []), world.get)
    assert derivation.disposition == "sealed_all_candidates_refused"
    assert derivation.unaccounted == (f"attempt {ATTEMPTS[1]} has 0 replay records, not 1",)


def test_orphan_and_foreign_replay_records_are_unaccounted() -> None:
    world = _world(replays=((R1, RESULT, "contract_refused"), (R2, RESULT, "contract_refused")))
    world[R2] = (RESULT, {"replay_disposition": "contract_refused", "run_id": "e" * 64,
                          "attempt_id": "f" * 64})
    derivation = derive_disposition(_trace(ATTEMPTS, [R1, R2], []), world.get)
    assert any("belongs to another run" in u for u in derivation.unaccounted)
    assert any("not an attempt of the trace" in u for u in derivation.unaccounted)
    assert any(f"attempt {ATTEMPTS[1]} has 0" in u for u in derivation.unaccounted)


def test_attempts_with_no_replay_record_at_all_cannot_be_sealed() -> None:
    derivation = derive_disposition(_trace(ATTEMPTS, [], []), _world().get)
    assert derivation.disposition is None
    assert len(derivation.unaccounted) == 2


def test_malformed_id_lists_are_unreadable_not_an_exception() -> None:
    trace = {**_trace([], [], []), "candidate_attempt_ids": "not a list"}
    derivation = derive_disposition(trace, _world().get)
    assert derivation.disposition is None and "candidate_attempt_ids" in derivation.unreadable
