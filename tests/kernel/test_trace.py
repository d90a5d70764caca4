"""SealedPracticeTrace (ADR-0230 s17, ADR-0233 s3): complete episodes seal deterministically, on
both paths; every incomplete, orphaned, duplicated or forged episode refuses; nothing selects."""

from __future__ import annotations

import ast
import dataclasses
import functools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import trace as module
from practiceloop.kernel.assessment import build_assessment
from practiceloop.kernel.budget import decide_compute_budget
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.gate import decide_search_gate
from practiceloop.kernel.record import full_form
from practiceloop.kernel.replay import ReplayAdapterRefusal, ReplayAdapterResult, ReplayDisposition
from practiceloop.kernel.residual import project_contract_residuals
from practiceloop.kernel.search_run import (
    GeometricSearchRun,
    SearchRunRefusal,
    SearchRunRefusalCode,
    initialize_search_run,
)
from practiceloop.kernel.span import SourceSpan
from practiceloop.kernel.trace import (
    CREATED_BY_POLICY,
    SEALED_PRACTICE_TRACE_POLICY_VERSION,
    PracticeDisposition,
    PracticeTraceInput,
    PracticeTraceRefusal,
    SealedPracticeTrace,
    build_bound_practice_trace_input,
    build_practice_trace_input,
    seal_bound_practice_trace,
    seal_practice_trace,
)

from ._independent import (
    FUZZ,
    assert_sealed,
    expected_id,
    forge,
    garbage,
    malformed,
    payload_of,
    reseal,
)
from ._independent import sha256_hex as independent_digest
from ._toy_domain import (
    BIG,
    FORBIDDEN_FIELDS,
    NEGATED,
    NONE,
    ONE,
    PAIR_TWICE,
    PAIRS,
    SUM,
    SUM_VERSION,
    THREE,
    TRACE_INPUT_FIELDS,
    ZEROS,
    Episode,
    Shape,
    assert_exports,
    chained,
    make_manifest,
    practise,
    read,
)

P = PracticeDisposition
REACHED: set[PracticeDisposition] = set()
KERNEL = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "kernel"
RATIO = make_manifest(rows=(PAIRS,), sum_obligations=("toy.ratio_defined",))


@functools.cache
def episode(text: str = THREE, shape: Shape = Shape.OPEN, manifest: object = None) -> Episode:
    return practise(text, manifest or make_manifest(), shape)  # type: ignore[arg-type]


def build(ep: Episode, **overrides: object) -> PracticeTraceInput | PracticeTraceRefusal:
    kwargs = {**ep.trace_kwargs(), **overrides}
    builder = (
        build_bound_practice_trace_input if ep.shape is Shape.OPEN else build_practice_trace_input
    )
    return builder(**chained(kwargs))  # type: ignore[operator, no-any-return]


def seal(
    ep: Episode, trace_input: object = None, **overrides: object
) -> SealedPracticeTrace | PracticeTraceRefusal:
    kwargs = {**ep.trace_kwargs(), **overrides}
    sealer = seal_bound_practice_trace if ep.shape is Shape.OPEN else seal_practice_trace
    return sealer(ep.trace_input if trace_input is None else trace_input, **chained(kwargs))  # type: ignore[operator, no-any-return]


def sealed_as(trace: object, disposition: PracticeDisposition) -> SealedPracticeTrace:
    assert type(trace) is SealedPracticeTrace, trace
    assert trace.practice_disposition is disposition
    assert_sealed(trace)
    REACHED.add(disposition)
    return trace


def refused(
    outcome: object, disposition: PracticeDisposition, reason: str | None = None
) -> PracticeTraceRefusal:
    assert type(outcome) is PracticeTraceRefusal, outcome
    assert outcome.practice_disposition is disposition, outcome
    if reason is not None:
        assert outcome.reason_codes == (reason,), outcome.reason_codes
    assert_sealed(outcome)
    REACHED.add(disposition)
    return outcome


def independent_input_digest(trace_input: PracticeTraceInput) -> str:
    return independent_digest(
        {name: payload_of(getattr(trace_input, name)) for name in TRACE_INPUT_FIELDS}
    )


def resealed_input(trace_input: object, **changes: object) -> PracticeTraceInput:
    changed = dataclasses.replace(trace_input, **changes)  # type: ignore[type-var]
    return dataclasses.replace(changed, input_digest=independent_input_digest(changed))


# -- exports and shapes ----------------------------------------------------------------------------


def test_public_api_is_exact() -> None:
    assert_exports(
        module,
        {
            "CREATED_BY_POLICY",
            "SEALED_PRACTICE_TRACE_POLICY_VERSION",
            "PracticeDisposition",
            "PracticeTraceInput",
            "PracticeTraceRefusal",
            "SealedPracticeTrace",
            "build_bound_practice_trace_input",
            "build_practice_trace_input",
            "seal_bound_practice_trace",
            "seal_practice_trace",
        },
    )
    assert SEALED_PRACTICE_TRACE_POLICY_VERSION == "sealed_practice_trace.v1"


def test_records_have_the_seeds_fields_with_adr_0233_binding_ids() -> None:
    names = {
        cls: [f.name for f in dataclasses.fields(cls)]
        for cls in (PracticeTraceInput, SealedPracticeTrace, PracticeTraceRefusal)
    }
    assert names[PracticeTraceInput] == ["input_digest", *TRACE_INPUT_FIELDS]
    assert names[SealedPracticeTrace] == [
        "trace_id", "trace_policy_version", "input_digest", "problem_frame_digest",
        "original_contract_assessment_id", "residual_ids", "search_gate_decision_id",
        "compute_budget_id", "geometric_search_run_id", "candidate_attempt_ids",
        "candidate_attempt_binding_ids", "replay_result_ids", "replay_refusal_ids",
        "upstream_identity_chain", "practice_disposition", "trace_records", "evidence_spans",
        "created_by_policy", "explanation",
    ]  # fmt: skip
    assert names[PracticeTraceRefusal] == [
        "trace_refusal_id", "trace_policy_version", "input_digest", "practice_disposition",
        "reason_codes", "explanation",
    ]  # fmt: skip


def test_no_output_type_has_a_forbidden_field() -> None:
    for cls in (PracticeTraceInput, SealedPracticeTrace, PracticeTraceRefusal):
        assert not {f.name for f in dataclasses.fields(cls)} & FORBIDDEN_FIELDS


def test_disposition_vocabulary_is_closed_and_split_by_output_type() -> None:
    assert [d.value for d in PracticeDisposition] == [
        "sealed_original_refusal", "sealed_exhausted_no_candidate", "sealed_all_candidates_refused",
        "sealed_replay_unavailable", "sealed_contract_closed_proof_refused",
        "sealed_candidate_replay_closed", "trace_invalid_input", "trace_identity_mismatch",
        "trace_policy_unsupported", "trace_upstream_incomplete",
    ]  # fmt: skip
    trace = episode().trace
    with pytest.raises(TypeError):
        dataclasses.replace(trace, practice_disposition=P.TRACE_INVALID_INPUT)
    refusal = refused(build(episode(), run=None), P.TRACE_UPSTREAM_INCOMPLETE)
    with pytest.raises(TypeError):
        dataclasses.replace(refusal, practice_disposition=P.SEALED_ORIGINAL_REFUSAL)


# -- lawful episodes -------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", list(Shape))
def test_a_valid_full_chain_seals_a_deterministic_trace(shape: Shape) -> None:
    ep = episode(THREE, shape)
    trace = sealed_as(ep.trace, P.SEALED_CANDIDATE_REPLAY_CLOSED)
    trace_input = ep.trace_input
    assert type(trace_input) is PracticeTraceInput
    assert trace_input.input_digest == independent_input_digest(trace_input) == trace.input_digest
    run = ep.run
    assert type(run) is GeometricSearchRun
    attempts = tuple(a.attempt_id for a in ep.attempts)  # type: ignore[attr-defined]
    bindings = tuple(b.binding_id for b in ep.bindings)
    results = tuple(r.replay_result_id for r in ep.replay_results)
    assert (trace.geometric_search_run_id, trace.candidate_attempt_ids) == (run.run_id, attempts)
    assert trace.candidate_attempt_binding_ids == bindings and (shape is Shape.OPEN) == bool(
        bindings
    )
    assert trace.replay_result_ids == results and trace.replay_refusal_ids == ()
    # ADR-0233 s2: the identity chain, in its order.
    assert trace.upstream_identity_chain == (
        ep.frame.problem_frame_digest, ep.assessment.assessment_id,
        *(r.residual_id for r in ep.residuals), ep.gate.decision_id, ep.budget.budget_id,
        run.run_id, *attempts, *bindings, *results,
    )  # fmt: skip
    # Every record bound, grouped per attempt.
    per_attempt = []
    for index, attempt_id in enumerate(attempts):
        extra = (
            (ep.results[index].operator_result_id, bindings[index]) if shape is Shape.OPEN else ()
        )
        per_attempt += [attempt_id, *extra, results[index]]
    assert trace.trace_records == trace.upstream_identity_chain[
        : 6 + len(ep.residuals) - 1
    ] + tuple(per_attempt)
    assert trace.created_by_policy == CREATED_BY_POLICY
    # The spans: the assessment's, then each attempt's, exactly.
    spans = ep.assessment.evidence_spans + tuple(s for a in ep.attempts for s in a.evidence_spans)  # type: ignore[attr-defined]
    assert trace.evidence_spans == spans
    again = practise(THREE, make_manifest(), shape)
    assert full_form(again.trace) == full_form(trace) and full_form(again.trace_input) == full_form(
        trace_input
    )


def test_versions_are_named_sorted_and_per_path() -> None:
    bound, legacy = (
        episode(THREE, Shape.OPEN).trace_input,
        episode(THREE, Shape.EMBEDDED).trace_input,
    )
    assert type(bound) is PracticeTraceInput and type(legacy) is PracticeTraceInput
    assert (
        bound.schema_versions == legacy.schema_versions == (("problem_frame", "problem_frame.v1"),)
    )
    names = [n for n, _ in bound.policy_versions]
    assert names == sorted(set(names))
    assert set(names) - {n for n, _ in legacy.policy_versions} == {
        "candidate_attempt_run_binding",
        "candidate_operator_result",
    }
    assert ("sealed_practice_trace", SEALED_PRACTICE_TRACE_POLICY_VERSION) in legacy.policy_versions


@pytest.mark.parametrize("shape", list(Shape))
@pytest.mark.parametrize(
    ("text", "manifest", "disposition"),
    [
        (NEGATED, None, P.SEALED_ORIGINAL_REFUSAL),
        (NONE, None, P.SEALED_EXHAUSTED_NO_CANDIDATE),
        (ONE, None, P.SEALED_ALL_CANDIDATES_REFUSED),
        (ZEROS, RATIO, P.SEALED_REPLAY_UNAVAILABLE),
        (BIG, None, P.SEALED_CONTRACT_CLOSED_PROOF_REFUSED),
        (THREE, None, P.SEALED_CANDIDATE_REPLAY_CLOSED),
    ],
)
def test_each_episode_shape_seals_with_its_disposition(
    shape: Shape, text: str, manifest: object, disposition: PracticeDisposition
) -> None:
    ep = episode(text, shape, manifest)
    trace = sealed_as(ep.trace, disposition)
    if disposition is P.SEALED_ORIGINAL_REFUSAL:
        run = ep.run
        assert (
            type(run) is SearchRunRefusal
            and run.refusal_code is SearchRunRefusalCode.BLOCKED_BY_GATE
        )
        assert trace.geometric_search_run_id == run.run_refusal_id
        assert (
            trace.candidate_attempt_ids == trace.replay_result_ids == trace.replay_refusal_ids == ()
        )
    if disposition is P.SEALED_REPLAY_UNAVAILABLE:
        assert trace.replay_result_ids == () and len(trace.replay_refusal_ids) == 1
    if disposition is P.SEALED_ALL_CANDIDATES_REFUSED:
        assert {r.replay_disposition for r in ep.replay_results} == {
            ReplayDisposition.CONTRACT_REFUSED
        }


def test_adapter_refusals_do_not_count_as_candidate_results() -> None:
    """s8.1: a mix of contract_refused results and adapter refusals is all-refused."""
    ep = episode(ZEROS, Shape.OPEN, make_manifest(sum_obligations=("toy.ratio_defined",)))
    assert [type(e.outcome) for e in ep.evidence] == [ReplayAdapterRefusal, ReplayAdapterResult]
    sealed_as(ep.trace, P.SEALED_ALL_CANDIDATES_REFUSED)


def test_closed_disagreeing_candidates_are_all_preserved_without_selection() -> None:
    ep = episode()
    trace = sealed_as(ep.trace, P.SEALED_CANDIDATE_REPLAY_CLOSED)
    closed = [
        r
        for r in ep.replay_results
        if r.replay_disposition is ReplayDisposition.CONTRACT_AND_PROOF_CLOSED
    ]
    assert len(closed) == 2 and closed[0].candidate_digest != closed[1].candidate_digest
    assert {r.replay_result_id for r in closed} <= set(trace.replay_result_ids)
    assert not {f.name for f in dataclasses.fields(SealedPracticeTrace)} & FORBIDDEN_FIELDS
    for name in module.__all__:  # no public function takes candidates to choose among
        assert "select" not in name and "best" not in name and "rank" not in name


def test_duplicate_spans_are_preserved_and_reordering_changes_the_id() -> None:
    ep = episode(THREE, Shape.OPEN, make_manifest(rows=(PAIR_TWICE,)))
    trace = sealed_as(ep.trace, P.SEALED_CANDIDATE_REPLAY_CLOSED)
    attempt_spans = ep.attempts[0].evidence_spans  # type: ignore[attr-defined]
    assert attempt_spans[0] == attempt_spans[2]
    assert trace.evidence_spans[-3:] == attempt_spans
    spans = trace.evidence_spans
    rotated = dataclasses.replace(trace, evidence_spans=(*spans[1:], spans[0]))
    deduplicated = dataclasses.replace(trace, evidence_spans=spans[:-1])
    assert len({expected_id(trace), expected_id(rotated), expected_id(deduplicated)}) == 3


def test_explanation_changes_do_not_change_ids() -> None:
    trace = episode().trace
    assert (
        expected_id(dataclasses.replace(trace, explanation="an entirely new story"))
        == trace.trace_id
    )
    refusal = refused(build(episode(), run=None), P.TRACE_UPSTREAM_INCOMPLETE)
    assert expected_id(dataclasses.replace(refusal, explanation="x")) == refusal.trace_refusal_id


def test_the_bound_path_never_touches_the_run() -> None:
    ep = practise(THREE)
    run = ep.run
    assert type(run) is GeometricSearchRun
    before = [full_form(v) for v in (run, *ep.bindings, *ep.results)]
    seal(ep)
    assert [full_form(v) for v in (run, *ep.bindings, *ep.results)] == before
    assert run.candidate_attempts == ()


def test_binding_ids_enter_the_input_digest_and_the_trace_id() -> None:
    ep = episode()
    trace = ep.trace
    assert type(trace) is SealedPracticeTrace
    without = dataclasses.replace(ep.trace_input, candidate_attempt_binding_ids=())  # type: ignore[type-var]
    assert independent_input_digest(without) != ep.trace_input.input_digest  # type: ignore[union-attr]
    assert (
        expected_id(dataclasses.replace(trace, candidate_attempt_binding_ids=())) != trace.trace_id
    )


# -- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", list(Shape))
def test_a_missing_upstream_record_is_an_incomplete_upstream(shape: Shape) -> None:
    # ADR-0230 s13, s16: a gate, budget, frame, assessment or run passed as None is a missing
    # upstream record (trace_upstream_incomplete), on both paths and at both boundaries; a
    # value of the wrong shape stays invalid input.
    ep = episode(THREE, shape)
    for name in ("frame", "assessment", "residuals", "gate", "budget", "run"):
        refused(build(ep, **{name: None}), P.TRACE_UPSTREAM_INCOMPLETE, f"{name}_missing")
        refused(seal(ep, **{name: None}), P.TRACE_UPSTREAM_INCOMPLETE, f"{name}_missing")
    refused(build(ep, gate="not a gate"), P.TRACE_INVALID_INPUT, "gate_malformed")
    builder = (
        build_bound_practice_trace_input if shape is Shape.OPEN else build_practice_trace_input
    )
    rest = {k: v for k, v in chained(ep.trace_kwargs()).items() if k != "chain"}
    refused(builder("no chain", **rest), P.TRACE_INVALID_INPUT, "chain_malformed")  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", list(Shape))
def test_missing_upstream_records(shape: Shape) -> None:
    ep = episode(THREE, shape)
    results = ep.replay_results
    refused(
        build(ep, replay_results=results[:-1]),
        P.TRACE_UPSTREAM_INCOMPLETE,
        "attempt_without_replay_record",
    )
    refused(
        seal(ep, replay_results=results[1:]),
        P.TRACE_UPSTREAM_INCOMPLETE,
        "attempt_without_replay_record",
    )
    refused(build(ep, run=None), P.TRACE_UPSTREAM_INCOMPLETE, "run_missing")
    refused(build(ep, replay_results=()), P.TRACE_UPSTREAM_INCOMPLETE)
    if shape is Shape.OPEN:
        refused(
            build(ep, operator_results=ep.results[:2]),
            P.TRACE_UPSTREAM_INCOMPLETE,
            "operator_result_missing",
        )
        # The legacy path cannot seal an open run: its bound attempts would be missing.
        kwargs = {
            k: v for k, v in ep.trace_kwargs().items() if k not in ("bindings", "operator_results")
        }
        refused(
            build_practice_trace_input(**chained(kwargs)),  # type: ignore[arg-type]
            P.TRACE_UPSTREAM_INCOMPLETE,
            "open_run_needs_its_bindings",
        )


def test_a_run_refusal_of_its_own_input_is_not_a_lawful_episode() -> None:
    ep = episode(THREE)
    invalid = initialize_search_run(
        ep.frame, ep.assessment, ep.residuals, ep.gate, ep.budget, "no operator set"
    )  # type: ignore[arg-type]
    assert (
        type(invalid) is SearchRunRefusal
        and invalid.refusal_code is SearchRunRefusalCode.INVALID_INPUT
    )
    empty = {"bindings": (), "operator_results": (), "replay_results": (), "replay_refusals": ()}
    refused(build(ep, run=invalid, **empty), P.TRACE_UPSTREAM_INCOMPLETE, "run_refusal_not_lawful")


@pytest.mark.parametrize("shape", list(Shape))
def test_orphan_duplicate_and_foreign_replay_records_refuse(shape: Shape) -> None:
    ep, other = episode(THREE, shape), episode(BIG, shape)
    results = ep.replay_results
    foreign = other.replay_results[0]
    cases = {
        "replay_record_of_another_run": dict(replay_results=(*results, foreign)),
        "duplicate_replay_record": dict(replay_results=(results[0], *results)),
        "replay_records_out_of_order": dict(replay_results=(results[1], results[0], results[2])),
        "replay_record_id_mismatch": dict(
            replay_results=(forge(results[0], replay_result_id="a" * 64), *results[1:])
        ),
        "replay_candidate_mismatch": dict(
            replay_results=(
                reseal(results[0], candidate_digest=results[1].candidate_digest),
                *results[1:],
            )
        ),
        "replay_spans_mismatch": dict(
            replay_results=(reseal(results[0], evidence_spans=()), *results[1:])
        ),
    }
    for reason, overrides in cases.items():
        refused(build(ep, **overrides), P.TRACE_IDENTITY_MISMATCH, reason)
        refused(seal(ep, **overrides), P.TRACE_IDENTITY_MISMATCH, reason)
    # An orphan: a record of this run naming an attempt the run does not have.
    orphan = reseal(results[0], attempt_id="c" * 64)
    refused(
        build(ep, replay_results=(orphan, *results[1:])),
        P.TRACE_IDENTITY_MISMATCH,
        "orphan_replay_record",
    )
    # Orphan refusals too: a refusal that binds no attempt, or another run's refusal.
    raising = episode(ZEROS, shape, RATIO)
    unbound = reseal(
        raising.replay_refusals[0], attempt_id=None, run_id=None, candidate_digest=None
    )
    refused(build(raising, replay_refusals=(unbound,)), P.TRACE_IDENTITY_MISMATCH)
    refused(
        build(ep, replay_refusals=raising.replay_refusals),
        P.TRACE_IDENTITY_MISMATCH,
        "replay_record_of_another_run",
    )


@pytest.mark.parametrize("shape", list(Shape))
def test_upstream_identity_mismatches(shape: Shape) -> None:
    ep, other = episode(THREE, shape), episode(BIG, shape)
    cases = {
        "gate_id_mismatch": dict(gate=forge(ep.gate, decision_id="a" * 64)),
        "budget_does_not_bind_gate": dict(budget=other.budget),  # an orphan budget
        "residual_of_another_assessment": dict(residuals=other.residuals),
        "assessment_of_another_frame": dict(assessment=other.assessment),
        "frame_digest_mismatch": dict(frame=forge(ep.frame, problem_frame_digest="b" * 64)),
        "run_does_not_bind_chain": dict(run=other.run),
        "run_id_mismatch": dict(run=forge(ep.run, run_id="d" * 64)),
    }
    for reason, overrides in cases.items():
        refused(build(ep, **overrides), P.TRACE_IDENTITY_MISMATCH, reason)
        refusal = refused(seal(ep, **overrides), P.TRACE_IDENTITY_MISMATCH, reason)
        assert refusal.input_digest == ep.trace_input.input_digest  # type: ignore[union-attr]


def test_bound_chain_mismatches() -> None:
    ep = episode()
    b0, b1, b2 = ep.bindings
    r0, r1, r2 = ep.results
    cases = {
        "binding_chain_broken": dict(bindings=(b0, b2, b1), operator_results=(r0, r2, r1)),
        "binding_id_mismatch": dict(bindings=(forge(b0, binding_id="e" * 64), b1, b2)),
        "binding_does_not_name_operator_result": dict(operator_results=(r1, r0, r2)),
        "orphan_operator_result": dict(operator_results=(r0, r1, r2, r2)),
        "operator_result_id_mismatch": dict(
            operator_results=(forge(r0, operator_result_id="f" * 64), r1, r2)
        ),
    }
    for reason, overrides in cases.items():
        refused(build(ep, **overrides), P.TRACE_IDENTITY_MISMATCH, reason)
    other = episode(BIG)
    refused(
        build(ep, bindings=(*other.bindings, b2)),
        P.TRACE_IDENTITY_MISMATCH,
        "binding_of_another_run",
    )
    refused(build(ep, bindings=(b0, b1)), P.TRACE_IDENTITY_MISMATCH, "orphan_operator_result")
    # A second attempt at the same index is not a lawful chain either.
    refused(build(ep, bindings=(b0, b0, b1)), P.TRACE_IDENTITY_MISMATCH)
    # The bound path on an embedded run: a run that is not open has no bindings.
    embedded = episode(THREE, Shape.EMBEDDED)
    kwargs = {**embedded.trace_kwargs(), "bindings": ep.bindings, "operator_results": ep.results}
    outcome = build_bound_practice_trace_input(**chained(kwargs))  # type: ignore[arg-type]
    refused(outcome, P.TRACE_IDENTITY_MISMATCH, "run_not_open")


def test_an_unexplored_episode_claims_nothing() -> None:
    blocked = episode(NEGATED)
    refused(
        build(blocked, replay_results=episode().replay_results),
        P.TRACE_IDENTITY_MISMATCH,
        "records_of_an_unexplored_episode",
    )


def test_trace_input_must_be_the_one_the_values_determine() -> None:
    ep, other = episode(), episode(BIG)
    refused(seal(ep, other.trace_input), P.TRACE_IDENTITY_MISMATCH)
    refusal = refused(
        seal(ep, forge(ep.trace_input, input_digest="9" * 64)),
        P.TRACE_IDENTITY_MISMATCH,
        "input_digest_mismatch",
    )
    assert refusal.input_digest is None  # it did not reproduce, so it is not reported
    refused(
        seal(ep, resealed_input(ep.trace_input, compute_budget_id="8" * 64)),
        P.TRACE_IDENTITY_MISMATCH,
        "compute_budget_id_mismatch",
    )


def test_unsupported_policies() -> None:
    ep = episode()
    trace_input = ep.trace_input
    assert type(trace_input) is PracticeTraceInput
    refused(
        seal(ep, resealed_input(trace_input, trace_policy_version="sealed_practice_trace.v2")),
        P.TRACE_POLICY_UNSUPPORTED,
        "trace_policy_unsupported",
    )
    newer = tuple(
        (n, v + ".next") if n == "search_gate" else (n, v) for n, v in trace_input.policy_versions
    )
    refused(
        seal(ep, resealed_input(trace_input, policy_versions=newer)),
        P.TRACE_POLICY_UNSUPPORTED,
        "policy_versions_unsupported",
    )
    results = ep.replay_results
    old = reseal(results[0], replay_policy_version="contract_proof_replay.v0")
    refused(
        build(ep, replay_results=(old, *results[1:])),
        P.TRACE_POLICY_UNSUPPORTED,
        "replay_policy_unsupported",
    )


def test_malformed_inputs() -> None:
    ep = episode()
    trace_input = ep.trace_input
    assert type(trace_input) is PracticeTraceInput
    versions = trace_input.policy_versions
    refused(
        seal(ep, resealed_input(trace_input, policy_versions=versions[::-1])),
        P.TRACE_INVALID_INPUT,
        "versions_not_canonical",
    )
    refused(
        seal(ep, resealed_input(trace_input, policy_versions=(versions[0], *versions))),
        P.TRACE_INVALID_INPUT,
    )
    refused(seal(ep, "trace input"), P.TRACE_INVALID_INPUT, "trace_input_malformed")
    refused(build(ep, replay_results=list(ep.replay_results)), P.TRACE_INVALID_INPUT)
    refused(build(ep, frame="frame"), P.TRACE_INVALID_INPUT)


def test_malformed_evidence_spans_fail_closed() -> None:
    """A chain every upstream boundary accepted, whose assessment cites a span that is not the
    source's slice: the trace will not copy it."""
    frame = read(THREE)
    relation = frame.relations[0]
    elsewhere = SourceSpan("Zed", 0, 3, 0)  # not frame.source_text[0:3]
    assessment = build_assessment(
        frame, candidate_organ=SUM, organ_version=SUM_VERSION,
        missing=(("addend_unbound", relation.evidence_spans),), hazards=(),
        evidence_spans=(elsewhere,), explanation="cites a span of another text",
    )  # fmt: skip
    manifest = make_manifest()
    residuals = project_contract_residuals(frame, assessment, manifest.organs[0].classification)
    assert type(residuals) is tuple
    gate = decide_search_gate(frame, assessment, residuals, manifest.organs[0].classification)
    budget = decide_compute_budget(gate)
    run = initialize_search_run(frame, assessment, residuals, gate, budget, manifest.operator_set)
    assert type(run) is GeometricSearchRun
    outcome = build_bound_practice_trace_input(
        UpstreamChain(frame, assessment, residuals, gate, budget, run),
        bindings=(), operator_results=(), replay_results=(), replay_refusals=(),
    )  # fmt: skip
    refused(outcome, P.TRACE_INVALID_INPUT, "evidence_spans_malformed")


# -- static surface --------------------------------------------------------------------------------

FORBIDDEN = frozenset(
    {
        "replay_candidate", "build_replay_input", "build_bound_replay_input",
        "bind_candidate_attempt",
        "propose", "propose_deltas", "build_operator_results", "explored_candidate",
        "build_candidate_reconstruction", "initialize_search_run", "build_embedded_search_run",
        "build_candidate_attempt", "project_contract_residuals", "decide_search_gate",
        "decide_compute_budget", "assess", "verify", "apply_delta",
    }
)  # fmt: skip


@pytest.mark.parametrize("name", ["trace", "_trace_checks"])
def test_trace_imports_replay_value_types_and_executes_nothing(name: str) -> None:
    tree = ast.parse((KERNEL / f"{name}.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "practiceloop.kernel.replay" not in imported
    assert "practiceloop.kernel._replay_checks" not in imported
    named = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    named |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    named |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert not named & FORBIDDEN


# -- fuzz ------------------------------------------------------------------------------------------


@st.composite
def _mangled(draw: st.DrawFn) -> tuple[Episode, dict[str, object], object]:
    ep = episode(THREE, draw(st.sampled_from(list(Shape))))
    kwargs = ep.trace_kwargs()
    trace_input: object = ep.trace_input
    slot = draw(st.sampled_from([*kwargs, "trace_input"]))
    current = trace_input if slot == "trace_input" else kwargs[slot]
    if hasattr(type(current), "__record_decl__"):
        value = draw(st.one_of(malformed(current), garbage()))
    elif type(current) is tuple and current:
        value = draw(
            st.one_of(
                garbage(),
                malformed(current[0]).map(lambda r: (r, *current[1:])),  # type: ignore[index]
                st.just(current[::-1]),  # type: ignore[index]
                st.just(current[:-1]),  # type: ignore[index]
                st.just((current[0], *current)),  # type: ignore[index]
            )
        )
    else:
        value = draw(garbage())
    if slot == "trace_input":
        trace_input = value
    else:
        kwargs[slot] = value
    return ep, kwargs, trace_input


@FUZZ
@given(_mangled())
def test_fuzz_every_boundary_never_raises_and_never_emits_a_partial_trace(
    case: tuple[Episode, dict[str, object], object],
) -> None:
    ep, kwargs, trace_input = case
    builder, sealer = (
        (build_bound_practice_trace_input, seal_bound_practice_trace)
        if ep.shape is Shape.OPEN
        else (build_practice_trace_input, seal_practice_trace)
    )
    built = builder(**chained(kwargs))  # type: ignore[operator]
    assert type(built) in (PracticeTraceInput, PracticeTraceRefusal)
    if type(built) is PracticeTraceRefusal:
        assert_sealed(built)
    sealed = sealer(trace_input, **chained(kwargs))  # type: ignore[operator]
    assert_sealed(sealed)
    if type(sealed) is SealedPracticeTrace:
        # Only prose was mangled.
        assert sealed.trace_id == ep.trace.trace_id  # type: ignore[union-attr]
    else:
        assert type(sealed) is PracticeTraceRefusal


def test_every_disposition_is_reached() -> None:
    """Each disposition on one real input, reached here (not by test order)."""
    ep = episode()
    cases = {
        P.SEALED_ORIGINAL_REFUSAL: episode(NEGATED).trace,
        P.SEALED_EXHAUSTED_NO_CANDIDATE: episode(NONE).trace,
        P.SEALED_ALL_CANDIDATES_REFUSED: episode(ONE).trace,
        P.SEALED_REPLAY_UNAVAILABLE: episode(ZEROS, Shape.OPEN, RATIO).trace,
        P.SEALED_CONTRACT_CLOSED_PROOF_REFUSED: episode(BIG).trace,
        P.SEALED_CANDIDATE_REPLAY_CLOSED: ep.trace,
        P.TRACE_INVALID_INPUT: seal(ep, "x"),
        P.TRACE_IDENTITY_MISMATCH: seal(ep, episode(BIG).trace_input),
        P.TRACE_POLICY_UNSUPPORTED: seal(
            ep, resealed_input(ep.trace_input, trace_policy_version="v9")
        ),
        P.TRACE_UPSTREAM_INCOMPLETE: build(ep, run=None),
    }
    for disposition, outcome in cases.items():
        if type(outcome) is SealedPracticeTrace:
            sealed_as(outcome, disposition)
        else:
            refused(outcome, disposition)
    assert set(cases) == set(PracticeDisposition)


@pytest.mark.parametrize("limit", ["max_depth", "max_steps"])
def test_an_embedded_attempt_beyond_the_budget_refuses(limit: str) -> None:
    """ADR-0230 s6.1 (7): depth and steps are each checked against the budget on their own."""
    ep = episode(THREE, Shape.EMBEDDED)
    first, *rest = ep.run.candidate_attempts
    if limit == "max_depth":
        beyond = reseal(first, depth=ep.budget.max_depth + 1)
    else:
        beyond = reseal(first, step_index=ep.budget.max_steps)
    run = reseal(ep.run, candidate_attempts=(beyond, *rest))
    refused(build(ep, run=run), P.TRACE_IDENTITY_MISMATCH, "attempt_exceeds_budget")
    refused(seal(ep, run=run), P.TRACE_IDENTITY_MISMATCH, "attempt_exceeds_budget")


@pytest.mark.parametrize(
    "field",
    ["problem_frame_digest", "original_contract_assessment_id", "gate_decision_id", "budget_id"],
)
def test_a_run_refusal_naming_anything_else_does_not_bind(field: str) -> None:
    """ADR-0230 s9: a blocked episode's run refusal names exactly its chain, link by link."""
    blocked = episode(NEGATED)
    refusal = reseal(blocked.run, **{field: "e" * 64})
    reason = "run_refusal_does_not_bind_chain"
    refused(build(blocked, run=refusal), P.TRACE_IDENTITY_MISMATCH, reason)
