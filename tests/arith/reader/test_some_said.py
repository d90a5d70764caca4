"""Stage 5e: an elided noun whose antecedent is an amount told as "some" (authored)."""

from __future__ import annotations

from practiceloop.loop.evaluate import Category

from ._stages import answer, attrs, closes_to


def test_some_said_before() -> None:
    """ "Tom baked some buns. He sold 11 of them.": the 11 count buns; the start is asked."""
    text = "Tom baked some buns. He sold 11 of them. He still has 6 buns left."
    assert attrs(text, "11")["entity"] == "bun" and attrs(text, "11")["elided"] == "of_them"
    closes_to(text + " How many buns did Tom bake?", 17)
    frost = "Nia planted some tulips in her garden. After a frost 4 died. If 9 tulips were left"
    assert attrs(frost, "4")["entity"] == "tulip"
    closes_to(frost + " How many tulips did she plant?", 13)
    # two "some" objects, or another plural between: "them" may point elsewhere
    two = "Tom baked some buns and some rolls. He sold 11 of them."
    assert "entity" not in attrs(two, "11")
    friends = "Tom baked some buns for his friends. He sold 11 of them."
    assert "entity" not in attrs(friends, "11")
    they = "Tom baked some buns. They were warm. He sold 11 of them."
    assert "entity" not in attrs(they, "11")
    # "some" opening a sentence is a part; the noun said before "some"; a listed noun
    assert "entity" not in attrs("Some buns burned. Tom sold 11 of them.", "11")
    before = "Tom likes buns. He baked some buns. He sold 11 of them."
    assert "entity" not in attrs(before, "11")
    assert "entity" not in attrs("Tom baked some buns, rolls and pies. He sold 11 of them.", "11")
    # a singular noun after "some" is no plural "them" points to
    assert "entity" not in attrs("Tom baked some bread. He sold 11 of them.", "11")
    # a thing counted before: the quantity stage's own ellipsis copies it
    assert attrs("Tom baked some buns. He had 4 pies. He sold 11 of them.", "11")["entity"] == "pie"
    # another seller, or the asked thing another one: nothing closes
    other = (
        "Tom baked some buns. Ann sold 11 of them. Tom has 6 buns left. How many buns did Tom bake?"
    )
    pies = (
        "Tom baked some buns. He sold 11 of them. He has 6 buns left. How many pies did Tom bake?"
    )
    for text in (other, pies):
        assert answer(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_some_said_before_more_and_object() -> None:
    """ "Kwame had some stickers. His aunt gave him 12 more": "N more" and an elided object
    ("gave 16 to his sister") count the one "some" thing too; the start is asked."""
    more = "Mara had some buttons. Her uncle gave her 9 more, and now she has 21."
    assert (attrs(more, "9")["entity"], attrs(more, "9")["elided"]) == ("button", "more")
    closes_to(more + " How many buttons did Mara have at first?", 12)
    given = "Pablo owned some kites. He sold 9 to a neighbor and has 21 left."
    assert (attrs(given, "9")["entity"], attrs(given, "9")["elided"]) == ("kite", "object")
    closes_to(given + " How many kites did Pablo own at first?", 30)
    # two "some" things, or a question of another holder or thing: nothing closes
    two = "Mara had some buttons and some beads. Her uncle gave her 9 more, and now she has 21."
    assert "entity" not in attrs(two, "9")
    for text in (
        more + " How many buttons did her uncle have at first?",
        more + " How many beads did Mara have at first?",
        given + " How many kites does the neighbor have?",
    ):
        assert answer(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
