"""Where a bound amount was told, against the place the question asks of (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.told_places import (
    amount_told_elsewhere,
    places_told_with,
    there_held_moved_by_someone,
)
from tests.arith._helpers import frame_of
from tests.arith.test_soundness import refused_beside_spelled


def test_places_told_with_an_amount() -> None:
    text = "There are 7 trees in the park and 3 in the garden. Workers came to the farm with 4."
    frame = frame_of(text + " How many trees are in the park?")
    views = {q.value: q for q in quantity_views(frame.mentions) if not q.in_question}
    assert places_told_with(frame, views[7]) == {"park"}
    assert places_told_with(frame, views[3]) == {"garden"}
    assert places_told_with(frame, views[4]) == frozenset()  # told before the number
    # times are no places; money's "on" is what it was spent on
    timed = frame_of("Jen spent $12 on a book in the morning. How much did Jen spend?")
    money = next(q for q in quantity_views(timed.mentions) if not q.in_question)
    assert places_told_with(timed, money) == frozenset()


def test_amount_told_elsewhere() -> None:
    frame = frame_of(
        "There are 7 trees in the park. Workers planted 3 more in the garden."
        " How many trees are in the park now?"
    )
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions) if not q.in_question}
    assert amount_told_elsewhere(frame, {"start": views[7], "change": views[3]}, target)
    assert not amount_told_elsewhere(frame, {"start": views[7]}, target)


# Each refused text once closed counting an amount told of another place than the asked one;
# its spelled-out variant tells it of the asked place.
ELSEWHERE = [
    ("There are 7 dogwood trees in the park. Park workers planted 3 more in the garden. How many dogwood trees are in the park now?", "There are 7 dogwood trees in the park. Park workers planted 3 more in the park. How many dogwood trees are in the park now?", 10),  # noqa: E501
    ("There are 7 trees in the garden. Workers planted 3 more in the park. How many trees are in the park now?", "There are 7 trees in the park. Workers planted 3 more in the park. How many trees are in the park now?", 10),  # noqa: E501
    ("There were 12 kids at the pool. 8 more kids came to the store. How many kids are at the pool now?", "There were 12 kids at the pool. 8 more kids came to the pool. How many kids are at the pool now?", 20),  # noqa: E501
    ("Jen had $50 in her wallet. She found $12 in the street. How much money is in her wallet now?", "Jen had $50 in her wallet. She spent $12 on a book. How much money is in her wallet now?", 38),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), ELSEWHERE)
def test_an_amount_told_elsewhere_is_refused(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


def test_there_held_moved_by_someone() -> None:
    """A place's things told with "there" are not a person's, and a person's move told with
    no place is not the place's; moves told into or out of the place are."""
    basket = "There were 18 apples in the basket."
    frame = frame_of(basket + " Sam picked 10 apples. How many apples are in the basket now?")
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions) if not q.in_question}
    assert there_held_moved_by_someone(frame, {"start": views[18], "change": views[10]}, target)
    assert not there_held_moved_by_someone(frame, {"change": views[10]}, target)


# Each refused text once closed (at 23 and 13) mixing a place's things with a person's.
THERE_HELD = [
    ("There were 18 apples in the basket. Sam picked 10 apples. Sam ate 5 of them. How many apples are in the basket now?", "There were 18 apples in the basket. Sam put 10 more apples in the basket. How many apples are in the basket now?", 28),  # noqa: E501
    ("There were 18 apples in the basket. Sam ate 5 of the apples. How many apples does Sam have?", "There were 18 apples in the basket. Sam ate 5 of the apples. How many apples are in the basket now?", 13),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), THERE_HELD)
def test_a_places_things_are_not_a_persons(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)
