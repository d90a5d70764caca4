"""The sealed trace's episode checks (ADR-0230 s6.1, s8, s9, s13, ADR-0233).

Private to :mod:`practiceloop.kernel.trace`. The one validator both sealing paths run on the
values (:func:`validate_episode`): every upstream id recomputed, every link checked, every
attempt accounted for by exactly one replay record, and the disposition derived from validated
records only. A failed check raises :class:`~practiceloop.kernel._faults.Stop` carrying the
ADR-0230 s13 disposition. Only the replay adapter's value types are imported, and no operator,
search, replay or binding producer is called (ADR-0230 s15, ADR-0233 s1).
"""

from __future__ import annotations

import dataclasses
from typing import Final, cast

from practiceloop.kernel._faults import FaultKind, check, stop_on
from practiceloop.kernel._replay_types import (
    CONTRACT_PROOF_REPLAY_POLICY_VERSION,
    ReplayAdapterRefusal,
    ReplayAdapterResult,
    ReplayDisposition,
)
from practiceloop.kernel._trace_types import (
    SEALED_PRACTICE_TRACE_POLICY_VERSION,
    PracticeDisposition,
)
from practiceloop.kernel._upstream import context_fault
from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.binding import (
    BINDING_POLICY_VERSION,
    BindingRefusalCode,
    CandidateAttemptRunBinding,
    bindings_fault,
)
from practiceloop.kernel.budget import BUDGET_POLICY_VERSION, ComputeBudgetDecision
from practiceloop.kernel.chain import UpstreamChain, run_fault
from practiceloop.kernel.frame import FRAME_SCHEMA_VERSION, ProblemFrame
from practiceloop.kernel.gate import GATE_POLICY_VERSION, GateStatus, SearchGateDecision
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.operator_result import (
    OPERATOR_RESULT_POLICY_VERSION,
    CandidateOperatorResult,
    operator_result_fault,
)
from practiceloop.kernel.record import Verdict, is_well_formed, record_id, verdict
from practiceloop.kernel.residual import RESIDUAL_POLICY_VERSION
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    CandidateAttempt,
    GeometricSearchRun,
    RunDisposition,
    SearchRunRefusal,
    SearchRunRefusalCode,
)
from practiceloop.kernel.span import SourceSpan, spans_exact

__all__ = ["Episode", "validate_episode"]

_D = PracticeDisposition

# A shared check's fault as a trace refusal (ADR-0230 s13): a missing upstream record (passed
# as None) is an incomplete upstream, not malformed input.
_FAULT_DISPOSITION: Final = {
    FaultKind.MALFORMED: _D.TRACE_INVALID_INPUT,
    FaultKind.MISSING: _D.TRACE_UPSTREAM_INCOMPLETE,
    FaultKind.UNSUPPORTED: _D.TRACE_POLICY_UNSUPPORTED,
    FaultKind.MISMATCH: _D.TRACE_IDENTITY_MISMATCH,
}

_BINDING_DISPOSITION: Final = {
    BindingRefusalCode.INVALID_INPUT: _D.TRACE_INVALID_INPUT,
    BindingRefusalCode.POLICY_UNSUPPORTED: _D.TRACE_POLICY_UNSUPPORTED,
}


_COMMON_POLICIES: Final = (
    ("compute_budget", BUDGET_POLICY_VERSION),
    ("contract_assessment", ASSESSMENT_POLICY_VERSION),
    ("contract_proof_replay", CONTRACT_PROOF_REPLAY_POLICY_VERSION),
    ("contract_residual", RESIDUAL_POLICY_VERSION),
    ("geometric_search_run", RUN_POLICY_VERSION),
    ("sealed_practice_trace", SEALED_PRACTICE_TRACE_POLICY_VERSION),
    ("search_gate", GATE_POLICY_VERSION),
)
_BOUND_POLICIES: Final = (
    ("candidate_attempt_run_binding", BINDING_POLICY_VERSION),
    ("candidate_operator_result", OPERATOR_RESULT_POLICY_VERSION),
)
_SCHEMAS: Final = (("problem_frame", FRAME_SCHEMA_VERSION),)


@dataclasses.dataclass(frozen=True, slots=True)
class Episode:
    """A validated episode: the input fields it determines and what the trace records."""

    fields: dict[str, object]
    disposition: PracticeDisposition
    trace_records: tuple[Digest, ...]
    evidence_spans: tuple[SourceSpan, ...]
    attempts: int


def _run_refusal(
    refusal: SearchRunRefusal,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
) -> None:
    """ADR-0230 s6.1 (6), s6.2: a lawful run refusal of this chain (gate or budget blocked)."""
    check(
        refusal.run_policy_version == RUN_POLICY_VERSION,
        _D.TRACE_POLICY_UNSUPPORTED,
        "run_policy_unsupported",
    )
    check(
        verdict(refusal, SearchRunRefusal) is Verdict.AUTHENTIC,
        _D.TRACE_IDENTITY_MISMATCH,
        "run_refusal_id_mismatch",
    )
    # s9: no orphan gate or budget: the refusal names exactly this chain.
    check(
        refusal.problem_frame_digest == frame.problem_frame_digest
        and refusal.original_contract_assessment_id == assessment.assessment_id
        and refusal.gate_decision_id == gate.decision_id
        and refusal.budget_id == budget.budget_id,
        _D.TRACE_IDENTITY_MISMATCH,
        "run_refusal_does_not_bind_chain",
    )
    # s6.2: only a gate or budget block is a lawful refusal before exploration; a run that
    # refused its own input leaves the episode without its run record.
    code = refusal.refusal_code
    check(
        code is not SearchRunRefusalCode.INVALID_INPUT,
        _D.TRACE_UPSTREAM_INCOMPLETE,
        "run_refusal_not_lawful",
    )
    gate_blocked = gate.status is not GateStatus.ELIGIBLE
    check(
        gate_blocked == (code is SearchRunRefusalCode.BLOCKED_BY_GATE),
        _D.TRACE_IDENTITY_MISMATCH,
        "run_refusal_contradicts_gate_or_budget",
    )


def _bound_attempts(
    run: GeometricSearchRun,
    budget: ComputeBudgetDecision,
    bindings: object,
    results: object,
) -> tuple[CandidateAttempt, ...]:
    """ADR-0233: the attempts of an open run, from its binding chain and operator results."""
    fault = bindings_fault(run, budget, bindings)
    if fault is not None:
        code, reason = fault
        check(False, _BINDING_DISPOSITION.get(code, _D.TRACE_IDENTITY_MISMATCH), reason)
    bindings = cast(tuple[CandidateAttemptRunBinding, ...], bindings)
    check(
        type(results) is tuple,
        _D.TRACE_INVALID_INPUT,
        "operator_results_not_a_tuple",
    )
    results = cast(tuple[object, ...], results)
    # s9: no orphan; every binding has its operator result and every result its binding.
    check(
        len(results) >= len(bindings),
        _D.TRACE_UPSTREAM_INCOMPLETE,
        "operator_result_missing",
    )
    check(
        len(results) == len(bindings),
        _D.TRACE_IDENTITY_MISMATCH,
        "orphan_operator_result",
    )
    attempts: list[CandidateAttempt] = []
    for binding, result in zip(bindings, results, strict=True):
        stop_on(operator_result_fault(run, result), _FAULT_DISPOSITION)
        result = cast(CandidateOperatorResult, result)
        attempt = result.candidate_attempt
        # ADR-0232: the binding names exactly this result, attempt and candidate.
        check(
            binding.operator_result_id == result.operator_result_id
            and binding.candidate_attempt_id == attempt.attempt_id
            and binding.attempt_index == attempt.attempt_index
            and binding.candidate_digest == attempt.candidate_digest
            and binding.candidate_reconstruction_digest
            == result.candidate_reconstruction.candidate_reconstruction_digest
            and (binding.budget_charge, binding.depth, binding.step_index)
            == (attempt.budget_charge, attempt.depth, attempt.step_index)
            and binding.evidence_spans == attempt.evidence_spans,
            _D.TRACE_IDENTITY_MISMATCH,
            "binding_does_not_name_operator_result",
        )
        attempts.append(attempt)
    return tuple(attempts)


def _embedded_attempts(
    run: GeometricSearchRun, budget: ComputeBudgetDecision
) -> tuple[CandidateAttempt, ...]:
    """ADR-0230 s6.1 (7): the attempts of an embedded run, in canonical run order."""
    attempts = run.candidate_attempts
    for attempt in attempts:
        # s6.1 (7): every attempt id reproduces; the run's own rules fix order and input digest.
        check(
            verdict(attempt, CandidateAttempt) is Verdict.AUTHENTIC,
            _D.TRACE_IDENTITY_MISMATCH,
            "attempt_id_mismatch",
        )
        check(
            attempt.depth <= budget.max_depth and attempt.step_index < budget.max_steps,
            _D.TRACE_IDENTITY_MISMATCH,
            "attempt_exceeds_budget",
        )
    return attempts


def _replay_records(
    run_id: Digest, attempts: tuple[CandidateAttempt, ...], results: object, refusals: object
) -> tuple[dict[Digest, Digest], tuple[ReplayAdapterResult, ...]]:
    """ADR-0230 s6.1 (8)-(9), s10: exactly one bound replay record per attempt."""
    invalid, mismatch = (
        _D.TRACE_INVALID_INPUT,
        _D.TRACE_IDENTITY_MISMATCH,
    )
    check(type(results) is tuple and type(refusals) is tuple, invalid, "replay_records_not_tuples")
    results = cast(tuple[object, ...], results)
    refusals = cast(tuple[object, ...], refusals)
    check(all(is_well_formed(r, ReplayAdapterResult) for r in results), invalid, "replay_malformed")
    check(
        all(is_well_formed(r, ReplayAdapterRefusal) for r in refusals), invalid, "replay_malformed"
    )
    typed_results = cast(tuple[ReplayAdapterResult, ...], results)
    typed_refusals = cast(tuple[ReplayAdapterRefusal, ...], refusals)
    position = {attempt.attempt_id: index for index, attempt in enumerate(attempts)}
    record_of: dict[Digest, Digest] = {}
    kinds: tuple[tuple[type, tuple[ReplayAdapterResult | ReplayAdapterRefusal, ...]], ...] = (
        (ReplayAdapterResult, typed_results),
        (ReplayAdapterRefusal, typed_refusals),
    )
    for cls, records in kinds:
        last = -1
        for rec in records:
            # s6.1 (10): the replay policy is supported explicitly.
            check(
                rec.replay_policy_version == CONTRACT_PROOF_REPLAY_POLICY_VERSION,
                _D.TRACE_POLICY_UNSUPPORTED,
                "replay_policy_unsupported",
            )
            # s6.1 (8): the record id reproduces ...
            check(verdict(rec, cls) is Verdict.AUTHENTIC, mismatch, "replay_record_id_mismatch")
            # ... and binds to this run (s9: no replay result from a different run) ...
            check(rec.run_id == run_id, mismatch, "replay_record_of_another_run")
            # ... to one of its attempts (s9: no orphan replay result or refusal) ...
            index = position.get(cast(Digest, rec.attempt_id), -1)
            check(index >= 0, mismatch, "orphan_replay_record")
            attempt = attempts[index]
            # ... and to that attempt's candidate (s10).
            check(
                rec.candidate_digest == attempt.candidate_digest,
                mismatch,
                "replay_candidate_mismatch",
            )
            if type(rec) is ReplayAdapterResult:
                # ADR-0229 s7.1: a result carries the candidate's exact spans.
                check(
                    rec.evidence_spans == attempt.evidence_spans, mismatch, "replay_spans_mismatch"
                )
            # Exactly one record per attempt (loop.md s7): never two.
            check(attempt.attempt_id not in record_of, mismatch, "duplicate_replay_record")
            # s9: records follow canonical run order.
            check(index > last, mismatch, "replay_records_out_of_order")
            last = index
            record_of[attempt.attempt_id] = record_id(rec)
    # s10, s13: every attempt has its replay record; absence is an incomplete upstream.
    check(
        len(record_of) == len(attempts),
        _D.TRACE_UPSTREAM_INCOMPLETE,
        "attempt_without_replay_record",
    )
    return record_of, typed_results


def _disposition(results: tuple[ReplayAdapterResult, ...], attempts: int) -> PracticeDisposition:
    """ADR-0230 s8.1: the practice disposition, from validated records only."""
    found = {result.replay_disposition for result in results}
    if not attempts:
        return _D.SEALED_EXHAUSTED_NO_CANDIDATE
    if ReplayDisposition.CONTRACT_AND_PROOF_CLOSED in found:
        return _D.SEALED_CANDIDATE_REPLAY_CLOSED
    if ReplayDisposition.CONTRACT_CLOSED_BUT_PROOF_REFUSED in found:
        return _D.SEALED_CONTRACT_CLOSED_PROOF_REFUSED
    if found:  # every lawful replay result is contract_refused; adapter refusals do not count
        return _D.SEALED_ALL_CANDIDATES_REFUSED
    return _D.SEALED_REPLAY_UNAVAILABLE


def validate_episode(
    chain: object,
    *,
    bound: bool,
    bindings: object,
    operator_results: object,
    replay_results: object,
    replay_refusals: object,
) -> Episode:
    """Every ADR-0230 s6.1 check (and ADR-0233's) on the values; raise ``Stop``."""
    check(type(chain) is UpstreamChain, _D.TRACE_INVALID_INPUT, "chain_malformed")
    chain = cast(UpstreamChain, chain)
    run: object = chain.run
    # s6.1 (1)-(5), (10), s13: frame, assessment, residuals, gate and budget are there,
    # reproduce, form one chain (no residual of another assessment, no orphan gate or budget),
    # versions supported.
    stop_on(
        context_fault(chain.frame, chain.assessment, chain.residuals, chain.gate, chain.budget),
        _FAULT_DISPOSITION,
    )
    frame, assessment, residuals = chain.frame, chain.assessment, chain.residuals
    gate, budget = chain.gate, chain.budget
    attempts: tuple[CandidateAttempt, ...] = ()
    record_of: dict[Digest, Digest] = {}
    if type(run) is SearchRunRefusal:
        check(
            is_well_formed(run, SearchRunRefusal),
            _D.TRACE_INVALID_INPUT,
            "run_malformed",
        )
        _run_refusal(run, frame, assessment, gate, budget)
        run_id = run.run_refusal_id
        # s6.2: an episode that never explored cannot claim attempts or replay outcomes.
        empty = (bindings, operator_results, replay_results, replay_refusals) == ((),) * 4
        check(
            empty, _D.TRACE_IDENTITY_MISMATCH, "records_of_an_unexplored_episode"
        )
        disposition = _D.SEALED_ORIGINAL_REFUSAL
    else:
        # s6.1 (6): the run id reproduces and the run binds this chain.
        stop_on(run_fault(run, assessment, residuals, gate, budget), _FAULT_DISPOSITION)
        run = cast(GeometricSearchRun, run)
        run_id = run.run_id
        if bound:
            # ADR-0233: an open run's attempts are its bound operator results, in binding order.
            attempts = _bound_attempts(run, budget, bindings, operator_results)
        else:
            # A legacy seal of an open run would drop its bound attempts: they are missing.
            check(
                run.run_disposition is RunDisposition.EXPLORED,
                _D.TRACE_UPSTREAM_INCOMPLETE,
                "open_run_needs_its_bindings",
            )
            attempts = _embedded_attempts(run, budget)
        record_of, results = _replay_records(run_id, attempts, replay_results, replay_refusals)
        disposition = _disposition(results, len(attempts))
    # s6.1 (12), s11: the spans the trace copies are exact slices of the source, kept in order
    # with their duplicates.
    spans = assessment.evidence_spans + tuple(s for a in attempts for s in a.evidence_spans)
    check(
        spans_exact(spans, frame.source_text),
        _D.TRACE_INVALID_INPUT,
        "evidence_spans_malformed",
    )
    binding_list = cast(tuple[CandidateAttemptRunBinding, ...], bindings) if bound else ()
    result_list = cast(tuple[CandidateOperatorResult, ...], operator_results) if bound else ()
    residual_ids = tuple(r.residual_id for r in residuals)
    trace_records: list[Digest] = [
        frame.problem_frame_digest,
        assessment.assessment_id,
        *residual_ids,
        gate.decision_id,
        budget.budget_id,
        run_id,
    ]
    for index, attempt in enumerate(attempts):
        trace_records.append(attempt.attempt_id)
        if bound:
            trace_records += (result_list[index].operator_result_id, binding_list[index].binding_id)
        trace_records.append(record_of[attempt.attempt_id])
    # s6.1 (10): the versions this seal depends on; binding and operator-result policies only
    # when an open run's bindings were validated (a blocked episode seals alike on both paths).
    explored = bound and type(run) is GeometricSearchRun
    policies = tuple(sorted(_COMMON_POLICIES + (_BOUND_POLICIES if explored else ())))
    fields: dict[str, object] = {
        "trace_policy_version": SEALED_PRACTICE_TRACE_POLICY_VERSION,
        "problem_frame_digest": frame.problem_frame_digest,
        "original_contract_assessment_id": assessment.assessment_id,
        "residual_ids": residual_ids,
        "search_gate_decision_id": gate.decision_id,
        "compute_budget_id": budget.budget_id,
        "geometric_search_run_id": run_id,
        "candidate_attempt_ids": tuple(a.attempt_id for a in attempts),
        "candidate_attempt_binding_ids": tuple(b.binding_id for b in binding_list),
        "replay_result_ids": tuple(
            record_id(r) for r in cast(tuple[ReplayAdapterResult, ...], replay_results)
        ),
        "replay_refusal_ids": tuple(
            record_id(r) for r in cast(tuple[ReplayAdapterRefusal, ...], replay_refusals)
        ),
        "schema_versions": _SCHEMAS,
        "policy_versions": policies,
    }
    return Episode(fields, disposition, tuple(trace_records), spans, len(attempts))
