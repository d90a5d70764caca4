"""Ages told as a multiple of another's (:mod:`practiceloop.arith.age_multiples`).

Authored texts only (general English, never a corpus sentence): "twice | thrice | half | N
times as old as", "twice | double | half (of) <P>'s age", "the age of", a multiple told now
or at a shifted time (both ages at that time, or the other's "now" when the text says so),
and the wrong neighbours it refuses: "twice older", "times younger", "twice as young", a
multiple of another time not said, another person, a modal, a negation, a tense that is not
the time's, a distractor, a fraction or a non-whole age, a person a multiple of himself, and
multiples of each other with no age told.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.age_sides import told_clause
from practiceloop.loop.evaluate import Category

from ._helpers import verdict_of

READ = [
    ("Ben is twice as old as Ann. Ann is 7 years old. How old is Ben?", 14),
    ("Ben is twice as old as Ann. Ann is 7 years old. How old will Ben be in 4 years?", 18),
    ("Mia is half as old as her father, who is 40. How old is Mia?", 20),
    ("Tom's age is three times Sam's age. If Sam is 5 years old, how old will Tom be after 10 years?", 25),  # noqa: E501
    ("Ann is 3 times as old as Bo. Bo is 4 years old. How old is Ann?", 12),
    ("Ann is half Bo's age. Bo is 12 years old. How old is Ann?", 6),
    ("Ann is half of Bo's age. Bo is 12 years old. How old is Ann?", 6),
    ("Ann is twice the age of Bo. Bo is 12 years old. How old is Ann?", 24),
    ("Ann is triple Bo's age. Bo is 12. How old is Ann?", 36),
    ("Ann's age is double Bo's age. Bo is 12. How old is Ann?", 24),
    ("Ann is twice as old as Bo. Ann is 12 years old. How old is Bo?", 6),
    ("Ben is twice as old as Ann. Ann is 5 years old. How much older is Ben than Ann?", 5),
    ("Ben is twice as old as his sister, who is 5. How old is Ben?", 10),
    ("Ben is twice as old as Ann. Ann is 3 times as old as Cal. Cal is 4 years old. How old is Ben?", 24),  # noqa: E501
    ("Mandy is 3 years old. Her brother is 4 times as old as she is. How old is her brother?", 12),
    ("Ned is 10 years old. His mother is thrice as old as him. How old is his mother?", 30),
    ("Ned is 4 years younger than Ida. Ida is twice as old as Pia. If Pia is 12, how old is Ned?", 20),  # noqa: E501
    ("Sam and Dee have a combined age of 27. Sam is half of Dee's age. How old is Dee?", 18),
    # a multiple told at a shifted time: both ages at that time
    ("In 3 years, Ben will be twice as old as Ann. Ann is 10 years old. How old is Ben now?", 23),
    ("In 5 years, Kit will be 4 times as old as Lou. If Lou is currently 5 years old, how old is Kit?", 35),  # noqa: E501
    ("In 5 years, Ben will be 3 times as old as Ann. If Ben is 22 years old today, how old is Ann today?", 4),  # noqa: E501
    ("After 4 years, Kit will be 3 times as old as Lou. If Lou is now 4 years old, how old is Kit now?", 20),  # noqa: E501
    ("Four years from now, Kit will be 3 times as old as Lou. If Lou is now 4 years old, how old is Kit now?", 20),  # noqa: E501
    ("Four years ago, Kit was 3 times as old as Lou. If Lou is now 10 years old, how old is Kit now?", 22),  # noqa: E501
    ("Last year, Kit was 3 times as old as Lou. If Lou is now 4 years old, how old is Kit now?", 10),  # noqa: E501
    ("Next year, Kit will be 3 times as old as Lou. If Lou is now 5 years old, how old will Kit be next year?", 18),  # noqa: E501
    ("Two years ago, Ben was twice as old as Ann. If Ann will be 15 in 5 years, how old is Ben now?", 18),  # noqa: E501
    ("In 4 years, Ben will be twice Ann's age then. Ann is 5 years old. How old is Ben now?", 14),
    # the other's age taken now, when the text says so
    ("In 7 years, Ben will be 3 times as old as Ann is now. If Ann is currently 8 years old, how old is Ben now?", 17),  # noqa: E501
    ("In 5 years, Kit will be 4 times as old as Lou today. If Lou is currently 5 years old, how old is Kit now?", 15),  # noqa: E501
    ("In 5 years, Kit will be 4 times Lou's age now. If Lou is currently 5 years old, how old is Kit now?", 15),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Ben is twice older than Ann. Ann is 7 years old. How old is Ben?",
    "Ben is 3 times older than Ann. Ann is 7 years old. How old is Ben?",
    "Ben is 3 times younger than Ann. Ann is 12 years old. How old is Ben?",
    "Ben is twice as young as Ann. Ann is 12 years old. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 7 years old. How old is Ann?",
    "Ben is twice as old as Ann. Cal is 7 years old. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 7 years old. How old is Cal?",
    "Ben is twice as old as he was. Ann is 7 years old. How old is Ben?",
    "Ben is twice as old as Ann was 3 years ago. Ann is 7 years old. How old is Ben?",
    "Ben will be twice as old as Ann. Ann is 7 years old. How old is Ben?",
    "Ben was twice as old as Ann. Ann is 7 years old. How old is Ben?",
    "Ben would be twice as old as Ann. Ann is 7 years old. How old is Ben?",
    "Ben is not twice as old as Ann. Ann is 7 years old. How old is Ben?",
    "Ben may be twice as old as Ann. Ann is 5 years old. How old is Ben?",
    "Ben is half as old as Ann. Ann is 7 years old. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 7 years old and has 3 cats. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 7 years old. Ben has 3 dogs. How old is Ben?",
    "Ben is twice as tall as Ann. Ann is 7 feet tall. How tall is Ben?",
    "Ben is twice as old as Ann. Ann is 7 years old. How old was Ben 20 years ago?",
    "In 3 years, Ben is twice as old as Ann. Ann is 10 years old. How old is Ben now?",
    "In 4 years, Ben will be twice Ann's age. Ann is 5 years old. How old is Ben now?",
    "Ben is twice Ann's age then. Ann is 5 years old. How old is Ben?",
    "Ben is twice as old as Ann and Cal. Ann is 5 years old. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 5 months old. How old is Ben?",
    "Ben is twice as old as Ann's dog. Ann is 5 years old. How old is Ben?",
    "Ben is 2.5 times as old as Ann. Ann is 5 years old. How old is Ben?",
    "Ben is twice as old as Ann. Ann is twice as old as Ben. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 3 times as old as Cal. How old is Ben?",
    "Ben is twice as old as Ann. Ann is 5 years old. How much older is Ann than Ben?",
    "Ben is about twice as old as Ann. Ann is 5 years old. How old is Ben?",
    "Ben is more than twice as old as Ann. Ann is 5 years old. How old is Ben?",
    "Ben is 4 years older than twice Ann's age. Ann is 5 years old. How old is Ben?",
    "Ben is twice as old as Ann will be in 3 years. Ann is 5 years old. How old is Ben?",
    "In 3 years, Ben will be twice as old as Ann. Ann is 5 years old. How old will Ben be?",
    "3 years ago, Ben will be twice as old as Ann. Ann is 5 years old. How old is Ben?",
    "In 3 years, Ben was twice as old as Ann. Ann is 5 years old. How old is Ben?",
    "Ben is twice as old as his sister, who is 5. How old is his brother?",
    "Mandy is 3 years old. Her brother is 4 times as old as he is. How old is her brother?",
    "Ned is 10 years old. His mother is thrice as old as her. How old is his mother?",
    "Ned's age is twice Ida's height. Ida is now 8 years old. How old is Ned?",
    "Sam and Dee have a combined age of 28. Sam is half of Dee's age. How old is Sam?",
    "In 5 years, Kit will be 4 times as old as Lou. If Lou was 5 years old, how old is Kit?",
    "In five years, Kit will be 4 times as old as Kit. If Lou is currently 5 years old, how old is Kit now?",  # noqa: E501
    "In five years, he will be 4 times as old as Lou. If Lou is currently 5 years old, how old is Kit now?",  # noqa: E501
    "In 1990, Kit was 3 times as old as Lou. If Lou is now 5 years old, how old is Kit now?",
    "In 4 months, Kit will be 3 times as old as Lou. If Lou is now 5 years old, how old is Kit now?",  # noqa: E501
    "In a few years, Kit will be 3 times as old as Lou. If Lou is now 5 years old, how old is Kit now?",  # noqa: E501
    "When Lou is 10, Kit will be 3 times as old as Lou. If Lou is now 5 years old, how old is Kit now?",  # noqa: E501
    "In 4 years, Kit will be 3 times as old as Lou. Lou has 5 books. How old is Kit now?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_a_multiple_of_an_age_closes_as_read(text: str, value: int) -> None:
    category, closed = verdict_of(text)
    assert category in (Category.CLOSED_UNIQUE, Category.DIRECT) and closed is not None
    assert float(closed) == value


@pytest.mark.parametrize("text", REFUSED)
def test_a_multiple_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_scale_clauses() -> None:
    """What the multiple patterns read, and what they leave unread."""
    assert told_clause("Ben is twice as old as Ann")[0] == "scale"  # type: ignore[index]
    assert told_clause("Ben is 3 times as old as Ann, who is 4")[0] == "scale"  # type: ignore[index]
    assert told_clause("Ben's age is half Ann's age")[0] == "scale"  # type: ignore[index]
    assert told_clause("In 3 years, Ben will be twice as old as Ann")[0] == "scale"  # type: ignore[index]
    assert told_clause("Ben is twice older than Ann") is None
    assert told_clause("Ben is twice as old as Ann was") is None
    assert told_clause("Ben is a third as old as Ann") is None
