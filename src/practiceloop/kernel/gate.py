"""SearchGateDecision (ADR-0226): may one refused assessment's residual context be searched?

The policy is a static, versioned table: the first eligible kind present (in
:data:`ELIGIBLE_ORDER`) makes the context ``eligible`` with reason ``eligible_<kind>``, unless
any blocking kind is present, which blocks the whole context with ``blocked_<kind>`` (priority
:data:`BLOCKING_ORDER`). An empty context, residuals of more than one assessment, or a residual
whose id does not reproduce is ``unassessable``; so is a context that is not the assessment's
complete projection (a residual dropped, reordered or repeated: ``unassessable_invalid_input``),
since dropping the one blocking residual must never make a context eligible. A decided gate's
evidence is the spans of the residuals whose kind decided, in residual order.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import cast

from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.identity import Digest, digest
from practiceloop.kernel.record import Verdict, record, sealed, verdict
from practiceloop.kernel.residual import (
    ContractResidual,
    ResidualClassification,
    ResidualContextFault,
    ResidualKind,
    residual_context_fault,
)
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "BLOCKING_ORDER",
    "ELIGIBLE_ORDER",
    "GATE_POLICY_VERSION",
    "GateStatus",
    "SearchGateDecision",
    "UnassessableReason",
    "decide_search_gate",
    "gate_input_digest",
    "gate_policy",
]

GATE_POLICY_VERSION = "search_gate.v1"

ELIGIBLE_ORDER: tuple[ResidualKind, ...] = (
    ResidualKind.MISSING_PROPOSAL,
    ResidualKind.MISSING_RELATION,
    ResidualKind.MISSING_ROLE,
    ResidualKind.TARGET_UNBOUND,
    ResidualKind.AMBIGUOUS_RELATION,
    ResidualKind.AMBIGUOUS_ROLE,
)

BLOCKING_ORDER: tuple[ResidualKind, ...] = (
    ResidualKind.HAZARD_BLOCKED,
    ResidualKind.UNIT_OBJECT_CONFLICT,
    ResidualKind.UNSUPPORTED_TOPOLOGY,
    ResidualKind.NONLOCAL_BINDING,
    ResidualKind.INEXACT_PROVENANCE,
    ResidualKind.CONTRACT_GAP_UNCLASSIFIED,
)


class GateStatus(enum.StrEnum):
    """Closed gate statuses."""

    ELIGIBLE = "eligible"
    BLOCKED = "blocked"
    UNASSESSABLE = "unassessable"


class UnassessableReason(enum.StrEnum):
    """Reason codes of an ``unassessable`` gate."""

    EMPTY_CONTEXT = "unassessable_empty_context"
    MIXED_ASSESSMENTS = "unassessable_mixed_assessments"
    IDENTITY_MISMATCH = "unassessable_identity_mismatch"
    INVALID_INPUT = "unassessable_invalid_input"
    RUNNABLE_ASSESSMENT = "unassessable_runnable_assessment"


@record(kind="search_gate_decision", id_field="decision_id")
class SearchGateDecision:
    """The gate's decision over one residual context."""

    decision_id: Digest
    policy_version: str
    input_digest: Digest
    problem_frame_digest: Digest | None
    original_contract_assessment_id: Digest | None
    residual_ids: tuple[Digest, ...]
    candidate_organ: str | None
    status: GateStatus
    reason_code: str
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        # loop.md s3 gate: the reason vocabulary is fixed by the status and the policy table.
        if self.status is GateStatus.UNASSESSABLE:
            if self.reason_code not in _UNASSESSABLE_REASONS:
                return "an unassessable gate gives an UnassessableReason"
            return None
        allowed = _ELIGIBLE_REASONS if self.status is GateStatus.ELIGIBLE else _BLOCKED_REASONS
        if self.reason_code not in allowed:
            return "the reason is not the policy's reason for this status"
        if (
            self.problem_frame_digest is None
            or self.original_contract_assessment_id is None
            or self.candidate_organ is None
            or not self.residual_ids
        ):
            return "a decided gate names its frame, assessment, organ and residuals"
        return None


_ELIGIBLE_REASONS = frozenset(f"eligible_{kind.value}" for kind in ELIGIBLE_ORDER)
_BLOCKED_REASONS = frozenset(f"blocked_{kind.value}" for kind in BLOCKING_ORDER)
_UNASSESSABLE_REASONS = frozenset(reason.value for reason in UnassessableReason)

_CONTEXT_FAULTS: dict[ResidualContextFault, UnassessableReason] = {
    ResidualContextFault.MALFORMED: UnassessableReason.INVALID_INPUT,
    ResidualContextFault.IDENTITY_MISMATCH: UnassessableReason.IDENTITY_MISMATCH,
    ResidualContextFault.FOREIGN: UnassessableReason.MIXED_ASSESSMENTS,
    ResidualContextFault.INCOMPLETE: UnassessableReason.INVALID_INPUT,
    ResidualContextFault.MISCLASSIFIED: UnassessableReason.IDENTITY_MISMATCH,
}


def gate_input_digest(
    problem_frame_digest: Digest | None,
    original_contract_assessment_id: Digest | None,
    residual_ids: tuple[Digest, ...],
    candidate_organ: str | None,
    policy_version: str = GATE_POLICY_VERSION,
) -> Digest:
    """Digest of the gate's structural input (loop.md s3 gate); ``None`` where unvalidated."""
    return digest(
        {
            "policy_version": policy_version,
            "problem_frame_digest": problem_frame_digest,
            "original_contract_assessment_id": original_contract_assessment_id,
            "residual_ids": residual_ids,
            "candidate_organ": candidate_organ,
        }
    )


@dataclasses.dataclass(frozen=True, slots=True)
class _Known:
    """The ids validated so far (ADR-0229 s7.2 by analogy: populated only when validated)."""

    frame_digest: Digest | None = None
    assessment_id: Digest | None = None
    organ: str | None = None
    residual_ids: tuple[Digest, ...] = ()


def _decision(
    status: GateStatus,
    reason: str,
    known: _Known,
    spans: tuple[SourceSpan, ...],
    explanation: str,
) -> SearchGateDecision:
    return sealed(
        SearchGateDecision,
        policy_version=GATE_POLICY_VERSION,
        input_digest=gate_input_digest(
            known.frame_digest, known.assessment_id, known.residual_ids, known.organ
        ),
        problem_frame_digest=known.frame_digest,
        original_contract_assessment_id=known.assessment_id,
        residual_ids=known.residual_ids,
        candidate_organ=known.organ,
        status=status,
        reason_code=reason,
        evidence_spans=spans,
        explanation=explanation,
    )


def _unassessable(
    reason: UnassessableReason, detail: str, known: _Known | None = None
) -> SearchGateDecision:
    explanation = f"residual context unassessable: {detail}"
    return _decision(
        GateStatus.UNASSESSABLE, reason.value, _Known() if known is None else known, (), explanation
    )


def gate_policy(
    context: tuple[ContractResidual, ...],
) -> tuple[GateStatus, ResidualKind, tuple[SourceSpan, ...]] | None:
    """The static policy over a validated, non-empty residual context: the status, the kind
    that decides it and the decided gate's evidence (the spans of the residuals of that kind,
    in residual order); None when no kind the policy knows is present."""
    kinds = {residual.residual_kind for residual in context}
    decided = None
    # loop.md s3 gate: any blocking kind blocks the whole context, by BLOCKING_ORDER priority.
    for kind in BLOCKING_ORDER:
        if kind in kinds:
            decided = GateStatus.BLOCKED, kind
            break
    else:
        # loop.md s3 gate: otherwise the first eligible kind present, in ELIGIBLE_ORDER.
        for kind in ELIGIBLE_ORDER:
            if kind in kinds:
                decided = GateStatus.ELIGIBLE, kind
                break
    if decided is None:
        return None
    status, kind = decided
    spans = tuple(
        span
        for residual in context
        if residual.residual_kind is kind
        for span in residual.evidence_spans
    )
    return status, kind, spans


def _decide(
    frame: object, assessment: object, residuals: object, classification: object
) -> SearchGateDecision:
    invalid = UnassessableReason.INVALID_INPUT
    mismatch = UnassessableReason.IDENTITY_MISMATCH
    # loop.md s2: every upstream id is recomputed from its fields before it is used.
    found = verdict(frame, ProblemFrame)
    if found is Verdict.MALFORMED:
        return _unassessable(invalid, "the frame is malformed")
    if found is Verdict.ID_MISMATCH:
        return _unassessable(mismatch, "the frame digest does not reproduce")
    assert isinstance(frame, ProblemFrame)
    known = _Known(frame_digest=frame.problem_frame_digest)
    found = verdict(assessment, ContractAssessment)
    if found is Verdict.MALFORMED:
        return _unassessable(invalid, "the assessment is malformed", known)
    if found is Verdict.ID_MISMATCH:
        return _unassessable(mismatch, "the assessment id does not reproduce", known)
    assert isinstance(assessment, ContractAssessment)
    if assessment.problem_frame_digest != frame.problem_frame_digest:
        return _unassessable(mismatch, "the assessment is of another frame", known)
    known = dataclasses.replace(
        known, assessment_id=assessment.assessment_id, organ=assessment.candidate_organ
    )
    # loop.md s3: only a refused assessment has a residual context to search.
    if assessment.runnable:
        return _unassessable(UnassessableReason.RUNNABLE_ASSESSMENT, "runnable", known)
    # loop.md s3 gate: an empty context is unassessable.
    if type(residuals) is tuple and not residuals:
        return _unassessable(UnassessableReason.EMPTY_CONTEXT, "no residuals", known)
    # loop.md s3 gate: residual ids reproduce and belong to this one assessment, complete; s3,
    # s7: each kind and axis is the one the organ's classification table gives its code.
    fault = residual_context_fault(
        frame.problem_frame_digest,
        assessment,
        residuals,
        cast(ResidualClassification, classification),
    )
    if fault is not None:
        return _unassessable(_CONTEXT_FAULTS[fault], fault.value, known)
    context = cast(tuple[ContractResidual, ...], residuals)
    known = dataclasses.replace(known, residual_ids=tuple(r.residual_id for r in context))
    decided = gate_policy(context)
    if decided is None:  # unreachable while the two orders cover the closed ResidualKind
        return _unassessable(invalid, "no kind the policy knows", known)
    status, kind, spans = decided
    prefix = "eligible" if status is GateStatus.ELIGIBLE else "blocked"
    explanation = f"residual context {status.value}: {kind.value} decides ({GATE_POLICY_VERSION})"
    return _decision(status, f"{prefix}_{kind.value}", known, spans, explanation)


def decide_search_gate(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    classification: ResidualClassification,
) -> SearchGateDecision:
    """Decide whether one refused assessment's residual context may be searched (ADR-0226).

    Accepts the frame, its refused assessment, the assessment's complete residual context (as
    :func:`~practiceloop.kernel.residual.project_contract_residuals` returned it) and the
    organ's static classification table (the manifest's ``OrganEntry.classification``): the
    gate re-derives every residual's kind and axis from it (loop.md s3, s7), so a residual
    re-classified and re-sealed never opens a search. Returns ``eligible`` / ``blocked`` with
    the policy's reason, or ``unassessable`` with an :class:`UnassessableReason`: a malformed
    input or table (``invalid_input``, ids it could not validate left ``None``), an id that
    does not reproduce or a kind or axis that is not the table's (``identity_mismatch``),
    residuals of another assessment, an empty context or a runnable assessment. Never raises.
    """
    try:
        return _decide(frame, assessment, residuals, classification)
    except Exception:  # last guard: a bizarre input must still come back as a decision
        return _unassessable(UnassessableReason.INVALID_INPUT, "unexpected input")
