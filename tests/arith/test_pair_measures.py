"""A scaled amount told with its scale, "which is" / "as far" / "as long" (arith/pair_measures.py),
the whole told "a total of" / "Together they" / "In total, they" (arith/scale_clauses.py) and
"Kim and Lou are selling pears." before them (arith/scale_forms.py): authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith.pair_measures import told_measure_reads
from practiceloop.arith.scale_clauses import same_time
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import refused, verdict_of


def test_told_measure_reads_checks_the_copula_time_and_the_unit() -> None:
    assert told_measure_reads(
        {"verb": "walked", "cop": "was", "way": "far", "thing": "miles"}, same_time
    )
    assert told_measure_reads(
        {"verb": "has", "cop": "is", "way": "many", "thing": "cards"}, same_time
    )
    assert told_measure_reads({"verb": "ran", "way": "long", "thing": "minutes"}, same_time)
    assert told_measure_reads({"verb": "has"}, same_time)
    assert not told_measure_reads(
        {"verb": "walked", "cop": "is", "way": "far", "thing": "miles"}, same_time
    )
    assert not told_measure_reads({"verb": "has", "cop": "was", "way": "many"}, same_time)
    assert not told_measure_reads({"verb": "picked", "way": "far", "thing": "apples"}, same_time)
    assert not told_measure_reads({"verb": "ran", "way": "long", "thing": "cookies"}, same_time)
    assert not told_measure_reads({"verb": "ran", "way": "far", "thing": "minutes"}, same_time)
    assert not told_measure_reads({"verb": "ran", "way": "far"}, same_time)


CLOSED = [
    ("Nadia walked 18 kilometers, which was twice as far as Hannah walked. How many kilometers did they walk in total?", 27),  # noqa: E501
    ("Nadia walked 18 kilometers, which was twice as far as Hannah walked. How many kilometers did Hannah walk?", 9),  # noqa: E501
    ("Nadia walked 18 kilometers, twice as far as Hannah did. How many kilometers did Nadia and Hannah walk altogether?", 27),  # noqa: E501
    ("Nadia walked 18 kilometers, which was half as far as Hannah walked. How many kilometers did Hannah walk?", 36),  # noqa: E501
    ("Nadia picked 18 apples, which was twice as many as Hannah picked. How many apples did Hannah pick?", 9),  # noqa: E501
    ("Nadia has 18 cards, which is twice as many as her sister has. How many cards does her sister have?", 9),  # noqa: E501
    ("Ben ran 40 minutes, which was twice as long as Kim ran. How many minutes did Kim run?", 20),
    ("Ben ran 40 minutes, twice as long as Kim ran. How many minutes did they run in all?", 60),
    ("Ben saved $40, which was twice as much as Kim saved. How much money did Kim save?", 20),
    # the whole: "a (combined) total of", "Together they"
    ("Jean has three times as much money as Jane. They have a combined total of $76. How much money does Jean have?", 57),  # noqa: E501
    ("Jean has three times as much money as Jane. Jean and Jane have a total of $76. How much money does Jane have?", 19),  # noqa: E501
    ("Kim has three times as many shells as Lou. Together they have 48 shells. How many shells does Lou have?", 12),  # noqa: E501
    ("Kim collected three times as many shells as Lou. Together they collected 48 shells. How many shells did Kim collect?", 36),  # noqa: E501
    ("Kim has 3 more than twice as many shells as Lou. They have a total of 48 shells. How many shells does Lou have?", 15),  # noqa: E501
    ("Kim earned 4 times as much money as her sister. Together they earned $85. How much money did her sister earn?", 17),  # noqa: E501
    ("Alice sold twice as many pears as Emily did. In total, they sold 180 pears. How many pears did Alice sell?", 120),  # noqa: E501
    ("Alice and Emily are selling pears at the farmer's market. Alice sold twice as many pears as Emily did. They sold 180 pears in total. How many pears did Alice sell?", 120),  # noqa: E501
    ("Alice and Emily were picking apples. Alice picked three times as many apples as Emily. Altogether, they picked 48 apples. How many apples did Alice pick?", 36),  # noqa: E501
    ("Alice and Emily are selling pears. Alice sold twice as many pears as Emily did. In total, they sold 180 pears. How many more pears did Alice sell than Emily?", 60),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Nadia walked 18 kilometers, which is twice as far as Hannah walked. How many kilometers did Hannah walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was twice as far as Hannah ran. How many kilometers did Hannah walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was twice as far as Hannah walked. How many kilometers did Nadia walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was twice as far as Hannah walked. How many miles did Hannah walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was twice as far as Hannah walked yesterday. How many kilometers did Hannah walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was twice as far as Hannah can walk. How many kilometers can Hannah walk?",  # noqa: E501
    "Nadia walked 18 kilometers, which was not twice as far as Hannah walked. How many kilometers did Hannah walk?",  # noqa: E501
    "Nadia picked 18 apples, which was twice as far as Hannah picked. How many apples did Hannah pick?",  # noqa: E501
    "Nadia picked 18 apples, which is twice as many as Hannah picked. How many apples did Hannah pick?",  # noqa: E501
    "Nadia has 18 cards, which was twice as many as Hannah has. How many cards does Hannah have?",
    "Ben ran 40 cookies, twice as long as Kim ran. How many cookies did Kim run?",
    "Ben drove 40 miles, which was twice as far as Kim drove on Monday. How many miles did Kim drive?",  # noqa: E501
    "Ben saved $40, which was twice as much as Kim spent. How much money did Kim spend?",
    "Kim collected three times as many shells as Lou. Together they found 48 shells. How many shells did Kim collect?",  # noqa: E501
    "Kim collected three times as many shells as Lou. Together they will collect 48 shells. How many shells did Kim collect?",  # noqa: E501
    "Kim has three times as many shells as Lou. Kim and Max have a total of 48 shells. How many shells does Kim have?",  # noqa: E501
    "Kim has three times as many shells as Lou. Together they have a total of 48 shells. How many shells does Kim have?",  # noqa: E501
    "Kim has three times as many shells as Lou. They have a total of 48 shells in all. How many shells does Kim have?",  # noqa: E501
    "Kim has three times as many shells as Lou. They have a total of 50 shells. How many shells does Lou have?",  # noqa: E501
    "Kim has three times as many shells as Lou. They had a total of 48 shells. How many shells does Lou have?",  # noqa: E501
    "Kim has three times as many shells as Lou. They can have a total of 48 shells. How many shells does Lou have?",  # noqa: E501
    "Kim earned 4 times as much money as Lou last year. Together they earned $85. How much money did Kim earn?",  # noqa: E501
    "Alice and Emily are not selling pears. Alice sold twice as many pears as Emily did. In total, they sold 180 pears. How many pears did Alice sell?",  # noqa: E501
    "Alice and Maya are selling pears. Alice sold twice as many pears as Emily did. In total, they sold 180 pears. How many pears did Alice sell?",  # noqa: E501
    "Alice and Emily are selling 20 pears. Alice sold twice as many pears as Emily did. In total, they sold 180 pears. How many pears did Alice sell?",  # noqa: E501
    "Alice and Emily are selling pears. Alice sold twice as many pears as Emily did. In total, they will sell 180 pears. How many pears did Alice sell?",  # noqa: E501
    "Alice and Emily are selling pears. Alice sold twice as many pears as Emily did. In total, they sold 180 pears together. How many pears did Alice sell?",  # noqa: E501
    "Alice and Emily are selling pears. Alice sold twice as many pears as Emily did. In total, Alice sold 180 pears. How many pears did Emily sell?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_scaled_amount_told_with_its_scale_or_a_whole_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_their_neighbours_are_refused(text: str) -> None:
    refused(text)
