"""The two lawful run shapes (loop.md s3, ADR-0233): an embedded run sealed on the legacy path
and an open run sealed on the bound path classify the same candidates the same way."""

from __future__ import annotations

import functools

import pytest

from practiceloop.kernel.binding import CandidateAttemptRunBinding
from practiceloop.kernel.record import full_form
from practiceloop.kernel.replay import ReplayAdapterRefusal, ReplayAdapterResult
from practiceloop.kernel.search_run import GeometricSearchRun, RunDisposition, SearchRunRefusal
from practiceloop.kernel.trace import PracticeTraceInput, SealedPracticeTrace

from ._independent import assert_sealed
from ._toy_domain import (
    BIG,
    COUNT,
    COUNT_ORGAN,
    NEGATED,
    NONE,
    ODD,
    ONE,
    PAIR_TWICE,
    PAIRS,
    SUM,
    THREE,
    ZEROS,
    Episode,
    Shape,
    make_manifest,
    practise,
)

RATIO = make_manifest(rows=(PAIRS,), sum_obligations=("toy.ratio_defined",))
UNKNOWN = make_manifest(sum_obligations=("toy.even_or_unknown",))
TWICE = make_manifest(rows=(PAIR_TWICE,))
CASES = [
    (THREE, None, SUM),
    (BIG, None, SUM),
    (ONE, None, SUM),
    (NONE, None, SUM),
    (NEGATED, None, SUM),
    (ZEROS, RATIO, SUM),
    (ODD, UNKNOWN, SUM),
    (THREE, TWICE, SUM),
    (COUNT, None, COUNT_ORGAN),
]


@functools.cache
def pair(text: str, manifest: object, organ: str) -> tuple[Episode, Episode]:
    chosen = manifest or make_manifest()
    return (
        practise(text, chosen, Shape.EMBEDDED, organ),  # type: ignore[arg-type]
        practise(text, chosen, Shape.OPEN, organ),  # type: ignore[arg-type]
    )


def _classification(ep: Episode) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Per attempt: (candidate digest, outcome type, disposition, reason codes)."""
    return [
        (
            e.outcome.candidate_digest or "",
            type(e.outcome).__name__,
            e.outcome.replay_disposition.value,
            e.outcome.reason_codes,
        )
        for e in ep.evidence
    ]


@pytest.mark.parametrize(("text", "manifest", "organ"), CASES)
def test_both_shapes_give_the_same_replay_dispositions(
    text: str, manifest: object, organ: str
) -> None:
    embedded, bound = pair(text, manifest, organ)
    assert _classification(embedded) == _classification(bound)
    # The same attempts, byte for byte: both shapes build them the one way, under the same run
    # input digest.
    assert [full_form(a) for a in embedded.attempts] == [full_form(a) for a in bound.attempts]  # type: ignore[arg-type]
    # The same replayed assessments and proof outcomes: the same authorities ran on the same
    # candidate frames.
    for left, right in zip(embedded.evidence, bound.evidence, strict=True):
        assert left.candidate_frame == right.candidate_frame
        assert left.replay_assessment == right.replay_assessment
        assert left.proof_outcomes == right.proof_outcomes
    # The same practice disposition, from each path's own sealing.
    assert type(embedded.trace) is SealedPracticeTrace and type(bound.trace) is SealedPracticeTrace
    assert embedded.trace.practice_disposition is bound.trace.practice_disposition
    assert_sealed(embedded.trace)
    assert_sealed(bound.trace)


@pytest.mark.parametrize(("text", "manifest", "organ"), CASES)
def test_the_shapes_differ_only_where_they_must(text: str, manifest: object, organ: str) -> None:
    embedded, bound = pair(text, manifest, organ)
    e_trace, b_trace = embedded.trace, bound.trace
    assert type(e_trace) is SealedPracticeTrace and type(b_trace) is SealedPracticeTrace
    assert e_trace.candidate_attempt_ids == b_trace.candidate_attempt_ids
    assert e_trace.candidate_attempt_binding_ids == ()
    assert b_trace.candidate_attempt_binding_ids == tuple(b.binding_id for b in bound.bindings)
    if type(bound.run) is SearchRunRefusal:  # a blocked episode never opens either shape
        assert full_form(embedded.run) == full_form(bound.run)
        assert e_trace.trace_id == b_trace.trace_id
        return
    assert type(embedded.run) is GeometricSearchRun and type(bound.run) is GeometricSearchRun
    assert embedded.run.run_disposition is RunDisposition.EXPLORED
    assert bound.run.run_disposition is RunDisposition.OPEN and bound.run.candidate_attempts == ()
    assert embedded.run.input_digest == bound.run.input_digest  # the same chain, the same set
    assert embedded.run.run_id != bound.run.run_id
    assert e_trace.trace_id != b_trace.trace_id  # different runs, so different evidence


@pytest.mark.parametrize("shape", list(Shape))
def test_each_path_is_deterministic(shape: Shape) -> None:
    first, second = practise(THREE, shape=shape), practise(THREE, shape=shape)

    def records(ep: Episode) -> list[object]:
        out: list[object] = [ep.frame, ep.assessment, *ep.residuals, ep.gate, ep.budget, ep.run]
        out += [*ep.results, *ep.bindings, *ep.reconstructions, *ep.replay_inputs]
        out += [e.outcome for e in ep.evidence] + [ep.trace_input, ep.trace]
        return [full_form(r) for r in out]

    assert records(first) == records(second)


def test_one_replay_record_per_attempt_on_both_paths() -> None:
    for text, manifest, organ in CASES:
        for ep in pair(text, manifest, organ):
            assert len(ep.evidence) == len(ep.attempts)
            outcomes = [e.outcome for e in ep.evidence]
            assert all(type(o) in (ReplayAdapterResult, ReplayAdapterRefusal) for o in outcomes)
            assert [o.attempt_id for o in outcomes] == [a.attempt_id for a in ep.attempts]  # type: ignore[attr-defined]
            assert type(ep.trace_input) is PracticeTraceInput
            if ep.shape is Shape.OPEN:
                assert all(type(b) is CandidateAttemptRunBinding for b in ep.bindings)
