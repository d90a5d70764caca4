"""CandidateOperatorResult / CandidateOperatorRefusal (ADR-0231): real operators, real candidates.

An operator is a pure function of (original frame, refused assessment, one residual) that
returns an ordered tuple of candidate deltas, or an :class:`OperatorDecline` when it does not
apply (loop.md s3). Operators never rank, score or choose. This module is the only place that
calls an operator row's ``propose``, and the only way to turn a delta into the records the rest
of the chain consumes:

* :func:`propose_deltas` calls one row of the closed operator set and returns its validated
  deltas in the operator's order, or a :class:`CandidateOperatorRefusal` (the operator declined,
  raised, or returned something that is not a lawful proposal; or the inputs did not validate).
  Both run shapes use it: the embedded shape explores before its run exists.
* :func:`build_operator_results` does the same for an *open* run and turns every delta into a
  :class:`~practiceloop.kernel.search_run.CandidateAttempt`, a
  :class:`~practiceloop.kernel.candidate.CandidateReconstruction` and a
  :class:`CandidateOperatorResult`, ready to be bound (ADR-0232).
* :func:`delta_candidate_digest`, :func:`explored_candidate` and
  :func:`build_candidate_reconstruction` are the one way to compute a delta's candidate digest,
  its explored candidate, and its reconstruction for (run, attempt): the open and the embedded
  path share them, so the same candidate has the same attempt and the same candidate identity
  in both shapes.

Every candidate is first generation: an operator works on the original frame, so its depth is
:data:`CANDIDATE_DEPTH` and it has no parent attempt. Nothing here binds, replays or seals.
"""

from __future__ import annotations

import enum
from typing import Final, cast

from practiceloop.kernel._faults import Fault, FaultKind, Known, Stop, check, guarded
from practiceloop.kernel._memo import remembered
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.candidate import (
    CandidateDelta,
    CandidateReconstruction,
    OperatorDecline,
    apply_delta,
    candidate_content_digest,
    delta_digest,
    reconstruction_digests,
)
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.identity import MAX_SAFE_INT, Digest
from practiceloop.kernel.manifest import OperatorRow, OperatorSet, recomputed_digest
from practiceloop.kernel.record import (
    Verdict,
    is_authentic,
    is_well_formed,
    record,
    sealed,
    verdict,
)
from practiceloop.kernel.residual import ContractResidual
from practiceloop.kernel.search_run import (
    CandidateAttempt,
    ExploredCandidate,
    GeometricSearchRun,
    RunDisposition,
    build_candidate_attempt,
)
from practiceloop.kernel.span import SourceSpan, spans_exact

__all__ = [
    "CANDIDATE_DEPTH",
    "OPERATOR_RESULT_POLICY_VERSION",
    "CandidateOperatorRefusal",
    "CandidateOperatorResult",
    "OperatorRefusalReason",
    "build_candidate_reconstruction",
    "build_operator_results",
    "delta_candidate_digest",
    "explored_candidate",
    "operator_result_fault",
    "propose_deltas",
]

OPERATOR_RESULT_POLICY_VERSION: Final = "candidate_operator_result.v1"

CANDIDATE_DEPTH: Final = 1
"""Depth of every operator candidate: one change away from the original frame."""


class OperatorRefusalReason(enum.StrEnum):
    """The first reason code of a :class:`CandidateOperatorRefusal` (closed)."""

    INVALID_INPUT = "operator_invalid_input"
    IDENTITY_MISMATCH = "operator_identity_mismatch"
    RUN_NOT_OPEN = "operator_run_not_open"
    NOT_APPLICABLE = "operator_not_applicable"
    DECLINED = "operator_declined"
    RAISED = "operator_raised"
    MALFORMED_OUTPUT = "operator_malformed_output"


@record(kind="candidate_operator_result", id_field="operator_result_id")
class CandidateOperatorResult:
    """One candidate an operator proposed for one residual, as an attempt of one open run."""

    operator_result_id: Digest
    policy_version: str
    run_id: Digest
    residual_id: Digest
    operator_id: str
    operator_version: str
    candidate_attempt: CandidateAttempt
    candidate_reconstruction: CandidateReconstruction
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str


@record(kind="candidate_operator_refusal", id_field="operator_refusal_id")
class CandidateOperatorRefusal:
    """No candidate: the operator did not apply, or could not be run lawfully.

    Ids are populated only when they were validated, never guessed (ADR-0229 s7.2 by analogy).
    """

    operator_refusal_id: Digest
    policy_version: str
    run_id: Digest | None
    residual_id: Digest | None
    operator_id: str | None
    operator_version: str | None
    reason_codes: tuple[str, ...]
    explanation: str

    def _rules(self) -> str | None:
        if not self.reason_codes or self.reason_codes[0] not in set(OperatorRefusalReason):
            return "the first reason code is an OperatorRefusalReason"
        return None


def _refusal(
    reason: OperatorRefusalReason, detail: tuple[str, ...], known: Known
) -> CandidateOperatorRefusal:
    # Ids are populated only when they were validated, never guessed (ADR-0229 s7.2).
    return sealed(
        CandidateOperatorRefusal,
        policy_version=OPERATOR_RESULT_POLICY_VERSION,
        run_id=known.get("run_id"),
        residual_id=known.get("residual_id"),
        operator_id=known.get("operator_id"),
        operator_version=known.get("operator_version"),
        reason_codes=(reason.value, *detail),
        explanation=f"no candidate: {reason.value}" + (f" ({', '.join(detail)})" if detail else ""),
    )


def _operator_set_id_ok(operator_set: OperatorSet) -> bool:
    # loop.md s4: operator_set_id is the digest of the static table; recomputed, not trusted.
    return recomputed_digest(operator_set) == operator_set.operator_set_id


def _check_context(
    frame: object,
    assessment: object,
    residual: object,
    operator_set: object,
    row: object,
    known: Known,
) -> None:
    """Validate (frame, assessment, residual, operator set, row), or raise ``Stop``."""
    invalid, mismatch = OperatorRefusalReason.INVALID_INPUT, OperatorRefusalReason.IDENTITY_MISMATCH
    # loop.md s7: malformed input of any shape is a refusal.
    values = ((frame, ProblemFrame), (assessment, ContractAssessment), (residual, ContractResidual))
    found = [verdict(value, cls) for value, cls in values]
    for seen, name in zip(found, ("frame", "assessment", "residual"), strict=True):
        check(seen is not Verdict.MALFORMED, invalid, f"{name}_malformed")
    well_typed = type(operator_set) is OperatorSet and type(row) is OperatorRow
    check(well_typed, invalid, "operator_malformed")
    frame = cast(ProblemFrame, frame)
    assessment = cast(ContractAssessment, assessment)
    residual = cast(ContractResidual, residual)
    operator_set = cast(OperatorSet, operator_set)
    row = cast(OperatorRow, row)
    # loop.md s2: every upstream id is recomputed from its fields.
    for seen, reason in zip(found, ("frame_digest_mismatch", "assessment_id_mismatch",
                                    "residual_id_mismatch"), strict=True):  # fmt: skip
        check(seen is Verdict.AUTHENTIC, mismatch, reason)
    known["residual_id"] = residual.residual_id
    # loop.md s3: the operator works on one residual of one refused assessment of this frame.
    if assessment.problem_frame_digest != frame.problem_frame_digest or assessment.runnable:
        raise Stop(mismatch, "assessment_not_a_refusal_of_frame")
    if (
        residual.problem_frame_digest != frame.problem_frame_digest
        or residual.original_contract_assessment_id != assessment.assessment_id
        or residual.candidate_organ != assessment.candidate_organ
    ):
        raise Stop(mismatch, "residual_of_another_assessment")
    if not _operator_set_id_ok(operator_set):
        raise Stop(mismatch, "operator_set_id_mismatch")
    # loop.md s4: the row is one of the closed set's own rows (no stray callable) ...
    if not any(listed is row for listed in operator_set.rows):
        raise Stop(OperatorRefusalReason.NOT_APPLICABLE, "operator_not_in_set")
    known.update(operator_id=row.operator_id, operator_version=row.version)
    # ... aimed at this residual's organ, kind and code.
    if not row.accepts(residual):
        raise Stop(OperatorRefusalReason.NOT_APPLICABLE, "operator_not_aimed_at_residual")


def _check_run(
    run: object, frame: object, assessment: object, residual: object, known: Known
) -> None:
    """Validate that ``run`` is an open run of this chain (after :func:`_check_context`)."""
    found = verdict(run, GeometricSearchRun)
    check(found is not Verdict.MALFORMED, OperatorRefusalReason.INVALID_INPUT, "run_malformed")
    run = cast(GeometricSearchRun, run)
    # loop.md s2: the run id is recomputed.
    check(found is Verdict.AUTHENTIC, OperatorRefusalReason.IDENTITY_MISMATCH, "run_id_mismatch")
    known["run_id"] = run.run_id
    # ADR-0232: candidates are attached from outside only to an open run; never rebuilt.
    if run.run_disposition is not RunDisposition.OPEN:
        raise Stop(OperatorRefusalReason.RUN_NOT_OPEN, "run_not_open")
    frame = cast(ProblemFrame, frame)
    assessment = cast(ContractAssessment, assessment)
    residual = cast(ContractResidual, residual)
    # ADR-0229 s6.2 (9) by analogy: the run binds this frame, assessment and residual.
    if (
        run.problem_frame_digest != frame.problem_frame_digest
        or run.original_contract_assessment_id != assessment.assessment_id
        or residual.residual_id not in run.residual_ids
    ):
        raise Stop(OperatorRefusalReason.IDENTITY_MISMATCH, "run_does_not_bind_residual")


def _check_output(frame: ProblemFrame, output: object) -> tuple[CandidateDelta, ...]:
    """The operator's lawful deltas, or raise ``Stop`` (declined or malformed)."""
    malformed = OperatorRefusalReason.MALFORMED_OUTPUT
    # loop.md s3: an operator that does not apply says why, with reason codes.
    if type(output) is OperatorDecline:
        if not is_well_formed(output, OperatorDecline):
            raise Stop(malformed, "decline_malformed")
        raise Stop(OperatorRefusalReason.DECLINED, *output.reason_codes)
    # loop.md s3: otherwise an ordered tuple of candidate deltas, each well formed.
    if type(output) is not tuple:
        raise Stop(malformed, "not_a_tuple_of_deltas")
    deltas = cast(tuple[object, ...], output)
    if not all(is_well_formed(delta, CandidateDelta) for delta in deltas):
        raise Stop(malformed, "delta_malformed")
    checked = cast(tuple[CandidateDelta, ...], deltas)
    # An operator proposes distinct candidates; nothing here deduplicates silently.
    if len(set(checked)) != len(checked):
        raise Stop(malformed, "delta_repeated")
    for delta in checked:
        # loop.md s3: each delta comes with the spans that justify it, exact slices of the
        # source (ADR-0229 s6.1: a candidate may not synthesize evidence spans).
        if not delta.evidence_spans or not spans_exact(delta.evidence_spans, frame.source_text):
            raise Stop(malformed, "delta_spans_not_exact")
        # ADR-0229 s6.1: a delta reconstructs to exactly one candidate frame, and changes it.
        candidate = apply_delta(frame, delta.bindings, delta.relations, delta.targets)
        if candidate is None:
            raise Stop(malformed, "delta_does_not_reconstruct")
        if candidate.problem_frame_digest == frame.problem_frame_digest:
            raise Stop(malformed, "delta_changes_nothing")
    return checked


def _propose(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residual: ContractResidual,
    row: OperatorRow,
) -> tuple[CandidateDelta, ...]:
    try:
        output: object = row.propose(frame, assessment, residual)
    except Exception as exc:  # ADR-0231: an operator that raises is refused, never propagated
        raise Stop(OperatorRefusalReason.RAISED, type(exc).__name__) from None
    return _check_output(frame, output)


def propose_deltas(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residual: ContractResidual,
    operator_set: OperatorSet,
    row: OperatorRow,
) -> tuple[CandidateDelta, ...] | CandidateOperatorRefusal:
    """Call one operator row's real ``propose`` on (frame, assessment, residual).

    Accepts the original frame, its refused assessment, one residual of it, the closed operator
    set and one of the set's own rows, aimed at that residual. Returns the operator's deltas in
    its own order (possibly none), each well formed, distinct, justified by exact source spans
    and reconstructing to one changed candidate frame. Refuses, as a
    :class:`CandidateOperatorRefusal` (``run_id`` None: no run is involved), malformed inputs,
    ids that do not reproduce, a row outside the set or not aimed at the residual, an operator
    that declines (its codes follow ``operator_declined``), raises, or returns anything else.
    Never raises.
    """

    def build(known: Known) -> tuple[CandidateDelta, ...]:
        _check_context(frame, assessment, residual, operator_set, row, known)
        return _propose(frame, assessment, residual, row)

    return guarded(build, _refusal, OperatorRefusalReason.INVALID_INPUT)


def delta_candidate_digest(original_problem_frame_digest: Digest, delta: CandidateDelta) -> Digest:
    """ADR-0229 s13.1 ``candidate_digest`` of ``delta`` applied to the identified frame.

    The candidate content only (frame identity, delta digest, bindings, relations, targets and
    exact ordered spans), never the attempt or operator envelope; remembered for these very
    values (:mod:`~practiceloop.kernel._memo`). A helper over validated values: an ill-typed
    argument raises (misuse of the API).
    """
    return remembered(_delta_candidate_digest, original_problem_frame_digest, delta)


def _delta_candidate_digest(frame_digest: Digest, delta: CandidateDelta) -> Digest:
    return candidate_content_digest(
        original_problem_frame_digest=frame_digest,
        candidate_problem_frame_digest=None,
        frame_delta_digest=delta_digest(delta),
        bindings=delta.bindings,
        relations=delta.relations,
        targets=delta.targets,
        evidence_spans=delta.evidence_spans,
    )


def explored_candidate(
    original_problem_frame_digest: Digest, row: OperatorRow, delta: CandidateDelta, step_index: int
) -> ExploredCandidate:
    """The explored candidate of ``delta`` proposed by ``row`` at ``step_index``.

    First generation (depth :data:`CANDIDATE_DEPTH`, no parent), charged the row's charge
    (loop.md s4), with the delta's spans exactly. The embedded path hands these to
    ``build_embedded_search_run``; the open path turns them into attempts itself. A helper over
    validated values: an ill-typed argument raises ``RecordError`` (misuse of the API).
    """
    return ExploredCandidate(
        candidate_digest=delta_candidate_digest(original_problem_frame_digest, delta),
        operator_id=row.operator_id,
        operator_version=row.version,
        parent_attempt_id=None,
        budget_charge=row.charge,
        depth=CANDIDATE_DEPTH,
        step_index=step_index,
        evidence_spans=delta.evidence_spans,
    )


def build_candidate_reconstruction(
    run: GeometricSearchRun, attempt: CandidateAttempt, delta: CandidateDelta
) -> CandidateReconstruction | None:
    """The ADR-0229 s6.1 reconstruction of ``delta`` as ``attempt`` of ``run``, or None.

    Accepts a run (either shape), one of its attempts and the delta that attempt tried. Returns
    the self-sealed envelope: the run, attempt and operator provenance, the run's operator set,
    the original frame identity, the delta digest (the frame digest form is not used), the
    delta's content and its exact ordered spans, and the recomputed candidate digest. Returns
    None, never raising, when a value is malformed, the run or attempt id does not reproduce,
    the attempt does not carry the run's input digest, or the delta is not the attempt's
    candidate (its recomputed candidate digest or spans differ).
    """
    try:
        if not (
            is_authentic(run, GeometricSearchRun)
            and is_authentic(attempt, CandidateAttempt)
            and is_well_formed(delta, CandidateDelta)
        ):
            return None
        candidate_digest = delta_candidate_digest(run.problem_frame_digest, delta)
        if (
            attempt.input_digest != run.input_digest
            or attempt.candidate_digest != candidate_digest
            or attempt.evidence_spans != delta.evidence_spans
        ):
            return None
        return sealed(
            CandidateReconstruction,
            run_id=run.run_id,
            attempt_id=attempt.attempt_id,
            original_problem_frame_digest=run.problem_frame_digest,
            candidate_problem_frame_digest=None,
            frame_delta_digest=delta_digest(delta),
            candidate_digest=candidate_digest,
            candidate_bindings=delta.bindings,
            candidate_relations=delta.relations,
            candidate_targets=delta.targets,
            evidence_spans=delta.evidence_spans,
            operator_set_id=run.operator_set_id,
            operator_set_version=run.operator_set_version,
            operator_id=attempt.operator_id,
            operator_version=attempt.operator_version,
        )
    except Exception:  # a forged value may raise from anywhere: no reconstruction
        return None


def _index_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SAFE_INT


def build_operator_results(
    run: GeometricSearchRun,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residual: ContractResidual,
    operator_set: OperatorSet,
    row: OperatorRow,
    *,
    attempt_index: int,
    step_index: int,
    already_tried: frozenset[Digest] = frozenset(),
) -> tuple[CandidateOperatorResult, ...] | CandidateOperatorRefusal:
    """Run one operator for an *open* run and turn each delta into a result (ADR-0231).

    Accepts what :func:`propose_deltas` accepts plus the open run (bound to this frame,
    assessment and residual, and to this operator set), the index of the next attempt and of
    this step, and the candidate digests the run already tried. Returns one
    :class:`CandidateOperatorResult` per new delta, in the operator's order, with attempt
    indices ``attempt_index, attempt_index + 1, ...`` and all at ``step_index`` (one operator
    call is one step); possibly none. A delta whose candidate the run already tried is not
    tried again (binding would refuse it); a delta repeated within one proposal is malformed.
    Nothing is bound: the caller checks the budget and binds each result in turn (ADR-0232).
    Refuses as :func:`propose_deltas` does, and when the run is malformed, its id does not
    reproduce, it is not open, it does not bind the residual or operator set, or an index (or
    ``already_tried``) is malformed.
    Never raises.
    """

    def build(known: Known) -> tuple[CandidateOperatorResult, ...]:
        _check_context(frame, assessment, residual, operator_set, row, known)
        _check_run(run, frame, assessment, residual, known)
        if not _index_ok(attempt_index) or not _index_ok(step_index):
            raise Stop(OperatorRefusalReason.INVALID_INPUT, "index_malformed")
        if type(already_tried) is not frozenset:
            raise Stop(OperatorRefusalReason.INVALID_INPUT, "already_tried_malformed")
        # ADR-0229 s6.2 (8): the candidate's operator set is the run's closed operator set.
        if (operator_set.operator_set_id, operator_set.version) != (
            run.operator_set_id,
            run.operator_set_version,
        ):
            raise Stop(OperatorRefusalReason.IDENTITY_MISMATCH, "operator_set_not_the_runs")
        fresh: list[CandidateDelta] = []
        seen = set(already_tried)
        for delta in _propose(frame, assessment, residual, row):
            candidate = delta_candidate_digest(frame.problem_frame_digest, delta)
            if candidate not in seen:
                seen.add(candidate)
                fresh.append(delta)
        deltas = tuple(fresh)
        if attempt_index + len(deltas) > MAX_SAFE_INT:
            raise Stop(OperatorRefusalReason.INVALID_INPUT, "index_malformed")
        results: list[CandidateOperatorResult] = []
        for offset, delta in enumerate(deltas):
            explored = explored_candidate(frame.problem_frame_digest, row, delta, step_index)
            attempt = build_candidate_attempt(run.input_digest, attempt_index + offset, explored)
            reconstruction = build_candidate_reconstruction(run, attempt, delta)
            if reconstruction is None:  # unreachable for validated values; never a partial
                raise Stop(OperatorRefusalReason.MALFORMED_OUTPUT, "delta_does_not_reconstruct")
            results.append(
                sealed(
                    CandidateOperatorResult,
                    policy_version=OPERATOR_RESULT_POLICY_VERSION,
                    run_id=run.run_id,
                    residual_id=residual.residual_id,
                    operator_id=row.operator_id,
                    operator_version=row.version,
                    candidate_attempt=attempt,
                    candidate_reconstruction=reconstruction,
                    evidence_spans=delta.evidence_spans,
                    explanation=(
                        f"{row.operator_id}@{row.version} proposed candidate"
                        f" {attempt.attempt_index} for {residual.residual_code}"
                    ),
                )
            )
        return tuple(results)

    return guarded(build, _refusal, OperatorRefusalReason.INVALID_INPUT)


def operator_result_fault(run: GeometricSearchRun, result: object) -> Fault | None:
    """Why ``result`` is not an authentic operator result of ``run``, or None.

    ``run`` must already be validated (its id recomputed). Accepts anything as ``result``.
    Recomputes the result id, its attempt id and its reconstruction digest, and the candidate
    digest from the reconstruction's content; checks that the attempt carries the run's input
    digest, that the reconstruction binds this run, the attempt, the run's frame and operator
    set, the attempt's operator and its exact spans, and that the result repeats the same
    operator and spans. Never raises.
    """
    try:
        if not is_well_formed(result, CandidateOperatorResult):
            return _BAD_RESULT
        result = cast(CandidateOperatorResult, result)
        attempt, rec = result.candidate_attempt, result.candidate_reconstruction
        if result.policy_version != OPERATOR_RESULT_POLICY_VERSION:
            return Fault(FaultKind.UNSUPPORTED, "operator_result_policy_unsupported")
        if not (
            is_authentic(result, CandidateOperatorResult)
            and is_authentic(attempt, CandidateAttempt)
            and is_authentic(rec, CandidateReconstruction)
        ):
            return Fault(FaultKind.MISMATCH, "operator_result_id_mismatch")
        # ADR-0229 s6.2 (5), s13.1: the candidate digest is recomputed from the content.
        recomputed_delta, recomputed = reconstruction_digests(rec)
        if (
            result.run_id != run.run_id
            or rec.run_id != run.run_id
            or rec.attempt_id != attempt.attempt_id
            or attempt.input_digest != run.input_digest
            or rec.original_problem_frame_digest != run.problem_frame_digest
            or rec.frame_delta_digest != recomputed_delta
            or rec.candidate_digest != recomputed
            or attempt.candidate_digest != recomputed
            or (rec.operator_set_id, rec.operator_set_version)
            != (run.operator_set_id, run.operator_set_version)
            or (rec.operator_id, rec.operator_version)
            != (attempt.operator_id, attempt.operator_version)
            or (result.operator_id, result.operator_version)
            != (attempt.operator_id, attempt.operator_version)
            or rec.evidence_spans != attempt.evidence_spans
            or result.evidence_spans != attempt.evidence_spans
            or result.residual_id not in run.residual_ids
        ):
            return Fault(FaultKind.MISMATCH, "operator_result_does_not_bind_run")
        return None
    except Exception:  # a forged value may raise from anywhere: it is malformed
        return _BAD_RESULT


_BAD_RESULT: Final = Fault(FaultKind.MALFORMED, "operator_result_malformed")
