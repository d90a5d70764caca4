"""The complement organ: a told whole, a told subset of it, and the rest asked.

Relation ``complement`` with roles ``part_1`` .. ``part_k`` (the whole, told as one amount or
as the sum of several), ``subset`` and ``complement`` (the question's unknown).
``complement = part_1 + ... + part_k - subset``. "Ivy picked 12 red pears and 9 green pears.
If only 15 of the pears were ripe, how many were not ripe?" The roles may be filled only as
:func:`practiceloop.arith.complements.read_complement` reads the text: the subset "of" the
thing the parts count, and an asked property that is the complement of the subset's (one
predicate negated once, an "un-" form, a listed pair). What that reading consumes (the
subset's "of" and the negation it reads) is no hazard for this organ; every other hazard
blocks as for any organ.
"""

from __future__ import annotations

from practiceloop.arith.complements import Complement, read_complement
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import TargetView
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
    "reading",
    "reads",
]

ORGAN = "complement"
VERSION = "arith_complement.v4"


def reading(frame: ProblemFrame) -> Complement | None:
    """The frame's complement reading (see :mod:`practiceloop.arith.complements`)."""
    return read_complement(frame.source_text, frame.mentions, frame.targets)


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Parts: the amounts of the whole the subset is of; the subset: the one "N of them";
    nothing when the text reads no complement."""
    read = reading(frame)
    parts = read.parts if read is not None else ()
    found: dict[str, tuple[str, ...]] = {
        name: parts for name, _ in relation.roles if name.startswith("part_")
    }
    found["subset"] = (read.subset,) if read is not None else ()
    found["complement"] = ()
    return found


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The subset's number and the negations the complement reading consumes."""
    read = reading(frame)
    if read is None:
        return ()
    subset = frame.mention(read.subset)
    return (*read.negations, (subset.span.start, subset.span.end)) if subset else ()


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=(),
    owners_agree=False,
    candidates=candidates,
    unplaced=("per", "compare"),
    reads=reads,
)

CLASSIFICATION = table_for(
    ("part_unbound", "subset_unbound", "complement_unbound", "too_many_parts")
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a complement relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The complement contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
