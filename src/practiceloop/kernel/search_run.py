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

import dataclasses
import enum
from typing import Final, cast

from practiceloop.kernel._faults import FaultKind, Known, Stop, check, guarded, stop_on
from practiceloop.kernel._upstream import context_fault
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision, decide_compute_budget
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import GateStatus, SearchGateDecision, gate_policy
from practiceloop.kernel.identity import Digest, digest, is_digest
from practiceloop.kernel.manifest import OperatorRow, OperatorSet, recomputed_digest
from practiceloop.kernel.record import is_well_formed, record, sealed
from practiceloop.kernel.residual import ContractResidual, ResidualKind
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "RUN_POLICY_VERSION",
    "CandidateAttempt",
    "ExhaustionCode",
    "ExploredCandidate",
    "GeometricSearchRun",
    "ReplayStatus",
    "RunDisposition",
    "SearchRunRefusal",
    "SearchRunRefusalCode",
    "build_candidate_attempt",
    "build_embedded_search_run",
    "initialize_search_run",
    "run_input_digest",
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


@record()
class ExploredCandidate:
    """One candidate an embedded run explored, before it becomes a :class:`CandidateAttempt`."""

    candidate_digest: Digest
    operator_id: str
    operator_version: str
    parent_attempt_id: Digest | None
    budget_charge: int
    depth: int
    step_index: int
    evidence_spans: tuple[SourceSpan, ...]


def run_input_digest(
    *,
    problem_frame_digest: Digest,
    original_contract_assessment_id: Digest,
    residual_ids: tuple[Digest, ...],
    gate_decision_id: Digest,
    budget_id: Digest,
    candidate_organ: str,
    operator_set_id: Digest,
    operator_set_version: str,
    run_policy_version: str = RUN_POLICY_VERSION,
) -> Digest:
    """The run's ``input_digest``: the structural binding of the chain and the operator set.

    The one definition for both run shapes (and for anyone re-deriving a run's input digest
    from its fields). The arguments are named as the run's own fields.
    """
    return digest(
        {
            "run_policy_version": run_policy_version,
            "problem_frame_digest": problem_frame_digest,
            "original_contract_assessment_id": original_contract_assessment_id,
            "residual_ids": residual_ids,
            "gate_decision_id": gate_decision_id,
            "budget_id": budget_id,
            "candidate_organ": candidate_organ,
            "operator_set_id": operator_set_id,
            "operator_set_version": operator_set_version,
        }
    )


def build_candidate_attempt(
    input_digest: Digest, attempt_index: int, explored: ExploredCandidate
) -> CandidateAttempt:
    """Seal one attempt of the run whose input digest is ``input_digest`` (ADR-0228).

    The attempt is ``replay_pending`` (ADR-0229 s11) and copies the explored candidate's spans
    exactly. A constructor, not a boundary: the caller has validated its arguments, and an
    ill-typed one raises ``RecordError``.
    """
    return sealed(
        CandidateAttempt,
        input_digest=input_digest,
        attempt_index=attempt_index,
        candidate_digest=explored.candidate_digest,
        operator_id=explored.operator_id,
        operator_version=explored.operator_version,
        parent_attempt_id=explored.parent_attempt_id,
        budget_charge=explored.budget_charge,
        depth=explored.depth,
        step_index=explored.step_index,
        replay_status=ReplayStatus.REPLAY_PENDING,
        evidence_spans=explored.evidence_spans,
    )


@dataclasses.dataclass(frozen=True, slots=True)
class _Chain:
    """A validated chain: every id recomputed, every link checked, the run's input digest."""

    assessment: ContractAssessment
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision
    operator_set: OperatorSet
    input_digest: Digest


def _refusal(
    code: SearchRunRefusalCode, reasons: tuple[str, ...], known: Known
) -> SearchRunRefusal:
    # ADR-0229 s7.2 by analogy: ids are populated only when they were validated.
    return sealed(
        SearchRunRefusal,
        run_policy_version=RUN_POLICY_VERSION,
        input_digest=known.get("input_digest"),
        problem_frame_digest=known.get("problem_frame_digest"),
        original_contract_assessment_id=known.get("original_contract_assessment_id"),
        gate_decision_id=known.get("gate_decision_id"),
        budget_id=known.get("budget_id"),
        refusal_code=code,
        reason_codes=reasons,
        explanation=f"no search run: {code.value} ({', '.join(reasons)})",
    )


_INVALID: Final = SearchRunRefusalCode.INVALID_INPUT
# Every fault of the shared chain check is this stage's invalid input (loop.md s3 run).
_CHAIN_CODES: Final[dict[FaultKind, enum.Enum]] = dict.fromkeys(FaultKind, _INVALID)


def _row_ok(row: object) -> bool:
    """An operator row with exactly typed fields (a forged row may hold anything)."""
    if type(row) is not OperatorRow:
        return False
    return (
        type(row.operator_id) is str
        and type(row.version) is str
        and type(row.organ) is str
        and type(row.residual_kind) is ResidualKind
        and (row.residual_code is None or type(row.residual_code) is str)
        and type(row.charge) is int
        and row.charge >= 1
    )


def _operator_set_ok(operator_set: object) -> bool:
    """loop.md s4: the closed operator set, its id recomputed from its description."""
    try:
        if type(operator_set) is not OperatorSet:
            return False
        rows = operator_set.rows
        if type(rows) is not tuple or not all(_row_ok(row) for row in rows):
            return False
        if type(operator_set.version) is not str or not is_digest(operator_set.operator_set_id):
            return False
        # digest() validates the description (lone surrogates, huge ints) and raises on it.
        return recomputed_digest(operator_set) == operator_set.operator_set_id
    except Exception:  # a forged set may lack attributes or carry text with no UTF-8 form
        return False


def _bind_chain(
    known: Known,
    frame: object,
    assessment: object,
    residuals: object,
    gate: object,
    budget: object,
    operator_set: object,
) -> _Chain:
    """Validate the chain a run binds, or raise :class:`Stop` with the refusal's reason.

    Every value well formed, every id recomputed, every link checked (the one shared check,
    :func:`~practiceloop.kernel._upstream.context_fault`); then the run's input digest. Whether
    the chain *opens* a run is :func:`_check_permission`'s question.
    """
    # loop.md s2 / s7: every upstream id is recomputed from its fields; malformed -> invalid.
    stop_on(context_fault(frame, assessment, residuals, gate, budget, refused=False), _CHAIN_CODES)
    frame = cast(ProblemFrame, frame)
    assessment = cast(ContractAssessment, assessment)
    gate = cast(SearchGateDecision, gate)
    budget = cast(ComputeBudgetDecision, budget)
    residuals = cast(tuple[ContractResidual, ...], residuals)
    known.update(
        problem_frame_digest=frame.problem_frame_digest,
        original_contract_assessment_id=assessment.assessment_id,
        gate_decision_id=gate.decision_id,
        budget_id=budget.budget_id,
    )
    check(_operator_set_ok(operator_set), _INVALID, "operator_set_malformed_or_id_mismatch")
    operator_set = cast(OperatorSet, operator_set)
    input_digest = run_input_digest(
        problem_frame_digest=frame.problem_frame_digest,
        original_contract_assessment_id=assessment.assessment_id,
        residual_ids=gate.residual_ids,
        gate_decision_id=gate.decision_id,
        budget_id=budget.budget_id,
        candidate_organ=assessment.candidate_organ,
        operator_set_id=operator_set.operator_set_id,
        operator_set_version=operator_set.version,
    )
    known["input_digest"] = input_digest
    return _Chain(assessment, residuals, gate, budget, operator_set, input_digest)


def _check_permission(chain: _Chain) -> None:
    """Raise :class:`Stop` unless the bound chain's gate and budget open a run."""
    gate, budget = chain.gate, chain.budget
    # loop.md s3 run: a gate that is not eligible gives a refusal, never an empty run.
    check(
        gate.status is GateStatus.ELIGIBLE, SearchRunRefusalCode.BLOCKED_BY_GATE, gate.reason_code
    )
    # loop.md s3 run: a budget that is not allowed gives a refusal, never an empty run.
    check(
        budget.status is BudgetStatus.ALLOWED,
        SearchRunRefusalCode.BLOCKED_BY_BUDGET,
        budget.reason_code,
    )
    # Refusing needs only a bound chain; opening a run needs the policy's own decisions: a
    # self-sealed "eligible" gate or "allowed" budget that the static tables would not give
    # does not open a run.
    decided = gate_policy(chain.residuals)
    check(
        decided is not None
        and decided[0] is GateStatus.ELIGIBLE
        and gate.reason_code == f"eligible_{decided[1].value}"
        and gate.evidence_spans == decided[2],
        _INVALID,
        "gate_is_not_the_policy_decision",
    )
    check(
        decide_compute_budget(gate).budget_id == budget.budget_id,
        _INVALID,
        "budget_is_not_the_policy_decision",
    )


def _run(
    chain: _Chain,
    attempts: tuple[CandidateAttempt, ...],
    disposition: RunDisposition,
    exhaustion_code: ExhaustionCode | None,
) -> GeometricSearchRun:
    assessment = chain.assessment
    return sealed(
        GeometricSearchRun,
        run_policy_version=RUN_POLICY_VERSION,
        input_digest=chain.input_digest,
        problem_frame_digest=assessment.problem_frame_digest,
        original_contract_assessment_id=assessment.assessment_id,
        residual_ids=chain.gate.residual_ids,
        gate_decision_id=chain.gate.decision_id,
        budget_id=chain.budget.budget_id,
        candidate_organ=assessment.candidate_organ,
        operator_set_id=chain.operator_set.operator_set_id,
        operator_set_version=chain.operator_set.version,
        candidate_attempts=attempts,
        budget_consumed=sum(attempt.budget_charge for attempt in attempts),
        run_disposition=disposition,
        exhaustion_code=exhaustion_code,
        evidence_spans=chain.gate.evidence_spans,
        explanation=(
            f"{disposition.value} run of {assessment.candidate_organ} under"
            f" {chain.gate.reason_code}: {len(attempts)} attempt(s)"
        ),
    )


def initialize_search_run(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    operator_set: OperatorSet,
) -> GeometricSearchRun | SearchRunRefusal:
    """Open a run before exploration: the *open* shape (ADR-0228, ADR-0232/0233).

    Accepts the chain (frame, its refused assessment, the complete residual context, the gate
    over it, the budget over the gate) and the closed operator set. Returns a run with no
    attempts, ``budget_consumed = 0``, ``run_disposition = open`` and no exhaustion code.
    Refuses with ``blocked_by_gate`` / ``blocked_by_budget`` when the gate is not eligible or
    the budget not allowed, and with ``invalid_input`` when any value is malformed or missing,
    any id does not reproduce, a link of the chain is broken, or an eligible gate or allowed
    budget is not the one the static policy gives. Never raises.
    """

    def build(known: Known) -> GeometricSearchRun:
        chain = _bind_chain(known, frame, assessment, residuals, gate, budget, operator_set)
        _check_permission(chain)
        return _run(chain, (), RunDisposition.OPEN, None)

    return guarded(build, _refusal, _INVALID)


def _attempts(
    chain: _Chain, explored: tuple[ExploredCandidate, ...]
) -> tuple[CandidateAttempt, ...]:
    """The run's attempts, in exploration order, after checking each against set and budget."""
    budget, organ = chain.budget, chain.assessment.candidate_organ
    attempts: list[CandidateAttempt] = []
    depth_of: dict[Digest, int] = {}
    seen: set[Digest] = set()
    consumed = 0
    for index, candidate in enumerate(explored):
        row = chain.operator_set.row(candidate.operator_id, candidate.operator_version)
        # loop.md s4: the operator is a row of the run's closed operator set ...
        if row is None:
            raise Stop(_INVALID, "operator_not_in_set")
        # loop.md s6 (3): ... that accepts a residual of this context ...
        if row.organ != organ or not any(row.accepts(r) for r in chain.residuals):
            raise Stop(_INVALID, "operator_not_aimed_at_context")
        # loop.md s4: ... and the charge per candidate is the row's.
        if candidate.budget_charge != row.charge:
            raise Stop(_INVALID, "charge_differs_from_operator_row")
        consumed += candidate.budget_charge
        # loop.md s3 binding, for the embedded shape: the cumulative charge stays in budget;
        # ADR-0227: depth and steps are structural limits too.
        if consumed > budget.max_candidates:
            raise Stop(_INVALID, "max_candidates_exceeded")
        if candidate.depth > budget.max_depth:
            raise Stop(_INVALID, "max_depth_exceeded")
        if candidate.step_index >= budget.max_steps:
            raise Stop(_INVALID, "max_steps_exceeded")
        # A parent is an earlier attempt of this run, shallower: lineage never dangles.
        parent = candidate.parent_attempt_id
        if parent is not None and (parent not in depth_of or candidate.depth <= depth_of[parent]):
            raise Stop(_INVALID, "parent_is_not_an_earlier_attempt")
        # ADR-0232 by analogy: no candidate is attempted twice in one run.
        if candidate.candidate_digest in seen:
            raise Stop(_INVALID, "candidate_repeated")
        seen.add(candidate.candidate_digest)
        attempt = build_candidate_attempt(chain.input_digest, index, candidate)
        depth_of[attempt.attempt_id] = attempt.depth
        attempts.append(attempt)
    return tuple(attempts)


def build_embedded_search_run(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    operator_set: OperatorSet,
    explored: tuple[ExploredCandidate, ...],
    exhaustion_code: ExhaustionCode,
) -> GeometricSearchRun | SearchRunRefusal:
    """Build a complete run with its attempts: the *embedded* shape (ADR-0228).

    Accepts what :func:`initialize_search_run` accepts, plus the explored candidates in
    exploration order and why exploration ended. Returns a run whose attempts are those
    candidates (``attempt_index`` 0..n-1, the run's ``input_digest``, ``replay_pending``),
    with ``budget_consumed`` their total charge and ``run_disposition = explored``. Refuses as
    :func:`initialize_search_run` does, and with ``invalid_input`` when a candidate's operator
    is not a row of the set aimed at this context, its charge is not the row's, the cumulative
    charge exceeds ``max_candidates``, a depth exceeds ``max_depth``, a step index reaches
    ``max_steps``, a parent is not an earlier attempt, or a candidate repeats. Never raises.
    """

    def build(known: Known) -> GeometricSearchRun:
        chain = _bind_chain(known, frame, assessment, residuals, gate, budget, operator_set)
        # loop.md s7: malformed explored candidates or code are invalid input, before any
        # question of permission.
        check(
            type(explored) is tuple
            and all(is_well_formed(candidate, ExploredCandidate) for candidate in explored),
            _INVALID,
            "explored_malformed",
        )
        check(type(exhaustion_code) is ExhaustionCode, _INVALID, "exhaustion_code_malformed")
        _check_permission(chain)
        attempts = _attempts(chain, explored)
        return _run(chain, attempts, RunDisposition.EXPLORED, exhaustion_code)

    return guarded(build, _refusal, _INVALID)
