"""The replay adapter's value types (ADR-0229 s6.2, s7, s8, s13), apart from its execution.

Kept in their own module so that the sealed trace can consume replay results and refusals as
values without importing the module that calls contract and proof authorities (ADR-0230 s15.1,
loop.md s1). :mod:`practiceloop.kernel.replay` re-exports everything public here.
"""

from __future__ import annotations

import enum
from typing import Final

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "CONTRACT_PROOF_REPLAY_POLICY_VERSION",
    "REFUSAL_DISPOSITIONS",
    "RESULT_DISPOSITIONS",
    "ReplayAdapterInput",
    "ReplayAdapterRefusal",
    "ReplayAdapterResult",
    "ReplayDisposition",
]

CONTRACT_PROOF_REPLAY_POLICY_VERSION: Final = "contract_proof_replay.v1"  # ADR-0229 s4


class ReplayDisposition(enum.StrEnum):
    """ADR-0229 s8: the closed replay vocabulary."""

    CONTRACT_REFUSED = "contract_refused"
    CONTRACT_CLOSED_BUT_PROOF_REFUSED = "contract_closed_but_proof_refused"
    CONTRACT_AND_PROOF_CLOSED = "contract_and_proof_closed"
    INVALID_REPLAY_INPUT = "invalid_replay_input"
    CANDIDATE_IDENTITY_MISMATCH = "candidate_identity_mismatch"
    CONTRACT_REPLAY_UNAVAILABLE = "contract_replay_unavailable"
    PROOF_REPLAY_UNAVAILABLE = "proof_replay_unavailable"
    UNSUPPORTED_REPLAY_POLICY = "unsupported_replay_policy"
    UNSUPPORTED_SCHEMA_VERSION = "unsupported_schema_version"
    UNSUPPORTED_PROOF_OBLIGATION = "unsupported_proof_obligation"


RESULT_DISPOSITIONS: Final = frozenset(
    {
        ReplayDisposition.CONTRACT_REFUSED,
        ReplayDisposition.CONTRACT_CLOSED_BUT_PROOF_REFUSED,
        ReplayDisposition.CONTRACT_AND_PROOF_CLOSED,
    }
)
"""ADR-0229 s8: the only dispositions a :class:`ReplayAdapterResult` may carry."""

REFUSAL_DISPOSITIONS: Final = frozenset(set(ReplayDisposition) - RESULT_DISPOSITIONS)
"""ADR-0229 s8: the only dispositions a :class:`ReplayAdapterRefusal` may carry."""


@record(kind="replay_adapter_input", id_field="input_digest", id_excluded=True)
class ReplayAdapterInput:
    """ADR-0229 s6.2: one attempt of one run, bound to its whole upstream chain.

    ``input_digest`` hashes every other field (s13.2): the field is left out of its own payload,
    not blanked, so :func:`~practiceloop.kernel.record.recompute_id` reproduces it.
    """

    input_digest: Digest
    replay_policy_version: str
    run_id: Digest
    run_policy_version: str
    attempt_id: Digest
    attempt_index: int
    candidate_digest: Digest
    candidate_reconstruction_digest: Digest
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    candidate_organ: str
    residual_ids: tuple[Digest, ...]
    gate_decision_id: Digest
    budget_id: Digest
    operator_set_id: Digest
    operator_set_version: str
    contract_replay_target: str
    proof_obligation_refs: tuple[str, ...]
    schema_versions: tuple[tuple[str, str], ...]


@record(kind="replay_adapter_result", id_field="replay_result_id")
class ReplayAdapterResult:
    """ADR-0229 s7.1: the replay classification of one candidate. Evidence, not an answer."""

    replay_result_id: Digest
    replay_policy_version: str
    input_digest: Digest
    run_id: Digest
    attempt_id: Digest
    candidate_digest: Digest
    contract_replay_assessment_id: Digest
    proof_obligation_refs: tuple[str, ...]
    proof_replay_refs: tuple[Digest, ...]
    replay_disposition: ReplayDisposition
    reason_codes: tuple[str, ...]
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0229 s8: a result carries only a semantic disposition.
        if self.replay_disposition not in RESULT_DISPOSITIONS:
            return "a result carries a semantic disposition"
        # ADR-0229 s9: a refused contract never reaches proof replay.
        if self.replay_disposition is ReplayDisposition.CONTRACT_REFUSED:
            if self.proof_replay_refs:
                return "contract_refused has no proof replay refs"
        # ADR-0229 s7.1: proof refs follow the obligations one for one, in order.
        elif len(self.proof_replay_refs) != len(self.proof_obligation_refs):
            return "one proof replay ref per obligation"
        return None


@record(kind="replay_adapter_refusal", id_field="replay_refusal_id")
class ReplayAdapterRefusal:
    """ADR-0229 s7.2: the adapter could not lawfully classify the candidate."""

    replay_refusal_id: Digest
    replay_policy_version: str
    input_digest: Digest | None
    run_id: Digest | None
    attempt_id: Digest | None
    candidate_digest: Digest | None
    replay_disposition: ReplayDisposition
    reason_codes: tuple[str, ...]
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0229 s8: a refusal never masquerades as a semantic disposition.
        if self.replay_disposition not in REFUSAL_DISPOSITIONS:
            return "a refusal carries an adapter-refusal disposition"
        return None
