"""Work still to do at a time for each (:mod:`practiceloop.arith.rest_work`).

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.rest_work import read_rest_work
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of

READ = [
    ("A new school needed 12 doors. The carpenter had already hung 5 of them. If it takes 3 hours to hang each door, how long will it take him to hang the rest?", 21),  # noqa: E501
    ("A cleaner needed to wash 9 cars in a lot. Each car takes 2 hours to wash. If she already washed 4 cars, how much longer will she take to wash the rest?", 10),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # another verb of work, another thing, a rate of money, money asked
    "A new school needed 12 doors. The carpenter had already hung 5 of them. If it takes 3 hours to paint each door, how long will it take him to hang the rest?",  # noqa: E501
    "A new school needed 12 doors. The carpenter had already hung 5 of them. If it takes 3 hours to hang each window, how long will it take him to hang the rest?",  # noqa: E501
    "A new school needed 12 doors. The carpenter had already hung 5 of them. If it takes 3 dollars to hang each door, how long will it take him to hang the rest?",  # noqa: E501
    "A new school needed 12 doors. The carpenter had already hung 5 of them. If it takes 3 hours to hang each door, how much will it cost to hang the rest?",  # noqa: E501
    # work not done yet, done by someone else, more done than needed, a worker asked of another
    "A new school needed 12 doors. The carpenter will hang 5 of them. If it takes 3 hours to hang each door, how long will it take him to hang the rest?",  # noqa: E501
    "A new school needed 12 doors. His friend had already hung 5 of them. If it takes 3 hours to hang each door, how long will it take him to hang the rest?",  # noqa: E501
    "A cleaner needed to wash 9 cars in a lot. Each car takes 2 hours to wash. If she already washed 14 cars, how much longer will she take to wash the rest?",  # noqa: E501
    "A cleaner needed to wash 9 cars in a lot. Each car takes 2 hours to wash. If she already washed 4 cars, how much longer will he take to wash the rest?",  # noqa: E501
    # a second whole, a distractor, the rest of something else
    "A new school needed 12 doors. A shop needed 4 doors. The carpenter had already hung 5 of them. If it takes 3 hours to hang each door, how long will it take him to hang the rest?",  # noqa: E501
    "A new school needed 12 doors and 3 gates. The carpenter had already hung 5 of them. If it takes 3 hours to hang each door, how long will it take him to hang the rest?",  # noqa: E501
    "A cleaner needed to wash 9 cars in a lot. Each car takes 2 hours to wash. If she already washed 4 cars, how much longer will she take to wash the rest of the vans?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_rest_work(text: str, value: int) -> None:
    frame = frame_of(text)
    assert read_rest_work(frame.source_text, frame.sentences, frame.mentions) is not None
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_rest_work_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
