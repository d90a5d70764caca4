"""The shared chain re-validation (kernel/_upstream.py ``context_fault``, kernel/chain.py
``run_fault`` and ``upstream_fault``): every link broken alone, by reason.

Replay, trace and the search run all re-validate the upstream chain through these; their own
tests see the stage's refusal. Here each link of
a real (toy-domain) chain is broken on its own, by a forgery that is self-consistent where a
forger could make it so (re-sealed ids), and the exact fault kind and reason are checked, so a
check that silently stopped looking at one field would be caught.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from practiceloop.kernel._faults import Fault as ChainFault
from practiceloop.kernel._faults import FaultKind
from practiceloop.kernel._upstream import context_fault as chain_fault
from practiceloop.kernel.budget import BudgetReason, BudgetStatus
from practiceloop.kernel.chain import UpstreamChain, run_fault, upstream_fault
from practiceloop.kernel.gate import GateStatus
from practiceloop.kernel.search_run import run_input_digest

from ._independent import forge, reseal
from ._toy_domain import THREE, Episode, Shape, practise

MALFORMED, UNSUPPORTED, MISMATCH = FaultKind.MALFORMED, FaultKind.UNSUPPORTED, FaultKind.MISMATCH
OTHER = "f" * 64


@pytest.fixture(scope="module")
def ep() -> Episode:
    return practise(THREE)


def _chain(ep: Episode, **changes: object) -> dict[str, Any]:
    values: dict[str, Any] = {
        "frame": ep.frame,
        "assessment": ep.assessment,
        "residuals": ep.residuals,
        "gate": ep.gate,
        "budget": ep.budget,
    }
    return {**values, **changes}


def _rebound_digest(ep: Episode, **changes: Any) -> Any:
    """The run input digest ``run_input_digest`` gives with ``changes`` made to the run."""
    fields = {
        name: getattr(ep.run, name)
        for name in ("problem_frame_digest", "original_contract_assessment_id", "residual_ids",
                     "gate_decision_id", "budget_id", "candidate_organ", "operator_set_id",
                     "operator_set_version")
    }
    return run_input_digest(**{**fields, **changes})


def _rebound_run(ep: Episode, **changes: Any) -> Any:
    """The run re-sealed over ``changes``, its input digest recomputed to match them."""
    return reseal(ep.run, **changes, input_digest=_rebound_digest(ep, **changes))


def test_the_real_chain_and_run_have_no_fault(ep: Episode) -> None:
    assert chain_fault(**_chain(ep)) is None
    assert run_fault(ep.run, ep.assessment, ep.residuals, ep.gate, ep.budget) is None


@pytest.mark.parametrize("name", ["frame", "assessment", "gate", "budget"])
@pytest.mark.parametrize("value", ["x", (), object()])
def test_a_malformed_value_is_malformed(ep: Episode, name: str, value: object) -> None:
    assert chain_fault(**_chain(ep, **{name: value})) == ChainFault(MALFORMED, f"{name}_malformed")


@pytest.mark.parametrize("name", ["frame", "assessment", "residuals", "gate", "budget"])
def test_a_missing_upstream_record_is_missing_not_malformed(ep: Episode, name: str) -> None:
    # ADR-0230 s13, s16: a record passed as None is missing (trace_upstream_incomplete), a
    # record of the wrong shape is malformed (trace_invalid_input).
    missing = ChainFault(FaultKind.MISSING, f"{name}_missing")
    assert chain_fault(**_chain(ep, **{name: None})) == missing
    chain = UpstreamChain(**{**_chain(ep), "run": ep.run, name: None})  # type: ignore[arg-type]
    assert upstream_fault(chain) == missing
    assert run_fault(None, ep.assessment, ep.residuals, ep.gate, ep.budget) == ChainFault(
        FaultKind.MISSING, "run_missing"
    )


def test_the_upstream_chain_is_one_value_checked_whole(ep: Episode) -> None:
    chain = UpstreamChain(**_chain(ep), run=ep.run)  # type: ignore[misc]
    assert upstream_fault(chain) is None
    assert upstream_fault(_chain(ep)) == ChainFault(MALFORMED, "chain_malformed")
    forged = UpstreamChain(**{**_chain(ep), "run": forge(ep.run, run_id=OTHER)})  # type: ignore[arg-type]
    assert upstream_fault(forged) == ChainFault(MISMATCH, "run_id_mismatch")


def test_malformed_residuals_are_malformed_not_unsupported(ep: Episode) -> None:
    """Supported residuals beside a value that is not one are malformed; only a well-formed
    residual of another policy makes the context unsupported (the next test)."""
    for residuals in ((*ep.residuals, "x"), [*ep.residuals], (None, *ep.residuals)):
        fault = chain_fault(**_chain(ep, residuals=residuals))
        assert fault is not None and fault.kind is MALFORMED, (residuals, fault)


def test_a_residual_of_another_policy_is_unsupported(ep: Episode) -> None:
    other_policy = reseal(ep.residuals[0], residual_policy_version="contract_residual.v0")
    residuals = (other_policy, *ep.residuals[1:])
    assert chain_fault(**_chain(ep, residuals=residuals)) == ChainFault(
        UNSUPPORTED, "residual_policy_unsupported"
    )


@pytest.mark.parametrize(
    ("name", "field", "reason"),
    [
        ("frame", "frame_schema_version", "frame_schema_unsupported"),
        ("assessment", "assessment_policy_version", "assessment_policy_unsupported"),
        ("gate", "policy_version", "gate_policy_unsupported"),
        ("budget", "policy_version", "budget_policy_unsupported"),
    ],
)
def test_another_version_is_unsupported(ep: Episode, name: str, field: str, reason: str) -> None:
    value = forge(getattr(ep, name), **{field: "other.v9"})
    assert chain_fault(**_chain(ep, **{name: value})) == ChainFault(UNSUPPORTED, reason)


@pytest.mark.parametrize(
    ("name", "id_field", "reason"),
    [
        ("frame", "problem_frame_digest", "frame_digest_mismatch"),
        ("assessment", "assessment_id", "assessment_id_mismatch"),
        ("gate", "decision_id", "gate_id_mismatch"),
        ("budget", "budget_id", "budget_id_mismatch"),
    ],
)
def test_an_id_that_does_not_reproduce(ep: Episode, name: str, id_field: str, reason: str) -> None:
    value = forge(getattr(ep, name), **{id_field: OTHER})
    assert chain_fault(**_chain(ep, **{name: value})) == ChainFault(MISMATCH, reason)


def test_an_assessment_of_another_frame(ep: Episode) -> None:
    assessment = reseal(ep.assessment, problem_frame_digest=OTHER)
    assert chain_fault(**_chain(ep, assessment=assessment)) == ChainFault(
        MISMATCH, "assessment_of_another_frame"
    )


@pytest.mark.parametrize(
    "field",
    ["problem_frame_digest", "original_contract_assessment_id", "candidate_organ",
     "residual_ids", "input_digest"],
)
def test_a_gate_over_anything_else_does_not_bind(ep: Episode, field: str) -> None:
    """Each of the gate's links is checked on its own (one wrong field is enough)."""
    value: object = (OTHER,) if field == "residual_ids" else OTHER
    if field == "candidate_organ":
        value = "another_organ"
    gate = reseal(ep.gate, **{field: value})
    budget = reseal(ep.budget, gate_decision_id=gate.decision_id)
    assert chain_fault(**_chain(ep, gate=gate, budget=budget)) == ChainFault(
        MISMATCH, "gate_does_not_bind_residuals"
    )


def test_a_budget_of_another_gate(ep: Episode) -> None:
    budget = reseal(ep.budget, gate_decision_id=OTHER)
    assert chain_fault(**_chain(ep, budget=budget)) == ChainFault(
        MISMATCH, "budget_does_not_bind_gate"
    )


def test_run_faults_by_shape_version_and_id(ep: Episode) -> None:
    args = (ep.assessment, ep.residuals, ep.gate, ep.budget)
    assert run_fault("run", *args) == ChainFault(MALFORMED, "run_malformed")
    assert run_fault(forge(ep.run, run_policy_version="other.v9"), *args) == ChainFault(
        UNSUPPORTED, "run_policy_unsupported"
    )
    assert run_fault(forge(ep.run, run_id=OTHER), *args) == ChainFault(MISMATCH, "run_id_mismatch")


@pytest.mark.parametrize(
    "field",
    ["problem_frame_digest", "original_contract_assessment_id", "residual_ids",
     "gate_decision_id", "budget_id", "candidate_organ", "input_digest"],
)
def test_a_run_over_anything_else_does_not_bind(ep: Episode, field: str) -> None:
    """Each of the run's links is checked on its own, its input digest recomputed to match."""
    value: object = (OTHER,) if field == "residual_ids" else OTHER
    if field == "candidate_organ":
        value = "another_organ"
    if field == "input_digest":
        run = reseal(ep.run, input_digest=OTHER)
    else:
        run = _rebound_run(ep, **{field: value})
    assert run_fault(run, ep.assessment, ep.residuals, ep.gate, ep.budget) == ChainFault(
        MISMATCH, "run_does_not_bind_chain"
    )


def test_a_run_needs_an_eligible_gate_and_an_allowed_budget(ep: Episode) -> None:
    """Either one not granting is enough: a run over a blocked budget of an eligible gate."""
    assert ep.gate.status is GateStatus.ELIGIBLE and ep.budget.status is BudgetStatus.ALLOWED
    blocked = reseal(
        ep.budget, status=BudgetStatus.BLOCKED, reason_code=BudgetReason.GATE_BLOCKED.value,
        max_candidates=0, max_depth=0, max_steps=0, max_parallelism=0,
    )
    assert chain_fault(**_chain(ep, budget=blocked)) is None  # a lawful chain on its own
    run = _rebound_run(ep, budget_id=blocked.budget_id)
    assert run_fault(run, ep.assessment, ep.residuals, ep.gate, blocked) == ChainFault(
        MISMATCH, "run_without_permission"
    )


@pytest.mark.parametrize(("spare", "fault"), [(-1, "run_exceeds_budget"), (0, None)])
def test_a_run_may_spend_its_whole_budget_and_no_more(spare: int, fault: str | None) -> None:
    emb = practise(THREE, shape=Shape.EMBEDDED)
    assert emb.run.budget_consumed > 1
    budget = reseal(emb.budget, max_candidates=emb.run.budget_consumed + spare)
    digest = _rebound_digest(emb, budget_id=budget.budget_id)
    # every attempt carries the run's input digest: the forger re-seals them too
    attempts = tuple(reseal(a, input_digest=digest) for a in emb.run.candidate_attempts)
    run = reseal(emb.run, budget_id=budget.budget_id, input_digest=digest,
                 candidate_attempts=attempts)
    expected = None if fault is None else ChainFault(MISMATCH, fault)
    assert run_fault(run, emb.assessment, emb.residuals, emb.gate, budget) == expected


def test_a_forged_object_is_malformed_never_raised(ep: Episode) -> None:
    class Hostile:
        def __getattr__(self, name: str) -> object:
            raise RuntimeError(name)

    hostile_residuals: Any = (Hostile(),)
    fault = chain_fault(**_chain(ep, residuals=hostile_residuals))
    assert fault is not None and fault.kind is MALFORMED
    run_like: Any = dataclasses.replace  # not a run at all
    assert run_fault(run_like, ep.assessment, ep.residuals, ep.gate, ep.budget) == ChainFault(
        MALFORMED, "run_malformed"
    )
