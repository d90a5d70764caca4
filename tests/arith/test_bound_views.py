"""The views of a relation's bound roles (:mod:`practiceloop.arith._bound_views`)."""

from __future__ import annotations

from practiceloop.arith._bound_views import bound_views, first_of_side, is_side, side_of
from tests.arith._helpers import frame_of, relation, with_roles


def test_bound_views_and_sides() -> None:
    text = "Ivy has 12 pens. Bo has 4 pens and Al has 3 pens. How many more pens does Ivy have?"
    frame = frame_of(text)
    frame = with_roles(frame, "compare", compared="q0", referent_1="q1", referent_2="q2")
    bound = bound_views(frame, relation(frame, "compare"))
    assert "difference" not in bound  # the unknown is no counted quantity
    assert [v.mention_id for v in side_of(bound, "referent")] == ["q1", "q2"]
    first = first_of_side(bound, "referent")
    assert first is not None and first.mention_id == "q1"
    assert first_of_side(bound, "part") is None
    assert is_side("referent_2", "referent") and is_side("referent", "referent")
    assert not is_side("referents", "referent")
