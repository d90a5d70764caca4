"""What the question's own phrases pick out of a sum (arith/_asked_phrases.py), authored."""

from __future__ import annotations

import pytest

from practiceloop.arith._asked_phrases import asked_phrase_partial, asked_phrase_words
from practiceloop.arith.reading import quantity_views
from tests.arith._helpers import frame_of


def test_asked_phrase_words() -> None:
    assert asked_phrase_words("How many shells did he collect at the lake?") == [
        ("at", frozenset({"lake"}))
    ]
    both = asked_phrase_words("How many did he get in the morning and evening?")
    assert both == [("in", frozenset({"morning", "evening"}))]
    assert asked_phrase_words("How many shells did he collect in all?") == []


@pytest.mark.parametrize(
    ("text", "partial"),
    [
        ("Jack collected 12 shells at the beach and 8 shells at the lake. "
         "How many shells did he collect at the lake?", True),
        ("Jack scored 12 points with his left hand and 8 points with his right hand. "
         "How many points did he score with his left hand?", True),
        ("Jack scored 12 points at home and 8 points away. "
         "How many points did he score at home?", True),
        ("Jack collected 12 shells at the beach and 8 shells at the lake. "
         "How many shells did he collect?", False),
        ("Jack got 4 emails in the morning and 8 emails in the evening. "
         "How many emails did he get in the morning and evening?", False),
        ("5 red peaches and 6 green peaches are in the basket. "
         "How many peaches are in the basket?", False),
    ],
)
def test_asked_phrase_partial(text: str, partial: bool) -> None:
    frame = frame_of(text)
    parts = [q for q in quantity_views(frame.mentions) if not q.in_question]
    assert asked_phrase_partial(frame, parts) is partial
