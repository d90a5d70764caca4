"""The typed views over a frame (reading.py), on authored texts."""

from __future__ import annotations

from practiceloop.arith.reading import quantity_views
from tests.arith._helpers import frame_of


def test_quantity_views_read_the_new_attributes() -> None:
    frame = frame_of("Omar read 5 more pages on monday than on tuesday.")
    (view,) = quantity_views(frame.mentions)
    assert (view.side, view.than_side) == ("monday", "tuesday")
