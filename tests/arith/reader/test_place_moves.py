# ruff: noqa: E501
"""Moves into and out of a place the text says holds things (authored texts only)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.place_moves import (
    eaten_of_the_place,
    place_move,
    read_place_moves,
    taken_of_the_one_place,
)
from practiceloop.loop.evaluate import Category

from ._stages import answer, at, attrs, closes_to, reading

START = "There were 42 pencils in the drawer. "
ASKED = " How many pencils are in the drawer now?"


@pytest.mark.parametrize(
    ("text", "verb", "move"),
    [
        (
            START + "Dan took 22 pencils from the drawer." + ASKED,
            "took",
            ("loss", "drawer", "there"),
        ),
        (
            START + "Dan took 22 pencils out of the drawer." + ASKED,
            "took",
            ("loss", "drawer", "there"),
        ),
        (
            START + "Dan put 6 more pencils in the drawer." + ASKED,
            "put",
            ("gain", "drawer", "there"),
        ),
        (
            "The drawer had 42 pencils. Dan put 6 pencils into the drawer." + ASKED,
            "put",
            ("gain", "drawer", "had"),
        ),
        # another place, the question of another place, of the mover, a move not done
        (START + "Dan took 22 pencils from the box." + ASKED, "took", None),
        (
            START + "Dan took 22 pencils from the drawer. How many pencils are in the box now?",
            "took",
            None,
        ),
        (
            START + "Dan took 22 pencils from the drawer. How many pencils does Dan have?",
            "took",
            None,
        ),
        (START + "Dan wants to put 6 pencils in the drawer." + ASKED, "put", None),
        (START + "Dan will put 6 pencils in the drawer." + ASKED, "put", None),
        # another amount in the clause, a holding told only after, no number right after
        (START + "Dan took 22 pencils from the drawer and 5 from the box." + ASKED, "took", None),
        (
            "Dan took 22 pencils from the drawer. There were 42 pencils in the drawer." + ASKED,
            "took",
            None,
        ),
        (START + "Dan took some pencils from the drawer." + ASKED, "took", None),
        # more moved after the place; a putting "on" a place told "in"
        (
            START + "Dan took 22 pencils from the drawer on Monday and some on Tuesday." + ASKED,
            "took",
            None,
        ),
        (START + "Dan put 6 pencils on the drawer." + ASKED, "put", None),
        # a question of no place and no one: the one place the text tells; a sum after a taking
        (
            START + "Dan took 22 pencils from the drawer. How many are there now?",
            "took",
            ("loss", "drawer", "there"),
        ),
        (START + "Dan took 22 pencils from the drawer. How many are there in all?", "took", None),
        (
            START
            + "Dan took 22 pencils from the drawer. He put 2 in the box. How many are there now?",
            "took",
            None,
        ),
    ],
)
def test_place_move(text: str, verb: str, move: tuple[str, str, str] | None) -> None:
    r = reading(text, quantities=False)
    found = place_move(r, at(r, verb))
    assert (found and found[:3]) == move


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            START
            + "Dan took 22 pencils from the drawer. He put 5 of them back in the drawer."
            + ASKED,
            2,
        ),
        (START + "Dan took 22 pencils from the drawer. Then Dan lost 3 pencils." + ASKED, 0),
        (
            "There are 15 books on the shelf. Tom bought 4 books. Tom put 6 books on the shelf. How many books are on the shelf now?",
            0,
        ),
        (
            "There were 42 pencils in the drawer, and Dan lost 5. Dan took 22 pencils from the drawer."
            + ASKED,
            0,
        ),
        (
            "There were 42 pencils and 5 pens in the drawer. Dan took 22 pencils from the drawer."
            + ASKED,
            0,
        ),
    ],
)
def test_read_place_moves_all_or_none(text: str, read: int) -> None:
    r = reading(text, quantities=False)
    assert len(r.place_moves) == read


def test_read_place_moves_makes_the_amount_the_places() -> None:
    text = START + "Dan took 22 pencils from the drawer." + ASKED
    r = reading(text, quantities=False)
    r.place_moves.clear()
    read_place_moves(r)
    assert list(r.place_moves.values()) == [("loss", "")]
    found = attrs(text, "22")
    assert found["direction"] == "loss"
    assert "owner" not in found and "subject" not in found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (START + "Dan took 22 pencils from the drawer." + ASKED, 20),
        (START + "Dan took 22 pencils from the drawer. How many pencils are left?", 20),
        (
            "There are 15 books on the shelf. Tom put 6 more books on the shelf. How many books are there now?",
            21,
        ),
        (
            "There are 15 books on the shelf. Tom put 6 more books on the shelf. How many books are on the shelf now?",
            21,
        ),
        (
            "There were 30 marbles in the jar. Lily took 12 marbles out of the jar. How many marbles are in the jar now?",
            18,
        ),
        (
            "The basket has 40 plums. Ray takes 15 plums from the basket. How many plums are in the basket?",
            25,
        ),
        (
            "There are 19 cups on the table. Ben took 6 cups off the table. How many cups are on the table now?",
            13,
        ),
        (
            "There were 50 dollars in the jar. Dan took 20 dollars from the jar. How many dollars are in the jar now?",
            30,
        ),
        (
            START
            + "Dan took 22 pencils from the drawer. Then he put 3 pencils in the drawer."
            + ASKED,
            23,
        ),
    ],
)
def test_read_place_moves_closes(text: str, value: int) -> None:
    closes_to(text, value)


@pytest.mark.parametrize(
    "text",
    [
        START + "Dan took 22 pencils from the box." + ASKED,
        "There are 15 books on the shelf. Tom put 6 more books on the table. How many books are on the shelf now?",
        START + "Dan took 22 pencils from the drawer. How many pencils does Dan have?",
        START + "Dan took 22 pencils from the drawer. How many pencils are there in all?",
        START
        + "Dan took 22 pencils from the drawer. He put them on the desk. How many pencils are there now?",
        "There are 15 books on the shelf and 4 books on the desk. Tom put 6 more books on the shelf. How many books are there now?",
        START + "Dan will take 22 pencils from the drawer." + ASKED,
        "There are 15 books on the shelf. Tom did not put 6 books on the shelf. How many books are on the shelf now?",
        START + "Dan took 22 pens from the drawer." + ASKED,
        START + "Dan took 22 pencils from the drawer and 5 pencils from the box." + ASKED,
        "There were 42 pencils in the drawer. There were 10 pencils in the box. Dan took 5 pencils from the box. How many pencils are in the drawer now?",
    ],
)
def test_read_place_moves_refuses(text: str) -> None:
    category, _ = answer(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE)


BASKET = "There were 18 apples in the basket. "


@pytest.mark.parametrize(
    ("text", "verb", "move"),
    [
        (
            BASKET + "Sam ate 5 of the apples. How many apples are in the basket now?",
            "ate",
            ("loss", "basket", "there"),
        ),
        (
            BASKET + "Sam ate 5 of them. How many apples are left?",
            "ate",
            ("loss", "basket", "there"),
        ),
        (
            BASKET + "Sam broke 5 of the apples. How many apples are left in the basket?",
            "broke",
            ("loss", "basket", "there"),
        ),
        # another thing, the eater asked, not done, the clause going on, two places, no holding right before
        (BASKET + "Sam ate 5 of the pears. How many apples are in the basket now?", "ate", None),
        (BASKET + "Sam ate 5 of them. How many apples did Sam eat?", "ate", None),
        (BASKET + "Sam will eat 5 of them. How many apples are in the basket now?", "eat", None),
        (
            BASKET + "Sam ate 5 of them and gave 2 to Amy. How many apples are in the basket now?",
            "ate",
            None,
        ),
        (
            BASKET
            + "There were 6 apples on the table. Sam ate 5 of the apples. How many apples are in the basket now?",
            "ate",
            None,
        ),
        (
            BASKET
            + "Sam picked 10 apples. Sam ate 5 of them. How many apples are in the basket now?",
            "ate",
            None,
        ),
        (BASKET + "Sam ate 5 of the apples. How many apples are there in all?", "ate", None),
    ],
)
def test_eaten_of_the_place(text: str, verb: str, move: tuple[str, str, str] | None) -> None:
    r = reading(text, quantities=False)
    found = eaten_of_the_place(r, at(r, verb))
    assert (found and found[:3]) == move


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (BASKET + "Sam ate 5 of the apples. How many apples are in the basket now?", 13),
        (BASKET + "Sam ate 5 of them. How many apples are left?", 13),
        (
            "There were 30 cookies on the plate. The kids ate 12 of the cookies. How many cookies are on the plate now?",
            18,
        ),
    ],
)
def test_eaten_of_the_place_closes(text: str, value: int) -> None:
    closes_to(text, value)


JAR = "There were 20 cookies in the jar. "
IN_THE_JAR = " How many cookies are in the jar now?"


@pytest.mark.parametrize(
    ("text", "occurrence", "move"),
    [
        (JAR + "Tom took 4 cookies." + IN_THE_JAR, 0, ("loss", "jar", "there")),
        (JAR + "Tom took 4 cookies with him." + IN_THE_JAR, 0, ("loss", "jar", "there")),
        (JAR + "Tom took 4 cookies and Sue took 6 cookies." + IN_THE_JAR, 0, ("loss", "jar", "there")),
        (JAR + "Tom took 4 cookies, and Sue took 6 cookies." + IN_THE_JAR, 1, ("loss", "jar", "there")),
        # a place said, a second place, another amount word, the clause going on, not done,
        # and a question of no place or of the taker
        (JAR + "Tom took 4 cookies from the tin." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 cookies to Ann." + IN_THE_JAR, 0, None),
        (JAR + "There were 9 cookies in the tin. Tom took 4 cookies." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 more cookies." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 cookies each day." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 cookies and 3 cakes." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 cookies and ate 2 of them." + IN_THE_JAR, 0, None),
        (JAR + "Tom will take 4 cookies." + IN_THE_JAR, 0, None),
        (JAR + "Tom took 4 cookies. How many cookies are there now?", 0, None),
        (JAR + "Tom took 4 cookies. How many cookies does Tom have?", 0, None),
    ],
)  # fmt: skip
def test_taken_of_the_one_place(
    text: str, occurrence: int, move: tuple[str, str, str] | None
) -> None:
    r = reading(text, quantities=False)
    verb = next(w for w in ("took", "take") if w in r.words)
    found = taken_of_the_one_place(r, at(r, verb, occurrence))
    assert (found and found[:3]) == move


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("There are 7 crayons in the drawer. Mary took 3 crayons. How many crayons are in the drawer now?", 4),
        (JAR + "Tom took 4 cookies and Sue took 6 cookies. How many cookies are left in the jar?", 10),
        (JAR + "Tom took 4 cookies. Sue took 6 cookies." + IN_THE_JAR, 10),
        (JAR + "Tom removed 4 cookies." + IN_THE_JAR, 16),
    ],
)  # fmt: skip
def test_taken_of_the_one_place_closes(text: str, value: int) -> None:
    closes_to(text, value)
