"""The slots shape of the portion reading: one holder's amount and a multiple of it told at
another time or of another kind (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_slots import read_slots
from tests.arith._helpers import frame_of


def _asked(text: str) -> str | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_slots(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else read.asked_role


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Ivo sold 12 pies on Monday. He sold three times as many pies on Tuesday. How many pies did Ivo sell on Tuesday?", "part"),  # noqa: E501
        ("Ivo sold 12 pies on Monday. He sold three times as many pies on Tuesday. How many pies did Ivo sell in all?", "sum"),  # noqa: E501
        ("Ivo has 10 red cups and half as many blue cups. How many cups does Ivo have in all?", "sum"),  # noqa: E501
        ("Ivo has 10 red cups and half as many blue cups. How many blue cups does Ivo have?", "part"),  # noqa: E501
        ("The dog digs 4 holes in the morning and twice that many in the evening. In total, how many holes did the dog dig?", "sum"),  # noqa: E501
        ("Ivo ate 3 plums for lunch and twice as many for dinner. How many plums did Ivo eat in total?", "sum"),  # noqa: E501
    ],
)
def test_read_slots(text: str, role: str) -> None:
    assert _asked(text) == role


@pytest.mark.parametrize(
    "text",
    [
        # nothing tells the two amounts apart, or the same time twice
        "Ivo ate 3 plums and twice as many. How many plums did Ivo eat in total?",
        "Ivo sold 12 pies on Monday. He sold twice as many pies on Monday. How many pies did Ivo sell in all?",  # noqa: E501
        # another thing, another holder, another verb, a move to be done
        "Ivo sold 12 pies on Monday. He sold twice as many cakes on Tuesday. How many pies did Ivo sell in all?",  # noqa: E501
        "Ivo sold 12 pies on Monday. Ada sold twice as many pies on Tuesday. How many pies did Ivo sell in all?",  # noqa: E501
        "Ivo sold 12 pies on Monday. He baked twice as many pies on Tuesday. How many pies did Ivo sell in all?",  # noqa: E501
        "Ivo sold 12 pies on Monday. He will sell twice as many pies on Tuesday. How many pies will Ivo sell in all?",  # noqa: E501
        # "N times more" is ambiguous; a holding asked in another tense; the told amount asked
        "Ivo ate 3 plums for lunch and 2 times more for dinner. How many plums did Ivo eat in total?",  # noqa: E501
        "Ivo has 10 red cups and half as many blue cups. How many cups did Ivo have in all?",
        "Ivo sold 12 pies on Monday. He sold twice as many pies on Tuesday. How many pies did Ivo sell on Monday?",  # noqa: E501
        # no total asked: "How many plums did Ivo eat?" may ask either amount
        "Ivo ate 3 plums for lunch and twice as many for dinner. How many plums did Ivo eat?",
    ],
)
def test_read_slots_refuses(text: str) -> None:
    assert _asked(text) is None


@pytest.mark.parametrize(
    ("text", "role", "factor"),
    [
        ("Ivo sold 40 pies on Monday. He sold 25% more pies on Tuesday. How many pies did Ivo sell in all?", "sum", "5/4"),  # noqa: E501
        ("Ivo sold 40 pies on Monday. He sold 25% more pies on Tuesday. How many pies did Ivo sell on Tuesday?", "part", "5/4"),  # noqa: E501
        ("Ivo picked 50 figs on Monday and 20% fewer on Tuesday. How many figs did Ivo pick in total?", "sum", "4/5"),  # noqa: E501
        ("Ivo read 30 pages yesterday and ten percent less today. How many pages did Ivo read altogether?", "sum", "9/10"),  # noqa: E501
        ("On Monday, Ivo baked 40 buns. On Tuesday, he baked 50% more than on Monday. How many buns did he bake in all?", "sum", "3/2"),  # noqa: E501
        ("On Monday, Ivo baked 40 buns. On Tuesday, he baked 50% more buns. How many buns did he bake over both days?", "sum", "3/2"),  # noqa: E501
    ],
)
def test_read_slots_a_percent_more_or_less(text: str, role: str, factor: str) -> None:
    """ "P% more | less | fewer" at another time: the factor 1 + P/100 or 1 - P/100."""
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_slots(frame.sentences, frame.mentions, frame.observations, names)
    assert read is not None and read.asked_role == role
    assert str(read.factors[0][1]) == factor and read.offsets in ((1,), (-1,))


@pytest.mark.parametrize(
    "text",
    [
        # "than" another time or another holder; a percent of them, no change
        "On Monday, Ivo baked 40 buns. On Tuesday, he baked 50% more than on Friday. How many buns did he bake in all?",  # noqa: E501
        "Ivo baked 40 buns on Monday. He baked 50% more buns on Tuesday than Ada. How many buns did he bake in all?",  # noqa: E501
        "Ivo baked 40 buns on Monday. He baked 50% of the buns on Tuesday. How many buns did he bake in all?",  # noqa: E501
        # "less" of all or more; both days of two weeks; days asked of weeks
        "Ivo picked 50 figs on Monday and 100% fewer on Tuesday. How many figs did Ivo pick in total?",  # noqa: E501
        "Ivo baked 40 buns on Monday. He baked 50% more buns on Tuesday. How many buns did he bake over both weeks?",  # noqa: E501
        # a time to come; a pronoun of the other gender than the one name
        "Ivo sold 40 pies today. He sold 25% more pies tomorrow. How many pies did Ivo sell in all?",  # noqa: E501
        "Ivo sold 40 pies today. He sold twice as many pies next week. How many pies did Ivo sell in all?",  # noqa: E501
        "Ann sold 40 pies on Monday. He sold 25% more pies on Tuesday. How many pies did Ann sell in all?",  # noqa: E501
    ],
)
def test_read_slots_refuses_a_percent_neighbour(text: str) -> None:
    assert _asked(text) is None
