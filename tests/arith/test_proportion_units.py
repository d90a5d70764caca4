"""A proportion's counts in two units of the clock and a titled subject
(:mod:`practiceloop.arith.proportion_units`), read by :mod:`practiceloop.arith.proportions`.
Authored sentences only."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.proportion_units import asked_as_moving, count_scale, title_agrees
from practiceloop.loop.evaluate import Category

from ._helpers import refused, verdict_of


def test_count_scale_reads_only_the_clock_pairs_of_the_table() -> None:
    assert count_scale("minutes", "minute") == 1
    assert count_scale("minutes", "hours") == 60
    assert count_scale("hours", "minutes") == Fraction(1, 60)
    assert count_scale("seconds", "minutes") == 60
    assert count_scale("minutes", "seconds") == Fraction(1, 60)
    for told, asked in [
        ("seconds", "hours"),
        ("days", "weeks"),
        ("weeks", "days"),
        ("months", "years"),
        ("hours", "days"),
        ("minutes", "miles"),
    ]:
        assert count_scale(told, asked) is None, (told, asked)


def test_title_agrees_with_its_own_pronoun() -> None:
    assert title_agrees("ms. lee", "she") is True
    assert title_agrees("ms. lee", "he") is False
    assert title_agrees("mr. lee", "he") is True
    assert title_agrees("mr. lee", "she") is False
    assert title_agrees("mrs. lee", "Mrs. Lee") is True
    assert title_agrees("mrs. lee", "Ms. Kim") is False
    assert title_agrees("dr. lee", "she") is True
    assert title_agrees("ms. lee", "it") is False
    assert title_agrees("lee", "she") is None
    assert title_agrees("a printer", "it") is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A machine fills 10 bottles in 5 minutes. How many bottles does it fill in 2 hours?", 240),
        ("A pump moves 30 liters in 3 hours. How much does it move in 120 minutes?", 20),
        ("A car travels 60 miles in 2 hours. How far does it travel in 300 minutes?", 150),
        ("Omar earns $24 in 90 minutes. How much does he earn in 1 hour?", 16),
        ("Ravi typed 30 words in 20 seconds. At this rate, how many words will he type in 2 minutes?", 180),  # noqa: E501
        ("Nina can knit 3 rows in 4 minutes. How many rows can she knit in 1 hour?", 45),
        ("A printer prints 40 pages in 10 minutes. How many hours will it take the printer to print 720 pages?", 3),  # noqa: E501
        ("Ivo can tile 8 rows in 20 minutes. How many seconds will it take him to tile 120 rows?", 18000),  # noqa: E501
        ("It takes Ana 15 minutes to wash 3 cars. How many hours will it take her to wash 24 cars?", 2),  # noqa: E501
        ("It takes Ana 15 minutes to wash 4 cars. How many cars can she wash in 1 hour?", 16),
        ("Mr. Diaz can paint 20 tiles in 3 hours. How many tiles can he paint in 30 hours?", 200),
        ("Ms Lee can grade 12 papers in 20 minutes. How many papers can she grade in 1 hour?", 36),
        ("Miss Ruiz sews 6 bags in 40 minutes. How many bags does she sew in 10 hours?", 90),
        ("Dr. Cole can see 5 patients in 1 hour. How many patients can Dr. Cole see in 10 hours?", 50),  # noqa: E501
        ("Ms. Lee graded 30 papers in 2 hours. At that same rate, how many papers will she grade in 3 hours?", 45),  # noqa: E501
        ("Tao can peel 20 plums in 15 seconds. At this same rate, how many plums could he peel in 6 minutes?", 480),  # noqa: E501
    ],
)
def test_a_proportion_in_two_units_closes_right(text: str, value: Fraction | int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        # a pair the table does not hold, or not of the clock; a count of two units
        "A machine fills 10 bottles in 5 minutes. How many bottles does it fill in 2 days?",
        "A machine fills 10 bottles in 5 days. How many bottles does it fill in 2 weeks?",
        "A machine fills 10 bottles in 2 weeks. How many bottles does it fill in 3 days?",
        "A machine fills 10 bottles in 5 seconds. How many bottles does it fill in 2 hours?",
        "A machine fills 10 bottles in 5 months. How many bottles does it fill in 2 years?",
        "A machine fills 10 bottles in 4 minutes and 5 seconds. How many bottles does it fill in 2 hours?",  # noqa: E501
        "A machine fills 10 bottles in 5 minutes. How many bottles does it fill in 2 hours and 10 minutes?",  # noqa: E501
        "A machine fills 10 bottles in 5 minutes. How many bottles does it fill in 2 hours 10 minutes?",  # noqa: E501
        # inexact, the told count asked back, an inverse not whole in the asked unit
        "A machine fills 10 bottles in 7 minutes. How many bottles does it fill in 1 hour?",
        "A machine fills 10 bottles in 60 minutes. How many bottles does it fill in 1 hour?",
        "Ivo can tile 8 rows in 20 minutes. How many hours will it take him to tile 100 rows?",
        "Ivo can tile 8 rows in 20 minutes. How many days will it take him to tile 120 rows?",
        # another subject, verb, thing; a distractor; "more"; a negation; a past asked as done
        "A machine fills 10 bottles in 5 minutes. How many bottles does a robot fill in 2 hours?",
        "A machine fills 10 bottles in 5 minutes. How many bottles does it cap in 2 hours?",
        "A machine fills 10 bottles in 5 minutes. How many jars does it fill in 2 hours?",
        "A machine fills 10 bottles in 5 minutes. It breaks 2 bottles. How many bottles does it fill in 2 hours?",  # noqa: E501
        "A machine fills 10 bottles in 5 minutes. How many more bottles does it fill in 2 hours?",
        "A machine does not fill 10 bottles in 5 minutes. How many bottles does it fill in 2 hours?",  # noqa: E501
        "Omar earns $30 in 20 minutes. How much did he earn in 2 hours?",
        "Omar earns $24 in 90 minutes. How much does he spend in 1 hour?",
        "Tao can peel 20 plums in 15 seconds. At this same rate, how many plums did he peel in 6 minutes?",  # noqa: E501
        "Tao peeled 20 plums in 15 seconds. How many plums will he peel in 6 minutes?",
        "Tao peeled 20 plums in 15 seconds. At twice this rate, how many plums will he peel in 6 minutes?",  # noqa: E501
        # a titled subject asked by another title or the other pronoun; a group asked
        "Ms. Lee can grade 30 papers in 2 hours. How many papers can he grade in 4 hours?",
        "Mr. Lee can grade 30 papers in 2 hours. How many papers can she grade in 4 hours?",
        "Mr. Lee can grade 30 papers in 2 hours. How many papers can Mr. Kim grade in 4 hours?",
        "Miss Ruiz sews 6 bags in 40 minutes. How many bags does Mr. Ruiz sew in 10 hours?",
        "Ms. Lee can grade 30 papers in 2 hours. How many papers can they grade in 90 minutes?",
        "Ms. Lee can grade 30 papers in 2 hours. How many papers can she grade in 90 minutes if she rests for 10 minutes?",  # noqa: E501
        "Ms. Lee has 30 papers in 2 hours. How many papers does she have in 4 hours?",
        "Ms. Lee will grade 30 papers in 2 hours. How many papers will she grade in 3 hours?",
    ],
)
def test_a_neighbour_of_a_proportion_in_two_units_is_refused(text: str) -> None:
    refused(text)


def test_asked_as_moving_reads_only_go_or_travel_of_a_way_of_moving() -> None:
    assert asked_as_moving("drives", "go", distance=True)
    assert asked_as_moving("sailed", "travel", distance=True)
    assert not asked_as_moving("drives", "go", distance=False)
    assert not asked_as_moving("travels", "fly", distance=True)
    assert not asked_as_moving("drives", "walk", distance=True)
    assert not asked_as_moving("reads", "go", distance=True)
    assert not asked_as_moving("drives", "goes", distance=True)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Pablo drives 90 miles in 2 hours. How far will he go in 20 minutes?", 15),
        ("A ship sails 60 miles in 2 hours. How many miles does it travel in 10 hours?", 300),
        ("Kim can jog 6 miles in 1 hour. How far can she go in 6 hours?", 36),
        ("Kim ran 9 kilometers in 40 minutes. At this rate, how far will she go in 200 minutes?", 45),  # noqa: E501
        ("Pablo is driving 90 miles in 2 hours. How far will he go in 20 minutes?", 15),
        ("A pump is moving 50 liters in 2 minutes. How many liters does it move in 6 minutes?", 150),  # noqa: E501
    ],
)
def test_a_distance_asked_with_go_or_travel_closes_right(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        "A jet travels 580 miles in 2 hours. At this rate, how far could the jet fly in 10 hours?",
        "Pablo travels 90 miles in 2 hours. How far will he walk in 3 hours?",
        "Pablo drives 90 miles in 2 hours. How far will he walk in 3 hours?",
        "Pablo drives 90 miles in 2 hours. How far did he go in 3 hours?",
        "Pablo drove 90 miles in 2 hours. How far will he go in 3 hours?",
        "Pablo drives 90 miles in 2 hours. How far will Ana go in 3 hours?",
        "Pablo drives 90 miles in 2 hours. How far will they go in 3 hours?",
        "Pablo drives 90 cars in 2 hours. How many cars will he go in 3 hours?",
        "Pablo reads 90 pages in 2 hours. How many pages will he go in 3 hours?",
        "Pablo drives 90 miles in 2 hours. How far does he go in 3 days?",
        "Pablo drives 90 miles in 2 hours. How far will he go in 3 hours if he stops for 1 hour?",
        "Pablo drives 90 miles in 2 hours. He walks 3 miles. How far will he go in 3 hours?",
        "Pablo can drive 90 miles in 2 hours. How far did he go in 3 hours?",
        "Pablo is driving 90 miles in 2 hours. How far did he go in 3 hours?",
        "Pablo was driving 90 miles in 2 hours. How far will he go in 3 hours?",
        "Pablo is going to drive 90 miles in 2 hours. How far will he go in 3 hours?",
        "Pablo is not driving 90 miles in 2 hours. How far will he go in 3 hours?",
        "The vans are driving 90 miles in 2 hours. How far will they go in 3 hours?",
    ],
)
def test_a_neighbour_of_a_distance_asked_with_go_is_refused(text: str) -> None:
    refused(text)
