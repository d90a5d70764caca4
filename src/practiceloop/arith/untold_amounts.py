"""A move of an amount the text leaves unsaid, told beside a told one (issue 15).

"Omar had 60 candies. He ate 17 candies on Monday and some on Tuesday. How many candies does
he have now?": "and some" moves an amount nobody counts, in the same clause as the 17; what
Omar has now depends on it, so no change of the told numbers answers what is held after the
moves, or before them. "She gave 5 stickers to Bo and some to Cy" is the same. (An amount told
as "some more" that the question asks, or that a told total or difference fixes, is another
relation's to solve.) A pure function of a frame, read by the target-continuity proof for a
change's result or start.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.kernel.frame import ProblemFrame

__all__ = ["untold_amount_beside"]

_BESIDE: Final = re.compile(
    r"\d[^.?!;]*?\band\s+(?:some|a\s+few|several)(?:\s+more)?"
    r"(?=\s+(?:on|to|in|at|for|with|during|from|later|yesterday|today)\b|\s*[.,;!?]|\s*$)",
    re.IGNORECASE,
)
"""A number, then "and some" with its noun unsaid (the same things), before a preposition
or the clause's end: "17 candies on Monday and some on Tuesday", "5 stickers to Bo and some
to Cy"; "and some more cups of flour" names other things."""


def untold_amount_beside(frame: ProblemFrame, question: int) -> bool:
    """True when a sentence of the story (any but ``question``, the question's index) tells a
    number and then, in the same clause, "and some" / "and a few" / "and several" of the same
    things, an amount it does not count ("ate 17 on Monday and some on Tuesday")."""
    return any(
        _BESIDE.search(sentence.text) is not None
        for index, sentence in enumerate(frame.sentences)
        if index != question
    )
