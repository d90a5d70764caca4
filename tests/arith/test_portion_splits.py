"""The splits shape of the portion reading: a told whole split by fractions into kinds, the
rest one more kind (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_splits import read_splits
from tests.arith._helpers import frame_of


def _asked(text: str) -> str | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_splits(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else read.asked_role


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Ivo has 40 fish. 25% of them are red, 50% are blue, and the rest are gold. How many gold fish does Ivo have?", "rest"),  # noqa: E501
        ("Ivo has 40 fish. 25% of them are red, 50% are blue, and the rest are gold. How many fish are blue?", "part_2"),  # noqa: E501
        ("There are 60 seats in the hall. A third of them are green. The rest are grey. How many seats are grey?", "rest"),  # noqa: E501
        ("Ivo has 90 hats. Two thirds of the hats are wool, and the rest of the hats are silk. How many silk hats does Ivo have?", "rest"),  # noqa: E501
        ("There are 50 birds in the park. 40% of them are from Spain while the rest are from France. How many birds are from France?", "rest"),  # noqa: E501
    ],
)
def test_read_splits(text: str, role: str) -> None:
    assert _asked(text) == role


@pytest.mark.parametrize(
    "text",
    [
        # a kind told twice, fractions of all or more, a part of another thing
        "Ivo has 40 fish. 25% of them are red, 50% are red, and the rest are gold. How many gold fish does Ivo have?",  # noqa: E501
        "Ivo has 40 fish. 75% of them are red, 50% are blue, and the rest are gold. How many gold fish does Ivo have?",  # noqa: E501
        "Ivo has 40 fish. 25% of the cats are red, and the rest are gold. How many gold fish does Ivo have?",  # noqa: E501
        # a kind no part is, another holder asked, the whole of another time
        "Ivo has 40 fish. 25% of them are red, and the rest are gold. How many blue fish does Ivo have?",  # noqa: E501
        "Ivo has 40 fish. 25% of them are red, and the rest are gold. How many gold fish does Ada have?",  # noqa: E501
        "Ivo had 40 fish. 25% of them are red, and the rest are gold. How many gold fish does Ivo have?",  # noqa: E501
        # no rest told: the other kind is unsaid
        "Ivo has 40 fish. 25% of them are red. How many gold fish does Ivo have?",
    ],
)
def test_read_splits_refuses(text: str) -> None:
    assert _asked(text) is None
