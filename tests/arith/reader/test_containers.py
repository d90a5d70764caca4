"""Stage 5b of the reader: one container of a thing as the subject of an amount."""

from __future__ import annotations

from practiceloop.arith.reader.containers import container_of_a_thing

from ._stages import answer, at, attrs, closes_to, reading


def test_container_of_a_thing() -> None:
    """ "A pack of gum has 12 sticks": told of one pack; "the box of", "a lot of", "a couple
    of" and a thing told alone are no container of the subject."""
    for text, word, container in (
        ("A pack of gum has 12 sticks.", "gum", "pack"),
        ("One bag of rice weighs 5 pounds.", "rice", "bag"),
        ("An urn of tea holds 30 cups.", "tea", "urn"),
        ("The box of pens has 12 pens.", "pens", ""),
        ("A lot of kids have 12 stickers.", "kids", ""),
        ("A couple of friends have 9 cards.", "friends", ""),
        ("A spider has 8 legs.", "spider", ""),
    ):
        r = reading(text, quantities=False)
        assert container_of_a_thing(r, at(r, word)) == container, text
    # a rate per pack when the text counts packs, said alone or of the thing
    text = "A pack of gum has 12 sticks. How many sticks are in 4 packs?"
    assert attrs(text, "12")["per"] == "pack"
    assert "per" not in attrs("A pack of gum has 12 sticks. How many sticks are there?", "12")
    closes_to("A carton of eggs has 12 eggs. How many eggs are in 3 cartons?", 36)
    jars = "A jar of olives contains 40 olives. Kim bought 3 jars of olives."
    closes_to(jars + " How many olives did Kim buy?", 120)
    closes_to("A crate of pears costs 9 dollars. How many dollars do 5 crates of pears cost?", 45)
    # the groups of another thing, of another container or a box told as "the box": refused
    for text in (
        "A pack of gum has 12 sticks. She bought 4 packs of mints. How many sticks did she buy?",
        "A carton of eggs has 12 eggs. How many eggs are in 3 baskets?",
        "The box of pens has 12 pens. How many pens are in 4 boxes?",
        "A box of pens can hold 12 pens. Sam has 4 boxes. How many pens are in the boxes?",
    ):
        assert answer(text)[1] is None, text
