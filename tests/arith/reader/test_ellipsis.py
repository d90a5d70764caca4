"""Stage 5d: an elided object, named where the text said the same verb before (authored)."""

from __future__ import annotations

from ._stages import answer, attrs, closes_to


def test_object_said_before() -> None:
    """ "were picking beans ... Ana picked 20": the 20 count beans."""
    text = "Ana and her dad were picking beans. Ana picked 20 and her dad picked 13."
    assert attrs(text, "20")["entity"] == "bean" and attrs(text, "20")["elided"] == "object"
    assert attrs(text, "13")["entity"] == "bean"
    closes_to(
        "Ana and her dad were picking beans from their garden. Ana picked 20 and her dad "
        "picked 13. If only 18 of the beans were good, how many bad beans did they have?",
        15,
    )
    # no earlier form of the verb, or two that name different nouns: the thing stays unread
    assert "entity" not in attrs("Ana and her dad went out. Ana picked 20.", "20")
    two = "Ana was picking beans and Bo was picking peas. Ana picked 20."
    assert "entity" not in attrs(two, "20")
    # "be" and "have" take no elided object; a gerund after the verb is no noun
    assert "entity" not in attrs("Rita was sorting in an album with 4 on each page.", "4")
    # a thing counted before it is copied as before (the quantity stage's own ellipsis)
    assert attrs("Ana was picking beans. She had 4 peas. Ana picked 20.", "20")["entity"] == "pea"


def test_object_said_before_for_more() -> None:
    """ "was gathering acorns ... After he gathered 14 more": "N more" with no noun counts the
    object said after the same verb before (marked ``more``); a listed object is no one thing."""
    text = "Tim was gathering acorns in the park. After he gathered 14 more on Sunday, he had 22."
    assert (attrs(text, "14")["entity"], attrs(text, "14")["elided"]) == ("acorn", "more")
    closes_to(text.replace("had 22.", "had 22 acorns.") + " How many acorns did he have before Sunday?", 8)  # noqa: E501
    listed = "Tim was gathering acorns and pinecones. After he gathered 14 more on Sunday, he had 22."  # noqa: E501
    assert "entity" not in attrs(listed, "14")
    also = "Ana was picking beans, peas and corn. Ana picked 20."
    assert "entity" not in attrs(also, "20")


def test_object_told() -> None:
    """ "put the vases on shelves with 4 on each shelf": the 4 count vases, not the last thing
    counted; with the object the last thing, "the rest", or no object said, it is copied."""
    lamps = "A shop had 6 lamps. Another 18 lamps came in. "
    told = lamps + "They put the vases on shelves with 4 on each shelf."
    assert "entity" not in attrs(told, "4")
    same = lamps + "They put the lamps on shelves with 4 on each shelf."
    assert attrs(same, "4")["entity"] == "lamp"
    rest = "A shop had 30 lamps. It sold 6 lamps and put the rest on shelves with 4 on each shelf."
    assert attrs(rest, "4")["entity"] == "lamp"
    bare = lamps + "They put them on shelves with 4 on each shelf."
    assert attrs(bare, "4")["entity"] == "lamp"


def test_started_with_the_object_said() -> None:
    """ "was selling his old kites. He started out with 30": the 30 are kites."""
    text = "Omar was selling his old kites. He started out with 30 but sold 12 of them."
    assert attrs(text, "30")["entity"] == "kite" and attrs(text, "30")["elided"] == "object"
    assert attrs(text, "12")["entity"] == "kite"
    closes_to(
        "Omar was selling his old kites. He started out with 30 but sold 12 of them. He "
        "packed the rest into crates, putting 6 kites in each crate. How many crates did "
        "he use?",
        3,
    )
    # two objects said, an object listed with another, a unit after the number, nothing said
    two = "Omar was selling kites and Lea was making flags. He started out with 30."
    assert "entity" not in attrs(two, "30")
    listed = "Omar was selling his kites and his flags. He started out with 30."
    assert "entity" not in attrs(listed, "30")
    assert attrs("Omar was selling kites. He started out with 30 dollars.", "30")["unit"] == (
        "dollar"
    )
    assert "entity" not in attrs("Omar was at the fair. He started out with 30.", "30")
    # listed, the 30 are not read as kites: no box count closes
    category, _ = answer(
        "Omar was selling his kites, flags and mugs. He started out with 30 but sold 12 of "
        "them. He packed the rest putting 6 kites into each crate. How many crates did he use?"
    )
    assert category.value not in ("direct", "closed_unique")


def test_of_them_after_money_is_no_money() -> None:
    """ "lessons that cost $6 each, but she gets 2 of them": "them" names things, never the
    dollars told last, so the thing is left unread; after things it is copied as before."""
    text = "Mara takes 8 lessons that cost $6 each, but she gets 2 of them for free."
    assert "entity" not in attrs(text, "2") and "unit" not in attrs(text, "2")
    assert attrs("Mara had 8 lessons. She skipped 2 of them.", "2")["entity"] == "lesson"
