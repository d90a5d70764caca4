"""Proof authorities and the solver: closures, each refusal, unavailability, no value leaked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith import proofs
from practiceloop.arith.solve import SolveFailure, solve
from practiceloop.kernel.frame import Mention, ProblemFrame, build_frame
from practiceloop.kernel.proof import ProofOutcome, ProofStatus
from practiceloop.kernel.record import full_form
from practiceloop.loop.evaluate import Category
from tests.arith.reader._stages import answer

from ._helpers import assess, frame_of, quantity_id, resolve_pronouns, with_roles

LEFT = "Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?"
VERIFIERS = (
    proofs.exact_evaluation,
    proofs.result_domain,
    proofs.unit_consistency,
    proofs.grounding,
    proofs.target_continuity,
)


def _closed_change() -> ProblemFrame:
    frame = resolve_pronouns(frame_of(LEFT))
    return with_roles(frame, "change", start=quantity_id(frame, "9"))


def _outcomes(frame: ProblemFrame, organ: str) -> dict[str, ProofOutcome]:
    assessment = assess(frame, organ)
    return {o.obligation_ref: o for o in (verify(frame, assessment) for verify in VERIFIERS)}


def test_all_close_on_a_good_candidate() -> None:
    frame = _closed_change()
    outcomes = _outcomes(frame, "change")
    assert all(o.status is ProofStatus.CLOSED for o in outcomes.values())
    assert solve(frame, "change") == 5
    # an outcome records that the obligation holds, never the value
    for outcome in outcomes.values():
        assert "5" not in str(full_form(outcome)["record"]["reason_codes"])
        assert "value" not in full_form(outcome)["record"]


def test_unavailable_for_a_refused_assessment() -> None:
    frame = frame_of(LEFT)
    for outcome in _outcomes(frame, "change").values():
        assert outcome.status is ProofStatus.UNAVAILABLE
        assert outcome.reason_codes == ("assessment_not_runnable",)


def test_negative_result_is_refused() -> None:
    frame = resolve_pronouns(
        frame_of("Tom had 4 apples. He ate 9 apples. How many apples does Tom have left?")
    )
    frame = with_roles(frame, "change", start=quantity_id(frame, "4"))
    outcome = _outcomes(frame, "change")[proofs.RESULT_DOMAIN]
    assert outcome.status is ProofStatus.REFUSED and "negative_result" in outcome.reason_codes


def test_non_integer_count_and_money_precision() -> None:
    share = frame_of(
        "Tom shares 10 apples equally among 4 friends. How many apples does each friend get?"
    )
    share = with_roles(
        share, "partition", total=quantity_id(share, "10"), groups=quantity_id(share, "4")
    )
    assert solve(share, "partition") == Fraction(5, 2)
    domain = _outcomes(share, "partition")[proofs.RESULT_DOMAIN]
    assert "non_integer_count" in domain.reason_codes
    money = frame_of("Tom shares $10 equally among 3 friends. How much money does each friend get?")
    money = with_roles(
        money, "partition", total=quantity_id(money, "$10"), groups=quantity_id(money, "3")
    )
    assert "precision_exceeded" in _outcomes(money, "partition")[proofs.RESULT_DOMAIN].reason_codes


def test_division_by_zero_is_not_a_value() -> None:
    frame = frame_of(
        "Tom shares 10 apples equally among 0 friends. How many apples does each friend get?"
    )
    frame = with_roles(
        frame, "partition", total=quantity_id(frame, "10"), groups=quantity_id(frame, "0")
    )
    assert solve(frame, "partition") is SolveFailure.DIVISION_BY_ZERO
    exact = _outcomes(frame, "partition")[proofs.EXACT_EVALUATION]
    assert exact.reason_codes == ("division_by_zero",)


def test_solver_failures() -> None:
    frame = frame_of(LEFT)
    assert solve(frame, "combine") is SolveFailure.NO_RELATION
    assert solve(frame, "change") is SolveFailure.ROLE_UNVALUED
    closed = _closed_change()
    assert (
        solve(with_roles(closed, "change", direction=None), "change")
        is SolveFailure.DIRECTION_UNREAD
    )
    twice = with_roles(closed, "change", start="u0")
    assert solve(twice, "change") is SolveFailure.UNKNOWN_NOT_ONE


@pytest.mark.parametrize(
    ("organ", "text", "roles", "value"),
    [
        ("change", "Tom had 9 apples. Now Tom has 12 apples. How many apples did Tom find?", {"start": "9", "result": "12"}, 3),  # noqa: E501
        ("combine", "Tom has 3 apples. Ann has 4 apples. How many apples do they have in all?", {"part_1": "3", "part_2": "4"}, 7),  # noqa: E501
        ("compare", "Ann has 7 apples. Bob has 3 apples. How many more apples does Ann have than Bob?", {"compared": "7", "referent": "3"}, 4),  # noqa: E501
        ("equal_groups", "Each box has 6 pens. There are 4 boxes. How many pens are there?", {"groups": "4"}, 24),  # noqa: E501
        ("partition", "Tom shares 12 apples equally among 3 friends. How many apples does each friend get?", {"total": "12", "groups": "3"}, 4),  # noqa: E501
    ],
)  # fmt: skip
def test_solve_each_organ(organ: str, text: str, roles: dict[str, str], value: int) -> None:
    frame = frame_of(text)
    frame = with_roles(
        frame, organ, **{role: quantity_id(frame, span) for role, span in roles.items()}
    )
    assert solve(frame, organ) == value


def test_grounding_refuses_a_value_its_span_does_not_spell() -> None:
    frame = _closed_change()
    forged = tuple(
        Mention(
            mention_id=m.mention_id,
            kind=m.kind,
            span=m.span,
            attributes=tuple((k, "8" if k == "value" else v) for k, v in m.attributes),
        )
        if m.span.text == "9"
        else m
        for m in frame.mentions
    )
    rebuilt = build_frame(
        reader_id=frame.reader_id,
        reader_version=frame.reader_version,
        source_text=frame.source_text,
        sentences=frame.sentences,
        mentions=forged,
        relations=frame.relations,
        targets=frame.targets,
        observations=frame.observations,
    )
    outcome = _outcomes(rebuilt, "change")[proofs.GROUNDING]
    assert outcome.reason_codes == ("value_not_grounded",)


def _runnable(organ: str, text: str, **roles: str) -> object:
    frame = frame_of(text)
    frame = with_roles(
        frame, organ, **{role: quantity_id(frame, span) for role, span in roles.items()}
    )
    assessment = assess(frame, organ)
    assert assessment.runnable
    return assessment


def test_unit_consistency_refuses_mixed_things() -> None:
    # the organ already refuses such a binding; the proof must refuse it on its own too
    runnable = _runnable(
        "combine",
        "Tom has 3 apples. Ann has 4 apples. How many apples do they have in all?",
        part_1="3",
        part_2="4",
    )
    frame = frame_of("Tom has 3 apples. Ann has 4 pears. How many apples do they have in all?")
    mixed = with_roles(
        frame, "combine", part_1=quantity_id(frame, "3"), part_2=quantity_id(frame, "4")
    )
    outcome = proofs.unit_consistency(mixed, runnable)  # type: ignore[arg-type]
    assert outcome.reason_codes == ("unit_mismatch",)


def test_a_change_of_the_whole_thing_may_move_any_kind_of_it() -> None:
    """The question counts towels, not one kind: a start of green towels and a gain of white
    ones are one count; asked for green towels, the white ones are another thing."""
    whole = "Mia bought 35 green towels and 21 white towels. She gave away 34 of them. "
    closed = whole + "How many towels does Mia have now?"
    category, value = answer(closed)
    assert (category, value) == (Category.CLOSED_UNIQUE, 22)
    frame = frame_of(whole + "How many green towels does Mia have now?")
    kind = with_roles(
        frame,
        "change_chain",
        start=quantity_id(frame, "35"),
        change_1=quantity_id(frame, "21"),
        change_2=quantity_id(frame, "34"),
    )
    runnable = _runnable(
        "change_chain",
        "Mia had 35 towels. Mia bought 21 towels. Mia gave away 34 towels. How many towels "
        "does Mia have now?",
        start="35",
        change_1="21",
        change_2="34",
    )
    outcome = proofs.unit_consistency(kind, runnable)  # type: ignore[arg-type]
    assert outcome.reason_codes == ("unit_mismatch",)


def test_target_continuity_refuses_a_guessed_compare_side() -> None:
    runnable = _runnable(
        "compare",
        "Ann has 7 apples. Bob has 3 apples. How many more apples does Ann have than Bob?",
        compared="7",
        referent="3",
    )
    frame = frame_of(
        "Ann has 3 more apples than Bob. Bob has 5 apples. How many apples does Carl have?"
    )
    guessed = with_roles(frame, "compare", compared="u0", referent=quantity_id(frame, "5"))
    outcome = proofs.target_continuity(guessed, runnable)  # type: ignore[arg-type]
    assert "target_side_unread" in outcome.reason_codes
