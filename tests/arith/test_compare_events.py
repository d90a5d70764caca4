"""Where an amount came from or went to as a comparison's two sides (arith/_compare_events.py)."""

from __future__ import annotations

import pytest

from practiceloop.arith._compare_events import (
    asked_events,
    event_sides,
    events_read,
    other_event,
    sides_by_events,
    told_event,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, relation, verdict_of, with_roles

GIFTS = (
    "Zoe received 6 dollars from her aunt. Her uncle gave her 9 dollars. She bought a hat for 4 "
    "dollars. How much more money did she receive from her uncle than she did from her aunt?"
)
PLATES = (
    "Ivy spent $ 12 to buy plates and $ 7 to buy forks. Now she has $ 30. How much more did "
    "Ivy spend on plates than forks?"
)


def test_told_event() -> None:
    frame = frame_of(GIFTS)
    told = {str(q.value): told_event(frame, q) for q in quantity_views(frame.mentions)}
    assert told == {"6": ("from", "aunt"), "9": ("from", "uncle"), "4": None}
    frame = frame_of(PLATES)
    told = {str(q.value): told_event(frame, q) for q in quantity_views(frame.mentions)}
    assert told == {"12": ("for", "plate"), "7": ("for", "fork"), "30": None}
    # for someone is no source; a gift not given yet is none
    frame = frame_of("Zoe received 6 dollars for her aunt. Her uncle will give her 9 dollars.")
    assert all(told_event(frame, q) is None for q in quantity_views(frame.mentions))


def test_asked_events() -> None:
    for text, events in (
        (GIFTS, (("from", "uncle"), ("from", "aunt"))),
        (PLATES, (("for", "plate"), ("for", "fork"))),
        # another verb than the kind's, a pronoun the story never uses, a time not an event
        (GIFTS.replace("did she receive", "did she spend"), None),
        (GIFTS.replace("did she receive", "did he receive"), None),
        (PLATES.replace("spend on plates than forks", "play on monday than tuesday"), None),
    ):
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        assert asked_events(frame, target) == events, text


def test_event_sides() -> None:
    frame = frame_of(GIFTS)
    target = target_view(frame.targets)
    assert target is not None
    sides = event_sides(frame, target)
    assert sides is not None
    assert [[str(q.value) for q in side] for side in sides] == [["9"], ["6"]]


def test_events_read() -> None:
    frame = frame_of(GIFTS)
    target = target_view(frame.targets)
    assert target is not None
    ids = {str(q.value): q.mention_id for q in quantity_views(frame.mentions)}
    bound = relation(with_roles(frame, "compare", compared=ids["9"], referent=ids["6"]), "compare")
    swapped = with_roles(frame, "compare", compared=ids["6"], referent=ids["9"])
    assert not events_read(frame, relation(swapped, "compare"), target)
    assert events_read(frame, bound, target) and sides_by_events(frame, bound, target)
    # a second person: "her" may be either one's
    two = frame_of(GIFTS.replace("Zoe received", "Zoe and Max went out. Zoe received"))
    target = target_view(two.targets)
    assert target is not None
    ids = {str(q.value): q.mention_id for q in quantity_views(two.mentions)}
    bound = relation(with_roles(two, "compare", compared=ids["9"], referent=ids["6"]), "compare")
    assert not events_read(two, bound, target)


def test_other_event() -> None:
    frame = frame_of(GIFTS)
    target = target_view(frame.targets)
    assert target is not None
    views = {str(q.value): q for q in quantity_views(frame.mentions)}
    assert other_event(frame, views["4"], target)  # spent: nothing received
    assert not other_event(frame, views["6"], target)
    frame = frame_of(GIFTS.replace("She bought a hat for 4", "She also got 4"))
    target = target_view(frame.targets)
    assert target is not None
    got = next(q for q in quantity_views(frame.mentions) if q.value == 4)
    assert not other_event(frame, got, target)  # a gain with no source may be either's


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (GIFTS, 3),
        (PLATES, 5),
        ("Zoe received 6 dollars from her aunt. Then she got 9 dollars from her uncle. How many fewer dollars did she receive from her aunt than she did from her uncle?", 3),  # noqa: E501
        ("Ivy spent $ 12 on plates and $ 7 on forks. How much more did Ivy spend on plates than forks?", 5),  # noqa: E501
    ],
)  # fmt: skip
def test_events_compared_close(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        GIFTS.replace("Her uncle gave her", "Her uncle will give her"),
        GIFTS.replace("She bought a hat for", "She also got"),
        GIFTS.replace("Her uncle gave her 9", "Her uncle gave Max 9"),
        GIFTS.replace("did she receive", "did he receive"),
        GIFTS.replace("did she receive", "did she spend"),
        GIFTS.replace("from her uncle than", "from her grandma than"),
        GIFTS.replace("Zoe received", "Zoe wanted to receive"),
        GIFTS.replace("She bought a hat for 4 dollars.", "Her uncle gave her 2 more dollars."),
        PLATES.replace("Now she has $ 30.", "She got $ 3 back for the forks."),
        PLATES.replace("and $ 7", "and Sam spent $ 7"),
        PLATES.replace("Now she has $ 30.", "She spent $ 3 more."),
    ],
)
def test_events_compared_refuse(text: str) -> None:
    category, _ = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), text
