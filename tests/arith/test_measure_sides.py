"""Measures of holders told by "be" and a comparative (:mod:`practiceloop.arith.measure_sides`).

Authored texts only (general English, never a corpus sentence): the rule closes its own
sentences right, with other names, numbers, units, dimensions, tenses and orders, and refuses
its wrong neighbours (another unit, dimension, time, holder, a distractor, a pronoun of two
people, a question asking the told side or something else, a negation, a modal, a move, an
age, a multiplier, a measure below zero).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.measure_sides import read_measure_sides
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def measures(text: str) -> bool:
    frame = frame_of(text)
    return read_measure_sides(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    ("Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall is Tomas?", 138),  # noqa: E501
    ("Lucia is 131 centimeters tall. Tomas is 7 centimeters shorter than Lucia. How tall is Tomas?", 124),  # noqa: E501
    ("Tomas is 7 centimeters taller than Lucia. Lucia is 131 centimeters tall. How tall is Tomas?", 138),  # noqa: E501
    ("Ravi is 60 inches tall. He is 4 inches taller than Mei. How tall is Mei?", 56),
    ("Kemal's scarf is 48 inches long. Dina's scarf is 15 inches shorter. How long is Dina's scarf?", 33),  # noqa: E501
    ("The red ribbon was 30 feet long. The blue ribbon was 12 feet longer than the red ribbon. How long was the blue ribbon?", 42),  # noqa: E501
    ("Omar's trip was 25 miles. It was 6 miles longer than Ana's trip. How long was Ana's trip?", 19),  # noqa: E501
    ("A box of nails weighs 12 pounds. A box of screws weighs 5 pounds less. How much does the box of screws weigh?", 7),  # noqa: E501
    ("Pia weighs 40 kilograms. Leo weighs 6 kilograms more than Pia. How much does Leo weigh?", 46),
    ("Pia weighs 40 kilograms. Leo is 6 kilograms heavier than Pia. How much does Leo weigh?", 46),
    ("Nia is 5 inches taller than Ola, and Ola is 2 inches shorter than Eve. If Eve is 61 inches tall, how tall is Nia?", 64),  # noqa: E501
    ("Ike is 3 cm taller than Uma. Uma is 4 cm taller than Zed. If Zed is 120 cm tall, how many centimeters tall is Ike?", 127),  # noqa: E501
    ("Iris is 4 inches taller than her cousin Pavel. Pavel is 2 inches taller than his friend Ugo. If Ugo is 50 inches tall, how tall is Iris?", 56),  # noqa: E501
    ("The elm is 40 feet tall. The fir is 52 feet tall. How much shorter is the elm than the fir?", 12),  # noqa: E501
    ("The crate weighed 90 pounds. The barrel weighed 35 pounds less than the crate. How much did the barrel weigh?", 55),  # noqa: E501
    ("The gate is 12 feet wide. The door is 9 feet narrower than the gate. How many feet wide is the door?", 3),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # another time, another unit, another dimension
    "Lucia was 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall is Tomas?",
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall was Tomas?",
    "Lucia is 131 centimeters tall. Tomas is 7 inches taller than Lucia. How tall is Tomas?",
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How many inches tall is Tomas?",  # noqa: E501
    "Kemal's scarf is 48 inches long. Dina's scarf is 15 inches taller. How long is Dina's scarf?",
    "Kemal's scarf is 48 inches long. Dina's scarf is 15 inches shorter. How tall is Dina's scarf?",
    "Pia weighs 40 kilograms. Leo is 6 kilograms taller than Pia. How much does Leo weigh?",
    # a distractor, a stranger's pronoun, two holders before an elided "than"
    "Lucia is 131 centimeters tall and 9 years old. Tomas is 7 centimeters taller than Lucia. How tall is Tomas?",  # noqa: E501
    "Lucia is 131 centimeters tall. Ana is 140 centimeters tall. She is 7 centimeters taller than Tomas. How tall is Tomas?",  # noqa: E501
    "Kemal's scarf is 48 inches long. Ada's scarf is 50 inches long. Dina's scarf is 15 inches shorter. How long is Dina's scarf?",  # noqa: E501
    "Kemal's scarf is 48 inches long. Dina's scarf is 15 inches shorter. Kemal bought 3 scarves. How long is Dina's scarf?",  # noqa: E501
    # a modal, a negation, a move, a change over time
    "Lucia is 131 centimeters tall. Tomas will be 7 centimeters taller than Lucia. How tall is Tomas?",  # noqa: E501
    "Lucia is 131 centimeters tall. Tomas is not 7 centimeters taller than Lucia. How tall is Tomas?",  # noqa: E501
    "Lucia is 131 centimeters tall. Tomas grew 7 centimeters. How tall is Tomas?",
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia was last year. How tall is Tomas?",  # noqa: E501
    # an age, a multiplier, money
    # (an age compared, "How old is Tomas?", is the age reading's: tests/arith/test_age_sides.py)
    "Lucia is 131 centimeters tall. Tomas is 4 years older than Lucia. How tall is Tomas?",
    "Lucia is 131 centimeters tall. Tomas is twice as tall as Lucia. How tall is Tomas?",
    "Pia weighs 40 kilograms. Leo weighs $6 more than Pia. How much does Leo weigh?",
    # the told side asked, a holder the story never measures, a sum, below zero
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall is Lucia?",
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall is Marta?",
    "Lucia is 131 centimeters tall. Tomas is 7 centimeters taller than Lucia. How tall are they together?",  # noqa: E501
    "Lucia is 5 centimeters tall. Tomas is 7 centimeters shorter than Lucia. How tall is Tomas?",
    "The elm is 40 feet tall. The fir is 52 feet tall. How much taller is the elm than the fir?",
    # a kin noun naming no one, a holder never measured asked
    "Iris is 4 inches taller than her cousin. Pavel is 2 inches taller than his friend Ugo. If Ugo is 50 inches tall, how tall is Iris?",  # noqa: E501
    "Iris is 4 inches taller than her cousin Pavel. Pavel is 2 inches taller than his friend Ugo. If Ugo is 50 inches tall, how tall is Mona?",  # noqa: E501
    # a verb of another kind
    "Omar's kite flew 40 feet high. Ana's kite flew 9 feet higher. How high did Ana's kite fly?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_measure_sides(text: str, value: float) -> None:
    assert measures(text)
    category, closed = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and closed is not None
    assert float(closed) == value


@pytest.mark.parametrize("text", REFUSED)
def test_read_measure_sides_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


SUMMED = [
    ("Nell's scarf is 14 inches long. Omar's scarf is 6 inches longer than Nell's scarf. What is the total length of both scarves?", 34),  # noqa: E501
    ("The oak plank is 9 feet long. The pine plank is 4 feet shorter than the oak plank. What is the total length of the oak plank and the pine plank?", 14),  # noqa: E501
    ("Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. How tall are Ivo and Pia together?", 308),  # noqa: E501
    ("Ivo is 150 centimeters tall. Pia is 8 centimeters shorter than Ivo. What is the combined height of Ivo and Pia?", 292),  # noqa: E501
    ("Rosa weighs 61 kilograms. Theo weighs 9 kilograms less than Rosa. What is the combined weight of Rosa and Theo?", 113),  # noqa: E501
    ("The sack weighs 30 pounds. The trunk weighs 25 pounds more than the sack. How much do both weigh together?", 85),  # noqa: E501
    ("The sack weighs 30 pounds. The trunk weighs 25 pounds more than the sack. How many pounds do the sack and the trunk weigh?", 85),  # noqa: E501
    ("The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How much do both weigh?", 53),  # noqa: E501
    ("The sack weighs 30 pounds. The trunk is 7 pounds lighter. How much do the sack and the trunk weigh?", 53),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), SUMMED)
def test_a_sum_of_every_holders_measure_is_read(text: str, value: int) -> None:
    assert measures(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


SUM_REFUSED = [
    # another unit, another dimension, another tense
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How much do both weigh in ounces?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How many ounces do both weigh?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. What is the total height of both?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How tall are both?",
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How much did both weigh?",  # noqa: E501
    "The sack weighed 30 pounds. The trunk is 7 pounds lighter than the sack. How much do both weigh?",  # noqa: E501
    "The oak plank was 9 feet long. The pine plank is 4 feet longer than the oak plank. What is the total length of both planks?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet wider than the oak plank. What is the total length of both planks?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. What is the total width of both planks?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. What is the total length of both planks, in inches?",  # noqa: E501
    # a third holder, a holder not told, one named twice, another noun
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. The bag weighs 5 pounds. How much do both weigh?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How much do the sack and the bag weigh?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. What is the total length of the oak plank and the oak plank?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. What is the total length of both ropes?",  # noqa: E501
    "Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. How tall are Ivo and Cal together?",  # noqa: E501
    "Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. Cal is 140 centimeters tall. How tall are Ivo and Pia together?",  # noqa: E501
    # a multiple, a modal, a negation, a move, a count, below zero
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than twice the sack. How much do both weigh?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk would be 7 pounds lighter than the sack. How much do both weigh?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is not 7 pounds lighter than the sack. How much do both weigh?",  # noqa: E501
    "Ivo is 150 centimeters tall. Pia will be 8 centimeters taller than Ivo. How tall are Ivo and Pia together?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. Ana cuts the oak plank in half. What is the total length of both planks?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 4 feet longer than the oak plank. How long are the 3 planks together?",  # noqa: E501
    "The sack weighs 30 pounds. The trunk is 7 pounds lighter than the sack. How much do 3 trunks weigh?",  # noqa: E501
    "The oak plank is 9 feet long. The pine plank is 20 feet shorter than the oak plank. What is the total length of both planks?",  # noqa: E501
    # another question: an average, a difference, one holder told
    "Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. What is the average height of Ivo and Pia?",  # noqa: E501
    "Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. How much taller are Ivo and Pia together?",  # noqa: E501
    "Ivo is 150 centimeters tall. Pia is 8 centimeters taller than Ivo. How tall are Ivo and Pia in meters?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", SUM_REFUSED)
def test_a_sum_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
