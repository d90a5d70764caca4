"""The views of a relation's bound roles that more than one proof reads."""

from __future__ import annotations

from practiceloop.arith.reading import QuantityView, quantity_views
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["bound_views", "first_of_side", "is_side", "side_of"]


def bound_views(frame: ProblemFrame, relation: Relation) -> dict[str, QuantityView]:
    """Each bound role's quantity view (roles bound to no counted quantity left out)."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    return {name: views[m] for name, m in relation.roles if m is not None and m in views}


def is_side(name: str, side: str) -> bool:
    """``name`` is the role ``side`` or one of its numbered roles (``compared_1``..)."""
    return name == side or name.startswith(side + "_")


def side_of(bound: dict[str, QuantityView], side: str) -> list[QuantityView]:
    """The bound amounts of one side of a comparison (``compared`` or ``compared_1``..)."""
    return [view for name, view in bound.items() if is_side(name, side)]


def first_of_side(bound: dict[str, QuantityView], side: str) -> QuantityView | None:
    """The first bound amount of one side, or None."""
    found = side_of(bound, side)
    return found[0] if found else None
