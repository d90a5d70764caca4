"""Stage 5c: a distributive "each" after an amount, per the count said before it (authored)."""

from __future__ import annotations

from ._stages import attrs, closes_to


def test_each_of_a_count() -> None:
    """ "3 kites for 5 dollars each": the 5 dollars are per kite."""
    text = "Omar bought 3 kites for 5 dollars each. How much money did Omar spend?"
    assert attrs(text, "5")["per"] == "kite"
    closes_to(text, 15)
    gave = "Rosa gave 4 cousins 6 stickers each. How many stickers did Rosa give away?"
    assert attrs(gave, "6")["per"] == "cousin"
    closes_to(gave, 24)
    assert attrs("Omar bought 3 kites at $5 each.", "$5")["per"] == "kite"
    # no count right before, another word between, or a subject that may be many: "each"
    assert attrs("They have 4 kites each.", "4")["per"] == "each"
    assert attrs("Omar bought 3 kites and a hat for 5 dollars each.", "5")["per"] == "each"
    assert attrs("Omar and Rosa bought 3 kites for 5 dollars each.", "5")["per"] == "each"


def test_group_after_each_of() -> None:
    """ "gave 4 stickers to each of her 6 cousins": one share per cousin, 6 cousins."""
    text = "Mia gave 4 stickers to each of her 6 cousins."
    assert attrs(text, "4")["per"] == "cousin"
    closes_to(text + " How many stickers did Mia give?", 24)
    assert attrs("Mia gave 4 stickers to each of the cousins.", "4")["per"] == "cousin"
    # "each cousin" is read as before; "each of" with no plural noun names no group
    assert attrs("Mia gave 4 stickers to each cousin.", "4")["per"] == "cousin"
    assert attrs("Mia gave 4 stickers to each of them.", "4").get("per") != "cousin"
    # no remainder told: what Mia had at the start is not the stickers given
    from practiceloop.loop.evaluate import Category

    from ._stages import answer

    start = "Mia had some stickers. If Mia gave 4 stickers to each of her 6 cousins How many "
    assert answer(start + "stickers did Mia have?")[0] not in (
        Category.DIRECT,
        Category.CLOSED_UNIQUE,
    )
