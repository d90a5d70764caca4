"""ContractResidual projection (ADR-0225, loop.md s3): one residual per code, in order, with its
own code's spans; ids bind frame and assessment; refusals are values."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.record import is_authentic, is_well_formed
from practiceloop.kernel.residual import (
    RESIDUAL_POLICY_VERSION,
    UNCLASSIFIED_AXIS,
    ContractResidual,
    ResidualContextFault,
    ResidualKind,
    ResidualProjectionRefusal,
    ResidualRefusalCode,
    project_contract_residuals,
    residual_context_fault,
)

from ._independent import (
    CODE_OF_KIND,
    FUZZ,
    ORGAN,
    TABLE,
    UNLISTED_CODE,
    assess,
    expected_id,
    forge,
    garbage,
    malformed,
    read_problem,
    reseal,
)

MISSING_ROLE = CODE_OF_KIND[ResidualKind.MISSING_ROLE]
HAZARD = CODE_OF_KIND[ResidualKind.HAZARD_BLOCKED]


def _project(
    key: str, missing: tuple[str, ...], hazards: tuple[str, ...] = ()
) -> tuple[ContractResidual, ...]:
    frame = read_problem(key)
    result = project_contract_residuals(frame, assess(frame, missing, hazards), TABLE)
    assert type(result) is tuple
    return result


def test_one_residual_per_code_in_order_with_own_spans() -> None:
    frame = read_problem("ann")
    assessment = assess(frame, (MISSING_ROLE,), (HAZARD,))
    residuals = project_contract_residuals(frame, assessment, TABLE)
    assert type(residuals) is tuple and len(residuals) == 2
    first, second = residuals
    assert [r.residual_index for r in residuals] == [0, 1]
    assert [r.residual_code for r in residuals] == [MISSING_ROLE, HAZARD]
    assert first.residual_kind is ResidualKind.MISSING_ROLE
    assert second.residual_kind is ResidualKind.HAZARD_BLOCKED
    assert first.source_axis == "axis_missing_role"
    # loop.md s7: each residual carries its own code's spans, not the assessment's.
    assert first.evidence_spans == assessment.spans_of(MISSING_ROLE)
    assert second.evidence_spans == assessment.spans_of(HAZARD)
    assert first.evidence_spans != second.evidence_spans
    for residual in residuals:
        assert residual.residual_id == expected_id(residual)
        assert residual.residual_policy_version == RESIDUAL_POLICY_VERSION
        assert residual.problem_frame_digest == frame.problem_frame_digest
        assert residual.original_contract_assessment_id == assessment.assessment_id
        assert residual.candidate_organ == ORGAN


def test_every_residual_kind_is_reached() -> None:
    codes = (*CODE_OF_KIND.values(), UNLISTED_CODE)
    residuals = _project("tom", codes)
    assert {r.residual_kind for r in residuals} == set(ResidualKind)
    assert [r.residual_index for r in residuals] == list(range(len(codes)))


def test_unlisted_code_is_unclassified_unknown() -> None:
    (residual,) = _project("mia", (UNLISTED_CODE,))
    assert residual.residual_kind is ResidualKind.CONTRACT_GAP_UNCLASSIFIED
    assert residual.source_axis == UNCLASSIFIED_AXIS == "unknown"


def test_runnable_assessment_projects_to_nothing() -> None:
    frame = read_problem("tom")
    assert project_contract_residuals(frame, assess(frame, (), ()), TABLE) == ()


def test_same_code_on_two_problems_never_shares_an_id() -> None:
    (tom,) = _project("tom", (MISSING_ROLE,))
    (ann,) = _project("ann", (MISSING_ROLE,))
    (mia,) = _project("mia", (MISSING_ROLE,))
    assert len({tom.residual_id, ann.residual_id, mia.residual_id}) == 3
    assert tom.residual_code == ann.residual_code == mia.residual_code


def test_same_code_same_frame_other_assessment_differs() -> None:
    frame = read_problem("tom")
    a = project_contract_residuals(frame, assess(frame, (MISSING_ROLE,)), TABLE)
    b = project_contract_residuals(frame, assess(frame, (MISSING_ROLE,), organ="other"), TABLE)
    assert type(a) is tuple and type(b) is tuple
    assert a[0].residual_id != b[0].residual_id


def test_explanation_never_changes_an_id() -> None:
    (residual,) = _project("tom", (MISSING_ROLE,))
    reworded = dataclasses.replace(residual, explanation="autre chose")
    assert reworded.residual_id == residual.residual_id == expected_id(reworded)
    # ... and the assessment's prose does not reach the residuals either.
    frame = read_problem("tom")
    other = project_contract_residuals(frame, assess(frame, explanation="different"), TABLE)
    assert type(other) is tuple and other[0].residual_id == residual.residual_id


def test_span_reorder_or_duplication_changes_an_id() -> None:
    frame = read_problem("tom")
    s0, s1 = frame.sentences[0], frame.sentences[1]
    (residual,) = _project("tom", (MISSING_ROLE,))
    variants = ((s0, s1), (s1, s0), (s0, s0, s1))
    ids = {expected_id(dataclasses.replace(residual, evidence_spans=s)) for s in variants}
    assert len(ids) == 3
    assert residual.residual_id not in ids


# -- refusals ------------------------------------------------------------------------------------


def _refused(result: Any) -> ResidualProjectionRefusal:
    assert type(result) is ResidualProjectionRefusal, result
    assert result.residual_refusal_id == expected_id(result)
    assert is_well_formed(result, ResidualProjectionRefusal)
    return result


def _cases() -> dict[str, tuple[Any, Any, Any, ResidualRefusalCode, str, bool, bool]]:
    """name -> (frame, assessment, table, code, reason, frame id known, assessment id known)."""
    frame = read_problem("tom")
    other = read_problem("ann")
    assessment = assess(frame)
    invalid = ResidualRefusalCode.INVALID_INPUT
    mismatch = ResidualRefusalCode.IDENTITY_MISMATCH
    return {
        "frame_none": (None, assessment, TABLE, invalid, "frame_malformed", False, False),
        "frame_forged_field": (
            forge(frame, source_text="Tom has 6 apples."),
            assessment,
            TABLE,
            invalid,
            "frame_malformed",
            False,
            False,
        ),
        "frame_digest_forged": (
            forge(frame, problem_frame_digest=other.problem_frame_digest),
            assessment,
            TABLE,
            mismatch,
            "frame_digest_mismatch",
            False,
            False,
        ),
        "assessment_bare": (
            frame,
            object.__new__(type(assessment)),
            TABLE,
            invalid,
            "assessment_malformed",
            True,
            False,
        ),
        "assessment_id_forged": (
            frame,
            forge(assessment, organ_version="v9"),
            TABLE,
            mismatch,
            "assessment_id_mismatch",
            True,
            False,
        ),
        "assessment_of_another_frame": (
            frame,
            assess(other),
            TABLE,
            mismatch,
            "assessment_of_another_frame",
            True,
            True,
        ),
        "assessment_policy_unsupported": (
            frame,
            reseal(assessment, assessment_policy_version="contract_assessment.v0"),
            TABLE,
            ResidualRefusalCode.UNSUPPORTED_POLICY,
            "assessment_policy_unsupported",
            True,
            True,
        ),
        "table_list": (
            frame,
            assessment,
            list(TABLE),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
        "table_short_row": (
            frame,
            assessment,
            ((MISSING_ROLE, ResidualKind.MISSING_ROLE),),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
        "table_kind_as_text": (
            frame,
            assessment,
            ((MISSING_ROLE, "missing_role", "axis"),),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
        "table_code_twice": (
            frame,
            assessment,
            (*TABLE, (MISSING_ROLE, ResidualKind.HAZARD_BLOCKED, "x")),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
        "table_lone_surrogate": (
            frame,
            assessment,
            (("\ud800", ResidualKind.MISSING_ROLE, "axis"),),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
        "table_axis_none": (
            frame,
            assessment,
            ((MISSING_ROLE, ResidualKind.MISSING_ROLE, None),),
            invalid,
            "classification_malformed",
            True,
            True,
        ),
    }


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_refusals(name: str) -> None:
    frame, assessment, table, code, reason, frame_known, assessment_known = CASES[name]
    refusal = _refused(project_contract_residuals(frame, assessment, table))
    assert refusal.refusal_code is code
    assert refusal.reason_codes == (reason,)
    real_frame = read_problem("tom")
    assert refusal.problem_frame_digest == (
        real_frame.problem_frame_digest if frame_known else None
    )
    if assessment_known:
        assert refusal.original_contract_assessment_id == assessment.assessment_id
    else:
        assert refusal.original_contract_assessment_id is None


def test_every_refusal_code_is_reached() -> None:
    assert {case[3] for case in CASES.values()} == set(ResidualRefusalCode)


def test_a_hostile_table_is_refused_not_raised() -> None:
    class Hostile(tuple[object, ...]):
        def __iter__(self) -> Iterator[object]:
            raise RuntimeError("boom")

    frame = read_problem("tom")
    refusal = _refused(project_contract_residuals(frame, assess(frame), cast(Any, Hostile())))
    assert refusal.refusal_code is ResidualRefusalCode.INVALID_INPUT


# -- residual contexts ---------------------------------------------------------------------------


def _context_cases() -> dict[str, tuple[Any, ResidualContextFault | None]]:
    frame = read_problem("ann")
    assessment = assess(frame, (MISSING_ROLE,), (HAZARD,))
    good = project_contract_residuals(frame, assessment, TABLE)
    assert type(good) is tuple
    (foreign,) = _project("tom", (MISSING_ROLE,))
    first, second = good
    return {
        "complete": (good, None),
        "list": (list(good), ResidualContextFault.MALFORMED),
        "none": (None, ResidualContextFault.MALFORMED),
        "garbage_item": ((first, "residual"), ResidualContextFault.MALFORMED),
        "other_policy_resealed": (
            (first, reseal(second, residual_policy_version="contract_residual.v0")),
            ResidualContextFault.MALFORMED,
        ),
        "id_forged": (
            (first, forge(second, source_axis="x")),
            ResidualContextFault.IDENTITY_MISMATCH,
        ),
        "of_another_problem": ((foreign, second), ResidualContextFault.FOREIGN),
        "dropped_hazard": ((first,), ResidualContextFault.INCOMPLETE),
        "reordered": ((second, first), ResidualContextFault.INCOMPLETE),
        "duplicated": ((first, first, second), ResidualContextFault.INCOMPLETE),
        "spans_swapped_resealed": (
            (first, reseal(second, evidence_spans=first.evidence_spans)),
            ResidualContextFault.INCOMPLETE,
        ),
        "empty": ((), ResidualContextFault.INCOMPLETE),
    }


CONTEXTS = _context_cases()


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_residual_context_fault(name: str) -> None:
    frame = read_problem("ann")
    assessment = assess(frame, (MISSING_ROLE,), (HAZARD,))
    residuals, fault = CONTEXTS[name]
    assert residual_context_fault(frame.problem_frame_digest, assessment, residuals) is fault


def test_a_residual_reclassified_and_resealed_is_not_the_organs_context() -> None:
    # loop.md s3, s7: kind and axis come from the organ's static table. A residual whose kind
    # (or axis) was changed and re-sealed reproduces its id, yet is not the table's: given the
    # table, the context check re-derives both and refuses it.
    frame = read_problem("ann")
    assessment = assess(frame, (MISSING_ROLE,), (HAZARD,))
    first, second = cast(tuple[ContractResidual, ...], project_contract_residuals(
        frame, assessment, TABLE
    ))
    digest = frame.problem_frame_digest
    assert residual_context_fault(digest, assessment, (first, second), TABLE) is None
    for forged in (
        reseal(second, residual_kind=ResidualKind.MISSING_ROLE),
        reseal(second, source_axis="role"),
    ):
        assert is_authentic(forged, ContractResidual)  # its id reproduces ...
        context = (first, forged)
        assert residual_context_fault(digest, assessment, context) is None  # ... and alone fits
        assert (
            residual_context_fault(digest, assessment, context, TABLE)
            is ResidualContextFault.MISCLASSIFIED
        )
    assert residual_context_fault(digest, assessment, (first, second), "not a table") is (
        ResidualContextFault.MALFORMED
    )


def test_every_context_fault_is_reached() -> None:
    reached = {fault for _, fault in CONTEXTS.values() if fault is not None}
    reached.add(ResidualContextFault.MISCLASSIFIED)  # the table's test, just above
    assert reached == set(ResidualContextFault)


# -- properties ----------------------------------------------------------------------------------

_FRAME = read_problem("ann")
_ASSESSMENT = assess(_FRAME, (MISSING_ROLE,), (HAZARD,))


def _table_garbage() -> st.SearchStrategy[object]:
    row = st.tuples(
        st.one_of(st.sampled_from([MISSING_ROLE, HAZARD]), garbage()),
        st.one_of(st.sampled_from(list(ResidualKind)), garbage()),
        st.one_of(st.text(max_size=4), garbage()),
    )
    return st.one_of(garbage(), st.lists(row, max_size=4).map(tuple), st.lists(row, max_size=3))


@FUZZ
@given(
    frame=st.one_of(st.just(_FRAME), malformed(_FRAME)),
    assessment=st.one_of(st.just(_ASSESSMENT), malformed(_ASSESSMENT)),
    table=st.one_of(st.just(TABLE), _table_garbage()),
)
def test_projection_never_raises(frame: Any, assessment: Any, table: Any) -> None:
    result = project_contract_residuals(frame, assessment, table)
    if type(result) is tuple:
        # Only an authentic chain projects (a mutant may still be one, e.g. new prose).
        assert is_authentic(frame, ProblemFrame)
        assert is_authentic(assessment, ContractAssessment)
        for index, residual in enumerate(result):
            assert residual.residual_index == index
            assert residual.residual_id == expected_id(residual)
            assert residual.original_contract_assessment_id == assessment.assessment_id
            assert residual.problem_frame_digest == frame.problem_frame_digest
    else:
        _refused(result)
        if frame is _FRAME and assessment is _ASSESSMENT:
            assert table is not TABLE


@FUZZ
@given(st.one_of(malformed(_project("ann", (MISSING_ROLE,), (HAZARD,))[0]), garbage()), st.data())
def test_context_check_never_raises(bad: Any, data: st.DataObject) -> None:
    good = _project("ann", (MISSING_ROLE,), (HAZARD,))
    position = data.draw(st.integers(0, len(good)))
    context = (*good[:position], bad, *good[position:])
    fault = residual_context_fault(_FRAME.problem_frame_digest, _ASSESSMENT, context)
    assert fault is not None


def test_a_table_parsed_once_projects_like_a_fresh_copy_of_it() -> None:
    frame = read_problem("ann")
    assessment = assess(frame, (MISSING_ROLE,), (HAZARD,))
    first = project_contract_residuals(frame, assessment, TABLE)
    again = project_contract_residuals(frame, assessment, TABLE)  # the parsed table, reused
    copy = tuple(tuple(row) for row in TABLE)
    assert copy is not TABLE
    assert first == again == project_contract_residuals(frame, assessment, copy)
    # A table that fails to parse is refused every time (remembered or not).
    broken = (*TABLE, (MISSING_ROLE, ResidualKind.HAZARD_BLOCKED, "twice"))
    for _ in range(2):
        refused = project_contract_residuals(frame, assessment, broken)
        assert type(refused) is ResidualProjectionRefusal
