"""The target proof's checks of comparisons and totals whose sides are told apart by a kind,
an activity or a purpose (:mod:`._told_sides` reads them; this module holds the checks that
also need :mod:`._target_checks`, kept apart so that the set-aside reasons may import
:mod:`._told_sides` without a cycle). Pure functions of a frame, bound views and the target.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._object_sides import sides_by_object_unread
from practiceloop.arith._target_checks import NOT_DONE_WORDS, told_not_yet
from practiceloop.arith._told_sides import (
    kind_never_told,
    of_the_subject_kind,
    rate_moved_other_way,
    sides_of_another,
    told_sides,
)
from practiceloop.arith.lexicon import (
    HAVE_VERBS,
    MODAL_WORDS,
    PRONOUNS,
    STOP_WORDS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    attribute,
    owner_of,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "groups_held",
    "groups_of_someone_else",
    "parts_of_two_for_one",
    "side_not_done",
    "sides_uncovered",
    "told_sides_target",
    "whole_sides_uncovered",
]

_NOT_DONE_ASKED: Final = frozenset(
    {
        "will",
        "going",
        "want",
        "wants",
        "plan",
        "plans",
        "hope",
        "hopes",
        "would",
        "could",
        "should",
        "can",
        "might",
        "must",
        "need",
        "needs",
    }
)


def side_not_done(
    frame: ProblemFrame, sides: list[QuantityView], target: TargetView, capacity: bool = False
) -> bool:
    """A side of a comparison is a move told as not done ("Ann wants to buy 6 red pens and 2
    blue pens", "Every day Ryan wants to spend 6 hours ..."), and the question asks what was
    or is done ("does she buy", "did he spend"), not what is wanted or will be. A question
    that says it ("does she want to buy", "will she buy") asks the same. With ``capacity``
    (a rate), a modal says what can be done each time ("It can make 3 shirts a minute"), no
    move left undone: only "will", "wants", "to" and the like tell it not done."""
    unknown = frame.mention(target.mention_id or "")
    if target.tense == "future" or unknown is None:
        return False
    if set(sentence_words(frame, unknown.span.sentence_index)) & _NOT_DONE_ASKED:
        return False
    return any(not q.in_question and _not_yet(frame, q, capacity) for q in sides)


def _not_yet(frame: ProblemFrame, q: QuantityView, capacity: bool = False) -> bool:
    """``q``'s move is told not done: a word of :data:`NOT_DONE_WORDS` in the three words
    before its verb (:func:`told_not_yet`), or "to" right before it ("wants to buy"; not the
    "to" of "gave 9 cards to Kim and lost 15", nor "had to read", "was able to use": done)."""
    words = NOT_DONE_WORDS - MODAL_WORDS if capacity else NOT_DONE_WORDS
    if told_not_yet(frame, q, words):
        return True
    mention = frame.mention(q.mention_id)
    cue = frame.mention(attribute(mention.attributes, "cue") or "") if mention is not None else None
    if cue is not None:
        verb_at = cue.span.start
    elif mention is not None and q.verb:  # a verb that moves nothing: "wants to read 4 pages"
        sentence = frame.sentences[mention.span.sentence_index]
        found = frame.source_text[sentence.start : mention.span.start].lower().rfind(q.verb)
        if found < 0:
            return False
        verb_at = sentence.start + found
    else:
        return False
    before = re.findall(r"[a-z]+", frame.source_text[max(0, verb_at - 24) : verb_at].lower())
    if before[-1:] == ["to"] and before[-2:-1] not in (["had"], ["able"]):
        return True  # "wants to buy"; "had to read 5 pages" was done
    return bool(words & set(before[-3:]))


def told_sides_target(
    frame: ProblemFrame,
    relation: Relation,
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
        if sides_by_object_unread(frame, relation, target):
            codes.append("target_side_unread")  # "42 suggested mashed potatoes ... 408 bacon"
        difference = [q for name, q in bound.items() if name == "difference"]
        if side_not_done(frame, sides + difference, target):
            codes.append("side_move_unread")  # "If he will spend 2 hours more on X than Y"
    if multiplied_total and rate_moved_other_way(frame, bound.get("per_group"), target):
        codes.append("target_move_mismatch")
    size, groups = bound.get("per_group"), bound.get("groups")
    if any(not of_the_subject_kind(q, target) for q in bound.values() if not q.in_question):
        codes.append("target_kind_unread")  # "... would the soda bottles last?" of water
    if (
        size is not None
        and not groups_held(relation, target)
        and side_not_done(frame, [size], target, capacity=True)
    ):
        codes.append("move_not_done")  # "Ryan wants to read 4 pages every day ... did he read?"
    if multiplied_total and groups is not None and groups_of_someone_else(frame, groups, target):
        codes.append("target_owner_mismatch")  # "If Ann learns for 6 days ... does Ryan spend?"
    parts = [q for name, q in bound.items() if name.startswith("part_") and not q.in_question]
    whole = bound.get("whole")
    if parts and whole is None:  # the sum asked
        if sides_uncovered(parts, target):
            codes.append("target_side_unread")
        if parts_of_two_for_one(frame, parts, target):
            codes.append("target_owner_mismatch")
        if side_not_done(frame, parts, target):
            codes.append("move_not_done")
    elif parts and whole is not None and organ == "combine":  # a part asked of a told whole
        if whole_sides_uncovered(whole, parts, target):
            codes.append("target_side_unread")
        asked = set((target.modifier or "").split())
        if asked and any(not q.modifier or asked & set(q.modifier.split()) for q in parts):
            codes.append("target_kind_unread")  # "5 pages of reading ... how many of reading?"
        owners = {owner_of(frame, q) for q in [whole, *parts]} | {owner_of(frame, target)}
        if owner_of(frame, whole) not in (None, "group") and len(owners - {None, "group"}) > 1:
            codes.append("target_owner_mismatch")  # "If Ann spends 2 hours ... does he spend"
    return codes


def groups_held(relation: Relation, target: TargetView) -> bool:
    """The question asks the groups as held things ("He plans to give 3 cupcakes each to his
    cousins. How many cousins does Jason have?"): how many there are is no move the rate
    does, so a rate told not done ("plans to give") leaves it as told. "How many cousins did
    he give cupcakes to?" asks a move, and days or hours asked ("How many days does she
    have?" over "she will drink 9 bottles a day") are how long the move lasts."""
    asked = [name for name, m in relation.roles if m == target.mention_id]
    held = target.verb is None or target.verb in HAVE_VERBS
    return asked == ["groups"] and held and target.unit is None and target.entity is not None


def whole_sides_uncovered(
    whole: QuantityView, parts: list[QuantityView], target: TargetView
) -> bool:
    """A whole told over listed sides ("a total of 3 hours on learning english and chinese")
    whose part is asked: the told parts and the asked one are on exactly those sides, one
    each ("2 hours on playing chess", or "How many hours on learning spanish?", are no
    part of it)."""
    sides = (whole.side or "").split(" and ")
    if len(sides) < 2:
        return False
    told = [q.side for q in parts] + [target.side]
    return sorted(told, key=str) != sorted(sides)


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


def groups_of_someone_else(frame: ProblemFrame, groups: QuantityView, target: TargetView) -> bool:
    """The groups of an asked total are told in a clause whose subject is a named person who
    is not the asked one ("Ryan spends 4 hours a day ... If Ann learns for 6 days, how many
    hours does Ryan spend?"): the nearest person named before the count in its sentence, no
    comma, "and" or pronoun between. A count told with no one, or with the asked one, is
    his."""
    asked = owner_of(frame, target)
    mention = frame.mention(groups.mention_id)
    if asked is None or asked == "group" or mention is None or groups.in_question:
        return False
    people = [
        m
        for m in frame.mentions
        if m.kind in ("actor", "pronoun")
        and m.span.sentence_index == mention.span.sentence_index
        and m.span.end <= mention.span.start
    ]
    if not people:
        return _named_subject(frame, mention.span.sentence_index) not in (None, asked)
    nearest = max(people, key=lambda m: m.span.start)
    between = frame.source_text[nearest.span.end : mention.span.start].lower()
    if nearest.kind != "actor" or "," in between or re.search(r"\band\b", between):
        return False
    name = attribute(nearest.attributes, "name")
    return name is not None and name != asked


def _named_subject(frame: ProblemFrame, sentence: int) -> str | None:
    """A capitalised word opening ``sentence`` followed by a verb in "-s" ("Ann learns for 6
    days"): a person the reader may not have read as one (no verb of its lists follows), in
    lower case; None otherwise."""
    words = re.findall(r"[A-Za-z]+", frame.sentences[sentence].text)
    if len(words) < 2 or not words[0][:1].isupper():
        return None
    first, verb = words[0].lower(), words[1].lower()
    if first in STOP_WORDS or first in PRONOUNS or noun_key(first) != first:
        return None
    return first if verb.endswith("s") and verb_key(verb) != verb else None
