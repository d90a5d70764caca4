"""A told whole, one part, the other part asked (:mod:`practiceloop.arith.other_part`).

Authored texts only (general English, never a corpus sentence): each rule closes its own
sentences right, and refuses its wrong neighbours (another thing, holder, place, predicate,
verb or time, a negated part, a modal, a third kind, a second whole, a stranger).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.other_part import (
    _Story,
    complement_asked,
    kinds_listed,
    may_read,
    read_other_part,
)
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def other_part(text: str) -> bool:
    frame = frame_of(text)
    return read_other_part(frame.source_text, frame.sentences) is not None


READ = [
    # the told part's predicate negated in the question (be, or a verb "of them")
    ("In a box of 30 pencils, 18 are sharp. How many pencils are not sharp?", 12),
    ("Of the 30 pencils in a box, 18 are sharp. How many of the pencils are not sharp?", 12),
    ("Mia has 20 hats. 6 of them are red. How many hats are not red?", 14),
    ("Mia bought 20 hats. 6 of them are red. How many hats are not red?", 14),
    ("Sam invited 20 kids to his party. 12 of them came. How many of the kids he invited did not come?", 8),  # noqa: E501
    ("The team played 20 games and won 13 of them. How many games did they not win?", 7),
    ("Sam baked 20 cookies and sold 12 of them. How many cookies did he not sell?", 8),
    # a pair of the closed table, or a word and its "un-" form, told and asked with "be"
    ("A van has 15 seats. 6 seats are taken. How many seats are free?", 9),
    ("A van has 15 seats. 6 are occupied. How many are empty?", 9),
    ("A rack has 12 cups. 7 are unwashed. How many are washed?", 5),
    # the whole told as two kinds, one kind told, the other asked
    ("A pond has 30 frogs and toads. If 19 are frogs, how many are toads?", 11),
    ("A pond has 30 frogs and toads. There are 19 frogs in the pond. How many toads are in it?", 11),  # noqa: E501
    ("A pond has 30 frogs and toads altogether. Of these, 19 are frogs. How many toads are there?", 11),  # noqa: E501
    ("A pond has 30 animals, all frogs or toads. If 19 are frogs, how many are toads?", 11),
    # another thing told apart
    ("Of the 40 dogs at a park, 16 are brown. There are also 9 cats at the park. How many dogs are not brown?", 24),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # another predicate, thing, place, the told side asked; a part too big
    "In a box of 30 pencils, 18 are sharp. How many pencils are not blue?",
    "In a box of 30 pencils, 18 are sharp. How many pens are not sharp?",
    "In a box of 30 pencils, 18 are sharp. How many pencils are sharp?",
    "In a box of 30 pencils, 18 are sharp. How many pencils in the drawer are not sharp?",
    "In a box of 30 pencils, 48 are sharp. How many pencils are not sharp?",
    # a second part, a negated part, a modal part, a second whole, a stranger's amount
    "In a box of 30 pencils, 18 are sharp and 5 are blue. How many pencils are not sharp?",
    "In a box of 30 pencils, 18 are not sharp. How many pencils are not sharp?",
    "In a box of 30 pencils, 18 can be sharp. How many pencils are not sharp?",
    "In a box of 30 pencils, 18 are sharp. In a box of 20 pens, 5 are sharp. How many pencils are not sharp?",  # noqa: E501
    "In a box of 30 pencils, 18 are sharp. Tom has 5 pencils. How many pencils are not sharp?",
    # another holder's part or question; a part not "of them" of a gathered whole
    "Mia has 20 hats. Lea has 6 red hats. How many hats are not red?",
    "Mia has 20 hats. 6 of them are red. How many of Lea's hats are not red?",
    "Sam invited 20 kids to his party. 12 kids came. How many kids did not come?",
    "Sam invited 20 kids to his party. 12 of them came. How many of the kids Tom invited did not come?",  # noqa: E501
    "Sam baked 20 cookies. Tom ate 12 of them. How many cookies did Sam not eat?",
    # another verb, another time, a modal question, a move not done
    "The team played 20 games and won 13 of them. How many games did they lose?",
    "The team played 20 games and lost 13 of them. How many games did they not win?",
    "Sam baked 20 cookies and sold 12 of them. How many cookies did he not sell yesterday?",
    "Sam baked 20 cookies and sold 12 of them. How many cookies will he not sell?",
    "Sam baked 20 cookies and wants to sell 12 of them. How many cookies did he not sell?",
    "Sam baked 20 cookies and sold 12 of them. He baked 5 more. How many cookies did he not sell?",
    # pairs: a property outside the table, another thing, a possibility
    "A van has 15 seats. 6 seats are red. How many seats are free?",
    "A van has 15 seats. 6 chairs are taken. How many seats are free?",
    "A bus has 48 seats. 29 seats might be taken. How many seats are free?",
    "A bus has 48 seats. 29 seats are taken. 12 people are standing. How many seats are free?",
    # kinds: a third kind, a kind told with its own number, another place, the told kind
    "A pond has 30 frogs and toads. If 19 are frogs and 4 are newts, how many are toads?",
    "A pond has 30 frogs and 5 toads. If 19 are frogs, how many are toads?",
    "A pond has 30 frogs and toads. There are 19 frogs in the lake. How many toads are in the pond?",  # noqa: E501
    "A pond has 30 frogs and toads. If 19 are frogs, how many are frogs?",
    "A pond has 30 frogs and toads. If 19 are green, how many are toads?",
    "A pond has 30 animals. If 19 are frogs, how many are toads?",
    # the thing told apart asked, or the whole's own thing told again
    "Of the 40 dogs at a park, 16 are brown. There are also 9 cats at the park. How many cats are not brown?",  # noqa: E501
    "Of the 40 dogs at a park, 16 are brown. There are also 9 dogs at the park. How many dogs are not brown?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_other_part(text: str, value: int) -> None:
    assert other_part(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_other_part_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_complement_asked() -> None:
    """The told predicate negated, word for word by lemma; or a pair told and asked with be."""
    story = _Story(pred=("come",), raw_pred=("came",))
    assert complement_asked(story, "come", negated=True)
    assert not complement_asked(story, "eat", negated=True)
    assert not complement_asked(story, "come", negated=False)
    story = _Story(pred=("taken",), raw_pred=("taken",))
    assert complement_asked(story, "free", negated=False)
    assert not complement_asked(story, "broken", negated=False)
    story = _Story(pred=("wash",), raw_pred=("unwashed",))
    assert complement_asked(story, "washed", negated=False)


def test_kinds_listed() -> None:
    """Two kinds listed, the part one of them: only the other kind is asked."""
    story = _Story(kinds=("frog", "toad"), pred=("frog",))
    assert kinds_listed(story, "toads")
    assert not kinds_listed(story, "frogs")
    assert not kinds_listed(story, "newts")
    assert not kinds_listed(_Story(pred=("frog",)), "toads")


def test_may_read() -> None:
    """A cheap first test: a "not", two kinds after a number, a property of the pair table."""
    assert may_read("In a box of 30 pencils, 18 are sharp. How many are not sharp?")
    assert may_read("A pond has 30 frogs and toads. If 19 are frogs, how many are toads?")
    assert may_read("A van has 15 seats. 6 seats are taken. How many are free?")
    assert not may_read("Ann had 5 pens. She bought 3 more. How many pens does she have?")
