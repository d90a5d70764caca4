"""The sealed trace's value types (ADR-0230 s4, s7, s8, ADR-0233 s2), apart from its checks.

Mirrors :mod:`practiceloop.kernel._replay_types`: the trace's closed practice vocabulary, its
input, its sealed trace and its refusal, declared once. :mod:`practiceloop.kernel.trace`
re-exports everything public here.
"""

from __future__ import annotations

import enum
from typing import Final

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "CREATED_BY_POLICY",
    "SEALED_PRACTICE_TRACE_POLICY_VERSION",
    "TRACE_REFUSAL_DISPOSITIONS",
    "PracticeDisposition",
    "PracticeTraceInput",
    "PracticeTraceRefusal",
    "SealedPracticeTrace",
]

SEALED_PRACTICE_TRACE_POLICY_VERSION: Final = "sealed_practice_trace.v1"  # ADR-0230 s4


class PracticeDisposition(enum.StrEnum):
    """ADR-0230 s8: the closed practice vocabulary."""

    SEALED_ORIGINAL_REFUSAL = "sealed_original_refusal"
    SEALED_EXHAUSTED_NO_CANDIDATE = "sealed_exhausted_no_candidate"
    SEALED_ALL_CANDIDATES_REFUSED = "sealed_all_candidates_refused"
    SEALED_REPLAY_UNAVAILABLE = "sealed_replay_unavailable"
    SEALED_CONTRACT_CLOSED_PROOF_REFUSED = "sealed_contract_closed_proof_refused"
    SEALED_CANDIDATE_REPLAY_CLOSED = "sealed_candidate_replay_closed"
    TRACE_INVALID_INPUT = "trace_invalid_input"
    TRACE_IDENTITY_MISMATCH = "trace_identity_mismatch"
    TRACE_POLICY_UNSUPPORTED = "trace_policy_unsupported"
    TRACE_UPSTREAM_INCOMPLETE = "trace_upstream_incomplete"


TRACE_REFUSAL_DISPOSITIONS: Final = frozenset(
    {
        PracticeDisposition.TRACE_INVALID_INPUT,
        PracticeDisposition.TRACE_IDENTITY_MISMATCH,
        PracticeDisposition.TRACE_POLICY_UNSUPPORTED,
        PracticeDisposition.TRACE_UPSTREAM_INCOMPLETE,
    }
)
"""ADR-0230 s8: the only dispositions a :class:`PracticeTraceRefusal` may carry."""


CREATED_BY_POLICY: Final = "practiceloop.kernel.trace/sealed_practice_trace.v1"
"""ADR-0230 s7.1: a static policy identifier, never a user, model or process identity."""


@record(kind="practice_trace_input", id_field="input_digest", id_excluded=True)
class PracticeTraceInput:
    """ADR-0230 s6.1 (with ADR-0233's binding ids): one complete episode, by identity.

    ``input_digest`` hashes every other field (s12.1): left out of its own payload, not blanked.
    """

    input_digest: Digest
    trace_policy_version: str
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    residual_ids: tuple[Digest, ...]
    search_gate_decision_id: Digest
    compute_budget_id: Digest
    geometric_search_run_id: Digest
    candidate_attempt_ids: tuple[Digest, ...]
    candidate_attempt_binding_ids: tuple[Digest, ...]
    replay_result_ids: tuple[Digest, ...]
    replay_refusal_ids: tuple[Digest, ...]
    schema_versions: tuple[tuple[str, str], ...]
    policy_versions: tuple[tuple[str, str], ...]


@record(kind="sealed_practice_trace", id_field="trace_id")
class SealedPracticeTrace:
    """ADR-0230 s7.1: immutable diagnostic evidence of one episode. Not an answer."""

    trace_id: Digest
    trace_policy_version: str
    input_digest: Digest
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    residual_ids: tuple[Digest, ...]
    search_gate_decision_id: Digest
    compute_budget_id: Digest
    geometric_search_run_id: Digest
    candidate_attempt_ids: tuple[Digest, ...]
    candidate_attempt_binding_ids: tuple[Digest, ...]
    replay_result_ids: tuple[Digest, ...]
    replay_refusal_ids: tuple[Digest, ...]
    upstream_identity_chain: tuple[Digest, ...]
    practice_disposition: PracticeDisposition
    trace_records: tuple[Digest, ...]
    evidence_spans: tuple[SourceSpan, ...]
    created_by_policy: str
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0230 s8: a sealed trace carries only a sealed disposition.
        if self.practice_disposition in TRACE_REFUSAL_DISPOSITIONS:
            return "a sealed trace carries a sealed disposition"
        return None


@record(kind="practice_trace_refusal", id_field="trace_refusal_id")
class PracticeTraceRefusal:
    """ADR-0230 s7.2: the episode could not be sealed lawfully. Not a partial trace."""

    trace_refusal_id: Digest
    trace_policy_version: str
    input_digest: Digest | None
    practice_disposition: PracticeDisposition
    reason_codes: tuple[str, ...]
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0230 s8: a refusal never masquerades as a sealed disposition.
        if self.practice_disposition not in TRACE_REFUSAL_DISPOSITIONS:
            return "a trace refusal carries a trace-refusal disposition"
        return None
