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
("Mr." is "he", "Ms." / "Mrs." / "Miss" is "she"). "Luis drives 80 miles in 2 hours. How far
will he go in 3 hours?" asks the distance driven with the general verb of moving, "go" or
"travel": a way of moving is a way of going, never the reverse ("travels ... how far could he
walk" asks a way of moving the text never told).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import noun_key, verb_key
from practiceloop.arith.unit_constants import PERIOD_CONSTANTS

__all__ = ["CLOCK_PAIRS", "MOVING", "TITLE", "asked_as_moving", "count_scale", "title_agrees"]

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


MOVING: Final = frozenset(
    "drive fly ride walk run swim sail cycle bike jog hike row skate paddle march".split()
)
"""Verbs of a way of moving that covers a distance; :data:`_GENERAL` names any of them."""

_GENERAL: Final = frozenset({"go", "travel"})


def asked_as_moving(told_verb: str, asked_verb: str, *, distance: bool) -> bool:
    """The question's verb is "go" or "travel" (its base form) and the told verb a way of
    moving (:data:`MOVING`) over a told distance: "drives 80 miles ... how far will he go"."""
    return (
        distance
        and asked_verb in _GENERAL
        and verb_key(asked_verb) == asked_verb
        and verb_key(told_verb) in MOVING
    )
