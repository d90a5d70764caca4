"""Two kinds of people that split a whole, and one tense (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_kinds import one_tense, other_kind
from practiceloop.arith.portion_shares import read_shares
from tests.arith._helpers import frame_of


@pytest.mark.parametrize(
    ("told", "asked", "whole", "expected"),
    [
        ("girls", "boys", ("student",), True),
        ("boys", "girls", ("kid",), True),
        ("women", "men", ("employee",), True),
        ("adults", "children", ("passenger",), True),
        ("kids", "adults", ("person",), True),
        ("girls", "boys", ("person",), False),  # men may be there
        ("men", "women", ("person",), False),  # children may be there
        ("girls", "girls", ("student",), False),
        ("girls", "teachers", ("student",), False),
        ("tall girls", "boys", ("student",), False),
        ("girls", "boys", ("dog",), False),
        (None, "boys", ("student",), False),
    ],
)
def test_other_kind(told: str | None, asked: str, whole: tuple[str, ...], expected: bool) -> None:
    assert other_kind(told, asked, whole) is expected


def test_one_tense() -> None:
    share = ("take", type("C", (), {"verb": "are"})())
    past = ("take", type("C", (), {"verb": "were"})())
    assert one_tense("are", [share], "How many boys are there?")
    assert one_tense("has", [share], "How many of them are boys?")
    assert not one_tense("are", [past], "How many boys are there?")
    assert not one_tense("were", [past], "How many boys are there?")
    assert not one_tense("are", [share], "How many boys were there?")
    assert not one_tense("bought", [share], "How many boys are there?")


def _roles(text: str) -> tuple[str, str] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_shares(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else (read.told_role, read.asked_role)


@pytest.mark.parametrize(
    "text",
    [
        "There are 60 pupils in the school. 35% of them are girls. How many boys are there?",
        "There are 60 pupils in the school. 35% of them are girls. How many of them are boys?",
        "The ferry had 80 passengers. 15% of them were children. How many adults were there?",
        "The firm has 300 workers. A third of them are women. How many of the workers are men?",
    ],
)
def test_the_other_kind_is_the_rest(text: str) -> None:
    assert _roles(text) == ("whole", "rest")


@pytest.mark.parametrize(
    "text",
    [
        "There are 60 people in the hall. 35% of them are girls. How many boys are there?",
        "There are 60 pupils in the school. 35% of them were girls. How many boys are there?",
        "There are 60 pupils in the school. 35% of them are girls. How many boys were there?",
        "There are 60 pupils in the school. 35% of them are girls. How many teachers are there?",
        "There are 60 pupils in the school. 35% of them are tall girls. How many boys are there?",
        "There are 60 dogs in the park. 35% of them are girls. How many boys are there?",
    ],
)
def test_the_other_kind_refuses(text: str) -> None:
    assert _roles(text) is None
