"""The proportion reading (:mod:`practiceloop.arith.proportions`): its two clause shapes, its
soundness checks and its organ.

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.proportions import (
    INVERSE_ROLES,
    ROLES,
    bound_as_read,
    counted_things_measure,
    done_in_count,
    proportion_value,
    propose_proportion,
    ratio_for_every,
    reading,
)
from practiceloop.loop.evaluate import Category

from ._helpers import assess, frame_of, refused, relation, verdict_of, with_roles

F = Fraction


def test_done_in_count_reads_the_told_and_asked_counts() -> None:
    frame = frame_of("A kiln fires 45 bowls in 3 hours. How many bowls does it fire in 5 hours?")
    told, question = frame.sentences
    read = done_in_count(told, question)
    assert read is not None and read.thing == "bowl"
    assert frame.source_text[read.count[0] : read.count[1]] == "3"
    assert frame.source_text[read.amount[0] : read.amount[1]] == "45"
    assert frame.source_text[read.asked[0] : read.asked[1]] == "5"
    assert counted_things_measure(told, question) is None


def test_counted_things_measure_reads_weights_costs_and_fits() -> None:
    for text, thing in (
        ("If 4 crates weigh 60 pounds, how much do 9 crates weigh?", "pound"),
        ("7 mugs cost $21. How much would 2 mugs cost?", "money"),
        ("90 chairs fit into 6 rows. How many chairs fit into 4 rows?", "chair"),
    ):
        told, question = frame_of(text).sentences
        read = counted_things_measure(told, question)
        assert read is not None and read.thing == thing, text


def test_reading_binds_every_role_and_the_relation_closes() -> None:
    frame = frame_of("A kiln fires 45 bowls in 3 hours. How many bowls does it fire in 5 hours?")
    read = reading(frame)
    assert read is not None and [name for name, _ in read.roles] == list(ROLES)
    proposed = propose_proportion(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )
    assert len(proposed) == 1 and dict(proposed[0].roles)["told_amount"] is None
    assert assess(frame, "proportion").missing_bindings == ("told_amount_unbound",)
    filled = with_roles(frame, "proportion", told_amount=dict(read.roles)["told_amount"])
    rel = relation(filled, "proportion")
    assert bound_as_read(filled, rel) and proportion_value(filled, rel) == 75
    swapped = with_roles(
        frame, "proportion", told_amount=dict(read.roles)["told_count"]
    )  # the count bound as the amount: not as the text reads
    assert not bound_as_read(swapped, relation(swapped, "proportion"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A kiln fires 45 bowls in 3 hours. How many bowls does it fire in 5 hours?", 75),
        ("A loom weaves 18 scarves in 6 days. How many scarves will the loom weave in 4 days?", 12),
        ("Priya knits 10 hats in 2 weeks. How many hats does she knit in 7 weeks?", 35),
        ("Ravi earns $84 in 7 hours. How much money does Ravi earn in 3 hours?", 36),
        ("A hose sprays 30 gallons in 5 minutes. How much does it spray in 8 minutes?", 48),
        ("A bus drives 180 miles in 4 hours. How far does it drive in 6 hours?", 270),
        ("A frog can hop 16 feet in 4 seconds. How many feet could it hop in 9 seconds?", 36),
        ("Leo fixed 24 bikes in 8 days. At this rate, how many bikes will he fix in 5 days?", 15),
        ("If 5 melons weigh 20 pounds, how much do 8 melons weigh?", 32),
        ("If 3 scarves cost $27, how much would 5 scarves cost?", 45),
        ("If 36 cups fit in 4 trays, how many cups fit in 7 trays?", 63),
        ("A mill grinds 8 pounds in 2 hours. How much does it grind in 3 hours?", 12),
    ],
)
def test_a_rate_told_as_a_pair_closes_right(text: str, value: Fraction | int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        # another subject, another verb, another thing, another unit, another count told
        "A kiln fires 45 bowls in 3 hours. How many bowls does an oven fire in 5 hours?",
        "Priya knits 10 hats in 2 weeks. How many hats does Mona knit in 7 weeks?",
        "A kiln fires 45 bowls in 3 hours. How many bowls does it glaze in 5 hours?",
        "A kiln fires 45 bowls in 3 hours. How many plates does it fire in 5 hours?",
        "A kiln fires 45 bowls in 3 hours. How many bowls does it fire in 5 days?",
        "A kiln fires 45 bowls in 2 hours. How many bowls does it fire in 30 minutes?",
        "A kiln fires 45 bowls in 3 hours and 5 minutes. How many bowls does it fire in 5 hours?",
        "A kiln fires 45 bowls in 3 hours. How many bowls does it fire in 3 hours?",
        # "more", a distractor, a changed group, a negation, a fixed cost
        "A kiln fires 45 bowls in 3 hours. How many more bowls does it fire in 5 hours?",
        "A kiln fires 45 bowls in 3 hours. It cracks 2 bowls. How many bowls does it fire in 5 hours?",  # noqa: E501
        "If 5 melons weigh 20 pounds, how much do 8 melons weigh in 2 bags?",
        "5 melons weigh 20 pounds. 2 of the melons were rotten. How much do 8 melons weigh?",
        "A kiln does not fire 45 bowls in 3 hours. How many bowls does it fire in 5 hours?",
        "A van charges $6 plus $3 a mile. How much does it charge for 4 miles?",
        # a past act asked without "at this rate", an ability asked as done, a holding
        "Leo painted 24 fences in 8 days. How many fences did he paint in 5 days?",
        "A frog can hop 16 feet in 4 seconds. How many feet did it hop in 9 seconds?",
        "A shelf has 40 books in 4 rows. How many books does it have in 6 rows?",
        # an amount of things counted that is not whole, a weight told in dollars
        "A kiln fires 10 bowls in 3 hours. How many bowls does it fire in 5 hours?",
        "5 melons weigh $20. How much do 8 melons weigh?",
        "5 melons cost 20 pounds. How much do 8 melons cost?",
        "5 melons weigh 20 pounds. How much money do 8 melons weigh?",
    ],
)
def test_a_neighbour_of_the_rate_is_refused(text: str) -> None:
    refused(text)


def test_time_to_do_reads_the_inverse_question() -> None:
    frame = frame_of(
        "A hose fills 12 buckets in 3 minutes. How many minutes does it take the hose to fill"
        " 20 buckets?"
    )
    read = reading(frame)
    assert read is not None and [name for name, _ in read.roles] == list(INVERSE_ROLES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A hose fills 12 pails in 3 minutes. How long does it take the hose to fill 20 pails?", 5),
        ("Zara can knit 6 rows in 4 minutes. How many minutes will it take her to knit 15 rows?", 10),  # noqa: E501
        ("Ravi earns $40 in 5 hours. How many hours will it take him to earn $72?", 9),
        ("Ravi earned $40 in 5 hours. At this rate, how long will it take him to earn $72?", 9),
        ("Zara can knit 6 rows of a hat in 4 minutes. How many rows of a hat can she knit in 10 minutes?", 15),  # noqa: E501
    ],
)
def test_the_count_an_amount_takes_closes_right(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize(
    "text",
    [
        "A hose fills 12 buckets in 3 minutes. How many hours does it take the hose to fill 20 buckets?",  # noqa: E501
        "A hose fills 12 buckets in 3 minutes. How long does it take a pump to fill 20 buckets?",
        "A hose fills 12 buckets in 3 minutes. How long does it take the hose to empty 20 buckets?",
        "A hose fills 12 buckets in 3 minutes. How long does it take the hose to fill 20 tubs?",
        "A hose fills 12 buckets in 3 minutes. How long does it take the hose to fill 13 buckets?",
        "A hose fills 12 buckets in 3 rows. How long does it take the hose to fill 20 buckets?",
        "Ravi earned $40 in 5 hours. How many hours will it take him to earn $72?",
        "Zara can knit 6 rows in 4 minutes. How many minutes did it take her to knit 15 rows?",
        "Zara can knit 6 rows of a scarf in 4 minutes. How many rows of a hat can she knit in 10 minutes?",  # noqa: E501
        "Zara can knit 6 rows in 4 minutes. How many rows of a hat can she knit in 10 minutes?",
    ],
)
def test_a_neighbour_of_the_inverse_is_refused(text: str) -> None:
    refused(text)


def test_ratio_for_every_reads_either_thing_asked() -> None:
    frame = frame_of(
        "Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many"
        " green cards does he have?"
    )
    read = ratio_for_every(frame.sentences)
    assert read is not None and read.thing == "card"
    assert frame.source_text[read.count[0] : read.count[1]] == "2"
    assert frame.source_text[read.amount[0] : read.amount[1]] == "5"


RATIO_CLOSED = [
    ("Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many green cards does he have?", 25),  # noqa: E501
    ("Kofi has 5 green cards for every 2 gold cards. If he has 35 green cards, how many gold cards does he have?", 14),  # noqa: E501
    ("A zoo has 3 goats for every 4 ducks that it has. How many ducks does the zoo have if it has 18 goats?", 24),  # noqa: E501
    ("Nia uses 2 lemons for every 5 limes. If she uses 8 lemons, how many limes does she use?", 20),
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), RATIO_CLOSED)
def test_a_ratio_for_every_closes_right(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


RATIO_REFUSED = [
    "Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many gold cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many more green cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If Lars has 10 gold cards, how many green cards does Lars have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he sells 10 gold cards, how many green cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he has 10 blue cards, how many green cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he has 3 gold cards, how many green cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. If he has 10 gold cards, how many green cards did he have?",  # noqa: E501
    "Kofi had 5 green cards for every 2 gold cards. If he has 10 gold cards, how many green cards does he have?",  # noqa: E501
    "Kofi has 5 green cards for every 2 gold cards. He has 10 gold cards. Lars has 4 gold cards. How many green cards does he have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", RATIO_REFUSED)
def test_a_neighbour_of_the_ratio_is_refused(text: str) -> None:
    refused(text)


TAKES_CLOSED = [
    ("It takes Ines 12 minutes to paint 3 chairs. How many minutes will it take her to paint 7 chairs?", 28),  # noqa: E501
    ("It takes Ines 12 minutes to paint 3 chairs. How many chairs can she paint in 20 minutes?", 5),
    ("It takes the crane 4 hours to lift 10 crates. How long will it take the crane to lift 6 crates?", F(12, 5)),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), TAKES_CLOSED)
def test_what_a_count_of_time_takes_closes_right(text: str, value: Fraction | int) -> None:
    if isinstance(value, Fraction):
        refused(text)  # the count it takes comes out not whole: no rounding is read
    else:
        assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


TAKES_REFUSED = [
    "It takes Ines 12 minutes to paint 3 chairs. How many hours will it take her to paint 7 chairs?",  # noqa: E501
    "It takes Ines 12 minutes to paint 3 chairs. How many minutes will it take Rui to paint 7 chairs?",  # noqa: E501
    "It takes Ines 12 minutes to paint 3 chairs. How many minutes will it take her to sand 7 chairs?",  # noqa: E501
    "It takes Ines 12 minutes to paint 3 chairs. How many chairs did she paint in 20 minutes?",
    "It takes Ines 12 minutes to paint 3 chairs. How many more chairs can she paint in 20 minutes?",
    "It took Ines 12 minutes to paint 3 chairs. How many minutes will it take her to paint 7 chairs?",  # noqa: E501
    "It takes Ines 12 minutes to paint 3 chairs. She paints 2 desks. How many chairs can she paint in 20 minutes?",  # noqa: E501
    "It takes Ines 12 minutes to paint 3 chairs. How many tables can she paint in 20 minutes?",
]  # fmt: skip


@pytest.mark.parametrize("text", TAKES_REFUSED)
def test_a_neighbour_of_what_a_count_takes_is_refused(text: str) -> None:
    refused(text)


@pytest.mark.parametrize(
    ("refused", "spelled", "value"),
    [
        (
            "Bob can shuck 10 oysters in 5 minutes. How many oysters can she shuck in 20 minutes?",
            "Bob can shuck 10 oysters in 5 minutes. How many oysters can he shuck in 20 minutes?",
            40,
        ),
        (
            "Mia can shuck 10 oysters in 5 minutes. How many oysters can he shuck in 20 minutes?",
            "Mia can shuck 10 oysters in 5 minutes. How many oysters can she shuck in 20 minutes?",
            40,
        ),
    ],
)
def test_a_pronoun_asked_agrees_with_the_told_name(refused: str, spelled: str, value: int) -> None:
    """ "he" / "she" in the question names the told person only when they agree in gender."""
    assert verdict_of(refused)[0] not in (Category.CLOSED_UNIQUE, Category.DIRECT)
    assert verdict_of(spelled) == (Category.CLOSED_UNIQUE, value)
