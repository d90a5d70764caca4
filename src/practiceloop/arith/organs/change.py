"""The change organ: a start, a change in a direction (gain or loss), a result.

Relation ``change`` with roles ``start``, ``change``, ``result`` (quantities, one of them the
question's unknown) and ``direction`` (a verb cue read as ``gain`` or ``loss`` for the asked
unit). ``result = start + change`` for a gain, ``start - change`` for a loss. Owners of the
bound quantities, when read, must agree: a change happens to one owner.
"""

from __future__ import annotations

from collections.abc import Sequence

from practiceloop.arith.lexicon import told_in_past, told_in_present
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import (
    RESULT_STATES,
    QuantityView,
    TargetView,
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
    "held_before_the_move",
]

ORGAN = "change"
VERSION = "arith_change.v9"


def held_before_the_move(q: QuantityView, amounts: Sequence[QuantityView]) -> bool:
    """True when ``q`` may be what a change starts from, as the story tells it: told as the
    start ("at first", "initially"), or told before every move of ``amounts`` (the amounts of
    the thing that change). "Tom gave away 4 cards. He has 9 cards." tells what Tom holds after
    the move, never what he started with; "Tom has 9 cards. He gave away 4." starts at 9. A
    move asked in the question is not told, so it orders nothing. A holding told in the past
    after moves told in the present was before them ("Randy uses 36 blocks. If he had 59
    blocks ..."); both in the past ("He gave away 4. He had 9.") is not told apart."""
    if q.state == "start":
        return True
    told = [m for m in amounts if m.direction is not None and not m.in_question]
    before = [m for m in told if m.start < q.start]
    return not before or (
        told_in_past(q.verb) and all(told_in_present(m.verb) for m in before)
    )


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
            if (
                (q.direction is None and q.state in (None, "start"))
                or q.state == "start"  # "If he had made 48 cakes initially"
                or q.mention_id == gained
            )
            and held_before_the_move(q, fits)
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
