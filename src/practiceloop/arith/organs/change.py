"""The change organ: a start, a change in a direction (gain or loss), a result.

Relation ``change`` with roles ``start``, ``change``, ``result`` (quantities, one of them the
question's unknown) and ``direction`` (a verb cue read as ``gain`` or ``loss`` for the asked
unit). ``result = start + change`` for a gain, ``start - change`` for a loss. Owners of the
bound quantities, when read, must agree: a change happens to one owner.
"""

from __future__ import annotations

from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation, table_for
from practiceloop.arith.reading import RESULT_STATES, TargetView, entity_compatible, quantity_views
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["CLASSIFICATION", "ORGAN", "SPEC", "VERSION", "applies", "assess", "candidates"]

ORGAN = "change"
VERSION = "arith_change.v5"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Quantities that may be the start (a stated amount), the change (a moved amount, read
    with a gain or loss verb) or the result (an amount read as left or now)."""
    fits = [
        q
        for q in quantity_views(frame.mentions)
        if entity_compatible(q.entity, q.modifier, q.unit, target)
        and q.compare is None
        and q.per is None
    ]
    # the first amount of the asked thing, gained before anything else moved ("Haley grew 20
    # trees. After a typhoon 4 were left."), is what the change starts from
    first = min(fits, key=lambda q: q.start, default=None)
    gained = (
        first.mention_id
        if first is not None
        and first.direction == "gain"
        and first.state is None
        and not first.additional
        and not first.in_question
        else None
    )
    return {
        "start": tuple(
            q.mention_id
            for q in fits
            if (q.direction is None and q.state in (None, "start"))
            or q.state == "start"  # "If he had made 48 cakes initially"
            or q.mention_id == gained
        ),
        "change": tuple(q.mention_id for q in fits if q.direction is not None and q.state is None),
        "result": tuple(
            q.mention_id
            for q in fits
            if (q.state in RESULT_STATES or q.state == "required") and q.direction is None
        ),
    }


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=("gain", "loss"),
    owners_agree=True,
    candidates=candidates,
    unplaced=("per", "compare"),
)

CLASSIFICATION = table_for(
    (
        "start_unbound",
        "change_unbound",
        "result_unbound",
        "direction_unbound",
        "direction_ambiguous",
    )
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a change relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The change contract's verdict on ``frame`` (see the module docstring)."""
    return assess_with(SPEC, frame)
