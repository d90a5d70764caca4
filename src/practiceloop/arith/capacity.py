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

from practiceloop.arith.lexicon import TIME_UNITS, noun_key, told_in_past, verb_key, words
from practiceloop.arith.reading import (
    QuantityView,
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
    "capacity_read",
    "capacity_worked",
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
    if relation.role("groups") != target.mention_id:
        return ()
    size_id = relation.role("per_group")
    size = next((q for q in quantity_views(frame.mentions) if q.mention_id == size_id), None)
    mention = frame.mention(size_id or "")
    if size is None or mention is None or not asks_the_groups(size, target):
        return ()
    return _modals_of(frame, size, mention)


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
