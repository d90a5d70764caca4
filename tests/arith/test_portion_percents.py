"""The percents shape of the portion reading: a percent that moves a price, insurance that pays
a percent of it, a percent taken from a pay (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_percents import read_percents
from tests.arith._helpers import frame_of


def _roles(text: str) -> tuple[str, str] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_percents(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else (read.told_role, read.asked_role)


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        # a discount said of the thing
        ("A rug costs $60. It is on sale for 10% off. How much does it cost now?", ("whole", "rest")),  # noqa: E501
        ("The kettle costs $50. It is sold at a 30% discount. What is the new price of the kettle?", ("whole", "rest")),  # noqa: E501
        ("The kettle costs $50. It was discounted by 30%. What is the final price of the kettle?", ("whole", "rest")),  # noqa: E501
        # a price that moves
        ("The price of a bus pass was $40. It went up by 5%. What is the new price?", ("whole", "sum")),  # noqa: E501
        ("The price of the sofa is $700. The price fell by 20%. What's the new price of the sofa?", ("whole", "rest")),  # noqa: E501
        ("The value of the boat was $9000. It dropped by 10%. What is the current value of the boat?", ("whole", "rest")),  # noqa: E501
        # insurance
        ("The checkup costs $150. His insurance covers 60% of the cost. How much does he pay?", ("whole", "rest")),  # noqa: E501
        # a part of a pay
        ("Twenty percent of Ben's pay goes to rent. If his pay is $700, how much is his take-home pay?", ("whole", "rest")),  # noqa: E501
        ("Ben's salary is $2000. He pays 15% of his salary in taxes. How much money does he have left?", ("whole", "rest")),  # noqa: E501
        # a pay told by what the person earns in a period
        ("Ben earns $2000 a month. He pays 15% of his salary in taxes. How much money does he have left?", ("whole", "rest")),  # noqa: E501
        ("Ben makes $900 per week at his job. He has to pay 10% of it in taxes. How much does he keep?", ("whole", "rest")),  # noqa: E501
    ],
)
def test_read_percents(text: str, roles: tuple[str, str]) -> None:
    assert _roles(text) == roles


@pytest.mark.parametrize(
    "text",
    [
        # a price that moved asked as "how much did it cost" (maybe before) or as the old one
        "The price of a bus pass was $40. It went up by 5%. How much did it cost?",
        # another thing, another way, an amount moved, a move to come, two percents
        "The sofa costs $700. The price of the lamp fell by 20%. What is the new price?",
        "The sofa costs $700. Its price changed by 20%. What is the new price?",
        "The sofa costs $700. Its price fell by $20. What is the new price?",
        "The sofa costs $700. Its price will fall by 20%. What is the new price?",
        "The sofa costs $700. Its price rose by 20% and then fell by 10%. What is the new price?",
        # insurance: the price asked, another person's insurance
        "The checkup costs $150. His insurance covers 60% of the cost. How much does the checkup cost?",  # noqa: E501
        "The checkup costs $150. His insurance covers 60%. How much does she pay?",
        # a pay: another person's, what is paid (the tax?), a raise asked as what is left
        "Twenty percent of Ben's pay goes to rent. If Ann's pay is $700, how much is her take-home pay?",  # noqa: E501
        "Ben's salary is $2000. He pays 15% of her salary in taxes. How much money does he have left?",  # noqa: E501
        "Ben's salary is $2000. He pays 15% of his salary in taxes. How much does he pay?",
        "Ben earns $2000 a month. Ann pays 15% of her salary in taxes. How much money does Ben have left?",  # noqa: E501
        "Ben earns $2000 a month. He gets a 15% raise. How much money does he have left?",
        "Ben's salary is $2000. He gets a 15% raise. How much money does he have left?",
        "Ben's salary is $2000. He pays 15% of his salary in taxes. What is his new salary?",
    ],
)
def test_read_percents_refuses(text: str) -> None:
    assert _roles(text) is None
