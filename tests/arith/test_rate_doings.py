"""What a rate per a period does, against the doing and the holders the question asks of its
product (:mod:`practiceloop.arith.rate_doings`): each check refuses its authored wrong closure
and leaves the spelled-out product closing."""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_doings import (
    past_rate_asked_ahead,
    rate_of_one_asked_of_they,
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
