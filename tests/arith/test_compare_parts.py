"""The numbered parts of one thing as a comparison's two sides (arith/_compare_parts.py)."""

from __future__ import annotations

import pytest

from practiceloop.arith._compare_parts import (
    asked_parts,
    other_part,
    parts_counted,
    parts_read,
    sides_by_parts,
    told_part,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, relation, verdict_of, with_roles

ALBUM = (
    "An album has 3 discs. The first disc has 14 songs. The second disc has 9 songs and the "
    "third disc has 6 songs. How many more songs does the first disc have than the third disc?"
)


def test_told_part() -> None:
    frame = frame_of(ALBUM)
    parts = {str(q.value): told_part(frame, q) for q in quantity_views(frame.mentions)}
    assert parts == {"3": None, "14": (1, "disc"), "9": (2, "disc"), "6": (3, "disc")}
    # a part of another thing, or a part told as not yet, tells none
    frame = frame_of("The first disc of her album has 14 songs. The second disc will have 9.")
    assert all(told_part(frame, q) is None for q in quantity_views(frame.mentions))


def test_asked_parts() -> None:
    frame = frame_of(ALBUM)
    target = target_view(frame.targets)
    assert target is not None
    assert asked_parts(frame, target) == ((1, "disc"), (3, "disc"))
    for question in (
        "How many more songs does the first disc have than the second album?",  # two nouns
        "How many more songs does the first disc have than the second and third disc?",
        "How many more songs does the first disc have than the first disc?",
        "How many songs does the first disc have?",
    ):
        frame = frame_of("The first disc has 14 songs. The second disc has 9 songs. " + question)
        target = target_view(frame.targets)
        assert target is None or asked_parts(frame, target) is None, question


def test_parts_read() -> None:
    frame = frame_of(ALBUM)
    target = target_view(frame.targets)
    assert target is not None
    compare = relation(frame, "compare")
    assert parts_read(frame, compare, target) is False  # nothing bound yet
    ids = {str(q.value): q.mention_id for q in quantity_views(frame.mentions)}
    bound = relation(with_roles(frame, "compare", compared=ids["14"], referent=ids["6"]), "compare")
    swapped = with_roles(frame, "compare", compared=ids["6"], referent=ids["14"])
    assert not parts_read(frame, relation(swapped, "compare"), target)
    assert parts_read(frame, bound, target) and sides_by_parts(frame, bound, target)


def test_other_part_and_parts_counted() -> None:
    frame = frame_of(ALBUM)
    target = target_view(frame.targets)
    assert target is not None
    views = {str(q.value): q for q in quantity_views(frame.mentions)}
    assert other_part(frame, views["9"], target) and not other_part(frame, views["14"], target)
    assert parts_counted(frame, views["3"], target)
    assert not parts_counted(frame, views["9"], target)
    fewer = frame_of(ALBUM.replace("has 3 discs", "has 2 discs"))  # a third disc told
    target = target_view(fewer.targets)
    assert target is not None
    count = next(q for q in quantity_views(fewer.mentions) if q.value == 2)
    assert not parts_counted(fewer, count, target)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (ALBUM, 8),
        ("A show has 2 acts. The first act was 40 minutes long. The second act was 25 minutes long. How many more minutes did the first act have than the second act?", 15),  # noqa: E501
        ("A report has 2 sections. The first section is 12 pages long. The second section is 9 pages long. How many fewer pages does the second section have than the first section?", 3),  # noqa: E501
    ],
)  # fmt: skip
def test_parts_compared_close(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        # the asked part is never told
        "A report has 3 sections. The first section is 12 pages long. The second section is 9 pages long. How many more pages does the first section have than the third section?",  # noqa: E501
        # a part told twice
        "A report has 2 sections. The first section is 12 pages long. The second section is 9 pages long. The second section is 3 pages long. How many more pages does the first section have than the second section?",  # noqa: E501
        # a move of a part after it was told
        "A report has 2 sections. The first section is 12 pages long. The second section is 9 pages long. Then Ana added 4 pages to the second section. How many more pages does the first section have than the second section?",  # noqa: E501
        # a part told as not yet
        "A report has 2 sections. The first section is 12 pages long. The second section will be 9 pages long. How many more pages does the first section have than the second section?",  # noqa: E501
        # fewer parts counted than told
        "A report has 1 section. The first section is 12 pages long. The second section is 9 pages long. How many more pages does the first section have than the second section?",  # noqa: E501
        # another noun asked
        "A show has 2 acts. The first act is 40 minutes long. The second act is 25 minutes long. How many more minutes does the first act have than the second scene?",  # noqa: E501
    ],
)  # fmt: skip
def test_parts_compared_refuse(text: str) -> None:
    category, _ = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE)
