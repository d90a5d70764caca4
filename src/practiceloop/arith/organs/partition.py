"""The partition organ: a total shared into equal groups; the size or the count is asked.

Relation ``partition`` with roles ``total``, ``groups`` and ``per_group``; the question's
unknown is ``per_group`` ("how many ... in each X") or ``groups`` ("how many X", where an
amount is read per X). ``per_group = total / groups``, ``groups = total / per_group``.
"""

from __future__ import annotations

from practiceloop.arith._told_sides import of_the_subject_kind
from practiceloop.arith.capacity import capacity_read
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.organs.equal_groups import group_candidates
from practiceloop.arith.rate_readings import kind_fits, one_group_contexts
from practiceloop.arith.reading import (
    TargetView,
    asks_the_groups,
    entity_compatible,
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
    "reads",
]

ORGAN = "partition"
VERSION = "arith_partition.v9"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Total: a plain amount of what is shared; groups: an amount of the group noun;
    per group: an amount read per that group noun."""
    views = quantity_views(frame.mentions)
    size_id = relation.role("per_group")
    size = next((q for q in views if q.mention_id == size_id), None)
    if size is not None:  # the count of groups is asked: share what the size counts
        shared: TargetView | object = size
        group = size.per
    else:
        shared = target
        group = target.per
    contexts = one_group_contexts(frame, target, group)  # "14 letters to each block"
    plain = [q for q in views if (q.per is None or q.per in contexts) and q.compare is None]
    groups = group_candidates(frame, group, contexts)
    return {
        "total": tuple(
            q.mention_id
            for q in plain
            if entity_compatible(q.entity, q.modifier, q.unit, shared)  # type: ignore[arg-type]
            and q.mention_id not in groups
        ),
        "groups": groups,
        "per_group": tuple(
            q.mention_id
            for q in views
            if asks_the_groups(q, target)
            and of_the_subject_kind(q, target)
            and kind_fits(q.modifier, target.modifier)
        ),
    }


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The modal of a capacity the partition reads as its rate ("each crate can hold 8 jars",
    how many crates asked): :func:`~practiceloop.arith.capacity.capacity_read`."""
    return capacity_read(frame, organ_relation(frame, ORGAN))


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=(),
    owners_agree=False,
    candidates=candidates,
    unplaced=("per", "compare", "change"),
    reads=reads,
)

CLASSIFICATION = table_for(("total_unbound", "groups_unbound", "per_group_unbound"))


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a partition relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The partition contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
