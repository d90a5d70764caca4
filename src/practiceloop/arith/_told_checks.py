"""The target proof's checks of comparisons and totals whose sides are told apart by a kind,
an activity or a purpose (:mod:`._told_sides` reads them; this module holds the checks that
also need :mod:`._target_checks`, kept apart so that the set-aside reasons may import
:mod:`._told_sides` without a cycle). Pure functions of a frame, bound views and the target.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._target_checks import told_not_yet
from practiceloop.arith._told_sides import (
    kind_never_told,
    rate_moved_other_way,
    sides_of_another,
    told_sides,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    attribute,
    owner_of,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "parts_of_two_for_one",
    "side_not_done",
    "sides_uncovered",
    "told_sides_target",
]

_NOT_DONE_ASKED: Final = frozenset(
    {"will", "going", "want", "wants", "plan", "plans", "hope", "hopes", "would", "could",
     "should", "can", "might", "must", "need", "needs"}
)


def side_not_done(frame: ProblemFrame, sides: list[QuantityView], target: TargetView) -> bool:
    """A side of a comparison is a move told as not done ("Ann wants to buy 6 red pens and 2
    blue pens", "Every day Ryan wants to spend 6 hours ..."), and the question asks what was
    or is done ("does she buy", "did he spend"), not what is wanted or will be. A question
    that says it ("does she want to buy", "will she buy") asks the same."""
    unknown = frame.mention(target.mention_id or "")
    if target.tense == "future" or unknown is None:
        return False
    if set(sentence_words(frame, unknown.span.sentence_index)) & _NOT_DONE_ASKED:
        return False
    return any(not q.in_question and _not_yet(frame, q) for q in sides)


def _not_yet(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q``'s move is told not done: a word of :data:`NOT_DONE_WORDS` in the three words
    before its verb (:func:`told_not_yet`), or "to" right before it ("wants to buy"; not the
    "to" of "gave 9 cards to Kim and lost 15")."""
    if told_not_yet(frame, q):
        return True
    mention = frame.mention(q.mention_id)
    cue = frame.mention(attribute(mention.attributes, "cue") or "") if mention is not None else None
    if cue is None:
        return False
    said = frame.source_text[max(0, cue.span.start - 12) : cue.span.start].lower()
    before = re.findall(r"[a-z]+", said)
    return before[-1:] == ["to"]


def told_sides_target(
    frame: ProblemFrame,
    organ: str,
    bound: dict[str, QuantityView],
    target: TargetView,
    multiplied_total: bool,
) -> list[str]:
    """The target proof's codes for kinds and sides told apart: a kind asked that the story
    never tells (:func:`kind_never_told`, ``target_kind_untold``); a comparison of one
    holder's kinds or sides bound with another holder's (:func:`sides_of_another`,
    ``target_owner_mismatch``) or with a move not done (:func:`side_not_done`,
    ``side_move_unread``); a total asked by a move the other way than its rate's
    (:func:`rate_moved_other_way`, ``target_move_mismatch``; ``multiplied_total``: the
    relation multiplies groups into the asked total)."""
    codes = []
    if kind_never_told(frame, target):
        codes.append("target_kind_untold")
    if organ == "compare":
        sides = told_sides(bound)
        if sides_of_another(frame, sides, target, actor_names(frame)):
            codes.append("target_owner_mismatch")
        if side_not_done(frame, sides, target):
            codes.append("side_move_unread")
    if multiplied_total and rate_moved_other_way(frame, bound.get("per_group"), target):
        codes.append("target_move_mismatch")
    parts = [q for name, q in bound.items() if name.startswith("part_") and not q.in_question]
    if parts and target.mention_id not in {q.mention_id for q in parts}:
        if sides_uncovered(parts, target):
            codes.append("target_side_unread")
        if parts_of_two_for_one(frame, parts, target):
            codes.append("target_owner_mismatch")
        if side_not_done(frame, parts, target):
            codes.append("move_not_done")
    return codes


def sides_uncovered(parts: list[QuantityView], target: TargetView) -> bool:
    """A sum asked over sides the question lists ("to build the tower and the house", "on
    learning english, chinese and spanish", "on monday and tuesday") binds a part on a side
    it does not list, or no part on one it lists ("27 blocks to build a tower and 53 blocks to
    build a tower ... the tower and the house?"): each listed side is one of the sum's."""
    sides = (target.side or "").split(" and ")
    if len(sides) < 2:
        return False
    told = {q.side for q in parts}
    return not told <= set(sides) or not set(sides) <= told


_ONE_PERSON: Final = frozenset({"he", "she"})


def parts_of_two_for_one(
    frame: ProblemFrame, parts: list[QuantityView], target: TargetView
) -> bool:
    """A sum asked of "he" or "she" binds parts read as two holders' ("Ryan spent 6 hours ...
    Ann spent 7 hours ... How many hours did he spend?"): one person is asked, whoever the
    pronoun means."""
    said = frame.mention(target.subject or "")
    if said is None or said.span.text.lower() not in _ONE_PERSON:
        return False
    return len({owner_of(frame, q) for q in parts} - {None, "group"}) > 1
