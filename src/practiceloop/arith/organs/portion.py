"""The portion organ: an amount told as a fraction, a percent or a multiple of another.

Relation ``portion`` with roles ``factor`` ("2/5", "half", "25" of "25%", "twice"), one
told amount and one asked, of the ``whole``, the ``part`` (the factor times the whole), the
``rest`` (the whole less the part) and the ``sum`` (the whole and the part). "Neil baked
20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left for Neil?"
The roles may be filled only as :func:`practiceloop.arith.portions.read_portion` reads the
whole text; the factor phrase, the verbs and "the rest" that reading consumes are no
hazard for this organ, every other hazard blocks as for any organ.
"""

from __future__ import annotations

from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.portions import Portion, read_portion
from practiceloop.arith.reading import TargetView
from practiceloop.arith.whole_text import binds_as_read, consumed_by, roles_bound_by
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
    "reading",
    "reads",
]

ORGAN = "portion"
VERSION = "arith_portion.v3"


def reading(frame: ProblemFrame) -> Portion | None:
    """The frame's portion reading (see :mod:`practiceloop.arith.portions`)."""
    return read_portion(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Each role: the one mention the portion reading binds to it; nothing when the text
    reads no portion."""
    return roles_bound_by(reading(frame), relation, target)


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The phrases the portion reading consumes (the factor, the verbs, "the rest")."""
    return consumed_by(reading(frame))


def bound_as_read(frame: ProblemFrame, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the roles the portion reading reads."""
    return binds_as_read(reading(frame), relation)


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
    ("factor_unbound", "whole_unbound", "part_unbound", "rest_unbound", "sum_unbound")
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a portion relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The portion contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
