"""Stage 5, groups and rates: the group a number is told in and the rate it is told as
(authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.groups import (
    each_ends_the_clause,
    group_of,
    grouped_thing,
)
from practiceloop.arith.reader.numerals import find_numbers

from ._stages import at, attrs, closes_to, reading


def test_group_of() -> None:
    r = reading("She put the eggs into groups of 5 and boxes of size 3 and piles of 2.")
    assert group_of(r, at(r, "5")) == "group"
    assert group_of(r, at(r, "3")) == "box"
    assert group_of(r, at(r, "2")) == ""  # a pile is no group noun
    r = reading("He puts the balls into cans of 3. She has 3 cartons of 12 eggs.")
    assert group_of(r, at(r, "3")) == "can"  # after "into", any container
    assert group_of(r, at(r, "12")) == ""  # "3 cartons of 12 eggs" is a nesting, no grouping


def test_grouped_thing() -> None:
    r = reading("Rita wants to split a collection of eggs into groups of 5. Put them in bags of 2.")
    assert grouped_thing(r, at(r, "5")) == "egg"
    assert grouped_thing(r, at(r, "2")) == ""  # a pronoun is no thing
    found = attrs("Rita wants to split a collection of eggs into groups of 5.", "5")
    assert (found["entity"], found["per"], found["elided"]) == ("egg", "group", "group")
    # the word before the grouped noun is its kind; a bare grouped noun has none
    kind = attrs("Red socks are sold in packs of 4.", "4")
    assert (kind["entity"], kind["modifier"], kind["per"]) == ("sock", "red", "pack")
    assert "modifier" not in attrs("Socks are sold in packs of 4.", "4")
    # the things held in a place are what is grouped, not the place
    held = attrs("The plums in Ida's basket are sorted into groups of 4.", "4")
    assert held["entity"] == "plum"
    # a singular before "in" is not read as the things grouped
    assert attrs("The basket in Ida's shed is sorted into groups of 4.", "4")["entity"] != "basket"
    closes_to(
        "Rita wants to split a collection of eggs into groups of 5. Rita has 10 marbles and "
        "15 eggs. How many groups will be created?",
        3,
    )


@pytest.mark.parametrize(
    ("text", "span", "per"),
    [
        ("They ate 5 apples each.", "5", "each"),
        ("The pens cost $ 5 apiece.", "$ 5", "each"),
        ("He packs 6 pens per box.", "6", "box"),
        ("She runs 3 miles a day.", "3", "day"),
        ("There are 4 eggs in each basket.", "4", "basket"),
        ("There are 128 ounces in a gallon.", "128", "gallon"),
        ("A cafeteria serves 325 lunches each day.", "325", "day"),
    ],
)
def test_read_rate(text: str, span: str, per: str) -> None:
    assert attrs(text, span)["per"] == per


def test_each_one_group() -> None:
    """ "into folders with 6 files in each one": "each one" is a folder, no amount."""
    text = "Ana had 12 files. She put them into folders with 3 files in each one."
    assert attrs(text, "3")["per"] == "folder"
    assert [value for *_, value in find_numbers(reading(text, quantities=False))] == [12, 3]
    # no group named before "with": none is read
    assert "per" not in attrs("Ana had 12 boxes. She kept 3 files in each one.", "3")
    assert "per" not in attrs("Ana filled a box with 3 files in each one.", "3")
    closes_to(text + " How many folders did she use?", 4)


def test_each_ends_the_clause() -> None:
    """ "4 boxes with 25 cards in each.": "in/on each" ending its clause is the box."""
    assert attrs("Finn has 4 boxes with 25 cards in each.", "25")["per"] == "box"
    assert attrs("Li has 6 shelves with 9 books on each, and a desk.", "9")["per"] == "shelf"
    r = reading("Finn has 4 boxes with 25 cards in each. He put 2 in each box.", quantities=False)
    assert each_ends_the_clause(r, at(r, "in"))
    assert not each_ends_the_clause(r, at(r, "in", 1))  # "in each box" names its group
    # two groups listed before "with": "each" may be of both, so no group is read
    assert "per" not in attrs("Li has 5 shelves and 3 boxes with 9 books on each.", "9")
    assert "per" not in attrs("Li has 5 shelves, 3 boxes with 9 books in each one.", "9")
    closes_to("Finn has 4 boxes with 25 cards in each. How many cards does Finn have?", 100)
