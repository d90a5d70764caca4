"""Stage 5c: a distributive "each" after an amount, per the count said before it (authored)."""

from __future__ import annotations

from practiceloop.arith.reader.distributive import (
    each_to_recipients,
    item_named_once,
    priced_item_before,
)
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


_LAMP = "Nina bought a lamp for $30 and two chairs for $15 each."


def test_priced_item_before() -> None:
    """ "a lamp for $30 and two chairs for $15 each": the "and" joins a priced item to the
    count, so "each" is per chair; "Tom and Ann bought ..." keeps "each" unread."""
    r = reading(_LAMP)
    assert priced_item_before(r, at(r, "and"), at(r, "and") + 1)
    assert attrs(_LAMP, "$15")["per"] == "chair"
    assert attrs("Nina bought a lamp for 30 dollars and 2 chairs for 15 dollars each.", "15")["per"] == "chair"  # noqa: E501
    other = reading("Tom and Ann bought 3 books for $4 each.")
    assert not priced_item_before(other, at(other, "and"), at(other, "3"))
    assert attrs("Tom and Ann bought 3 books for $4 each.", "$4")["per"] == "each"
    assert attrs("Nina bought 2 lamps and 3 chairs for $15 each.", "$15")["per"] == "each"


def test_item_named_once() -> None:
    """The item before the count is marked listed only when named once, its count's thing
    not asked alone; then what the verb moved in all is the item and the filled groups."""
    question = " How much did she spend?"
    assert attrs(_LAMP + question, "$30")["listed"] == "before_count"
    r = reading(_LAMP + question)
    assert item_named_once(r, at(r, "$30"), "chair")
    closes_to(_LAMP + question, 60)
    closes_to("Ravi buys a cap for $5 and 6 pens at $3 each. How much does he pay?", 23)
    for text in (
        _LAMP + " How much did the lamp cost?",
        _LAMP + " How much did the chairs cost?",
        _LAMP + " She returned the lamp. How much did she spend?",
    ):
        assert "listed" not in attrs(text, "$30"), text
        category, _ = answer(text)
        assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), text
    # a total told first is no item: "For $30" has no noun before it
    refused_total = "For $30, Nina bought 2 chairs at $15 each. How much did she spend?"
    assert "listed" not in attrs(refused_total, "$30")
    assert answer(refused_total)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
