"""A chain question "What is the total number of ..." (:mod:`practiceloop.arith.chain_questions`).

Authored texts only: the sum asked with no auxiliary closes right when the verb's own form
tells the story's time; another time, another thing, a holder the story never tells of and a
condition of another thing are refused.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.chain_questions import asked_tense, condition_cut, total_number_asked
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of

READ = [
    ("Ines and Yuri went fishing. Yuri caught 12 more fish than Ines. If Ines caught 30 fish, what's the total number of fish they caught together?", 72),  # noqa: E501
    ("Ines caught 30 fish. Yuri caught 12 fewer fish than Ines. What is the total number of fish they caught?", 48),  # noqa: E501
    ("Kai has 14 cards. Mo has 5 more cards than Kai. What is the total number of cards Kai and Mo have?", 33),  # noqa: E501
    ("Kai has 14 cards. Mo has 5 more cards than Kai. What is the combined number of cards they have?", 33),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # another time (the verb's own form), another thing, a stranger asked
    "Ines caught 30 fish. Yuri caught 12 fewer fish than Ines. What is the total number of fish they catch?",  # noqa: E501
    "Kai has 14 cards. Mo has 5 more cards than Kai. What was the total number of cards they had?",
    "Kai has 14 cards. Mo has 5 more cards than Kai. What is the total number of coins Kai and Mo have?",  # noqa: E501
    "Kai has 14 cards. Mo has 5 more cards than Kai. What is the total number of cards Kai and Zed have?",  # noqa: E501
    # a condition of another thing, a modal, a negation in the condition
    "Yuri caught 12 more fish than Ines. If Ines caught 30 crabs, what's the total number of fish they caught together?",  # noqa: E501
    "Yuri caught 12 more fish than Ines. If Ines could catch 30 fish, what's the total number of fish they caught together?",  # noqa: E501
    "Yuri caught 12 more fish than Ines. If Ines did not catch 30 fish, what's the total number of fish they caught together?",  # noqa: E501
    # one holder's amount asked as a total, a total of one
    "Kai has 14 cards. Mo has 5 more cards than Kai. What is the total number of cards Mo has?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_total_number_asked_reads(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_total_number_asked_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_total_number_asked() -> None:
    pattern = total_number_asked(r"[a-z]+", r"[a-z]+")
    assert pattern.fullmatch("what's the total number of fish they caught together?")
    assert pattern.fullmatch("what is the combined number of cards kai and mo have?")
    assert not pattern.fullmatch("what is the number of fish they caught?")


def test_asked_tense() -> None:
    assert asked_tense("caught") == "did"
    assert asked_tense("have") == "does"
    assert asked_tense("put") is None


def test_condition_cut() -> None:
    frame = frame_of("Yuri caught 12 more fish than Ines. If Ines caught 30 fish, what's the sum?")
    story, asked = condition_cut(frame.sentences)
    assert story[-1].text == "If Ines caught 30 fish"
    assert asked.text == "what's the sum?"
    assert frame.source_text[asked.start : asked.end] == asked.text
    plain = frame_of("Ines caught 30 fish. How many fish did Ines catch?")
    assert condition_cut(plain.sentences) == (plain.sentences[:-1], plain.sentences[-1])
