"""A scale followed by one move of a scaled holder (arith/scale_moves.py): authored texts only."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.scale_moves import asked_after_move, holding_verb, move_told
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, verdict_of


def test_move_told_reads_one_move_of_a_named_holder() -> None:
    frame = frame_of("Ann has 3 cups. Ann sold 2 of her cups. How many cups does Ann have left?")
    move = move_told(frame.sentences[1])
    assert move is not None and (move.name, move.sign, move.value) == ("Ann", -1, Fraction(2))
    assert move.possessive == "her" and move.thing == ("cup",)
    frame = frame_of("Ann has 3 cups. If Ann bought 4 cups, how many cups does Ann have now?")
    move = move_told(frame.sentences[1])
    assert move is not None and (move.name, move.sign, move.value) == ("Ann", 1, Fraction(4))
    frame = frame_of("Ann has 3 cups. Ann gave away 2 cups. How many cups does Ann have left?")
    move = move_told(frame.sentences[1])
    assert move is not None and move.sign == -1


@pytest.mark.parametrize(
    "sentence",
    [
        "Ann gave 2 cups to Ann.",
        "Ann bought 2 cups to Bo.",
        "Ann spent 2 cups on Bo.",
        "Ann sold 2 cups on Monday.",
        "Ann can sell 2 cups.",
        "She sold 2 cups.",
        "Ann sold away 2 cups.",
        "Ann left 2 cups.",
        "Ann sold 2 of her 5 cups.",
        "Ann sold half of her cups.",
    ],
)
def test_move_told_refuses_anything_more(sentence: str) -> None:
    frame = frame_of(f"Ann has 3 cups. {sentence} How many cups does Ann have left?")
    assert move_told(frame.sentences[1]) is None


def test_asked_after_move_asks_the_mover() -> None:
    frame = frame_of("Ann has 3 cups. Ann sold 2 of her cups. How many cups does Ann have left?")
    move = move_told(frame.sentences[1])
    assert move is not None
    assert asked_after_move("How many cups does Ann have left?", move, ("cup",))
    assert asked_after_move("How many did she have left?", move, ("cup",))
    assert asked_after_move("How many cups does Ann have now?", move, ("cup",))
    assert not asked_after_move("How many did he have left?", move, ("cup",))
    assert not asked_after_move("How many cups does Bo have left?", move, ("cup",))
    assert not asked_after_move("How many pens does Ann have left?", move, ("cup",))
    assert not asked_after_move("How many cups does Ann have?", move, ("cup",))
    assert not asked_after_move("How many cups will Ann have left?", move, ("cup",))


def test_holding_verb() -> None:
    assert holding_verb("has") and holding_verb("owns") and holding_verb("had")
    assert not holding_verb("picked") and not holding_verb("sold")


CLOSED = [
    ("Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 shells. How many shells does Lou have left?", 7),  # noqa: E501
    ("Kim has 4 shells, while Lou has three times as many shells as Kim. If Lou sold 5 of his shells, how many shells did he have left?", 7),  # noqa: E501
    ("Kim has 4 shells. Lou has three times as many shells as Kim. Lou buys 5 shells. How many shells does Lou have now?", 17),  # noqa: E501
    ("Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 12 shells. How many shells does Lou have left?", 0),  # noqa: E501
    ("Kim had 4 shells. Lou had three times as many shells as Kim. Lou lost 3 shells. How many shells did Lou have left?", 9),  # noqa: E501
    ("Kim has 12 shells. Lou has half as many shells as Kim. Lou found 2 shells. How many shells does Lou have now?", 8),  # noqa: E501
    ("Kim has 12 shells. Lou has half as many shells as Kim. If Lou lost 2 of her shells, how many shells did she have left?", 4),  # noqa: E501
    ("Kim has 12 shells. Lou has 3 more than half as many shells as Kim. Lou sold 2 shells. How many shells does Lou have left?", 7),  # noqa: E501
    ("Kim owns 12 shells. Lou owns twice as many shells as Kim. Lou sold 4 shells. How many shells does Lou have left?", 20),  # noqa: E501
    ("Lou has 12 shells, twice as many as Kim. Kim sold 2 shells. How many shells does Kim have left?", 4),  # noqa: E501
    ("Kim and Lou have 30 shells together. Lou has twice as many shells as Kim. Lou sold 5 shells. How many shells does Lou have left?", 15),  # noqa: E501
    ("Kim has 4 shells. Her sister has three times as many shells as Kim. Her sister sold 2 shells. How many shells does her sister have left?", 10),  # noqa: E501
    ("Kim has $12. Lou has twice as much money as Kim. Lou spent $7. How much money does Lou have left?", 17),  # noqa: E501
    ("Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Kim. How many shells does Lou have left?", 19),  # noqa: E501
    ("Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Max. How many shells does Lou have left?", 19),  # noqa: E501
    ("Kim has 12 shells. Lou has twice as many shells as Kim. If Lou gave 5 of his shells to his brother, how many shells did he have left?", 19),  # noqa: E501
    ("Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives 5 shells to Kim. How many shells does Lou have left?", 7),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Kim has 4 shells. Lou has three times as many shells as Kim. Kim gives away 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 shells. How many shells does Kim have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 shells. How many shells does Max have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Max gives away 5 shells. How many shells does Max have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 stones. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 shells. How many stones does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many stones as Kim. Lou gives away 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou gives away 5 shells to Kim. How many shells does Kim have now?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou can give away 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou will give away 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou did not sell 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou wants to sell 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells and 2 stones. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells on Monday. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells does Lou have?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells did Lou sell?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells do they have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells do they have together?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 15 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. Kim sold 1 shell. How many shells does Lou have left?",  # noqa: E501
    "Kim picked 4 shells. Lou picked three times as many shells as Kim. Lou sold 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim found 4 shells. Lou found three times as many shells as Kim. Lou lost 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou found 2 shells. How many shells does Kim have now?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou found 2 of her shells, how many shells did he have now?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou lost 2 shells, how many shells did she have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou lost 2 of his shells, how many shells did she have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou lost 2 of her shells, how many shells did they have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou sells 2 shells, how many shells will Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. If Lou could sell 2 shells, how many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has 3 more than half as many shells as Kim. Lou sold 2 shells. How many more shells does Lou have than Kim?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 shells each day. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 boxes of shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold half of his shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 shells. Then Lou bought 3 shells. How many shells does Lou have now?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 shells to Kim. How many shells does Kim have now?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou received 2 shells from Kim. How many shells does Lou have now?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou left 2 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 shells last week. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has half as many shells as Kim. Yesterday Lou sold 2 shells. How many shells does Lou have left?",  # noqa: E501
    "Lou has half as many shells as Kim. Lou sold 2 shells. How many shells does Lou have left?",
    "Kim has 12 shells. Lou has half as many shells as Kim. Lou sold 2 shells. How many shells does Lou have left if Kim has 10 shells?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou sold 2 of Kim's shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou sold 2 of her shells. How many shells does Kim have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Her sister sold 10 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. They sold 10 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. He sold 10 shells. How many shells does he have left?",  # noqa: E501
    "Kim has $12. Lou has twice as much money as Kim. Lou gave $7. How much money does Kim have left?",  # noqa: E501
    "Kim has 12 shells. Lou owns twice as many shells as Kim. Lou sold 10 shells. How many shells did Lou own left?",  # noqa: E501
    "Kim and Lou have 30 shells together. Lou has twice as many shells as Kim. Lou sold 5 shells. How many shells do they have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells does Lou have left after selling 3 more?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many more shells does Lou have than Kim?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells. How many shells does Kim have now?",  # noqa: E501
    "Kim has 4 shells. Lou has three times fewer shells than Kim. Lou sold 1 shell. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times more shells than Kim. Lou sold 1 shell. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou almost sold 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou never sold 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells to 2 friends. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 of his 7 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim had. Lou sold 5 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. Lou sold 5 shells yesterday. How many shells does Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. If Lou sold 5 shells, how many shells would Lou have left?",  # noqa: E501
    "Kim has 4 shells. Lou has three times as many shells as Kim. If Lou sold 5 shells, how many shells does he have left?",  # noqa: E501
    "Kim has 4 shells. Her sister has three times as many shells as Kim. Her sister sold 2 shells. How many shells does Kim have left?",  # noqa: E501
    "Kim has $12. Lou has twice as much money as Kim. Lou spent $7. How much money does Kim have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou spent 7 shells. How many shells does Lou have left?",  # noqa: E501
    "Kim has $12. Lou has twice as much money as Kim. Lou spent $7 on 3 books. How much money does Lou have left?",  # noqa: E501
    "Kim has $12. Lou has twice as much money as Kim. Lou will spend $7. How much money does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Kim. How many shells does Kim have now?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Max. How many shells does Max have now?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Lou. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou bought 5 shells to Max. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Max gave 5 shells to Lou. How many shells does Lou have now?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. If Lou gave 5 of his shells to his brother, how many shells did his brother have now?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to Max and Kim. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to each friend. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to 3 friends. How many shells does Lou have left?",  # noqa: E501
    "Kim has 12 shells. Lou has twice as many shells as Kim. Lou gave 5 shells to his brother. How many shells does his brother have now?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_scale_then_a_move_closes_right(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", REFUSED)
def test_its_wrong_neighbours_are_refused(text: str) -> None:
    refused(text)
