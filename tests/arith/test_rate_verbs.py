"""The checks of what a rate does against what the question asks of its product
(:mod:`practiceloop.arith.rate_verbs`): each refuses its authored wrong closure and leaves the
spelled-out product closing."""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_verbs import (
    asked_another_doing,
    loss_rate_asked_held,
    measure_asked_of_a_change,
    periods_of_another_doing,
    rate_code,
    rate_of_each_other,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def _told(text: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    views = [q for q in quantity_views(frame.mentions) if not q.in_question]
    target = target_view(frame.targets)
    assert target is not None
    return frame, views, target, len(frame.sentences) - 1


def test_loss_rate_asked_held() -> None:
    frame, views, target, q = _told(
        "She gave away 20 stickers a day. How many stickers does she have after 7 days?"
    )
    assert loss_rate_asked_held(frame, views, target, q)
    frame, views, target, q = _told("Mia buys 5 tickets for $12 each. What is the total cost?")
    assert not loss_rate_asked_held(frame, views, target, q)
    frame, views, target, q = _told(
        "She gets 20 stickers a day. How many stickers does she have after 7 days?"
    )
    assert not loss_rate_asked_held(frame, views, target, q)


def test_measure_asked_of_a_change() -> None:
    frame, views, _, q = _told(
        "A plant grows 6 inches a month. How tall is the plant in 12 months?"
    )
    assert measure_asked_of_a_change(frame, views, q)
    frame, views, _, q = _told(
        "A plant grows 6 inches a month. How much does it grow in 12 months?"
    )
    assert not measure_asked_of_a_change(frame, views, q)


def test_rate_of_each_other() -> None:
    frame, views, _, q = _told(
        "Nora buys 2 books a week for each child. How many books does she buy in 52 weeks?"
    )
    assert rate_of_each_other(frame, views, q)
    frame, views, _, q = _told(
        "Nora buys 2 books each week for each of her kids. How many books does she buy in 10 weeks?"
    )
    assert rate_of_each_other(frame, views, q)
    frame, views, _, q = _told(
        "Nora buys 2 books each week. How many books does she buy in 10 weeks?"
    )
    assert not rate_of_each_other(frame, views, q)
    # the question asks per the other noun: "in each block" is the product asked
    frame, views, _, q = _told(
        "There are 20 houses in a block. A mailman gives 3 letters to each house in each block."
        " How many letters does he give in each block?"
    )
    assert not rate_of_each_other(frame, views, q)


def test_periods_of_another_doing() -> None:
    _, views, _, _ = _told(
        "Tim bakes 3 pies a day. He rented a stall for 7 days. How many pies did he bake?"
    )
    assert periods_of_another_doing(views)
    _, views, _, _ = _told(
        "Sue earns 10 dollars an hour. She worked 5 hours. How much did she earn?"
    )
    assert not periods_of_another_doing(views)


@pytest.mark.parametrize(
    "text",
    [
        "Ann reads 20 pages a day. How many pages does she write in 7 days?",
        "A machine makes 30 cups an hour. How many cups does it pack in 4 hours?",
        "Leo runs 3 miles a day. How many miles does he swim in 6 days?",
        "Sue makes 8 cakes a day. How many cakes does she bake in 10 days?",
        "A teacher grades 30 tests a day. How many tests does she write in 4 days?",
        "A clerk stamps 40 letters an hour. How many letters does he sort in 3 hours?",
        "Ella feeds her cat 3 treats a day. How many treats does Ella eat in 10 days?",
        "A shop sells 30 cups a day. How many cups do the customers buy in 4 days?",
        "Tom runs 4 laps a day. How many laps does he swim in 15 days?",
        "Kim knits 3 scarves a week. How many scarves does Kim wear in 4 weeks?",
    ],
)
def test_asked_another_doing(text: str) -> None:
    frame, views, target, q = _told(text)
    assert asked_another_doing(frame, views, target, q)


@pytest.mark.parametrize(
    "text",
    [
        "Ann reads 20 pages a day. How many pages does she read in 7 days?",
        "A car travels 55 miles per hour. How far does it go in 4 hours?",
        "Sue bakes 8 cakes a day. How many cakes does she make in 10 days?",
        "Pita feeds his dog 2 cups of food each day. How many cups does the dog eat in 14 days?",
        "Olivia earns $9 per hour. She worked 10 hours. How much money did she make?",
        "Olivia is paid $9 per hour. She worked 10 hours. How much money did she earn?",
        "Mia collects 6 shells a day. How many shells does she pick up in 5 days?",
        "A hen lays 2 eggs a day. How many eggs does it lay in 7 days?",
        "A machine can make 4 shirts a minute. How many shirts did machine make in 5 minutes?",
        "She drank 9 bottles a day. The bottles lasted 5 days. How many bottles had she bought?",
        "Each bag holds 15 oranges. How many oranges are in 10 bags?",
        "Luis drives 60 miles an hour. How far does he go in 3 hours?",
        "Ana earns $12 an hour. How much money does she make in 2 hours?",
        "Lia is paid $12 an hour. How much does she earn in 2 hours?",
    ],
)
def test_asked_the_rates_doing(text: str) -> None:
    frame, views, target, q = _told(text)
    assert not asked_another_doing(frame, views, target, q)


def test_rate_code_names_the_refusal() -> None:
    frame, views, target, q = _told(
        "Nora buys 2 books a week for each child. How many books does she buy in 52 weeks?"
    )
    assert rate_code(frame, views, target, q) == "target_rate_unread"
    frame, views, target, q = _told(
        "Ann reads 20 pages a day. How many pages does she write in 7 days?"
    )
    assert rate_code(frame, views, target, q) == "target_doing_mismatch"
    frame, views, target, q = _told("Tim bakes 3 pies a day. How many pies does he bake in 7 days?")
    assert rate_code(frame, views, target, q) is None


@pytest.mark.parametrize(
    ("refused", "spelled", "value"),
    [
        (
            "Tim bakes 3 pies a day. How many pies does he sell in 7 days?",
            "Tim bakes 3 pies a day. How many pies does he bake in 7 days?",
            21,
        ),
        (
            "She gave away 20 stickers a day. How many stickers does she have after 7 days?",
            "She gave away 20 stickers a day. How many stickers did she give away in 7 days?",
            140,
        ),
        (
            "A tree grows 2 feet a year. How tall will the tree be in 5 years?",
            "A plant grows 6 inches a month. How many inches does it grow in 12 months?",
            72,
        ),
        (
            "Nora buys 2 books a week for each child. How many books does she buy in 52 weeks?",
            "Nora buys 2 books a week for her son. How many books does she buy in 10 weeks?",
            20,
        ),
        (
            "Tim bakes 3 pies a day. He bought an oven for 7 days. How many pies does he bake?",
            "Tim bakes 3 pies a day. He baked for 7 days. How many pies did he bake?",
            21,
        ),
    ],
)
def test_a_product_of_another_doing_is_refused(refused: str, spelled: str, value: int) -> None:
    assert verdict_of(refused)[0] not in (Category.CLOSED_UNIQUE, Category.DIRECT)
    assert verdict_of(spelled) == (Category.CLOSED_UNIQUE, value)
