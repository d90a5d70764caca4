"""SearchGateDecision (ADR-0226): may one refused assessment's residual context be searched?

The policy is a static, versioned table: the first eligible kind present (in
:data:`ELIGIBLE_ORDER`) makes the context ``eligible`` with reason ``eligible_<kind>``, unless
any blocking kind is present, which blocks the whole context with ``blocked_<kind>`` (priority
:data:`BLOCKING_ORDER`). An empty context, residuals of more than one assessment, or a residual
whose id does not reproduce is ``unassessable``.
"""

from __future__ import annotations

import enum

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.residual import ResidualKind
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "BLOCKING_ORDER",
    "ELIGIBLE_ORDER",
    "GATE_POLICY_VERSION",
    "GateStatus",
    "SearchGateDecision",
    "UnassessableReason",
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
