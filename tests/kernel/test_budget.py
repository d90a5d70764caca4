"""ComputeBudgetDecision (ADR-0227, loop.md s3 budget): table limits for an eligible gate,
zero limits otherwise, the gate id recomputed, never an exception."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.budget import (
    BUDGET_POLICY_VERSION,
    BUDGET_TABLE,
    BudgetLimits,
    BudgetReason,
    BudgetStatus,
    ComputeBudgetDecision,
    decide_compute_budget,
)
from practiceloop.kernel.gate import (
    ELIGIBLE_ORDER,
    GateStatus,
    SearchGateDecision,
    decide_search_gate,
)
from practiceloop.kernel.record import RecordError, is_authentic
from practiceloop.kernel.residual import ResidualKind

from ._independent import (
    CODE_OF_KIND,
    FUZZ,
    TABLE,
    chain,
    expected_id,
    forge,
    malformed,
    read_problem,
    reseal,
)

REACHED: set[tuple[BudgetStatus, str]] = set()


def _check(budget: ComputeBudgetDecision) -> ComputeBudgetDecision:
    assert type(budget) is ComputeBudgetDecision
    assert budget.budget_id == expected_id(budget)
    assert budget.policy_version == BUDGET_POLICY_VERSION
    assert is_authentic(budget, ComputeBudgetDecision)
    limits = (budget.max_candidates, budget.max_depth, budget.max_steps, budget.max_parallelism)
    assert all(limits) if budget.status is BudgetStatus.ALLOWED else not any(limits)
    REACHED.add((budget.status, budget.reason_code))
    return budget


def test_table_is_keyed_by_every_eligible_reason_once() -> None:
    reasons = [reason for reason, _ in BUDGET_TABLE]
    assert reasons == [f"eligible_{kind.value}" for kind in ELIGIBLE_ORDER]
    assert all(type(limits) is BudgetLimits for _, limits in BUDGET_TABLE)


@pytest.mark.parametrize("kind", ELIGIBLE_ORDER, ids=lambda k: k.value)
def test_eligible_gate_gets_its_table_row(kind: ResidualKind) -> None:
    built = chain("tom", (CODE_OF_KIND[kind],))
    budget = _check(built.budget)
    limits = dict(BUDGET_TABLE)[built.gate.reason_code]
    assert budget.status is BudgetStatus.ALLOWED
    assert budget.reason_code == f"allowed_eligible_{kind.value}"
    assert budget.gate_decision_id == built.gate.decision_id
    assert (budget.max_candidates, budget.max_depth, budget.max_steps, budget.max_parallelism) == (
        limits.max_candidates,
        limits.max_depth,
        limits.max_steps,
        limits.max_parallelism,
    )
    assert budget.evidence_spans == built.gate.evidence_spans


def test_blocked_gate_gives_blocked_budget_with_zero_limits() -> None:
    built = chain(
        "ann",
        (CODE_OF_KIND[ResidualKind.MISSING_ROLE],),
        (CODE_OF_KIND[ResidualKind.HAZARD_BLOCKED],),
    )
    budget = _check(decide_compute_budget(built.gate))
    assert budget.status is BudgetStatus.BLOCKED
    assert budget.reason_code == BudgetReason.GATE_BLOCKED.value
    assert budget.gate_decision_id == built.gate.decision_id


def test_unassessable_gate_gives_blocked_budget() -> None:
    frame = read_problem("tom")
    nothing: Any = None
    gate = decide_search_gate(frame, nothing, (), TABLE)
    assert gate.status is GateStatus.UNASSESSABLE
    budget = _check(decide_compute_budget(gate))
    assert budget.status is BudgetStatus.BLOCKED
    assert budget.reason_code == BudgetReason.GATE_UNASSESSABLE.value
    assert budget.gate_decision_id == gate.decision_id


def _unassessable_cases() -> dict[str, tuple[Any, BudgetReason, bool]]:
    gate = chain("tom").gate
    return {
        "none": (None, BudgetReason.INVALID_GATE, False),
        "bare": (object.__new__(SearchGateDecision), BudgetReason.INVALID_GATE, False),
        "text": ("gate", BudgetReason.INVALID_GATE, False),
        "status_as_text": (forge(gate, status="eligible"), BudgetReason.INVALID_GATE, False),
        "reason_outside_policy": (
            forge(gate, reason_code="eligible_everything"),
            BudgetReason.INVALID_GATE,
            False,
        ),
        "id_forged": (
            forge(gate, candidate_organ="other"),
            BudgetReason.GATE_IDENTITY_MISMATCH,
            False,
        ),
        "id_of_another_gate": (
            forge(gate, decision_id=chain("mia").gate.decision_id),
            BudgetReason.GATE_IDENTITY_MISMATCH,
            False,
        ),
        "policy_unsupported": (
            reseal(gate, policy_version="search_gate.v0"),
            BudgetReason.GATE_POLICY_UNSUPPORTED,
            True,
        ),
    }


UNASSESSABLE = _unassessable_cases()


@pytest.mark.parametrize("name", sorted(UNASSESSABLE))
def test_unassessable(name: str) -> None:
    gate, reason, id_known = UNASSESSABLE[name]
    budget = _check(decide_compute_budget(gate))
    assert budget.status is BudgetStatus.UNASSESSABLE
    assert budget.reason_code == reason.value
    assert budget.gate_decision_id == (gate.decision_id if id_known else None)
    assert budget.evidence_spans == ()


def test_every_status_and_reason_is_reached() -> None:
    for name in UNASSESSABLE:
        test_unassessable(name)
    test_blocked_gate_gives_blocked_budget_with_zero_limits()
    test_unassessable_gate_gives_blocked_budget()
    test_eligible_gate_gets_its_table_row(ELIGIBLE_ORDER[0])
    assert {status for status, _ in REACHED} == set(BudgetStatus)
    assert {reason for _, reason in REACHED} >= {reason.value for reason in BudgetReason}


def test_rules_refuse_limits_without_allowance() -> None:
    budget = chain("tom").budget
    with pytest.raises(RecordError):
        dataclasses.replace(budget, status=BudgetStatus.BLOCKED)  # limits kept: refused
    with pytest.raises(RecordError):
        dataclasses.replace(budget, max_steps=0)  # allowed with a zero limit
    with pytest.raises(RecordError):
        dataclasses.replace(budget, gate_decision_id=None)


def test_explanation_never_changes_the_budget_id() -> None:
    budget = chain("tom").budget
    assert dataclasses.replace(budget, explanation="x").budget_id == budget.budget_id


def test_budget_binds_the_gate() -> None:
    assert chain("tom").budget.budget_id != chain("mia").budget.budget_id


# -- properties ----------------------------------------------------------------------------------

_GATE = chain("tom").gate


@FUZZ
@given(st.one_of(st.just(_GATE), malformed(_GATE)))
def test_budget_never_raises(gate: Any) -> None:
    budget = _check(decide_compute_budget(gate))
    if budget.status is BudgetStatus.ALLOWED:
        assert is_authentic(gate, SearchGateDecision)
        assert budget.gate_decision_id == gate.decision_id
