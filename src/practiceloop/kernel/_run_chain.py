"""Re-validating an episode's upstream chain from values (private to the kernel).

The replay adapter (ADR-0229 s6.2 (9)-(10)) and the sealed trace (ADR-0230 s6.1 (1)-(6)) both
receive the original frame, its refused assessment, the residual context, the gate, the budget
and the run, and both must recompute every id from its fields and check every link
(loop.md s2, s7). This module is the one place that does it. It returns a :class:`ChainFault`
(a kind and a reason code) that each stage maps onto its own refusal vocabulary; it never
raises.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import cast

from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.budget import BUDGET_POLICY_VERSION, BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.frame import FRAME_SCHEMA_VERSION, ProblemFrame
from practiceloop.kernel.gate import (
    GATE_POLICY_VERSION,
    GateStatus,
    SearchGateDecision,
    gate_input_digest,
)
from practiceloop.kernel.record import is_authentic, is_well_formed
from practiceloop.kernel.residual import (
    RESIDUAL_POLICY_VERSION,
    ContractResidual,
    ResidualContextFault,
    residual_context_fault,
)
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    GeometricSearchRun,
    run_input_digest,
)

__all__ = ["ChainFault", "FaultKind", "chain_fault", "run_fault"]


class FaultKind(enum.StrEnum):
    """What is wrong with a chain, before each stage names it in its own vocabulary."""

    MALFORMED = "malformed"  # a value of the wrong type or shape
    UNSUPPORTED = "unsupported"  # a schema or policy version this kernel does not support
    MISMATCH = "mismatch"  # an id that does not reproduce, or a broken link


@dataclasses.dataclass(frozen=True, slots=True)
class ChainFault:
    """One fault: its kind and a stable reason code (``frame_digest_mismatch``...)."""

    kind: FaultKind
    reason: str


def _malformed(reason: str) -> ChainFault:
    return ChainFault(FaultKind.MALFORMED, reason)


def _mismatch(reason: str) -> ChainFault:
    return ChainFault(FaultKind.MISMATCH, reason)


def _unsupported(reason: str) -> ChainFault:
    return ChainFault(FaultKind.UNSUPPORTED, reason)


def _chain_fault(
    frame: object, assessment: object, residuals: object, gate: object, budget: object
) -> ChainFault | None:
    # Shape first: every value is exactly its record type, fields intact (loop.md s7).
    for value, cls, name in (
        (frame, ProblemFrame, "frame"),
        (assessment, ContractAssessment, "assessment"),
        (gate, SearchGateDecision, "gate"),
        (budget, ComputeBudgetDecision, "budget"),
    ):
        if not is_well_formed(value, cls):
            return _malformed(f"{name}_malformed")
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
            return _unsupported(f"{name}_unsupported")
    # ADR-0230 s6.1 (1): problem_frame_digest reproduces from the supplied frame.
    if not is_authentic(frame, ProblemFrame):
        return _mismatch("frame_digest_mismatch")
    # ADR-0230 s6.1 (2), ADR-0229 s6.2 (10): the assessment id reproduces, it assesses this
    # frame, and it is refused.
    if not is_authentic(assessment, ContractAssessment):
        return _mismatch("assessment_id_mismatch")
    if assessment.problem_frame_digest != frame.problem_frame_digest:
        return _mismatch("assessment_of_another_frame")
    if assessment.runnable:
        return _mismatch("assessment_not_refused")
    # ADR-0230 s6.1 (3), s9: every residual id reproduces and binds to this refused assessment;
    # the context is its complete projection, in order.
    fault = residual_context_fault(frame.problem_frame_digest, assessment, residuals)
    if fault is ResidualContextFault.MALFORMED:
        if type(residuals) is tuple and any(
            is_well_formed(r, ContractResidual)
            and cast(ContractResidual, r).residual_policy_version != RESIDUAL_POLICY_VERSION
            for r in residuals
        ):
            return _unsupported("residual_policy_unsupported")
        return _malformed(fault.value)
    if fault is not None:
        return _mismatch(fault.value)
    residual_ids = tuple(r.residual_id for r in cast(tuple[ContractResidual, ...], residuals))
    # ADR-0230 s6.1 (4): the gate id reproduces and binds to exactly this residual context.
    if not is_authentic(gate, SearchGateDecision):
        return _mismatch("gate_id_mismatch")
    if (
        gate.problem_frame_digest != frame.problem_frame_digest
        or gate.original_contract_assessment_id != assessment.assessment_id
        or gate.candidate_organ != assessment.candidate_organ
        or gate.residual_ids != residual_ids
        or gate.input_digest
        != gate_input_digest(
            frame.problem_frame_digest,
            assessment.assessment_id,
            residual_ids,
            assessment.candidate_organ,
        )
    ):
        return _mismatch("gate_does_not_bind_residuals")
    # ADR-0230 s6.1 (5): the budget id reproduces and binds to this gate (no orphan budget).
    if not is_authentic(budget, ComputeBudgetDecision):
        return _mismatch("budget_id_mismatch")
    if budget.gate_decision_id != gate.decision_id:
        return _mismatch("budget_does_not_bind_gate")
    return None


def chain_fault(
    frame: object, assessment: object, residuals: object, gate: object, budget: object
) -> ChainFault | None:
    """Why (frame, assessment, residuals, gate, budget) is not one lawful chain, or None.

    Accepts anything. Checks shapes, supported versions, every recomputed id and every link:
    the assessment is a refused assessment of the frame, the residuals its complete projection,
    the gate over exactly those residuals, the budget over that gate. Never raises.
    """
    try:
        return _chain_fault(frame, assessment, residuals, gate, budget)
    except Exception:  # a forged object may raise from anywhere: it is malformed
        return _malformed("chain_unreadable")


def run_fault(
    run: object,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
) -> ChainFault | None:
    """Why ``run`` is not a run of the already validated chain, or None.

    The chain must have passed :func:`chain_fault`. Checks the run's shape and policy, that
    ``run_id`` and ``input_digest`` reproduce (ADR-0229 s6.2 (1), ADR-0230 s6.1 (6)), that it
    binds exactly this frame, assessment, residuals, gate and budget, and that the gate and
    budget are ones that open a run. Never raises.
    """
    try:
        if not is_well_formed(run, GeometricSearchRun):
            return _malformed("run_malformed")
        run = cast(GeometricSearchRun, run)
        if run.run_policy_version != RUN_POLICY_VERSION:
            return _unsupported("run_policy_unsupported")
        if not is_authentic(run, GeometricSearchRun):
            return _mismatch("run_id_mismatch")
        residual_ids = tuple(r.residual_id for r in residuals)
        # ADR-0229 s6.2 (9), ADR-0230 s9: the run binds the chain it claims, and its input
        # digest is recomputed from that chain and its operator set.
        if (
            run.problem_frame_digest != assessment.problem_frame_digest
            or run.original_contract_assessment_id != assessment.assessment_id
            or run.residual_ids != residual_ids
            or run.gate_decision_id != gate.decision_id
            or run.budget_id != budget.budget_id
            or run.candidate_organ != assessment.candidate_organ
            or run.input_digest
            != run_input_digest(
                problem_frame_digest=run.problem_frame_digest,
                original_contract_assessment_id=run.original_contract_assessment_id,
                residual_ids=run.residual_ids,
                gate_decision_id=run.gate_decision_id,
                budget_id=run.budget_id,
                candidate_organ=run.candidate_organ,
                operator_set_id=run.operator_set_id,
                operator_set_version=run.operator_set_version,
            )
        ):
            return _mismatch("run_does_not_bind_chain")
        # ADR-0228 (loop.md s3 run): only an eligible gate and an allowed budget open a run.
        if gate.status is not GateStatus.ELIGIBLE or budget.status is not BudgetStatus.ALLOWED:
            return _mismatch("run_without_permission")
        if run.budget_consumed > budget.max_candidates:
            return _mismatch("run_exceeds_budget")
        return None
    except Exception:  # a forged object may raise from anywhere: it is malformed
        return _malformed("run_unreadable")
