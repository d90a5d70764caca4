"""Kinds of one thing compared, then summed (:mod:`practiceloop.arith.kind_sides`).

Authored texts only (general English, never a corpus sentence): the rule closes its own
sentences right, with other names, numbers, things, verbs, tenses and orders, and refuses its
wrong neighbours (another holder, thing, time, place, verb, a distractor, a question asking the
other side or something else, a negation, a modal, a move not done, a stranger).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.kind_sides import one_holder, place_holds, read_kind_sides
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def kinds(text: str) -> bool:
    frame = frame_of(text)
    return read_kind_sides(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    ("Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?", 19),  # noqa: E501
    ("Lena has 7 gold coins. She has 9 more silver coins than gold coins. How many coins does Lena have altogether?", 23),  # noqa: E501
    ("Priya owns 20 paper cups. She owns 6 fewer plastic cups than paper cups. How many cups does Priya own in total?", 34),  # noqa: E501
    ("Hugo collected 15 round stones. He collected 8 more flat stones than round stones. How many stones did Hugo collect in all?", 38),  # noqa: E501
    ("Ines has 9 striped socks. She has 4 more plain socks than striped socks. Ines has 2 fewer wool socks than plain socks. How many socks does Ines have in total?", 33),  # noqa: E501
    ("Kofi has 14 blue pens and 3 fewer black pens than blue pens. How many pens does he have in all?", 25),  # noqa: E501
    ("Mara baked 30 lemon cookies, 12 more ginger cookies than lemon cookies and 5 fewer oat cookies than ginger cookies. How many cookies did Mara bake?", 109),  # noqa: E501
    ("There are 40 white chairs in the hall. There are 15 fewer black chairs than white chairs. How many chairs are there in total?", 65),  # noqa: E501
    ("There are 11 small boxes. There are 6 more big boxes than small. How many boxes are there altogether?", 28),  # noqa: E501
    ("There were 25 brown horses on the farm. There were 7 more grey horses than brown horses on the farm. How many horses were on the farm in all?", 57),  # noqa: E501
    ("Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many red marbles does Omar have?", 7),  # noqa: E501
    ("Sam has twenty red apples. He has six more green apples than red apples. How many apples does Sam have?", 46),  # noqa: E501
    ("There are 6 round beads in Ada's sewing box. There are 4 more square beads than round beads. There are also 2 fewer flat beads than square beads. How many beads are there in all?", 24),  # noqa: E501
    ("Omar has 12 green marbles. He also has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?", 19),  # noqa: E501
    ("The toy shop has 14 wooden trains. There are 5 more plastic trains than wooden trains. How many trains are there in total?", 33),  # noqa: E501
    ("The barn had 9 white hens and 4 fewer brown hens than white hens. How many hens were there in the barn?", 14),  # noqa: E501
    ("Noor has 3 large pizzas. She has 2 more small pizzas than large pizzas. How many pizzas does Noor have in all?", 8),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # another holder, a stranger, a pronoun that may be either of two people
    "Omar has 12 green marbles. Ana has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Ana have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. Ana has 4 marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar and Ana have 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does he have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than Ana. How many marbles does Omar have in all?",  # noqa: E501
    # another time, another verb, a move not done, a modal, a negation
    "Omar had 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles did Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He bought 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He will have 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He wants to buy 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He can have 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He does not have 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    # another thing, a distractor, another place
    "Omar has 12 green marbles. He has 5 fewer red balls than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles and 3 blue pens. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. He is 9 years old. How many marbles does Omar have in all?",  # noqa: E501
    "There are 40 white chairs in the hall. There are 15 fewer black chairs than white chairs in the garden. How many chairs are there in total?",  # noqa: E501
    "There are 40 white chairs in the hall. There are 15 fewer black chairs than white chairs. How many chairs are there in the garden?",  # noqa: E501
    "There are 40 white chairs in each hall. There are 15 fewer black chairs than white chairs. How many chairs are there in total?",  # noqa: E501
    "There are 6 round beads in Ada's sewing box. There are 4 more square beads than round beads in Ben's sewing box. How many beads are there in all?",  # noqa: E501
    "There are 6 round beads in the box. There are 4 more square beads than round beads on the box. How many beads are there in all?",  # noqa: E501
    "The toy shop has 14 wooden trains. There are 5 more plastic trains than wooden trains in the garage. How many trains are there in total?",  # noqa: E501
    "The toy shop had 14 wooden trains. There are 5 more plastic trains than wooden trains. How many trains are there in total?",  # noqa: E501
    "The toy shop has 14 wooden trains. There are 5 more plastic trains than wooden trains. How many trains are there in the garage?",  # noqa: E501
    "The toy shop has 14 wooden trains. Ravi has 5 more plastic trains than wooden trains. How many trains are there in total?",  # noqa: E501
    "The toy shop sold 14 wooden trains. There are 5 more plastic trains than wooden trains. How many trains are there in total?",  # noqa: E501
    # a kind the text never tells, a base of no kind told, a kind below zero
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many blue marbles does Omar have?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than blue marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 4 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    # a question asking something else: a move, what is left, a difference, another time
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have left?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles did Omar lose?",  # noqa: E501
    "There were 40 white chairs. There were 15 fewer black chairs than white chairs. How many chairs are there in total?",  # noqa: E501
    "There are 40 white chairs. There were 15 fewer black chairs than white chairs. How many chairs are there in total?",  # noqa: E501
    # moves, a multiplier, "each", money, a time phrase
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. He gives 3 marbles to Ana. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles in each bag. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has $12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles today. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles yesterday. How many marbles does Omar have in all?",  # noqa: E501
    # no kind at all, the holder's name as a kind
    "Omar has 12 marbles. He has 5 fewer marbles than Ana. How many marbles does Omar have in all?",
    "Omar has 12 green marbles. He has 5 fewer omar marbles than green marbles. How many marbles does Omar have in all?",  # noqa: E501
    # a whole told of the same kinds (nothing asked), two pronouns
    "Omar has 12 green marbles. She has 5 fewer red marbles than green marbles. How many marbles does he have in all?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_kind_sides(text: str, value: int) -> None:
    assert kinds(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_kind_sides_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_a_multiplier_is_no_kind_side_but_the_pair_scale_reads_it() -> None:
    text = "Omar has 12 green marbles. He has twice as many red marbles as green marbles. How many marbles does Omar have in all?"  # noqa: E501
    assert not kinds(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 36)  # scale_pairs, not kind_sides


def test_one_holder() -> None:
    names = frozenset({"omar"})
    assert one_holder(["omar", "he"], "omar", names, ["has", "has"])
    assert one_holder(["omar", "omar"], "he", names, ["has", "has"])
    assert not one_holder(["he", "omar"], "omar", names, ["has", "has"])  # a pronoun first
    assert not one_holder(["omar", "he", "she"], "omar", names, ["has"] * 3)
    assert not one_holder(["omar", "he"], "omar", frozenset({"omar", "ana"}), ["has"] * 2)
    assert one_holder(["there", "there"], None, names, ["are", "are"])
    assert not one_holder(["there", "omar"], None, names, ["are", "has"])
    assert not one_holder(["there", "there"], "omar", names, ["are", "are"])


def test_place_holds() -> None:
    told = ("are", "in toy shop", "14 wooden trains", 17)
    assert place_holds("the toy shop has 14 wooden trains") == told
    held = place_holds("a barn contained 9 hens")
    assert held is not None and held[:2] == ("were", "in barn")
    assert place_holds("the shop sold 9 hens") is None
    assert place_holds("tom has 9 hens") is None
