"""The portion reading over the whole text, and its algebra (authored texts)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from practiceloop.arith.portions import Portion, portion_value, read_portion
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of
from tests.arith.reader._stages import answer


def _read(text: str) -> Portion | None:
    frame = frame_of(text)
    return read_portion(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )


def test_read_portion_binds_every_number() -> None:
    read = _read("Ivy had 12 pens. She lost a third of them. How many pens does Ivy have left?")
    assert read is not None and [n for n, _ in read.roles] == ["factor", "whole", "rest"]
    assert read.counts and not read.percents
    # another number, a negation, another multiplier anywhere: no reading
    assert _read("Ivy had 12 pens. She lost a third of them. Noa has 4 pens. How many pens does Ivy have left?") is None  # noqa: E501
    assert _read("Ivy had 12 pens. She lost a third of them. She did not cry. How many pens does Ivy have left?") is None  # noqa: E501
    assert _read("Ivy had 12 pens. She lost a third of them twice. How many pens does Ivy have left?") is None  # noqa: E501


def test_portion_value() -> None:
    one = Portion(roles=(("factor", "q1"), ("whole", "q0"), ("rest", "u0")), consumed=(),
                  percents=frozenset(), counts=True)  # fmt: skip
    assert portion_value(one, {"factor": Fraction(1, 4), "whole": Fraction(20)}) == 15
    assert portion_value(one, {"factor": Fraction(1, 3), "whole": Fraction(20)}) is None  # 20/3
    assert portion_value(one, {"factor": Fraction(3, 2), "whole": Fraction(20)}) is None  # > all
    summed = Portion(roles=(("factor", "q1"), ("part", "q0"), ("sum", "u0")), consumed=(),
                     percents=frozenset({"factor"}), counts=False)  # fmt: skip
    assert portion_value(summed, {"factor": Fraction(25), "part": Fraction(10)}) == 50
    story = Portion(
        roles=(("factor_1", "q1"), ("factor_2", "q2"), ("change", "q3"), ("rest", "q0"), ("whole", "u0")),  # noqa: E501
        consumed=(), percents=frozenset(), counts=False,
        steps=(("take", "factor_1"), ("loss", "change"), ("take", "factor_2")),
    )  # fmt: skip
    # whole W: W/2 - 10, then a third of it gone: (W/2 - 10) * 2/3 = 20 -> W = 80
    known = {"factor_1": Fraction(1, 2), "factor_2": Fraction(1, 3), "change": Fraction(10), "rest": Fraction(20)}  # noqa: E501
    assert portion_value(story, known) == 80


def test_portion_value_of_a_percent_more_or_less() -> None:
    """ "25% more": the factor 1 + 25/100; "20% less": 1 - 20/100 (the offsets)."""
    more = Portion(roles=(("factor", "q1"), ("whole", "q0"), ("sum", "u0")), consumed=(),
                   percents=frozenset({"factor"}), counts=True,
                   offsets=frozenset({("factor", 1)}))  # fmt: skip
    assert portion_value(more, {"factor": Fraction(25), "whole": Fraction(40)}) == 90
    assert portion_value(more, {"factor": Fraction(25), "whole": Fraction(10)}) is None  # 12.5
    less = dataclasses.replace(more, offsets=frozenset({("factor", -1)}))
    assert portion_value(less, {"factor": Fraction(20), "whole": Fraction(50)}) == 90
    part = dataclasses.replace(less, roles=(("factor", "q1"), ("whole", "q0"), ("part", "u0")))
    assert portion_value(part, {"factor": Fraction(20), "whole": Fraction(50)}) == 40


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ivy had 12 pens. She lost a third of them. How many pens does Ivy have left?", 8),
        ("Ivy has $80. She spent half of it on food, and then she spent a fourth of what was left on books. How much money does she have left?", 30),  # noqa: E501
        ("Ivy has some money. She spent half of it on food, and then she spent $5 on a pen. If she has $15 left, how much money did she have at first?", 40),  # noqa: E501
        ("Ivo has 10 red cups and half as many blue cups. How many cups does Ivo have in all?", 15),
        ("Ivo has 40 fish. 25% of them are red, 50% are blue, and the rest are gold. How many gold fish does Ivo have?", 10),  # noqa: E501
        ("Ada bought a lamp at a 20% discount. If she paid $40, how much was the original price of the lamp?", 50),  # noqa: E501
    ],
)
def test_the_loop_closes_a_portion(text: str, value: int) -> None:
    category, found = answer(text)
    assert category is Category.CLOSED_UNIQUE and found == value
