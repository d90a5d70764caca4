"""Kinds of one thing, one holder's, compared (:mod:`practiceloop.arith.side_kinds`).

Authored texts only (general English, never a corpus sentence): the reading closes its own
sentences right, and refuses its wrong neighbours (a kind no number tells, another holder,
thing, time, verb or place, what is told asked, a negation, a modal, a move, money).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.side_kinds import read_kinds
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def kinds(text: str) -> bool:
    frame = frame_of(text)
    return read_kinds(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    # one kind told, another compared to it; the whole or the compared kind asked
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does Nora have?", 22),  # noqa: E501
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. How many blue beads does Nora have?", 13),  # noqa: E501
    ("Nora has 9 red beads. She has 4 fewer blue beads than red beads. How many beads does Nora have in all?", 14),  # noqa: E501
    # "and" with the subject and verb unsaid; another verb throughout; number words
    ("Nora has 9 red beads and 4 more blue beads than red beads. How many beads does Nora have?", 22),  # noqa: E501
    ("Nora made 9 red beads. She made four more blue beads than red beads. How many beads did Nora make altogether?", 22),  # noqa: E501
    ("The chef just opened a diner. She washed 30 small plates and 6 more large plates than small plates. How many plates did she wash?", 66),  # noqa: E501
    # three kinds, a chain or a third told; "there are", a place opening or closing
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. She has 2 fewer green beads than blue beads. How many beads does Nora have?", 33),  # noqa: E501
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. She has 6 green beads. How many beads does Nora have?", 28),  # noqa: E501
    ("There are 9 red beads in the jar. There are 4 more blue beads than red beads. How many beads are in the jar?", 22),  # noqa: E501
    ("In the jar there are 9 red beads. There are also 4 more blue beads than red beads, and there are 3 more green beads than red beads. How many beads are there in all?", 34),  # noqa: E501
    ("There are 4 more blue beads than red beads in a jar. There are 9 red beads. How many beads are there in the jar?", 22),  # noqa: E501
    # the word of a sum after the place asked
    ("In Ada's drawer there are 7 yellow pens. There are 7 more pink pens than yellow pens. How many pens are in Ada's drawer in all?", 21),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # what is told asked; a kind never told; the difference told asked
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many red beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many green beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many more blue beads than red beads does Nora have?",  # noqa: E501
    # a side below nothing; a kind no number tells; a move after
    "Nora has 9 red beads. She has 12 fewer blue beads than red beads. How many beads does Nora have in all?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. She also has some green beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. She lost 2 red beads. How many beads does Nora have?",  # noqa: E501
    "There are 9 red beads in the jar. There are 4 more blue beads than red beads. Some beads are green. How many beads are in the jar?",  # noqa: E501
    # another holder, a stranger asked, a pronoun of another person asked
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does Ada have?",
    "Nora has 9 red beads. Ada has 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. Her sister has 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does he have?",
    # another thing, time, verb; a negation, a modal
    "Nora has 9 red beads. She has 4 more blue buttons than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many buttons does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She had 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads will Nora have?",  # noqa: E501
    "Nora has 9 red beads. She bought 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora made 9 red beads. She sold 4 more blue beads than red beads. How many beads did Nora make?",  # noqa: E501
    "Nora has 9 red beads. She does not have 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 9 red beads. She could have 4 more blue beads than red beads. How many beads does Nora have?",  # noqa: E501
    # another place, a place the story never says
    "Nora has 9 red beads in her box. She has 4 more blue beads than red beads in her bag. How many beads does Nora have?",  # noqa: E501
    "There are 9 red beads in the jar. There are 4 more blue beads than red beads. How many beads are in the box?",  # noqa: E501
    "In Ada's drawer there are 7 yellow pens. There are 7 more pink pens than yellow pens. How many pens are in Ada's bag in all?",  # noqa: E501
    "There are 9 red beads in the jar. There were 4 more blue beads than red beads. How many beads are in the jar?",  # noqa: E501
    # "new" / "other" are no kinds; money; the side a kind is compared to never told
    "There are 9 red beads in the jar. There are 4 more new beads than red beads. How many beads are in the jar?",  # noqa: E501
    "Nora has 9 red beads. She has 4 more blue beads than green beads. How many beads does Nora have?",  # noqa: E501
    "Nora has 4 more blue beads than red beads. How many beads does Nora have?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_kinds(text: str, value: int) -> None:
    assert kinds(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_kinds_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_read_kinds_needs_a_comparison_and_one_noun() -> None:
    """Kinds only told are the combine organ's, not this reading's; two nouns are no kinds of
    one thing."""
    assert not kinds("Nora has 9 red beads and 4 blue beads. How many beads does Nora have?")
    assert not kinds(
        "Nora has 9 red beads. She has 4 more blue pins than red pins. How many beads has she?"
    )
