"""The pair reading told backwards (arith/pair_backwards.py): authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.loop.evaluate import Category
from tests.arith._helpers import refused, verdict_of

CLOSED = [
    # the multiple's kind told: the base kind, the sum or the difference asked
    ("Maria picked twice as many apples as pears. She picked 30 apples. How many pears did she pick?", 15),  # noqa: E501
    ("Maria picked twice as many apples as pears. If she picked 30 apples, how many pears did she pick?", 15),  # noqa: E501
    ("Maria picked 30 apples. She picked twice as many apples as pears. How many pears did she pick?", 15),  # noqa: E501
    ("Maria picked twice as many apples as pears. She picked 30 apples. How many pieces of fruit did she pick?", 45),  # noqa: E501
    ("Maria picked a third as many apples as pears. She picked 30 apples. How many fruit did she pick?", 120),  # noqa: E501
    ("Maria picked twice as many apples as pears. She picked 30 apples. How many more apples than pears did she pick?", 15),  # noqa: E501
    ("Kim baked five times as many muffins as cakes. She baked 25 muffins. How many cakes did she bake?", 5),  # noqa: E501
    ("The shop sells twice as many pens as pencils. The shop sells 40 pens. How many pencils does the shop sell?", 20),  # noqa: E501
    ("Ada has 3 fewer than twice as many pens as pencils. She has 33 pens. How many pencils does she have?", 18),  # noqa: E501
    # the sum of both kinds told: either kind or the difference asked
    ("Jeff has three times as many cars as trucks. He has 48 cars and trucks in total. How many trucks does he have?", 12),  # noqa: E501
    ("Jeff has three times as many cars as trucks. He has 48 trucks and cars. How many cars does he have?", 36),  # noqa: E501
    ("Jeff has three times as many cars as trucks. If he has 48 cars and trucks combined, how many trucks does he have?", 12),  # noqa: E501
    ("Jeff has three times as many cars as trucks. He has 48 cars and trucks in total. How many more cars than trucks does he have?", 24),  # noqa: E501
    ("A farm has twice as many cows as pigs. The farm has a total of 45 animals. How many cows does the farm have?", 30),  # noqa: E501
    ("Tom has twice as many dogs as cats. He has 30 pets. How many cats does he have?", 10),
    ("Tom has twice as many red marbles as blue marbles. He has 60 marbles. How many blue marbles does he have?", 20),  # noqa: E501
    ("Ada has 3 more than twice as many pens as pencils. If she has 33 pens and pencils combined, how many pens does she have?", 23),  # noqa: E501
    ("Kim has twice as many pens as pencils. She has a total of 30 pens and pencils. How many pencils does she have?", 10),  # noqa: E501
    ("Tom had twice as many dogs as cats. Tom had 30 pets. How many cats did Tom have?", 10),
]  # fmt: skip

REFUSED = [
    "Maria picked twice as many apples as pears. She picked 30 apples. How many apples did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. He picked 30 apples. How many pears did he pick?",
    "Maria picked twice as many apples as pears. Tom picked 30 apples. How many pears did Maria pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She picked 30 apples. How many pears did Tom pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She bought 30 apples. How many pears did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She picked 30 apples. How many pears did she buy?",
    "Maria picked twice as many apples as pears. She picked 30 plums. How many pears did she pick?",
    "Maria picked twice as many apples as pears. She picked 31 apples. How many pears did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She picked 30 apples on Monday. How many pears did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She will pick 30 apples. How many pears will she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She did not pick 30 apples. How many pears did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She picked 30 apples and 4 plums. How many pears did she pick?",  # noqa: E501
    "Maria picked twice as many red apples as apples. She picked 30 red apples. How many apples did she pick?",  # noqa: E501
    "Maria picked twice as many apples as pears. She picked 30 apples. She ate 5 pears. How many pears did she pick?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He has 48 cars and vans in total. How many trucks does he have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He had 48 cars and trucks in total. How many trucks does he have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He has 50 cars and trucks in total. How many trucks does he have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He has a total of 48 cars. How many trucks does he have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He has 48 cars in total. How many trucks does he have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. She has 48 cars and trucks in total. How many trucks does she have?",  # noqa: E501
    "Jeff has three times as many cars as trucks. He has 48 cars and trucks in total. How many cars and trucks does he have?",  # noqa: E501
    "Tom has twice as many dogs as cows. He has 30 pets. How many cows does he have?",
    "Tom has twice as many dogs as cats. They have 30 pets. How many cats does Tom have?",
    "Tom has twice as many dogs as cats. Tom has 30 pets. How many cats did Tom have?",
    "Tom has twice as many dogs as cats. Tom has 30 pets. How many cats will Tom have?",
    "Tom has twice as many dogs as cats. Tom has 30 dogs and 5 cats. How many cats does Tom have?",
    "Tom has twice as many dogs as cats. Tom has 30 dogs. How many more cats than dogs does Tom have?",  # noqa: E501
    "Tom has twice as many red marbles as blue marbles in his bag. He has 60 marbles. How many blue marbles does he have?",  # noqa: E501
    "Tom has twice as many red marbles as blue marbles. He has 60 marbles in his bag. How many blue marbles does he have?",  # noqa: E501
    "Kim might bake 5 times as many muffins as cakes. If she baked 60 muffins and cakes in all, how many muffins did she bake?",  # noqa: E501
    "Kim has twice as many pens as pencils. She has 30 pens and pencils, and 4 erasers. How many pencils does she have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_pair_told_backwards_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_what_the_backwards_pair_reading_does_not_read_is_refused(text: str) -> None:
    refused(text)


def test_vehicles_name_cars_and_trucks() -> None:
    text = "Jeff has 20 trucks and twice as many cars. How many vehicles does he have?"
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 60)
    refused("Jeff has twice as many cars as planes. He has 60 vehicles. How many planes does he have?")  # noqa: E501
    text = "Jeff has twice as many cars as trucks. He has 60 vehicles. How many trucks does he have?"  # noqa: E501
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 20)
