"""Stage 7a: the state a question asks (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.states import left_after_have, left_for_a_purpose, started_with
from practiceloop.loop.evaluate import Category

from ._stages import answer, at, closes_to, reading, target


@pytest.mark.parametrize(
    ("question", "state"),
    [
        ("How many figs are left?", "left"),
        ("How many figs remained?", "left"),
        ("How many figs remains?", "left"),
        ("How many figs does she have now?", "now"),
        ("How many figs does she have altogether?", "in_all"),
        ("How many figs did she have in all?", "in_all"),
        ("How many figs did she have at first?", "start"),
        ("How many figs are in each box?", "each"),
    ],
)
def test_asked_state(question: str, state: str) -> None:
    assert target(f"Ann had 9 figs. She ate 2. {question}").state == state


def test_ended_up() -> None:
    for question in (
        "How many marbles did he end up with?",
        "How many marbles did Sam have at the end?",
        "At the end, how many marbles did Sam have?",
        "In the end how many marbles did Sam have?",
    ):
        text = f"Sam had 9 marbles. He lost 3. {question}"
        assert target(text).state == "now", question
        closes_to(text, 6)
    assert target("Sam had 9 marbles. How many marbles are at the end of the row?").state is None
    # "at the end of the day / of the match": a period or a played event ends, a time
    for question in (
        "How many marbles did Sam have at the end of the day?",
        "How many marbles did Sam have at the end of the match?",
    ):
        text = f"Sam had 9 marbles. He lost 3. {question}"
        assert target(text).state == "now", question
        closes_to(text, 6)
    for question in (
        "How many marbles did Sam have at the end of the street?",
        "How many marbles did Sam have at the end of a game?",
    ):
        assert target(f"Sam had 9 marbles. He lost 3. {question}").state is None, question


def test_left_after_have() -> None:
    question = "How many more cakes than pies does she have left?"
    r = reading(question)
    assert left_after_have(r, at(r, "left"))
    assert target("Kim had 5 pies. " + question).than_verb is None
    r = reading("How many more customers left than those that left?")
    assert not left_after_have(r, at(r, "left", 1))  # "those that left": a verb
    assert target("Ann had 9 guests. How many more came than left?").than_verb == "left"
    closes_to("Kim baked 14 pies and 20 cakes. She sold 2 cakes. " + question, 4)


def test_left_of_a_noun() -> None:
    """ "with his left hand": "left" before a noun, after a determiner, is no state."""
    hand = "Jack scored 12 points. How many points did he score with his left hand?"
    assert target(hand).state != "left"
    assert target("Jack had 12 points. How many points are left in the box?").state == "left"
    assert target("Jack had 12 points. How many points does he have left?").state == "left"


def test_started_with() -> None:
    """ "How many apples did she start with?": the start, asked in the past."""
    story = "Ann ate 3 apples. Now she has 5 apples. "
    for question in (
        "How many apples did she start with?",
        "How many apples did she begin with?",
        "How many apples did she have to start with?",
        "How many apples did she start out with?",
    ):
        assert target(story + question).state == "start", question
        closes_to(story + question, 8)
    for question, word in (
        ("How many apples will she start with tomorrow?", "start"),  # another start
        ("How many apples did she start eating?", "start"),  # no "with"
        ("How many apples does she have at the start of the day?", "start"),
    ):
        r = reading(story + question)
        assert not started_with(r, at(r, word)), question
    closes_to(
        "Noemi lost $400 at the casino and $500 at the races. How much money did Noemi begin "
        "with if she still had $800 in her purse?",
        1700,
    )


def test_left_for_a_purpose() -> None:
    """ "How much does she have left to spend on a seat?": what the rest is for."""
    story = "Ann had $20. She spent $5 on a pen. "
    for question in (
        "How much does she have left to spend on books?",
        "What does she have left, in dollars, to spend on books?",
        "How much money is left to spend on books?",
    ):
        asked = target(story + question)
        assert asked.state == "left" and asked.objects is None, question
        closes_to(story + question, 15)
    r = reading(story + "How much does she have left to spend on books?")
    assert left_for_a_purpose(r, at(r, "to"), {"state": "left"})
    assert not left_for_a_purpose(r, at(r, "to"), {})  # no state read before it
    # a use the story tells already, or a move still to make, is not what is left
    for text in (
        story + "She spent $3 on books. How much did she have left to spend on books?",
        "Ann had $20. She needs to spend $5 on a pen. How much does she have left to spend?",
    ):
        assert answer(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE), text


def test_group_of_a_thing() -> None:
    """ "How big is each group of oranges?": per the group, of the oranges; a question that
    names its own thing keeps it ("How many apples are in each box of fruit?")."""
    found = target("There are 40 oranges. How big is each group of oranges?")
    assert (found.per, found.entity, found.state) == ("group", "orange", "each")
    found = target("How many are in each box of pens?")
    assert (found.per, found.entity) == ("box", "pen")
    found = target("How many apples are in each box of fruit?")
    assert found.entity == "apple"


def test_group_holds_told() -> None:
    """ "If the erasers are organized into 495 groups How big is each group?": each group
    holds erasers; a subject of two joined nouns, or two clauses of groups, leave it unread."""
    found = target("Ann has 990 erasers. If the erasers are organized into 99 groups How big is each group?")  # noqa: E501
    assert (found.per, found.entity) == ("group", "eraser")
    joined = target("Ann has 40 pens and 60 erasers. If the pens and erasers are organized into 10 groups How big is each group?")  # noqa: E501
    assert joined.entity is None
    two = target("If the pens are organized into 4 groups and the erasers are organized into 6 groups How big is each group?")  # noqa: E501
    assert two.entity is None
    clauses = target("There are 40 pens and 60 erasers. If the pens are organized into 4 groups and erasers are organized into 6 groups How big is each group of erasers?")  # noqa: E501
    assert clauses.entity == "eraser"
def test_each_subject() -> None:
    """ "did each necklace need" asks per necklace; "can each seat hold" per seat."""
    assert target("Emily had 18 beads and made 6 necklaces. How many beads did each necklace "
                  "need?").per == "necklace"  # fmt: skip
    assert target("The wheel has 4 seats. How many people can each seat hold?").per == "seat"
    # no auxiliary before "each": the phrase is read as before
    assert target("How many beads are in each necklace box?").per == "box"
    closes_to("Emily had 18 beads and made 6 necklaces. How many beads did each necklace "
              "need?", 3)  # fmt: skip
