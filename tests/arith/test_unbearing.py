"""Whole-text reasons a number cannot bear on the asked quantity (:mod:`arith.unbearing`).

Authored texts only (general English, never a corpus sentence). Each reason is shown
holding for the number it sets aside, and refused where a reading of the text could let
the number reach the asked quantity: the holder asked, compared to or named again; an
earlier time asked; a rate per a time anywhere in the text.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.organs._contract import organ_relation
from practiceloop.arith.reading import plural_for_one_of_many, quantity_views, target_view
from practiceloop.arith.set_aside import bound_ids
from practiceloop.arith.unbearing import (
    defines_absent_holder,
    done_for_another_thing,
    duration_apart,
    parts_summed,
    recipients_counted,
    superseded_state,
    unbearing_reason,
)
from practiceloop.loop.evaluate import Category

from ._helpers import (
    closed,
    frame_of,
    not_covered,
    quantity_id,
    reason_holds,
    resolve_pronouns,
    verdict_of,
)


def holds(reason: object, text: str, number: str) -> bool:
    """``reason`` holds for ``number`` in every closed frame of ``text`` but the sides
    organ's: the whole text's sides reading binds every number (arith.sides), none aside."""
    return reason_holds(reason, text, number, except_organs=frozenset({"sides"}))


def closed_only_by_sides(text: str) -> bool:
    """Every closure of ``text`` is the sides organ's, which reads every number of the text
    (:mod:`practiceloop.arith.sides`): no number is set aside there."""
    return {organ for _, organ in closed(text)} <= {"sides"}


# --- defines_absent_holder -------------------------------------------------------------------

ABSENT = "Mia did 21 squats and 4 lunges in class. Ben did 12 more squats but 3 fewer lunges than Mia. How many more squats than lunges did Mia do?"  # noqa: E501
CHAIN = "Carl has 9 fewer plums than Omar who has 5 more plums than Lena. Omar has 17 plums. How many plums does Lena have?"  # noqa: E501


def test_defines_absent_holder() -> None:
    assert verdict_of(ABSENT) == (Category.CLOSED_UNIQUE, 17)
    assert holds(defines_absent_holder, ABSENT, "12")
    assert holds(defines_absent_holder, ABSENT, "3")  # Ben's too: one coordination, one "than"
    assert verdict_of(CHAIN) == (Category.CLOSED_UNIQUE, 12)
    assert holds(defines_absent_holder, CHAIN, "9")


@pytest.mark.parametrize(
    "text",
    [
        # the holder asked, or asked among everyone
        "Mia did 21 squats and 4 lunges. Ben did 12 more squats but 3 fewer lunges than Mia. How many more squats than lunges did Ben do?",  # noqa: E501
        "Mia did 21 squats. Ben did 12 more squats than Mia. How many squats did they do together?",
        "Omar has 17 plums. Carl has 9 fewer plums than Omar. How many plums are there in all?",
        # the holder named again, by name or by a pronoun
        "Mia did 21 squats. Ben did 12 more squats than Mia. Ben also did 5 lunges. How many squats did Mia do?",  # noqa: E501
        "Mia did 21 squats. Ben did 12 more squats than Mia. He also did 5 squats. How many squats did Mia do?",  # noqa: E501
        # the holder moves something to or from the asked one
        "Omar has 17 plums. Carl has 9 fewer plums than Omar. Carl gave Omar 2 plums. How many plums does Omar have now?",  # noqa: E501
        # someone compared to the holder
        "Mia did 21 squats. Ben did 12 more squats than Mia. Lou did 3 more squats than Ben. How many squats did Lou do?",  # noqa: E501
    ],
)  # fmt: skip
def test_defines_absent_holder_refused(text: str) -> None:
    assert not_covered(text) or closed_only_by_sides(text)


def test_defines_absent_holder_needs_a_spelled_name() -> None:
    # a lower-case holder may be a noun the text uses again; the one occurrence is required
    frame = resolve_pronouns(frame_of(CHAIN.replace("Carl", "carl")))
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    target = target_view(frame.targets)
    assert target is not None
    nine = views[quantity_id(frame, "9")]
    assert not defines_absent_holder(frame, "compare", nine, [], target)


# --- superseded_state ------------------------------------------------------------------------

SUPERSEDED = "Ravi had 14 songs and 9 videos on his tablet. After removing some songs and videos he had 5 songs and 7 videos left. How many more videos than songs does he have left on the tablet?"  # noqa: E501


def test_superseded_state() -> None:
    assert verdict_of(SUPERSEDED) == (Category.CLOSED_UNIQUE, 2)
    assert holds(superseded_state, SUPERSEDED, "14")
    assert holds(superseded_state, SUPERSEDED, "9")
    assert not holds(superseded_state, SUPERSEDED, "5")  # the later state is bound, not aside


@pytest.mark.parametrize(
    "text",
    [
        # an earlier time asked, or what moved
        "Ravi had 14 songs and 9 videos on his tablet. After removing some songs and videos he had 5 songs and 7 videos left. How many more songs than videos did he have at first?",  # noqa: E501
        # another place, another holder, another kind
        "Ravi had 14 songs on his tablet. He had 5 songs left on his phone. How many songs does he have left?",  # noqa: E501
        "Ravi had 14 songs. Ana had 5 songs left. How many songs does Ravi have left?",
        "Ravi had 14 songs. After removing some songs he had 5 rock songs left. How many songs does he have left?",  # noqa: E501
        # the question in the past: no held state asked
        "Ravi had 14 songs and 9 videos. After removing some songs he had 5 songs left. How many more songs than videos did Ravi have?",  # noqa: E501
    ],
)  # fmt: skip
def test_superseded_state_refused(text: str) -> None:
    assert not_covered(text)


def test_superseded_state_asks_what_moved() -> None:
    # the move asked needs the earlier state: it is bound, never set aside
    text = "Ravi had 14 songs and 9 videos on his tablet. After removing some songs and videos he had 5 songs and 7 videos left. How many songs did he remove?"  # noqa: E501
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 9)


# --- duration_apart --------------------------------------------------------------------------

TOOK = "The album had 96 photos equally spread over 8 pages. It took Lee 30 days to fill the album. How many photos are on each page?"  # noqa: E501
SPENT = "Ivy played chess with 7 kids on monday. She played chess with 9 kids on tuesday. She spent a total of 20 hours to play chess on both days. How many kids did she play with altogether?"  # noqa: E501


def test_duration_apart() -> None:
    assert verdict_of(TOOK) == (Category.CLOSED_UNIQUE, 12)
    assert holds(duration_apart, TOOK, "30")
    assert verdict_of(SPENT) == (Category.CLOSED_UNIQUE, 16)
    assert holds(duration_apart, SPENT, "20")


@pytest.mark.parametrize(
    "text",
    [
        # a rate per a time, or a time asked (the photos per day over the 3 days: the days
        # are bound, never set aside; test_unlinked closes it with the pages set aside)
        "Ivy picked 7 apples. It took her 3 days and she picked the same number every day. How many apples did she pick?",  # noqa: E501
        # a habit told in the present may be per day
        "Ivy reads 20 pages. She spends 3 days reading. How many pages does she read?",
        # the time taken for a whole the question asks
        "Ivy read 20 pages on monday. It took her 3 days to read the book. How many pages does the book have?",  # noqa: E501
        # money asked beside the time
        "Ivy earned 7 dollars. She spent 3 hours working. How many dollars did she earn?",
    ],
)  # fmt: skip
def test_duration_apart_refused(text: str) -> None:
    assert not_covered(text)


# --- done_for_another_thing -----------------------------------------------------------------

RECIPE = "The recipe calls for 4 cups of rice 9 cups of milk and 3 cups of oil. She already put in 2 cups of rice. How many more cups of milk than cups of oil does she need to add now?"  # noqa: E501


def test_done_for_another_thing() -> None:
    assert verdict_of(RECIPE) == (Category.CLOSED_UNIQUE, 6)
    assert holds(done_for_another_thing, RECIPE, "2")
    # a step toward an asked thing counts: never set aside, the closure moves with it
    milk = RECIPE.replace("2 cups of rice", "2 cups of milk")
    assert verdict_of(milk) != (Category.CLOSED_UNIQUE, 6)


@pytest.mark.parametrize(
    "text",
    [
        # a step of no named thing, of a thing the list does not name, or of a mix
        RECIPE.replace("2 cups of rice", "2 cups"),
        RECIPE.replace("2 cups of rice", "2 cups of the mix"),
        "The recipe calls for 9 cups of milk and 3 cups of oil. She already put in 2 cups of rice. How many more cups of milk than cups of oil does she need to add now?",  # noqa: E501
    ],
)  # fmt: skip
def test_done_for_another_thing_refused(text: str) -> None:
    assert not_covered(text)


# --- parts_summed --------------------------------------------------------------------------

PARTS = "A report has 2 sections. The first section is 40 pages long. If there are a total of 75 pages in the report how many pages are in the second section?"  # noqa: E501


def test_parts_counted() -> None:
    assert verdict_of(PARTS) == (Category.CLOSED_UNIQUE, 35)
    assert holds(parts_summed, PARTS, "2")


@pytest.mark.parametrize(
    "text",
    [
        # more parts counted than the sum names, or named by no ordinal
        PARTS.replace("has 2 sections", "has 3 sections"),
        PARTS.replace("The first section", "One section").replace("the second", "the other"),
        PARTS.replace("the second section", "the last section"),
        # another count in the counting sentence
        PARTS.replace("has 2 sections", "has 2 sections and 9 pictures"),
        # a part asked beyond the count
        "A report has 2 sections. The first section is 40 pages long and the second section is 20 pages long. If there are a total of 75 pages in the report how many pages are in the third section?",  # noqa: E501
    ],
)  # fmt: skip
def test_parts_counted_refused(text: str) -> None:
    assert not_covered(text)


# --- recipients_counted ---------------------------------------------------------------------

GIVEN = "Lena had 40 stickers. She has 28 stickers left after she gave equal numbers of stickers to her 4 cousins. How many stickers did Lena give to her cousins?"  # noqa: E501


def test_recipients_counted() -> None:
    assert verdict_of(GIVEN) == (Category.CLOSED_UNIQUE, 12)
    assert holds(recipients_counted, GIVEN, "4")


@pytest.mark.parametrize(
    "text",
    [
        # a share asked, or told
        GIVEN.replace("to her cousins?", "to each cousin?"),
        GIVEN.replace("equal numbers of stickers to her 4", "2 stickers to each of her 4"),
        # what is left unbound, another verb, other recipients asked
        "Lena had 40 stickers. She gave equal numbers of stickers to her 4 cousins. How many stickers did Lena give to her cousins?",  # noqa: E501
        GIVEN.replace("she gave equal numbers of", "she sold some"),
        GIVEN.replace("to her cousins?", "to her friends?"),
    ],
)  # fmt: skip
def test_recipients_counted_refused(text: str) -> None:
    assert not_covered(text)


def test_unbearing_reason_names_the_first_that_holds() -> None:
    found = closed(TOOK)
    frame, organ = found[0]
    relation = organ_relation(frame, organ)
    target = target_view(frame.targets)
    assert relation is not None and target is not None
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    bound = [views[m] for m in bound_ids(relation) if m in views]
    assert unbearing_reason(frame, organ, views[quantity_id(frame, "30")], bound, target) == (
        "duration_apart"
    )
    assert unbearing_reason(frame, organ, views[quantity_id(frame, "96")], bound, target) is None


# --- plural_for_one_of_many ------------------------------------------------------------------


def test_plural_for_one_of_many() -> None:
    # "they" bound to Carl alone once closed at Carl's 8
    text = "Omar has 17 plums and Carl has 9 fewer plums than Omar. How many plums do they have?"
    assert not_covered(text)
    frame = frame_of(text)
    they = next(m.mention_id for m in frame.mentions if m.kind == "pronoun")
    assert plural_for_one_of_many(frame, they, "carl")
    # one named holder: "they" may be that body, and stays resolved
    alone = frame_of("The School has 15 rooms. They added 5 rooms. How many rooms do they have?")
    first = next(m.mention_id for m in alone.mentions if m.kind == "pronoun")
    assert not plural_for_one_of_many(alone, first, "school")
    # a singular pronoun is never a group
    single = frame_of("Omar has 17 plums and Carl has 9 plums. How many plums does he have?")
    he = next(m.mention_id for m in single.mentions if m.kind == "pronoun")
    assert not plural_for_one_of_many(single, he, "carl")
