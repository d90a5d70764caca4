"""Known unit constants: how many of a smaller calendar unit one larger period holds.

A text may ask "How many pages does she read in a week?" after "She reads 20 pages every
day": the week's 7 days are a number the text does not write. This module is the one closed,
versioned table of such constants (:data:`PERIOD_CONSTANTS`, :data:`UNIT_CONSTANTS_VERSION`)
and the one whole-text check (:func:`period_constant`) that says when a period phrase ("a
week", "an hour", "one year") is such a number. The reader reads the phrase as a quantity of
the smaller unit whose source is the period's own words (:mod:`.reader.periods`), and the
grounding proof re-derives its value with the same function from the frame's source text, so
a constant is proved exactly as a written number is: its span is the slice it claims, and
that slice, read against the whole text, gives its value.

The check reads the whole text and holds only when the period can mean nothing else:

* the phrase is "a", "an" or "one" and a period of the table, after "in", "for", "during",
  "over", "within" or right after a verb ("read a week"), and it ends its clause (a mark or
  "in all", "altogether", "in total" follows): "a week ago", "after a week", "a week later",
  "last week" are times, never a span;
* the text has exactly one smaller unit of the table for that period, said only as a rate
  ("a day", "per day", "each day", "every day"; never "twice a day", "3 times a day", "every
  other day"), and the period itself said only in that phrase;
* the text says no other time word at all (no "days", "weekday", "weekend", "Monday",
  "morning", "month", "this year"...), and nothing that makes a habit inexact or not every
  day ("except", "other", "off", "only", "usually", "sometimes", "about", "average"...);
* a week of days is 7 only when the text tells no work, pay or school (a working week may be
  5 days): "earns $50 a day ... in a week" is refused.

Months have no fixed count of days or weeks, a year no fixed count of days, and a day's hours
are as often a working day's: those pairs are not in the table and are refused.

A phrase may also say the smaller unit of a pair of the clock (:data:`CLOCK_PARTS`) against a
rate per the larger one: "earns $12 an hour ... in 30 minutes" reads the 30 minutes as 1/2
hour (:func:`clock_part_of_rate`), under every check above (the one rate unit, no other time
word, nothing inexact, the phrase ending its clause) and every check of
:func:`period_grounded` (the rate's verb and one holder asked, the phrase in the question or
in the rate's sentence). A part that is no whole count of the asked things ("10 oysters an
hour ... in 20 minutes": 10/3) is refused by the result's domain, as any such product is.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import verb_key
from practiceloop.arith.numbers import parse_digits, parse_words
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "CLOCK_PARTS",
    "PERIOD_CONSTANTS",
    "PERIOD_WORDS",
    "UNIT_CONSTANTS_VERSION",
    "period_constant",
    "period_grounded",
]

UNIT_CONSTANTS_VERSION: Final = "unit_constants.v2"

PERIOD_CONSTANTS: Final[dict[tuple[str, str], int]] = {
    ("week", "day"): 7,
    ("fortnight", "day"): 14,
    ("year", "month"): 12,
    ("year", "week"): 52,
    ("hour", "minute"): 60,
    ("minute", "second"): 60,
    ("decade", "year"): 10,
    ("century", "year"): 100,
}
"""(period, smaller unit) -> how many of the smaller unit one period holds. Closed: a pair
not here (a month of days, a year of days, a day of hours) is never read as a constant."""

_PERIODS: Final = frozenset(p for p, _ in PERIOD_CONSTANTS)

CLOCK_PARTS: Final = frozenset({("hour", "minute"), ("minute", "second")})
"""The table's pairs whose smaller unit a period phrase may say against a rate per the larger
one ("$12 an hour ... in 30 minutes": half an hour), read by :func:`clock_part_of_rate`. Only
the clock's pairs, whose constants are exact: "3 days" of a rate per week is no part of it
(a working week may be 5 days)."""

_PARTS: Final = frozenset(small for _, small in CLOCK_PARTS)

_TIME_WORDS: Final = frozenset(
    """second minute hour day week fortnight month year decade century
    seconds minutes hours days weeks fortnights months years decades centuries
    daily weekly monthly yearly annually annual hourly nightly fortnightly
    weekday weekdays weekend weekends workday workdays weeknight weeknights
    morning mornings afternoon afternoons evening evenings night nights tonight
    today tomorrow yesterday noon midnight season seasons semester semesters
    term terms holiday holidays vacation vacations summer winter autumn leap
    monday tuesday wednesday thursday friday saturday sunday
    mondays tuesdays wednesdays thursdays fridays saturdays sundays
    january february march april june july august september october november december
    o'clock a.m. p.m. am pm date dates calendar""".split()
)
"""Every word of time the check knows; the text may say only the rate's unit and the
asked period, each once in its own phrase."""

_INEXACT: Final = frozenset(
    """once twice thrice times except excluding other others off only skip skips skipped
    miss misses missed rest besides usually sometimes often mostly most average about
    around approximately roughly nearly almost least more less fewer extra additional
    increase increases increased decrease decreases decreased double doubles doubled
    half until since before after ago later earlier first last next previous this that
    same want wants wanted hope hopes hoped plan plans planned try tries tried goal need
    needs""".split()
)
"""Words that make a daily habit not every day, not the same each time, or a time rather
than a span; any of them anywhere refuses the constant."""

_WORKING: Final = frozenset(
    """work works worked working worker workers job jobs school schools class classes
    office shift shifts open opens opened business earn earns earned earning earnings pay
    pays paid salary salaries wage wages""".split()
)
"""Work, pay or school: a week of such days may be 5, so a week of days is refused."""

_RATE_BEFORE: Final = frozenset({"a", "an", "per", "each", "every"})
_SPAN_BEFORE: Final = frozenset({"in", "for", "during", "over", "within"})
_NOT_A_VERB: Final = frozenset(
    """in for during over within after before since until by from than of on at to about
    almost nearly last next this that the every each per a an and or but is was be been
    are were old ago""".split()
)
_CLOSERS: Final = ("altogether", "in all", "in total", "total", "combined")

_WORD: Final = re.compile(r"\d[\d,]*(?:\.\d+)?|[A-Za-z][A-Za-z'.]*[A-Za-z]|[A-Za-z]")


def _words(text: str) -> list[tuple[str, int, int]]:
    """(lower-cased word, start, end) of each word and number of the text, in order."""
    return [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]


_DISTRIBUTIVE: Final = frozenset({"each", "every", "per", "apiece"})


def _next(words: list[tuple[str, int, int]], index: int) -> str:
    """The word after ``index``, or "" at the end."""
    return words[index + 1][0] if index + 1 < len(words) else ""


def _ends_clause(text: str, end: int) -> bool:
    """The period phrase ends its clause: a mark follows, or "in all"/"altogether" then one."""
    rest = text[end:].lstrip().lower()
    for closer in _CLOSERS:
        if rest.startswith(closer + " ") or rest.startswith(closer + "?"):
            rest = rest[len(closer) :].lstrip()
            break
    return rest[:1] in ("?", ".", ",", "!", ";")


def period_constant(text: str, start: int, end: int) -> tuple[str, Fraction] | None:
    """(smaller unit, how many) when ``text[start:end]`` is a period phrase ("a week", "an
    hour", "one year") the whole text lets mean exactly that many of the one smaller unit
    its rate is per (see the module docstring); None otherwise."""
    phrase = text[start:end].lower().split()
    count = _count_of(phrase)
    if count is None:
        return None
    period = _PLURALS.get(phrase[1], phrase[1])
    words = _words(text)
    at = next((i for i, (_, lo, _hi) in enumerate(words) if lo == start), None)
    if at is None or at + 1 >= len(words) or words[at + 1][2] != end:
        return None
    before = words[at - 1][0] if at > 0 else ""
    if before not in _SPAN_BEFORE and (not before or before in _NOT_A_VERB):
        return None  # "after a week", "a week" opening a sentence: a time, not a span
    if at > 0 and re.search(r"[.,;:!?]", text[words[at - 1][2] : start]):
        return None  # a mark between: "By then, a week" is no object of a verb
    if not _ends_clause(text, end):
        return None  # "a week ago", "a week later", "a week of rain"
    units: set[str] = set()
    for index, (word, _lo, _hi) in enumerate(words):
        if index in (at, at + 1):
            continue
        if word in _DISTRIBUTIVE and _PLURALS.get(_next(words, index), _next(words, index)) not in {
            period,
            *(small for big, small in PERIOD_CONSTANTS if big == period),
            *(big for big, small in CLOCK_PARTS if small == period),
        }:
            return None  # "2 books a week for each child": a rate per another thing too
        if word in _INEXACT or (period == "week" and word in _WORKING):
            return None
        if word not in _TIME_WORDS:
            continue
        smaller = (period, word) in PERIOD_CONSTANTS or (word, period) in CLOCK_PARTS
        rate = index > 0 and words[index - 1][0] in _RATE_BEFORE
        if not smaller or not rate:
            return None  # another time word, the period again, or the unit not as a rate
        units.add(word)
    if len(units) != 1:
        return None
    unit = units.pop()
    if (unit, period) in CLOCK_PARTS:
        if phrase[0] in ("a", "an", "one", "1"):
            return None  # "2 laps a minute ... in an hour": "a minute" is the rate, no span
        return clock_part_of_rate(unit, period, count)
    return unit, count * PERIOD_CONSTANTS[(period, unit)]


def clock_part_of_rate(rate_unit: str, said: str, count: Fraction) -> tuple[str, Fraction]:
    """(the rate's unit, how many of it) for ``count`` of the smaller clock unit ``said``
    against a rate per the larger one (a pair of :data:`CLOCK_PARTS`): "$12 an hour ... in 30
    minutes" is 30/60 = 1/2 hour, "80 words a minute ... in 15 seconds" is 1/4 minute. The
    caller has checked the whole text as for any period phrase (:func:`period_constant`)."""
    return rate_unit, count / PERIOD_CONSTANTS[(rate_unit, said)]


_PLURALS: Final = {
    "weeks": "week", "fortnights": "fortnight", "years": "year", "hours": "hour",
    "minutes": "minute", "decades": "decade", "centuries": "century", "seconds": "second",
}


PERIOD_WORDS: Final = frozenset(_PERIODS | _PARTS | set(_PLURALS))
"""Every word that names a period of the table, singular or plural."""


def _count_of(phrase: list[str]) -> Fraction | None:
    """How many periods a two-word phrase says: 1 for "a week", "an hour", "one year", "1
    day"; N for
    "13 weeks", "three years" (a whole number of at least 2 before the plural); None for any
    other phrase."""
    if len(phrase) != 2:
        return None
    if phrase[0] in ("a", "an", "one", "1"):
        return Fraction(1) if phrase[1] in _PERIODS else None
    if phrase[1] not in _PLURALS:
        return None
    count = parse_digits(phrase[0]) if phrase[0][:1].isdigit() else parse_words((phrase[0],))
    if count is None or count.denominator != 1 or count < 2:
        return None
    return count


_ONE_HOLDER: Final = frozenset(
    "they them their we us our both together each every is are was were be been".split()
)
"""In the question, a group of holders ("they", "both", "each"): whose rate is summed or
repeated per holder is another reading than one holder's days; or a state asked with "be"
("How tall is the plant in a year?": a height, not what grew)."""


def period_grounded(frame: ProblemFrame, span: SourceSpan, unit: str | None) -> Fraction | None:
    """The value of the period quantity at ``span`` read as ``unit`` (a week as days), when the
    whole text ties it to the one rate it counts the days of: :func:`period_constant` holds,
    the phrase is in the question or in a sentence that tells a rate per ``unit``, the asked
    verb is said in every sentence that tells such a rate ("reads 20 pages a day ... how many
    pages does she read in a week", never "... does she write in a week"), and the question
    asks one holder and what a verb did (no "they", "both", "each"; no "is", "are"). None
    otherwise."""
    found = period_constant(frame.source_text, span.start, span.end)
    if found is None or found[0] != unit or not frame.targets:
        return None
    target = frame.targets[0]
    asked = verb_key(dict(target.attributes).get("verb"))
    question = target.evidence_spans[0].sentence_index
    if asked is None:
        return None
    rate = re.compile(rf"\b(?:a|an|per|each|every) {unit}\b", re.IGNORECASE)
    rated = [s for s in frame.sentences if rate.search(s.text)]
    if not rated or span.sentence_index not in {question, *(s.sentence_index for s in rated)}:
        return None  # "He rented an oven for a week": another thing's week
    for sentence in rated:
        if asked not in {verb_key(word) for word, _lo, _hi in _words(sentence.text)}:
            return None
    asked_words = {word for word, _lo, _hi in _words(frame.sentences[question].text)}
    if asked_words & _ONE_HOLDER:
        return None
    return found[1]


_ASKED_PERIOD: Final = re.compile(
    r"\b(?:in|for|during|over|within)\s+(?:a|an|one|\d[\d,]*|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve)\s+(?P<period>second|minute|hour|day|week|fortnight|month|"
    r"year|decade|century|centurie)s?\b",
    re.IGNORECASE,
)


def asked_period_unbound(
    frame: ProblemFrame, bound: list[tuple[SourceSpan, str | None]]
) -> list[SourceSpan]:
    """The spans of each period the question asks in ("in an hour", "for 3 weeks") that no
    bound quantity spans, when a bound quantity counts a time or is a rate per one: "A pump
    moves 1 liter a minute for 30 minutes. How many liters does it move in an hour?" binds
    the 30 minutes and leaves the asked hour unread. ``bound`` is (span, per) of each bound
    quantity. A period the asked rate is itself per ("reads 20 pages a day ... in a day") is
    that rate's own, and no time elsewhere."""
    if not frame.targets:
        return []
    question = frame.targets[0].evidence_spans[0].sentence_index
    sentence = frame.sentences[question]
    loose = []
    for match in _ASKED_PERIOD.finditer(sentence.text):
        lo, hi = sentence.start + match.start(), sentence.start + match.end()
        if any(span.start < hi and lo < span.end for span, _per in bound):
            continue
        said = match.group().lower().split()
        if said[1] in ("a", "an", "one") and any(
            per == match.group("period").lower() for _span, per in bound
        ):
            continue  # "20 pages a day ... how many in a day": the rate's own period
        loose.append(SourceSpan(text=frame.source_text[lo:hi], start=lo, end=hi,
                                sentence_index=question))
    return loose
