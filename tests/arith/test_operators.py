"""Candidate operators: complete deltas with spans, declines with reasons, replayed in the loop."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith import operators as ops
from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.arith.reader import read
from practiceloop.arith.solve import solve
from practiceloop.kernel.candidate import CandidateDelta, OperatorDecline, apply_delta
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.residual import ContractResidual, project_contract_residuals
from practiceloop.loop.episode import practice

from ._helpers import assess, frame_of, quantity_id, resolve_pronouns, with_roles

LEFT = "Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?"


def _residuals(frame: ProblemFrame, organ: str) -> tuple[ContractResidual, ...]:
    entry = ARITH_MANIFEST.organ(organ)
    assert entry is not None
    residuals = project_contract_residuals(frame, entry.assess(frame), entry.classification)
    assert isinstance(residuals, tuple)
    return residuals


def _closing_values(
    frame: ProblemFrame, organ: str, deltas: tuple[CandidateDelta, ...]
) -> list[Fraction]:
    entry = ARITH_MANIFEST.organ(organ)
    assert entry is not None
    values = []
    for delta in deltas:
        candidate = apply_delta(frame, delta.bindings, delta.relations, delta.targets)
        assert candidate is not None
        replay = entry.assess(candidate)
        if replay.runnable and all(
            ARITH_MANIFEST.proof(ref).verify(candidate, replay).status.value == "closed"  # type: ignore[union-attr]
            for ref in entry.proof_obligations
        ):
            value = solve(candidate, organ)
            assert isinstance(value, Fraction)
            values.append(value)
    return values


def test_role_fill_completes_the_relation_with_spans() -> None:
    frame = frame_of(LEFT)
    residuals = _residuals(frame, "change")
    assert [r.residual_code for r in residuals] == ["start_unbound", "owner_unresolved"]
    deltas = ops.role_fill(frame, assess(frame, "change"), residuals[0])
    assert isinstance(deltas, tuple) and deltas
    assert all(d.evidence_spans for d in deltas)
    assert _closing_values(frame, "change", deltas) == [5]


def test_later_codes_decline_to_the_first() -> None:
    frame = frame_of(LEFT)
    residuals = _residuals(frame, "change")
    declined = ops.owner_coreference(frame, assess(frame, "change"), residuals[1])
    assert declined == OperatorDecline(reason_codes=("completed_with_first_code",))
    other = ops.target_resolution(frame, assess(frame, "change"), residuals[0])
    assert other == OperatorDecline(reason_codes=("residual_code_not_handled",))


def test_owner_coreference_when_first() -> None:
    frame = frame_of(LEFT)
    frame = with_roles(frame, "change", start=quantity_id(frame, "9"))
    residuals = _residuals(frame, "change")
    assert residuals[0].residual_code == "owner_unresolved"
    deltas = ops.owner_coreference(frame, assess(frame, "change"), residuals[0])
    assert isinstance(deltas, tuple)
    assert {b.mention_id for d in deltas for b in d.bindings if b.role == "antecedent"} == {"a0"}


def test_direction_from_cue() -> None:
    frame = resolve_pronouns(frame_of(LEFT))
    frame = with_roles(frame, "change", start=quantity_id(frame, "9"), direction=None)
    residuals = _residuals(frame, "change")
    assert residuals[0].residual_code == "direction_unbound"
    deltas = ops.direction_from_cue(frame, assess(frame, "change"), residuals[0])
    assert isinstance(deltas, tuple) and len(deltas) == 1
    assert _closing_values(frame, "change", deltas) == [5]


def test_target_resolution_proposes_each_side() -> None:
    frame = frame_of(
        "Tom and Ann have 12 apples in all. Tom has 5 apples. How many apples does Ann have?"
    )
    residuals = _residuals(frame, "combine")
    assert residuals[0].residual_code == "target_unbound"
    deltas = ops.target_resolution(frame, assess(frame, "combine"), residuals[0])
    assert isinstance(deltas, tuple) and len(deltas) >= 2


def test_role_assignment_and_distractor_exclusion() -> None:
    text = (
        "Tom had 9 apples. Sam had 6 apples. Tom ate 4 apples. How many apples does Tom have left?"
    )
    frame = frame_of(text)
    frame = with_roles(frame, "change", start=quantity_id(frame, "9"))
    residuals = _residuals(frame, "change")
    ambiguous = next(r for r in residuals if r.residual_code == "role_assignment_ambiguous")
    swaps = ops.role_assignment(frame, assess(frame, "change"), ambiguous)
    keep = ops.distractor_exclusion(frame, assess(frame, "change"), ambiguous)
    assert isinstance(swaps, tuple) and isinstance(keep, tuple)
    assert all(any(b.role == "start" for b in d.bindings) for d in swaps)
    assert all(r.relation_type == "distractor" for d in keep for r in d.relations)
    # Sam's 6 apples are Sam's: set aside they close Tom's change; swapped in they do not
    assert _closing_values(frame, "change", keep) == [5]
    assert _closing_values(frame, "change", swaps) == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Tom had 9 apples. He did not eat 4 apples. How many apples does Tom have left?",
            "hazard_present",
        ),
        (
            "Tom had 1 apple, 2 apples, 3 apples, 4 apples, 5 apples and 6 apples. He ate 7 apples "
            "and 8 apples and 9 apples. How many apples does Tom have left?",
            "candidate_space_too_large",
        ),
        (
            "Tom had some apples. He ate some apples. How many apples does Tom have left?",
            "no_compatible_candidate",
        ),
    ],
)
def test_declines(text: str, reason: str) -> None:
    frame = frame_of(text)
    residual = _residuals(frame, "change")[0]
    assert ops.role_fill(frame, assess(frame, "change"), residual) == OperatorDecline(
        reason_codes=(reason,)
    )


def test_a_pronoun_two_people_agree_with_names_no_one() -> None:
    """ "Tom had 9 ... Sam had 6 ... He ate 4": "he" agrees with both men, so the text does not
    fix whom it names and practice proposes no antecedent (it once tried both, and the two
    closures disagreed); with "Ann" for "Sam", "he" is Tom and the closure is his."""
    text = "Tom had 9 apples. Sam had 6 apples. He ate 4 apples. How many apples does he have left?"
    result = practice(text, manifest=ARITH_MANIFEST, reader=read)
    assert not [f for e in result.episodes for f in e.closed_frames]
    text = text.replace("Sam", "Ann")
    result = practice(text, manifest=ARITH_MANIFEST, reader=read)
    (episode,) = [e for e in result.episodes if e.assessment.candidate_organ == "change"]
    assert [solve(f, "change") for f in episode.closed_frames] == [5]


def test_practice_closes_a_problem_the_reader_left_open() -> None:
    result = practice(LEFT, manifest=ARITH_MANIFEST, reader=read)
    assert not result.direct
    (episode,) = result.episodes
    assert episode.practice_disposition == "sealed_candidate_replay_closed"
    assert [solve(f, "change") for f in episode.closed_frames] == [5]


def test_a_pronoun_with_no_one_before_it_is_no_choice_to_make() -> None:
    """ "A store had 81 bottles ... did they have": no actor is named before "they", so the
    owners are the things' (the store's); practice has no antecedent to try and no owner to
    wait for."""
    text = (
        "A store had 81 bottles of red soda and 60 bottles of diet soda. How many more bottles "
        "of red soda did they have than diet soda?"
    )
    assert "owner_unresolved" not in assess(frame_of(text), "compare").missing_bindings
    result = practice(text, manifest=ARITH_MANIFEST, reader=read)
    (episode,) = result.episodes
    assert [solve(f, "compare") for f in episode.closed_frames] == [21]
    named = text.replace("A store", "Ann")  # someone named before "they": whose is read
    assert "owner_unresolved" in assess(frame_of(named), "compare").missing_bindings


CHAIN_LEFT = (
    "Tom had 9 apples. He ate 2 apples and gave 3 apples to Ann. "
    "How many apples does Tom have left?"
)
CHAIN_START = (
    "Tom had some apples. He ate 2 apples and found 5 apples. Now Tom has 10 apples. "
    "How many apples did Tom have at the start?"
)


@pytest.mark.parametrize(("text", "value"), [(CHAIN_LEFT, 4), (CHAIN_START, 7)])
def test_two_step_change_chain_closes_through_practice(text: str, value: int) -> None:
    result = practice(text, manifest=ARITH_MANIFEST, reader=read)
    chain = next(e for e in result.episodes if e.assessment.candidate_organ == "change_chain")
    assert [solve(f, "change_chain") for f in chain.closed_frames] == [value]
    # the one-step change organ cannot read two changes: none of its candidates closes
    single = next(e for e in result.episodes if e.assessment.candidate_organ == "change")
    assert single.closed_frames == ()
