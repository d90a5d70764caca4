"""A proportion's counts told and asked in two units of the clock, and a subject told with a
title: the wider readings of :mod:`practiceloop.arith.proportions`.

"Bob can shuck 10 oysters in 5 minutes. How many oysters can he shuck in 2 hours?" asks the
told rate of a count in another unit: 2 hours are 120 minutes, the constant read from the
closed table :data:`practiceloop.arith.unit_constants.PERIOD_CONSTANTS` and from nowhere
else. Only the clock's pairs are read (an hour of minutes, a minute of seconds): a week of
days may be a working week and a year of weeks is not exactly 52, so a rate told per day and
asked per week (or the reverse) reads nothing, and so does any pair the table does not hold
("in 3 days ... in 5 hours", "in 2 seconds ... in an hour"). "Ms. Lee can grade 30 papers in 2
hours." names its subject with a title; the question's pronoun must agree with the title
("Mr." is "he", "Ms." / "Mrs." / "Miss" is "she").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.unit_constants import PERIOD_CONSTANTS

__all__ = ["CLOCK_PAIRS", "TITLE", "count_scale", "title_agrees"]

CLOCK_PAIRS: Final = frozenset({("hour", "minute"), ("minute", "second")})
"""The table's pairs a proportion converts: the clock's, whose constants are exact."""

TITLE: Final = r"(?:Mr|Mrs|Ms|Dr|Miss)\.? "
"""A title before a name ("Ms. Lee"); the regular expression :data:`_NAME` prefixes."""

_TITLE_PRONOUN: Final = {"mr": "he", "mrs": "she", "ms": "she", "miss": "she"}


def count_scale(told_unit: str, asked_unit: str) -> Fraction | None:
    """How many of the told count's unit one of the asked count's unit holds: 1 for the same
    unit, 60 for hours asked of minutes told, 1/60 for minutes asked of hours told (only
    :data:`CLOCK_PAIRS`, the constant from the table); None for any other pair."""
    told, asked = noun_key(told_unit), noun_key(asked_unit)
    if told == asked:
        return Fraction(1)
    if (asked, told) in CLOCK_PAIRS:
        return Fraction(PERIOD_CONSTANTS[(asked, told)])
    if (told, asked) in CLOCK_PAIRS:
        return Fraction(1, PERIOD_CONSTANTS[(told, asked)])
    return None


def title_agrees(told: str, asked: str) -> bool | None:
    """Whether the question's subject names a titled told subject ("ms. lee"): the same
    title and name, or the pronoun of the title ("she" for "Ms.", "he" for "Mr."; "Dr." takes
    either); None when the told subject has no title."""
    words = told.lower().split()
    title = words[0].rstrip(".") if words else ""
    if len(words) != 2 or title not in (*_TITLE_PRONOUN, "dr"):
        return None
    if asked.lower() == told.lower():
        return True
    if asked not in ("he", "she"):
        return False
    return title == "dr" or _TITLE_PRONOUN[title] == asked
