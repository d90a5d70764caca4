"""Whom a pronoun names (arith/antecedents.py): agreement fixes the antecedent, never closure.

Authored texts only. Every probe below with ``None`` is refused (most of them closed wrong at
b2167ad: the antecedent was whichever person made the proofs close); every probe with a value
closes at it. The people vary: one, two or three named, of the same or of different genders,
with the pronoun as subject, object or possessive, in the story or in the question.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.antecedents import (
    FEMALE,
    MALE,
    agreeing_antecedent,
    agrees,
    name_gender,
    not_a_person,
    pronoun_gender,
    pronoun_of_no_one,
)
from practiceloop.arith.reading import attribute
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def _antecedent(text: str, occurrence: int = 0) -> str | None | list[str]:
    """The name agreement fixes for the ``occurrence``-th pronoun of ``text`` ([] refused)."""
    frame = frame_of(text)
    pronoun = [m for m in frame.mentions if m.kind == "pronoun"][occurrence]
    found = agreeing_antecedent(frame, pronoun)
    if found is None:
        return None
    return [attribute(m.attributes, "name") or "" for m in found]


def test_only_strict_answers_of_the_name_table_are_a_gender() -> None:
    assert name_gender("Tom") == MALE and name_gender("Ann") == FEMALE
    assert name_gender("Sam") is None  # "mostly_male": agrees with both
    assert name_gender("Halloween") is None  # unknown
    assert name_gender("Sunny") is None  # listed as female too
    assert name_gender("Wren") is None  # known as male only to a few in one country
    assert pronoun_gender("his") == MALE and pronoun_gender("Hers") == FEMALE
    assert pronoun_gender("they") == "plural" and pronoun_gender("it") is None
    assert agrees("she", None) and agrees("they", MALE) and not agrees("he", FEMALE)


def test_the_one_agreeing_person_is_the_antecedent() -> None:
    assert _antecedent("Ann has 5 pens. Tom is here. He lost 2 pens. How many?") == ["tom"]
    assert _antecedent("Ann has 5 pens. Tom is here. She lost 2 pens. How many?") == ["ann"]
    assert _antecedent("Ann has 5 pens. Mia is here. She lost 2 pens. How many?") == []
    assert _antecedent("Ann has 5 pens. Sam is here. She lost 2 pens. How many?") == []
    assert _antecedent("A shop had 5 pens. They sold 2 pens. How many are left?") is None


def test_they_never_names_one_of_two() -> None:
    assert _antecedent("Ann has 5 pens. Tom has 3. They lost 2 pens. How many?") == []


def test_a_title_and_a_run_of_names_make_one_person() -> None:
    assert _antecedent("Mrs. Jackson has 5 pens. She lost 2. How many pens?") == ["jackson"]
    assert _antecedent("Mr. Ann has 5 pens. Mia is here. She lost 2. How many pens?") == ["mia"]
    assert _antecedent("For Easter Ada got 12 eggs. She ate 3. How many eggs?") == ["ada"]


def test_a_word_after_a_preposition_of_place_the_table_does_not_know_is_no_person() -> None:
    frame = frame_of("Ada bought 12 eggs at Walmart. She ate 3 eggs. How many eggs?")
    walmart = [m for m in frame.mentions if m.span.text == "Walmart"]
    if walmart:  # read as an actor: never the one "she" names
        assert not_a_person(frame, walmart)
    assert _antecedent("Ada bought 12 eggs at Walmart. She ate 3 eggs. How many eggs?") == ["ada"]
    # a known given name after a preposition stays a person
    frame = frame_of("Ann gave 5 pens to Tom. He had 12 pens. How many pens does Ann have?")
    tom = [m for m in frame.mentions if m.span.text == "Tom"]
    assert not not_a_person(frame, tom)


def test_a_pronoun_of_no_one_named() -> None:
    assert pronoun_of_no_one(frame_of("Mia has 20 hats. How many of his hats are red?"))
    assert not pronoun_of_no_one(frame_of("Mia has 20 hats. How many of her hats are red?"))
    assert not pronoun_of_no_one(frame_of("A man has 20 hats. How many of his hats are red?"))
    # a person noun the pronoun may speak of instead
    assert not pronoun_of_no_one(frame_of("Mia has 20 hats. Her brother has 6. Has he more?"))
    assert not pronoun_of_no_one(frame_of("Sam has 20 hats. How many of her hats are red?"))


# (the value it closes at, or None: refused; text)
PROBES = [
    (5, 'Ann bought 20 caps. She gave 4 caps each to her friends. How many friends does she have?'),
    (None, 'Ann bought 20 caps. Tom is here. He gave 4 caps each to his friends. How many friends does Ann have?'),  # noqa: E501
    (5, 'Ann bought 20 caps. Tom is here. She gave 4 caps each to her friends. How many friends does Ann have?'),  # noqa: E501
    (None, 'Ann bought 20 caps. Mia is here. She gave 4 caps each to her friends. How many friends does Ann have?'),  # noqa: E501
    (None, 'Ann bought 20 caps. Mia and Lea are here. She gave 4 caps each to her friends. How many friends does Ann have?'),  # noqa: E501
    (5, 'Ann bought 20 caps. Tom and Ben are here. She gave 4 caps each to her friends. How many friends does Ann have?'),  # noqa: E501
    (None, 'Ann bought 20 caps. Tom and Ben are here. He gave 4 caps each to his friends. How many friends does Ann have?'),  # noqa: E501
    (None, 'Tom bought 20 caps. Ben is here. He gave 4 caps each to his friends. How many friends does Tom have?'),  # noqa: E501
    (5, 'Tom bought 20 caps. Ann is here. He gave 4 caps each to his friends. How many friends does Tom have?'),  # noqa: E501
    (None, 'Mia has 20 hats. 6 are red. How many of his hats are not red?'),
    (14, 'Mia has 20 hats. 6 are red. How many of her hats are not red?'),
    (14, 'Tom has 20 hats. 6 are red. How many of his hats are not red?'),
    (None, 'Tom has 20 hats. 6 are red. How many of her hats are not red?'),
    (None, "Mia has 20 hats. Tom is here. He has 6 red hats. How many of Mia's hats are not red?"),
    (None, "Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with Nikhil's money?"),  # noqa: E501
    (None, 'Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with his money?'),  # noqa: E501
    (10, 'Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Nikhil buy with his money?'),  # noqa: E501
    (4, 'Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with her money?'),  # noqa: E501
    (10, "Nikhil has 250 cents. How many 25-cent stamps can Nikhil buy with Nikhil's money?"),
    (None, "Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Nikhil buy with Ana's money?"),  # noqa: E501
    (None, "Omar has 250 cents. Ivo has 100 cents. How many 25-cent stamps can Ivo buy with Omar's money?"),  # noqa: E501
    (2, 'Omar had 12 apples. Ann had 5 apples. She gave him 3 apples. How many apples does Ann have now?'),  # noqa: E501
    (2, 'Omar had 12 apples. Ann had 5 apples. She gave Omar 3 apples. How many apples does Ann have now?'),  # noqa: E501
    (None, 'Omar had 12 apples. Ben had 5 apples. He gave 3 apples away. How many apples does Ben have now?'),  # noqa: E501
    (2, 'Omar had 12 apples. Ann had 5 apples. She gave 3 apples away. How many apples does Ann have now?'),  # noqa: E501
    (9, 'Omar had 12 apples. Ann had 5 apples. He gave 3 apples away. How many apples does Omar have now?'),  # noqa: E501
    (None, 'Omar had 12 apples. Ann had 5 apples. He gave 3 apples away. How many apples does Ann have now?'),  # noqa: E501
    (9, 'Omar had 12 apples. Ann had 5 apples. He gave 3 apples away. How many apples does he have now?'),  # noqa: E501
    (2, 'Omar had 12 apples. Ann had 5 apples. She gave 3 apples away. How many apples does she have now?'),  # noqa: E501
    (None, 'Lea had 12 apples. Ann had 5 apples. She gave 3 apples away. How many apples does she have now?'),  # noqa: E501
    (None, 'Omar had 12 apples. Ben had 5 apples. He ate 3 apples. How many apples does he have now?'),  # noqa: E501
    (9, 'Omar had 12 apples. He ate 3 apples. How many apples does he have now?'),
    (None, 'Omar had 12 apples. He ate 3 apples. How many apples does she have now?'),
    (None, 'Mia had 12 apples. He ate 3 apples. How many apples does Mia have now?'),
    (None, 'Omar had 12 apples. Ann and Ben are here. He ate 3 apples. How many apples does Omar have now?'),  # noqa: E501
    (9, 'Omar had 12 apples. Ann and Mia are here. He ate 3 apples. How many apples does Omar have now?'),  # noqa: E501
    (None, 'Omar had 12 apples. Ann and Mia are here. She ate 3 apples. How many apples does Omar have now?'),  # noqa: E501
    (None, 'Omar and Ann had 12 apples. They ate 3 apples. How many apples does Ann have now?'),
    (14, 'Sam has 20 hats. 6 are red. How many of his hats are not red?'),
    (14, 'Sam has 20 hats. 6 are red. How many of her hats are not red?'),
    (None, 'Sam had 12 apples. Ann had 5 apples. She gave 3 apples away. How many apples does Ann have now?'),  # noqa: E501
    (9, 'For Easter Ada got 12 eggs. She ate 3 eggs. How many eggs does she have now?'),
    (9, 'Mrs. Jackson had 12 apples. She ate 3 apples. How many apples does she have now?'),
    (None, 'Mr. Jackson had 12 apples. Ann is here. She ate 3 apples. How many apples does Mr. Jackson have now?'),  # noqa: E501
    (9, 'Ada bought 12 eggs at Walmart. She ate 3 eggs. How many eggs does she have now?'),
    (None, 'Ann gave 5 pens to Tom. He had 12 pens. How many pens does Ann have now?'),
    (None, 'Tom has 20 caps. His sister gave him 4 caps. How many caps does she have?'),
    (None, 'Tom has 20 caps. Mia gave him 4 caps. How many caps does she have now?'),
    (None, 'Tom has 20 caps. Ben has 6 caps. How many caps does she have?'),
    (None, 'Tom has 20 caps. Ben has 6 caps. How many caps does he have?'),
    (16, 'Ann has 20 pens. Mia has 6 pens. Ann gave her 4 pens. How many pens does Ann have now?'),
    (None, 'Ann has 20 pens. Tom has 6 pens. Ben has 3 pens. Ann gave him 4 pens. How many pens does Tom have now?'),  # noqa: E501
    (None, 'Ann has 20 pens. Mia has 6 pens. Lea gave her 4 pens. How many pens does Mia have now?'),  # noqa: E501
    (None, 'Ann has 20 pens. Tom has 6 pens. Ben gave him 4 pens. How many pens does Tom have now?'),  # noqa: E501
    (None, 'Ann, Mia and Lea have 9 pens each. She lost 2 pens. How many pens does Ann have now?'),
    (None, 'Ann, Tom and Ben have 9 pens each. He lost 2 pens. How many pens does Tom have now?'),
    (None, 'Ivo has 8 kites. Her kites are red. He gave 3 kites away. How many kites does Ivo have now?'),  # noqa: E501
    (None, 'Tom sold 30 hats. Mia is here. She sold 12 more hats than Tom. How many hats did Tom sell?'),  # noqa: E501
    # a person noun, another holder's money, a move of another person, a comparison
    (None, 'Mia has 20 caps. Her brother gave her 4 caps. How many caps does he have?'),
    (24, 'Mia has 20 caps. Her brother gave her 4 caps. How many caps does she have now?'),
    (None, 'A girl had 12 apples. Tom is here. He ate 3 apples. How many apples does the girl have now?'),  # noqa: E501
    (None, 'Mia has 20 hats. Tom is here. How many hats does he have?'),
    (None, "Ann has 20 dollars. Tom has 6 dollars. How many 2-dollar pens can Tom buy with Ann's money?"),  # noqa: E501
    (None, "Ann has 20 dollars. Tom has 6 dollars. How many 2-dollar pens can Ann buy using Tom's money?"),  # noqa: E501
    (3, 'Ann has 20 dollars. Tom has 6 dollars. How many 2-dollar pens can Tom buy with his money?'),  # noqa: E501
    (None, 'Ann has 20 dollars. Tom has 6 dollars. How many 2-dollar pens can Tom buy with her money?'),  # noqa: E501
    (None, 'Ann had 30 stickers. Lea had 12 stickers. She gave 5 stickers to her friend. How many stickers does Lea have now?'),  # noqa: E501
    (None, 'Ann had 30 stickers. Lea had 12 stickers. She lost 5 stickers. How many stickers does she have now?'),  # noqa: E501
    (7, 'Ann had 30 stickers. Leo had 12 stickers. He lost 5 stickers. How many stickers does he have now?'),  # noqa: E501
    (25, 'Ann had 30 stickers. Leo had 12 stickers. She lost 5 stickers. How many stickers does she have now?'),  # noqa: E501
    (None, 'Ann had 30 stickers. Leo had 12 stickers. She lost 5 stickers. How many stickers does Leo have now?'),  # noqa: E501
    (None, 'Sunny had 30 stickers. Leo had 12 stickers. He lost 5 stickers. How many stickers does he have now?'),  # noqa: E501
    (25, 'Sunny had 30 stickers. She lost 5 stickers. How many stickers does she have now?'),
    (None, 'Tom baked 24 cookies. Ann and Mia came. She ate 6 cookies. How many cookies are left?'),
    (None, 'Tom baked 24 cookies. Ann came. He ate 6 cookies. She ate 2. How many cookies did Ann eat?'),  # noqa: E501
    (None, 'Omar has 8 boxes with 5 pens in each box. Leo is here. He gave away 2 boxes. How many pens does Omar have now?'),  # noqa: E501
    (30, 'Omar has 8 boxes with 5 pens in each box. Ann is here. He gave away 2 boxes. How many pens does Omar have now?'),  # noqa: E501
    (None, 'Omar has 8 boxes with 5 pens in each box. Ann is here. She gave away 2 boxes. How many pens does Omar have now?'),  # noqa: E501
    (15, 'Ann read 40 pages. Mia read 25 pages. How many more pages did she read than Mia?'),
    (15, 'Ann read 40 pages. Tom read 25 pages. How many more pages did she read than Tom?'),
    (None, 'Ann read 40 pages. Tom read 25 pages. How many more pages did he read than Ann?'),
]  # fmt: skip


@pytest.mark.parametrize(("value", "text"), PROBES)
def test_pronoun_probe(value: int | None, text: str) -> None:
    category, found = verdict_of(text)
    if value is None:
        assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    else:
        assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value
