"""The combine organ: two or more parts make a whole.

Relation ``combine`` with roles ``part_1`` .. ``part_k`` and ``whole`` (one of them the
question's unknown). ``whole = part_1 + ... + part_k``. Owners may differ (Adam's and Jackie's
apples make the apples in all); units and entities may not.
"""

from __future__ import annotations

from practiceloop.arith._told_sides import summed_rate_group
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import (
    TargetView,
    entity_compatible,
    is_relative,
    of_asked_holder_and_time,
    quantity_views,
)
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "CLASSIFICATION",
    "ORGAN",
    "SPEC",
    "VERSION",
    "applies",
    "assess",
    "candidates",
    "of_any_kind",
]

ORGAN = "combine"
VERSION = "arith_combine.v9"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Parts: compatible plain amounts; the whole: a compatible amount read as "in all"."""
    views = quantity_views(frame.mentions)
    group = summed_rate_group(frame, target)  # "Each basket has 7 red and 3 green peaches"
    kind = None if of_any_kind(frame, relation, target) else target
    fits = [
        q
        for q in views
        if entity_compatible(q.entity, q.modifier if kind else None, q.unit, target)
        and q.compare is None
        and q.per == group
        and not is_relative(q, views)
    ]
    # "How many blocks did he use ... altogether": parts are what was used, not what he has
    asked = (
        verb_stem(target.verb)
        if target.verb is not None and target.verb not in HAVE_VERBS
        else None
    )
    if asked is not None:  # by the asked verb, moving the asked way ("got off", not "got on")
        fits = [
            q
            for q in fits
            if verb_stem(q.verb) == asked
            and (None in (target.direction, q.direction) or q.direction == target.direction)
        ]
    else:  # what is held in all: an amount taken away is a change, not a part
        fits = [q for q in fits if q.direction != "loss"]
    if target.activity is not None:
        fits = [q for q in fits if q.activity == target.activity]
    if target.objects is not None:  # "How much did he spend on the battery and the radio?"
        fits = [q for q in fits if q.object in target.objects.split()]
    if target.subject_noun is not None:
        fits = [q for q in fits if q.subject_noun == target.subject_noun]
    # the whole asked: the asked owner's amounts ("How many did Allan bring?"), at the asked
    # times ("in the morning and evening"); a part asked is the other side of a known whole
    if relation.role("whole") == target.mention_id:
        fits = of_asked_holder_and_time(frame, target, fits)
    parts = tuple(q.mention_id for q in fits if q.state != "in_all")
    found: dict[str, tuple[str, ...]] = {
        name: parts for name, _ in relation.roles if name.startswith("part_")
    }
    found["whole"] = tuple(q.mention_id for q in fits if q.state == "in_all")
    return found


def of_any_kind(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """ "5 pages of math homework and yet more pages of reading homework ... a total of 7
    pages of homework. How many pages of reading homework?": a part of one kind asked of a
    whole told of no kind (bound as the relation's whole) is that whole less the parts of the
    other kinds, whichever they are (the unit proof checks that none is of the asked kind)."""
    whole = next(
        (q for q in quantity_views(frame.mentions) if q.mention_id == relation.role("whole")),
        None,
    )
    return (
        target.modifier is not None
        and whole is not None
        and whole.modifier is None
        and (whole.entity, whole.unit) == (target.entity, target.unit)
    )


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=(),
    owners_agree=False,
    candidates=candidates,
    unplaced=("per", "compare", "relative", "loss"),
)

CLASSIFICATION = table_for(("part_unbound", "whole_unbound", "too_many_parts"))


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a combine relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The combine contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
