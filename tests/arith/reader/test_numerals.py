"""Stage 5a: the numbers, in digits, money and words (authored texts)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.reader.numerals import digit_number, find_numbers, word_number

from ._stages import at, reading


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("He had 2,125 stamps and $ 3.50 and 3/4 of a pie.", ["2125", "7/2", "3/4"]),
        ("twenty-five cats, twenty five dogs, a dozen eggs", ["25", "25", "12"]),
        ("one hundred and five pens, 3 dozen eggs, 2 thousand ants", ["105", "36", "2000"]),
        ("One of them gave one another a hug.", []),
    ],
)
def test_find_numbers(text: str, values: list[str]) -> None:
    r = reading(text, quantities=False)
    found = [str(Fraction(v)) for _, _, v in find_numbers(r) if v is not None]
    assert found == values


def test_digit_number() -> None:
    r = reading("3 hundred birds and $ 5 and 99999999999999999999999 ants", quantities=False)
    assert digit_number(r, at(r, "3")) == (at(r, "hundred"), Fraction(300))
    assert digit_number(r, at(r, "$ 5")) == (at(r, "$ 5"), Fraction(5))
    assert digit_number(r, at(r, "99999999999999999999999"))[1] is None  # out of range


def test_word_number() -> None:
    r = reading("twenty-five cats. one of them.", quantities=False)
    assert word_number(r, at(r, "twenty")) == (at(r, "five"), Fraction(25))
    assert word_number(r, at(r, "one"))[1] is None  # "one of": no amount
