"""Prices of items told by a difference from another item's, then summed
(:mod:`practiceloop.arith.price_sides`).

Authored texts only (general English, never a corpus sentence): the rule closes its own
sentences right, with other items, prices, orders and tenses, and refuses its wrong neighbours
(a multiple, a third item, a distractor, a modal, a negation, another time, a count of items,
another unit, a question asking something else, a payer who is a stranger).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.price_sides import may_read, read_price_sides
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, not_covered, verdict_of


def prices(text: str) -> bool:
    frame = frame_of(text)
    return read_price_sides(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    ("A cap costs $12. A belt costs $5 more than the cap. How much do both cost?", 29),
    ("A cap costs $12. A belt costs $5 less than the cap. How much do the cap and the belt cost together?", 19),  # noqa: E501
    ("A cap costs $12 and a belt costs $5 less than the cap. How much do the cap and the belt cost in all?", 19),  # noqa: E501
    ("A kettle costs $31 and a mug costs $9 less than the kettle. What is the total cost of the kettle and the mug?", 53),  # noqa: E501
    ("A kettle costs $31 and a mug costs $9 less than the kettle. What is the combined cost of both items?", 53),  # noqa: E501
    ("The kettle costs $31 and the mug costs $9 less than the kettle. How much does the mug cost?", 22),  # noqa: E501
    ("A stapler costs $4 more than a ruler. If a ruler costs $3, find the total cost of both items.", 10),  # noqa: E501
    ("A folder costs $1.50 more than a marker. A marker costs $2. What is the total cost of both?", Fraction(11, 2)),  # noqa: E501
    ("A folder cost $1.50 more than a marker. A marker cost $2. How much did both cost?", Fraction(11, 2)),  # noqa: E501
    ("A green tent costs $40 more than a grey tent. The grey tent costs $95. How much do both cost altogether?", 230),  # noqa: E501
    ("A big bowl costs $6 more than a small bowl. The small bowl costs $8. How much do the big bowl and the small bowl cost?", 22),  # noqa: E501
    ("A broom costs $7 more than a mop, and a mop costs $11. How much do both cost?", 29),
    ("A drum costs $3 more than a flute. A whistle costs $2 less than the drum. The whistle costs $9. How much does the flute cost?", 8),  # noqa: E501
    ("A drum costs $3 more than a flute. A whistle costs $2 less than the drum. The whistle costs $9. How much does the drum cost?", 11),  # noqa: E501
    ("A drum costs $3 more than a flute. The flute costs $8. How much does the drum cost?", 11),
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_prices_compared_then_summed_close(text: str, value: int | Fraction) -> None:
    assert prices(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


REFUSED = [
    # a multiple, or two items after "than"
    "A drum costs $3 more than twice a flute. A flute costs $8. How much do both cost?",
    "A drum costs $3 less than twice the flute. A flute costs $8. How much do both cost?",
    "A drum costs $3 more than a flute and a bell. A flute costs $8. How much do both cost?",
    # a third item, a distractor, a stranger
    "A drum costs $3 more than a flute. A flute costs $8. A bell costs $4. How much do both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. A bell costs $4. How much do the drum and the flute cost?",  # noqa: E501
    "A drum costs $3 more than a flute. A flute costs $8. Nia has 5 apples. How much do both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. Nia has $30. How much do both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much do the drum and the bell cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much do the drum and the drum cost?",
    # a modal, a negation, another time
    "A drum would cost $3 more than a flute. A flute costs $8. How much do both cost?",
    "A drum costs $3 more than a flute. A flute would cost $8. How much do both cost?",
    "A drum costs $3 more than a flute. A flute does not cost $8. How much do both cost?",
    "Last year a drum cost $3 more than a flute. A flute costs $8. How much do both cost?",
    "A drum costs $3 more than a flute. Yesterday a flute cost $8. How much do both cost?",
    "A drum cost $3 more than a flute. A flute cost $8. How much do both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much did both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much will both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much would both cost?",
    # a count of items, each, a box of them
    "A drum costs $3 more than a flute. A flute costs $8. How much do 2 drums and a flute cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much do three drums cost together?",
    "A drum costs $3 more than a flute. Each flute costs $8. How much do both cost?",
    "A drum costs $3 more than a flute. A box of flutes costs $8. How much do both cost?",
    # another unit, a number with no price word, another dimension
    "A drum costs $3 more than a flute. A flute costs 8 cents. How much do both cost?",
    "A drum costs 3 more than a flute. A flute costs $8. How much do both cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much do both weigh?",
    # the question asks something else, or of a holder who is no item
    "A drum costs $3 more than a flute. A flute costs $8. How much more does the drum cost than the flute?",  # noqa: E501
    "A drum costs $3 more than a flute. A flute costs $8. How much does the flute cost?",
    "A drum costs $3 more than a flute. A flute costs $8. How much do both cost after a $1 discount?",  # noqa: E501
    "A drum costs $3 more than a flute. A flute costs $8. How much did Nia pay for the drum and the flute?",  # noqa: E501
    "Nia's drum costs $3 more than Omar's drum. Omar's drum costs $8. How much do both cost?",
    "A drum costs $3 more than the other. The flute costs $8. How much do both cost?",
    # the two told twice, or below zero
    "A drum costs $3 more than a flute. The flute costs $8. The drum costs $12. How much do both cost?",  # noqa: E501
    "A drum costs $9 less than a flute. A flute costs $8. How much do both cost?",
    "A big drum costs $3 more than a small drum. The small drum costs $8. How much do the drums cost?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_wrong_neighbours_are_refused(text: str) -> None:
    assert not_covered(text)


def test_a_sum_of_two_of_three_items_is_not_read() -> None:
    """The question names items that are not every item told: not read (a narrower reading
    than the sum allows, kept so a "both" never leaves a priced item out)."""
    text = "A drum costs $3 more than a flute. A bell costs $2 less than the drum. If the bell costs $9, how much do the drum and the flute cost?"  # noqa: E501
    assert not prices(text)


def test_may_read_needs_a_price() -> None:
    assert may_read("A cap costs $12.")
    assert not may_read("A cap is 12 inches long.")
