"""The number a scale question counts its holders by: "How many shells do the three of them
have together?" (see :mod:`practiceloop.arith.scales`).

"Kim has 4 shells. Lou has twice as many shells as Kim. Max has 3 times as many shells as
Lou. How many shells do the three of them have together?" The question's "three" is no
amount: it counts the holders the sum is asked of (``listed_whole_asked`` reads the question
as ``counted``, and the scale reading checks that the text names exactly that many holders).
The reader reads it as a quantity ("3 of them"), which a scale reading would otherwise leave
unaccounted; :func:`counted_holders` finds that one mention so the reading binds it (role
``holders``) and consumes its span: the subset hazard the reader observes there is the count
the reading checked, no part of any amount.

Sound because: the mention must be in the question sentence, its span exactly the count word
of "the <N> of them", "the <N>" or "all <N> (of them)" right before the question's verb, and
its value the number of holders the text scales (``listed_whole_asked`` and the reading's own
count check both hold); any other number of the question ("How many shells do the three of
them have after 2 days?") is refused by the question reading before this is asked.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.reading import mention_value
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["counted_holders"]

_COUNT: Final = re.compile(
    r"\b(?:[Tt]he|[Aa]ll) (?P<n>two|three|four|2|3|4)(?: of them)? [a-z]+(?: [a-z]+)*\?$"
)
"""The counted subject of a question ("do the three of them have in all?"): its count word."""


def counted_holders(
    mentions: tuple[Mention, ...], ask: SourceSpan, count: int
) -> Mention | None:
    """The one quantity mention of the question sentence ``ask`` that is the count word of its
    counted subject ("three" of "How many shells do the three of them have?"), of value
    ``count``; None when the question counts no holders so, or the mention is not that word."""
    text = ask.text.rstrip()
    match = _COUNT.search(text)
    if match is None:
        return None
    start = ask.start + match.start("n")
    end = ask.start + match.end("n")
    found = [
        m
        for m in mentions
        if m.kind == "quantity" and m.span.sentence_index == ask.sentence_index
    ]
    if len(found) != 1 or (found[0].span.start, found[0].span.end) != (start, end):
        return None
    if mention_value(found[0]) != Fraction(count):
        return None
    return found[0]
