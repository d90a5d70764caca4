"""Exact rational numbers as English arithmetic problems write them.

Pure functions, no I/O. Every value is a :class:`fractions.Fraction`; nothing passes through a
float, so ``"0.1"`` is exactly ``1/10`` on every machine.

Accepted forms: digits (``42``), thousands separators (``2,125``), decimals (``3.50``,
``.5``), fractions (``3/4``), money (``$3``, ``$ 3.50``), and number words (``three``,
``twenty-five``, ``twenty five``, ``one hundred and five``, ``a dozen``, ``half``, ``twice``,
``triple``). A value that would not fit the canonical identity's integer range is refused
(``None``): a reader records such a number as seen but never as a value.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

__all__ = [
    "FACTOR_WORDS",
    "FRACTION_PARTS",
    "MAX_MAGNITUDE",
    "NUMBER_WORDS",
    "PART_WORDS",
    "format_rational",
    "fraction_value",
    "is_one_of_two",
    "is_time_opener",
    "parse_digits",
    "parse_rational",
    "parse_words",
]

MAX_MAGNITUDE: Final = 2**53 - 1
"""Numerators and denominators above this are refused: identities carry them as strings, but
arithmetic on them is not what a word problem means, and refusing keeps every step cheap."""

_UNITS: Final = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS: Final = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES: Final = {"hundred": 100, "thousand": 1000, "million": 1_000_000}

NUMBER_WORDS: Final = frozenset(_UNITS) | frozenset(_TENS) | frozenset(_SCALES) | {"dozen"}
"""Words that are (part of) a cardinal number."""

FACTOR_WORDS: Final[dict[str, Fraction]] = {
    "half": Fraction(1, 2),
    "twice": Fraction(2),
    "double": Fraction(2),
    "triple": Fraction(3),
    "thrice": Fraction(3),
    "quadruple": Fraction(4),
}
"""Words that are a multiplier rather than a count ("half as many", "twice as much")."""

PART_WORDS: Final[dict[str, Fraction]] = {
    "half": Fraction(1, 2),
    "third": Fraction(1, 3),
    "quarter": Fraction(1, 4),
    "fourth": Fraction(1, 4),
    "fifth": Fraction(1, 5),
}
"""The part a fraction word names after "a" / "one" ("a third as many", "one-fourth as
many")."""

FRACTION_PARTS: Final[dict[str, Fraction]] = {
    word: Fraction(1, denominator)
    for denominator, forms in enumerate(
        (
            (), (), ("half",), ("third", "thirds"), ("quarter", "quarters", "fourth", "fourths"),
            ("fifth", "fifths"), ("sixth", "sixths"), ("seventh", "sevenths"),
            ("eighth", "eighths"), ("ninth", "ninths"), ("tenth", "tenths"),
        )
    )
    for word in forms
}  # fmt: skip
"""The part a fraction word names ("a third", "two thirds", "three quarters", "a tenth"): its
singular after "a" / "one", its plural after a count of two or more."""


def fraction_value(text: str) -> Fraction | None:
    """The value of a fraction written as a part of a whole: ``"half"``, ``"a half"``,
    ``"one-half"``, ``"a third"``, ``"one-fourth"``, ``"two thirds"``, ``"three-quarters"``,
    ``"3/4"``. None for anything else ("one thirds", "two third", "a thirds", "thirds")."""
    words = tuple(text.lower().replace("-", " ").split())
    if len(words) == 1:
        if words[0] == "half":
            return Fraction(1, 2)
        return parse_digits(words[0]) if "/" in words[0] else None
    if len(words) != 2 or words[1] not in FRACTION_PARTS:
        return None
    count = Fraction(1) if words[0] in ("a", "one") else parse_words(words[:1])
    plural = words[1].endswith("s")
    if count is None or (count == 1) == plural or (words[1] == "half" and count != 1):
        return None
    return _bounded(count * FRACTION_PARTS[words[1]])


_DIGITS: Final = re.compile(
    r"(?P<int>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?P<dec>\d+))?(?:/(?P<den>\d+))?"
)


def _bounded(value: Fraction) -> Fraction | None:
    if abs(value.numerator) > MAX_MAGNITUDE or value.denominator > MAX_MAGNITUDE:
        return None
    return value


def parse_digits(text: str) -> Fraction | None:
    """The value of a digit string: ``"2,125"``, ``"3.50"``, ``".5"``, ``"3/4"``, ``"$3"``.

    Accepts an optional leading ``$`` and spaces after it. Returns None for anything else
    (including a zero denominator and values out of :data:`MAX_MAGNITUDE`), never raises.
    """
    body = text.lstrip("$").lstrip() if text.startswith("$") else text
    if not body or len(body) > 40:  # forty digits is already far beyond MAX_MAGNITUDE
        return None
    match = _DIGITS.fullmatch(body)
    if match is None or (match["int"] is None and match["dec"] is None):
        return None
    whole = match["int"].replace(",", "") if match["int"] else "0"
    value = Fraction(int(whole))
    if match["dec"] is not None:
        value += Fraction(int(match["dec"]), 10 ** len(match["dec"]))
    if match["den"] is not None:
        if match["dec"] is not None or int(match["den"]) == 0:
            return None
        value /= int(match["den"])
    return _bounded(value)


def parse_words(words: tuple[str, ...]) -> Fraction | None:
    """The value of a cardinal written in words, lower-cased and split on spaces/hyphens.

    ``("twenty", "five")`` -> 25, ``("one", "hundred", "and", "five")`` -> 105,
    ``("a", "dozen")`` -> 12, ``("two", "dozen")`` -> 24. None when the words are not one
    well-formed cardinal.
    """
    if words[:1] == ("a",) and len(words) >= 2:
        words = ("one", *words[1:])
    total = 0
    current = 0
    seen = False
    last = ""
    for word in words:
        if word == "and" and seen and last in _SCALES:
            last = word
            continue
        if word in _UNITS:
            if last in _UNITS or (last in _TENS and _UNITS[word] >= 10) or last == "dozen":
                return None
            current += _UNITS[word]
        elif word in _TENS:
            if last in _UNITS or last in _TENS or last == "dozen":
                return None
            current += _TENS[word]
        elif word == "hundred":
            if current == 0 or current >= 100:
                return None
            current *= 100
        elif word in ("thousand", "million"):
            if current == 0:
                return None
            total += current * _SCALES[word]
            current = 0
        elif word == "dozen":
            current = max(current, 1) * 12
        else:
            return None
        seen = True
        last = word
    if not seen or last == "and":
        return None
    return _bounded(Fraction(total + current))


def format_rational(value: Fraction) -> str:
    """Canonical string of an exact rational: ``"5"``, ``"-3"``, ``"5/2"``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


_RATIONAL: Final = re.compile(r"-?\d{1,20}(?:/[1-9]\d{0,19})?")


def parse_rational(text: str) -> Fraction | None:
    """Inverse of :func:`format_rational`; None for any other string. Never raises."""
    if type(text) is not str or _RATIONAL.fullmatch(text) is None:
        return None
    # the pattern has matched: two ints are much cheaper for Fraction than its string parser
    numerator, _, denominator = text.partition("/")
    value = Fraction(int(numerator), int(denominator)) if denominator else Fraction(int(numerator))
    return value if format_rational(value) == text else None


_OPENER_BEFORE: Final = re.compile(r"(?:^|[.!?,;]\s*)(?:(?:in|on|after|In|On|After)\s+)?$")
_OPENER_AFTER: Final = re.compile(
    r"\s+(?:day|week|month|year|morning|afternoon|evening|night)\b,?\s+"
    r"(?:he|she|they|it|we|i|you|He|She|They|It|We|I|You|[A-Z][a-z]+)\b"
)


def is_time_opener(text: str, start: int, end: int) -> bool:
    """True when the word ``text[start:end]`` is the "one" of a time that opens a clause:
    "In one day they sold 34 of them", "One morning, she picked 5", "After one week she had
    colored 44": a time before the clause's
    subject (a pronoun or a name), not an amount. "He read 20 pages in one day" (no clause
    opened there) and "one day of rain" are amounts. One definition for the reader and for
    quantity accounting's own scan of the text's numbers."""
    if text[start:end].lower() != "one":
        return False
    return bool(_OPENER_BEFORE.search(text[:start]) and _OPENER_AFTER.match(text, end))


_OTHER_AFTER: Final = re.compile(r"[^.!?]*\bthe\s+other\b", re.IGNORECASE)
_ONE_OPENS: Final = re.compile(r"(?:^|[.!?]\s*)$")


def is_one_of_two(text: str, start: int, end: int) -> bool:
    """True when the word ``text[start:end]`` is the "One" that opens a sentence naming one
    of two things, the other named by "the other" later in that sentence: "One had 20
    stickers and the other had 31" (a pronoun, as "each one" is), not an amount. "She bought
    one pen" and "One pen cost $2" (no "the other") are amounts. One definition for the
    reader and for quantity accounting's own scan of the text's numbers."""
    if text[start:end].lower() != "one":
        return False
    return bool(_ONE_OPENS.search(text[:start]) and _OTHER_AFTER.match(text, end))
