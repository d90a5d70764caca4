"""The question's subject against the things the text tells of (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.asked_subjects import asked_subject, asked_subject_untold
from practiceloop.arith.reading import target_view
from tests.arith._helpers import frame_of
from tests.arith.test_soundness import refused_beside_spelled


def _subject(text: str) -> tuple[str | None, bool]:
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    found = asked_subject(frame, target)
    return (None if found is None else found[0]), asked_subject_untold(frame, target)


def test_asked_subject() -> None:
    car = "A car travels 60 miles per hour."
    assert _subject(car + " How far does a bus travel in 3 hours?") == ("bus", True)
    assert _subject(car + " How far does the car travel in 3 hours?") == ("car", False)
    # adjectives are passed over; plurals key as their singular
    assert _subject(car + " How far does the red car travel in 3 hours?") == ("car", False)
    assert _subject(
        "Two trucks carry 9 boxes each. How many boxes do the trucks carry?"
    ) == ("truck", False)
    # a possessed person the text never names
    assert _subject("Sam earned 48 dollars in 4 hours. How much did his sister earn per hour?") == (
        "sister",
        True,
    )
    # no article after the auxiliary: no subject read
    assert _subject(car + " How far does it travel in 3 hours?") == (None, False)
    # money told in its units is the money asked of
    assert _subject(
        "Luke made 9 dollars. If he spent 3 dollars a week, how long would the money last him?"
    ) == ("money", False)


# Each refused text once closed on a rate or an amount told of another thing than the one the
# question asks of; the spelled-out variant asks of the told one.
SUBJECT_UNTOLD = [
    ("A car travels 60 miles per hour. How far does a bus travel in 3 hours?", "A car travels 60 miles per hour. How far does the car travel in 3 hours?", 180),  # noqa: E501
    ("Sam earned 48 dollars in 4 hours. How much did his sister earn per hour?", "Sam earned 48 dollars in 4 hours. How much did he earn per hour?", 12),  # noqa: E501
    ("A machine makes 12 toys an hour. How many toys does the robot make in 5 hours?", "A machine makes 12 toys an hour. How many toys does the machine make in 5 hours?", 60),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SUBJECT_UNTOLD)
def test_a_subject_the_text_never_names_is_refused(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


def test_a_counted_subject_names_no_noun_but_its_own() -> None:
    told = "Lena picked 30 plums. Omar picked 12 plums."
    assert _subject(told + " How many plums did the two of them pick?") == (None, False)
    assert _subject(told + " How many plums did the two pick?") == (None, False)
    assert _subject(told + " How many plums did the two boys pick?") == ("boy", True)
