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

import dataclasses
import enum
from typing import Final, cast

from practiceloop.kernel._faults import FaultKind
from practiceloop.kernel._memo import remember, remembered, taken
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.identity import Digest, digest
from practiceloop.kernel.operator_result import CandidateOperatorResult, operator_result_fault
from practiceloop.kernel.record import is_authentic, is_well_formed, record, sealed
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
    "extended_chain",
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
    return digest(
        {
            "binding_policy_version": binding_policy_version,
            "original_run_id": original_run_id,
            "budget_id": budget_id,
            "operator_result_id": operator_result_id,
            "attempt_index": attempt_index,
            "previous_binding_id": previous_binding_id,
        }
    )


@dataclasses.dataclass(slots=True)
class _Members:
    """The members of a run's binding chain checked so far, and what they cost: the tally of
    one chain (``chain``), never a record. Kept by the memo as the answer of :func:`_verified`
    about that very tuple, so that binding the next attempt checks only the new member."""

    budget: ComputeBudgetDecision
    chain: tuple[object, ...]
    attempts: set[Digest] = dataclasses.field(default_factory=set)
    candidates: set[Digest] = dataclasses.field(default_factory=set)
    results: set[Digest] = dataclasses.field(default_factory=set)
    charge: int = 0
    last_step: int = 0
    last_id: Digest | None = None
    # The chain these members grew from, while its extension is remembered (not a fact of the
    # chain: left out of equality with a tally computed afresh).
    prior: tuple[object, ...] | None = dataclasses.field(default=None, compare=False)

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
        """Check one more member against the members so far; count it when it fits."""
        # ADR-0232 (loop.md s3 binding): attempt indices are contiguous from 0 ...
        if attempt_index != len(self.attempts):
            return BindingRefusalCode.ATTEMPT_INDEX_MISMATCH, "attempt_index_not_next"
        # ... and steps never go back (one run explores in one order).
        if step_index < self.last_step:
            return BindingRefusalCode.ATTEMPT_INDEX_MISMATCH, "step_index_decreases"
        # ADR-0232: no attempt, candidate or operator result is bound twice.
        if attempt_id in self.attempts:
            return BindingRefusalCode.ALREADY_BOUND, "attempt_already_bound"
        if candidate_digest in self.candidates:
            return BindingRefusalCode.ALREADY_BOUND, "candidate_already_bound"
        if operator_result_id in self.results:
            return BindingRefusalCode.ALREADY_BOUND, "operator_result_already_bound"
        # ADR-0232: the cumulative charge never exceeds the run's budget; ADR-0227: depth and
        # steps are structural limits too.
        if self.charge + charge > self.budget.max_candidates:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_candidates_exceeded"
        if depth > self.budget.max_depth:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_depth_exceeded"
        if step_index >= self.budget.max_steps:
            return BindingRefusalCode.BUDGET_EXCEEDED, "max_steps_exceeded"
        self.attempts.add(attempt_id)
        self.candidates.add(candidate_digest)
        self.results.add(operator_result_id)
        self.charge += charge
        self.last_step = step_index
        return None


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
    run: GeometricSearchRun, members: _Members, bindings: tuple[object, ...]
) -> BindingFault | None:
    """Check ``bindings``, in order, as the run's binding chain; ``members`` counts them."""
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
            previous_binding_id=members.last_id,
        )
        if binding.input_digest != expected:
            return BindingRefusalCode.IDENTITY_MISMATCH, "binding_chain_broken"
        fault = members.admit(
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
        members.last_id = binding.binding_id
    return None


def _verified(
    run: GeometricSearchRun, budget: ComputeBudgetDecision, chain: tuple[object, ...]
) -> _Members | BindingFault:
    """The members of ``chain`` checked, in order, as the binding chain of the validated open
    ``run`` and its ``budget``; or the first fault. Remembered for these very values
    (:mod:`~practiceloop.kernel._memo`), and primed by :func:`bind_candidate_attempt` for the
    chain it grew, so that a chain the binding stage verified is recognised at once."""
    members = _Members(budget, chain)
    fault = _chain_fault(run, members, chain)
    return members if fault is None else fault


def bindings_fault(
    run: GeometricSearchRun, budget: ComputeBudgetDecision, bindings: object
) -> BindingFault | None:
    """Why ``bindings`` is not the lawful binding chain of the open ``run``, or None.

    Accepts anything. Checks the run (open, id recomputed) and its budget (id recomputed,
    allowed, the run's), then each binding in order: well formed, supported policy, id and
    chained input digest recomputed, of this run, index contiguous from 0, steps non-decreasing,
    nothing bound twice, cumulative charge, depth and steps within the budget. It does not see
    the operator results; the trace pairs them. The tuple the binding stage grew
    (:func:`extended_chain`) is known verified: constant time whatever its length. Never raises.
    """
    try:
        fault = _run_budget_fault(run, budget)
        if fault is not None:
            return fault
        if type(bindings) is not tuple:
            return BindingRefusalCode.INVALID_INPUT, "bindings_not_a_tuple"
        found = remembered(_verified, run, budget, bindings)
        return None if type(found) is _Members else cast(BindingFault, found)
    except Exception:  # a forged value may raise from anywhere: it is malformed
        return BindingRefusalCode.INVALID_INPUT, "unexpected_input"


def _appended(chain: tuple[object, ...], binding: object) -> tuple[object, ...]:
    return chain + (binding,)  # noqa: RUF005 - one copy in C; (*chain, binding) makes two


def extended_chain(
    prior_bindings: tuple[CandidateAttemptRunBinding, ...], binding: CandidateAttemptRunBinding
) -> tuple[CandidateAttemptRunBinding, ...]:
    """``(*prior_bindings, binding)``: the run's binding chain grown by the binding just made.

    When ``binding`` is what :func:`bind_candidate_attempt` returned for exactly
    ``prior_bindings``, this is the very tuple it verified, so that the next bind, every
    replay and the trace handed it recognise it in constant time (a caller's own tuple of the
    same bindings is checked member by member). Given once per binding; any other call gives
    an equal new tuple.
    """
    found = taken(_appended, prior_bindings, binding)
    chain = found if found is not None else _appended(prior_bindings, binding)
    return cast(tuple[CandidateAttemptRunBinding, ...], chain)


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
    FaultKind.MISSING: BindingRefusalCode.INVALID_INPUT,
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
    prior = cast(tuple[object, ...], prior)
    # The tally of a chain this stage grew is taken over (and so forgotten for ``prior``): it
    # becomes the tally of the chain with the new binding.
    found = taken(_verified, run, budget, prior)
    if found is None:
        found = _verified(run, budget, prior)
    if type(found) is not _Members:
        remember(_verified, found, run, budget, prior)
        return _refusal(cast(BindingFault, found), run.run_id, result_id)
    members = found
    attempt = result.candidate_attempt
    # ... and this result's attempt is the next member: index, uniqueness, budget.
    fault = members.admit(
        attempt_index=attempt.attempt_index,
        attempt_id=attempt.attempt_id,
        candidate_digest=attempt.candidate_digest,
        operator_result_id=result_id,
        charge=attempt.budget_charge,
        depth=attempt.depth,
        step_index=attempt.step_index,
    )
    if fault is not None:
        remember(_verified, members, run, budget, prior)  # admit changed nothing
        return _refusal(fault, run.run_id, result_id)
    binding = sealed(
        CandidateAttemptRunBinding,
        binding_policy_version=BINDING_POLICY_VERSION,
        input_digest=binding_input_digest(
            original_run_id=run.run_id,
            budget_id=budget.budget_id,
            operator_result_id=result_id,
            attempt_index=attempt.attempt_index,
            previous_binding_id=members.last_id,
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
            f" (charge {members.charge} of {budget.max_candidates}); membership only, not truth"
        ),
    )
    chain = _appended(prior, binding)
    if members.prior is not None:  # the extension that made ``prior``: no longer needed
        taken(_appended, members.prior, prior[-1])
    members.chain, members.prior, members.last_id = chain, prior, binding.binding_id
    remember(_verified, members, run, budget, chain)
    remember(_appended, chain, prior, binding)
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
