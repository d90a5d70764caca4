"""The proportion organ: a rate told as a pair of amounts, and the amount of another count.

Relation ``proportion`` with roles ``told_count`` (the count the rate is told for: "4" of "in 4
minutes", "6" of "6 boxes"), ``told_amount`` (what goes with it: "120 pages", "18 pounds"),
``asked_count`` (the question's count) and ``amount`` (the unknown: told_amount / told_count x
asked_count). "A printer prints 120 pages in 4 minutes. How many pages does it print in 7
minutes?" The roles may be filled only as
:func:`practiceloop.arith.proportions.read_proportion` reads the whole text; the two sentences
it reads word by word are its own, so a verb it reads there is no hazard for this organ; every
other hazard blocks as for any organ.
"""

from __future__ import annotations

from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.proportions import ORGAN, bound_as_read, reading
from practiceloop.arith.reading import TargetView
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

VERSION = "arith_proportion.v1"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Each role: the one mention the proportion reading binds to it; nothing when the text
    reads no proportion."""
    return roles_bound_by(reading(frame), relation, target)


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The sentences the proportion reading reads word by word."""
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

CLASSIFICATION = table_for(("told_amount_unbound",))
"""Only the told amount is ever left open (the reader binds every other role as read)."""


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a proportion relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The proportion contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
