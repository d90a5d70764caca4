"""What a rate per a period does, against the doing and the holders the question asks of its
product (:mod:`practiceloop.arith.rate_doings`): each check refuses its authored wrong closure
and leaves the spelled-out product closing."""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_doings import (
    past_rate_asked_ahead,
    rate_asked_of_another_doing,
    rate_of_one_asked_of_they,
    same_doing,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def _told(text: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    views = [q for q in quantity_views(frame.mentions) if not q.in_question]
    target = target_view(frame.targets)
    assert target is not None
    return frame, views, target


def test_same_doing() -> None:
    assert same_doing("read", "read")
    assert same_doing("bake", "make")  # a general verb asks any doing of its kind
    assert same_doing("drive", "go")
    assert same_doing("travel", "go")
    assert same_doing("feed", "eat")  # one doing told from its two sides
    assert not same_doing("travel", "drive")
    assert not same_doing("run", "swim")
    assert not same_doing("read", "write")


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("Tom runs 4 laps a day. How many laps does he swim in 15 days?", True),
        ("Ana reads 20 pages a day. How many pages does she write in 7 days?", True),
        ("Kim knits 3 scarves a week. How many scarves does Kim wear in 4 weeks?", True),
        ("Luis travels 60 miles an hour. How far does he drive in 3 hours?", True),
        ("Tom runs 4 laps a day. How many laps does he run in 15 days?", False),
        ("A hen lays 2 eggs a day. How many eggs does the hen lay in 15 days?", False),
        ("Ana earns $12 an hour. How much money does she make in 2 hours?", False),
        ("Lia is paid $12 an hour. How much does she earn in 2 hours?", False),
        ("A car travels 55 miles per hour. How far does it go in 4 hours?", False),
        ("Pita feeds his dog 2 cups of food each day. How many cups of food does the dog eat "
         "in 14 days?", False),
        ("Luis drives 60 miles an hour. How far does he go in 3 hours?", False),
        ("Mia drinks 9 bottles a day. If the bottles lasted 5 days, how many did she buy?",
         False),
    ],
)  # fmt: skip
def test_rate_asked_of_another_doing(text: str, other: bool) -> None:
    frame, views, target = _told(text)
    assert rate_asked_of_another_doing(frame, views, target) is other


@pytest.mark.parametrize(
    ("text", "one"),
    [
        ("Tom runs 4 laps a day for 15 days. How many laps do they run?", True),
        ("She knits 3 scarves a week. How many scarves do they knit in 4 weeks?", True),
        ("Kim knits 3 scarves a week. How many scarves do we knit in 4 weeks?", True),
        ("Tom runs 4 laps a day for 15 days. How many laps does he run?", False),
        ("Wren's family drove 62 miles each day for 5 days. How many miles did they drive?",
         False),
    ],
)  # fmt: skip
def test_rate_of_one_asked_of_they(text: str, one: bool) -> None:
    frame, views, target = _told(text)
    assert rate_of_one_asked_of_they(frame, views, target) is one


def test_the_products_asked_of_the_rates_doing_still_close() -> None:
    assert verdict_of("Tom runs 4 laps each day for 15 days. How many laps does he run?") == (
        Category.CLOSED_UNIQUE,
        60,
    )
    assert verdict_of(
        "Wren's family drove 62 miles each day for 5 days. How many miles did they drive?"
    ) == (Category.CLOSED_UNIQUE, 310)


@pytest.mark.parametrize(
    ("text", "ahead"),
    [
        ("Sara walked 3 miles a day for 14 days. How many miles will she walk?", True),
        ("Sara walked 3 miles a day. How many miles will she walk in 14 days?", True),
        ("Sara walked 3 miles a day for 14 days. How many miles did she walk?", False),
        ("Sara walks 3 miles a day. How many miles will she walk in 14 days?", False),
        ("Sara walked 3 miles a day. At the same rate, how many miles will she walk in 14 days?",
         False),
        ("Ana read 20 pages a day. How many pages will she read in 3 days?", False),
    ],
)  # fmt: skip
def test_past_rate_asked_ahead(text: str, ahead: bool) -> None:
    frame, views, target = _told(text)
    assert past_rate_asked_ahead(frame, views, target) is ahead


def test_past_rate_asked_of_will_the_name_is_not_ahead() -> None:
    frame, views, target = _told(
        "Will earned 8 dollars an hour. He worked 5 hours. How much money did Will earn?"
    )
    assert not past_rate_asked_ahead(frame, views, target)
