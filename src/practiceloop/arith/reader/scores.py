"""Stage 7b of the reader: a score asked by "what", in the points the text counts.

"What would her score be?", "What was his final score?": the question asks the points scored
in all, a form :func:`~.question.read_target` reads through this rule when neither "how
many/much" nor "what is the total" is said. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.reading import attribute

__all__ = ["score_asked"]

_BE: Final = frozenset({"is", "was", "be", "will", "would"})
_WHOSE: Final = frozenset({"his", "her", "their", "the"})
_WHOLE: Final = frozenset({"final", "total"})


def score_asked(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "What would her score be?", "What was his final score?", "What is their total
    score?": the points asked in all (entity ``point``, state ``in_all``), when the text
    counts points ("5 points for each shell"). Returns the token of "what" and the index after
    "score"; None for another form, or a text that counts no points (a score in goals or runs
    is not read)."""
    points = any(
        m.kind == "quantity" and attribute(m.attributes, "entity") == "point" for m in r.mentions
    )
    if not points:
        return None
    for at in range(lo, hi):
        if r.word(at) != "what":
            continue
        probe = at + 1
        while r.word(probe) in _BE and probe < at + 3:
            probe += 1
        if probe == at + 1 or r.word(probe) not in _WHOSE:
            continue
        probe += 1 + (r.word(probe + 1) in _WHOLE)
        if r.word(probe) != "score":
            continue
        attrs["entity"], attrs["state"] = "point", "in_all"
        return at, probe + 1
    return None
