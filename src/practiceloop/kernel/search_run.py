"""GeometricSearchRun / CandidateAttempt / SearchRunRefusal (ADR-0228).

A run binds the chain (frame digest, assessment id, residual ids, gate id, budget id) and the
closed operator set; ``input_digest`` hashes that structural binding, and every
:class:`CandidateAttempt` of the run, embedded or bound from outside, carries the same
``input_digest`` (ADR-0229 s6.2). Two lawful shapes:

* *embedded*: built once, complete, with its ordered attempts (``attempt_index`` 0..n-1) and
  the budget they consumed, ``run_disposition = explored`` and an ``exhaustion_code``;
* *open*: built before exploration with no attempts (``run_disposition = open``); candidates are
  attached from outside by run-bindings (ADR-0232/0233). An open run is never rebuilt.

A gate that is not eligible or a budget that is not allowed gives a :class:`SearchRunRefusal`,
never an empty run pretending to have searched. ``run_id`` self-seals everything but the
explanation. An attempt carries no run id: it belongs to a run through the run's
``candidate_attempts`` (embedded) or a binding (open).
"""

from __future__ import annotations

import enum

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "RUN_POLICY_VERSION",
    "CandidateAttempt",
    "ExhaustionCode",
    "GeometricSearchRun",
    "ReplayStatus",
    "RunDisposition",
    "SearchRunRefusal",
    "SearchRunRefusalCode",
]

RUN_POLICY_VERSION = "geometric_search_run.v1"


class RunDisposition(enum.StrEnum):
    """Closed run dispositions."""

    OPEN = "open"
    EXPLORED = "explored"


class ExhaustionCode(enum.StrEnum):
    """Why exploration ended."""

    OPERATOR_SPACE_DEPLETED = "operator_space_depleted"
    MAX_CANDIDATES_REACHED = "max_candidates_reached"
    MAX_STEPS_REACHED = "max_steps_reached"
    MAX_DEPTH_REACHED = "max_depth_reached"


class ReplayStatus(enum.StrEnum):
    """An attempt's replay status inside a run: always pending (ADR-0229 s11)."""

    REPLAY_PENDING = "replay_pending"


class SearchRunRefusalCode(enum.StrEnum):
    """Why no run was opened."""

    BLOCKED_BY_GATE = "blocked_by_gate"
    BLOCKED_BY_BUDGET = "blocked_by_budget"
    INVALID_INPUT = "invalid_input"


@record(kind="candidate_attempt", id_field="attempt_id")
class CandidateAttempt:
    """One candidate tried in a run, with its operator provenance and structural charge."""

    attempt_id: Digest
    input_digest: Digest
    attempt_index: int
    candidate_digest: Digest
    operator_id: str
    operator_version: str
    parent_attempt_id: Digest | None
    budget_charge: int
    depth: int
    step_index: int
    replay_status: ReplayStatus
    evidence_spans: tuple[SourceSpan, ...]


@record(kind="geometric_search_run", id_field="run_id")
class GeometricSearchRun:
    """A bounded exploration of one refused assessment's residual context."""

    run_id: Digest
    run_policy_version: str
    input_digest: Digest
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    residual_ids: tuple[Digest, ...]
    gate_decision_id: Digest
    budget_id: Digest
    candidate_organ: str
    operator_set_id: Digest
    operator_set_version: str
    candidate_attempts: tuple[CandidateAttempt, ...]
    budget_consumed: int
    run_disposition: RunDisposition
    exhaustion_code: ExhaustionCode | None
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str

    def _rules(self) -> str | None:
        if self.run_disposition is RunDisposition.OPEN:
            if self.candidate_attempts or self.budget_consumed or self.exhaustion_code is not None:
                return "an open run has no attempts, no consumption and no exhaustion code"
            return None
        if self.exhaustion_code is None:
            return "an explored run names why exploration ended"
        for index, attempt in enumerate(self.candidate_attempts):
            if attempt.attempt_index != index or attempt.input_digest != self.input_digest:
                return "attempts are contiguous from 0 and carry the run's input digest"
        if sum(a.budget_charge for a in self.candidate_attempts) != self.budget_consumed:
            return "budget_consumed is the sum of the attempts' charges"
        return None


@record(kind="search_run_refusal", id_field="run_refusal_id")
class SearchRunRefusal:
    """No run: the gate or budget did not allow one, or the input did not validate."""

    run_refusal_id: Digest
    run_policy_version: str
    input_digest: Digest | None
    problem_frame_digest: Digest | None
    original_contract_assessment_id: Digest | None
    gate_decision_id: Digest | None
    budget_id: Digest | None
    refusal_code: SearchRunRefusalCode
    reason_codes: tuple[str, ...]
    explanation: str
