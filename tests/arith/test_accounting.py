"""Text accounting: the proofs that hold a candidate frame against its source text.

Authored texts only (general English, never a corpus sentence). Each set-aside reason is shown
closing where the text states it and refusing where it does not; each cue kind is shown
refused when no role consumes it; malformed frames are refused with a code, never raised on.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.arith import accounting
from practiceloop.arith._consumed_cues import moved_some_before_now
from practiceloop.arith.accounting import (
    CUE_CODES,
    QUANTITY_CODES,
    cue_accounting,
    number_tokens,
    quantity_accounting,
)
from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.arith.organs._contract import organ_relation
from practiceloop.arith.reader import read
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.set_aside import SET_ASIDE_REASONS, set_aside_reason
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import Mention, Observation, ProblemFrame, build_frame
from practiceloop.kernel.proof import ProofOutcome, ProofStatus
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category

from ._helpers import (
    assess,
    frame_of,
    quantity_id,
    resolve_pronouns,
    verdict_of,
    with_relations,
    with_roles,
)

LEFT = "Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?"


def closed_frame(text: str, organ: str, **roles: str) -> tuple[ProblemFrame, ContractAssessment]:
    """``text``'s frame with ``organ``'s roles bound by span text (``start="9"``), pronouns
    resolved to the first actor, and the organ's runnable assessment of it."""
    frame = resolve_pronouns(frame_of(text))
    bound = {
        name: quantity_id(frame, value) if value[0].isdigit() else value
        for name, value in roles.items()
    }
    frame = with_roles(frame, organ, **bound)
    assessment = assess(frame, organ)
    assert assessment.runnable, assessment.missing_bindings + assessment.unresolved_hazards
    return frame, assessment


def without_mentions(frame: ProblemFrame, lost: set[str]) -> ProblemFrame:
    """``frame`` rebuilt without the mentions ``lost``, every role bound to one unbound: what
    a reader that missed those numbers would have produced."""
    relations = tuple(
        dataclasses.replace(r, roles=tuple((n, None if m in lost else m) for n, m in r.roles))
        for r in frame.relations
    )
    return build_frame(
        reader_id=frame.reader_id,
        reader_version=frame.reader_version,
        source_text=frame.source_text,
        sentences=frame.sentences,
        mentions=tuple(m for m in frame.mentions if m.mention_id not in lost),
        relations=relations,
        targets=frame.targets,
        observations=frame.observations,
    )


def outcome_codes(outcome: ProofOutcome) -> tuple[str, ...]:
    assert isinstance(outcome, ProofOutcome)
    return outcome.reason_codes


# --- the text's numbers --------------------------------------------------------------------


def test_number_tokens_find_digits_and_number_words_without_the_reader() -> None:
    text = "Tom had 12 apples, twenty-five pears, half a melon and a dozen eggs. One day..."
    assert [text[a:b] for a, b in number_tokens(text)] == [
        "12",
        "twenty",
        "five",
        "half",
        "dozen",
        "One",
    ]


def test_number_tokens_skip_digits_glued_after_letters() -> None:
    # "mp3" and "A4" are words (as the reader tokenizes them); "5kg" starts with its number
    text = "Her mp3 player, A4 paper and 5kg of rice."
    assert [text[a:b] for a, b in number_tokens(text)] == ["5"]


def test_number_tokens_skip_each_one() -> None:
    # "in each one" is a pronoun for a group, as the reader reads it; "one box" is an amount
    text = "She put 6 in each one and kept one box."
    assert [text[a:b] for a, b in number_tokens(text)] == ["6", "one"]
    # a time that opens a clause is no amount either; a rate's "in one day" is
    text = "In one day they sold 6. He read 9 pages in one day."
    assert [text[a:b] for a, b in number_tokens(text)] == ["6", "9", "one"]


def test_a_clean_closure_accounts_for_every_number_and_cue() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")
    assert quantity_accounting(frame, assessment).status is ProofStatus.CLOSED
    assert cue_accounting(frame, assessment).status is ProofStatus.CLOSED


def test_a_number_no_role_uses_is_unaccounted() -> None:
    # "3 birds" counts another thing, in a sentence of its own: no reason the text states
    text = "Tom had 9 apples. He ate 4 apples. He saw 3 birds. How many apples does Tom have left?"
    frame = with_roles(
        resolve_pronouns(frame_of(text)), "change", start=quantity_id(frame_of(text), "9")
    )
    frame = with_roles(frame, "change", change=quantity_id(frame, "4"), result="u0")
    entry = ARITH_MANIFEST.organ("change")
    assert entry is not None
    assessment = entry.assess(frame)
    outcome = quantity_accounting(frame, assessment)
    if assessment.runnable:
        assert outcome.status is ProofStatus.REFUSED
        assert outcome_codes(outcome) == ("quantity_unaccounted",)
        assert [s.text for s in outcome.evidence_spans] == ["3"]
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_a_number_the_reader_did_not_read_is_refused() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")
    # a frame that lost the mention of "4" (and so every role bound to it)
    lost = without_mentions(frame, {quantity_id(frame, "4")})
    outcome = quantity_accounting(lost, assessment_of(lost, "change", runnable_like=assessment))
    assert "number_unread" in outcome_codes(outcome)


def assessment_of(
    frame: ProblemFrame, organ: str, runnable_like: ContractAssessment
) -> ContractAssessment:
    """A runnable assessment of ``frame`` by ``organ`` (the proofs only run on runnable ones)."""
    from practiceloop.kernel.assessment import build_assessment

    return build_assessment(
        frame,
        candidate_organ=organ,
        organ_version=runnable_like.organ_version,
        missing=(),
        hazards=(),
        evidence_spans=(),
        explanation="runnable for the proof under test",
    )


def test_an_unreadable_number_is_refused_by_both_proofs() -> None:
    text = "Tom had 9 apples. He ate 4 apples and 99999999999999999999999 pears. How many apples does Tom have left?"  # noqa: E501
    frame, assessment = closed_frame_forced(text)
    assert "number_unread" in outcome_codes(quantity_accounting(frame, assessment))
    assert "multiplier_unconsumed" in outcome_codes(cue_accounting(frame, assessment))


def closed_frame_forced(text: str) -> tuple[ProblemFrame, ContractAssessment]:
    frame = resolve_pronouns(frame_of(text))
    frame = with_roles(
        frame, "change", start=quantity_id(frame, "9"), change=quantity_id(frame, "4"), result="u0"
    )
    return frame, assessment_of(frame, "change", runnable_like=assess(frame, "change"))


def test_unavailable_when_the_assessment_is_not_runnable() -> None:
    frame = frame_of(LEFT)
    assessment = assess(frame, "change")
    assert not assessment.runnable
    for proof in (quantity_accounting, cue_accounting):
        outcome = proof(frame, assessment)
        assert outcome.status is ProofStatus.UNAVAILABLE
        assert outcome.reason_codes == ("assessment_not_runnable",)


# --- reasons the text states for a number no role uses -------------------------------------

# (text, the value the loop closes at, the number set aside, the reason it is set aside)
REASONS = [
    ("Tom had 9 apples. Ann has 6 apples. He ate 4 apples. How many apples does Tom have left?", 5, "6", "other_owner"),  # noqa: E501
    ("Tom had 9 apples. His sister has 6 apples. He ate 4 apples. How many apples does Tom have left?", 5, "6", "kin_holder"),  # noqa: E501
    ("Tom had 45 marbles. He won 16 more in a game that lasted 20 minutes. How many marbles does he have now?", 61, "20", "described_apart"),  # noqa: E501
    ("On monday Tom picked 5 apples. On tuesday he picked 7 apples and on wednesday he picked 3 apples. How many apples did Tom pick on tuesday and wednesday?", 10, "5", "other_time"),  # noqa: E501
    ("Tom had 9 apples and 6 pears. He ate 4 apples. How many apples does Tom have left?", 5, "6", "listed_other_thing"),  # noqa: E501
    ("Nora wants to put her eggs into groups of 4. Nora has 30 apples 12 eggs and 9 pens. How many groups will be created?", 3, "30", "listed_other_thing"),  # noqa: E501
    ("Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", 8, "5", "listed_other_thing"),  # noqa: E501
    ("Tom had 9 apples and 6 pears. He ate 4 of the pears and sold 2 of the apples. How many apples does he have left?", 7, "4", "listed_other_thing"),  # noqa: E501
    ("Tom had 9 red apples and 6 green apples. He ate 4 red apples. How many red apples does Tom have left?", 5, "6", "listed_other_thing"),  # noqa: E501
    ("Tom had 20 apples. He ate 7 apples and gave away 4 apples. How many more apples did he eat than he gave away?", 3, "20", "other_verb"),  # noqa: E501
    ("Ann played chess with 4 kids in the morning and 5 kids in the evening. She played tag with 6 kids. How many kids did she play chess with in all?", 9, "6", "other_activity"),  # noqa: E501
    ("Jim spent $50 on a battery and $23 on a radio. He spent $112 on new tires. How much did Jim spend on the battery and the radio?", 73, "$112", "other_object"),  # noqa: E501
    ("There were 9 roses and 6 tulips in the vase. Ann added some more roses and tulips. There are now 13 roses and 3 tulips in the vase. How many more roses than tulips are there in the vase now?", 10, "9", "before_now"),  # noqa: E501
    ("Nora has 20 shells. Omar has 5 fewer shells than Nora and 8 more shells than Pia. How many shells does Omar have?", 15, "8", "compared_to_other"),  # noqa: E501
    ("Ada bought two sticker books. One had 20 stickers and the other had 31. After a week she had used 40 of the stickers. How many stickers does she have left to use?", 11, "two", "counted_in_parts"),  # noqa: E501
    ("The recipe calls for 2 cups of salt and some cups of flour. Omar already put in 4 cups of flour. If he still needs to add 5 more cups of flour, how many cups of flour does the recipe require?", 9, "2", "required_other_thing"),  # noqa: E501
    ("Lia is paid 9 dollars an hour. On Friday she worked 2 hours and on Sunday she worked 5 hours. How much money did Lia earn in those two days?", 63, "two", "restated_periods"),  # noqa: E501
    ("A quiz has 3 rounds. The first round is 30 points. The second round is 18 points. The third round is 11 points. How many more points does the first round have than the third round?", 19, "18", "other_part"),  # noqa: E501
    ("A quiz has 3 rounds. The first round is 30 points. The second round is 18 points. The third round is 11 points. How many more points does the first round have than the third round?", 19, "3", "parts_counted"),  # noqa: E501
    ("Omar got 8 dollars from his sister. Then his cousin gave him 11 dollars. He spent 5 dollars. How much more money did he receive from his cousin than he did from his sister?", 3, "5", "other_event"),  # noqa: E501
    ("Lena spent 3 hours on painting walls, 5 hours on washing cars and 2 hours on feeding birds. How many more hours did she spend on washing cars than she did on painting walls?", 2, "2", "other_side"),  # noqa: E501
    ("There are 40 crates of plums. Each crate has 12 red plums and 9 yellow plums. How many plums are in each crate?", 21, "40", "groups_of_the_asked_rate"),  # noqa: E501
    ("At the fair 30 kids voted for red kites, 12 voted for blue kites and 8 voted for green kites. How many more kids voted for red kites than for blue kites?", 18, "8", "other_object_side"),  # noqa: E501
    ("Ivo bought 40 lemon cakes and 30 plum cakes. If he ate 4 lemon cakes a day, how many days would the lemon cakes last?", 10, "30", "other_kind"),  # noqa: E501
    ("Nora has 20 shells and 6 pebbles. Omar has 5 fewer shells than Nora. How many more shells than pebbles does Nora have?", 14, "5", "defines_absent_holder"),  # noqa: E501
    ("Pia had 30 stamps and 12 coins. After selling some stamps and coins she had 8 stamps and 5 coins left. How many more stamps than coins does she have left?", 3, "30", "superseded_state"),  # noqa: E501
    ("Pia picked 8 plums in the morning and 6 plums at noon. It took her 5 hours. How many plums did she pick?", 14, "5", "duration_apart"),  # noqa: E501
    ("Omar had 30 marbles. He has 18 marbles left after he gave equal numbers of marbles to his 3 sisters. How many marbles did Omar give to his sisters?", 12, "3", "recipients_counted"),  # noqa: E501
    ("An album has 2 parts. The first part has 30 photos. If there are a total of 52 photos in the album how many photos are in the second part?", 22, "2", "parts_summed"),  # noqa: E501
    ("The recipe calls for 5 cups of oats 8 cups of water and 2 cups of honey. She already put in 3 cups of oats. How many more cups of water than cups of honey does she need to add?", 6, "3", "done_for_another_thing"),  # noqa: E501
    ("Omar had $ 30. He bought 4 books for $ 12. How much money does he have left?", 18, "4", "count_of_a_purchase"),  # noqa: E501
    ("The book had 300 pages divided into 10 chapters. It took Ann 5 days to read the book. How many pages did she read per day?", 60, "10", "total_split_otherwise"),  # noqa: E501
    ("He was told by 12 of the workers that they pack 40 boxes per day. How many days will it take to pack 200 boxes?", 5, "12", "tellers_counted"),  # noqa: E501
    ("Ann read 40 pages in 2 hours and 30 pages in 3 hours. How many pages did Ann read?", 70, "2", "period_of_a_total"),  # noqa: E501
    ("There are 40 pears and 90 plums in the shop. If the pears are organized into 8 groups and plums are organized into 10 groups How big is each group of plums?", 9, "8", "groups_of_another_thing"),  # noqa: E501
    ("There are 40 pears and 90 plums in the shop. The pears are organized into 8 groups. The plums are organized into 10 groups. How big is each group of plums?", 9, "8", "groups_of_another"),  # noqa: E501
    ("There are 90 plums in Ann's shop. Ann also has 40 pears and 12 figs. If the plums are organized into 10 groups How big is each group?", 9, "12", "also_beside_the_grouped"),  # noqa: E501
    ("The shop makes $ 9 off each cap sold. It sold 40 caps in all. If it sold 15 caps on Monday, how many caps did it sell on Tuesday?", 25, "$ 9", "price_apart"),  # noqa: E501
    ("Mia bought 30 balloons for her 6 guests. 4 balloons popped. How many balloons are left?", 26, "6", "made_for_people"),  # noqa: E501
    ("Last week Ada had 20 dollars in the bank and Ben had 15 dollars. They washed cars and now Ada has 45 dollars and Ben has 60 dollars. How much money did Ada earn?", 25, "15", "holder_beside_own_change"),  # noqa: E501
    ("A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. How much money did it make from selling the caps?", 100, "$9", "other_source"),  # noqa: E501
    ("Tom was told by 5 of the workers that they pack 40 boxes in 8 days. How many boxes are packed each day?", 5, "5", "tellers_counted"),  # noqa: E501
    ("Each book had 66 pages and it took Lee 12 days to finish each book. He took 48 days to finish all books. How many books did he read?", 4, "66", "rate_of_an_untold_thing"),  # noqa: E501
    ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and the pears are organized into 5 groups How big is each group of pears?", 6, "8", "groups_of_another_thing"),  # noqa: E501
    ("A mailman gives 38 letters to each of the 78 blocks. If there are 19 houses on a block, how many letters does he give each house?", 2, "78", "count_of_the_one_group"),  # noqa: E501
    ("Faye was placing her pencils into rows with 22 pencils in each row. She had 6 packs of pencils each one having 14 pencils. How many pencils does she have?", 84, "22", "rate_of_uncounted_groups"),  # noqa: E501
]  # fmt: skip


def closed_frames(text: str) -> list[tuple[ProblemFrame, str]]:
    return [
        (closed, episode.assessment.candidate_organ)
        for episode in practice(text).episodes
        for closed in episode.closed_frames
    ]


@pytest.mark.parametrize(("text", "value", "aside", "reason"), REASONS)
def test_a_stated_reason_sets_a_number_aside(
    text: str, value: int, aside: str, reason: str
) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)
    found = closed_frames(text)
    assert found
    set_aside = 0
    for frame, organ in found:
        relation = organ_relation(frame, organ)
        target = target_view(frame.targets)
        assert relation is not None and target is not None
        view = next(
            q for q in quantity_views(frame.mentions) if q.mention_id == quantity_id(frame, aside)
        )
        if organ == "sides" and view.mention_id in {m for _, m in relation.roles}:
            continue  # the whole text's sides reading binds the number, at the same value
        assert set_aside_reason(frame, relation, view, target) == reason
        set_aside += 1
    assert set_aside


def test_every_reason_has_a_case() -> None:
    assert {case[-1] for case in REASONS} == set(SET_ASIDE_REASONS)


@pytest.mark.parametrize(
    ("text", "right"),
    [
        # another owner, but the amount moves to or from the asked one
        ("Tom had 9 apples. Ann gave Tom 6 apples. Ann ate 4 apples. How many apples does Tom have left?", 15),  # noqa: E501
        ("Tom had 9 apples. Ann gave him 6 apples. He ate 4 apples. Ann has 2 apples. How many apples does Tom have left?", 11),  # noqa: E501
        # someone by kin: moving to the asked one, moving, or the one some of whose are moved
        ("Tom had 9 apples. His sister had 6 apples. She gave him 4 apples. How many apples does Tom have now?", 13),  # noqa: E501
        ("Tom had 9 apples. His sister had 6 apples. She ate 4 apples. How many apples does Tom have left?", 9),  # noqa: E501
        ("Tom had 9 apples. His sister had 6 apples. Tom ate 4 of them. How many apples does Tom have left?", 5),  # noqa: E501
        ("Tom and his sister had 9 apples. Tom ate 4 apples. How many apples does Tom have left?", 5),  # noqa: E501
        # another thing alone, in a sentence of its own
        ("Tom had 9 apples. He ate 4 apples. He has 6 pears. How many apples does Tom have left?", 5),  # noqa: E501
        # another activity, but told in the question's own words
        ("Ann played chess with 4 kids and checkers with 5 kids. How many kids did she play chess with?", 4),  # noqa: E501
    ],
)  # fmt: skip
def test_no_stated_reason_no_wrong_closure(text: str, right: int) -> None:
    """Amounts no stated reason sets aside: the loop may refuse, or close right by reading
    them (the 6 apples Ann gave Tom are his gain; her 2 left are hers, not his)."""
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE) or value == right, value


def test_a_difference_to_the_asked_owner_is_read_through_the_chain() -> None:
    """No set-aside reason drops the 8 of "... and 8 more shells than Pia" when Pia is asked;
    the sides reading binds every number instead (Pia = 20 - 5 - 8)."""
    text = "Nora has 20 shells. Omar has 5 fewer shells than Nora and 8 more shells than Pia. How many shells does Pia have?"  # noqa: E501
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 7)
    organs = {organ for _, organ in closed_frames(text)}
    assert organs == {"sides"}


def test_no_other_verb_when_an_extra_is_asked() -> None:
    """ "how many extra lilies did she pick?" asks what is beyond the lilies used: the used
    ones are no other verb's amount to leave out, so no sum of what was picked closes; the
    complement organ reads the extra."""
    text = "Lia picked 13 lilies and 7 lilies. If she only used 15 of the lilies, how many extra lilies did Lia pick?"  # noqa: E501
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 5)
    assert not [organ for _, organ in closed_frames(text) if organ == "combine"]


def test_a_subset_told_of_an_amount_blocks() -> None:
    # "she has read 9 of them" is inside the 18, never an amount beside it: the gate blocks
    text = "Ann has 18 books and she has read 9 of them. Bob has 42 books. How many books do Ann and Bob have together?"  # noqa: E501
    codes = assess(frame_of(text), "combine").unresolved_hazards
    assert "subset_unplaced" in codes
    assert verdict_of(text)[0] is Category.BLOCKED


# --- cues ----------------------------------------------------------------------------------

CUES = [
    # a move no number carries and no role uses: an unknown step
    ("Tom had 9 apples. He bought some pears and ate some apples. He ate 4 apples. How many apples does Tom have left?", "move_unconsumed"),  # noqa: E501
    # a negation anywhere in the text
    ("Tom had 9 apples. Ann does not like apples. He ate 4 apples. How many apples does Tom have left?", "negation_unconsumed"),  # noqa: E501
    ("Tom had 9 apples. He ate 4 apples. He might eat 2 pears. How many apples does Tom have left?", "modality_unconsumed"),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "code"), CUES)
def test_an_unconsumed_cue_refuses(text: str, code: str) -> None:
    frame, assessment = closed_frame_forced(text)
    assert code in outcome_codes(cue_accounting(frame, assessment))
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_a_rate_bound_as_a_part_is_refused() -> None:
    text = "Tom has 3 apples. Each box has 4 apples. How many apples are there in all?"
    frame = with_roles(
        frame_of(text),
        "combine",
        part_1=quantity_id(frame_of(text), "3"),
        part_2=quantity_id(frame_of(text), "4"),
    )
    assessment = assessment_of(frame, "combine", runnable_like=assess(frame, "combine"))
    assert "rate_unconsumed" in outcome_codes(cue_accounting(frame, assessment))


def test_n_more_beside_a_total_is_no_part() -> None:
    # class C: "320 more fans" is a comparison left unsaid, not a part beside the total
    text = "A total of 450 fans came to two games. 32 more fans came to the second game. How many fans came to the first game?"  # noqa: E501
    frame = frame_of(text)
    frame = with_relations(frame, ())
    category, _ = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_an_amount_told_as_a_whole_is_no_part() -> None:
    """ "Together their pens weighed 20 grams": the 20 is the sum; bound as a part beside the
    other amount, the candidate adds the whole to its own part. (Ann is named before the
    question: a question about a person the text never names is refused.)"""
    text = "Ann and Bob weighed their pens. Together their pens weighed 20 grams. Bob's pens weighed 17 grams. How much did Ann's pens weigh?"  # noqa: E501
    frame = frame_of(text)
    as_parts = with_roles(
        frame, "combine", part_1=quantity_id(frame, "20"), part_2=quantity_id(frame, "17")
    )
    as_parts = with_roles(as_parts, "combine", whole="u0")
    assessment = assessment_of(as_parts, "combine", runnable_like=assess(as_parts, "combine"))
    assert "totality_unconsumed" in outcome_codes(cue_accounting(as_parts, assessment))
    as_whole = with_roles(
        frame, "combine", whole=quantity_id(frame, "20"), part_1=quantity_id(frame, "17")
    )
    as_whole = with_roles(as_whole, "combine", part_2="u0")
    assessment = assessment_of(as_whole, "combine", runnable_like=assess(as_whole, "combine"))
    assert "totality_unconsumed" not in outcome_codes(cue_accounting(as_whole, assessment))
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 3)


def test_a_verb_that_holds_nothing_is_no_part_of_what_is_held() -> None:
    text = "Earl has $9. Greg has $6. Earl owes Greg $2. How much do Earl and Greg have together?"
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE) or value == 15


def test_every_code_is_declared_once() -> None:
    assert len(set(QUANTITY_CODES)) == len(QUANTITY_CODES)
    assert len(set(CUE_CODES)) == len(CUE_CODES)
    assert set(accounting._OBSERVATION_CODES.values()) <= set(CUE_CODES)


# --- malformed frames: refused with a code, never raised on, never passed ------------------


@dataclasses.dataclass(frozen=True)
class _Forged:
    """A frame-shaped value built without the kernel's checks (what a buggy caller may pass)."""

    problem_frame_digest: str
    source_text: object
    sentences: tuple[SourceSpan, ...]
    mentions: tuple[object, ...]
    relations: tuple[object, ...]
    targets: tuple[object, ...]
    observations: tuple[object, ...]

    def mention(self, mention_id: str) -> object:
        return next(
            (m for m in self.mentions if getattr(m, "mention_id", None) == mention_id), None
        )


@dataclasses.dataclass(frozen=True)
class _LooseMention:
    mention_id: str
    kind: str
    span: object
    attributes: tuple[tuple[str, str], ...]


def _forged(frame: ProblemFrame, **changes: object) -> _Forged:
    fields = {f: getattr(frame, f) for f in _Forged.__dataclass_fields__}
    fields.update(changes)
    return _Forged(**fields)  # type: ignore[arg-type]


def test_a_span_that_is_not_the_source_slice_is_refused() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")

    def misread(m: Mention) -> object:
        if m.span.text != "9":
            return m
        wrong = dataclasses.replace(m.span, text="7")  # a span whose text is not its slice
        return _LooseMention(m.mention_id, m.kind, wrong, m.attributes)

    moved = tuple(misread(m) for m in frame.mentions)
    forged = _forged(frame, mentions=moved)
    for proof in (quantity_accounting, cue_accounting):
        outcome = proof(forged, assessment)  # type: ignore[arg-type]
        assert outcome.status is ProofStatus.REFUSED
        assert outcome.reason_codes == ("span_not_source",)


def test_a_mention_without_a_span_is_refused() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")
    unspanned = tuple(
        _LooseMention(m.mention_id, m.kind, None, m.attributes) if m.span.text == "4" else m
        for m in frame.mentions
    )
    for proof in (quantity_accounting, cue_accounting):
        outcome = proof(_forged(frame, mentions=unspanned), assessment)  # type: ignore[arg-type]
        assert outcome.reason_codes == ("mention_unspanned",)


def test_an_observation_of_an_unknown_kind_is_never_passed() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")
    strange = Observation(
        observation_id="o9", kind="prophecy", attributes=(), evidence_spans=(frame.sentences[0],)
    )
    forged = _forged(frame, observations=(*frame.observations, strange))
    assert "cue_unknown" in cue_accounting(forged, assessment).reason_codes  # type: ignore[arg-type]


def test_a_frame_that_cannot_be_read_is_refused() -> None:
    frame, assessment = closed_frame(LEFT, "change", start="9", change="4", result="u0")
    broken = _forged(frame, mentions=(*frame.mentions, "not a mention"))
    for proof in (quantity_accounting, cue_accounting):
        outcome = proof(broken, assessment)  # type: ignore[arg-type]
        assert outcome.status is ProofStatus.REFUSED
        assert outcome.reason_codes == ("frame_malformed",)


_TEXTS = [
    LEFT,
    "Tom had 9 apples and 6 pears. He ate 4 apples. How many apples does Tom have left?",
    "Ann has 7 apples. Bob has 3 apples. How many more apples does Ann have than Bob?",
    "Each box has 6 pens. There are 4 boxes. How many pens are there?",
]


@settings(max_examples=120, deadline=None)
@given(
    text=st.sampled_from(_TEXTS),
    drop=st.sets(st.integers(min_value=0, max_value=12), max_size=4),
    organ=st.sampled_from(["change", "combine", "compare", "equal_groups", "partition"]),
)
def test_dropping_mentions_never_raises_and_never_passes_a_dropped_number(
    text: str, drop: set[int], organ: str
) -> None:
    frame = frame_of(text)
    quantities = [m for m in frame.mentions if m.kind == "quantity"]
    lost = {quantities[i].mention_id for i in drop if i < len(quantities)}
    smaller = without_mentions(frame, lost)
    assessment = assessment_of(smaller, organ, runnable_like=assess(frame, "change"))
    for proof in (quantity_accounting, cue_accounting):
        outcome = proof(smaller, assessment)
        assert isinstance(outcome, ProofOutcome)
    if lost:
        outcome = quantity_accounting(smaller, assessment)
        assert outcome.status is not ProofStatus.CLOSED
        assert isinstance(read(text), ProblemFrame)


# --- a category named before its kinds; two parts told one by one --------------------------


def test_category_told() -> None:
    from practiceloop.arith._category_checks import category_told
    from practiceloop.arith.reading import quantity_views

    text = ("For the fair Omar baked treats. He baked 6 muffins and 14 tarts. After the fair "
            "he had 5 to take home. How many treats did he sell?")  # fmt: skip
    frame = frame_of(text)
    cue = next(m for m in frame.mentions if m.kind == "cue" and m.span.sentence_index == 0)
    views = list(quantity_views(frame.mentions))
    assert category_told(frame, cue, views)
    assert not category_told(frame, cue, views[:1])  # one kind bound: no list told twice
    assert not category_told(frame, cue, [])
    # the first sentence counts: its verb is a move of its own
    counted = frame_of("Omar baked 3 treats. He baked 6 muffins and 14 tarts. How many treats?")
    first = next(m for m in counted.mentions if m.kind == "cue" and m.span.sentence_index == 0)
    assert not category_told(counted, first, list(quantity_views(counted.mentions)))


def test_one_and_the_other() -> None:
    from practiceloop.arith._category_checks import one_and_the_other
    from practiceloop.arith.reading import quantity_views

    pair = frame_of("Ada bought two jars. One had 20 beads and the other had 31. How many beads?")
    views = {v.start: v for v in quantity_views(pair.mentions)}
    a, b = (v for v in views.values() if v.value in (20, 31))
    assert one_and_the_other(pair, a, b) and one_and_the_other(pair, b, a)
    # no "One" opening the sentence
    plain = frame_of("Ada had 20 beads and the other girl had 31. How many beads?")
    c, d = quantity_views(plain.mentions)
    assert not one_and_the_other(plain, c, d)
    # more told between the two
    more = frame_of("One had 20 beads and then she and the other had 31. How many beads?")
    e, f = quantity_views(more.mentions)
    assert not one_and_the_other(more, e, f)


def test_counted_in_parts_needs_the_parts() -> None:
    # the two books without "One ... the other": a number with no reason stated
    text = ("Ada bought two sticker books. The first had 20 stickers and the second had 31. "
            "After a week she had used 40 of the stickers. How many stickers does she have "
            "left to use?")  # fmt: skip
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


@pytest.mark.parametrize(
    "text",
    [
        # more days than told, a day told and not restated, or a period beside them asked
        "Lia earns 9 dollars an hour. On Friday she worked 2 hours and on Sunday she worked 5 hours. How much money did Lia earn in those three days?",  # noqa: E501
        "Lia earns 9 dollars an hour. On Friday she worked 2 hours, on Saturday she worked 4 hours and on Sunday she worked 5 hours. How much money did Lia earn in those two days?",  # noqa: E501
        "Lia earns 9 dollars an hour. On Friday she worked 2 hours and on Sunday she worked 5 hours. She also worked 3 hours at night. How much money did Lia earn in those two days?",  # noqa: E501
        "Lia earns 9 dollars an hour. On Friday she worked 2 hours and on Sunday she worked 5 hours. How much money will Lia earn in those two days and on Monday?",  # noqa: E501
        # no periods told at all, or a number of another thing
        "Lia earns 9 dollars an hour. She worked 2 hours and then 5 hours. How much money did Lia earn in those two days?",  # noqa: E501
        "Lia earns 9 dollars an hour. On Friday she worked 2 hours and on Sunday she worked 5 hours. How much money did Lia earn in those two jobs?",  # noqa: E501
    ],
)
def test_restated_periods_needs_the_periods(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("Nora has 30 apples 12 eggs and 9 pens. She ate 3 eggs. How many eggs does she have left?", True),  # noqa: E501
        ("Nora has 12 eggs 30 apples, and 9 pens. She ate 3 eggs. How many eggs does she have left?", True),  # noqa: E501
        # no list goes on after the two amounts: "In 2 days 5 birds came"
        ("In 2 days 5 birds came. How many birds came?", False),
    ],
)  # fmt: skip
def test_a_list_told_without_commas(text: str, listed: bool) -> None:
    from practiceloop.arith._coordination import coordinated

    frame = frame_of(text)
    views = list(quantity_views(frame.mentions))
    assert coordinated(frame, views[0], views[1]) is listed


def test_moved_some_before_now() -> None:
    """ "gave some to Bob and now has 5 red pens and 2 blue pens": the giving is the history
    of the state asked when every bound amount is that state; not when a bound amount was
    told before it (the blue pens she had may have gone)."""
    text = (
        "Ann has 6 red pens and 2 blue pens. She gave some pens to Bob and now has 5 red pens "
        "and 1 blue pen. How many more red pens than blue pens does Ann have?"
    )
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    gave = next(m for m in frame.mentions if m.kind == "cue" and m.span.text == "gave")
    views = {str(q.value): q for q in quantity_views(frame.mentions)}
    assert moved_some_before_now(frame, gave, [views["5"], views["1"]], target)
    assert not moved_some_before_now(frame, gave, [views["5"], views["2"]], target)


def test_a_kind_after_than_is_asked() -> None:
    """ "than baseball cards": the baseball cards told now are an asked side, never "another
    kind listed" beside the ace cards."""
    text = (
        "Ivo has 40 baseball cards and 50 ace cards now. How many more ace cards than baseball "
        "cards does Ivo have?"
    )
    frame = with_roles(frame_of(text), "compare", compared=None, referent=None)
    target = target_view(frame.targets)
    assert target is not None
    compare = organ_relation(frame, "compare")
    assert compare is not None
    forty = next(q for q in quantity_views(frame.mentions) if q.value == 40)
    assert set_aside_reason(frame, compare, forty, target) != "listed_other_thing"
