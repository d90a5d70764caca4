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

from practiceloop.arith.lexicon import noun_key, words
from practiceloop.arith.reading import asks_the_groups, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["CAPACITY_MODALS", "CAPACITY_VERBS", "SHARING_ORGANS", "capacity_read"]

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
    if relation is None or relation.relation_type not in SHARING_ORGANS:
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
