"""Whose things an amount may be: someone named by kin, and some of another's things.

"Marisol had $50. Her brother had $40. Marisol spent $18 on a book. How much money does
Marisol have left?": an amount held by someone the text names by kin or friendship ("her
brother", "Tom's friend") is another holder's (:func:`kin_holder`, a set-aside reason). An
amount moved "of Ben's apples", "of his apples" or "of them" may be some of another holder's
(:func:`bound_of_anothers`): that holder's amount is then never set aside as someone else's.
Pure functions of a frame, quantity views and the target; used by
:mod:`practiceloop.arith.set_aside`.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.antecedents import RELATION_NOUNS
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.reading import QuantityView, TargetView, owner_of, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["bound_of_anothers", "kin_holder", "question_words"]


def bound_of_anothers(frame: ProblemFrame, bound: list[QuantityView], owner: str) -> bool:
    """A bound amount is told as some of someone's things, ``owner``'s or a pronoun's ("ate 4
    of Ben's apples", "4 of his apples", "lost 5 of them" after Ben's): ``owner``'s holding may
    be what it moved."""
    pattern = re.compile(
        rf"^\s*(?:[A-Za-z-]+\s+)?of\s+(?:his|her|their|them|{re.escape(owner)}['’]s)\b",
        re.IGNORECASE,
    )
    for b in bound:
        mention = frame.mention(b.mention_id)
        if mention is not None and pattern.search(frame.source_text[mention.span.end :]):
            return True
    return False


def question_words(frame: ProblemFrame, target: TargetView) -> list[str]:
    """The words of the question's sentence (lower case); none when the unknown is unread."""
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    return sentence_words(frame, unknown.span.sentence_index) if unknown is not None else []


_KIN_HOLDER: Final = re.compile(
    r"(?:^|[.,;!?]\s*|\band\s+)(?:[Hh]is|[Hh]er|[Tt]heir|[A-Z][a-z]+['’]s)\s+(?:[a-z]+\s+)?$"
)
"""What opens a kin holder's phrase before its noun: a possessive at the clause's start ("Her
brother had $40", "and his friend had 12"), an adjective between allowed ("her older
sister")."""


_MANY_ASKED: Final = frozenset({"they", "them", "their", "we", "us", "both", "together", "all"})


def kin_holder(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """ "Marisol had $50. Her brother had $40. Marisol spent $18. How much does Marisol have
    left?": an amount held (no move, no rate) by someone named by kin or friendship ("her
    brother", "Tom's friend"), whose phrase opens its clause, is another holder's, when the
    question asks a named owner and names no such person, and no bound amount is held by that
    noun. A move ("Her brother gave her $40") is a transfer, never set aside here."""
    if q.owner is not None or q.subject is not None or q.subject_noun not in RELATION_NOUNS:
        return False
    if q.direction is not None or q.per is not None or q.compare is not None or q.in_question:
        return False
    verb = (q.verb or "").split()
    if verb and verb[0] not in HAVE_VERBS:
        return False
    asked = owner_of(frame, target)
    if asked is None or asked == "group":
        return False
    asked_words = question_words(frame, target)
    if q.subject_noun in asked_words or any(b.subject_noun == q.subject_noun for b in bound):
        return False
    if _MANY_ASKED & set(asked_words):
        return False  # "How many do they have left?": the kin may be among them
    if bound_of_anothers(frame, bound, q.subject_noun or ""):
        return False  # "Tom lost 5 of them": of whose, after the brother's?
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    text = frame.source_text
    lo = max(0, mention.span.start - 120)
    before = text[lo : mention.span.start]
    noun = re.search(rf"\b{re.escape(q.subject_noun or '')}[a-z]*\s+\w+\s*\$?$", before)
    if noun is None:
        return False
    return _KIN_HOLDER.search(before[: noun.start()]) is not None
