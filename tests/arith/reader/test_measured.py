"""Stage 7c of the reader: a height asked by "how tall" or "how high" (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reading import target_view

from .._helpers import frame_of


def test_tall_or_high() -> None:
    asked = target_view(frame_of("Ada is 140 centimeters tall. How tall is Ben?").targets)
    assert asked is not None and asked.unit == "centimeter"
    two = target_view(frame_of("Ada is 4 feet 3 inches tall. How tall is Ada?").targets)
    assert two is not None and two.unit is None  # two units: the asked one unread
    high = target_view(frame_of("The kite is 30 meters high. How high is the kite?").targets)
    assert high is not None and high.unit == "meter"
