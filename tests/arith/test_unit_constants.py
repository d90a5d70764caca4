"""The known unit constants and the whole-text checks that read a period as one (authored)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.unit_constants import (
    PERIOD_CONSTANTS,
    UNIT_CONSTANTS_VERSION,
    asked_period_unbound,
    period_constant,
    period_grounded,
)
from tests.arith._helpers import frame_of


def _at(text: str, phrase: str) -> tuple[str, int, int]:
    start = text.rindex(phrase)
    return text, start, start + len(phrase)


def test_the_table_is_closed_and_versioned() -> None:
    assert UNIT_CONSTANTS_VERSION == "unit_constants.v2"
    assert PERIOD_CONSTANTS[("week", "day")] == 7
    assert PERIOD_CONSTANTS[("year", "month")] == 12
    assert PERIOD_CONSTANTS[("hour", "minute")] == 60
    # months have no fixed count of days or weeks, a year no fixed count of days
    assert ("month", "day") not in PERIOD_CONSTANTS
    assert ("month", "week") not in PERIOD_CONSTANTS
    assert ("year", "day") not in PERIOD_CONSTANTS
    assert ("day", "hour") not in PERIOD_CONSTANTS


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("She reads 20 pages every day. How many pages does she read in a week?", "a week",
         ("day", 7)),
        ("He saves 15 dollars a month. How much does he save in a year?", "a year", ("month", 12)),
        ("He buys 3 apples each week. How many apples does he buy in a year?", "a year",
         ("week", 52)),
        ("A tap drips 40 drops per minute. How many drops does it drip in one hour?", "one hour",
         ("minute", 60)),
        ("She walks 2 miles a day for 3 weeks. How far did she walk?", "3 weeks", ("day", 21)),
        ("He saves 5 dollars a month. How much does he save in two years?", "two years",
         ("month", 24)),
        ("Ava drinks 6 cups a day. How many cups does she drink a week?", "a week", ("day", 7)),
    ],
)
def test_period_constant_reads_a_period_the_whole_text_ties(
    text: str, phrase: str, found: tuple[str, int]
) -> None:
    assert period_constant(*_at(text, phrase)) == (found[0], Fraction(found[1]))


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("She reads 20 pages a day. How many pages does she read in a month?", "a month"),
        ("She reads 20 pages a day. How many pages did she read a week ago?", "a week"),
        ("She reads 20 pages a day. How many pages will she read after a week?", "a week"),
        ("Last week she read 20 pages a day. How many pages did she read in a week?", "a week"),
        ("She reads 20 pages a day on weekdays. How many pages does she read in a week?",
         "a week"),
        ("She reads 20 pages every other day. How many pages does she read in a week?", "a week"),
        ("She reads 20 pages twice a day. How many pages does she read in a week?", "a week"),
        ("She reads 3 times a day. How many times does she read in a week?", "a week"),
        ("She reads 20 pages a day except Sunday. How many pages does she read in a week?",
         "a week"),
        ("She reads 20 pages a day, 5 days a week. How many pages does she read in a week?",
         "a week"),
        ("He earns 50 dollars a day. How much does he earn in a week?", "a week"),
        ("She walks 2 miles to school every day. How far does she walk in a week?", "a week"),
        ("She reads 20 pages an hour. How many pages does she read in a week?", "a week"),
        ("A tap drips 5 drops a minute. How many drops does it drip in a day?", "a day"),
        ("She saves 10 dollars a day. How much does she save in a year?", "a year"),
        ("She buys 2 books a week and 1 book a month. How many books in a year?", "a year"),
        ("She buys 2 books a week for each child. How many books does she buy in a year?",
         "a year"),
        ("She reads 20 pages a day. How many pages does she read in a week and a day?",
         "a week"),
        ("She usually reads 20 pages a day. How many pages does she read in a week?", "a week"),
        ("She wants to read 20 pages a day. How many pages will she read in a week?", "a week"),
        ("She reads 20 pages a day for 1.5 weeks. How many pages did she read?", "1.5 weeks"),
    ],
)
def test_period_constant_refuses_every_other_reading(text: str, phrase: str) -> None:
    assert period_constant(*_at(text, phrase)) is None


def test_period_grounded_ties_the_asked_verb_and_one_holder() -> None:
    def grounded(text: str, phrase: str, unit: str) -> Fraction | None:
        frame = frame_of(text)
        span = next(m.span for m in frame.mentions if m.span.text == phrase)
        return period_grounded(frame, span, unit)

    text = "Ann reads 20 pages a day. How many pages does she read in a week?"
    assert grounded(text, "a week", "day") == 7
    assert grounded(text, "a week", "hour") is None
    assert grounded("Ann reads 20 pages a day. How many pages does she write in a week?",
                    "a week", "day") is None  # fmt: skip
    assert grounded("Ann and Bo read 20 pages a day. How many pages do they read in a week?",
                    "a week", "day") is None  # fmt: skip
    assert grounded("Tim bakes 3 pies a day. He rented an oven for a week. How many pies did he "
                    "bake?", "a week", "day") is None  # fmt: skip
    assert grounded("Tim bakes 3 pies a day for a week. How many pies did he bake?", "a week",
                    "day") == 7  # fmt: skip


def test_asked_period_unbound() -> None:
    frame = frame_of("A pump moves 1 liter a minute for 30 minutes. How many liters does it "
                     "move in an hour?")  # fmt: skip
    thirty = next(m.span for m in frame.mentions if m.span.text == "30")
    assert [s.text for s in asked_period_unbound(frame, [(thirty, None)])] == ["in an hour"]
    frame = frame_of("She reads 20 pages a day. How many pages does she read in a week?")
    week = next(m.span for m in frame.mentions if m.span.text == "a week")
    assert asked_period_unbound(frame, [(week, None)]) == []
    frame = frame_of("She reads 20 pages a day. How many pages does she read in a day?")
    twenty = next(m.span for m in frame.mentions if m.span.text == "20")
    assert asked_period_unbound(frame, [(twenty, "day")]) == []


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("Ana earns $12 an hour. How much does she earn in 30 minutes?", "30 minutes",
         ("hour", Fraction(1, 2))),
        ("A snail crawls 6 feet per hour. How far does it crawl in 20 minutes?", "20 minutes",
         ("hour", Fraction(1, 3))),
        ("A printer prints 12 pages a minute. How many pages does it print in 15 seconds?",
         "15 seconds", ("minute", Fraction(1, 4))),
        ("Tom walks 4 miles every hour. How many miles does he walk in 90 minutes?",
         "90 minutes", ("hour", Fraction(3, 2))),
    ],
)
def test_a_part_of_the_clock_is_read_against_a_rate_per_the_larger_unit(
    text: str, phrase: str, found: tuple[str, Fraction]
) -> None:
    assert period_constant(*_at(text, phrase)) == found


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        # not a pair of the clock: a working week may be 5 days
        ("He earns $700 a week. How much does he earn in 3 days?", "3 days"),
        # seconds of a rate per hour: no pair of the table
        ("Ana earns $12 an hour. How much does she earn in 30 seconds?", "30 seconds"),
        # a rate per minute and a count of minutes: nothing to convert
        ("A pump moves 1 liter a minute. How many liters does it move in 30 minutes?",
         "30 minutes"),
        # another time word, an inexact habit, a time rather than a span, a second rate
        ("Ana earns $12 an hour on Mondays. How much does she earn in 30 minutes?", "30 minutes"),
        ("Ana earns about $12 an hour. How much does she earn in 30 minutes?", "30 minutes"),
        ("Ana earns $12 an hour. How much did she earn 30 minutes ago?", "30 minutes"),
        ("Ana earns $12 an hour and $1 a minute in tips. How much does she earn in 30 minutes?",
         "30 minutes"),
        ("Ana earns $12 an hour for each child. How much does she earn in 30 minutes?",
         "30 minutes"),
        ("Ana earns $12 an hour. How much does she earn in 30 minutes of overtime?",
         "30 minutes"),
        ("Ana earns $12 an hour. How much does she earn in 30 minutes a day?", "30 minutes"),
    ],
)
def test_a_part_of_the_clock_is_refused_when_the_text_says_more(text: str, phrase: str) -> None:
    assert period_constant(*_at(text, phrase)) is None


def test_a_part_of_the_clock_is_grounded_only_for_the_rates_doing() -> None:
    def grounded(text: str, phrase: str, unit: str) -> Fraction | None:
        frame = frame_of(text)
        span = next(m.span for m in frame.mentions if m.span.text == phrase)
        return period_grounded(frame, span, unit)

    text = "Ana earns $12 an hour. How much does she earn in 30 minutes?"
    assert grounded(text, "30 minutes", "hour") == Fraction(1, 2)
    assert grounded("Ana earns $12 an hour. How much does she spend in 30 minutes?",
                    "30 minutes", "hour") is None  # fmt: skip
    assert grounded("Ana earns $12 an hour. She rested for 30 minutes. How much did she earn?",
                    "30 minutes", "hour") is None  # fmt: skip


def test_a_rate_said_as_one_part_is_no_span() -> None:
    # "2 laps a minute ... in an hour": "a minute" is the rate, never 1/60 of the asked hour
    text = "Lea swims 2 laps a minute. How many laps does she swim in an hour?"
    assert period_constant(*_at(text, "a minute")) is None
    assert period_constant(*_at(text, "an hour")) == ("minute", Fraction(60))
