"""The prices shape of the portion reading: a price and a percent taken off it or added to
it (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_prices import read_prices
from tests.arith._helpers import frame_of


def _roles(text: str) -> tuple[str, str] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_prices(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else (read.told_role, read.asked_role)


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("Ada bought a lamp with a 20% discount. If the price is $40, how much did Ada pay after the discount?", ("whole", "rest")),  # noqa: E501
        ("Ada bought a lamp at a 20% discount. If she paid $40, how much was the original price of the lamp?", ("rest", "whole")),  # noqa: E501
        ("A shop has a 10% discount on all items. If Ada paid $45 for a lamp, how much did Ada save?", ("rest", "part")),  # noqa: E501
        ("Ada buys a lamp that costs $40. If tax was 5%, how much did she pay after tax?", ("whole", "sum")),  # noqa: E501
        ("Ada receives a monthly salary of $900. If she received a 10% raise, how much will be Ada's new salary?", ("whole", "sum")),  # noqa: E501
        ("Ada wants to buy a new lamp. It cost 20% more than her old $40 lamp. How much did it cost?", ("whole", "sum")),  # noqa: E501
        ("Ada bought a lamp with a 20% discount. The discount she received is $8. How much did Ada pay?", ("part", "rest")),  # noqa: E501
    ],
)
def test_read_prices(text: str, roles: tuple[str, str]) -> None:
    assert _roles(text) == roles


@pytest.mark.parametrize(
    "text",
    [
        # another thing priced, another person, another percent, a raise of a price
        "Ada bought a lamp with a 20% discount. If the price of the rug is $40, how much did Ada pay after the discount?",  # noqa: E501
        "Ada bought a lamp. Tom got a 20% discount. If the price is $40, how much did Ada pay?",
        "Ada bought a lamp with a 20% discount. If the price is $40 and tax is 5%, how much did Ada pay?",  # noqa: E501
        "The price of the lamp is $40. If she received a 10% raise, how much did she pay for the lamp?",  # noqa: E501
        # a discount of pay, money told as a tip, a discount on other things
        "Ada receives a monthly salary of $900. If she received a 10% discount, how much will be Ada's new salary?",  # noqa: E501
        "Ada bought a lamp with a 20% discount. The tip is $8. How much did Ada pay?",
        "A shop has a 10% discount on all rugs. If Ada paid $45 for a lamp, how much did Ada save?",
        # "bought ... for $40" may be the price or what was paid: unread
        "Ada buys a lamp for $40 and gets a 20% discount. How much did she pay?",
        # a purchase to be done
        "Ada will buy a lamp with a 20% discount. If the price is $40, how much did Ada pay after the discount?",  # noqa: E501
    ],
)
def test_read_prices_refuses(text: str) -> None:
    assert _roles(text) is None
