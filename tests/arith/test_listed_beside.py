"""Filled groups and more of the same move beside them (:mod:`practiceloop.arith._listed_beside`):
"bought 6 tickets for $7 each and a program for $5. How much did he spend?" is one move of the
groups filled plus the amounts listed after them (``groups_combine``). Authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith._listed_beside import (
    asks_the_move_in_all,
    item_left_unpriced,
    item_named_again,
    listed_before_the_count,
    listed_beside_the_groups,
    move_told_not_done,
)
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id
from tests.arith.test_composed import closes
from tests.arith.test_soundness import verdict

TICKETS = "Gustavo bought 6 tickets for $7 each and a program for $5. "


def _read(text: str) -> tuple[ProblemFrame, dict[str, QuantityView], TargetView]:
    frame = frame_of(text)
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    view = target_view(frame.targets)
    assert view is not None
    return frame, {span: views[quantity_id(frame, span)] for span in ("6", "$7")}, view


def test_asks_the_move_in_all() -> None:
    _, q, view = _read(TICKETS + "How much did he spend?")
    assert asks_the_move_in_all(q["$7"], view)
    _, q, view = _read(TICKETS + "How much money does he have?")
    assert not asks_the_move_in_all(q["$7"], view)  # a verb of having asks no move
    _, q, view = _read(TICKETS + "How much does he have left?")
    assert not asks_the_move_in_all(q["$7"], view)


def test_listed_beside_the_groups() -> None:
    frame, q, view = _read(TICKETS + "How much did he spend?")
    listed = listed_beside_the_groups(tuple(quantity_views(frame.mentions)), q["$7"], view)
    assert [x.value for x in listed] == [5]
    for other in (
        "Gustavo bought 6 tickets for $7 each and sold a program for $5. ",  # two moves
        "Gustavo bought 6 tickets for $7 each and Mia bought a program for $5. ",  # two owners
        "Gustavo had $80. He bought 6 tickets for $7 each and a program for $5. ",  # a start
    ):
        frame, q, view = _read(other + "How much did he spend?")
        assert not listed_beside_the_groups(tuple(quantity_views(frame.mentions)), q["$7"], view)


def test_item_left_unpriced() -> None:
    hat = "Gustavo bought 6 tickets for $7 each, a program for $5 and a hat. "
    frame, q, _ = _read(hat + "How much did he spend?")
    program = next(x for x in quantity_views(frame.mentions) if x.value == 5)
    assert item_left_unpriced(frame, {"groups": q["6"], "per_group": q["$7"], "part_1": program})
    frame, q, _ = _read(TICKETS + "How much did he spend?")
    program = next(x for x in quantity_views(frame.mentions) if x.value == 5)
    assert not item_left_unpriced(
        frame, {"groups": q["6"], "per_group": q["$7"], "part_1": program}
    )


def test_move_told_not_done() -> None:
    will = "Gustavo will buy 6 tickets for $7 each and a program for $5. "
    frame, q, _ = _read(will + "How much did he spend?")
    assert move_told_not_done(frame, {"groups": q["6"]})
    frame, q, _ = _read(will + "How much will he spend?")
    assert not move_told_not_done(frame, {"groups": q["6"]})  # asked as planned
    frame, q, _ = _read(TICKETS + "How much did he spend?")
    assert not move_told_not_done(frame, {"groups": q["6"]})
    frame, q, _ = _read(TICKETS + "How much will he spend?")
    assert move_told_not_done(frame, {"groups": q["6"]})  # told done, asked ahead


CLOSES = [
    (TICKETS + "How much did he spend?", 47),
    ("Wanjiru bought 3 shirts for $15 each and a hat for $9. How much did she spend?", 54),
    ("Yuki bought 2 pounds of grapes at $3.20 per pound and a loaf of bread for $2.60. How much did she spend?", 9),  # noqa: E501
    ("Ravi biked 12 miles an hour for 10 hours and then biked 20 more miles. How many miles did Ravi bike?", 140),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSES)
def test_groups_and_more_of_one_move_close(text: str, value: int) -> None:
    category, found, organs = closes(text)
    assert (category, found) == (Category.CLOSED_UNIQUE, value)
    assert "groups_combine" in organs


# a third item, a start, another move or owner, another side asked, a move not done
REFUSED = [
    "Gustavo bought 6 tickets for $7 each, a program for $5 and a hat. How much did he spend?",
    "Gustavo had $80. He bought 6 tickets for $7 each and a program for $5. How much did he spend?",
    "Gustavo bought 6 tickets for $7 each and a program for $5. He found $2. How much did he spend?",  # noqa: E501
    "Gustavo bought 6 tickets for $7 each and sold a program for $5. How much did he spend?",
    "Gustavo bought 6 tickets for $7 each and Mia bought a program for $5. How much did Gustavo spend?",  # noqa: E501
    "Gustavo bought 6 tickets for $7 each and a program for $5. How much did he spend on tickets?",
    "Gustavo bought 6 tickets for $7 each and a program for $5. How much does he have left?",
    "Gustavo bought 6 tickets for $7 each on Monday and a program for $5 on Tuesday. How much did he spend on Monday?",  # noqa: E501
    "Tanvir will drive 55 miles an hour for 4 hours and then drive 30 more miles. How far did he drive in all?",  # noqa: E501
    "Ravi biked 12 miles an hour for 10 hours and then ran 20 more miles. How many miles did Ravi bike?",  # noqa: E501
    "Ravi biked 12 miles an hour for 10 hours and then his sister biked 20 more miles. How many miles did Ravi bike?",  # noqa: E501
    "Gustavo bought 6 tickets for $7 each and a program for $5. How much did his sister spend?",
    "Gustavo bought 6 tickets for $7 each and a program for $5 yesterday. How much did he spend today?",  # noqa: E501
    "Gustavo bought 6 tickets for $7 each and a program for $5 yesterday. How much will he spend today?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_a_sum_not_of_one_move_is_refused(text: str) -> None:
    category, found, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found


def test_listed_before_the_count() -> None:
    """An item the reader marked as listed right before the count ("a lamp for $30 and two
    chairs for $15 each") is listed beside the groups; a total told first is not."""
    text = "Nina bought a lamp for $30 and two chairs for $15 each. How much did she spend?"
    frame = frame_of(text)
    before = listed_before_the_count(frame.mentions)
    assert before == frozenset({quantity_id(frame, "$30")})
    views = tuple(quantity_views(frame.mentions))
    size = next(v for v in views if v.mention_id == quantity_id(frame, "$15"))
    view = target_view(frame.targets)
    assert view is not None
    assert [x.value for x in listed_beside_the_groups(views, size, view, before)] == [30]
    assert listed_beside_the_groups(views, size, view) == []
    total = frame_of("For $30, Nina bought 2 chairs at $15 each. How much did she spend?")
    assert listed_before_the_count(total.mentions) == frozenset()


def test_item_named_again() -> None:
    """The program listed beside the tickets, named again in another sentence."""
    for text, again in [
        (TICKETS + "He returned the program. How much did he spend?", True),
        (TICKETS + "How much did he spend?", False),
    ]:
        frame = frame_of(text)
        views = {q.mention_id: q for q in quantity_views(frame.mentions)}
        bound = {"part_1": views[quantity_id(frame, "$5")]}
        assert item_named_again(frame, bound) is again
