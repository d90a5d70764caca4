"""Numbers of the question that restate what the story told, no amount: "How much did he
make in those two days?" after the two days told (:func:`restated_periods`). Split out of
:mod:`.set_aside` (which re-exports both functions) to keep it under 600 lines."""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import WEEKDAYS, QuantityView, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["restated_numbers", "restated_periods"]

_RESTATING: Final = frozenset({"those", "these", "the", "all"})


def _period_of(side: str | None, unit: str) -> bool:
    """``side`` names one period of ``unit``: a weekday is a day; "first week" is a week."""
    words = (side or "").split()
    if not words or " and " in (side or ""):
        return False
    return (unit == "day" and words[-1] in WEEKDAYS) or noun_key(words[-1]) == unit


def restated_periods(frame: ProblemFrame, q: QuantityView, bound: list[QuantityView]) -> bool:
    """ "On Monday he worked 4 hours and on Tuesday he worked 3 hours. How much did he make in
    those two days?": a number of the question, told "those/these/the N <periods>", restates
    the periods the story told, no amount: every bound amount that is no rate is read at a
    period of that unit ("monday", "tuesday" are days), and there are exactly N of them. "In
    those three days" after two days told, a period no amount is read at, or a number of
    another thing ("those two boxes") is none."""
    if not q.in_question or q.unit is None or q.entity not in (None, q.unit) or q.value is None:
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    before = frame.source_text[max(0, mention.span.start - 8) : mention.span.start].split()
    if not before or before[-1].lower() not in _RESTATING:
        return False
    if WEEKDAYS & set(sentence_words(frame, q.sentence)):
        return False  # "in those two days and on Friday": another period asked beside them
    counted = [b for b in bound if b.per is None and not b.in_question]
    if not counted or not all(_period_of(b.side, q.unit) for b in counted):
        return False
    return len({b.side for b in counted}) == q.value


def restated_numbers(frame: ProblemFrame, views: dict[str, QuantityView]) -> set[str]:
    """The question's numbers that restate the periods every amount of the story is told at
    (:func:`restated_periods`, over all the story's amounts
    that are no rate: quantity accounting checks it again over the amounts bound)."""
    told = [q for q in views.values() if not q.in_question and q.per is None]
    return {
        q.mention_id for q in views.values() if q.in_question and restated_periods(frame, q, told)
    }
