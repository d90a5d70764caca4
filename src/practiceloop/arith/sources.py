"""Money asked of one thing sold: "How much money did they make from selling the t-shirts?".

"The shop makes $5 off each jersey and $215 off each t-shirt. They sold 20 t-shirts and 64
jerseys. How much money did they make from selling the t-shirts?" asks the money one thing
brought in: the rate per that thing times how many of it were sold. The question names the
thing (its source, :func:`asked_source`); the rate per another thing listed beside the asked
one's is the text's own contrast (:func:`other_source`, a set-aside reason). Pure functions of
a frame, used by the reader's proposal, the organs' gate, the set-aside reasons and the target
proof, so that they agree.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import QuantityView, TargetView, attribute
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["SOURCE_KEY", "asked_source", "other_source"]

SOURCE_KEY: Final = "source"
"""The target attribute (and the unknown's) naming the thing the asked money came from."""

_JOINED: Final = re.compile(r"^\s*(?:dollars?\s+)?(?:\S+\s+){0,4}?(?:and|,)\s*(?:\$\s*)?$")


def asked_source(frame: ProblemFrame) -> str | None:
    """The thing the question asks the money of ("from selling the t-shirts": ``shirt``), as
    the reader recorded it on the target; None when the question names none."""
    if not frame.targets:
        return None
    return attribute(frame.targets[0].attributes, SOURCE_KEY)


def other_source(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is money per another thing than the asked one ("$5 off each jersey" when the
    money from selling the t-shirts is asked), listed in one sentence, under one verb, beside
    a bound rate of money per the asked thing ("$5 off each jersey and $215 off each
    t-shirt"): what the jerseys bring is no part of the t-shirts' money."""
    source = asked_source(frame)
    if source is None or q.per in (None, "each", source) or q.unit != target.unit:
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    for b in bound:
        other = frame.mention(b.mention_id)
        if other is None or b.per != source or b.sentence != q.sentence or b.unit != q.unit:
            continue
        if verb_stem(b.verb) != verb_stem(q.verb) and b.verb is not None and q.verb is not None:
            continue
        first, second = sorted((mention.span, other.span), key=lambda s: s.start)
        between = frame.source_text[first.end : second.start]
        if "." not in between and _JOINED.search(between) is not None:
            return True
    return False
