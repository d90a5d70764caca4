"""Whose things an amount may be (arith/kin_holders.py): authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith.kin_holders import bound_of_anothers, kin_holder, question_words
from practiceloop.arith.reading import quantity_views, target_view
from tests.arith._helpers import frame_of, quantity_id

START = "Tom had 9 apples. "


def _views(text: str, number: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    return frame, views[quantity_id(frame, number)], list(views.values()), target


@pytest.mark.parametrize(
    ("text", "kin"),
    [
        (START + "His sister has 6 apples. He ate 4 apples. How many apples does Tom have left?", True),  # noqa: E501
        (START + "His older sister has 6 apples. He ate 4 apples. How many apples does Tom have left?", True),  # noqa: E501
        # the kin asked, a group asked, the kin moving
        (START + "His sister has 6 apples. He ate 4 apples. How many apples does his sister have?", False),  # noqa: E501
        (START + "His sister has 6 apples. He ate 4 apples. How many apples do they have left?", False),  # noqa: E501
        (START + "His sister gave him 6 apples. How many apples does Tom have now?", False),
    ],
)  # fmt: skip
def test_kin_holder(text: str, kin: bool) -> None:
    frame, six, views, target = _views(text, "6")
    bound = [v for v in views if v is not six and not v.in_question]
    assert kin_holder(frame, "change", six, bound, target) is kin


def test_bound_of_anothers() -> None:
    frame, four, _, _ = _views(
        START + "Ben has 20 apples. Tom ate 4 of them. How many apples does Tom have?", "4"
    )
    assert bound_of_anothers(frame, [four], "ben")
    frame, four, _, _ = _views(
        START + "Ben has 20 apples. Tom ate 4 apples. How many apples does Tom have?", "4"
    )
    assert not bound_of_anothers(frame, [four], "ben")


def test_question_words() -> None:
    frame = frame_of(START + "How many apples does Tom have?")
    target = target_view(frame.targets)
    assert target is not None
    assert question_words(frame, target)[:3] == ["how", "many", "apples"]
