"""Re-validating the upstream chain up to the budget, from values (private to the kernel).

The run (ADR-0228), the replay adapter (ADR-0229 s6.2 (9)-(10)) and the sealed trace (ADR-0230
s6.1 (1)-(5)) all receive the original frame, its assessment, the residual context, the gate
and the budget, and all must recompute every id from its fields and check every link
(loop.md s2, s7). This module is the one place that does it, and :func:`gate_binds` the one
definition of "the gate decided over exactly these residuals". It returns a
:class:`~practiceloop.kernel._faults.Fault` that each stage maps onto its own refusal
vocabulary; it never raises.
"""

from __future__ import annotations

from typing import cast

from practiceloop.kernel._faults import Fault, FaultKind
from practiceloop.kernel._memo import remembered
from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.budget import BUDGET_POLICY_VERSION, ComputeBudgetDecision
from practiceloop.kernel.frame import FRAME_SCHEMA_VERSION, ProblemFrame
from practiceloop.kernel.gate import GATE_POLICY_VERSION, SearchGateDecision, gate_input_digest
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import Verdict, verdict
from practiceloop.kernel.residual import (
    RESIDUAL_POLICY_VERSION,
    ContractResidual,
    ResidualClassification,
    ResidualContextFault,
    residual_context_fault,
)

__all__ = ["context_fault", "gate_binds"]


def _gate_input_digest(gate: SearchGateDecision) -> Digest:
    """The gate's input digest, recomputed from the fields it covers."""
    return gate_input_digest(
        gate.problem_frame_digest,
        gate.original_contract_assessment_id,
        gate.residual_ids,
        gate.candidate_organ,
    )


def gate_binds(
    gate: SearchGateDecision,
    frame_digest: Digest,
    assessment: ContractAssessment,
    residual_ids: tuple[Digest, ...],
) -> bool:
    """True when the well-formed ``gate`` decided over exactly these residuals of this
    assessment and frame, its input digest recomputed from them (loop.md s3 gate, ADR-0230
    s6.1 (4)): from its own fields once they equal these (remembered for this very gate,
    :mod:`~practiceloop.kernel._memo`)."""
    return (
        gate.problem_frame_digest == frame_digest
        and gate.original_contract_assessment_id == assessment.assessment_id
        and gate.candidate_organ == assessment.candidate_organ
        and gate.residual_ids == residual_ids
        and gate.input_digest == remembered(_gate_input_digest, gate)
    )


def _context_fault(
    frame: object,
    assessment: object,
    residuals: object,
    gate: object,
    budget: object,
    classification: ResidualClassification | None,
    refused: bool,
) -> Fault | None:
    # ADR-0230 s13, loop.md s7: a missing record, then a value of the wrong shape, first.
    values = ((frame, ProblemFrame, "frame"), (assessment, ContractAssessment, "assessment"),
              (gate, SearchGateDecision, "gate"), (budget, ComputeBudgetDecision, "budget"))
    for value, _, name in (*values[:2], (residuals, tuple, "residuals"), *values[2:]):
        if value is None:
            return Fault(FaultKind.MISSING, f"{name}_missing")
    found = [verdict(value, cls) for value, cls, _ in values]
    for (_, _, name), seen in zip(values, found, strict=True):
        if seen is Verdict.MALFORMED:
            return Fault(FaultKind.MALFORMED, f"{name}_malformed")
    frame = cast(ProblemFrame, frame)
    assessment = cast(ContractAssessment, assessment)
    gate = cast(SearchGateDecision, gate)
    budget = cast(ComputeBudgetDecision, budget)
    # Every schema and policy version is supported explicitly (ADR-0229 s6.2 (13),
    # ADR-0230 s6.1 (10)).
    for version, supported, name in (
        (frame.frame_schema_version, FRAME_SCHEMA_VERSION, "frame_schema"),
        (assessment.assessment_policy_version, ASSESSMENT_POLICY_VERSION, "assessment_policy"),
        (gate.policy_version, GATE_POLICY_VERSION, "gate_policy"),
        (budget.policy_version, BUDGET_POLICY_VERSION, "budget_policy"),
    ):
        if version != supported:
            return Fault(FaultKind.UNSUPPORTED, f"{name}_unsupported")
    # ADR-0230 s6.1 (1): problem_frame_digest reproduces from the supplied frame.
    if found[0] is not Verdict.AUTHENTIC:
        return Fault(FaultKind.MISMATCH, "frame_digest_mismatch")
    # ADR-0230 s6.1 (2), ADR-0229 s6.2 (10): the assessment id reproduces, it assesses this
    # frame, and (past the gate) it is refused.
    if found[1] is not Verdict.AUTHENTIC:
        return Fault(FaultKind.MISMATCH, "assessment_id_mismatch")
    if assessment.problem_frame_digest != frame.problem_frame_digest:
        return Fault(FaultKind.MISMATCH, "assessment_of_another_frame")
    if refused and assessment.runnable:
        return Fault(FaultKind.MISMATCH, "assessment_not_refused")
    # ADR-0230 s6.1 (3), s9: every residual id reproduces and binds to this refused assessment;
    # the context is its complete projection, in order; loop.md s3, s7: given the organ's
    # table, every kind and axis is the table's.
    residual_fault = residual_context_fault(
        frame.problem_frame_digest, assessment, residuals, classification
    )
    if residual_fault is ResidualContextFault.MALFORMED:
        if type(residuals) is tuple and any(
            verdict(r, ContractResidual) is not Verdict.MALFORMED
            and cast(ContractResidual, r).residual_policy_version != RESIDUAL_POLICY_VERSION
            for r in residuals
        ):
            return Fault(FaultKind.UNSUPPORTED, "residual_policy_unsupported")
        return Fault(FaultKind.MALFORMED, residual_fault.value)
    if residual_fault is not None:
        return Fault(FaultKind.MISMATCH, residual_fault.value)
    residual_ids = tuple(r.residual_id for r in cast(tuple[ContractResidual, ...], residuals))
    # ADR-0230 s6.1 (4): the gate id reproduces and binds to exactly this residual context.
    if found[2] is not Verdict.AUTHENTIC:
        return Fault(FaultKind.MISMATCH, "gate_id_mismatch")
    if not gate_binds(gate, frame.problem_frame_digest, assessment, residual_ids):
        return Fault(FaultKind.MISMATCH, "gate_does_not_bind_residuals")
    # ADR-0230 s6.1 (5): the budget id reproduces and binds to this gate (no orphan budget).
    if found[3] is not Verdict.AUTHENTIC:
        return Fault(FaultKind.MISMATCH, "budget_id_mismatch")
    if budget.gate_decision_id != gate.decision_id:
        return Fault(FaultKind.MISMATCH, "budget_does_not_bind_gate")
    return None


def context_fault(
    frame: object,
    assessment: object,
    residuals: object,
    gate: object,
    budget: object,
    classification: ResidualClassification | None = None,
    *,
    refused: bool = True,
) -> Fault | None:
    """Why (frame, assessment, residuals, gate, budget) is not one lawful chain, or None.

    Accepts anything. A record passed as ``None`` is ``MISSING`` (ADR-0230 s13: a missing
    upstream record); then shapes, supported versions, every recomputed id and every link: the
    assessment of the frame (and refused, unless ``refused=False``: the run asks its gate
    about that), the residuals its complete projection (given the organ's ``classification``,
    each kind and axis the table's), the gate over exactly those residuals, the budget over
    that gate. Whether the gate and budget open a run is each stage's question. Never raises.
    """
    try:
        return _context_fault(
            frame, assessment, residuals, gate, budget, classification, refused
        )
    except Exception:  # a forged object may raise from anywhere: it is malformed
        return Fault(FaultKind.MALFORMED, "chain_unreadable")
