"""What the target proof checks of a sharing's groups (a partition, or a two-step organ that
ends in one): the sharing was done when the question asks of it as done, and the groups
counted are all the things were shared into.

Private to :mod:`practiceloop.arith.proofs`. Pure functions of a frame and its bound views.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._target_checks import NOT_DONE_WORDS
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["groups_listed_with_others", "shared_by_many_asked_of_one", "shared_not_yet"]


def shared_not_yet(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Ana picked 30 plums. She will pack them in 5 bags. How many plums are in each bag
    now?": the groups a sharing fills are told not filled yet ("will", "going", "wants",
    "plans", a modal among the three words before their clause's verb), while the question
    asks what they hold now or held in the past: nothing is in them yet. "How many will be in
    each bag?" (or a present question with no "now") asks the share as planned. The words are
    read in the groups' clause (after the last comma), before the count."""
    groups = bound.get("groups")
    if groups is None or groups.in_question:
        return False
    if target.time != "now" and target.tense != "past":
        return False
    mention = frame.mention(groups.mention_id)
    if mention is None:
        return False
    sentence = frame.sentences[groups.sentence]
    before = frame.source_text[sentence.start : mention.span.start].lower()
    clause = re.split(r"[,;]", before)[-1]
    return bool(NOT_DONE_WORDS & set(re.findall(r"[a-z]+", clause)))


_JOINED: Final = re.compile(r"^\s*(?:,\s*|,?\s*(?:and|or)\s+)$")


def groups_listed_with_others(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "She packed them in 5 bags and 2 boxes. How many plums were in each bag?": the count of
    groups a sharing fills is listed with a count of other groups under its verb (joined by
    "and", "or" or a comma, right after its noun or before it): the things went into both,
    so a share of the bags alone is not told."""
    groups = bound.get("groups")
    if groups is None or groups.in_question:
        return False
    mention = frame.mention(groups.mention_id)
    if mention is None:
        return False
    text = frame.source_text
    for other in quantity_views(frame.mentions):
        if other.mention_id == groups.mention_id or other.sentence != groups.sentence:
            continue
        if other.per is not None or (other.entity, other.unit) == (groups.entity, groups.unit):
            continue
        counted = other.entity if other.unit is None else other.unit
        if counted is None or counted == "money":
            continue
        found = frame.mention(other.mention_id)
        if found is None:
            continue
        first, second = (mention, found) if mention.span.start < found.span.start else (
            found, mention
        )
        noun = re.match(r"\s*(?:equal\s+)?([A-Za-z-]+)", text[first.span.end :])
        if noun is None or noun_key(noun.group(1).lower()) not in (groups.entity, counted):
            continue
        between = text[first.span.end + noun.end() : second.span.start]
        if _JOINED.match(between):
            return True
    return False


_MANY: Final = frozenset({"they", "them", "their", "both", "together", "we", "all"})


def shared_by_many_asked_of_one(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Rania baked 30 cookies and Zed baked 18. They put all the cookies in bags of 6. How
    many bags did Rania fill?": the sharing is told of "they" (the groups' or the size's
    subject is a plural pronoun) while the question asks one of them: what "they" shared is
    everyone's, and no share of one is told. A question of many ("they", "both", "together",
    a group) asks the sharing told, and so does a question that names no owner ("How many
    days will it take?")."""
    if target.owner is None or target.owner == "group":
        return False
    words = set(sentence_words(frame, target_sentence(frame)))
    if words & _MANY:
        return False
    for role in ("groups", "per_group"):
        view = bound.get(role)
        if view is None or view.in_question or view.subject is None:
            continue
        subject = frame.mention(view.subject)
        if subject is not None and ("pronoun", "they") in subject.attributes:
            return True
    return False


def target_sentence(frame: ProblemFrame) -> int:
    """The index of the question's sentence (-1 with no target)."""
    return frame.targets[0].evidence_spans[0].sentence_index if frame.targets else -1
