"""GeometricSearchRun / CandidateAttempt / SearchRunRefusal (ADR-0228, loop.md s3 run): both
lawful shapes, the chain recomputed and bound, limits enforced, refusals never empty runs."""

from __future__ import annotations

import dataclasses
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.budget import BudgetStatus, decide_compute_budget
from practiceloop.kernel.gate import GateStatus, decide_search_gate
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.manifest import OperatorSet
from practiceloop.kernel.record import is_authentic
from practiceloop.kernel.residual import ResidualKind
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    CandidateAttempt,
    ExhaustionCode,
    ExploredCandidate,
    GeometricSearchRun,
    ReplayStatus,
    RunDisposition,
    SearchRunRefusal,
    SearchRunRefusalCode,
    build_candidate_attempt,
    build_embedded_search_run,
    initialize_search_run,
    run_input_digest,
)

from ._independent import (
    CODE_OF_KIND,
    FUZZ,
    TABLE,
    Chain,
    chain,
    expected_id,
    forge,
    garbage,
    malformed,
    operator_set,
    real_candidate_digest,
    reseal,
    sha256_hex,
)

OP = "op_missing_role"
HAZARD = CODE_OF_KIND[ResidualKind.HAZARD_BLOCKED]
MISSING_ROLE = CODE_OF_KIND[ResidualKind.MISSING_ROLE]
DEPLETED = ExhaustionCode.OPERATOR_SPACE_DEPLETED

REACHED: set[object] = set()


def _independent_input_digest(built: Chain) -> Digest:
    return Digest(
        sha256_hex(
            {
                "run_policy_version": RUN_POLICY_VERSION,
                "problem_frame_digest": built.frame.problem_frame_digest,
                "original_contract_assessment_id": built.assessment.assessment_id,
                "residual_ids": [r.residual_id for r in built.residuals],
                "gate_decision_id": built.gate.decision_id,
                "budget_id": built.budget.budget_id,
                "candidate_organ": built.assessment.candidate_organ,
                "operator_set_id": built.operators.operator_set_id,
                "operator_set_version": built.operators.version,
            }
        )
    )


def _run(result: Any) -> GeometricSearchRun:
    assert type(result) is GeometricSearchRun, result
    assert result.run_id == expected_id(result)
    assert is_authentic(result, GeometricSearchRun)
    for attempt in result.candidate_attempts:
        assert attempt.attempt_id == expected_id(attempt)
        assert attempt.input_digest == result.input_digest
        REACHED.add(attempt.replay_status)
    REACHED.add(result.run_disposition)
    REACHED.add(result.exhaustion_code)
    return result


def _refusal(result: Any) -> SearchRunRefusal:
    assert type(result) is SearchRunRefusal, result
    assert result.run_refusal_id == expected_id(result)
    assert is_authentic(result, SearchRunRefusal)
    REACHED.add(result.refusal_code)
    return result


def _explored(
    built: Chain,
    mention: str = "a1",
    *,
    operator: str = OP,
    charge: int = 1,
    parent: Digest | None = None,
    depth: int = 0,
    step: int = 0,
) -> ExploredCandidate:
    return ExploredCandidate(
        candidate_digest=real_candidate_digest(built.frame, mention),
        operator_id=operator,
        operator_version="1",
        parent_attempt_id=parent,
        budget_charge=charge,
        depth=depth,
        step_index=step,
        evidence_spans=built.frame.sentences[1:2],
    )


Args = tuple[Any, Any, Any, Any, Any, Any]


def _with(built: Chain, **changes: Any) -> Args:
    fields = {f.name: getattr(built, f.name) for f in dataclasses.fields(built)}
    fields.update(changes)
    names = ("frame", "assessment", "residuals", "gate", "budget", "operators")
    frame, assessment, residuals, gate, budget, operators = (fields[name] for name in names)
    return frame, assessment, residuals, gate, budget, operators


# -- the open shape --------------------------------------------------------------------------------


def test_open_run_binds_the_chain(eligible_chain: Chain) -> None:
    run = _run(initialize_search_run(*eligible_chain.args()))
    assert run.run_policy_version == RUN_POLICY_VERSION
    assert run.input_digest == _independent_input_digest(eligible_chain)
    assert run.problem_frame_digest == eligible_chain.frame.problem_frame_digest
    assert run.original_contract_assessment_id == eligible_chain.assessment.assessment_id
    assert run.residual_ids == tuple(r.residual_id for r in eligible_chain.residuals)
    assert run.gate_decision_id == eligible_chain.gate.decision_id
    assert run.budget_id == eligible_chain.budget.budget_id
    assert run.candidate_organ == eligible_chain.assessment.candidate_organ
    assert run.operator_set_id == eligible_chain.operators.operator_set_id
    assert run.operator_set_version == eligible_chain.operators.version
    assert run.candidate_attempts == ()
    assert run.budget_consumed == 0
    assert run.run_disposition is RunDisposition.OPEN
    assert run.exhaustion_code is None
    assert run.evidence_spans == eligible_chain.gate.evidence_spans


def test_run_input_digest_matches_independent(eligible_chain: Chain) -> None:
    assert run_input_digest(
        problem_frame_digest=eligible_chain.frame.problem_frame_digest,
        original_contract_assessment_id=eligible_chain.assessment.assessment_id,
        residual_ids=tuple(r.residual_id for r in eligible_chain.residuals),
        gate_decision_id=eligible_chain.gate.decision_id,
        budget_id=eligible_chain.budget.budget_id,
        candidate_organ=eligible_chain.assessment.candidate_organ,
        operator_set_id=eligible_chain.operators.operator_set_id,
        operator_set_version=eligible_chain.operators.version,
    ) == _independent_input_digest(eligible_chain)


def test_explanation_never_changes_the_run_id(eligible_chain: Chain) -> None:
    run = _run(initialize_search_run(*eligible_chain.args()))
    assert dataclasses.replace(run, explanation="autre").run_id == run.run_id


def test_operator_set_version_enters_the_input_digest(eligible_chain: Chain) -> None:
    other = _with(eligible_chain, operators=operator_set(version="toy_ops.v2"))
    a = _run(initialize_search_run(*eligible_chain.args()))
    b = _run(initialize_search_run(*other))
    assert a.input_digest != b.input_digest and a.run_id != b.run_id


# -- the embedded shape ---------------------------------------------------------------------------


def test_embedded_run_builds_its_attempts(eligible_chain: Chain) -> None:
    open_run = _run(initialize_search_run(*eligible_chain.args()))
    first = _explored(eligible_chain, "a1")
    parent = build_candidate_attempt(open_run.input_digest, 0, first).attempt_id
    second = _explored(eligible_chain, "p1", parent=parent, depth=1, step=1)
    run = _run(build_embedded_search_run(*eligible_chain.args(), (first, second), DEPLETED))
    # Both shapes share the one input digest.
    assert run.input_digest == open_run.input_digest == _independent_input_digest(eligible_chain)
    assert run.run_disposition is RunDisposition.EXPLORED
    assert run.exhaustion_code is DEPLETED
    assert run.budget_consumed == 2
    assert [a.attempt_index for a in run.candidate_attempts] == [0, 1]
    assert run.candidate_attempts[1].parent_attempt_id == run.candidate_attempts[0].attempt_id
    for attempt, explored in zip(run.candidate_attempts, (first, second), strict=True):
        assert attempt.replay_status is ReplayStatus.REPLAY_PENDING
        assert attempt.candidate_digest == explored.candidate_digest
        assert (attempt.operator_id, attempt.operator_version) == (OP, "1")
        assert attempt.evidence_spans == explored.evidence_spans
        assert (attempt.budget_charge, attempt.depth, attempt.step_index) == (
            explored.budget_charge,
            explored.depth,
            explored.step_index,
        )
    assert run.run_id != open_run.run_id


@pytest.mark.parametrize("code", list(ExhaustionCode), ids=lambda c: c.value)
def test_every_exhaustion_code(code: ExhaustionCode, eligible_chain: Chain) -> None:
    run = _run(
        build_embedded_search_run(*eligible_chain.args(), (_explored(eligible_chain),), code)
    )
    assert run.exhaustion_code is code


def test_explored_with_nothing_found_is_a_run_not_a_refusal(eligible_chain: Chain) -> None:
    run = _run(build_embedded_search_run(*eligible_chain.args(), (), DEPLETED))
    assert run.candidate_attempts == () and run.run_disposition is RunDisposition.EXPLORED


def test_build_candidate_attempt_seals_independently(eligible_chain: Chain) -> None:
    input_digest = _independent_input_digest(eligible_chain)
    attempt = build_candidate_attempt(input_digest, 3, _explored(eligible_chain))
    assert type(attempt) is CandidateAttempt
    assert attempt.attempt_id == expected_id(attempt)
    assert attempt.attempt_index == 3 and attempt.input_digest == input_digest


def test_attempt_span_reorder_or_duplication_changes_the_id(eligible_chain: Chain) -> None:
    s0, s1 = eligible_chain.frame.sentences[:2]
    digest = _independent_input_digest(eligible_chain)
    ids = {
        build_candidate_attempt(
            digest,
            0,
            dataclasses.replace(_explored(eligible_chain), evidence_spans=spans),
        ).attempt_id
        for spans in ((s0, s1), (s1, s0), (s0, s1, s1))
    }
    assert len(ids) == 3


# -- refusals: never an empty run ------------------------------------------------------------------


def test_blocked_gate_refuses_both_shapes(blocked_chain: Chain) -> None:
    assert blocked_chain.gate.status is GateStatus.BLOCKED
    for result in (
        initialize_search_run(*blocked_chain.args()),
        build_embedded_search_run(*blocked_chain.args(), (), DEPLETED),
        build_embedded_search_run(*blocked_chain.args(), (_explored(blocked_chain),), DEPLETED),
    ):
        refusal = _refusal(result)
        assert refusal.refusal_code is SearchRunRefusalCode.BLOCKED_BY_GATE
        assert refusal.reason_codes == (blocked_chain.gate.reason_code,)
        assert refusal.input_digest == _independent_input_digest(blocked_chain)
        assert refusal.gate_decision_id == blocked_chain.gate.decision_id
        assert refusal.budget_id == blocked_chain.budget.budget_id
        assert refusal.problem_frame_digest == blocked_chain.frame.problem_frame_digest
        assert refusal.original_contract_assessment_id == blocked_chain.assessment.assessment_id


def test_unclassified_code_blocks(unclassified_chain: Chain) -> None:
    refusal = _refusal(initialize_search_run(*unclassified_chain.args()))
    assert refusal.reason_codes == ("blocked_contract_gap_unclassified",)


def test_budget_not_allowed_refuses_both_shapes(eligible_chain: Chain) -> None:
    budget = reseal(
        eligible_chain.budget,
        status=BudgetStatus.BLOCKED,
        reason_code="blocked_gate_blocked",
        max_candidates=0,
        max_depth=0,
        max_steps=0,
        max_parallelism=0,
    )
    args = _with(eligible_chain, budget=budget)
    for result in (
        initialize_search_run(*args),
        build_embedded_search_run(*args, (), DEPLETED),
    ):
        refusal = _refusal(result)
        assert refusal.refusal_code is SearchRunRefusalCode.BLOCKED_BY_BUDGET
        assert refusal.budget_id == budget.budget_id


def _invalid_cases() -> dict[str, tuple[Args, str]]:
    built = chain("tom")
    other = chain("mia")
    blocked = chain("ann", (MISSING_ROLE,), (HAZARD,))
    # A blocked context whose gate is re-sealed as eligible, with the budget that gate buys.
    fake_gate = reseal(
        blocked.gate, status=GateStatus.ELIGIBLE, reason_code="eligible_missing_role"
    )
    fake_budget = decide_compute_budget(fake_gate)
    assert fake_budget.status is BudgetStatus.ALLOWED
    rich_budget = reseal(built.budget, max_candidates=10**6)
    forged_set = operator_set()
    object.__setattr__(forged_set, "operator_set_id", other.frame.problem_frame_digest)
    bool_charge = operator_set()
    object.__setattr__(bool_charge.rows[0], "charge", True)
    object.__setattr__(bool_charge, "operator_set_id", sha256_hex(bool_charge.describe()))
    return {
        "frame_none": (_with(built, frame=None), "frame_missing"),
        "frame_digest_forged": (
            _with(
                built,
                frame=forge(built.frame, problem_frame_digest=other.frame.problem_frame_digest),
            ),
            "frame_digest_mismatch",
        ),
        "assessment_forged": (
            _with(built, assessment=forge(built.assessment, organ_version="x")),
            "assessment_id_mismatch",
        ),
        "assessment_of_another_frame": (
            _with(built, assessment=other.assessment),
            "assessment_of_another_frame",
        ),
        "residuals_dropped": (
            _with(blocked, residuals=blocked.residuals[:1]),
            "residual_context_incomplete",
        ),
        "residuals_of_another_problem": (
            _with(built, residuals=other.residuals),
            "residual_of_another_assessment",
        ),
        "residuals_list": (_with(built, residuals=list(built.residuals)), "residual_malformed"),
        "residual_forged": (
            _with(built, residuals=(forge(built.residuals[0], source_axis="x"),)),
            "residual_identity_mismatch",
        ),
        "gate_forged": (
            _with(built, gate=forge(built.gate, reason_code="eligible_missing_relation")),
            "gate_id_mismatch",
        ),
        "gate_of_another_chain": (_with(built, gate=other.gate), "gate_does_not_bind_residuals"),
        "budget_none": (_with(built, budget=None), "budget_missing"),
        "budget_of_another_gate": (_with(built, budget=other.budget), "budget_does_not_bind_gate"),
        "operator_set_none": (
            _with(built, operators=None),
            "operator_set_malformed_or_id_mismatch",
        ),
        "operator_set_id_forged": (
            _with(built, operators=forged_set),
            "operator_set_malformed_or_id_mismatch",
        ),
        "operator_charge_bool": (
            _with(built, operators=bool_charge),
            "operator_set_malformed_or_id_mismatch",
        ),
        "gate_not_the_policy_decision": (
            _with(blocked, gate=fake_gate, budget=fake_budget),
            "gate_is_not_the_policy_decision",
        ),
        "budget_not_the_policy_decision": (
            _with(built, budget=rich_budget),
            "budget_is_not_the_policy_decision",
        ),
    }


INVALID = _invalid_cases()


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_input_refuses_both_shapes(name: str) -> None:
    args, reason = INVALID[name]
    for result in (
        initialize_search_run(*args),
        build_embedded_search_run(*args, (), DEPLETED),
    ):
        refusal = _refusal(result)
        assert refusal.refusal_code is SearchRunRefusalCode.INVALID_INPUT
        assert refusal.reason_codes == (reason,)
        assert refusal.input_digest is None or reason.endswith("policy_decision")


def test_refusal_ids_are_populated_only_when_validated(eligible_chain: Chain) -> None:
    # The chain is validated as one (_upstream.context_fault): a broken link leaves every id
    # unvalidated, so none is reported; past it, an invalid operator set reports the chain's.
    refusal = _refusal(initialize_search_run(*_with(eligible_chain, budget=None)))
    assert (refusal.problem_frame_digest, refusal.gate_decision_id, refusal.budget_id) == (
        None, None, None
    )
    refusal = _refusal(initialize_search_run(*_with(eligible_chain, operators=None)))
    assert refusal.problem_frame_digest == eligible_chain.frame.problem_frame_digest
    assert refusal.original_contract_assessment_id == eligible_chain.assessment.assessment_id
    assert refusal.gate_decision_id == eligible_chain.gate.decision_id
    assert refusal.budget_id == eligible_chain.budget.budget_id
    assert refusal.input_digest is None
    nothing: Any = None
    bare = _refusal(initialize_search_run(*(nothing,) * 6))
    assert (bare.problem_frame_digest, bare.gate_decision_id, bare.budget_id) == (None, None, None)


def _explored_cases(built: Chain) -> dict[str, tuple[Any, Any, str]]:
    digest = _independent_input_digest(built)
    first = _explored(built, "a1")
    first_id = build_candidate_attempt(digest, 0, first).attempt_id
    limits = built.budget
    return {
        "explored_list": ([first], DEPLETED, "explored_malformed"),
        "explored_item_garbage": ((first, None), DEPLETED, "explored_malformed"),
        "explored_item_forged": (
            (forge(first, budget_charge=True),),
            DEPLETED,
            "explored_malformed",
        ),
        "exhaustion_text": ((first,), "operator_space_depleted", "exhaustion_code_malformed"),
        "exhaustion_none": ((first,), None, "exhaustion_code_malformed"),
        "operator_unknown": (
            (_explored(built, operator="op_nobody"),),
            DEPLETED,
            "operator_not_in_set",
        ),
        "operator_of_another_organ": (
            (_explored(built, operator="op_foreign"),),
            DEPLETED,
            "operator_not_aimed_at_context",
        ),
        "operator_of_another_kind": (
            (_explored(built, operator="op_hazard_blocked"),),
            DEPLETED,
            "operator_not_aimed_at_context",
        ),
        "charge_differs": (
            (_explored(built, charge=2),),
            DEPLETED,
            "charge_differs_from_operator_row",
        ),
        "too_deep": (
            (_explored(built, depth=limits.max_depth + 1),),
            DEPLETED,
            "max_depth_exceeded",
        ),
        "too_many_steps": (
            (_explored(built, step=limits.max_steps),),
            DEPLETED,
            "max_steps_exceeded",
        ),
        "parent_dangling": (
            (_explored(built, parent=digest, depth=1),),
            DEPLETED,
            "parent_is_not_an_earlier_attempt",
        ),
        "parent_not_shallower": (
            (first, _explored(built, "p1", parent=first_id, depth=0)),
            DEPLETED,
            "parent_is_not_an_earlier_attempt",
        ),
        "candidate_repeated": (
            (first, _explored(built, "a1", step=1)),
            DEPLETED,
            "candidate_repeated",
        ),
    }


def test_explored_candidates_are_checked(eligible_chain: Chain) -> None:
    # The limits themselves are accepted: depth == max_depth, step == max_steps - 1.
    limits = eligible_chain.budget
    edge = _explored(eligible_chain, depth=limits.max_depth, step=limits.max_steps - 1)
    _run(build_embedded_search_run(*eligible_chain.args(), (edge,), DEPLETED))
    for name, (explored, code, reason) in _explored_cases(eligible_chain).items():
        refusal = _refusal(build_embedded_search_run(*eligible_chain.args(), explored, code))
        assert refusal.refusal_code is SearchRunRefusalCode.INVALID_INPUT, name
        assert refusal.reason_codes == (reason,), name
        # The chain itself was validated: its ids are on the refusal.
        assert refusal.input_digest == _independent_input_digest(eligible_chain), name


def test_cumulative_charge_stays_within_max_candidates() -> None:
    limit = chain("tom").budget.max_candidates
    # Exactly the limit, in two charges: accepted.
    half = limit // 2
    built = dataclasses.replace(chain("tom"), operators=operator_set(charge=half))
    at_limit = (_explored(built, "a1", charge=half), _explored(built, "p1", charge=half, step=1))
    code = ExhaustionCode.MAX_CANDIDATES_REACHED
    run = _run(build_embedded_search_run(*built.args(), at_limit, code))
    assert run.budget_consumed == 2 * half == limit
    # One unit over, cumulatively: refused, never truncated.
    built = dataclasses.replace(chain("tom"), operators=operator_set(charge=half + 1))
    over = (
        _explored(built, "a1", charge=half + 1),
        _explored(built, "p1", charge=half + 1, step=1),
    )
    assert _run(build_embedded_search_run(*built.args(), over[:1], code)).budget_consumed <= limit
    refusal = _refusal(build_embedded_search_run(*built.args(), over, code))
    assert refusal.reason_codes == ("max_candidates_exceeded",)


def test_every_enum_value_is_reached(eligible_chain: Chain, blocked_chain: Chain) -> None:
    test_open_run_binds_the_chain(eligible_chain)
    for code in ExhaustionCode:
        test_every_exhaustion_code(code, eligible_chain)
    test_blocked_gate_refuses_both_shapes(blocked_chain)
    test_budget_not_allowed_refuses_both_shapes(eligible_chain)
    test_invalid_input_refuses_both_shapes(sorted(INVALID)[0])
    for enum_type in (RunDisposition, ExhaustionCode, ReplayStatus, SearchRunRefusalCode):
        assert set(enum_type) <= REACHED, enum_type


def test_run_rules_refuse_inconsistent_runs(eligible_chain: Chain) -> None:
    run = _run(
        build_embedded_search_run(*eligible_chain.args(), (_explored(eligible_chain),), DEPLETED)
    )
    from practiceloop.kernel.record import RecordError

    with pytest.raises(RecordError):
        dataclasses.replace(run, budget_consumed=5)
    with pytest.raises(RecordError):
        dataclasses.replace(run, exhaustion_code=None)
    with pytest.raises(RecordError):
        dataclasses.replace(run, run_disposition=RunDisposition.OPEN)
    with pytest.raises(RecordError):
        dataclasses.replace(run, candidate_attempts=run.candidate_attempts * 2, budget_consumed=2)
    # An open run holds nothing yet: each of attempts, consumption, exhaustion code alone breaks it.
    opened = dataclasses.replace(
        run, run_disposition=RunDisposition.OPEN, candidate_attempts=(), budget_consumed=0,
        exhaustion_code=None,
    )
    for change in (
        {"candidate_attempts": run.candidate_attempts}, {"budget_consumed": 1},
        {"exhaustion_code": DEPLETED},
    ):
        with pytest.raises(RecordError):
            dataclasses.replace(opened, **change)  # type: ignore[arg-type]


# -- properties ----------------------------------------------------------------------------------

_BUILT = chain("tom")
_BLOCKED = chain("ann", (MISSING_ROLE,), (HAZARD,))


def _maybe(value: Any) -> st.SearchStrategy[object]:
    return (
        st.one_of(st.just(value), malformed(value))
        if dataclasses.is_dataclass(value)
        else st.just(value)
    )


@FUZZ
@given(
    source=st.sampled_from([_BUILT, _BLOCKED]),
    which=st.sets(
        st.sampled_from(["frame", "assessment", "residuals", "gate", "budget", "operators"]),
        max_size=2,
    ),
    data=st.data(),
)
def test_initialize_never_raises(source: Chain, which: set[str], data: st.DataObject) -> None:
    changes: dict[str, Any] = {}
    for name in which:
        value = getattr(source, name)
        if name == "residuals":
            changes[name] = data.draw(
                st.one_of(
                    garbage(),
                    st.lists(
                        st.one_of(st.sampled_from(value), malformed(value[0])), max_size=3
                    ).map(tuple),
                )
            )
        elif name == "operators":
            changes[name] = data.draw(st.one_of(garbage(), st.just(operator_set(version="x"))))
        else:
            changes[name] = data.draw(_maybe(value))
    result = initialize_search_run(*_with(source, **changes))
    if type(result) is GeometricSearchRun:
        _run(result)
        assert source is _BUILT
        assert (
            decide_search_gate(source.frame, source.assessment, source.residuals, TABLE).status
            is GateStatus.ELIGIBLE
        )
    else:
        _refusal(result)


def _explored_strategy() -> st.SearchStrategy[object]:
    base = _explored(_BUILT)
    fields = st.fixed_dictionaries(
        {
            "candidate_digest": st.sampled_from(
                [real_candidate_digest(_BUILT.frame, m) for m in ("a1", "p1", "q1")]
            ),
            "operator_id": st.sampled_from([OP, "op_foreign", "op_missing_proposal", "nope"]),
            "operator_version": st.sampled_from(["1", "2"]),
            "parent_attempt_id": st.none(),
            "budget_charge": st.integers(0, 3),
            "depth": st.integers(0, 3),
            "step_index": st.integers(0, 40),
            "evidence_spans": st.just(base.evidence_spans),
        }
    )
    item = st.one_of(fields.map(lambda f: ExploredCandidate(**cast(Any, f))), malformed(base))
    return st.one_of(st.lists(item, max_size=5).map(tuple), garbage())


@FUZZ
@given(_explored_strategy(), st.one_of(st.sampled_from(list(ExhaustionCode)), garbage()))
def test_embedded_never_raises(explored: Any, code: Any) -> None:
    result = build_embedded_search_run(*_BUILT.args(), explored, code)
    if type(result) is GeometricSearchRun:
        run = _run(result)
        assert run.budget_consumed <= _BUILT.budget.max_candidates
        assert all(a.depth <= _BUILT.budget.max_depth for a in run.candidate_attempts)
        assert all(a.step_index < _BUILT.budget.max_steps for a in run.candidate_attempts)
        assert all(a.operator_id == OP for a in run.candidate_attempts)
        assert type(_BUILT.operators) is OperatorSet
    else:
        assert _refusal(result).refusal_code is SearchRunRefusalCode.INVALID_INPUT
