"""The people who told a fact: "He was told by 94 of the pickers that they fill 90 drums a day".

A number in "told by N of the <people> that ..." counts who said what follows, not what is
said: the amounts of the "that" clause are the story, the informants only its source. Such a
count cannot bear on an asked amount the question does not ask of them (per picker, or the
pickers themselves): :func:`informants_counted` is that set-aside reason, one pure function
used by quantity accounting (through :mod:`.set_aside`) and by cue accounting (the "N of the
pickers" subset it reads is consumed there, :func:`informant_spans`).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import PERSON_NOUNS, noun_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    quantity_views,
    sentence_words,
    target_view,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["informant_spans", "informants_counted", "may_tell"]

_TOLD_BY: Final = re.compile(r"\b(?:told|informed|assured)\s+by\s*$", re.IGNORECASE)
_THAT: Final = re.compile(
    r"^\s*(?:of\s+(?:the|his|her|their)\s+)?([A-Za-z]+)\s+that\b", re.IGNORECASE
)
_WORKERS: Final = re.compile(r"(?:er|ers|or|ors|ist|ists)$")


def may_tell(people: str) -> bool:
    """``people`` (a noun, any form) names who may tell a fact: a person noun ("friends",
    "kids") or a noun of doers ("pickers", "workers", "sailors"); "apples" tell nothing."""
    word = people.lower()
    return word in PERSON_NOUNS or noun_key(word) in PERSON_NOUNS or bool(_WORKERS.search(word))


def informants_counted(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts who told a fact ("He was told by 94 of the pickers that they fill 90 drums
    in 6 days"): right after "told by" (or "informed by", "assured by"), "N of the <people>"
    then "that", the people a person noun or a noun of doers ("pickers", "workers"). Held
    only when every bound amount is told after that "that" or in another sentence, and the
    question never names those people (not "per picker", not "how many pickers")."""
    mention = frame.mention(q.mention_id)
    if mention is None or q.per is not None or q.compare is not None or q.entity is None:
        return False
    text = frame.source_text
    if _TOLD_BY.search(text[max(0, mention.span.start - 20) : mention.span.start]) is None:
        return False
    found = _THAT.match(text[mention.span.end : mention.span.end + 40])
    if found is None:
        return False
    people = found.group(1).lower()
    if noun_key(people) != q.entity:
        return False
    if not may_tell(people):
        return False
    that_at = mention.span.end + found.end()
    if any(b.sentence == q.sentence and b.start < that_at for b in bound):
        return False
    unknown = frame.mention(target.mention_id or "")
    question = sentence_words(frame, unknown.span.sentence_index) if unknown is not None else []
    asked = {target.entity, target.per, target.unit, target.subject_noun}
    return q.entity not in asked and q.entity not in {noun_key(w) for w in question}


def informant_spans(frame: ProblemFrame, relation: Relation) -> tuple[tuple[int, int], ...]:
    """The (start, end) of every amount the relation leaves out as its informants
    (:func:`informants_counted`): the "N of the pickers" read there is no subset of the
    story's amounts."""
    target = target_view(frame.targets)
    if target is None:
        return ()
    views = quantity_views(frame.mentions)
    bound_ids = {m for _, m in relation.roles if m is not None}
    bound = [v for v in views if v.mention_id in bound_ids]
    spans = []
    for q in views:
        if q.mention_id in bound_ids:
            continue
        mention = frame.mention(q.mention_id)
        organ = relation.relation_type
        if mention is not None and informants_counted(frame, organ, q, bound, target):
            spans.append((mention.span.start, mention.span.end))
    return tuple(spans)
