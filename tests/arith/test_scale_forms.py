"""The scale reading's further wordings (arith/scale_forms.py): authored texts only."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from practiceloop.arith.scale_clauses import same_verb
from practiceloop.arith.scale_forms import (
    base_verb_as_aux,
    condition_after_question,
    fraction_factor,
    listed_whole_asked,
    offset_thing,
    scaled_base_phrase,
    unit_after_question,
    went_together,
)
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, verdict_of


def test_listed_whole_asked_reads_a_list_of_names_or_a_count() -> None:
    read = listed_whole_asked("How many pens do Mia, Tom, and Ann have combined?")
    assert read is not None and read[1:] == (("Mia", "Tom", "Ann"), 3)
    read = listed_whole_asked("How many fish did Kai and Lee catch?")
    assert read is not None and read[1:] == (("Kai", "Lee"), 2)
    assert read[0]["verb"] == "catch" and read[0]["ask"] == "did"
    read = listed_whole_asked("How many cups do the three of them have in all?")
    assert read is not None and read[1:] == ((), 3)
    read = listed_whole_asked("How many cups did both of them buy?")
    assert read is not None and read[1:] == ((), 2)


def test_listed_whole_asked_refuses_other_questions() -> None:
    assert listed_whole_asked("How many pens do Mia and Mia have?") is None  # named twice
    assert listed_whole_asked("How many pens do Mia and Tom each have?") is None
    assert listed_whole_asked("How many pens do they have?") is None
    assert listed_whole_asked("How many pens does Mia have?") is None
    assert listed_whole_asked("How many pens do Mia and Tom have left?") is None
    assert listed_whole_asked("How many pens do the four of them have?") is None


def test_condition_after_question_puts_the_condition_first() -> None:
    frame = frame_of(
        "Tom has twice as many pens as Mia. How many pens do they have in all if Mia has 6 pens?"
    )
    split = condition_after_question(frame.sentences)
    assert split is not None
    body, ask, asked = split
    assert [s.text for s in body] == ["Tom has twice as many pens as Mia.", "if Mia has 6 pens?"]
    assert ask.text == "How many pens do they have in all"
    assert asked == "How many pens do they have in all?"
    frame = frame_of(
        "Tom has twice as many pens as Mia. How many more pens does Tom have than Mia, if Mia"
        " has 6 pens?"
    )
    split = condition_after_question(frame.sentences)
    assert split is not None and split[2] == "How many more pens does Tom have than Mia?"
    # a question with its own stop, or no condition after it, is left as it is
    frame = frame_of("Tom has twice as many pens as Mia. If Mia has 6 pens, how many has Tom?")
    assert condition_after_question(frame.sentences) is None
    frame = frame_of("Mia has 6 pens. Tom has twice as many pens as Mia. How many does Tom have?")
    assert condition_after_question(frame.sentences) is None


def _key(words: str | None) -> tuple[str, ...] | None:
    return None if words is None else (("money",) if words == "dollars" else (words,))


def test_offset_thing_is_the_clause_thing() -> None:
    assert offset_thing(None, "cards", None, _key) == (True, "cards")
    assert offset_thing("pounds", None, None, _key) == (True, "pounds")
    assert offset_thing(None, "cards", "cards", _key) == (True, "cards")
    assert offset_thing(None, None, "cards", _key) == (True, "cards")
    assert offset_thing("dollars", None, "money", _key) == (True, "money")
    assert offset_thing(None, "stamps", "cards", _key) == (False, None)  # another thing
    assert offset_thing("cards", "cards", None, _key) == (False, None)  # told twice
    assert offset_thing(None, "more cards", None, _key) == (False, None)


def test_fraction_factor_is_a_proper_part() -> None:
    assert fraction_factor("1/4") == Fraction(1, 4)
    assert fraction_factor("3/4") == Fraction(3, 4)
    assert fraction_factor("4/2") is None
    assert fraction_factor("0/3") is None


def test_unit_after_question_cuts_the_unit() -> None:
    assert unit_after_question("How much does Sam weigh, in pounds?") == (
        "How much does Sam weigh?",
        "pounds",
    )
    assert unit_after_question("How much does Sam weigh?") is None
    assert unit_after_question("How much does Sam weigh, in all?") == (
        "How much does Sam weigh?",
        "all",
    )  # the caller refuses a unit that is not the text's thing


def test_went_together_reads_two_names_going() -> None:
    assert went_together("Kim and Lou went fishing.") == ("Kim", "Lou")
    assert went_together("Kim and Lou went to the fair.") == ("Kim", "Lou")
    assert went_together("Kim and Kim went fishing.") is None
    assert went_together("Kim and Lou went fishing with 3 friends.") is None
    assert went_together("Kim and Lou caught fish.") is None
    assert went_together("Kim went fishing.") is None
    assert went_together("Kim and Lou are selling pears at the farmer's market.") == ("Kim", "Lou")
    assert went_together("Kim and Lou were picking apples.") == ("Kim", "Lou")
    assert went_together("Kim and Lou are selling 20 pears.") is None
    assert went_together("Kim and Lou are not selling pears.") is None
    assert went_together("Kim and Lou are sisters.") is None


def test_scaled_base_phrase_reads_the_base_clause() -> None:
    pattern = re.compile(scaled_base_phrase(r"[A-Z][a-z]+", r"[a-z]+(?: [a-z]+){0,2}"))
    match = pattern.fullmatch("of what Kim picked")
    assert match is not None and match.group("base") == "Kim" and match.group("again") == "picked"
    match = pattern.fullmatch("the number of red cups Kim has")
    assert match is not None and match.group("counted") == "red cups"
    match = pattern.fullmatch("the cups Kim has")
    assert match is not None and match.group("named") == "cups"
    assert pattern.fullmatch("what Kim") is None
    assert pattern.fullmatch("the cups of Kim") is None


def test_base_verb_as_aux_is_the_clause_verb_or_an_auxiliary() -> None:
    assert base_verb_as_aux(None, "picked", same_verb) == ""
    assert base_verb_as_aux("picked", "picked", same_verb) == ""
    assert base_verb_as_aux("did", "picked", same_verb) == "did"
    assert base_verb_as_aux("bought", "picked", same_verb) is None
    assert base_verb_as_aux("picks", "picked", same_verb) is None  # another tense


CLOSED = [
    ("Mia has 5 pens. Tom has twice as many pens as Mia. How many pens do Mia and Tom have?", 15),
    ("Mia has 5 pens. Tom has twice as many pens as Mia. Ann has 3 times as many pens as Tom. How many pens do Mia, Tom, and Ann have in all?", 45),  # noqa: E501
    ("Mia has 5 pens. Tom has twice as many pens as Mia. Ann has 3 times as many pens as Tom. How many pens do Mia and Ann have?", 35),  # noqa: E501
    ("Mia found 5 pens. Tom found twice as many pens as Mia. How many pens did both of them find?", 15),  # noqa: E501
    ("Tom has twice as many pens as Mia. How many pens do they have in all if Mia has 6 pens?", 18),
    ("Tom has twice as many pens as Mia. How many pens does Mia have if Tom has 12 pens?", 6),
    ("Tom has twice as many pens as Mia. How many more pens does Tom have than Mia if Mia has 6 pens?", 6),  # noqa: E501
    ("Bob has 10 cards. John has five more cards than twice as many as Bob. How many cards does John have?", 25),  # noqa: E501
    ("Bob has 10 cards. John has 5 cards fewer than twice as many as Bob. How many cards does John have?", 15),  # noqa: E501
    ("Bob weighs 60 pounds. John weighs 5 pounds more than twice as much as Bob. How much does John weigh?", 125),  # noqa: E501
    ("Bob has 10 cards. John has 5 fewer cards than Bob. Ann has twice as many cards as John. How many cards does Ann have?", 10),  # noqa: E501
    ("Bob caught 5 fish while Ann caught twice as many as Bob's. How many fish did they catch together?", 15),  # noqa: E501
    ("Bob and Ann went fishing. Bob caught 5 fish while Ann caught twice as many as Bob. How many fish did Ann catch?", 10),  # noqa: E501
    ("Bob weighs 25 pounds more than Sam. Ann weighs half as much as Bob. If Ann weighs 40 pounds, how much does Sam weigh, in pounds?", 55),  # noqa: E501
    ("Kim has 40 dollars. Lou has twice as much money as Kim. How much money does Lou have?", 80),
    ("Levi collected 12 cans. Juwan collected half of what Levi collected. How many cans did they collect in all?", 18),  # noqa: E501
    ("Levi collected 12 cans. Juwan collected half of what Levi did. How many cans did they collect in all?", 18),  # noqa: E501
    ("Mia has half the number of hats Ava has. If Ava has 16 hats, how many hats do they have in total?", 24),  # noqa: E501
    ("Ben has $25 less than twice the money Sam has. If Sam has $75, how much money do they have together?", 200),  # noqa: E501
    ("Jake earns thrice what Jacob does. If Jacob earns $6, how much does Jake earn?", 18),
    ("Elon has 10 more cars than Sam who has half the number of cars as Ava. Ava has 6 cars. How many cars does Elon have?", 13),  # noqa: E501
    ("Kris has 1/4 as many hats as Ava. If Ava has 12 hats, how many hats does Kris have?", 3),
    ("Kris has 3/4 times as many hats as Ava. If Ava has 12 hats, how many hats does Kris have?", 9),  # noqa: E501
    ("Sean has 4 dollars more than half as much money as Ava. If Ava has $40, how much money does Sean have?", 24),  # noqa: E501
    ("Santo earned half of what his dad earned. If his dad earned $2000, how much money did Santo earn?", 1000),  # noqa: E501
    ("Kim has 40 dollars. Lou has 5 dollars more than twice as much as Kim. How many dollars does Lou have?", 85),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Mia has 5 pens. Tom has twice as many pens as Mia. How many pens do Tom and Ann have together?",  # noqa: E501
    "Mia has 5 pens. Tom has twice as many pens as Mia. How many pens do Mia, Tom and Ann have?",
    "Mia has 5 pens. Tom has twice as many pens as Mia. How many pens do Mia and Tom each have?",
    "Mia has 5 pens. Tom has twice as many pens as Mia. How many pens did Mia and Tom have?",
    "Mia found 5 pens. Tom found twice as many pens as Mia. How many pens did Mia and Tom lose?",
    "Mia found 5 pens. Tom found twice as many pens as Mia. How many pens will Mia and Tom find?",
    "Mia has 5 pens. Tom has twice as many pens as Mia. How many pens do the three of them have?",
    "Tom has twice as many pens as Mia. How many pens do they have in all if Ann has 6 pens?",
    "Tom has twice as many pens as Mia. How many pens do they have in all if Mia has 6 cups?",
    "Tom has twice as many pens as Mia. How many pens do they have in all if Mia had 6 pens?",
    "Tom has twice as many pens as Mia. How many pens do they have in all if Mia loses 6 pens?",
    "Tom has twice as many pens as Mia. How many pens do they have in all if Mia does not have 6 pens?",  # noqa: E501
    "Tom has twice as many pens as Mia. How many pens can they have in all if Mia has 6 pens?",
    "Tom has twice as many pens as Mia. How many more pens does Mia have than Tom if Mia has 6 pens?",  # noqa: E501
    "Bob has 10 cards. John has five more stamps than twice as many cards as Bob. How many cards does John have?",  # noqa: E501
    "Bob has 10 cards. John has five more stamps than twice as many as Bob. How many stamps does John have?",  # noqa: E501
    "Bob has 10 cards. John has 5 fewer stamps than Bob. Ann has twice as many cards as John. How many cards does Ann have?",  # noqa: E501
    "Bob weighs 60 pounds. John weighs 5 kilograms more than twice as much as Bob. How much does John weigh?",  # noqa: E501
    "Bob has 10 cards. John has five more cards today than twice as many as Bob. How many cards does John have?",  # noqa: E501
    "Bob caught 5 fish while Ann caught twice as many as Bob's sister. How many fish did they catch together?",  # noqa: E501
    "Bob caught 5 fish. Ann caught twice as many fish as Ben's. How many fish did Ann catch?",
    "Bob weighs 25 pounds more than Sam. Ann weighs half as much as Bob. If Ann weighs 40 pounds, how much does Sam weigh, in ounces?",  # noqa: E501
    "Bob and Max went fishing. Ann caught 5 fish while Bob caught twice as many as Ann. How many fish did they catch together?",  # noqa: E501
    "Bob and Ann went fishing. Ann caught 5 fish while Bob caught twice as many as Ann. Bob and Ann went home. How many fish did they catch together?",  # noqa: E501
    "Bob and Ann went fishing with 3 friends. Ann caught 5 fish while Bob caught twice as many as Ann. How many fish did they catch together?",  # noqa: E501
    "Kim has 40 dollars. Lou has twice as many euros as Kim. How many euros does Lou have?",
    "Kim has 40 cents. Lou has twice as much money as Kim. How much money does Lou have?",
    "Levi collected 12 cans. Juwan collected half of what Levi bought. How many cans did they collect in all?",  # noqa: E501
    "Levi collected 12 cans. Juwan collected half of what Levi does. How many cans did they collect in all?",  # noqa: E501
    "Mia has half the number of hats Ava had. If Ava has 16 hats, how many hats do they have in total?",  # noqa: E501
    "Mia has half the number of caps Ava has. If Ava has 16 hats, how many hats do they have in total?",  # noqa: E501
    "Jake earns thrice what Jacob did. If Jacob earns $6, how much does Jake earn?",
    "Jake earns thrice what Jacob earns in a week. If Jacob earns $6, how much does Jake earn?",
    "Jake earns twice the speed Jacob has. If Jacob earns $6, how much does Jake earn?",
    "Santo earned half of what Sal will earn. If Sal earned $2000, how much money did Santo earn?",
    "Kris has 1/4 as many hats as Ava. If Ava has 10 hats, how many hats does Kris have?",
    "Kris has 1/4 more hats than Ava. If Ava has 12 hats, how many hats does Kris have?",
    "Kris has 4/2 as many hats as Ava. If Ava has 12 hats, how many hats does Kris have?",
    "Kris has 1/4 as many hats as Ava. If Ava has 12 cats, how many hats does Kris have?",
    "Elon has 10 more cars than Sam who had half the number of cars as Ava. Ava has 6 cars. How many cars does Elon have?",  # noqa: E501
    "Elon has 10 more cars than Sam who has half the number of cars as Ava. Ava has 6 cars. How many cars does Max have?",  # noqa: E501
    "Sean has 4 euros more than half as much money as Ava. If Ava has $40, how much money does Sean have?",  # noqa: E501
    "Sean has 4 dollars more than half as many cards as Ava. If Ava has 40 cards, how many cards does Sean have?",  # noqa: E501
    "Santo spent half of what Sal earned. If Sal earned $2000, how much money did Santo spend?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_the_further_wordings_close_right(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", REFUSED)
def test_their_wrong_neighbours_are_refused(text: str) -> None:
    refused(text)
