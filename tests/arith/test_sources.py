"""Money asked of one thing sold (:mod:`practiceloop.arith.sources`), authored texts."""

from __future__ import annotations

from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.sources import asked_source, other_source
from tests.arith._helpers import frame_of

TEXT = "A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. "


def test_asked_source() -> None:
    asked = TEXT + "How much money did it make from selling the caps?"
    assert asked_source(frame_of(asked)) == "cap"
    assert asked_source(frame_of(TEXT + "How much money did it make?")) is None


def test_other_source() -> None:
    """The rate per scarf is listed beside the bound rate per cap; the caps' count is none,
    and with no thing asked nothing is set aside."""
    frame = frame_of(TEXT + "How much money did it make from selling the caps?")
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert other_source(frame, "equal_groups", views[9], [views[5]], target)
    assert not other_source(frame, "equal_groups", views[5], [views[9]], target)
    assert not other_source(frame, "equal_groups", views[4], [views[5]], target)
    assert not other_source(frame, "equal_groups", views[9], [], target)
    plain = frame_of(TEXT + "How much money did it make?")
    target = target_view(plain.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(plain.mentions)}
    assert not other_source(plain, "equal_groups", views[9], [views[5]], target)
