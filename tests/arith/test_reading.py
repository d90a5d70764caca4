"""The typed views over a frame (reading.py), on authored texts."""

from __future__ import annotations

from practiceloop.arith.reading import asks_the_groups, quantity_views, target_view
from tests.arith._helpers import frame_of


def test_quantity_views_read_the_new_attributes() -> None:
    frame = frame_of("Omar read 5 more pages on monday than on tuesday.")
    (view,) = quantity_views(frame.mentions)
    assert (view.side, view.than_side) == ("monday", "tuesday")


def test_asks_the_groups() -> None:
    """One rule, used by the reader, the partition organ and both target proofs: the groups a
    rate is per are asked by their noun, by a unit of the rate's thing, or by a bare unit."""
    cases = [
        ("Each box has 6 eggs. How many boxes are there?", True),
        ("Each bag has 11 cookies. How many bags of cookies are there?", True),
        ("He read 8 pages per day. How many days did he read?", True),
        ("Each bag has 11 cookies. How many bags of rice are there?", False),
        ("Each box has 6 eggs. How many eggs are there?", False),
    ]
    for text, asked in cases:
        frame = frame_of(text)
        target = target_view(frame.targets)
        (size,) = [q for q in quantity_views(frame.mentions) if q.per is not None]
        assert target is not None and asks_the_groups(size, target) is asked, text
