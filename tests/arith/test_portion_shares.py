"""The fraction-of shape of the portion reading: fractions of a told whole, moved away one
after another or told as a property (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_shares import read_shares
from tests.arith._helpers import frame_of


def _shape(text: str) -> tuple[str, str, tuple[str, ...]] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_shares(frame.sentences, frame.mentions, frame.observations, names)
    if read is None:
        return None
    return read.told_role, read.asked_role, tuple(op for op, _ in read.steps)


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("Ivy baked 20 cups. She gave 2/5 of the cups to Noa. How many cups are left for Ivy?", ("whole", "rest", ())),  # noqa: E501
        ("Ivy had 12 pens. She lost a third of them. How many pens did Ivy lose?", ("whole", "part", ())),  # noqa: E501
        ("Ivy spent 1/4 of her money, and now she has $24 left. How much did she have at first?", ("rest", "whole", ())),  # noqa: E501
        ("Ivy has $80. She spent half of it on food, and then she spent a fourth of what was left on books. How much money does she have left?", ("whole", "rest", ("take", "take"))),  # noqa: E501
        ("Ivy has $90. She spent $10 on lunch, and then she spent half of what was left on books. How much money does she have left?", ("whole", "rest", ("loss", "take"))),  # noqa: E501
        ("Ivy has 8 pens. Her aunt gave her another 4 pens. She gave half of her pens to her mother. How many pens does Ivy have left?", ("whole", "rest", ("gain", "take"))),  # noqa: E501
        ("Ivy earned $80. She spent 1/4 of the money on lunch. She spent 1/2 of the money on books. How much did Ivy have left?", ("whole", "rest", ("take_whole", "take_whole"))),  # noqa: E501
        ("There are 40 pupils. 25% of the pupils are boys. How many pupils are not boys?", ("whole", "rest", ())),  # noqa: E501
    ],
)
def test_read_shares(text: str, shape: tuple[str, str, tuple[str, ...]]) -> None:
    assert _shape(text) == shape


@pytest.mark.parametrize(
    "text",
    [
        # after a loss, "half of her pens" may be of the pens she had or of those she has
        "Ivy has 12 pens. She lost 2 pens. She gave half of her pens to Noa. How many pens does Ivy have left?",  # noqa: E501
        # a later part "of it" again beside a part of what was left
        "Ivy has $80. She spent half of it on food, and then she spent a fourth of it on books. How much money does she have left?",  # noqa: E501
        # another person's move, another holder asked, another thing moved
        "Ivy had 12 pens. Noa lost half of them. How many pens does Ivy have left?",
        "Ivy had 12 pens. She lost half of them. How many pens does Noa have left?",
        "Ivy had 12 pens. She lost 2 cups, and then she gave half of what was left to Noa. How many pens does Ivy have left?",  # noqa: E501
        # the same verb twice: which part is asked is unsaid
        "Ivy has $80. She spent half of it on food, and then she spent a fourth of what was left on books. How much did she spend?",  # noqa: E501
        # a possessive no pronoun ties to the holder
        "Ivy spent 1/4 of his money, and now she has $24 left. How much did she have at first?",
    ],
)
def test_read_shares_refuses(text: str) -> None:
    assert _shape(text) is None


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("John buys a box of 40 light bulbs. He uses 16 of them and then gives half of what is left to a friend. How many does he have left?", ("whole", "rest", ("loss", "take"))),  # noqa: E501
        ("Omar picked 50 apples. He ate 5 of the apples. Then he sold a third of the remaining apples. How many apples did he sell?", ("whole", "part", ("loss", "take"))),  # noqa: E501
        ("Ivy had some beads. She lost 6 of them. She gave half of the rest to her sister. Now she has 9 beads left. How many beads did she have at first?", ("rest", "whole", ("loss", "take"))),  # noqa: E501
        ("Jame has 60 bars of gold. He uses 10% of them and then loses half of what is left. How many gold bars does he have left?", ("whole", "rest", ("take", "take"))),  # noqa: E501
        ("Ivy has 40 beads. She gives half of them to her sister. She loses 16 of them. How many beads does she have left?", ("whole", "rest", ("take", "loss"))),  # noqa: E501
        ("Ada bought 72 eggs. She used half of them. Then she broke 15 of the remaining eggs. How many eggs are left?", ("whole", "rest", ("take", "loss"))),  # noqa: E501
        ("Ada had some eggs. She used a third of them, then broke 6 of what was left. Now she has 20 eggs left. How many eggs did she have at first?", ("rest", "whole", ("take", "loss"))),  # noqa: E501
    ],
)
def test_read_shares_a_number_lost_of_them(text: str, shape: tuple[str, str, tuple[str, ...]]) -> None:  # noqa: E501
    assert _shape(text) == shape


@pytest.mark.parametrize(
    "text",
    [
        # half of them after a number lost: of the start or of the rest?
        "Ivy has 40 beads. She loses 16 of them and gives half of them to Noa. How many beads does she have left?",  # noqa: E501
        "Ivy has 40 beads. She loses 16 of them. She gives half of her beads to Noa. How many beads does she have left?",  # noqa: E501
        # another holder, another thing, another's possession, a gain "of them"
        "Ivy has 40 beads. Noa loses 16 of them. She gives half of the rest to Bo. How many beads does Ivy have left?",  # noqa: E501
        "Ivy has 40 beads. She loses 16 of the buttons. She gives half of the rest to Noa. How many beads does she have left?",  # noqa: E501
        "Ivy has 40 beads. She loses 16 of his beads. She gives half of the rest to Noa. How many beads does she have left?",  # noqa: E501
        "Ivy has 40 beads. She finds 16 of them. She gives half of the rest to Noa. How many beads does she have left?",  # noqa: E501
        # "of the remaining" with nothing moved before it
        "Ada bought 72 eggs. She broke 15 of the remaining eggs. Then she used half of them. How many eggs does she have left?",  # noqa: E501
        # the things inside containers counted are not the containers
        "Tom has 12 boxes of pencils. He gives half of them to Ann. How many pencils does he have left?",  # noqa: E501
    ],
)
def test_read_shares_refuses_a_number_of_them_it_cannot_place(text: str) -> None:
    assert _shape(text) is None
