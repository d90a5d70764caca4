"""The sides organ: amounts of several sides tied by what the whole text tells of them.

Relation ``sides`` with one role per number of the text, named by the fact it tells
(``told_N``: a side's amount; ``whole_N``: a sum of sides; ``difference_N``: two sides
compared), and the unknown as ``compared`` (one side), ``whole`` (a sum) or ``difference``.
"Jake has 6 fewer peaches than Steven and 3 more peaches than Jill. Steven has 14 peaches. How
many peaches does Jill have?"; "Lawrence county has 900 kids. 600 kids go to camp and the rest
stay home. How many kids stay home?". The roles may be filled only as
:func:`practiceloop.arith.sides.read_sides` reads the whole text (its facts, one equation per
side, solved exactly); the clauses that reading reads word by word are its own, so what it
consumes there ("the rest", its comparisons) is no hazard for this organ; every other hazard
blocks as for any organ.
"""

from __future__ import annotations

from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import TargetView
from practiceloop.arith.sides import ORGAN, bound_as_read, reading
from practiceloop.arith.whole_text import consumed_by, roles_bound_by
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "CLASSIFICATION",
    "ORGAN",
    "SPEC",
    "VERSION",
    "applies",
    "assess",
    "bound_as_read",
    "candidates",
    "reads",
]

VERSION = "arith_sides.v3"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Each role: the one mention the sides reading binds to it; nothing when the text reads
    no sides."""
    return roles_bound_by(reading(frame), relation, target)


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The clauses the sides reading reads word by word."""
    return consumed_by(reading(frame))


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=(),
    owners_agree=False,
    candidates=candidates,
    unplaced=(),
    reads=reads,
)

CLASSIFICATION = table_for(
    ("told_unbound", "whole_unbound", "difference_unbound", "compared_unbound")
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a sides relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The sides contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
