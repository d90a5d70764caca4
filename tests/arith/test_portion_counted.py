"""A number lost "of them", a whole told in one container, containers of one stuff counted:
the clauses of a portion story that name their thing outside the number (authored texts)."""

from __future__ import annotations

from practiceloop.arith.portion_clauses import Clause, clauses
from practiceloop.arith.portion_counted import container_fits, containers_of, of_the_whole
from practiceloop.kernel.span import SourceSpan


def _span(text: str) -> SourceSpan:
    return SourceSpan(text=text, start=0, end=len(text), sentence_index=0)


def _one(text: str) -> Clause:
    read = clauses(_span(text))
    assert read is not None and len(read) == 1, read
    return read[0]


def test_of_the_whole() -> None:
    assert of_the_whole({}, "loss") == (False, None, None, None)
    assert of_the_whole({"ofwhole": " of them", "ofthem": "them", "num": "16"}, "loss") == (
        True, None, "them", None,
    )  # fmt: skip
    his = {"ofwhole": " of his cards", "ofdet": "his", "ofwhat": "cards", "num": "8"}
    assert of_the_whole(his, "loss") == (True, ("card",), "the", "his")
    assert of_the_whole(his, "gain") is None  # "He bought 8 of his cards": not read
    assert of_the_whole({**his, "thing": "pens"}, "loss") is None
    assert of_the_whole({**his, "num": "$8"}, "loss") is None
    left = {"ofwhole": " of the remaining eggs", "ofleft": "the remaining eggs", "num": "15"}
    assert of_the_whole({**left, "remwhat": "eggs"}, "loss") == (True, ("egg",), "left", None)
    assert of_the_whole(left, "loss") == (True, None, "left", None)
    assert of_the_whole(left, "gain") is None


def test_a_number_lost_of_them() -> None:
    used = _one("He uses 16 of them.")
    assert (used.kind, used.way, used.value, used.ref, used.thing) == (
        "change", "loss", 16, "them", None,
    )  # fmt: skip
    ate = _one("She ate 5 of the cookies.")
    assert (ate.kind, ate.thing, ate.possessive) == ("change", ("cookie",), None)
    assert _one("He sold 8 of his cards.").possessive == "his"
    joined = clauses(_span("He uses 16 of them and then gives half of what is left to a friend."))
    assert joined is not None and [c.kind for c in joined] == ["change", "moved"]
    broke = _one("Then she broke 15 of the remaining eggs.")
    assert (broke.kind, broke.ref, broke.thing) == ("change", "left", ("egg",))
    assert broke.left_ref is not None  # " of the remaining eggs" is consumed
    assert _one("She broke 15 of what was left.").ref == "left"
    # a gain, a move to be done: not read
    assert clauses(_span("He finds 16 of them.")) is None
    assert clauses(_span("He will use 16 of them.")) is None


def test_a_whole_in_one_container() -> None:
    box = _one("John buys a box of 40 light bulbs.")
    assert (box.kind, box.value, box.thing) == ("told", 40, ("light", "bulb"))
    assert _one("Mia has a jar of 120 beads.").value == 120
    assert container_fits({"container": "a box of ", "cword": "box"}, ("bulb",))
    assert not container_fits({"container": "a pound of ", "cword": "pound"}, ("bulb",))
    assert not container_fits({"container": "a bag of ", "cword": "bag"}, ("money",))
    # a measure, a number lost from a container, many containers: not read
    assert clauses(_span("John buys a pound of 40 light bulbs.")) is None
    assert clauses(_span("He loses a box of 40 light bulbs.")) is None
    assert clauses(_span("John buys 3 boxes of 40 light bulbs.")) is None


def test_containers_of_one_stuff() -> None:
    gold = _one("Jame has 60 bars of gold.")
    assert (gold.value, gold.thing) == (60, ("gold", "bar"))
    assert containers_of({"num": "4", "thing": "bags", "worth": " of rice"}) == ("rice", "bag")
    assert containers_of({"num": "$400", "thing": None, "worth": " of furniture"}) is None
    assert containers_of({"num": "4", "thing": "dozen", "worth": " of eggs"}) is None
    assert containers_of({"num": "4", "thing": "red bags", "worth": " of rice"}) is None
    assert containers_of({"num": "4", "thing": "friends", "worth": " of mine"}) is None
