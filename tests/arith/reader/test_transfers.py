"""A named giver's gift read for the receiver the question asks about (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.transfers import (
    gift_amount_at,
    given_by_a_named_giver,
    partitive_after,
)

from ._stages import at, closes_to, never_wrong, reading

STORY = "Dan had 9 limes. Sara gave him 4 limes."


@pytest.mark.parametrize(
    ("text", "receiver"),
    [
        (STORY + " How many limes does Dan have now?", "him"),
        ("Ann had 9 limes. Sara gave Ann 4 limes. How many limes does Ann have now?", "ann"),
        # the question asks about the giver: the gift stays her loss
        (STORY + " How many limes does Sara have now?", ""),
        # someone else named before the gift may be "him"
        ("Dan had 9 limes. Sara met Tom. Sara gave him 4 limes. How many does Dan have?", ""),
        # a pronoun of the other gender, or a name the table leaves in doubt, fixes no one
        ("Dan had 9 limes. Sara gave her 4 limes. How many limes does Dan have now?", ""),
        ("Sam had 9 limes. Sara gave him 4 limes. How many limes does Sam have now?", ""),
        # a named receiver the question does not ask about
        ("Ann had 9 limes. Sara gave Tom 4 limes. How many limes does Ann have now?", ""),
        # no amount right after the receiver, or a part of things told before
        ("Dan had 9 limes. Sara gave him some of the limes. How many does Dan have?", ""),
        ("Dan had 9 limes. Sara gave him 4 of them. How many limes does Dan have?", ""),
    ],
)
def test_given_by_a_named_giver(text: str, receiver: str) -> None:
    r = reading(text, quantities=False)
    assert given_by_a_named_giver(r, at(r, "gave")) == receiver


def test_partitive_after() -> None:
    r = reading("Sara gave him 4 of them and 5 of the pears. Tom ate 3 of 7.", quantities=False)
    assert partitive_after(r, at(r, "4"))
    assert partitive_after(r, at(r, "5"))
    assert not partitive_after(r, at(r, "3"))  # "3 of 7": of no things told before


def test_gift_amount_at() -> None:
    r = reading("Sara gave him 4 limes, some pears, five plums and 3 of them.", quantities=False)
    openers = frozenset({"some"})
    assert gift_amount_at(r, at(r, "4"), openers)
    assert gift_amount_at(r, at(r, "some"), openers)
    assert not gift_amount_at(r, at(r, "five"), openers)  # a word no opener of these
    assert gift_amount_at(r, at(r, "five"), openers | {"five"})
    assert not gift_amount_at(r, at(r, "3"), openers)  # "3 of them": whose, untold


def test_a_named_givers_gift_closes_for_the_receiver() -> None:
    closes_to(STORY + " How many limes does Dan have now?", 13)
    closes_to("Joseph has 20 stickers. Kathy gives Joseph 8 more stickers. How many stickers does Joseph have now?", 28)  # noqa: E501
    closes_to("Dan had 9 limes. Sara had 12 limes. Sara gave him 4 limes. How many limes does Sara have now?", 8)  # noqa: E501
    never_wrong(STORY + " He ate 2 limes. How many limes does Dan have now?", 11)
