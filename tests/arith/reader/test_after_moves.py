"""Stage 5g: what is held after a move, told plainly (authored texts)."""

from __future__ import annotations

from practiceloop.loop.evaluate import Category

from ._stages import answer, attrs, closes_to


def test_held_after_then() -> None:
    """ "earned $28 and then had $63", "Then 18 more arrived, and there were 47", "bought 7
    more and had 22 pens": the state after the move (``now``)."""
    then = "Ana had some money. She spent $15 on a hat and then had $5."
    assert attrs(then, "$5")["state"] == "now"
    closes_to(then + " How much money did Ana have at first?", 20)
    there = "There were some cars in the lot. Then 14 more came, and there were 25 cars."
    assert attrs(there, "25")["state"] == "now"
    closes_to(there + " How many cars were in the lot at first?", 11)
    shared = "Kim had some pens. Then she bought 7 more and had 22 pens."
    assert attrs(shared, "22")["state"] == "now"
    closes_to(shared + " How many pens did Kim have at first?", 15)
    # before any move, or with no opener: no state
    assert "state" not in attrs("Ana had some money. Then she had $5. She spent $15 on a hat.", "$5")  # noqa: E501
    assert "state" not in attrs("There were 25 cars in the lot and 14 more came.", "25")
    moved_after = "Ana had some money. Then she had $5. She spent $15 on a hat. How much money did Ana have at first?"  # noqa: E501
    assert answer(moved_after)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_the_other_kept() -> None:
    """ "donated 14 to the library and kept the other 22": the 22 are what was left."""
    text = "Lee had some cards. He gave 14 to his friend and kept the other 25."
    found = attrs(text, "25")
    assert (found["state"], found["entity"], found["elided"]) == ("left", "card", "object")
    closes_to(text + " How many cards did Lee have at first?", 39)
    remaining = text.replace("other", "remaining")
    closes_to(remaining + " How many cards did Lee have before he gave some away?", 39)
    # no move before it: a part, not what a move left
    assert "state" not in attrs("Lee had some cards. 14 were red and the other 25 were blue.", "25")
    for asked in (
        text + " How many cards does his friend have?",
        text + " How many stickers did Lee have at first?",
        "Lee had some cards. He wants to give 14 to his friend and keep the other 25. How many cards does Lee have now?",  # noqa: E501
    ):
        assert answer(asked)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
