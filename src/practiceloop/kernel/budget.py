"""ComputeBudgetDecision (ADR-0227): structural limits for an eligible gate.

Limits come from the static, versioned :data:`BUDGET_TABLE`, keyed by the gate's reason code.
Wall-clock time is never a limit that enters an identity. A gate that is not eligible gives
``budget_blocked`` with zero limits; a gate that does not validate gives
``budget_unassessable`` with zero limits.
"""

from __future__ import annotations

import enum

from practiceloop.kernel.gate import GATE_POLICY_VERSION, GateStatus, SearchGateDecision
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import is_authentic, is_well_formed, record, sealed
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "BUDGET_POLICY_VERSION",
    "BUDGET_TABLE",
    "BudgetLimits",
    "BudgetReason",
    "BudgetStatus",
    "ComputeBudgetDecision",
    "decide_compute_budget",
]

BUDGET_POLICY_VERSION = "compute_budget.v1"


class BudgetStatus(enum.StrEnum):
    """Closed budget statuses."""

    ALLOWED = "budget_allowed"
    BLOCKED = "budget_blocked"
    UNASSESSABLE = "budget_unassessable"


@record()
class BudgetLimits:
    """One row of the budget table."""

    max_candidates: int
    max_depth: int
    max_steps: int
    max_parallelism: int


BUDGET_TABLE: tuple[tuple[str, BudgetLimits], ...] = (
    (
        "eligible_missing_proposal",
        BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1),
    ),
    (
        "eligible_missing_relation",
        BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1),
    ),
    (
        "eligible_missing_role",
        BudgetLimits(max_candidates=24, max_depth=1, max_steps=48, max_parallelism=1),
    ),
    (
        "eligible_target_unbound",
        BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1),
    ),
    (
        "eligible_ambiguous_relation",
        BudgetLimits(max_candidates=24, max_depth=1, max_steps=48, max_parallelism=1),
    ),
    (
        "eligible_ambiguous_role",
        BudgetLimits(max_candidates=32, max_depth=1, max_steps=64, max_parallelism=1),
    ),
)
"""Gate reason -> limits. A reason absent from the table is never allowed."""


class BudgetReason(enum.StrEnum):
    """Reasons of a budget that is not allowed (an allowed one is ``allowed_<gate reason>``)."""

    GATE_BLOCKED = "blocked_gate_blocked"
    GATE_UNASSESSABLE = "blocked_gate_unassessable"
    INVALID_GATE = "unassessable_invalid_gate"
    GATE_IDENTITY_MISMATCH = "unassessable_gate_identity_mismatch"
    GATE_POLICY_UNSUPPORTED = "unassessable_gate_policy_unsupported"


@record(kind="compute_budget_decision", id_field="budget_id")
class ComputeBudgetDecision:
    """Structural limits granted (or not) to one gate decision."""

    budget_id: Digest
    policy_version: str
    gate_decision_id: Digest | None
    status: BudgetStatus
    reason_code: str
    max_candidates: int
    max_depth: int
    max_steps: int
    max_parallelism: int
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        limits = (self.max_candidates, self.max_depth, self.max_steps, self.max_parallelism)
        if self.status is not BudgetStatus.ALLOWED and any(limits):
            return "a budget that is not allowed has zero limits"
        if self.status is BudgetStatus.ALLOWED and (
            self.gate_decision_id is None or not all(limits)
        ):
            return "an allowed budget names its gate and grants positive limits"
        return None


_ZERO = BudgetLimits(max_candidates=0, max_depth=0, max_steps=0, max_parallelism=0)
_GATE_NOT_ELIGIBLE = {
    GateStatus.BLOCKED: BudgetReason.GATE_BLOCKED,
    GateStatus.UNASSESSABLE: BudgetReason.GATE_UNASSESSABLE,
}


def _budget(
    status: BudgetStatus,
    reason: str | BudgetReason,
    gate_id: Digest | None,
    limits: BudgetLimits = _ZERO,
    spans: tuple[SourceSpan, ...] = (),
) -> ComputeBudgetDecision:
    return sealed(
        ComputeBudgetDecision,
        policy_version=BUDGET_POLICY_VERSION,
        gate_decision_id=gate_id,
        status=status,
        reason_code=str(reason),  # a StrEnum member is not an exact str
        max_candidates=limits.max_candidates,
        max_depth=limits.max_depth,
        max_steps=limits.max_steps,
        max_parallelism=limits.max_parallelism,
        evidence_spans=spans,
        explanation=f"{status.value} ({reason!s}) under {BUDGET_POLICY_VERSION}",
    )


def _decide(gate: object) -> ComputeBudgetDecision:
    unassessable = BudgetStatus.UNASSESSABLE
    # loop.md s7: a malformed gate is this stage's refusal; its id is not guessed.
    if not is_well_formed(gate, SearchGateDecision):
        return _budget(unassessable, BudgetReason.INVALID_GATE, None)
    assert isinstance(gate, SearchGateDecision)
    # loop.md s2: the gate id is recomputed from its fields.
    if not is_authentic(gate, SearchGateDecision):
        return _budget(unassessable, BudgetReason.GATE_IDENTITY_MISMATCH, None)
    gate_id = gate.decision_id
    # ADR-0229 s6.2 by analogy: the gate's policy version is supported explicitly.
    if gate.policy_version != GATE_POLICY_VERSION:
        return _budget(unassessable, BudgetReason.GATE_POLICY_UNSUPPORTED, gate_id)
    # loop.md s3 budget: a gate that is not eligible gives budget_blocked with zero limits.
    if gate.status is not GateStatus.ELIGIBLE:
        return _budget(BudgetStatus.BLOCKED, _GATE_NOT_ELIGIBLE[gate.status], gate_id)
    # loop.md s3 budget: limits come from the static table keyed by the gate reason.
    for reason, limits in BUDGET_TABLE:
        if reason == gate.reason_code:
            allowed = f"allowed_{gate.reason_code}"
            return _budget(BudgetStatus.ALLOWED, allowed, gate_id, limits, gate.evidence_spans)
    # BUDGET_TABLE: a reason absent from the table is never allowed. Unreachable while the
    # table covers every eligible reason of GATE_POLICY_VERSION (a gate's _rules pin those).
    return _budget(unassessable, BudgetReason.GATE_POLICY_UNSUPPORTED, gate_id)


def decide_compute_budget(gate: SearchGateDecision) -> ComputeBudgetDecision:
    """Turn a gate decision into structural limits (ADR-0227).

    Accepts one :class:`~practiceloop.kernel.gate.SearchGateDecision`. Returns
    ``budget_allowed`` with the :data:`BUDGET_TABLE` limits of an eligible gate's reason
    (reason ``allowed_<gate reason>``, the gate's evidence spans); ``budget_blocked`` with zero
    limits for a gate that is not eligible; ``budget_unassessable`` with zero limits (and no
    gate id) for a malformed gate or one whose id does not reproduce. Never raises.
    """
    try:
        return _decide(gate)
    except Exception:  # last guard: a bizarre input must still come back as a decision
        return _budget(BudgetStatus.UNASSESSABLE, BudgetReason.INVALID_GATE, None)

