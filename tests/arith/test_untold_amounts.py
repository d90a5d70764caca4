"""A move of an amount the text leaves unsaid beside a told one (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.untold_amounts import untold_amount_beside
from tests.arith._helpers import frame_of
from tests.arith.test_soundness import refused_beside_spelled


@pytest.mark.parametrize(
    ("story", "untold"),
    [
        ("Omar ate 17 candies on Monday and some on Tuesday.", True),
        ("Ann gave 5 stickers to Bo and some to Cy.", True),
        ("Ann gave 5 stickers to Bo and a few more.", True),
        # other things, or all of one amount, or no number before it
        ("The recipe calls for 11 cups of sugar and some more cups of flour.", False),
        ("Ann gave 5 stickers to Bo and some of them to Cy.", False),
        ("Ann gave some stickers to Bo and 5 to Cy.", False),
    ],
)
def test_untold_amount_beside(story: str, untold: bool) -> None:
    frame = frame_of(story + " How many stickers does she have now?")
    assert untold_amount_beside(frame, len(frame.sentences) - 1) is untold


# Each refused text once closed leaving the untold amount out (at 43 and 25).
UNTOLD = [
    ("Omar had 60 candies. He ate 17 candies on Monday and some on Tuesday. How many candies does he have now?", "Omar had 60 candies. He ate 17 candies on Monday and 5 on Tuesday. How many candies does he have now?", 38),  # noqa: E501
    ("Ann had 30 stickers. She gave 5 stickers to Bo and some to Cy. How many stickers does Ann have now?", "Ann had 30 stickers. She gave 5 stickers to Bo. How many stickers does Ann have now?", 25),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), UNTOLD)
def test_an_untold_amount_moved_leaves_the_result_open(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)
