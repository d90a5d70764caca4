"""Stage 5a of the reader: a period said in words as so many of a smaller unit.

"She reads 20 pages every day. How many pages does she read in a week?": the week is 7 days,
a number the text does not write. :func:`period_at` finds such a phrase as a number (its
value from the one table of :mod:`practiceloop.arith.unit_constants`, which checks the whole
text), and :func:`period_unit` reads the quantity as counting the smaller unit (the days), so
the equal groups of the rate are filled by it as by "in 7 days".
"""

from __future__ import annotations

from fractions import Fraction

from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.unit_constants import PERIOD_WORDS, period_constant

__all__ = ["period_at", "period_unit"]


def period_at(r: Reading, index: int) -> tuple[int, Fraction] | None:
    """ "a week", "an hour", "one year", "13 weeks", "two years" at ``index`` when the whole
    text lets the periods mean exactly so many of the one smaller unit a rate of the text is per
    (:func:`~practiceloop.arith.unit_constants.period_constant`): (its last token, how many)."""
    toks = r.toks
    if index + 1 >= len(toks):
        return None
    if toks[index + 1].kind != "word" or toks[index + 1].lower not in PERIOD_WORDS:
        return None  # the cheap test first: the whole-text check only before a period
    if not r.same_sentence(index, index + 1):
        return None
    found = period_constant(r.text, toks[index].start, toks[index + 1].end)
    return None if found is None else (index + 1, found[1])


def period_unit(r: Reading, first: int, last: int, attrs: dict[str, str]) -> None:
    """The quantity of a period phrase (:func:`period_at`) counts the smaller unit and nothing
    else: "in a week" is 7 days (no thing elided into it, no rate of its own)."""
    if last != first + 1 or r.toks[last].lower not in PERIOD_WORDS:
        return
    found = period_constant(r.text, r.toks[first].start, r.toks[last].end)
    if found is None:
        return
    for key in ("entity", "elided", "modifier", "per", "kind"):
        attrs.pop(key, None)
    attrs["unit"] = found[0]
