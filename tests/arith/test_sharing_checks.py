"""The proofs' checks of a sharing or of equal groups (arith/_sharing_checks.py), on authored
texts."""

from __future__ import annotations

from practiceloop.arith._sharing_checks import (
    container_of_another_thing,
    contents_told,
    groups_of_someones,
    spending_untold,
)
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame
from tests.arith._helpers import frame_of


def _read(text: str) -> tuple[ProblemFrame, list[QuantityView], TargetView]:
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    return frame, [q for q in quantity_views(frame.mentions) if not q.in_question], target


def test_spending_untold() -> None:
    """Money held shared by a price asks what it *can* buy; "did he buy" is untold."""
    for text, untold in (
        ("Nikhil has 80 dollars. How many 8 dollar toys did he buy?", True),
        ("Nikhil saved 80 dollars. How many 8 dollar toys did he get?", True),
        ("Nikhil has 80 dollars. How many 8 dollar toys can he buy?", False),
        ("Nikhil has 80 dollars. How many 8 dollar toys could he afford?", False),
        ("Nikhil spent 80 dollars on 8 dollar toys. How many toys did he buy?", False),
        ("Nikhil has 80 dollars. How many 8 dollar toys does he have?", False),
        ("Nikhil has 80 dollars. He spends 8 dollars a day. How many days will it last?", False),
    ):
        frame, told, target = _read(text)
        money = [q for q in quantity_views(frame.mentions) if q.entity == "money"]
        bound = {"total": money[0], "per_group": money[1]}
        assert spending_untold(frame, bound, target) is untold, text
    # no money shared: nothing to check
    frame, told, target = _read("Ann has 80 pens. How many boxes of 8 pens did she fill?")
    assert not spending_untold(frame, {"total": told[0], "per_group": told[0]}, target)


def test_contents_told() -> None:
    """ "A pack *of gum* has 12 sticks": what the group a rate is per holds, told before the
    rate's number in its sentence."""
    for text, contents in (
        ("A pack of gum has 12 sticks. How many sticks are in 4 packs?", "gum"),
        ("Each box of crayons holds 64 crayons. How many crayons are in 3 boxes?", "crayon"),
        ("Each box holds 64 crayons. How many crayons are in 3 boxes?", None),
    ):
        frame, told, _ = _read(text)
        assert told[0].per is not None, text
        assert contents_told(frame, told[0]) == contents, text


def test_container_of_another_thing() -> None:
    """Packs of gum are no packs of mints: a rate per a container of one thing is no rate of
    the same containers of another thing."""
    gum = "Each pack of gum has 12 sticks. "
    for text, other in (
        (gum + "Bo has 4 packs of mints. How many sticks does Bo have?", True),
        (gum + "Bo has 4 packs of gum. How many sticks does Bo have?", False),
        (gum + "Bo has 4 packs of mint gum. How many sticks does Bo have?", False),
        ("Each pack has 12 sticks. Bo has 4 packs of mints. How many sticks does Bo have?", False),
    ):
        frame, told, _ = _read(text)
        assert container_of_another_thing(frame, told[1], told[0]) is other, text


def test_groups_of_someones() -> None:
    """Groups told of "Leo's sister" or "his dad" are theirs, no groups of the asked Leo."""
    for text, theirs in (
        ("Each pack has 12 sticks. Leo's sister has 4 packs. How many sticks does Leo have?", True),
        ("Each pack has 12 sticks. His dad has 4 packs. How many sticks does Leo have?", True),
        ("Each pack has 12 sticks. Leo has 4 packs. How many sticks does Leo have?", False),
        ("Each pack has 12 sticks. The shop has 4 packs. How many sticks does it have?", False),
        ("Each pack has 12 sticks. His dad has 4 packs. How many sticks does his dad have?", False),
    ):
        frame, told, target = _read(text)
        assert groups_of_someones(frame, told[1:], target) is theirs, text
