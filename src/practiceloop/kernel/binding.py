"""CandidateAttemptRunBinding (ADR-0232): membership evidence that a result belongs to an open run.

An *open* run is built before exploration and never rebuilt (loop.md s3); each candidate an
operator produced for it is attached from outside by a binding. A binding is membership
evidence only: not truth, not proof, not replay success, not serving authority.

:func:`bind_candidate_attempt` takes the bindings already made for the run, so that attempt
indices are contiguous from 0, no attempt, candidate or operator result is bound twice, the
*cumulative* charge never exceeds the run's budget (and depth and steps stay within it). The
bindings of a run form a hash chain: a binding's ``input_digest`` covers the run, the budget,
the operator result, the attempt index and the previous binding's id (:func:`binding_input_digest`),
so reordering, dropping or splicing bindings is detected by :func:`bindings_fault`, which the
sealed trace uses to re-validate a run's complete binding chain (ADR-0233).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, cast

from practiceloop.kernel._run_chain import FaultKind
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.identity import Digest, digest_fields
from practiceloop.kernel.operator_result import CandidateOperatorResult, operator_result_fault
from practiceloop.kernel.record import (
    is_authentic,
    is_well_formed,
    recalled,
    record,
    remember,
    sealed,
)
from practiceloop.kernel.search_run import RUN_POLICY_VERSION, GeometricSearchRun, RunDisposition
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "BINDING_POLICY_VERSION",
    "BindingFault",
    "BindingRefusalCode",
    "CandidateAttemptRunBinding",
    "CandidateAttemptRunBindingRefusal",
    "RunAttemptMembership",
    "bind_candidate_attempt",
    "binding_input_digest",
    "bindings_fault",
]

BINDING_POLICY_VERSION: Final = "candidate_attempt_run_binding.v1"


class RunAttemptMembership(enum.StrEnum):
    """How an attempt belongs to its run (closed): structurally, and nothing more."""

    STRUCTURALLY_BOUND = "structurally_bound"


class BindingRefusalCode(enum.StrEnum):
    """Why a binding was refused (closed)."""

    INVALID_INPUT = "binding_invalid_input"
    POLICY_UNSUPPORTED = "binding_policy_unsupported"
    IDENTITY_MISMATCH = "binding_identity_mismatch"
    RUN_NOT_OPEN = "binding_run_not_open"
    BUDGET_NOT_ALLOWED = "binding_budget_not_allowed"
    ATTEMPT_INDEX_MISMATCH = "binding_attempt_index_mismatch"
    ALREADY_BOUND = "binding_already_bound"
    BUDGET_EXCEEDED = "binding_budget_exceeded"


@record(kind="candidate_attempt_run_binding", id_field="binding_id")
class CandidateAttemptRunBinding:
    """loop.md s3: one operator result's attempt is a member of one open run."""

    binding_id: Digest
    binding_policy_version: str
    input_digest: Digest
    original_run_id: Digest
    operator_result_id: Digest
    candidate_attempt_id: Digest
    attempt_index: int
    candidate_digest: Digest
    candidate_reconstruction_digest: Digest
    budget_charge: int
    depth: int
    step_index: int
    run_attempt_membership: RunAttemptMembership
    evidence_spans: tuple[SourceSpan, ...]
    reason_codes: tuple[str, ...]
    explanation: str


@record(kind="candidate_attempt_run_binding_refusal", id_field="binding_refusal_id")
class CandidateAttemptRunBindingRefusal:
    """No binding. Ids are populated only when they were validated, never guessed."""

    binding_refusal_id: Digest
    binding_policy_version: str
    original_run_id: Digest | None
    operator_result_id: Digest | None
    refusal_code: BindingRefusalCode
    reason_codes: tuple[str, ...]
    explanation: str


BindingFault = tuple[BindingRefusalCode, str]
"""A refusal code and a stable reason (``attempt_already_bound``...)."""

_BOUND_REASONS: Final = ("bound_to_open_run",)


def binding_input_digest(
    *,
    original_run_id: Digest,
    budget_id: Digest,
    operator_result_id: Digest,
    attempt_index: int,
    previous_binding_id: Digest | None,
    binding_policy_version: str = BINDING_POLICY_VERSION,
) -> Digest:
    """A binding's ``input_digest``: its structural input, chained to the previous binding.

    The run, the budget it is bound to, the operator result, the claimed attempt index and the
    id of the run's previous binding (``None`` for index 0). Each binding thus commits to the
    whole chain before it, at constant cost per binding.
    """
    return digest_fields(
        binding_policy_version=binding_policy_version,
        original_run_id=original_run_id,
        budget_id=budget_id,
        operator_result_id=operator_result_id,
        attempt_index=attempt_index,
        previous_binding_id=previous_binding_id,
    )


class _Chain:
    """A run's binding chain as verified so far: appended to, never rewritten.

    Shared by the ledgers of its prefixes (a ledger of size ``n`` sees the first ``n`` members),
    and remembered on its tip binding, so that binding the next attempt checks the new member
    only, not every earlier one again (flat cost per attempt; see :func:`_recalled_ledger`).
    """

    __slots__ = (
        "attempt_at", "attempts", "budget_id", "candidate_at", "candidates", "charges",
        "confirmed", "ids", "members", "result_at", "results", "run_id", "steps",
    )  # fmt: skip

    def __init__(self, run_id: Digest, budget_id: Digest) -> None:
        self.run_id, self.budget_id = run_id, budget_id
        self.attempts: list[Digest] = []
        self.candidates: list[Digest] = []
        self.results: list[Digest] = []
        self.attempt_at: dict[Digest, int] = {}
        self.candidate_at: dict[Digest, int] = {}
        self.result_at: dict[Digest, int] = {}
        self.charges: list[int] = []  # cumulative charge after each member
        self.steps: list[int] = []
        self.ids: list[Digest | None] = []  # binding ids (None until the binding is sealed)
        self.members: list[object] = []  # the binding records themselves, once sealed
        # The tuple last found equal to a prefix of the members (one per chain, not per tip:
        # kept on every tip, the prefixes would hold O(n**2) references).
        self.confirmed: tuple[object, ...] | None = None

    def push(
        self, attempt: Digest, candidate: Digest, result: Digest, charge: int, step: int
    ) -> None:
        index = len(self.attempts)
        self.attempts.append(attempt)
        self.candidates.append(candidate)
        self.results.append(result)
        self.attempt_at.setdefault(attempt, index)
        self.candidate_at.setdefault(candidate, index)
        self.result_at.setdefault(result, index)
        self.charges.append((self.charges[-1] if self.charges else 0) + charge)
        self.steps.append(step)
        self.ids.append(None)
        self.members.append(None)

    def member(self, index: int) -> tuple[Digest, Digest, Digest, int, int]:
        """What the member at ``index`` committed to (cumulative charge included)."""
        return (
            self.attempts[index], self.candidates[index], self.results[index],
            self.charges[index], self.steps[index],
        )  # fmt: skip

    def fork(self, size: int) -> _Chain:
        """The first ``size`` members as a chain of their own (another branch after them)."""
        chain = _Chain(self.run_id, self.budget_id)
        previous = 0
        for index in range(size):
            charge = self.charges[index] - previous
            previous = self.charges[index]
            chain.push(
                self.attempts[index], self.candidates[index], self.results[index], charge,
                self.steps[index],
            )
            chain.ids[index], chain.members[index] = self.ids[index], self.members[index]
        return chain


class _ChainTip:
    """What a binding's tip keeps (see :func:`~practiceloop.kernel.record.remember`): the chain
    it ends and its index there. A type of this module's own, so that a fact anyone else kept
    on a binding is never taken for one."""

    __slots__ = ("chain", "index")

    def __init__(self, chain: _Chain, index: int) -> None:
        self.chain, self.index = chain, index


class _Ledger:
    """The running state of a run's binding chain: what is bound, and what it cost."""

    __slots__ = ("budget", "chain", "size")

    def __init__(self, budget: ComputeBudgetDecision, chain: _Chain, size: int = 0) -> None:
        self.budget = budget
        self.chain = chain
        self.size = size

    @property
    def charge(self) -> int:
        return self.chain.charges[self.size - 1] if self.size else 0

    @property
    def last_id(self) -> Digest | None:
        return self.chain.ids[self.size - 1] if self.size else None

    @property
    def last_step(self) -> int:
        return self.chain.steps[self.size - 1] if self.size else 0

    def _has(self, table: dict[Digest, int], key: Digest) -> bool:
        return table.get(key, self.size) < self.size

    def admit(
        self,
        *,
        attempt_index: int,
        attempt_id: Digest,
        candidate_digest: Digest,
        operator_result_id: Digest,
        charge: int,
        depth: int,
        step_index: int,
    ) -> BindingFault | None:
        """Check one more member against the chain so far; record it when it fits."""
        # ADR-0232 (loop.md s3 binding): attempt indices are contiguous from 0 ...
        if attempt_index != self.size:
            return BindingRefusalCode.ATTEMPT_INDEX_MISMATCH, "attempt_index_not_next"
        # ... and steps never go back (one run explores in one order).
        if step_index < self.last_step:
            return BindingRefusalCode.ATTEMPT_INDEX_MISMATCH, "step_index_decreases"
        # ADR-0232: no attempt, candidate or operator result is bound twice.
        if self._has(self.chain.attempt_at, attempt_id):
            return BindingRefusalCode.ALREADY_BOUND, "attempt_already_bound"
        if self._has(self.chain.candidate_at, candidate_digest):
            return BindingRefusalCode.ALREADY_BOUND, "candidate_already_bound"
        if self._has(self.chain.result_at, operator_result_id):
            return BindingRefusalCode.ALREADY_BOUND, "operator_result_already_bound"
        # ADR-0232: the cumulative charge never exceeds the run's budget; ADR-0227: depth and
        # steps are structural limits too.
        if self.charge + charge > self.budget.max_candidates:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_candidates_exceeded"
        if depth > self.budget.max_depth:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_depth_exceeded"
        if step_index >= self.budget.max_steps:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_steps_exceeded"
        member = (
            attempt_id, candidate_digest, operator_result_id, self.charge + charge, step_index
        )  # fmt: skip
        if len(self.chain.attempts) > self.size:  # the chain already grew past this prefix ...
            if self.chain.member(self.size) == member:  # ... by this very member: reuse it
                self.size += 1
                return None
            self.chain = self.chain.fork(self.size)  # ... by another: branch off a copy
        self.chain.push(attempt_id, candidate_digest, operator_result_id, charge, step_index)
        self.size += 1
        return None

    def seal_last(self, binding: CandidateAttemptRunBinding) -> None:
        """The binding of the member just admitted: remember the chain on it (its new tip)."""
        index = self.size - 1
        self.chain.ids[index], self.chain.members[index] = binding.binding_id, binding
        remember(binding, _ChainTip(self.chain, index))


def _recalled_ledger(
    run: GeometricSearchRun,
    budget: ComputeBudgetDecision,
    prior: tuple[object, ...],
    *,
    keep: bool = False,
) -> _Ledger | None:
    """The ledger of ``prior`` when it is exactly a chain already verified, else None.

    Its tip must carry the chain this module verified for this run and budget, at this length,
    and ``prior`` must hold exactly that chain's members (one identity-first C comparison):
    anything else is verified from scratch by :func:`_chain_fault`. With ``keep``, the tuple
    confirmed is kept on the chain, so that handing the same tuple again (every replay of a run
    gets the whole chain) costs nothing more; binding, which is handed a new prefix each time,
    keeps nothing.
    """
    if not prior:
        return None
    fact = recalled(prior[-1])
    if type(fact) is not _ChainTip:  # nothing kept, or a fact this module never wrote
        return None
    chain, index = fact.chain, fact.index
    size = len(prior)
    if (
        index != size - 1
        or chain.run_id != run.run_id
        or chain.budget_id != budget.budget_id
        or len(chain.members) < size
    ):
        return None
    if chain.confirmed is not prior:
        # A chain that has not grown past ``prior`` (the common case: the next attempt) is
        # compared whole; list equality runs in C and takes identical members at a glance.
        members = chain.members if len(chain.members) == size else chain.members[:size]
        if members != list(prior):
            return None
        if keep:
            chain.confirmed = prior
    return _Ledger(budget, chain, size)


def _run_budget_fault(run: object, budget: object) -> BindingFault | None:
    """Validate an open run and the budget it is bound to."""
    if not is_well_formed(run, GeometricSearchRun) or not is_well_formed(
        budget, ComputeBudgetDecision
    ):
        return BindingRefusalCode.INVALID_INPUT, "run_or_budget_malformed"
    run = cast(GeometricSearchRun, run)
    budget = cast(ComputeBudgetDecision, budget)
    if run.run_policy_version != RUN_POLICY_VERSION:
        return BindingRefusalCode.POLICY_UNSUPPORTED, "run_policy_unsupported"
    # loop.md s2: run and budget ids are recomputed from their fields.
    if not is_authentic(run, GeometricSearchRun):
        return BindingRefusalCode.IDENTITY_MISMATCH, "run_id_mismatch"
    if not is_authentic(budget, ComputeBudgetDecision):
        return BindingRefusalCode.IDENTITY_MISMATCH, "budget_id_mismatch"
    # ADR-0232: only an open run takes bindings; an embedded run is complete as built.
    if run.run_disposition is not RunDisposition.OPEN:
        return BindingRefusalCode.RUN_NOT_OPEN, "run_not_open"
    # ADR-0232: the run is bound to exactly this budget, and the budget allows a search.
    if run.budget_id != budget.budget_id or budget.gate_decision_id != run.gate_decision_id:
        return BindingRefusalCode.IDENTITY_MISMATCH, "budget_not_the_runs"
    if budget.status is not BudgetStatus.ALLOWED:
        return BindingRefusalCode.BUDGET_NOT_ALLOWED, "budget_not_allowed"
    return None


def _chain_fault(
    run: GeometricSearchRun, ledger: _Ledger, bindings: Iterable[object]
) -> BindingFault | None:
    for binding in bindings:
        if not is_well_formed(binding, CandidateAttemptRunBinding):
            return BindingRefusalCode.INVALID_INPUT, "binding_malformed"
        binding = cast(CandidateAttemptRunBinding, binding)
        if binding.binding_policy_version != BINDING_POLICY_VERSION:
            return BindingRefusalCode.POLICY_UNSUPPORTED, "binding_policy_unsupported"
        # loop.md s2: every binding id is recomputed, and its input digest from the chain.
        if not is_authentic(binding, CandidateAttemptRunBinding):
            return BindingRefusalCode.IDENTITY_MISMATCH, "binding_id_mismatch"
        if binding.original_run_id != run.run_id:
            return BindingRefusalCode.IDENTITY_MISMATCH, "binding_of_another_run"
        expected = binding_input_digest(
            original_run_id=run.run_id,
            budget_id=run.budget_id,
            operator_result_id=binding.operator_result_id,
            attempt_index=binding.attempt_index,
            previous_binding_id=ledger.last_id,
        )
        if binding.input_digest != expected:
            return BindingRefusalCode.IDENTITY_MISMATCH, "binding_chain_broken"
        fault = ledger.admit(
            attempt_index=binding.attempt_index,
            attempt_id=binding.candidate_attempt_id,
            candidate_digest=binding.candidate_digest,
            operator_result_id=binding.operator_result_id,
            charge=binding.budget_charge,
            depth=binding.depth,
            step_index=binding.step_index,
        )
        if fault is not None:
            return fault
        ledger.seal_last(binding)
    return None


def bindings_fault(
    run: GeometricSearchRun, budget: ComputeBudgetDecision, bindings: object
) -> BindingFault | None:
    """Why ``bindings`` is not the lawful binding chain of the open ``run``, or None.

    Accepts anything. Checks the run (open, id recomputed) and its budget (id recomputed,
    allowed, the run's), then each binding in order: well formed, supported policy, id and
    chained input digest recomputed, of this run, index contiguous from 0, steps non-decreasing,
    nothing bound twice, cumulative charge, depth and steps within the budget. It does not see
    the operator results; the trace pairs them. Never raises.
    """
    try:
        fault = _run_budget_fault(run, budget)
        if fault is not None:
            return fault
        if type(bindings) is not tuple:
            return BindingRefusalCode.INVALID_INPUT, "bindings_not_a_tuple"
        chain = cast(tuple[object, ...], bindings)
        if _recalled_ledger(run, budget, chain, keep=True) is not None:
            return None  # exactly a chain this module verified, member by member, as it grew
        return _chain_fault(run, _Ledger(budget, _Chain(run.run_id, budget.budget_id)), chain)
    except Exception:  # a forged value may raise from anywhere: it is malformed
        return BindingRefusalCode.INVALID_INPUT, "unexpected_input"


def _refusal(
    fault: BindingFault, run_id: Digest | None, result_id: Digest | None
) -> CandidateAttemptRunBindingRefusal:
    code, reason = fault
    return sealed(
        CandidateAttemptRunBindingRefusal,
        binding_policy_version=BINDING_POLICY_VERSION,
        original_run_id=run_id,
        operator_result_id=result_id,
        refusal_code=code,
        reason_codes=(reason,),
        explanation=f"not bound: {code.value} ({reason})",
    )


_FAULT_CODES: Final = {
    FaultKind.MALFORMED: BindingRefusalCode.INVALID_INPUT,
    FaultKind.UNSUPPORTED: BindingRefusalCode.POLICY_UNSUPPORTED,
    FaultKind.MISMATCH: BindingRefusalCode.IDENTITY_MISMATCH,
}


def _bind(
    run: object, result: object, prior: object, budget: object
) -> CandidateAttemptRunBinding | CandidateAttemptRunBindingRefusal:
    fault = _run_budget_fault(run, budget)
    if fault is not None:
        # ADR-0229 s7.2 by analogy: the run id is reported only once it reproduced.
        authentic = is_authentic(run, GeometricSearchRun)
        return _refusal(fault, cast(GeometricSearchRun, run).run_id if authentic else None, None)
    run = cast(GeometricSearchRun, run)
    budget = cast(ComputeBudgetDecision, budget)
    # ADR-0232: the result is an authentic operator result of this run (every id recomputed).
    result_fault = operator_result_fault(run, result)
    if result_fault is not None:
        return _refusal((_FAULT_CODES[result_fault.kind], result_fault.reason), run.run_id, None)
    result = cast(CandidateOperatorResult, result)
    result_id = result.operator_result_id
    # ADR-0232: the bindings already made for this run form a lawful chain ...
    if type(prior) is not tuple:
        return _refusal(
            (BindingRefusalCode.INVALID_INPUT, "prior_not_a_tuple"), run.run_id, result_id
        )
    recalled_ledger = _recalled_ledger(run, budget, cast(tuple[object, ...], prior))
    if recalled_ledger is None:
        ledger = _Ledger(budget, _Chain(run.run_id, budget.budget_id))
        fault = _chain_fault(run, ledger, cast(tuple[object, ...], prior))
        if fault is not None:
            return _refusal(fault, run.run_id, result_id)
    else:
        ledger = recalled_ledger
    attempt = result.candidate_attempt
    # ... and this result's attempt is the next member: index, uniqueness, budget.
    fault = ledger.admit(
        attempt_index=attempt.attempt_index,
        attempt_id=attempt.attempt_id,
        candidate_digest=attempt.candidate_digest,
        operator_result_id=result_id,
        charge=attempt.budget_charge,
        depth=attempt.depth,
        step_index=attempt.step_index,
    )
    if fault is not None:
        return _refusal(fault, run.run_id, result_id)
    binding = sealed(
        CandidateAttemptRunBinding,
        binding_policy_version=BINDING_POLICY_VERSION,
        input_digest=binding_input_digest(
            original_run_id=run.run_id,
            budget_id=budget.budget_id,
            operator_result_id=result_id,
            attempt_index=attempt.attempt_index,
            previous_binding_id=cast(tuple[CandidateAttemptRunBinding, ...], prior)[-1].binding_id
            if prior
            else None,
        ),
        original_run_id=run.run_id,
        operator_result_id=result_id,
        candidate_attempt_id=attempt.attempt_id,
        attempt_index=attempt.attempt_index,
        candidate_digest=attempt.candidate_digest,
        candidate_reconstruction_digest=result.candidate_reconstruction.candidate_reconstruction_digest,
        budget_charge=attempt.budget_charge,
        depth=attempt.depth,
        step_index=attempt.step_index,
        run_attempt_membership=RunAttemptMembership.STRUCTURALLY_BOUND,
        evidence_spans=attempt.evidence_spans,
        reason_codes=_BOUND_REASONS,
        explanation=(
            f"attempt {attempt.attempt_index} structurally bound to open run"
            f" (charge {ledger.charge} of {budget.max_candidates}); membership only, not truth"
        ),
    )
    ledger.seal_last(binding)
    return binding


def bind_candidate_attempt(
    run: GeometricSearchRun,
    operator_result: CandidateOperatorResult,
    prior_bindings: tuple[CandidateAttemptRunBinding, ...],
    budget: ComputeBudgetDecision,
) -> CandidateAttemptRunBinding | CandidateAttemptRunBindingRefusal:
    """Bind one operator result's attempt to an open run (ADR-0232).

    Accepts the open run, one operator result built for it, every binding already made for the
    run (in order) and the run's budget. Returns a ``structurally_bound`` binding at index
    ``len(prior_bindings)``, chained to the last prior binding. Refuses, as a
    :class:`CandidateAttemptRunBindingRefusal`: malformed values; a run, budget, result, attempt,
    reconstruction or prior binding whose id does not reproduce or that does not bind this run;
    a run that is not open; a budget that is not the run's or not allowed; an attempt index
    that is not next; an attempt, candidate or result already bound; a cumulative charge,
    depth or step beyond the budget. Never raises.
    """
    try:
        return _bind(run, operator_result, prior_bindings, budget)
    except Exception:  # last guard: a bizarre input must still come back as a refusal
        return _refusal((BindingRefusalCode.INVALID_INPUT, "unexpected_input"), None, None)
