"""The scale organ: one holder's amount is a factor times another holder's, of one thing.

Relation ``scale`` with roles ``base`` (what the holder named after "as" has), ``factor``
("twice", "three times", "half") and one of ``scaled`` (factor x base), ``whole`` (base +
scaled) or ``difference`` (the scaled amount against the base); the question's unknown is
the scaled amount, the sum, the difference, or the base when the scaled amount is told.
Any ``offset`` ("3 more than twice as many") is bound with its factor; a ``whole`` told
("Kim and Lou have 30 shells together") is the told role when the sum is what the text tells.
"Kim has 4 shells. Lou has three times as many shells as Kim. How many shells do they have
together?" The roles may be filled only as :func:`practiceloop.arith.scales.read_scale`
reads the whole text; the multiplier word that reading consumes is no hazard for this organ,
every other hazard blocks as for any organ.
"""

from __future__ import annotations

from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import TargetView
from practiceloop.arith.scales import Scale, read_scale
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

ORGAN = "scale"
VERSION = "arith_scale.v5"


def reading(frame: ProblemFrame) -> Scale | None:
    """The frame's scale reading (see :mod:`practiceloop.arith.scales`)."""
    return read_scale(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Each role: the one mention the scale reading binds to it; nothing when the text reads
    no scale."""
    return roles_bound_by(reading(frame), relation, target)


def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """The factor phrase the scale reading consumes ("twice", "three times")."""
    return consumed_by(reading(frame))


def bound_as_read(frame: ProblemFrame, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the roles the scale reading reads."""
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
    (
        "base_unbound",
        "factor_unbound",
        "scaled_unbound",
        "told_unbound",
        "whole_unbound",
        "difference_unbound",
    )
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a scale relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The scale contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
