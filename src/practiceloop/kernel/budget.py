"""ComputeBudgetDecision (ADR-0227): structural limits for an eligible gate.

Limits come from the static, versioned :data:`BUDGET_TABLE`, keyed by the gate's reason code.
Wall-clock time is never a limit that enters an identity. A gate that is not eligible gives
``budget_blocked`` with zero limits; a gate that does not validate gives
``budget_unassessable`` with zero limits.
"""

from __future__ import annotations

import enum

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "BUDGET_POLICY_VERSION",
    "BUDGET_TABLE",
    "BudgetLimits",
    "BudgetStatus",
    "ComputeBudgetDecision",
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
    ("eligible_missing_proposal", BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1)),
    ("eligible_missing_relation", BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1)),
    ("eligible_missing_role", BudgetLimits(max_candidates=24, max_depth=1, max_steps=48, max_parallelism=1)),
    ("eligible_target_unbound", BudgetLimits(max_candidates=16, max_depth=1, max_steps=32, max_parallelism=1)),
    ("eligible_ambiguous_relation", BudgetLimits(max_candidates=24, max_depth=1, max_steps=48, max_parallelism=1)),
    ("eligible_ambiguous_role", BudgetLimits(max_candidates=32, max_depth=1, max_steps=64, max_parallelism=1)),
)
"""Gate reason -> limits. A reason absent from the table is never allowed."""


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
        return None
