"""Whose a rate is, against its periods and the holders asked (arith/rate_holders.py).

Authored sentences only. Each check is tested on the frame the reader reads, with the rate and
the periods as the product binds them."""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_holders import (
    one_period_of_another_doing,
    periods_after_and,
    periods_of_another_holder,
    rate_code_of_holders,
    rate_not_of_every_period,
    rate_of_several_asked_of_all,
)
from practiceloop.arith.reader import read
from practiceloop.arith.reading import QuantityView, quantity_views
from practiceloop.kernel.frame import ProblemFrame


def _read(text: str) -> tuple[ProblemFrame, list[QuantityView], int]:
    frame = read(text)
    views = list(quantity_views(frame.mentions))
    return frame, views, len(frame.sentences) - 1


@pytest.mark.parametrize(
    "text",
    [
        "Ana and Ben each read 4 pages a day. How many pages do they read in 5 days?",
        "The 4 boys each read 20 pages a day. How many pages do they read in 3 days?",
        "Both girls read 4 pages a day. How many pages do they read in 5 days?",
        "The twins each can read 4 pages a day. How many pages do they read in 5 days?",
        "Jo and Al each run 3 miles a day. How many miles did Jo and Al run in 5 days?",
        "A machine makes 40 cans an hour. How many cans do the machines make in 8 hours?",
        "Every student reads 5 pages a day. How many pages do the students read in 3 days?",
        "Each of the girls reads 4 pages a day. How many pages do the girls read in 5 days?",
        "All the boys run 2 miles a day. How many miles do the boys run in 5 days?",
        "His hens lay 2 eggs a day. How many eggs do they lay in 3 days?",
    ],
)
def test_a_rate_of_several_asked_of_all_is_refused(text: str) -> None:
    frame, views, question = _read(text)
    assert rate_of_several_asked_of_all(frame, views, question)
    assert rate_code_of_holders(frame, views, question) == "target_owner_mismatch"


@pytest.mark.parametrize(
    "text",
    [
        "Ana and Ben each read 4 pages a day. How many pages does Ana read in 5 days?",
        "Three boys each bake 4 pies a day. How many pies does each boy bake in 2 days?",
        "Ana reads 4 pages a day. How many pages does she read in 5 days?",
        "The family uses 3 towels a day. How many towels do they use in 7 days?",
        "A machine makes 40 cans an hour. How many cans does the machine make in 8 hours?",
        "Every student reads 5 pages a day. How many pages does a student read in 3 days?",
    ],
)
def test_a_rate_of_one_holder_or_asked_of_one_is_kept(text: str) -> None:
    frame, views, question = _read(text)
    assert not rate_of_several_asked_of_all(frame, views, question)


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("He reads 20 pages a day. She reads for 3 days. How many pages does he read?", True),
        ("Mia saves 5 dollars a week. Her sister saves for 6 weeks. How much does Mia save?",
         True),
        ("Kim bakes 4 pies a day. They bake for 3 days. How many pies does Kim bake?", True),
        ("Kim bakes 4 pies a day. Lee bakes for 3 days. How many pies does Kim bake?", True),
        ("He reads 20 pages a day. He reads for 3 days. How many pages does he read?", False),
        ("Tom reads 20 pages a day. He reads for 3 days. How many pages does he read?", False),
        ("Kim bakes 4 pies a day. Kim bakes for 3 days. How many pies does Kim bake?", False),
        ("The shop sold 40 cakes per day. They were open for 3 days. How many did they sell?",
         False),
    ],
)
def test_periods_of_another_holder(text: str, other: bool) -> None:
    frame, views, _ = _read(text)
    assert periods_of_another_holder(frame, views) is other


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        ("She runs 3 miles a day. How many miles does she run in 5 days if she rests for a day?",
         True),
        ("Ben walks 2 miles a day. He took a day off. How many miles does he walk in 7 days?",
         True),
        ("He saves 5 dollars a week. How much does he save in 6 weeks if he skips one week?",
         True),
        ("Ben walks 2 miles a day. How many miles does he walk in 7 days?", False),
        ("Ben walks 2 miles a day for a week. How many miles does he walk?", False),
    ],
)
def test_one_period_of_another_doing(text: str, left_out: bool) -> None:
    frame, views, _ = _read(text)
    assert one_period_of_another_doing(frame, views) is left_out


@pytest.mark.parametrize(
    ("text", "restricted"),
    [
        ("Ana reads 4 pages a day on weekdays. How many pages does Ana read in 14 days?", True),
        ("Ana reads 4 pages a day except on Sundays. How many pages does she read in 14 days?",
         True),
        ("Ana reads 4 pages a day. How many pages does Ana read in 14 days?", False),
        ("Ana reads 4 pages a day for 14 days. How many pages does Ana read?", False),
    ],
)
def test_rate_not_of_every_period(text: str, restricted: bool) -> None:
    frame, views, _ = _read(text)
    assert rate_not_of_every_period(frame, views) is restricted


def test_periods_after_and() -> None:
    told = "he worked 6 hours and his wife worked".split()
    assert periods_after_and(told, set()) == ["his", "wife", "worked"]
    assert periods_after_and("and she worked".split(), set()) == ["she", "worked"]
    assert periods_after_and("tom worked 6 hours and ann worked".split(), {"tom", "ann"}) == [
        "ann",
        "worked",
    ]
    # "He and his wife worked 10 hours": one count of both, read from "he"
    assert periods_after_and("he and his wife worked".split(), set())[0] == "he"
    # "6 hours on Monday and 4 hours": no other teller after "and"
    told = "hours on monday and".split()
    assert periods_after_and(told, set()) == told


@pytest.mark.parametrize(
    "text",
    [
        "He earns $9 an hour. He worked 6 hours and his wife worked 4 hours. What did they earn?",
        "He earns $9 an hour. He worked 6 hours, and his wife worked 4 hours. What did he earn?",
        "He earns $9 an hour. He worked 6 hours and she worked 4 hours. How much did they earn?",
    ],
)
def test_periods_of_another_holder_after_and(text: str) -> None:
    frame, views, _ = _read(text)
    assert periods_of_another_holder(frame, [q for q in views if not q.in_question])
