"""Checks of a change's times and holders, read against the whole text (issue 15).

A change starts from what was held before its move. A question that asks the start "before"
something ("How many cans did he have before Saturday?", "before the show", "before she
donated") names the time or the event it asks about; that is the start only when it is the
first move's own time or event, as the story tells it ("After he collected 26 more on
Saturday"). A state told in the past is what was held at its point of the story: it ends only
the moves told before it. Pure functions of a frame, read by the target-continuity proof.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reading import QuantityView, TargetView
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "asked_before_another_move",
    "before_words",
    "handed_over_to_pay",
    "result_told_before_a_move",
    "start_asked_after",
    "start_told_after_a_move",
]

_SKIPPED: Final = lx.STOP_WORDS | lx.PRONOUNS | frozenset(
    {"she", "he", "it", "we", "i", "you", "any", "s", "did", "does", "do", "money"}
)
"""Words after "before" that name no time or event of their own ("before *she* donated")."""


def before_words(frame: ProblemFrame, target: TargetView) -> tuple[str, ...] | None:
    """The words that name what the question's "before" is before ("How many cans did he
    have before Saturday?": ``saturday``; "before he spent his money": ``spent``), each as
    its noun key and its verb key; None when the question says no "before"."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return None
    sentence = frame.sentences[unknown.span.sentence_index]
    found = re.search(
        r"\bbefore\b(.*)", frame.source_text[unknown.span.end : sentence.end], re.IGNORECASE
    )
    if found is None:
        return None
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", found.group(1))]
    keys: list[str] = []
    for word in said:
        if word in _SKIPPED:
            continue
        keys.extend({lx.noun_key(word), lx.verb_key(word) or word, word})
    return tuple(keys)


def _sentence_keys(frame: ProblemFrame, sentence: int) -> set[str]:
    """Every word of a sentence, as itself, its noun key and its verb key."""
    keys: set[str] = set()
    for word in re.findall(r"[A-Za-z]+", _sentence_text(frame, sentence).lower()):
        if word in lx.STOP_WORDS:
            continue
        keys.update({word, lx.noun_key(word), lx.verb_key(word) or word})
    return keys


def asked_before_another_move(
    frame: ProblemFrame, moves: list[QuantityView], target: TargetView
) -> bool:
    """ "Tim gathered 14 more acorns on Sunday ... How many did he have before Monday?": the
    start is asked "before" a time or an event that the sentence of the first move told
    (``moves``, the bound changes) does not name: what was held then is not read (before
    another move, or after this one). True then (the target proof refuses it). "before
    Saturday" over "collected 26 more on Saturday", "before the show" over "at a stamp
    show", "before she donated" over "donated 14", "before babysitting" over "earned $28
    babysitting" name the first move's own time or event; a question with no "before"
    asks nothing of it."""
    asked = before_words(frame, target)
    if asked is None:
        return False
    told = [q for q in moves if not q.in_question]
    if not told:
        return False
    first = min(told, key=lambda q: q.start)
    keys = _sentence_keys(frame, first.sentence)
    return not asked or not keys & set(asked)


def start_asked_after(frame: ProblemFrame, target: TargetView) -> bool:
    """ "He lost 12 in a game and now has 40. How many did he have after the game?": a question
    read as asking the start (what was held before the moves) that says "after" something
    asks what was held after it, not the start. True then (the target proof refuses it); a
    question that says no "after", or says "before", asks nothing of it."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    sentence = frame.sentences[unknown.span.sentence_index]
    said = frame.source_text[unknown.span.end : sentence.end].lower()
    return re.search(r"\bafter\b", said) is not None and re.search(r"\bbefore\b", said) is None


_PAST_STATE_VERBS: Final = frozenset({"had", "was", "were"})
"""A state told in the past: what was held then, not necessarily at the story's end."""


def result_told_before_a_move(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Linda had 50 balloons. Some popped and she had 36 left. Then she bought 10 more. How
    many popped?": a state told in the past ("had 36 left") is what was held at its own point
    of the story; a move told in a later sentence happened after it, so a relation whose
    result is that state cannot count that move among its changes. True then (the target
    proof refuses it). A result told in the present or with "now" ("She has 36 now. ... she
    bought 10 more") is the end of the story, whatever order the moves are told in; a later
    move told in the past perfect ("she had bought 10") happened before it."""
    result = bound.get("result")
    if result is None or result.in_question or result.verb not in _PAST_STATE_VERBS:
        return False
    if re.search(r"\bnow\b", _sentence_text(frame, result.sentence), re.IGNORECASE):
        return False
    for name, move in bound.items():
        if not name.startswith("change") or move.in_question or move.sentence <= result.sentence:
            continue
        if move.verb is None or not _in_past_perfect(
            _sentence_text(frame, move.sentence), move.verb
        ):
            return True
    return False


def _sentence_text(frame: ProblemFrame, sentence: int) -> str:
    return frame.sentences[sentence].text if 0 <= sentence < len(frame.sentences) else ""


def _in_past_perfect(text: str, verb: str) -> bool:
    """``verb`` is told in ``text`` after "had" ("she had bought 10", "had made ... initially"):
    a move that happened before the story's point."""
    return re.search(rf"\bhad\s+(?:\w+\s+)?{re.escape(verb)}\b", text, re.IGNORECASE) is not None


_TOLD_EARLIER: Final = re.compile(
    r"\b(?:initially|originally|earlier|before|at first|in the beginning"
    r"|to (?:start|begin) with)\b",
    re.IGNORECASE,
)
"""Words that place a state told later in the story before its moves."""


def handed_over_to_pay(frame: ProblemFrame, q: QuantityView) -> bool:
    """ "She bought 3 frames at $3 each. She paid with a $20 bill.": an amount the reader read
    as handed over to pay for the purchase (:mod:`~practiceloop.arith.reader.tendered`) is
    the money the purchase is paid from, told after it as the payment comes after the choice."""
    mention = frame.mention(q.mention_id)
    return mention is not None and ("tendered", "paid") in mention.attributes


def start_told_after_a_move(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Jim bought 4 packs of gum with 5 pieces in each pack. He chewed 7 pieces. How many
    pieces does he have left?": the start is what was held before the moves; an amount told
    after a move, with a verb that states no holding ("chewed", of no class or a move's
    class), is something done after it, not the start. True then (the target proof refuses
    it). A start told first, told after with a verb of holding ("She has 21 quarters"), or
    told as earlier ("He had made 48 cakes initially", "She weighed 69 kilograms before
    beginning jogging") is read as the story tells it."""
    start = bound.get("start")
    if start is None or start.in_question or lx.verb_class(start.verb) in (None, "observation"):
        return False
    text = _sentence_text(frame, start.sentence)
    if _TOLD_EARLIER.search(text) or _in_past_perfect(text, start.verb or ""):
        return False
    if handed_over_to_pay(frame, start):
        return False
    return any(
        name != "start"
        and not view.in_question
        and view.direction is not None
        and view.sentence < start.sentence
        for name, view in bound.items()
    )
