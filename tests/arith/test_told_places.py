"""Where a bound amount was told, against the place the question asks of (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.told_places import amount_told_elsewhere, places_told_with
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
