"""ContractAssessment: an organ's verdict on a frame (loop.md s3).

An organ is a pure function ``frame -> ContractAssessment``. The assessment lists the codes
that keep it from running, in the organ's own order (missing bindings, then unresolved
hazards), the spans that show each code, and ``runnable``, which is true exactly when both code
tuples are empty. ``assessment_id`` self-seals every field but the explanation.
"""

from __future__ import annotations

from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record, sealed
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "ASSESSMENT_POLICY_VERSION",
    "CodeEvidence",
    "ContractAssessment",
    "build_assessment",
]

ASSESSMENT_POLICY_VERSION = "contract_assessment.v1"

CodeEvidence = tuple[str, tuple[SourceSpan, ...]]


@record(kind="contract_assessment", id_field="assessment_id")
class ContractAssessment:
    """One organ's contract verdict on one frame."""

    assessment_id: Digest
    assessment_policy_version: str
    problem_frame_digest: Digest
    candidate_organ: str
    organ_version: str
    missing_bindings: tuple[str, ...]
    unresolved_hazards: tuple[str, ...]
    code_evidence: tuple[CodeEvidence, ...]
    runnable: bool
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        codes = self.missing_bindings + self.unresolved_hazards
        if len(codes) != len(set(codes)):
            return "a code is listed twice"
        if self.runnable != (not codes):
            return "runnable must be true exactly when no code is listed"
        if tuple(code for code, _ in self.code_evidence) != codes:
            return "code_evidence must list every code once, in order"
        return None

    def spans_of(self, code: str) -> tuple[SourceSpan, ...]:
        """The evidence spans of one code (empty when the code is absent)."""
        for listed, spans in self.code_evidence:
            if listed == code:
                return spans
        return ()


def build_assessment(
    frame: ProblemFrame,
    *,
    candidate_organ: str,
    organ_version: str,
    missing: tuple[CodeEvidence, ...],
    hazards: tuple[CodeEvidence, ...],
    evidence_spans: tuple[SourceSpan, ...],
    explanation: str,
) -> ContractAssessment:
    """Seal an organ's verdict on ``frame`` from its (code, spans) findings, in order."""
    return sealed(
        ContractAssessment,
        assessment_policy_version=ASSESSMENT_POLICY_VERSION,
        problem_frame_digest=frame.problem_frame_digest,
        candidate_organ=candidate_organ,
        organ_version=organ_version,
        missing_bindings=tuple(code for code, _ in missing),
        unresolved_hazards=tuple(code for code, _ in hazards),
        code_evidence=missing + hazards,
        runnable=not missing and not hazards,
        evidence_spans=evidence_spans,
        explanation=explanation,
    )
