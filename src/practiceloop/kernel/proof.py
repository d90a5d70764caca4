"""ProofOutcome: the typed, identity-bearing outcome of one proof authority (loop.md s4, s5).

A proof authority is a pure function ``(frame, assessment) -> ProofOutcome`` that closes,
refuses (with reason codes) or is unavailable. ``proof_outcome_id`` self-seals everything but
the explanation; the replay adapter records these ids, in obligation order, as
``proof_replay_refs`` (ADR-0229 s7.1). An outcome never carries a computed value: it is
evidence that an obligation holds, not an answer.
"""

from __future__ import annotations

import enum

from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record, sealed
from practiceloop.kernel.span import SourceSpan

__all__ = ["PROOF_POLICY_VERSION", "ProofOutcome", "ProofStatus", "build_proof_outcome"]

PROOF_POLICY_VERSION = "proof_outcome.v1"


class ProofStatus(enum.StrEnum):
    """Closed vocabulary of proof outcomes."""

    CLOSED = "closed"
    REFUSED = "refused"
    UNAVAILABLE = "unavailable"


@record(kind="proof_outcome", id_field="proof_outcome_id")
class ProofOutcome:
    """What one proof authority found for one (frame, assessment)."""

    proof_outcome_id: Digest
    proof_policy_version: str
    obligation_ref: str
    authority_version: str
    problem_frame_digest: Digest
    contract_assessment_id: Digest
    status: ProofStatus
    reason_codes: tuple[str, ...]
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        if (self.status is ProofStatus.CLOSED) != (not self.reason_codes):
            return "a closed outcome has no reason codes; any other has at least one"
        return None


def build_proof_outcome(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    *,
    obligation_ref: str,
    authority_version: str,
    status: ProofStatus,
    reason_codes: tuple[str, ...],
    evidence_spans: tuple[SourceSpan, ...],
    explanation: str,
) -> ProofOutcome:
    """Seal a proof authority's finding about ``assessment`` of ``frame``."""
    return sealed(
        ProofOutcome,
        proof_policy_version=PROOF_POLICY_VERSION,
        obligation_ref=obligation_ref,
        authority_version=authority_version,
        problem_frame_digest=frame.problem_frame_digest,
        contract_assessment_id=assessment.assessment_id,
        status=status,
        reason_codes=reason_codes,
        evidence_spans=evidence_spans,
        explanation=explanation,
    )
