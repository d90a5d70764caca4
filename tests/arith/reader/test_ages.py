"""Stage 7c: the question of an age, "How old ...", "What is <P>'s age" (authored)."""

from __future__ import annotations

from tests.arith._helpers import frame_of

from ._stages import closes_to, target


def test_age_asked() -> None:
    """ "How old will Tom be?", "What is Ann's age?", "Calculate the age of Bo": an unknown
    in years; the age reading (not this stage) reads whose and when."""
    for question in (
        "How old will Tom be in 3 years?",
        "What is Tom's age now?",
        "What will be Tom's age in 3 years?",
        "Calculate the age of Tom now.",
    ):
        asked = target("Tom is 9 years old. " + question)
        assert asked.unit == "year"
    closes_to("Tom is 9 years old. How old will Tom be in 3 years?", 12)
    # another "what" question, no age asked: no unknown read here
    assert not frame_of("Tom is 9 years old. What did he buy?").targets
