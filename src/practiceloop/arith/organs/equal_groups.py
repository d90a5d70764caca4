"""The equal_groups organ: a number of groups of the same size make a total.

Relation ``equal_groups`` with roles ``groups`` (how many groups), ``per_group`` (an amount
read "each" / "per X" / "in each X") and ``total`` (the question's unknown).
``total = groups * per_group``. The groups count the thing ``per_group`` is per.
"""

from __future__ import annotations

from practiceloop.arith._told_sides import activity_or_purpose
from practiceloop.arith.capacity import capacity_read
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.rate_readings import one_group_contexts, one_group_read
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    entity_compatible,
    quantity_views,
)
from practiceloop.arith.sources import asked_source
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
    "group_candidates",
    "reads",
]

ORGAN = "equal_groups"
VERSION = "arith_equal_groups.v9"


def group_candidates(
    frame: ProblemFrame, group: str | None, contexts: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """Plain amounts that count ``group`` (the noun a per-group amount is per), and amounts of
    it told of one of ``contexts`` ("20 houses in a block", the question asking per block:
    :func:`~practiceloop.arith.rate_readings.one_group_contexts`)."""
    if group is None or group == "each":
        return ()
    return tuple(
        q.mention_id
        for q in quantity_views(frame.mentions)
        if (q.per is None or q.per in contexts)
        and q.compare is None
        and (q.entity == group or q.unit == group)
    )


def held_or_asked(q: QuantityView, target: TargetView) -> bool:
    """A count that was lost is no longer held: "Katie lost 7 pens. Each pen has 2 caps" makes
    the groups of the caps she lost ("How many caps did she lose?"), never of the caps she has
    ("How many caps does she have?"), which the text does not tell. Only a question of what
    is had is closed to it ("How many laps did he swim?" asks no holding)."""
    asks_an_activity = target.verb is not None and target.verb not in HAVE_VERBS
    return q.direction != "loss" or target.direction == "loss" or asks_an_activity


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Per group: amounts read per something that fit the question; groups: amounts of that
    something; total: plain amounts that fit the question."""
    views = quantity_views(frame.mentions)
    source = asked_source(frame)  # "from selling the t-shirts": only a rate per t-shirt
    rates = [
        q
        for q in views
        if q.per is not None
        and entity_compatible(q.entity, q.modifier, q.unit, target)
        and source in (None, q.per)
    ]
    if activity_or_purpose(target.side):  # "How many hours on learning chinese in all?"
        rates = [q for q in rates if q.side == target.side]
    size_id = relation.role("per_group")
    size = next((q for q in rates if q.mention_id == size_id), None)
    lost = {q.mention_id for q in views if not held_or_asked(q, target)}
    group = size.per if size is not None else None
    groups = group_candidates(frame, group, one_group_contexts(frame, target, group))
    return {
        "per_group": tuple(q.mention_id for q in rates),
        "groups": tuple(g for g in groups if g not in lost),
        "total": tuple(
            q.mention_id
            for q in views
            if q.per is None
            and q.compare is None
            and entity_compatible(q.entity, q.modifier, q.unit, target)
        ),
    }


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The modal of a speed the equal groups read as their rate over a time told worked ("can
    make 4 shirts a minute. It worked for 5 minutes"):
    :func:`~practiceloop.arith.capacity.capacity_worked`; and the amount of one group that
    counts the rate's groups ("20 houses in a block" under "9 letters to each house", a block's
    letters asked): :func:`~practiceloop.arith.rate_readings.one_group_read`."""
    relation = organ_relation(frame, ORGAN)
    return capacity_read(frame, relation) + one_group_read(frame, relation)


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=(),
    owners_agree=False,
    candidates=candidates,
    unplaced=("per", "compare", "change", "factor"),
    reads=reads,
)

CLASSIFICATION = table_for(("groups_unbound", "per_group_unbound", "total_unbound"))


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read an equal_groups relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The equal_groups contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
