"""Stage 7a: the state a question asks (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.states import left_after_have

from ._stages import at, closes_to, reading, target


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


def test_each_subject() -> None:
    """ "did each necklace need" asks per necklace; "can each seat hold" per seat."""
    assert target("Emily had 18 beads and made 6 necklaces. How many beads did each necklace "
                  "need?").per == "necklace"  # fmt: skip
    assert target("The wheel has 4 seats. How many people can each seat hold?").per == "seat"
    # no auxiliary before "each": the phrase is read as before
    assert target("How many beads are in each necklace box?").per == "box"
    closes_to("Emily had 18 beads and made 6 necklaces. How many beads did each necklace "
              "need?", 3)  # fmt: skip
