"""The holders a scale question counts (arith/scale_counts.py): authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith.scale_counts import counted_holders
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, verdict_of


def _question_count(text: str, count: int) -> str | None:
    frame = frame_of(text)
    ask = frame.sentences[-1]
    found = counted_holders(frame.mentions, ask, count)
    return None if found is None else found.span.text


def test_counted_holders_finds_the_count_word_of_the_counted_subject() -> None:
    text = "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them pick?"  # noqa: E501
    assert _question_count(text, 2) == "two"
    assert _question_count(text, 3) is None  # two holders counted, three asked
    text = "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did two of them pick?"  # noqa: E501
    assert _question_count(text, 2) is None  # "two of them": a part, no count of holders


CLOSED = [
    ("Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. Steve has 12 sticks. How many sticks do the three of them have together?", 108),  # noqa: E501
    ("Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. If Steve has 12 sticks, how many sticks do all three of them have?", 108),  # noqa: E501
    ("Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. If Steve has 12 sticks, how many sticks do the three have combined?", 108),  # noqa: E501
    ("Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them pick in total?", 90),  # noqa: E501
    ("Lena picked 30 plums. Omar picked half as many plums as Lena. How many plums did the two pick together?", 45),  # noqa: E501
    ("Tia has 4 more than twice as many rings as Bo. If Bo has 12 rings, how many rings do the two of them have together?", 40),  # noqa: E501
    ("Harry has 50 books. Flora has twice as many books as Harry. Gary has half as many books as Harry. How many books do the three of them have together?", 175),  # noqa: E501
    ("Ana has 40 stamps. Ben has half as many stamps as Ana. Cal has 10 more stamps than Ben. How many stamps do the three of them have?", 90),  # noqa: E501
    ("Rob has 4 times the number of cards Jim has. Jim has 3 times the number of cards Al has. If Al has 6 cards, how many cards do the three of them have in total?", 96),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the three of them pick in total?",  # noqa: E501
    "Harry has 50 books. Flora has twice as many books as Harry. Gary has half as many books as Harry. How many books do the two of them have together?",  # noqa: E501
    "Harry has 50 books. Flora has twice as many books as Harry. Gary has half as many books as Harry. How many books do the four of them have together?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many pears did the two of them pick in total?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them eat in total?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums will the two of them pick in total?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them pick in 3 days?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two boys pick in total?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did two of them pick?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of their friends pick?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Lena. Max picked 5 plums. How many plums did the three of them pick in total?",  # noqa: E501
    "Lena picked 30 plums. Omar picked twice as many plums as Mia. How many plums did the two of them pick in total?",  # noqa: E501
    "Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. If Steve had 12 sticks, how many sticks do the three of them have?",  # noqa: E501
    "Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. If Steve has 12 sticks, how many sticks would the three of them have together?",  # noqa: E501
    "Sam has thrice as many sticks as Sid. Sid has twice as many sticks as Steve. If Steve has 12 sticks, how many sticks do the three of them have after buying 5 more?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_sum_asked_of_the_holders_counted_closes_right(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", REFUSED)
def test_a_count_of_other_holders_or_another_question_is_refused(text: str) -> None:
    refused(text)
