"""A modal of capacity read as a rate: "each van can hold 6 people", "can make 4 shirts a minute".

A modal ("can", "could", "would") asserts no fact, so the reader observes it and every organ
refuses where it stands (``modal_assertion``). One modal says a fact all the same: a capacity
or a speed ("each crate can hold 8 jars", "the press can print 5 pages a minute") is the rate
itself, and a problem that asks how many containers were filled, or how long the work took,
uses it only as the size of each share. :func:`capacity_read` is that reading, one pure
function of the frame and the relation, used by the partition organs' gate (what they read
is no hazard for them) and by cue accounting (the modal is consumed), so that both agree.

It holds only when all of these hold:

* the relation shares (``partition``, ``combine_partition``, ``change_partition``) and its
  ``groups`` role is the question's unknown: the count of containers or the time is asked;
* its ``per_group`` amount is a rate per what the question asks
  (:func:`~practiceloop.arith.reading.asks_the_groups`);
* the modal ("can", "could", "would") stands in that amount's sentence and only a verb of
  holding or making (:data:`CAPACITY_VERBS`), with at most "only" or "just" before it,
  stands between the modal and the amount; or the amount is the size a thing is sold in,
  "can be bought (purchased, sold) in packs of 4", its groups the rate's plural noun.

Refused (no span read): a modal before any other verb ("can have", "could buy"), a modal
away from the rate, a negated modal ("can't hold" is a negation), a size or a total asked
("how many people are on the bus?", "how many pages did it print?"), and every modal of a
relation that shares nothing. Whether the shares come out whole is the domain proof's (a
partition refuses a fractional count of groups); rounding up ("will they need") or down
("would she fill up") is no rule here, so an inexact share stays refused.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import (
    STOP_WORDS,
    TIME_UNITS,
    noun_key,
    told_in_past,
    verb_key,
    words,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    asks_the_groups,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = [
    "CAPACITY_MODALS",
    "CAPACITY_VERBS",
    "SHARING_ORGANS",
    "WORKING_VERBS",
    "capacity_asked",
    "capacity_of_a_whole",
    "capacity_read",
    "capacity_worked",
    "price_can_buy",
    "whole_of",
]

CAPACITY_MODALS: Final = words("can could would")
CAPACITY_VERBS: Final = words(
    "hold holds fit carry seat make print produce bake type fill pack"
)
"""Verbs whose object, under a modal, is a capacity or a speed: how much one container holds
or one period makes."""

SHARING_ORGANS: Final = frozenset({"partition", "combine_partition", "change_partition"})

_HEDGES: Final = words("only just")
_SOLD: Final = words("bought purchased sold")
_WORD: Final = re.compile(r"[A-Za-z']+|\S")


def _holds(between: list[str]) -> bool:
    """ "can hold 6", "would only hold 6", "can make 4": a verb of holding or making alone."""
    return len(between) == 1 and between[0] in CAPACITY_VERBS


def _sold_in(between: list[str], group: str | None) -> bool:
    """ "can be bought in packs of 4": the size a package is sold in, its group the rate's."""
    return (
        len(between) == 5
        and between[0] == "be"
        and between[1] in _SOLD
        and between[2] == "in"
        and noun_key(between[3]) == group
        and between[3] != group
        and between[4] == "of"
    )


def capacity_read(frame: ProblemFrame, relation: Relation | None) -> tuple[tuple[int, int], ...]:
    """The (start, end) of every modal ``relation`` reads as a capacity rate (see the module
    docstring); empty when the relation shares nothing, asks no count of groups, or its rate
    is told with no such modal."""
    if relation is None:
        return ()
    if relation.relation_type == "equal_groups":
        return capacity_worked(frame, relation)
    if relation.relation_type not in SHARING_ORGANS:
        return ()
    target = target_view(frame.targets)
    if target is None or target.mention_id is None:
        return ()
    if relation.role("per_group") == target.mention_id and relation.relation_type == "partition":
        asked = capacity_asked(frame, target)
        whole = _wholes(frame, relation)
        return (*asked, *whole) if asked and whole else price_can_buy(frame, relation, target)
    if relation.role("groups") != target.mention_id:
        return ()
    size_id = relation.role("per_group")
    size = next((q for q in quantity_views(frame.mentions) if q.mention_id == size_id), None)
    mention = frame.mention(size_id or "")
    if size is None or mention is None or not asks_the_groups(size, target):
        return ()
    return _modals_of(frame, size, mention) + _wholes(frame, relation)


_AT_ONCE: Final = re.compile(r"\bat (?:the same time|a time|once)\b", re.IGNORECASE)
_WHOLE_VERBS: Final = CAPACITY_VERBS | words("ride sit")


def capacity_of_a_whole(frame: ProblemFrame, q: QuantityView) -> tuple[int, int] | None:
    """ "20 people can ride the wheel at the same time", "If 18 people can sit in the hall at
    once": an amount whose own noun the modal follows ("20 people can"), before a verb of
    holding, riding or sitting, in a sentence that says "at the same time", "at a time" or
    "at once", tells how many a whole holds at one time: a capacity, the total its groups
    share. The modal's (start, end), or None ("20 people can ride the wheel" says no
    capacity: they may ride it one by one)."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return None
    sentence = frame.sentences[mention.span.sentence_index]
    if _AT_ONCE.search(sentence.text) is None:
        return None
    for observation in frame.observations:
        if observation.kind != "modal":
            continue
        for span in observation.evidence_spans:
            if span.sentence_index != mention.span.sentence_index or span.start < mention.span.end:
                continue
            between = _WORD.findall(frame.source_text[mention.span.end : span.start].lower())
            after = _WORD.findall(frame.source_text[span.end : span.end + 20].lower())[:1]
            if (
                span.text.lower() in CAPACITY_MODALS
                and len(between) <= 2
                and all(w.isalpha() and w not in STOP_WORDS for w in between)
                and after
                and after[0] in _WHOLE_VERBS
            ):
                return (span.start, span.end)
    return None


_HOLDER_SKIP: Final = words("the a an his her their its on in into")


def whole_of(frame: ProblemFrame, q: QuantityView) -> str | None:
    """The noun key of the whole a capacity amount is of ("20 people can ride *the wheel* at
    the same time": ``wheel``), the head of the noun phrase after its verb; None when ``q`` tells no
    capacity of a whole (:func:`capacity_of_a_whole`) or names no whole."""
    span = capacity_of_a_whole(frame, q)
    if span is None:
        return None
    after = _WORD.findall(frame.source_text[span[1] : span[1] + 60].lower())[1:8]
    while after and after[0] in _HOLDER_SKIP:
        after = after[1:]
    phrase = []
    for word in after:  # "the Ferris wheel in the park": the phrase's last word heads it
        if not word.isalpha() or word in STOP_WORDS:
            break
        phrase.append(word)
    return noun_key(phrase[-1]) if phrase else None


def _wholes(frame: ProblemFrame, relation: Relation) -> tuple[tuple[int, int], ...]:
    """The capacity modals of the relation's total (:func:`capacity_of_a_whole`); at the gate,
    with no total bound yet, of every amount of the text."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    total_id = relation.role("total")
    told = [views[total_id]] if total_id in views else list(views.values())
    return tuple(span for q in told if (span := capacity_of_a_whole(frame, q)) is not None)


def capacity_asked(frame: ProblemFrame, target: TargetView) -> tuple[tuple[int, int], ...]:
    """ "How many people can each seat hold?": the question's modal right before "each" and
    the group it asks per (``target.per``), then a verb of holding, riding or sitting, asks
    a capacity of one group: the (start, end) of that modal, or ()."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or target.per is None:
        return ()
    sentence = frame.sentences[unknown.span.sentence_index]
    for found in _ASKED_CAPACITY.finditer(sentence.text):
        modal, group, verb = found.group(1, 2, 3)
        if noun_key(group.lower()) == target.per and verb.lower() in _WHOLE_VERBS:
            start = sentence.start + found.start(1)
            return ((start, start + len(modal)),)
    return ()


_ASKED_CAPACITY: Final = re.compile(
    r"\b(can|could|would)\s+each\s+([A-Za-z]+)\s+([A-Za-z]+)\b", re.IGNORECASE
)


def _modals_of(
    frame: ProblemFrame, size: QuantityView, mention: Mention
) -> tuple[tuple[int, int], ...]:
    """The modals of ``size``'s sentence told right before a verb of holding or making and
    its amount ("can make 4 shirts a minute"), or before "be sold in packs of"."""
    read = []
    for observation in frame.observations:
        if observation.kind != "modal":
            continue
        for span in observation.evidence_spans:
            if span.sentence_index != mention.span.sentence_index:
                continue
            if span.end > mention.span.start or span.text.lower() not in CAPACITY_MODALS:
                continue
            between = _WORD.findall(frame.source_text[span.end : mention.span.start].lower())
            while between and between[0] in _HEDGES:
                between = between[1:]
            if _holds(between) or _sold_in(between, size.per):
                read.append((span.start, span.end))
    return tuple(read)


def _asked_with_did(frame: ProblemFrame, unknown: Mention) -> bool:
    """The question's first auxiliary after the unknown is "did": it asks what was done."""
    tail = frame.source_text[unknown.span.end : unknown.span.end + 40].lower()
    aux = next((w for w in _WORD.findall(tail) if w in _AUXILIARIES), None)
    return aux == "did"


_AUXILIARIES: Final = words("did does do will would can could is are was were has have had")

WORKING_VERBS: Final = words("work run operate")
"""Verbs that tell a machine or a worker was at work for a time ("It worked for 5 minutes"):
beside the rate's own verb, the only ones whose time the capacity fills."""


def capacity_worked(frame: ProblemFrame, relation: Relation) -> tuple[tuple[int, int], ...]:
    """ "An industrial machine can make 4 shirts a minute. It worked for 5 minutes. How many
    shirts did it make?": a speed told with a modal ("can make 4 shirts a minute") is a rate
    per a time; over a time the text tells was worked, in the past ("It worked for 5
    minutes", "it ran for", "it made shirts for"), the question asking in the past what the
    rate's own verb made ("did it make"), the total is that rate times that time. The
    modal's (start, end) is read (the gate and cue accounting then let it be) only when all
    of these hold:

    * the relation is ``equal_groups``, its total the question's unknown, its ``per_group``
      a rate per a time unit (:data:`~practiceloop.arith.lexicon.TIME_UNITS`) told with the
      modal right before a verb of making (:func:`_modals_of`);
    * its ``groups`` amount counts that time unit and was told in the past with the rate's
      own verb or a verb of working (:data:`WORKING_VERBS`), in a sentence with no modal;
    * the question asks the rate's own verb, in the past, with no modal of its own.

    Refused (nothing read): a time that is only held or available ("It has 5 minutes"), one
    of rest ("It rested for 5 minutes"), one not yet worked ("It will work", "It can work"),
    a question of ability ("How many can it make?") or of another verb ("did it fold?"), and
    a rate per a thing ("can hold 6 people"): what a container can hold is no total of what
    it held."""
    target = target_view(frame.targets)
    if target is None or target.mention_id is None or relation.role("total") != target.mention_id:
        return ()
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size = views.get(relation.role("per_group") or "")
    mention = frame.mention(relation.role("per_group") or "")
    if size is None or mention is None or size.per not in TIME_UNITS:
        return ()
    made = verb_key(size.verb)
    if made is None or verb_key(target.verb) != made:
        return ()
    modal_sentences = {
        span.sentence_index
        for o in frame.observations
        if o.kind == "modal"
        for span in o.evidence_spans
    }
    unknown = frame.mention(target.mention_id)
    if unknown is None or unknown.span.sentence_index in modal_sentences:
        return ()
    if not (told_in_past(target.verb) or _asked_with_did(frame, unknown)):
        return ()
    groups_id = relation.role("groups")
    # at the gate the groups are not bound yet: some amount of the text must qualify
    told = [views[groups_id]] if groups_id in views else list(views.values())
    if not any(
        g.unit == size.per
        and told_in_past(g.verb)
        and verb_key(g.verb) in WORKING_VERBS | {made}
        and g.sentence not in modal_sentences
        for g in told
    ):
        return ()
    return _modals_of(frame, size, mention)


_CAN_BUY: Final = re.compile(
    r"\b(can|could)\s+be\s+(?:bought|purchased)\s+(?:with|for)\b", re.IGNORECASE
)
_WITH_MONEY: Final = re.compile(r"^\s*with\s*$", re.IGNORECASE)


def price_can_buy(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> tuple[tuple[int, int], ...]:
    """ "6 packs of dvds can be bought with 120 dollars", "With 28 dollars 2 packs can be
    bought": money that buys a count of things, told with a modal, says each one's price; a
    partition asking that price ("How much does each pack cost?") reads the modal (its
    (start, end)) when its groups count the packs ``target.per`` names, its total is the
    money of that sentence, and nothing but the money's "with" (or "for") and the modal's
    "be bought" joins them. Any other modal stays a hazard."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    if target.unit != "dollar" or target.per is None:
        return ()
    total_id, groups_id = relation.role("total"), relation.role("groups")
    money = [views[total_id]] if total_id in views else [
        q for q in views.values() if q.unit == "dollar" and q.per is None
    ]  # fmt: skip
    counts = [views[groups_id]] if groups_id in views else [
        q for q in views.values() if target.per in (q.unit, q.entity) and q.per is None
    ]  # fmt: skip
    for m in money:
        for g in counts:
            span = _bought_with(frame, m, g)
            if span is not None:
                return (span,)
    return ()


def _bought_with(
    frame: ProblemFrame, money: QuantityView, count: QuantityView
) -> tuple[int, int] | None:
    """The modal of "<count> <things> can be bought with <money>" or "With <money> <count>
    <things> can be bought" in one sentence, or None."""
    m, c = frame.mention(money.mention_id), frame.mention(count.mention_id)
    if m is None or c is None or m.span.sentence_index != c.span.sentence_index:
        return None
    text = frame.source_text
    if c.span.end <= m.span.start:
        between = text[c.span.end : m.span.start]
        found = _CAN_BUY.search(between)
        if found is None or between[found.end() :].strip():
            return None
        return (c.span.end + found.start(1), c.span.end + found.end())
    sentence = frame.sentences[m.span.sentence_index]
    if not _WITH_MONEY.match(text[sentence.start : m.span.start]):
        return None
    after = text[c.span.end : sentence.end]
    found = re.match(r"^\s*(?:[A-Za-z]+\s+){0,3}?(can|could)\s+be\s+(?:bought|purchased)\b", after)
    if found is None:
        return None
    return (c.span.end + found.start(1), c.span.end + found.end())
