"""What the target proof checks of a sharing's groups (:mod:`practiceloop.arith._share_checks`):
a sharing not done yet, groups listed with others, a sharing of "they" asked of one. Authored
texts only (never a corpus sentence); each refused text beside a variant that closes right."""

from __future__ import annotations

import pytest

from practiceloop.arith._share_checks import (
    groups_listed_with_others,
    shared_by_many_asked_of_one,
    shared_not_yet,
)
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id
from tests.arith.test_soundness import verdict


def _bound(
    text: str, groups: str, size: str | None = None
) -> tuple[ProblemFrame, dict[str, QuantityView], TargetView]:
    frame = frame_of(text)
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    bound = {"groups": views[quantity_id(frame, groups)]}
    if size is not None:
        bound["per_group"] = views[quantity_id(frame, size)]
    view = target_view(frame.targets)
    assert view is not None
    return frame, bound, view


def test_shared_not_yet() -> None:
    will = "Ana picked 30 plums. She will pack them in 5 bags. "
    did = "Ana picked 30 plums. She packed them in 5 bags. "
    frame, bound, view = _bound(will + "How many plums are in each bag now?", "5")
    assert shared_not_yet(frame, bound, view)
    frame, bound, view = _bound(did + "How many plums are in each bag now?", "5")
    assert not shared_not_yet(frame, bound, view)
    frame, bound, view = _bound(will + "How many plums will be in each bag?", "5")
    assert not shared_not_yet(frame, bound, view)  # the share as planned is asked


def test_groups_listed_with_others() -> None:
    frame, bound, _ = _bound(
        "Ana picked 30 plums. She packed them in 5 bags and 2 boxes. How many plums were in each bag?", "5"  # noqa: E501
    )
    assert groups_listed_with_others(frame, bound)
    frame, bound, _ = _bound(
        "Ana picked 30 plums. She packed them in 2 boxes or 5 bags. How many plums were in each bag?", "5"  # noqa: E501
    )
    assert groups_listed_with_others(frame, bound)
    frame, bound, _ = _bound(
        "Ana picked 30 plums and 2 pears. She packed the plums in 5 bags. How many plums were in each bag?", "5"  # noqa: E501
    )
    assert not groups_listed_with_others(frame, bound)


def test_shared_by_many_asked_of_one() -> None:
    text = "Rania baked 30 cookies and Zed baked 18. They put all the cookies in bags of 6. "
    frame, bound, view = _bound(text + "How many bags did Rania fill?", "6", "6")
    bound = {"per_group": bound["per_group"]}
    assert shared_by_many_asked_of_one(frame, bound, view)
    frame, bound, view = _bound(text + "How many bags did they fill?", "6", "6")
    assert not shared_by_many_asked_of_one(frame, {"per_group": bound["per_group"]}, view)
    # a question that names no owner asks the sharing told
    frame, bound, view = _bound(
        "They pick 8 apples per day. How many days will it take to pick 24 apples?", "8", "8"
    )
    assert not shared_by_many_asked_of_one(frame, {"per_group": bound["per_group"]}, view)


# (refused, a code of its refusal, the spelled-out variant, its value)
CASES = [
    ("Ana picked 30 plums. She will pack them in 5 bags. How many plums are in each bag now?", "target_continuity:move_not_done", "Ana picked 30 plums. She packed them in 5 bags. How many plums are in each bag now?", 6),  # noqa: E501
    ("Ezra has 48 stamps. He plans to sort them equally into 6 albums. How many stamps are in each album now?", "target_continuity:move_not_done", "Ezra has 48 stamps. He is going to sort them equally into 6 albums. How many stamps will be in each album?", 8),  # noqa: E501
    ("Ana picked 30 plums. She packed them equally in 5 bags and 2 boxes. How many plums were in each bag?", "target_continuity:target_thing_mismatch", "Ana picked 30 plums. She packed them equally in 5 bags. How many plums were in each bag?", 6),  # noqa: E501
    ("Kofi baked 40 rolls. He put them in 6 baskets and 2 trays. How many rolls were in each tray?", "target_continuity:target_thing_mismatch", "Kofi baked 40 rolls. He put them equally in 8 baskets. How many rolls were in each basket?", 5),  # noqa: E501
    ("Rania baked 30 cookies and Zed baked 18. They put all the cookies in bags of 6. How many bags did Rania fill?", "target_continuity:target_owner_mismatch", "Rania baked 30 cookies and Zed baked 18. They put all the cookies in bags of 6. How many bags did they fill?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "code", "spelled", "value"), CASES)
def test_a_share_not_told_is_refused(refused: str, code: str, spelled: str, value: int) -> None:
    category, found, codes = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    assert code in codes
    category, found, _ = verdict(spelled)
    assert (category, found) == (Category.CLOSED_UNIQUE, value)
