"""UpstreamChain: an episode's upstream records as one value, and the one check of them all.

The replay adapter (ADR-0229 s6.2) and the sealed trace (ADR-0230 s6.1) are handed the same
upstream records: the original frame, its refused assessment, the complete residual context,
the gate, the budget and the run (or, for the trace, the run refusal of a blocked episode).
:class:`UpstreamChain` carries them as one typed value. It is a carrier, not a record: it holds
exactly what the caller supplied, unchecked (``None`` included: a missing record is the
boundary's refusal to give, never an exception here), and it has no identity of its own; every
boundary that receives one re-validates every value in it (:func:`upstream_fault`).
"""

from __future__ import annotations

import dataclasses
from typing import cast

from practiceloop.kernel._faults import Fault, FaultKind
from practiceloop.kernel._memo import remembered
from practiceloop.kernel._upstream import context_fault
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import GateStatus, SearchGateDecision
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import Verdict, verdict
from practiceloop.kernel.residual import ContractResidual, ResidualClassification
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    GeometricSearchRun,
    SearchRunRefusal,
    run_input_digest,
)

__all__ = ["UpstreamChain", "run_fault", "upstream_fault"]


@dataclasses.dataclass(frozen=True, slots=True)
class UpstreamChain:
    """frame -> assessment -> residuals -> gate -> budget -> run, as the caller supplied them."""

    frame: ProblemFrame
    assessment: ContractAssessment
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision
    run: GeometricSearchRun | SearchRunRefusal


def _run_input_digest(run: GeometricSearchRun) -> Digest:
    """The run's input digest, recomputed from the fields it covers."""
    return run_input_digest(
        problem_frame_digest=run.problem_frame_digest,
        original_contract_assessment_id=run.original_contract_assessment_id,
        residual_ids=run.residual_ids,
        gate_decision_id=run.gate_decision_id,
        budget_id=run.budget_id,
        candidate_organ=run.candidate_organ,
        operator_set_id=run.operator_set_id,
        operator_set_version=run.operator_set_version,
    )


def run_fault(
    run: object,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
) -> Fault | None:
    """Why ``run`` is not a run of the already validated chain, or None.

    The chain must have passed :func:`~practiceloop.kernel._upstream.context_fault`. Checks the
    run's shape and policy, that ``run_id`` and ``input_digest`` reproduce (ADR-0229 s6.2 (1),
    ADR-0230 s6.1 (6)), that it binds exactly this frame, assessment, residuals, gate and
    budget, and that the gate and budget are ones that open a run. Never raises.
    """
    try:
        if run is None:
            return Fault(FaultKind.MISSING, "run_missing")
        found = verdict(run, GeometricSearchRun)
        if found is Verdict.MALFORMED:
            return Fault(FaultKind.MALFORMED, "run_malformed")
        run = cast(GeometricSearchRun, run)
        if run.run_policy_version != RUN_POLICY_VERSION:
            return Fault(FaultKind.UNSUPPORTED, "run_policy_unsupported")
        if found is not Verdict.AUTHENTIC:
            return Fault(FaultKind.MISMATCH, "run_id_mismatch")
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
            or run.evidence_spans != gate.evidence_spans
            or run.input_digest != remembered(_run_input_digest, run)
        ):
            return Fault(FaultKind.MISMATCH, "run_does_not_bind_chain")
        # ADR-0228 (loop.md s3 run): only an eligible gate and an allowed budget open a run.
        if gate.status is not GateStatus.ELIGIBLE or budget.status is not BudgetStatus.ALLOWED:
            return Fault(FaultKind.MISMATCH, "run_without_permission")
        if run.budget_consumed > budget.max_candidates:
            return Fault(FaultKind.MISMATCH, "run_exceeds_budget")
        return None
    except Exception:  # a forged object may raise from anywhere: it is malformed
        return Fault(FaultKind.MALFORMED, "run_unreadable")


def upstream_fault(
    chain: object, classification: ResidualClassification | None = None
) -> Fault | None:
    """Why ``chain`` is not an :class:`UpstreamChain` of one lawful explored episode, or None.

    Accepts anything. The chain through the budget as
    :func:`~practiceloop.kernel._upstream.context_fault` checks it (a ``None`` record is
    ``MISSING``; given the organ's ``classification``, every residual's kind and axis is
    re-derived), then the run as :func:`run_fault` does (a run refusal is ``MALFORMED`` here:
    there is no run to replay). Never raises.
    """
    if type(chain) is not UpstreamChain:
        return Fault(FaultKind.MALFORMED, "chain_malformed")
    fault = context_fault(
        chain.frame, chain.assessment, chain.residuals, chain.gate, chain.budget, classification
    )
    if fault is not None:
        return fault
    return run_fault(chain.run, chain.assessment, chain.residuals, chain.gate, chain.budget)
