"""SearchGateDecision (ADR-0226, loop.md s3 gate): the static policy, reason by reason; the
structural input digest; unassessable contexts; never an exception."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.gate import (
    BLOCKING_ORDER,
    ELIGIBLE_ORDER,
    GATE_POLICY_VERSION,
    GateStatus,
    SearchGateDecision,
    UnassessableReason,
    decide_search_gate,
    gate_input_digest,
)
from practiceloop.kernel.record import RecordError, is_authentic, sealed
from practiceloop.kernel.residual import ContractResidual, ResidualKind, project_contract_residuals

from ._independent import (
    CODE_OF_KIND,
    FUZZ,
    TABLE,
    UNLISTED_CODE,
    assess,
    chain,
    expected_id,
    forge,
    garbage,
    malformed,
    read_problem,
    reseal,
    sha256_hex,
)


def _code(kind: ResidualKind) -> str:
    return UNLISTED_CODE if kind is ResidualKind.CONTRACT_GAP_UNCLASSIFIED else CODE_OF_KIND[kind]


def _independent_input_digest(gate: SearchGateDecision) -> str:
    return sha256_hex(
        {
            "policy_version": gate.policy_version,
            "problem_frame_digest": gate.problem_frame_digest,
            "original_contract_assessment_id": gate.original_contract_assessment_id,
            "residual_ids": list(gate.residual_ids),
            "candidate_organ": gate.candidate_organ,
        }
    )


def _check(gate: SearchGateDecision) -> SearchGateDecision:
    assert type(gate) is SearchGateDecision
    assert gate.decision_id == expected_id(gate)
    assert gate.input_digest == _independent_input_digest(gate)
    assert gate.policy_version == GATE_POLICY_VERSION
    assert is_authentic(gate, SearchGateDecision)
    return gate


REACHED_STATUS: set[GateStatus] = set()
REACHED_UNASSESSABLE: set[str] = set()


def _record(gate: SearchGateDecision) -> SearchGateDecision:
    REACHED_STATUS.add(gate.status)
    if gate.status is GateStatus.UNASSESSABLE:
        REACHED_UNASSESSABLE.add(gate.reason_code)
    return gate


# -- the policy table ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ELIGIBLE_ORDER, ids=lambda k: k.value)
def test_each_eligible_kind(kind: ResidualKind) -> None:
    built = chain("tom", (_code(kind),))
    gate = _record(_check(built.gate))
    assert gate.status is GateStatus.ELIGIBLE
    assert gate.reason_code == f"eligible_{kind.value}"
    assert gate.residual_ids == tuple(r.residual_id for r in built.residuals)
    assert gate.problem_frame_digest == built.frame.problem_frame_digest
    assert gate.original_contract_assessment_id == built.assessment.assessment_id
    assert gate.candidate_organ == built.assessment.candidate_organ
    assert gate.evidence_spans == built.residuals[0].evidence_spans


@pytest.mark.parametrize("kind", BLOCKING_ORDER, ids=lambda k: k.value)
def test_each_blocking_kind_blocks_the_whole_context(kind: ResidualKind) -> None:
    built = chain("ann", (_code(ResidualKind.MISSING_ROLE),), (_code(kind),))
    gate = _record(_check(built.gate))
    assert gate.status is GateStatus.BLOCKED
    assert gate.reason_code == f"blocked_{kind.value}"
    # The evidence is that of the blocking residual only.
    assert gate.evidence_spans == built.residuals[1].evidence_spans


def test_blocking_priority_follows_blocking_order() -> None:
    for start in range(len(BLOCKING_ORDER)):
        hazards = tuple(_code(kind) for kind in reversed(BLOCKING_ORDER[start:]))
        gate = chain("ann", (_code(ResidualKind.MISSING_PROPOSAL),), hazards).gate
        assert gate.reason_code == f"blocked_{BLOCKING_ORDER[start].value}"


def test_eligible_priority_follows_eligible_order() -> None:
    for start in range(len(ELIGIBLE_ORDER)):
        missing = tuple(_code(kind) for kind in reversed(ELIGIBLE_ORDER[start:]))
        gate = chain("tom", missing).gate
        assert gate.status is GateStatus.ELIGIBLE
        assert gate.reason_code == f"eligible_{ELIGIBLE_ORDER[start].value}"


def test_policy_covers_every_kind_exactly_once() -> None:
    assert sorted(ELIGIBLE_ORDER + BLOCKING_ORDER) == sorted(ResidualKind)
    assert BLOCKING_ORDER[0] is ResidualKind.HAZARD_BLOCKED
    assert BLOCKING_ORDER[-1] is ResidualKind.CONTRACT_GAP_UNCLASSIFIED


def test_explanation_never_changes_the_decision_id() -> None:
    gate = chain("tom").gate
    reworded = dataclasses.replace(gate, explanation="n'importe quoi")
    assert reworded.decision_id == gate.decision_id == expected_id(reworded)


def test_gate_input_digest_function_matches_independent() -> None:
    gate = chain("tom").gate
    assert gate_input_digest(
        gate.problem_frame_digest,
        gate.original_contract_assessment_id,
        gate.residual_ids,
        gate.candidate_organ,
    ) == _independent_input_digest(gate)


def test_same_context_on_two_problems_gives_two_decisions() -> None:
    assert chain("tom").gate.decision_id != chain("mia").gate.decision_id


# -- unassessable ---------------------------------------------------------------------------------


def _unassessable_cases() -> dict[str, tuple[tuple[Any, Any, Any], UnassessableReason, int]]:
    """name -> (args, reason, how many ids are known: 0 none, 1 frame, 2 +assessment/organ,
    3 +residuals)."""
    built = chain("ann", (_code(ResidualKind.MISSING_ROLE),), (_code(ResidualKind.HAZARD_BLOCKED),))
    frame, assessment, residuals = built.frame, built.assessment, built.residuals
    other = chain("tom")
    runnable = assess(frame, (), ())
    invalid = UnassessableReason.INVALID_INPUT
    mismatch = UnassessableReason.IDENTITY_MISMATCH
    mixed = UnassessableReason.MIXED_ASSESSMENTS
    same_frame_other_organ = project_contract_residuals(
        frame, assess(frame, (_code(ResidualKind.MISSING_ROLE),), organ="organ_two"), TABLE
    )
    assert type(same_frame_other_organ) is tuple
    return {
        "frame_none": ((None, assessment, residuals), invalid, 0),
        "frame_forged_field": ((forge(frame, reader_id=7), assessment, residuals), invalid, 0),
        "frame_digest_forged": (
            (
                forge(frame, problem_frame_digest=other.frame.problem_frame_digest),
                assessment,
                residuals,
            ),
            mismatch,
            0,
        ),
        "assessment_garbage": ((frame, "assessment", residuals), invalid, 1),
        "assessment_id_forged": (
            (frame, forge(assessment, organ_version="x"), residuals),
            mismatch,
            1,
        ),
        "assessment_of_another_frame": ((frame, other.assessment, residuals), mismatch, 1),
        "runnable": ((frame, runnable, ()), UnassessableReason.RUNNABLE_ASSESSMENT, 2),
        "empty_context": ((frame, assessment, ()), UnassessableReason.EMPTY_CONTEXT, 2),
        "residuals_list": ((frame, assessment, list(residuals)), invalid, 2),
        "residual_garbage": ((frame, assessment, (residuals[0], 3)), invalid, 2),
        "residual_id_forged": (
            (
                frame,
                assessment,
                (residuals[0], forge(residuals[1], residual_kind=ResidualKind.MISSING_ROLE)),
            ),
            mismatch,
            2,
        ),
        "residual_of_another_problem": (
            (frame, assessment, (other.residuals[0], residuals[1])),
            mixed,
            2,
        ),
        "residual_of_another_organ": (
            (frame, assessment, (same_frame_other_organ[0], residuals[1])),
            mixed,
            2,
        ),
        "all_of_another_assessment": ((frame, assessment, other.residuals), mixed, 2),
        # Dropping the blocking hazard must not make the context eligible.
        "hazard_dropped": ((frame, assessment, residuals[:1]), invalid, 2),
        "reordered": ((frame, assessment, residuals[::-1]), invalid, 2),
        "duplicated": ((frame, assessment, (residuals[0], *residuals)), invalid, 2),
    }


UNASSESSABLE = _unassessable_cases()


@pytest.mark.parametrize("name", sorted(UNASSESSABLE))
def test_unassessable(name: str) -> None:
    (frame, assessment, residuals), reason, known = UNASSESSABLE[name]
    gate = _record(_check(decide_search_gate(frame, assessment, residuals, TABLE)))
    assert gate.status is GateStatus.UNASSESSABLE
    assert gate.reason_code == reason.value
    assert gate.evidence_spans == ()
    real = read_problem("ann")
    assert gate.problem_frame_digest == (real.problem_frame_digest if known >= 1 else None)
    if known >= 2:
        assert gate.original_contract_assessment_id == assessment.assessment_id
        assert gate.candidate_organ == assessment.candidate_organ
    else:
        assert gate.original_contract_assessment_id is None and gate.candidate_organ is None
    assert gate.residual_ids == ()


def test_every_status_and_unassessable_reason_is_reached() -> None:
    for name in UNASSESSABLE:
        test_unassessable(name)
    test_each_eligible_kind(ELIGIBLE_ORDER[0])
    test_each_blocking_kind_blocks_the_whole_context(BLOCKING_ORDER[0])
    assert set(GateStatus) == REACHED_STATUS
    assert {reason.value for reason in UnassessableReason} == REACHED_UNASSESSABLE


def test_decision_rules_refuse_inconsistent_decisions() -> None:
    gate = chain("tom").gate
    with pytest.raises(RecordError):
        dataclasses.replace(gate, reason_code="blocked_hazard_blocked")  # eligible + blocked reason
    with pytest.raises(RecordError):
        dataclasses.replace(gate, status=GateStatus.BLOCKED)
    with pytest.raises(RecordError):
        dataclasses.replace(gate, problem_frame_digest=None)
    with pytest.raises(RecordError):
        dataclasses.replace(gate, residual_ids=())
    with pytest.raises(RecordError):
        dataclasses.replace(gate, status=GateStatus.UNASSESSABLE)  # reason not unassessable
    with pytest.raises(RecordError):
        sealed(
            SearchGateDecision,
            **{
                **{f.name: getattr(gate, f.name) for f in dataclasses.fields(gate)},
                "reason_code": "eligible_hazard_blocked",
            },
        )


# -- properties ----------------------------------------------------------------------------------

_BUILT = chain("ann", (_code(ResidualKind.MISSING_ROLE),), (_code(ResidualKind.HAZARD_BLOCKED),))


def _residual_tuples() -> st.SearchStrategy[object]:
    residuals = _BUILT.residuals
    item: st.SearchStrategy[object] = st.one_of(st.sampled_from(residuals), malformed(residuals[0]))
    return st.one_of(
        st.just(residuals),
        st.lists(item, max_size=4).map(tuple),
        st.permutations(residuals).map(tuple),
        garbage(),
    )


@FUZZ
@given(
    frame=st.one_of(st.just(_BUILT.frame), malformed(_BUILT.frame)),
    assessment=st.one_of(st.just(_BUILT.assessment), malformed(_BUILT.assessment)),
    residuals=_residual_tuples(),
)
def test_gate_never_raises(frame: Any, assessment: Any, residuals: Any) -> None:
    gate = _check(decide_search_gate(frame, assessment, residuals, TABLE))
    if gate.status is not GateStatus.UNASSESSABLE:
        # Decided only over an authentic, complete context.
        assert gate.residual_ids == tuple(r.residual_id for r in residuals)
        assert all(type(r) is ContractResidual for r in residuals)
        assert gate.reason_code == "blocked_hazard_blocked"


def test_a_residual_reclassified_and_resealed_does_not_open_the_gate() -> None:
    # loop.md s3, s7: the gate re-derives each residual's kind and axis from the organ's
    # classification table. A blocking hazard re-classified as a missing role and re-sealed
    # reproduces its id and belongs to the assessment, yet never makes the context eligible.
    frame = read_problem("ann")
    missing, hazard = _code(ResidualKind.MISSING_ROLE), _code(ResidualKind.HAZARD_BLOCKED)
    assessment = assess(frame, (missing,), (hazard,))
    residuals = project_contract_residuals(frame, assessment, TABLE)
    assert type(residuals) is tuple
    assert decide_search_gate(frame, assessment, residuals, TABLE).status is GateStatus.BLOCKED
    for changes in ({"residual_kind": ResidualKind.MISSING_ROLE, "source_axis": "role"},
                    {"source_axis": "elsewhere"}):  # fmt: skip
        forged = tuple(
            reseal(r, **changes) if r.residual_kind is ResidualKind.HAZARD_BLOCKED else r
            for r in residuals
        )
        assert all(is_authentic(r, ContractResidual) for r in forged)
        gate = _check(decide_search_gate(frame, assessment, forged, TABLE))
        assert gate.status is GateStatus.UNASSESSABLE
        assert gate.reason_code == UnassessableReason.IDENTITY_MISMATCH.value
    # The table itself must be one: a table of another shape is invalid input.
    gate = _check(decide_search_gate(frame, assessment, residuals, "not a table"))  # type: ignore[arg-type]
    assert gate.reason_code == UnassessableReason.INVALID_INPUT.value
