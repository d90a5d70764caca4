"""Checks of the rate readings against their wrong neighbours
(:mod:`practiceloop.arith.rate_checks`), authored texts: each refused text closed wrong on the
tree before the rates round or while it was built; the spelled-out variant closes right."""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_checks import (
    asked_as_done,
    asked_pronoun_before_the_owner,
    contents_told_otherwise,
    groups_beside_others,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, relation_with, verdict_of

SHARES_OF_ANOTHER = [
    ("The bus has 4 rows. If 20 people can ride the train at the same time, how many people can each row hold?", "whole_of_another_holder"),  # noqa: E501
    ("Emily had 18 beads. Tom made 6 necklaces. How many beads did each necklace need?", "groups_owner_mismatch"),  # noqa: E501
    ("Emily had 18 beads and made 6 necklaces and 3 rings. How many beads did each necklace need?", "shared_with_another_group"),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "code"), SHARES_OF_ANOTHER)
def test_share_of_another(text: str, code: str) -> None:
    """Each text closed wrong while this round was built; the code says why it is refused."""
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value
    result = practice(text)
    codes = {
        c
        for episode in result.episodes
        for record in episode.records
        for c in getattr(record, "reason_codes", ())
    }
    assert code in codes, sorted(codes)
    assert verdict_of("Emily had 18 beads and made 6 necklaces. How many beads did each necklace "
                    "need?") == (Category.CLOSED_UNIQUE, 3)  # fmt: skip


def test_money_of_a_list_sold() -> None:
    """Money made by selling a list is not made on one of its things alone."""
    refused("Ivy makes $3 off each cake sold. She sold 12 cakes and 4 pies. How much money did "
             "she make?")  # fmt: skip
    assert verdict_of("Ivy makes $3 off each cake sold. She sold 12 cakes. How much money did she "
                    "make?") == (Category.CLOSED_UNIQUE, 36)  # fmt: skip


def test_groups_not_done() -> None:
    """Groups told "will buy" fill no total asked as done; asked "will she spend" they do."""
    refused("Each cap costs $5. Ann will buy 20 caps. How much did she spend?")
    assert verdict_of("Each cap costs $5. Ann will buy 20 caps. How much will she spend?") == (
        Category.CLOSED_UNIQUE,
        100,
    )
    frame = frame_of("Each cap costs $5. Ann will buy 20 caps. How much did she spend?")
    target = target_view(frame.targets)
    assert target is not None and asked_as_done(frame, target)
    frame = frame_of("Each cap costs $5. Ann will buy 20 caps. How much will she spend?")
    target = target_view(frame.targets)
    assert target is not None and not asked_as_done(frame, target)


def test_contents_told_otherwise() -> None:
    """ "6 packs of pens" hold no pencils; packs of dvds at a price each are priced."""
    frame = frame_of("Tom had 6 packs of pens. Each pack has 14 pencils. How many pencils does he "
                     "have?")  # fmt: skip
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert contents_told_otherwise(views[6], views[14])
    frame = frame_of("Tom bought 33 packs of dvds at 81 dollars each pack. How much did he "
                     "spend?")  # fmt: skip
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert not contents_told_otherwise(views[33], views[81])
    refused("Tom had 6 packs of pens. Each pack has 14 pencils. How many pencils does he have?")


def test_groups_beside_others() -> None:
    """Boxes listed beside the bags may hold apples too, unless the question names the bags."""
    text = "Tom had 3 boxes and 5 bags. Each bag has 4 apples. How many apples does Tom have?"
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    bags = next(q for q in quantity_views(frame.mentions) if q.value == 5)
    assert groups_beside_others(frame, relation_with(relation, groups=bags.mention_id), target)
    refused(text)
    assert verdict_of("Tom had 3 boxes and 5 bags. Each bag has 4 apples. How many apples are in "
                    "the bags?") == (Category.CLOSED_UNIQUE, 20)  # fmt: skip


def test_asked_pronoun_before_the_owner() -> None:
    """ "She" said before Tom is named may be someone else than Tom."""
    text = ("She likes pencils. Tom had 6 packs of pencils. Each pack has 14 pencils. How many "
            "pencils does she have?")  # fmt: skip
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    packs = next(q for q in quantity_views(frame.mentions) if q.value == 6)
    moved = relation_with(relation, groups=packs.mention_id)
    assert asked_pronoun_before_the_owner(frame, moved, target)
    refused(text)
    assert verdict_of("Tom had 6 packs of pencils. Each pack has 14 pencils. How many pencils does "
                    "he have?") == (Category.CLOSED_UNIQUE, 84)  # fmt: skip
