"""Exact rational parsing: every form the reader reads, and refusals instead of exceptions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    MAX_MAGNITUDE,
    format_rational,
    fraction_value,
    is_one_of_two,
    is_time_opener,
    parse_digits,
    parse_rational,
    parse_words,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("42", Fraction(42)),
        ("2,125", Fraction(2125)),
        ("1,000,000", Fraction(1_000_000)),
        ("3.50", Fraction(7, 2)),
        (".5", Fraction(1, 2)),
        ("3/4", Fraction(3, 4)),
        ("$3", Fraction(3)),
        ("$ 3.50", Fraction(7, 2)),
        ("0.1", Fraction(1, 10)),
    ],
)
def test_digit_forms(text: str, value: Fraction) -> None:
    assert parse_digits(text) == value


@pytest.mark.parametrize("text", ["", "abc", "3/0", "1.5/2", "12,34", "$", "9" * 41, "9" * 30])
def test_digit_refusals(text: str) -> None:
    assert parse_digits(text) is None


@pytest.mark.parametrize(
    ("words", "value"),
    [
        (("three",), 3),
        (("twenty", "five"), 25),
        (("one", "hundred", "and", "five"), 105),
        (("two", "thousand", "three", "hundred"), 2300),
        (("a", "dozen"), 12),
        (("two", "dozen"), 24),
        (("nineteen",), 19),
    ],
)
def test_number_words(words: tuple[str, ...], value: int) -> None:
    assert parse_words(words) == Fraction(value)


@pytest.mark.parametrize(
    "words",
    [
        ("five", "three"),
        ("twenty", "thirty"),
        ("hundred",),
        ("and",),
        ("apple",),
        ("twenty", "eleven"),
    ],
)
def test_number_word_refusals(words: tuple[str, ...]) -> None:
    assert parse_words(words) is None


def test_factor_words_are_multipliers() -> None:
    assert FACTOR_WORDS["half"] == Fraction(1, 2)
    assert FACTOR_WORDS["twice"] == 2
    assert FACTOR_WORDS["triple"] == 3


def test_huge_values_are_refused() -> None:
    assert parse_digits(str(MAX_MAGNITUDE)) == MAX_MAGNITUDE
    assert parse_digits(str(MAX_MAGNITUDE + 1)) is None


@given(st.fractions(max_denominator=10**6).filter(lambda f: abs(f.numerator) < 10**15))
def test_format_parse_round_trip(value: Fraction) -> None:
    assert parse_rational(format_rational(value)) == value


@given(st.text(max_size=30))
def test_parsers_never_raise(text: str) -> None:
    parse_digits(text)
    parse_rational(text)
    parse_words(tuple(text.lower().split()) or ("x",))


def test_parse_rational_rejects_non_canonical() -> None:
    assert parse_rational("4/2") is None
    assert parse_rational("5/2") == Fraction(5, 2)
    assert parse_rational("-3") == -3


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        ("In one day they sold 34 of them.", True),
        ("One morning, she picked 5 roses.", True),
        ("The shop had 9 pens. On one day Ana sold 4.", True),
        ("He read 20 pages in one day.", False),  # no clause opened there: a rate's day
        ("It rained for one day and they sold 3.", False),
        ("One day of rain cost 3 games.", False),  # no subject after the time
        ("She bought one box.", False),
        ("After one week she had read 40 of them.", True),
        ("He slept after one week of work.", False),  # no clause opened there
    ],
)
def test_is_time_opener(text: str, opens: bool) -> None:
    start = text.lower().index("one")
    assert is_time_opener(text, start, start + 3) is opens


@pytest.mark.parametrize(
    ("text", "pronoun"),
    [
        ("Ada has two jars. One had 20 beads and the other had 31.", True),
        ("One jar had 20 beads and the other jar had 31.", True),
        ("Ada has two jars. One had 20 beads.", False),  # no "the other"
        ("Ada bought one jar and the other shop sold 3.", False),  # "one" opens nothing
        ("One had 20 beads. The other had 31.", False),  # "the other" in another sentence
    ],
)
def test_is_one_of_two(text: str, pronoun: bool) -> None:
    start = text.lower().index("one")
    assert is_one_of_two(text, start, start + 3) is pronoun


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("half", Fraction(1, 2)),
        ("a half", Fraction(1, 2)),
        ("one-half", Fraction(1, 2)),
        ("a third", Fraction(1, 3)),
        ("one-fourth", Fraction(1, 4)),
        ("two thirds", Fraction(2, 3)),
        ("three-quarters", Fraction(3, 4)),
        ("a tenth", Fraction(1, 10)),
        ("3/4", Fraction(3, 4)),
    ],
)
def test_fraction_value(text: str, value: Fraction) -> None:
    assert fraction_value(text) == value


@pytest.mark.parametrize("text", ["one thirds", "two third", "a thirds", "thirds", "two half", "x"])
def test_fraction_value_refusals(text: str) -> None:
    assert fraction_value(text) is None
