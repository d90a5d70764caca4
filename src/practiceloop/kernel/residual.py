"""ContractResidual (ADR-0225 read model): one residual per code of a refused assessment.

Residuals are projected in the assessment's order (missing bindings, then hazards). The kind
and source axis of each code come from the organ's static classification table; a code the
table does not list becomes ``contract_gap_unclassified`` / ``unknown``. Each residual carries
only the spans of its own code, and its id binds the frame and the assessment, so the same code
on two problems never shares an id.
"""

from __future__ import annotations

import enum

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "RESIDUAL_POLICY_VERSION",
    "UNCLASSIFIED_AXIS",
    "ContractResidual",
    "ResidualClassification",
    "ResidualKind",
    "ResidualProjectionRefusal",
    "ResidualRefusalCode",
]

RESIDUAL_POLICY_VERSION = "contract_residual.v1"
UNCLASSIFIED_AXIS = "unknown"


class ResidualKind(enum.StrEnum):
    """Closed vocabulary of residual kinds (loop.md s3)."""

    MISSING_PROPOSAL = "missing_proposal"
    MISSING_RELATION = "missing_relation"
    MISSING_ROLE = "missing_role"
    AMBIGUOUS_RELATION = "ambiguous_relation"
    AMBIGUOUS_ROLE = "ambiguous_role"
    INEXACT_PROVENANCE = "inexact_provenance"
    NONLOCAL_BINDING = "nonlocal_binding"
    UNSUPPORTED_TOPOLOGY = "unsupported_topology"
    UNIT_OBJECT_CONFLICT = "unit_object_conflict"
    HAZARD_BLOCKED = "hazard_blocked"
    TARGET_UNBOUND = "target_unbound"
    CONTRACT_GAP_UNCLASSIFIED = "contract_gap_unclassified"


ResidualClassification = tuple[tuple[str, ResidualKind, str], ...]
"""An organ's static table: ``(code, kind, source_axis)`` rows, one per code it can emit."""


@record(kind="contract_residual", id_field="residual_id")
class ContractResidual:
    """One code of one refused assessment, classified."""

    residual_id: Digest
    residual_policy_version: str
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    candidate_organ: str
    residual_index: int
    residual_kind: ResidualKind
    residual_code: str
    source_axis: str
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str


class ResidualRefusalCode(enum.StrEnum):
    """Why residual projection could not run."""

    INVALID_INPUT = "residual_invalid_input"
    IDENTITY_MISMATCH = "residual_identity_mismatch"
    UNSUPPORTED_POLICY = "residual_policy_unsupported"


@record(kind="residual_projection_refusal", id_field="residual_refusal_id")
class ResidualProjectionRefusal:
    """Projection refused: the frame, assessment or table did not validate."""

    residual_refusal_id: Digest
    residual_policy_version: str
    problem_frame_digest: Digest | None
    original_contract_assessment_id: Digest | None
    refusal_code: ResidualRefusalCode
    reason_codes: tuple[str, ...]
    explanation: str
