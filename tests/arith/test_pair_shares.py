"""Two people's shares of one amount they shared (arith/pair_shares.py): authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.loop.evaluate import Category
from tests.arith._helpers import refused, verdict_of

CLOSED = [
    ("Joshua and Justin shared $40. Joshua’s share was thrice as much as Justin’s. How much is Joshua's share?", 30),  # noqa: E501
    ("Joshua and Justin shared $40. Joshua's share was thrice as much as Justin's. How much is Justin's share?", 10),  # noqa: E501
    ("Joshua and Justin shared $40. Justin's share was thrice as much as Joshua's. How much is Joshua's share?", 10),  # noqa: E501
    ("Amy and Ben split 30 apples. Amy's share was twice as many as Ben's. How many apples did Ben get?", 10),  # noqa: E501
    ("Amy and Ben split 30 apples. Amy's share was twice as many as Ben's. How many apples did Amy get?", 20),  # noqa: E501
    ("Amy and Ben split 30 apples. Amy's share was half as many as Ben's. How many apples did Amy get?", 10),  # noqa: E501
    ("Amy and Ben shared $45. Amy's share is twice as much as Ben's. How much money did Ben receive?", 15),  # noqa: E501
    ("Amy and Ben shared $40. Amy's share is 3 times as much as Ben's. How much is Amy's share?", 30),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Amy and Ben shared $45. Amy's share is twice as much as Ben's. How much money did Cal get?",
    "Amy and Ben shared $45. Amy's share is twice as much as Cal's. How much money did Ben get?",
    "Amy and Ben shared $45. Cal's share is twice as much as Ben's. How much money did Ben get?",
    "Amy and Ben shared $45. Amy's share is twice as much as Amy's. How much money did Ben get?",
    "Amy and Amy shared $45. Amy's share is twice as much as Ben's. How much money did Ben get?",
    "Amy and Ben shared $45 with Cal. Amy's share is twice as much as Ben's. How much money did Ben get?",  # noqa: E501
    "Amy and Ben shared $45. Amy's share is not twice as much as Ben's. How much money did Ben get?",  # noqa: E501
    "Amy and Ben shared $45. Amy's share might be twice as much as Ben's. How much money did Ben get?",  # noqa: E501
    "Amy and Ben will share $45. Amy's share is twice as much as Ben's. How much money will Ben get?",  # noqa: E501
    "Amy and Ben shared $45. Amy's share is twice as much as Ben's. How much money did Ben spend?",
    "Amy and Ben shared $45. Amy's share is twice as much as Ben's. Ben spent $5. How much money did Ben get?",  # noqa: E501
    "Amy and Ben shared $45 and 3 apples. Amy's share is twice as much as Ben's. How much money did Ben get?",  # noqa: E501
    "Amy and Ben shared 31 apples. Amy's share is twice as many as Ben's. How many apples did Ben get?",  # noqa: E501
    "Amy and Ben shared 30 apples. Amy's share is twice as many as Ben's. How many pears did Ben get?",  # noqa: E501
    "Amy and Ben shared 30 apples. Amy's share is twice as many as Ben's. How many apples did they get?",  # noqa: E501
    "Amy and Ben shared 30 apples. Amy's share is twice as many as Ben's. How much money did Ben get?",  # noqa: E501
    "Amy and Ben shared $40. Amy's share is 3 times more than Ben's. How much is Amy's share?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_share_of_an_amount_shared_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_what_the_shares_reading_does_not_read_is_refused(text: str) -> None:
    refused(text)
