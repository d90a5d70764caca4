"""CandidateAttemptRunBinding (ADR-0232): membership evidence for an open run; indices
contiguous from 0, nothing bound twice, cumulative charge within budget; refusals, never raises."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import binding as module
from practiceloop.kernel.binding import (
    BINDING_POLICY_VERSION,
    BindingRefusalCode,
    CandidateAttemptRunBinding,
    CandidateAttemptRunBindingRefusal,
    RunAttemptMembership,
    bind_candidate_attempt,
    binding_input_digest,
    bindings_fault,
    extended_chain,
)
from practiceloop.kernel.operator_result import CandidateOperatorResult, build_operator_results
from practiceloop.kernel.record import full_form
from practiceloop.kernel.search_run import GeometricSearchRun

from ._independent import FUZZ, assert_sealed, expected_id, forge, garbage, malformed, reseal
from ._independent import sha256_hex as independent_digest
from ._toy_domain import (
    FORBIDDEN_FIELDS,
    LEFT_ONLY,
    NEGATED,
    PAIRS,
    THREE,
    Episode,
    Shape,
    assert_exports,
    make_manifest,
    practise,
    propose_adjacent_pairs,
    row,
)

REACHED: set[BindingRefusalCode] = set()


@functools.cache
def episode(text: str = THREE) -> Episode:
    return practise(text)


def fresh_results(
    ep: Episode, operator: object = PAIRS, *, attempt_index: int = 0, step_index: int = 0
) -> tuple[CandidateOperatorResult, ...]:
    out = build_operator_results(
        ep.run, ep.frame, ep.assessment, ep.residuals[0], ep.manifest.operator_set, operator,  # type: ignore[arg-type]
        attempt_index=attempt_index, step_index=step_index,
    )  # fmt: skip
    assert type(out) is tuple, out
    return out


def independent_input_digest(
    run_id: str, budget_id: str, result_id: str, index: int, previous: str | None
) -> str:
    return independent_digest(
        {
            "binding_policy_version": BINDING_POLICY_VERSION,
            "original_run_id": run_id,
            "budget_id": budget_id,
            "operator_result_id": result_id,
            "attempt_index": index,
            "previous_binding_id": previous,
        }
    )


def refused(
    outcome: object, code: BindingRefusalCode, reason: str | None = None
) -> CandidateAttemptRunBindingRefusal:
    assert type(outcome) is CandidateAttemptRunBindingRefusal, outcome
    assert outcome.refusal_code is code, outcome
    if reason is not None:
        assert outcome.reason_codes == (reason,)
    assert_sealed(outcome)
    REACHED.add(code)
    return outcome


def reseal_result(
    result: CandidateOperatorResult, **attempt_changes: object
) -> CandidateOperatorResult:
    """A self-consistent forgery: the attempt changed, and every id above it re-sealed."""
    attempt = reseal(result.candidate_attempt, **attempt_changes)
    rec = reseal(result.candidate_reconstruction, attempt_id=attempt.attempt_id)
    return reseal(result, candidate_attempt=attempt, candidate_reconstruction=rec)  # type: ignore[no-any-return]


def test_public_api_is_exact() -> None:
    assert_exports(
        module,
        {
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
        },
    )


def test_bindings_are_contiguous_chained_and_recomputed_independently() -> None:
    ep = episode()
    run = ep.run
    assert type(run) is GeometricSearchRun
    assert len(ep.bindings) == 3
    previous = None
    for index, (binding, result) in enumerate(zip(ep.bindings, ep.results, strict=True)):
        assert_sealed(binding)
        attempt = result.candidate_attempt
        assert binding.attempt_index == index == attempt.attempt_index
        assert binding.run_attempt_membership is RunAttemptMembership.STRUCTURALLY_BOUND
        assert (binding.original_run_id, binding.operator_result_id) == (
            run.run_id,
            result.operator_result_id,
        )
        assert (binding.candidate_attempt_id, binding.candidate_digest) == (
            attempt.attempt_id,
            attempt.candidate_digest,
        )
        assert (
            binding.candidate_reconstruction_digest
            == result.candidate_reconstruction.candidate_reconstruction_digest
        )
        assert (binding.budget_charge, binding.depth, binding.step_index) == (
            attempt.budget_charge, attempt.depth, attempt.step_index,
        )  # fmt: skip
        assert binding.evidence_spans == attempt.evidence_spans
        assert binding.input_digest == independent_input_digest(
            run.run_id, ep.budget.budget_id, result.operator_result_id, index, previous
        )
        assert binding.input_digest == binding_input_digest(
            original_run_id=run.run_id,
            budget_id=ep.budget.budget_id,
            operator_result_id=result.operator_result_id,
            attempt_index=index,
            previous_binding_id=previous,
        )
        previous = binding.binding_id
    assert bindings_fault(run, ep.budget, ep.bindings) is None


def test_binding_never_touches_the_open_run() -> None:
    ep = practise(THREE)
    assert type(ep.run) is GeometricSearchRun
    before = full_form(ep.run)
    bind_candidate_attempt(ep.run, ep.results[0], (), ep.budget)
    assert full_form(ep.run) == before and ep.run.candidate_attempts == ()


def test_ids_exclude_prose_and_are_deterministic() -> None:
    binding = episode().bindings[0]
    assert (
        expected_id(dataclasses.replace(binding, explanation="other words")) == binding.binding_id
    )
    again = practise(THREE)
    assert [full_form(b) for b in again.bindings] == [full_form(b) for b in episode().bindings]


# -- refusals ----------------------------------------------------------------------------------


def test_a_second_attempt_at_the_same_index_refuses() -> None:
    ep = episode()
    first = ep.bindings[0]
    other = fresh_results(ep, LEFT_ONLY, attempt_index=0)[0]  # a different candidate at index 0
    refusal = refused(
        bind_candidate_attempt(ep.run, other, (first,), ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH,
        "attempt_index_not_next",
    )
    assert (refusal.original_run_id, refusal.operator_result_id) == (
        ep.run.run_id,
        other.operator_result_id,
    )  # type: ignore[union-attr]
    # The very same result again is refused too.
    refused(
        bind_candidate_attempt(ep.run, ep.results[0], (first,), ep.budget),
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH,
    )  # type: ignore[arg-type]
    # An index that skips ahead is not next either.
    ahead = fresh_results(ep, LEFT_ONLY, attempt_index=2)[0]
    refused(
        bind_candidate_attempt(ep.run, ahead, (first,), ep.budget),
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH,
    )  # type: ignore[arg-type]


def test_the_same_candidate_is_not_bound_twice() -> None:
    ep = episode()
    again = fresh_results(ep, attempt_index=1, step_index=5)[0]  # same candidate as binding 0
    refused(
        bind_candidate_attempt(ep.run, again, ep.bindings[:1], ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.ALREADY_BOUND,
        "candidate_already_bound",
    )


def test_forged_chains_binding_an_attempt_or_result_twice_are_caught() -> None:
    ep = episode()
    run, budget, (b0, b1, _) = ep.run, ep.budget, ep.bindings
    assert type(run) is GeometricSearchRun
    same_attempt = reseal(b1, candidate_attempt_id=b0.candidate_attempt_id)
    fault = bindings_fault(run, budget, (b0, same_attempt))
    assert fault == (BindingRefusalCode.ALREADY_BOUND, "attempt_already_bound")
    chained = independent_input_digest(
        run.run_id, budget.budget_id, b0.operator_result_id, 1, b0.binding_id
    )
    same_result = reseal(b1, operator_result_id=b0.operator_result_id, input_digest=chained)
    fault = bindings_fault(run, budget, (b0, same_result))
    assert fault == (BindingRefusalCode.ALREADY_BOUND, "operator_result_already_bound")


def _heavy(
    charge: int,
) -> tuple[Episode, object, CandidateOperatorResult, CandidateOperatorResult, object]:
    """An episode whose first operator charges ``charge`` a candidate (budget 24): the row,
    its two candidates' results, and the first bound."""
    heavy = row("heavy_pairs", propose_adjacent_pairs, charge=charge)
    ep = practise(THREE, make_manifest(rows=(heavy, LEFT_ONLY)))
    assert ep.budget.max_candidates == 24
    first, second = fresh_results(ep, heavy)
    bound = bind_candidate_attempt(ep.run, first, (), ep.budget)  # type: ignore[arg-type]
    assert type(bound) is CandidateAttemptRunBinding
    return ep, heavy, first, second, bound


def test_cumulative_charge_depth_and_steps_stay_within_the_budget() -> None:
    ep, heavy, first, second, bound = _heavy(13)
    refused(
        bind_candidate_attempt(ep.run, second, (bound,), ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.BUDGET_EXCEEDED,
        "max_candidates_exceeded",
    )
    late = fresh_results(ep, heavy, step_index=ep.budget.max_steps)[0]
    refused(
        bind_candidate_attempt(ep.run, late, (), ep.budget),
        BindingRefusalCode.BUDGET_EXCEEDED,
        "max_steps_exceeded",
    )  # type: ignore[arg-type]
    deep = reseal_result(first, depth=ep.budget.max_depth + 1)
    refused(
        bind_candidate_attempt(ep.run, deep, (), ep.budget),
        BindingRefusalCode.BUDGET_EXCEEDED,
        "max_depth_exceeded",
    )  # type: ignore[arg-type]


def test_the_whole_budget_may_be_spent_and_no_more() -> None:
    """ADR-0232: the cumulative charge may reach the budget exactly; one more does not fit."""
    ep, _, _, second, bound = _heavy(12)
    full = bind_candidate_attempt(ep.run, second, (bound,), ep.budget)  # type: ignore[arg-type]
    assert type(full) is CandidateAttemptRunBinding, full
    extra = fresh_results(ep, LEFT_ONLY, attempt_index=2, step_index=1)[0]
    refused(
        bind_candidate_attempt(ep.run, extra, (bound, full), ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.BUDGET_EXCEEDED,
        "max_candidates_exceeded",
    )


def test_steps_never_go_back() -> None:
    ep = episode()
    later = fresh_results(ep, step_index=9)[0]
    bound = bind_candidate_attempt(ep.run, later, (), ep.budget)  # type: ignore[arg-type]
    assert type(bound) is CandidateAttemptRunBinding
    earlier = fresh_results(ep, LEFT_ONLY, attempt_index=1, step_index=3)[0]
    refused(
        bind_candidate_attempt(ep.run, earlier, (bound,), ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH,
        "step_index_decreases",
    )


def test_only_open_runs_with_their_allowed_budget() -> None:
    ep, embedded = episode(), practise(THREE, shape=Shape.EMBEDDED)
    refused(
        bind_candidate_attempt(embedded.run, ep.results[0], (), embedded.budget),
        BindingRefusalCode.RUN_NOT_OPEN,
    )  # type: ignore[arg-type]
    other = episode(NEGATED)  # a blocked budget, of another gate
    refused(
        bind_candidate_attempt(ep.run, ep.results[0], (), other.budget),
        BindingRefusalCode.IDENTITY_MISMATCH,
        "budget_not_the_runs",
    )  # type: ignore[arg-type]
    # Each link on its own: a run re-sealed to name another gate (its budget unchanged).
    refused(
        bind_candidate_attempt(
            reseal(ep.run, gate_decision_id=other.gate.decision_id), ep.results[0], (), ep.budget
        ),  # type: ignore[arg-type]
        BindingRefusalCode.IDENTITY_MISMATCH,
        "budget_not_the_runs",
    )
    # A (forged, self-consistent) run bound to a blocked budget: the budget does not allow it.
    blocked_run = reseal(
        ep.run, budget_id=other.budget.budget_id, gate_decision_id=other.gate.decision_id
    )
    refused(
        bind_candidate_attempt(blocked_run, ep.results[0], (), other.budget),  # type: ignore[arg-type]
        BindingRefusalCode.BUDGET_NOT_ALLOWED,
    )


def test_identity_mismatches() -> None:
    ep, other = (
        episode(),
        practise(
            THREE, make_manifest(version="toy_manifest.v2", operator_set_version="toy_ops.v9")
        ),
    )
    b0, b1, b2 = ep.bindings
    cases = [
        # a result whose id no longer reproduces
        (ep.run, forge(ep.results[1], residual_id="a" * 64), (b0,)),
        # a result of another run
        (ep.run, other.results[1], (b0,)),
        # prior bindings reordered: the first is not at index 0 / chain broken
        (ep.run, ep.results[2], (b1, b0)),
        # a prior binding forged after sealing
        (ep.run, ep.results[1], (forge(b0, budget_charge=0),)),
        # a prior binding of another run
        (ep.run, ep.results[1], (other.bindings[0],)),
        # a forged run
        (forge(ep.run, residual_ids=()), ep.results[0], ()),
    ]
    for run, result, prior in cases:
        refused(
            bind_candidate_attempt(run, result, prior, ep.budget),
            BindingRefusalCode.IDENTITY_MISMATCH,
        )  # type: ignore[arg-type]
    assert bindings_fault(ep.run, ep.budget, (b0, b2))[0] is BindingRefusalCode.IDENTITY_MISMATCH  # type: ignore[arg-type, index]
    assert bindings_fault(ep.run, ep.budget, (b1, b2))[0] is BindingRefusalCode.IDENTITY_MISMATCH  # type: ignore[arg-type, index]


def test_unsupported_policies() -> None:
    ep = episode()
    old_run = reseal(ep.run, run_policy_version="geometric_search_run.v0")
    refused(
        bind_candidate_attempt(old_run, ep.results[0], (), ep.budget),
        BindingRefusalCode.POLICY_UNSUPPORTED,
    )  # type: ignore[arg-type]
    old_binding = reseal(ep.bindings[0], binding_policy_version="candidate_attempt_run_binding.v0")
    refused(
        bind_candidate_attempt(ep.run, ep.results[1], (old_binding,), ep.budget),
        BindingRefusalCode.POLICY_UNSUPPORTED,
    )  # type: ignore[arg-type]


def test_malformed_inputs_refuse_with_only_validated_ids() -> None:
    ep = episode()
    refusal = refused(
        bind_candidate_attempt("run", ep.results[0], (), ep.budget),
        BindingRefusalCode.INVALID_INPUT,
    )  # type: ignore[arg-type]
    assert (refusal.original_run_id, refusal.operator_result_id) == (None, None)
    refusal = refused(
        bind_candidate_attempt(ep.run, ep.results[1], [ep.bindings[0]], ep.budget),
        BindingRefusalCode.INVALID_INPUT,
    )  # type: ignore[arg-type]
    assert refusal.original_run_id == ep.run.run_id  # type: ignore[union-attr]
    refused(
        bind_candidate_attempt(ep.run, ep.results[1], (None,), ep.budget),
        BindingRefusalCode.INVALID_INPUT,
    )  # type: ignore[arg-type]
    refused(bind_candidate_attempt(ep.run, None, (), ep.budget), BindingRefusalCode.INVALID_INPUT)  # type: ignore[arg-type]
    refusal = refused(
        bind_candidate_attempt(ep.run, ep.results[0], (), "budget"),  # type: ignore[arg-type]
        BindingRefusalCode.INVALID_INPUT,
        "run_or_budget_malformed",
    )
    assert refusal.original_run_id == ep.run.run_id  # the run alone was well formed
    assert bindings_fault(ep.run, ep.budget, [])[0] is BindingRefusalCode.INVALID_INPUT  # type: ignore[arg-type, index]


def test_no_output_type_has_a_forbidden_field() -> None:
    for cls in (CandidateAttemptRunBinding, CandidateAttemptRunBindingRefusal):
        assert not {f.name for f in dataclasses.fields(cls)} & FORBIDDEN_FIELDS


def test_every_refusal_code_and_membership_value_is_reached() -> None:
    ep, embedded, other = episode(), practise(THREE, shape=Shape.EMBEDDED), episode(NEGATED)
    heavy = row("heavy_pairs", propose_adjacent_pairs, charge=25)
    heavy_ep = practise(THREE, make_manifest(rows=(heavy,)))
    blocked_run = reseal(
        ep.run, budget_id=other.budget.budget_id, gate_decision_id=other.gate.decision_id
    )
    cases = {
        BindingRefusalCode.INVALID_INPUT: (ep.run, ep.results[0], "()", ep.budget),
        BindingRefusalCode.POLICY_UNSUPPORTED: (
            reseal(ep.run, run_policy_version="x"),
            ep.results[0],
            (),
            ep.budget,
        ),
        BindingRefusalCode.IDENTITY_MISMATCH: (ep.run, ep.results[0], (), other.budget),
        BindingRefusalCode.RUN_NOT_OPEN: (embedded.run, ep.results[0], (), embedded.budget),
        BindingRefusalCode.BUDGET_NOT_ALLOWED: (blocked_run, ep.results[0], (), other.budget),
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH: (ep.run, ep.results[1], (), ep.budget),
        BindingRefusalCode.ALREADY_BOUND: (
            ep.run,
            fresh_results(ep, attempt_index=1)[0],
            ep.bindings[:1],
            ep.budget,
        ),
        BindingRefusalCode.BUDGET_EXCEEDED: (
            heavy_ep.run,
            fresh_results(heavy_ep, heavy)[0],
            (),
            heavy_ep.budget,
        ),
    }
    for code, args in cases.items():
        refused(bind_candidate_attempt(*args), code)  # type: ignore[arg-type]
    assert set(cases) == set(BindingRefusalCode)
    assert {b.run_attempt_membership for b in ep.bindings} == set(RunAttemptMembership)


# -- fuzz ------------------------------------------------------------------------------------------


@st.composite
def _mangled(draw: st.DrawFn) -> tuple[object, object, object, object]:
    ep = episode()
    values: list[object] = [ep.run, ep.results[1], ep.bindings[:1], ep.budget]
    slot = draw(st.integers(0, 3))
    if slot == 2:
        values[2] = draw(
            st.one_of(
                garbage(),
                malformed(ep.bindings[0]).map(lambda b: (b,)),
                st.just(ep.bindings[:1] * 2),
                st.just(()),
            )
        )
    else:
        values[slot] = draw(malformed(values[slot]))
    return values[0], values[1], values[2], values[3]


@FUZZ
@given(_mangled())
def test_fuzz_never_raises_and_never_binds_a_malformed_input(
    args: tuple[object, object, object, object],
) -> None:
    outcome = bind_candidate_attempt(*args)  # type: ignore[arg-type]
    if type(outcome) is CandidateAttemptRunBinding:
        real = episode().bindings[1]
        prior = args[2]
        assert type(prior) is tuple
        if [b.binding_id for b in prior] == [b.binding_id for b in episode().bindings[:1]]:
            # Only prose was mangled (explanations never enter an id): the same binding, exactly.
            assert outcome.binding_id == real.binding_id
        else:
            # A prior binding re-sealed over other spans: ADR-0232 checks no span of a prior
            # binding (the trace pairs bindings with their results), so this binding is bound
            # after *that* chain, and its chained input digest says so; the chain it extends
            # is lawful as binding sees it.
            assert outcome.input_digest != real.input_digest
            assert bindings_fault(args[0], args[3], prior) is None  # type: ignore[arg-type]
    else:
        assert type(outcome) is CandidateAttemptRunBindingRefusal, outcome
    assert_sealed(outcome)
    fault = bindings_fault(args[0], args[3], args[2])  # type: ignore[arg-type]
    assert fault is None or type(fault[0]) is BindingRefusalCode


@pytest.mark.parametrize("index", range(3))
def test_the_orchestrated_chain_is_the_one_bind_produces(index: int) -> None:
    ep = episode()
    rebound = bind_candidate_attempt(ep.run, ep.results[index], ep.bindings[:index], ep.budget)  # type: ignore[arg-type]
    assert rebound == ep.bindings[index]


# -- the chain the binding stage grew (per-attempt flatness) -----------------------------------


def _bound_one_by_one(ep: Episode) -> tuple[CandidateAttemptRunBinding, ...]:
    chain: tuple[CandidateAttemptRunBinding, ...] = ()
    for result in ep.results:
        binding = bind_candidate_attempt(ep.run, result, chain, ep.budget)  # type: ignore[arg-type]
        assert type(binding) is CandidateAttemptRunBinding
        grown = extended_chain(chain, binding)
        assert grown == (*chain, binding)
        chain = grown
    return chain


def test_the_grown_chain_is_the_very_tuple_bind_verified() -> None:
    ep = practise(THREE)
    calls: list[object] = []
    original = module._chain_fault

    def counting(*args: object) -> object:
        calls.append(args)
        return original(*args)  # type: ignore[arg-type]

    module._chain_fault = counting  # type: ignore[assignment]
    try:
        chain = _bound_one_by_one(ep)
        # Only the empty chain of the first bind was checked: every later bind met the chain
        # it had grown, and nothing was verified again.
        assert [args[2] for args in calls] == [()]
        assert bindings_fault(ep.run, ep.budget, chain) is None and len(calls) == 1
        assert chain == ep.bindings  # the same bindings as the orchestrator's
        # A tuple of the caller's own is checked member by member, with the same verdict.
        own = tuple(list(chain))
        assert own is not chain and bindings_fault(ep.run, ep.budget, own) is None
        assert len(calls) == 2 and calls[1][2] is own
    finally:
        module._chain_fault = original  # type: ignore[assignment]


def test_a_grown_chain_remembered_equals_its_tally_computed_afresh() -> None:
    ep = practise(THREE)
    chain = _bound_one_by_one(ep)
    kept = module.taken(module._verified, ep.run, ep.budget, chain)
    assert type(kept) is module._Members
    assert kept == module._verified(ep.run, ep.budget, chain)  # type: ignore[arg-type]


def test_binding_twice_after_the_same_prefix_is_checked_afresh() -> None:
    ep = practise(THREE)
    first = bind_candidate_attempt(ep.run, ep.results[0], (), ep.budget)  # type: ignore[arg-type]
    assert type(first) is CandidateAttemptRunBinding
    chain = extended_chain((), first)
    second = bind_candidate_attempt(ep.run, ep.results[1], chain, ep.budget)  # type: ignore[arg-type]
    assert type(second) is CandidateAttemptRunBinding
    # The same prefix again (another branch): its tally was taken over, so it is re-verified,
    # and the index is next again, not taken by the branch that grew first.
    again = bind_candidate_attempt(ep.run, ep.results[1], chain, ep.budget)  # type: ignore[arg-type]
    assert again == second
    refused(
        bind_candidate_attempt(ep.run, ep.results[1], extended_chain(chain, second), ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.ATTEMPT_INDEX_MISMATCH,
    )


def test_a_forged_member_in_a_new_tuple_is_refused() -> None:
    ep = practise(THREE)
    chain = _bound_one_by_one(ep)
    assert bindings_fault(ep.run, ep.budget, chain) is None
    forged = (chain[0], forge(chain[1], attempt_index=True), *chain[2:])  # a bool is no int
    assert bindings_fault(ep.run, ep.budget, forged) == (
        BindingRefusalCode.INVALID_INPUT, "binding_malformed",
    )  # fmt: skip
    resealed = (chain[0], reseal(chain[1], budget_charge=chain[1].budget_charge + 1), *chain[2:])
    assert bindings_fault(ep.run, ep.budget, resealed) is not None
    refused(
        bind_candidate_attempt(ep.run, ep.results[-1], forged[:-1], ep.budget),  # type: ignore[arg-type]
        BindingRefusalCode.INVALID_INPUT,
    )
