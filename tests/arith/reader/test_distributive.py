"""Stage 5c: a distributive "each" after an amount, per the count said before it (authored)."""

from __future__ import annotations

from practiceloop.arith.reader.distributive import each_to_recipients
from practiceloop.loop.evaluate import Category

from ._stages import answer, at, attrs, closes_to, reading


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


def test_each_to_recipients() -> None:
    """ "gave 3 cupcakes each to his cousins": one share per cousin."""
    text = "Jason bought 48 cupcakes. He gave 3 cupcakes each to his cousins."
    assert attrs(text, "3")["per"] == "cousin"
    closes_to(text + " How many cousins does Jason have?", 16)
    for told in (
        "He gave 3 cupcakes each to Bo.",  # no plural noun
        "He gave 3 cupcakes each to his 4 cousins.",  # a count of its own
        "They gave 3 cupcakes each to the kids.",  # each of them, or each kid?
        "Jason and Ann gave 3 cupcakes each to the kids.",
    ):
        r = reading(told)
        assert each_to_recipients(r, at(r, "each")) is None, told
    # a share told at one time is no share of amounts told at another
    never_closes = (
        "Jason bought 48 cupcakes on Monday and 12 on Tuesday. He gave 3 cupcakes each to his "
        "cousins on Monday. How many cousins does Jason have?"
    )
    assert answer(never_closes)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
