"""Stage 6: hazards, the steps no organ models, as observations (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.hazards import HAZARD_KINDS
from practiceloop.arith.reading import attribute
from tests.arith._helpers import frame_of


def _hazards(text: str) -> list[tuple[str, str | None, str | None]]:
    return [
        (o.kind, attribute(o.attributes, "word"), attribute(o.attributes, "clause"))
        for o in frame_of(text).observations
        if o.kind in HAZARD_KINDS
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("She sold 3 pies, then 5. If this pattern continues, how many will she sell?", "sequence"),
        ("He filled 4 boxes. How many pens are left over?", "remainder"),
        ("He filled 4 boxes. One box is not full.", "remainder"),
        ("She ate 2 of the rest.", "remaining"),
        ("All but 4 geese flew away.", "remaining"),
        ("He sold all except 3 of the kites.", "remaining"),
        ("She needs 9 points to beat him.", "threshold"),
        ("She needs at least 9 points.", "threshold"),
        ("Tom is 9 years old.", "age"),
        ("He walks 2 miles back and forth.", "implicit_factor"),
        ("He drives 5 miles each way.", "implicit_factor"),
        ("She gave the rest to Bob.", "rest"),
        ("He got 4 out of 9 answers right.", "subset_of"),
        ("What was the average?", "derived"),
    ],
)
def test_read_phrases(text: str, kind: str) -> None:
    assert kind in [k for k, _, _ in _hazards(text)]


def test_remaining_in_the_question_is_no_hazard() -> None:
    assert _hazards("She had 9 figs and ate 2. How many figs are remaining?") == []
    assert _hazards("She ate 2 of the remaining figs.")[0][0] == "remaining"


def test_read_fractions() -> None:
    assert ("fraction_of", "thirds", "body") in _hazards("He ate two thirds of the 9 pies.")
    assert _hazards("He ate a third of the pie.") == []  # a multiplier observation already


def test_read_negated_moves() -> None:
    assert ("negated_move", "buy", "body") in _hazards("She did not buy 4 pens.")
    assert ("negated_move", "gave", "body") in _hazards("He never gave 3 cards away.")
    assert _hazards("She bought 4 pens. No one sold any.") == [("negated_move", "sold", "body")]
    assert _hazards("She bought 4 pens.") == []
    # "almost" / "nearly" right before the verb: the move fell short
    assert ("negated_move", "bought", "body") in _hazards("She almost bought 4 pens.")
    assert ("negated_move", "gave", "body") in _hazards("He nearly gave away 3 cards.")
    assert _hazards("She bought almost 40 pens.") == []


def test_read_nested_rates() -> None:
    text = "A machine fills 12 bottles per minute. It works 4 shifts of 5 minutes each."
    assert [k for k, _, _ in _hazards(text)] == ["nested_rate"]
    assert _hazards("A machine fills 12 bottles per minute.") == []


def test_read_subsets() -> None:
    text = "Ann has 18 books and she has read 9 of them."
    assert [k for k, _, _ in _hazards(text)] == ["subset"]
    assert _hazards("Ann has 18 books and she gave 9 of them away.") == []  # a move
    assert [k for k, _, _ in _hazards("He has 6 jars. He empties 2 of the jars.")] == ["subset"]


def test_read_listed_times() -> None:
    text = "On Monday, Wednesday and Friday she walks 7 dogs. How many dogs does she walk?"
    assert ("implicit_factor", "monday", "body") in _hazards(text)
    told_apart = "She walks 7 dogs on monday and 9 dogs on friday. How many dogs in all?"
    assert _hazards(told_apart) == []  # one amount a day: no list


def test_read_ordinal_periods() -> None:
    text = "He read 9 pages in the first hour and 6 in the second hour. How many pages an hour?"
    assert ("sequence", "first", "body") in _hazards(text)
    assert _hazards("He read 9 pages in the first hour. How many pages did he read?") == []


def test_read_hazards() -> None:
    """Every hazard kind is recorded with the clause it was seen in and its word."""
    found = _hazards("Tom is 9 years old. He did not sell 3 of the rest. How many are left over?")
    assert {k for k, _, _ in found} == {"age", "negated_move", "remaining", "remainder"}
    assert ("remainder", "left", "question") in found


def test_read_shared_costs() -> None:
    """A splitting "with" someone the text does not count divides by a number it leaves out."""
    text = "Mia buys 4 lamps for $10 each and splits the cost with Bo. How much did she pay?"
    assert ("implicit_factor", "splits", "body") in _hazards(text)
    # the sharers counted, a grouping, or a giving: no hazard
    assert _hazards("Mia split 12 plums with 3 friends.") == []
    assert _hazards("Mia split the plums into bags of 4.") == []
    assert _hazards("Mia had 12 plums. She shared some with her cousin.") == []


def test_read_sharers_beside() -> None:
    """Sharers counted by a number with someone more beside them are more than the number."""
    for beside in ("himself", "their teacher", "Ann", "a cousin"):
        text = f"Tom shared 24 plums equally among 6 friends and {beside}."
        assert ("implicit_factor", "among", "body") in _hazards(text)
    assert ("implicit_factor", "between", "body") in _hazards(
        "Tom split 24 plums between 4 boys and him."
    )
    # the count is all the sharers, or a second number counts the rest: no hazard
    assert _hazards("Tom shared 24 plums equally among 6 friends.") == []
    assert _hazards("Tom shared 24 plums among 6 friends and 2 cousins.") == []
    assert _hazards("Tom shared 24 plums among his friends and himself.") == []
