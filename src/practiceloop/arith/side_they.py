"""Wholes told of "they", a condition told in the question, a discourse connective: three
rules of the chain reading (:mod:`practiceloop.arith.side_chains`).

* *A whole told of "they"* (:func:`they_whole_marks`, :func:`they_after_every_holder`):
  "Anais has 30 more toys than Kamari. Together they have 160 toys." The sum of the holders
  the story told before it, said with "they" and one word of a sum ("together", "altogether",
  "in all", "combined", "in total", "between them", "a total of"; "together ... a total of"
  is one sum said twice). "They have 160 toys" with no such word may be each one's, and a
  holder first named after the clause ("... Together they have 25. Cy has 3 more than Ann")
  is no one "they" can mean: both refused.
* *A condition told in the question* (:func:`question_condition`): "If they drew 41 pictures
  altogether, how many did Randy draw?" tells a fact before it asks; the condition is read as
  a story clause, the rest as the question.
* *A discourse connective* (:func:`connective_end`): "However, Tapanga has 8 more candies than
  Corey." "However" contrasts with what was said, it tells no amount, holder or time.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.kernel.span import SourceSpan

__all__ = [
    "connective_end",
    "question_condition",
    "they_after_every_holder",
    "they_whole_marks",
]

_CONNECTIVES: Final = re.compile(r"(?:however|moreover|furthermore|in addition),? ")
"""Sentence openers that join a sentence to the story and tell nothing of its amounts."""


def connective_end(body: str) -> int:
    """Where a sentence's discourse connective ends ("however, " of "however, tapanga has 8
    more candies than corey"), 0 when it opens with none. ``body`` is lower case."""
    match = _CONNECTIVES.match(body)
    return match.end() if match is not None else 0


def they_whole_marks(marks: list[str]) -> bool:
    """A whole told of "they" says it is a sum: exactly one of "together", "in all" (and the
    other words of ``_ALL``) or "a total of", or "together" with "a total of" ("Together they
    have a total of 35 floors"). ``marks`` names the groups of the pattern that matched."""
    return len(marks) == 1 or sorted(marks) == ["tog", "tot"]


def they_after_every_holder(
    whole_at: int,
    told: list[tuple[int, frozenset[str]]],
    everyone: frozenset[str],
    named_before: frozenset[str],
) -> bool:
    """ "they" of a whole at offset ``whole_at`` means every holder of the reading only when
    each was named before it: in a clause told earlier (``told``: each clause's offset and its
    holders) or in a sentence of no number before it naming them together (``named_before``).
    "Ann has 5 more than Bo. Together they have 25. Cy has 3 more than Ann." is refused: "they"
    there is Ann and Bo, never Cy."""
    before = set(named_before)
    for at, holders in told:
        if at < whole_at:
            before |= holders
    return everyone <= before


_CONDITION: Final = re.compile(r"if\s+(?P<c>[^,?]+),\s+(?P<q>(?:how|what) [^,]+\?)")


def question_condition(span: SourceSpan) -> tuple[SourceSpan, SourceSpan] | None:
    """The question sentence "If <clause>, how many ...?" as the condition's span (without
    "If") and the question's span, or None when it opens with no condition. Only one
    condition, with no comma inside it, and a question of no comma."""
    text = span.text.strip()
    lead = span.start + (len(span.text) - len(span.text.lstrip()))
    match = _CONDITION.fullmatch(text.lower())
    if match is None:
        return None
    condition = SourceSpan(
        text=text[match.start("c") : match.end("c")],
        start=lead + match.start("c"),
        end=lead + match.end("c"),
        sentence_index=span.sentence_index,
    )
    question = SourceSpan(
        text=text[match.start("q") : match.end("q")],
        start=lead + match.start("q"),
        end=lead + match.end("q"),
        sentence_index=span.sentence_index,
    )
    return condition, question
