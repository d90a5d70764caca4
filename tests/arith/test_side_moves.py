"""Two holders compared, then one moves (:mod:`practiceloop.arith.side_moves`).

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.side_moves import read_side_moves
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of

READ = [
    ("Ivo had 20 more cards than Kai. Ivo lost 8 of his cards at school. How many more cards did Ivo have than Kai then?", 12),  # noqa: E501
    ("Ivo had 20 more cards than Kai. Kai lost 5 of his cards while Ivo found 3 more cards. How many more cards did Ivo have than Kai then?", 28),  # noqa: E501
    ("Ivo had 6 more cards than Kai. Kai lost 4 of his cards. If Ivo had 30 cards, how many cards does Kai have now?", 20),  # noqa: E501
    ("Ivo had 6 more cards than Kai. Kai lost 4 of his cards. If Ivo had 30 cards, how many cards did Kai have initially?", 24),  # noqa: E501
    ("Ivo had 15 more cards than Kai. Ivo lost some of his cards. Now Ivo has 6 more cards than Kai. How many cards did Ivo lose?", 9),  # noqa: E501
    # an amount told after the holder's own move, the same answer at either time
    ("Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. If Ivo had 50 cards, how many more cards did Ivo have than Kai then?", 12),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # no time asked, the other way, a second move, a move not done, another thing
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. How many more cards did Ivo have than Kai?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. How many more cards did Kai have than Ivo then?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. Ivo lost 3 more cards. How many more cards did Ivo have than Kai then?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo will lose 8 of his cards. How many more cards did Ivo have than Kai then?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his pens. How many more cards did Ivo have than Kai then?",  # noqa: E501
    # a move to the other holder, to a pronoun, or not told done
    "Ivo had 20 more cards than Kai. Ivo gave 8 of his cards to Kai. How many more cards did Ivo have than Kai then?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo gave 8 of his cards to him. How many more cards did Ivo have than Kai then?",  # noqa: E501
    "Ivo had 6 more cards than Kai. Kai did not lose 4 of his cards. If Ivo had 30 cards, how many cards does Kai have now?",  # noqa: E501
    # a move told with its number asked, an unsaid move not asked by its own verb or holder
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. How many cards did Ivo lose?",
    "Ivo had 15 more cards than Kai. Ivo lost some of his cards. Now Ivo has 6 more cards than Kai. How many cards did Ivo find?",  # noqa: E501
    "Ivo had 15 more cards than Kai. Ivo lost some of his cards. Now Ivo has 6 more cards than Kai. How many cards did Kai lose?",  # noqa: E501
    # "has" without "now"; a side below nothing; two readings of a late amount that differ
    "Ivo has 20 more cards than Kai. Ivo lost 8 cards. How many more cards did Ivo have than Kai then?",  # noqa: E501
    "Ivo had 6 more cards than Kai. Kai lost 40 of his cards. If Ivo had 30 cards, how many cards does Kai have now?",  # noqa: E501
    "Ivo had 20 more cards than Kai. Ivo lost 8 of his cards. If Ivo had 50 cards, how many cards does Kai have now?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_side_moves(text: str, value: int) -> None:
    frame = frame_of(text)
    assert read_side_moves(frame.source_text, frame.sentences, frame.mentions) is not None
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_side_moves_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
