"""Stage 7b: a score asked by "what", in the points the text counts (authored)."""

from __future__ import annotations

from tests.arith._helpers import frame_of

from ._stages import closes_to, reading, target


def test_score_asked() -> None:
    """ "What would her score be?" asks the points in all, when the text counts points."""
    body = "Each shell is worth 4 points. Mia found 3 shells and 5 stones. "
    for question in ("What would her score be?", "What was her final score?"):
        asked = target(body + question)
        assert (asked.entity, asked.state) == ("point", "in_all")
    closes_to("Each shell is worth 4 points. Mia found 3 red shells and 2 blue shells."
              " What was her final score?", 20)  # fmt: skip
    # a text that counts no points, or another "what" question: no score read
    assert not frame_of("Mia found 3 shells. What was her score?").targets
    assert not frame_of(body + "What did she find?").targets


def test_a_condition_before_what_is_told_like_the_story() -> None:
    """ "If she found 3 shells, what would her score be?": the question starts at "what"."""
    r = reading("Each shell is worth 4 points. If Mia found 3 shells, what would her score be?")
    assert len(r.sentence_bounds) == 3 and r.question == 2
    one = reading("Mia found 3 shells, what a day! How many shells did she find?")
    assert len(one.sentence_bounds) == 2
