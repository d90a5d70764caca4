"""ContractAssessment (loop.md s3): runnable exactly when no code, codes once and in order,
per-code spans, the id recomputed independently and prose excluded."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.assessment import (
    ASSESSMENT_POLICY_VERSION,
    ContractAssessment,
    build_assessment,
)
from practiceloop.kernel.record import RecordError, is_authentic, is_well_formed

from ._independent import FUZZ, ORGAN, assess, expected_id, forge, read_problem


def test_refused_assessment_identity_recomputed_independently() -> None:
    frame = read_problem("ann")
    assessment = assess(frame, ("code_missing_role",), ("code_hazard_blocked",))
    assert assessment.assessment_id == expected_id(assessment)
    assert assessment.assessment_policy_version == ASSESSMENT_POLICY_VERSION
    assert assessment.problem_frame_digest == frame.problem_frame_digest
    assert assessment.candidate_organ == ORGAN
    assert not assessment.runnable
    assert assessment.missing_bindings == ("code_missing_role",)
    assert assessment.unresolved_hazards == ("code_hazard_blocked",)


def test_runnable_exactly_when_no_code() -> None:
    frame = read_problem("tom")
    runnable = assess(frame, (), ())
    assert runnable.runnable and runnable.code_evidence == ()
    assert runnable.assessment_id == expected_id(runnable)
    with pytest.raises(RecordError):
        dataclasses.replace(runnable, runnable=False)
    refused = assess(frame)
    with pytest.raises(RecordError):
        dataclasses.replace(refused, runnable=True)


def test_codes_once_and_in_order() -> None:
    frame = read_problem("tom")
    with pytest.raises(RecordError):
        assess(frame, ("a", "a"))
    with pytest.raises(RecordError):
        assess(frame, ("a",), ("a",))
    refused = assess(frame, ("a", "b"))
    with pytest.raises(RecordError):
        dataclasses.replace(refused, code_evidence=refused.code_evidence[::-1])


def test_spans_of_is_per_code() -> None:
    frame = read_problem("ann")
    assessment = assess(frame, ("code_missing_role",), ("code_hazard_blocked",))
    pronoun = frame.mention("p1")
    assert pronoun is not None
    assert assessment.spans_of("code_missing_role") == (pronoun.span,)
    assert assessment.spans_of("code_hazard_blocked") == frame.observations[0].evidence_spans
    assert assessment.spans_of("absent") == ()


def test_explanation_never_changes_the_id() -> None:
    frame = read_problem("tom")
    a = assess(frame, explanation="one")
    b = assess(frame, explanation="deux — ☃")
    assert a.assessment_id == b.assessment_id == expected_id(b)
    assert a != b


def test_span_reorder_and_duplication_change_the_id() -> None:
    frame = read_problem("tom")
    s0, s1 = frame.sentences[0], frame.sentences[1]

    def with_spans(spans: tuple[Any, ...]) -> ContractAssessment:
        return build_assessment(
            frame,
            candidate_organ=ORGAN,
            organ_version="v",
            missing=(("c", spans),),
            hazards=(),
            evidence_spans=(),
            explanation="",
        )

    ids = {with_spans(s).assessment_id for s in ((s0, s1), (s1, s0), (s0, s1, s1), (s0,))}
    assert len(ids) == 4


def test_forged_assessment_is_not_authentic() -> None:
    assessment = assess(read_problem("tom"))
    forged = forge(assessment, organ_version="other")  # well typed: sealed, stale id
    assert is_well_formed(forged, ContractAssessment)
    assert not is_authentic(forged, ContractAssessment)
    assert not is_authentic(forge(assessment, organ_version=7), ContractAssessment)


@FUZZ
@given(
    st.lists(st.text(min_size=1, max_size=5), max_size=4, unique=True),
    st.lists(st.text(min_size=1, max_size=5), max_size=3, unique=True),
)
def test_any_unique_codes_assess_and_seal(missing: list[str], hazards: list[str]) -> None:
    frame = read_problem("mia")
    try:
        assessment = assess(frame, tuple(missing), tuple(hazards))
    except RecordError:
        codes = missing + hazards
        surrogate = any(0xD800 <= ord(c) <= 0xDFFF for code in codes for c in code)
        assert surrogate or len(set(codes)) < len(codes)
        return
    assert assessment.assessment_id == expected_id(assessment)
    assert assessment.runnable == (not missing and not hazards)
