"""The nested shape of the portion reading: a share of a share, each told as a property
(authored texts)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.portion_nested import read_nested
from tests.arith._helpers import frame_of, refused, verdict_of


def _read(text: str) -> tuple[str, str, tuple[Fraction, ...]] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_nested(frame.sentences, frame.mentions, frame.observations, names)
    if read is None:
        return None
    return read.told_role, read.asked_role, tuple(f for _, f, _ in read.factors)


@pytest.mark.parametrize(
    ("text", "factors"),
    [
        ("Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?", (Fraction(1, 2), Fraction(3, 10))),  # noqa: E501
        ("There are 300 pupils in a school. 40 percent are juniors. Of the juniors, 70 percent are athletes. How many juniors are athletes?", (Fraction(2, 5), Fraction(7, 10))),  # noqa: E501
        ("A zoo has 80 birds. 3/4 of them are parrots. 40% of the parrots are green. How many green parrots are there?", (Fraction(3, 4), Fraction(2, 5))),  # noqa: E501
        ("Mia has 60 stamps. A quarter of them are foreign, and half of the foreign stamps are old. How many old foreign stamps does Mia have?", (Fraction(1, 4), Fraction(1, 2))),  # noqa: E501
        # the whole told in the first share
        ("Of the 200 guests, 60 percent are female. Of the females, 25 percent are teachers. How many female guests are teachers?", (Fraction(3, 5), Fraction(1, 4))),  # noqa: E501
        ("60% of the 200 guests are female, and 25% of the females are teachers. How many females are teachers?", (Fraction(3, 5), Fraction(1, 4))),  # noqa: E501
    ],
)
def test_read_nested(text: str, factors: tuple[Fraction, ...]) -> None:
    assert _read(text) == ("whole", "part_2", factors)


@pytest.mark.parametrize(
    "text",
    [
        # the first share, the whole, a property of the whole alone
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many cows are pregnant?",  # noqa: E501
        # the second share of the whole again, of "them", of another group, of another thing
        "Ben has 40 cows. 50% of the cows are female, and 30% of the cows are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of them are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the males are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the sheep are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        # a whole told twice, the second share of a whole of its own
        "There are 300 guests. Of the 200 guests, 60 percent are female. Of the females, 25 percent are teachers. How many female guests are teachers?",  # noqa: E501
        "Of the 200 guests, 60 percent are female. Of the 100 females, 25 percent are teachers. How many female guests are teachers?",  # noqa: E501
        # another holder, another time, a negation
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ann have?",  # noqa: E501
        "Ben had 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are not pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
    ],
)
def test_read_nested_refuses(text: str) -> None:
    assert _read(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "There are 300 pupils in a school. 40 percent are juniors. Of the juniors, 70 percent are athletes. How many juniors are not athletes?",  # noqa: E501
        "There are 80 ants in a nest. Half of them are workers, and 25% of the workers are male. How many of the workers are female?",  # noqa: E501
    ],
)
def test_read_nested_rest_of_the_first_share(text: str) -> None:
    read = _read(text)
    assert read is not None and read[:2] == ("whole", "rest_2")


@pytest.mark.parametrize(
    "text",
    [
        # the rest of the whole, another property negated, a kind with no pair, another tense
        "There are 300 pupils in a school. 40 percent are juniors. Of the juniors, 70 percent are athletes. How many pupils are not athletes?",  # noqa: E501
        "There are 300 pupils in a school. 40 percent are juniors. Of the juniors, 70 percent are athletes. How many juniors are not singers?",  # noqa: E501
        "There are 80 ants in a nest. Half of them are workers, and 25% of the workers are black. How many of the workers are red?",  # noqa: E501
        "There are 80 ants in a nest. Half of them are workers, and 25% of the workers are male. How many of the workers were female?",  # noqa: E501
    ],
)
def test_read_nested_rest_refuses(text: str) -> None:
    assert _read(text) is None


def test_rest_of_a_share_closes() -> None:
    text = "There are 300 pupils in a school. 40 percent are juniors. Of the juniors, 70 percent are athletes. How many juniors are not athletes?"  # noqa: E501
    assert verdict_of(text)[1] == 36


def test_share_of_a_share_closes() -> None:
    text = "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?"  # noqa: E501
    assert verdict_of(text)[1] == 6


@pytest.mark.parametrize(
    "text",
    [
        # a share that is no whole number, a number besides, a move, a modal
        "Ben has 45 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows and 9 pigs. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. Ben buys 6 more cows. How many pregnant female cows does Ben have?",  # noqa: E501
        "Ben has 40 cows. 50% of the cows are female, and 30% of the females will be pregnant. How many pregnant female cows does Ben have?",  # noqa: E501
    ],
)
def test_share_of_a_share_refused(text: str) -> None:
    refused(text)
