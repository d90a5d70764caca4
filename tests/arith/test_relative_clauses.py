"""A number inside a relative clause describing another thing (arith/relative_clauses.py)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.relative_clauses import described_apart
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id, verdict_of

START = "Tom had 45 marbles. "


@pytest.mark.parametrize(
    ("text", "number", "apart"),
    [
        (START + "He won 16 more in a game that lasted 20 minutes. How many marbles does he have now?", "20", True),  # noqa: E501
        (START + "He won 16 more from a boy who is 9 years old. How many marbles does Tom have now?", "9", True),  # noqa: E501
        # the asked thing, a rate, a complement clause, the asked unit, in the question
        (START + "He bought 3 bags that hold 12 marbles. How many marbles does he have now?", "12", False),  # noqa: E501
        (START + "He bought 3 bags that hold 12 beads each. How many marbles does he have now?", "12", False),  # noqa: E501
        (START + "He found out that 4 bags were his. How many marbles does he have?", "4", False),
        (START + "He won 16 more in a game that lasted 20 minutes. How many minutes did the game last?", "20", False),  # noqa: E501
    ],
)  # fmt: skip
def test_described_apart(text: str, number: str, apart: bool) -> None:
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    wanted = quantity_id(frame, number)
    q = next(v for v in quantity_views(frame.mentions) if v.mention_id == wanted)
    assert described_apart(frame, "change", q, [], target) is apart


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (START + "He won 16 more in a game that lasted 20 minutes. How many marbles does he have now?", 61),  # noqa: E501
        ("Zoe had $150. She spent $65 at a store that has 8 aisles. How much money does she have left?", 85),  # noqa: E501
    ],
)  # fmt: skip
def test_described_apart_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)
