"""Stage 5: numbers and what follows them (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.quantities import (
    bought_before,
    than_ahead,
)
from tests.arith._helpers import frame_of

from ._stages import at, attrs, closes_to, reading


def test_read_quantity() -> None:
    found = attrs("Tom gave 4 more red apples to Ann than Bob. How many?", "4")
    assert (found["value"], found["entity"], found["modifier"], found["compare"]) == (
        "4",
        "apple",
        "red",
        "more",
    )
    assert found["verb"] == "gave" and found["owner"] == "tom"
    assert attrs("Ann has 3 pens. How many pens did 2 kids buy?", "2")["clause"] == "question"


@pytest.mark.parametrize(
    ("text", "span", "unit", "entity"),
    [
        ("Ann paid $5 for it.", "$5", "dollar", "money"),
        ("Ann paid $ 5 dollars for it.", "$ 5", "dollar", "money"),
        ("Ann ate 25% of the pies.", "25", "percent", "pie"),
        ("Ann ate 25 percent of the pies.", "25", "percent", "pie"),
    ],
)
def test_read_unit(text: str, span: str, unit: str, entity: str) -> None:
    found = attrs(text, span)
    assert (found["unit"], found["entity"]) == (unit, entity)


def test_read_more_before() -> None:
    found = attrs("Ann has 5 fewer pens than Bob.", "5")
    assert found["compare"] == "fewer" and found["compare_cue"].startswith("c")
    found = attrs("Robin has 8 extra pieces of gum.", "8")  # an adjective before the noun
    assert (found["unit"], found["entity"]) == ("piece", "gum") and "compare" not in found


def test_read_of() -> None:
    frame = frame_of("Tom had 9 apples. He ate 2 of them. He gave 3 of his apples away.")
    two = next(dict(m.attributes) for m in frame.mentions if m.span.text == "2")
    three = next(dict(m.attributes) for m in frame.mentions if m.span.text == "3")
    assert (two["entity"], two["elided"]) == ("apple", "of_them")
    assert three["entity"] == "apple" and "elided" not in three
    assert three["partitive"] == "of"  # a part of apples already counted


def test_elided_noun() -> None:
    found = attrs("Dan found 30 bottle caps while he threw away 6 old ones.", "6")
    assert (found["entity"], found["elided"]) == ("cap", "ones")
    assert set(found["modifier"].split()) == {"bottle", "old"}
    # a bare number listed after an amount of its sentence counts that amount's thing
    text = "Megan took 15 pictures at the zoo and 18 at the museum. She deleted 31 of the pictures. How many pictures does she have now?"  # noqa: E501
    found = attrs(text, "18")
    assert (found["entity"], found["elided"]) == ("picture", "listed")
    closes_to(text, 2)
    assert "entity" not in attrs("Megan had 15 pens and 4 cups. She lost 3 and 5 at home.", "5")


def test_a_number_before_any_verb_is_its_subject() -> None:
    text = "On a trip, 39 students rode on the first bus and 42 rode on the second bus. How many students rode the buses?"  # noqa: E501
    found = attrs(text, "42")
    assert (found["entity"], found["elided"], found["verb"]) == ("student", "subject", "rode")
    closes_to(text, 81)


def test_a_bare_number_subject_counts_the_last_thing() -> None:
    found = attrs("Lily planted 12 roses. After the frost 5 died.", "5")
    assert (found["entity"], found["elided"]) == ("rose", "subject")
    # a bare number after the verb is its object, not its subject (``object``)
    assert attrs("Lily planted 12 roses. She gave 5.", "5")["elided"] == "object"
    assert "entity" not in attrs("Lily planted 12 roses. She gave 5 away.", "5")


def test_had_n_left_counts_the_last_thing() -> None:
    found = attrs("Dave had 10 songs. After deleting some he had 4 left.", "4")
    assert (found["entity"], found["elided"]) == ("song", "subject")
    closes_to(
        "Dave had 10 apps on his phone. After deleting some he had 4 left. How many apps did "
        "he delete?",
        6,
    )


def test_a_bare_object_of_a_moving_verb_counts_the_last_thing_said() -> None:
    """ "After baking some bread, she had used 12.": the 12 counts the last thing said, marked
    ``elided`` (``object``); a number that goes on ("four-fifths of that") is no bare object."""
    text = "A cook had 30 eggs. After baking some bread, she had used 12. How many eggs remained?"
    found = attrs(text, "12")
    assert (found["entity"], found["elided"]) == ("egg", "object")
    closes_to(text, 18)
    fraction = attrs("Ann has $50 in her purse. She spends four-fifths of that.", "four")
    assert "elided" not in fraction


def test_a_pronoun_before_into_groups_is_the_last_thing() -> None:
    text = "Tom has 24 apples. He split them into groups of 6. How many groups did he make?"
    found = attrs(text, "6")
    assert (found["entity"], found["per"]) == ("apple", "group")
    closes_to(text, 4)


def test_a_size_into_groups_with_its_noun_is_per_group() -> None:
    text = "There are 40 students. They are split into groups of 5 students. How many groups are there?"  # noqa: E501
    assert attrs(text, "5")["per"] == "group"
    closes_to(text, 8)
    assert "per" not in attrs("Paul got a box of 253 crayons.", "253")  # one box, its amount


def test_read_comparison() -> None:
    found = attrs("Kim has 4 pens more than Lee.", "4")
    assert (found["compare"], found["than"]) == ("more", "lee")
    found = attrs("Omar read 12 more pages on monday than on tuesday.", "12")
    assert (found["side"], found["than_side"]) == ("monday", "tuesday")


def test_than_ahead() -> None:
    r = reading("Rita read 3 more pages of math homework than science homework. 4 more if so.")
    more = at(r, "more")
    assert than_ahead(r, more + 1) == (at(r, "than"), None)
    assert than_ahead(r, at(r, "more", 1) + 1) is None  # a control word comes first


def test_read_additional() -> None:
    found = attrs("Tom had 5 action figures. He bought 7 more action figures.", "7")
    assert found["additional"] == "more" and "compare" not in found
    assert found["more_cue"].startswith("c")


def test_read_than() -> None:
    assert attrs("Kim has 4 more pens than the girls.", "4")["than"] == "girl"
    assert attrs("Kim read 4 more pages on monday than on friday.", "4")["than_side"] == "friday"


def test_read_spent_on() -> None:
    assert attrs("He spent $ 20 on a jacket and a hat.", "$ 20")["object"] == "jacket"
    assert attrs("He bought a jacket for $ 20.", "$ 20")["object"] == "jacket"
    assert attrs("He had $ 20 for the trip.", "$ 20")["object"] == "trip"
    assert "object" not in attrs("He had $ 20 in his purse.", "$ 20")


def test_bought_before() -> None:
    r = reading("He bought a red jacket for $ 20 and shoes for $ 5.")
    assert bought_before(r, at(r, "for")) == "jacket"
    assert bought_before(r, at(r, "for", 1)) == ""  # no article before the noun


def test_a_rate_needs_its_group() -> None:
    assert "per" not in attrs("There are 4 eggs in a nest.", "4")  # a nest is no container
    assert "per" not in attrs("He read 2 books each book a week.", "2")


def test_read_quantities() -> None:
    frame = frame_of("Tom had 9 apples and 99999999999999999999999 pears.")
    assert [m.span.text for m in frame.mentions if m.kind == "quantity"] == ["9"]
    assert [o.kind for o in frame.observations] == ["unread_number"]


def test_read_ellipsis() -> None:
    frame = frame_of(
        "Tom had 9 apples. He ate 2 of them. Then he ate 3 more. How many apples are left?"
    )
    three = next(dict(m.attributes) for m in frame.mentions if m.span.text == "3")
    assert (three["entity"], three["elided"]) == ("apple", "more")
    alone = frame_of("He ate 2 of them. How many are left?")
    assert "entity" not in dict(alone.mentions[1].attributes)  # nothing said before: no copy


def test_of_them_after_two_kinds_counts_the_thing() -> None:
    """ "35 green towels and 21 white towels ... 34 of them": towels of both kinds."""
    text = "Mia bought 35 green towels and 21 white towels. She gave away 34 of them."
    found = attrs(text, "34")
    assert found["entity"] == "towel" and "modifier" not in found
    assert attrs("Mia bought 35 green towels. She gave away 4 of them.", "4")["modifier"] == "green"


def test_price_before_noun() -> None:
    found = attrs("Tom bought three 8 dollar toys.", "8")
    assert (found["unit"], found["entity"], found["per"]) == ("dollar", "money", "toy")
    assert attrs("Tom has 8 red toys.", "8")["modifier"] == "red"


def test_one_of_a_count() -> None:
    text = "A spider has 8 legs. How many legs do 23 spiders have?"
    assert attrs(text, "8")["per"] == "spider"
    closes_to(text, 184)
    # no count of the thing told of one: an amount, no rate
    assert "per" not in attrs("A farmer has 8 cows. How many cows are there?", "8")
    # one container of a thing: per that container, when the text counts it ("4 packs")
    text = "A pack of gum has 12 sticks. Ana has 4 packs of gum. How many sticks does Ana have?"
    assert attrs(text, "12")["per"] == "pack"
    closes_to(text, 48)
    assert "per" not in attrs("A pack of gum has 12 sticks. Ana has 4 sticks.", "12")


def test_unit_alone() -> None:
    """ "47 pieces of candy ... ate 25 pieces": the unit said alone counts the thing it was
    said of; a unit said of two things is left as read."""
    found = attrs("Faye had 47 pieces of candy. She ate 25 pieces.", "25")
    assert (found["unit"], found["entity"], found["elided"]) == ("piece", "candy", "unit")
    text = "Ann had 4 bags of rice and 3 bags of beans. She sold 2 bags."
    assert attrs(text, "2").get("unit") is None
    # said of one thing anywhere in the text, also after the bare unit
    text = "Robin has 43 packages of gum. There are 23 pieces in each package. Robin has 8 extra pieces of gum. How many pieces of gum does Robin have?"  # noqa: E501
    assert (attrs(text, "23")["unit"], attrs(text, "23")["entity"]) == ("piece", "gum")
    closes_to(text, 43 * 23 + 8)
    # the one kind the unit was said of goes with it; two kinds leave it unread
    kind = "Ann had 5 boxes of blue pens. She gave away 2 boxes."
    assert attrs(kind, "2")["modifier"] == "blue"
    closes_to(kind + " How many boxes of blue pens does she have left?", 3)
    two = "Ann had 5 boxes of blue pens and 4 boxes of red pens. She gave away 2 boxes."
    assert "modifier" not in attrs(two, "2")
    plain = "Ann had 5 boxes of pens and 4 boxes of blue pens. She gave away 2 boxes."
    assert "modifier" not in attrs(plain, "2")


def test_no_last_thing_after_two_things() -> None:
    found = attrs("Paul got 52 crayons and 6 erasers. At the end he had 15 left.", "15")
    assert "entity" not in found and "unit" not in found  # left unread: it blocks, never guesses
    assert "entity" not in attrs("Ben had 9 pens and 4 rulers. He lost 2.", "2")


def test_share_coordinated() -> None:
    found = attrs("Then 6 more storks and 2 more birds came.", "6")
    assert (found["verb"], found["direction"]) == ("came", "gain")
    assert attrs("There are 71 crayons and 24 pencils in each row.", "71")["per"] == "row"
    assert attrs("He got 10 emails and 12 letters in the morning.", "10")["side"] == "morning"
    both = attrs("Jake has 13 fewer peaches and 3 more apples than Steven.", "13")
    assert (both["compare"], both["than"]) == ("fewer", "steven")


def test_held_alone() -> None:
    """ "Ana had 12 slices of pie while her brother had 9.": the bare 9 holds slices of pie."""
    text = "Ana had 12 slices of pie while her brother had 9. How many slices of pie do they have?"
    found = attrs(text, "9")
    assert (found["elided"], found["unit"], found["entity"]) == ("object", "slice", "pie")
    # a state ("had 4 left"), another ellipsis ("had 3 of them") are read by their own rules
    assert attrs("Ana had 12 pens. After the fair she had 4 left.", "4")["elided"] == "subject"
    assert attrs("Ana had 12 pens. She had 3 of them.", "3")["elided"] == "of_them"
    # after two things, which one is held is not read: it stays unread
    assert "entity" not in attrs("Ana had 12 pens and 5 rulers. Ben had 9.", "9")


def test_size_alone() -> None:
    """ "into cages with 6 in each cage": the bare 6 counts the last thing said."""
    text = "A shop had 30 kittens. It put them into cages with 6 in each cage."
    found = attrs(text, "6")
    assert (found["elided"], found["entity"], found["per"]) == ("object", "kitten", "cage")
    # after two things, which one is sized is not read: it stays unread
    assert "entity" not in attrs("A shop had 30 kittens and 8 pups, with 6 in each cage.", "6")
    # a time that opens a clause is no amount: "In one day" counts nothing
    closes_to(
        "A shop had 30 kittens. In one day they sold 12 of them and put the rest into cages "
        "with 6 in each cage. How many cages did they use?",
        3,
    )
