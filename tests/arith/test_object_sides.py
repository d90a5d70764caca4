"""Two sides of a comparison told apart only by what their verb acts on
(arith/_object_sides.py). Authored texts only."""

from __future__ import annotations

from practiceloop.arith._object_sides import (
    asked_objects,
    object_side,
    other_object_side,
    sides_by_object_unread,
    told_apart_otherwise,
    told_words,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, relation, verdict_of, with_roles

VOTES = (
    "At the fair 30 kids voted for red kites, 12 voted for blue kites and 8 voted for green "
    "kites. How many more kids voted for red kites than for blue kites?"
)


def _read(text: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    return frame, {str(q.value): q for q in quantity_views(frame.mentions)}, target


def test_asked_objects() -> None:
    frame, _, target = _read(VOTES)
    assert asked_objects(frame, target) == ({"red", "kite"}, {"blue", "kite"})
    frame, _, target = _read(
        "Ivo picked 9 pears and Ada picked 4 pears. How many more pears did Ivo pick than Ada?"
    )
    assert asked_objects(frame, target) is None  # no words after the verb: owners tell them
    frame, _, target = _read("30 kids voted. How many more kids voted for kites than for kites?")
    assert asked_objects(frame, target) is None  # one side's words are the other's


def test_told_words_and_object_side() -> None:
    frame, views, target = _read(VOTES)
    assert {"red", "kite"} <= told_words(frame, views["30"])
    assert "kid" not in told_words(frame, views["30"])  # the counted noun names no side
    assert object_side(frame, views["30"], target) == "compared"
    assert object_side(frame, views["12"], target) == "referent"
    assert object_side(frame, views["8"], target) is None  # green: neither


def test_told_apart_otherwise() -> None:
    frame, views, target = _read(VOTES)
    compare = relation(frame, "compare")
    assert not told_apart_otherwise(frame, compare, views["30"], views["12"], target)
    frame, views, target = _read(
        "Ivo picked 9 pears and Ada picked 4 pears. How many more pears did Ivo pick than Ada?"
    )
    compare = relation(frame, "compare")
    assert told_apart_otherwise(frame, compare, views["9"], views["4"], target)


def test_sides_by_object_unread() -> None:
    frame, views, target = _read(VOTES)
    right = with_roles(
        frame, "compare", compared=views["30"].mention_id, referent=views["12"].mention_id
    )
    wrong = with_roles(
        frame, "compare", compared=views["12"].mention_id, referent=views["30"].mention_id
    )
    assert not sides_by_object_unread(right, relation(right, "compare"), target)
    assert sides_by_object_unread(wrong, relation(wrong, "compare"), target)


def test_other_object_side() -> None:
    frame, views, target = _read(VOTES)
    bound = [views["30"], views["12"]]
    assert other_object_side(frame, "compare", views["8"], bound, target)
    assert not other_object_side(frame, "combine", views["8"], bound, target)


def test_sides_by_their_words_close_right() -> None:
    assert verdict_of(VOTES) == (Category.CLOSED_UNIQUE, 18)
    swapped = VOTES.replace("30 kids", "3 kids")  # the red side is the smaller: no answer
    assert verdict_of(swapped)[0] is not Category.CLOSED_UNIQUE
