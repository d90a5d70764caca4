"""Stage 7c: a question opened by "what" or an imperative, read as the "how many / how much"
question it means (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.what_asked import (
    total_opener,
    what_left,
    what_money_verb,
    what_number,
    what_price,
)
from practiceloop.loop.evaluate import Category

from ._stages import answer, closes_to, reading, target


def _read(text: str):  # type: ignore[no-untyped-def]
    r = reading(text)
    return r, r.sentence_bounds[r.question]


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("What is the total cost?", "the"),
        ("What's the total cost?", "the"),
        ("What will be the total cost?", "the"),
        ("Calculate the total cost.", "the"),
        ("Find out the total cost.", "the"),
        ("Determine the total cost.", "the"),
    ],
)
def test_total_opener(question: str, word: str) -> None:
    r, (lo, _) = _read("Ann bought 3 pens for $2 each. " + question)
    probe = total_opener(r, lo)
    assert probe > 0 and r.word(probe) == word


def test_total_opener_refuses() -> None:
    for question in ("What did she buy?", "What cost more?", "She finds the total cost."):
        r, (lo, _) = _read("Ann bought 3 pens for $2 each. " + question)
        assert total_opener(r, lo) == -1, question


def test_total_opener_end_to_end() -> None:
    picked = "Ann picked 4 apples and Tom picked 5 apples. "
    for question in (
        "What's the total number of apples they picked?",
        "Calculate the total number of apples they picked.",
        "Find the total number of apples they picked.",
        "Determine the total number of apples they picked.",
    ):
        closes_to(picked + question, 9)
    # after a condition told before it, the imperative opens the question
    closes_to("Ann picked 4 apples. If Tom picked 5 apples, calculate the total number of "
              "apples they picked.", 9)  # fmt: skip
    closes_to("Ann bought 3 pens for $2 each. Calculate the total cost of the pens.", 6)
    # a total of another thing, or of one of them, is no sum of theirs
    for question in (
        "Calculate the total number of pears they picked.",
        "Calculate the total number of apples Ann picked.",
    ):
        assert answer(picked + question)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


@pytest.mark.parametrize(
    ("question", "money"),
    [
        ("What does she have left?", True),
        ("What is the amount left?", True),
        ("What is the amount of money left?", True),
        ("What's the amount of money left?", True),
        ("What was her remaining balance?", True),
    ],
)
def test_what_left(question: str, money: bool) -> None:
    text = "Ann had $12. She spent $3 on a pen and $4 on a book. " + question
    r, (lo, hi) = _read(text)
    attrs: dict[str, str] = {}
    assert what_left(r, lo, hi, attrs) is not None
    assert (attrs.get("entity") == "money") is money
    asked = target(text)
    assert asked.state == "left" and asked.entity == "money"
    closes_to(text, 5)


def test_what_left_refuses() -> None:
    for question in (
        "What did she buy?",
        "What is left of the cakes?",
        "What was the amount left on Monday?",
        "What does Tom have?",
    ):
        r, (lo, hi) = _read("Ann had $12. She spent $3 on a pen. " + question)
        assert what_left(r, lo, hi, {}) is None, question


def test_what_left_end_to_end() -> None:
    closes_to("Ann had 12 apples. She ate 3 apples. What does she have left?", 9)
    for text in (
        # another holder asked, two things counted, a move not done yet
        "Ann had $12. She spent $3 on a pen and $4 on a book. What does Tom have left?",
        "Ann had 12 apples and 5 pears. She ate 3 apples. What does she have left?",
        "Ann had $12. She will spend $3 on a pen and $4 on a book. What does she have left?",
        "Ann had $12. She spent $3 on a pen. Tom had $10 and spent $2. What is the amount left?",
    ):
        assert answer(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE), text


def test_what_number() -> None:
    """ "What is the number of apples she has left?" asks as "how many apples" does."""
    text = "Ann had 12 apples. She ate 3 apples. What is the number of apples she has left?"
    r, (lo, hi) = _read(text)
    attrs: dict[str, str] = {}
    assert what_number(r, lo, hi, attrs) is not None and attrs["entity"] == "apple"
    asked = target(text)
    assert (asked.entity, asked.state) == ("apple", "left")
    closes_to(text, 9)
    closes_to("Ann had $12. She spent $3 on a pen. What is the amount of money she has left?", 9)
    closes_to("Ann bought 48 cookies. She shared them equally among 6 children. Calculate the "
              "number of cookies that each child will get.", 8)  # fmt: skip
    # the subject named after the noun is the subject, not part of the thing asked
    picked = "Ann picked 4 apples and Tom picked 5 apples. "
    assert target(picked + "What is the number of apples Tom picked?").owner == "tom"
    closes_to(picked + "What is the total number of apples Tom and Ann picked?", 9)
    for question in ("What is the number of times?", "What is the number?", "What is Tom's?"):
        r, (lo, hi) = _read(picked + question)
        assert what_number(r, lo, hi, {}) is None, question
    for text in (
        "Ann had 12 apples. She ate 3 apples. What is the number of pears she has left?",
        "Ann had 12 apples. She ate 3 apples. What is the number of apples Tom has left?",
        "Ann had 12 apples. She will eat 3 apples. What is the number of apples she has left?",
    ):
        assert answer(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE), text


def test_what_money_verb() -> None:
    """ "What will she earn in 5 hours?" asks the money "how much" asks."""
    text = "Ann earns $8 an hour. What will she earn in 5 hours?"
    r, (lo, hi) = _read(text)
    attrs: dict[str, str] = {}
    assert what_money_verb(r, lo, hi, attrs) is not None and attrs["entity"] == "money"
    closes_to(text, 40)
    closes_to("Tom bought 3 pens for $2 each. What did he spend?", 6)
    for question in ("What did he buy?", "What did he make for dinner?", "What did the pen cost?"):
        r, (lo, hi) = _read("Tom bought 3 pens for $2 each. " + question)
        assert what_money_verb(r, lo, hi, {}) is None, question
    r, (lo, hi) = _read("Tom picked 3 apples. What did he earn?")  # a text of no money
    assert what_money_verb(r, lo, hi, {}) is None


def test_what_price() -> None:
    """ "What is the new price of the kettle?" asks money, as "how much does it cost" does,
    only with the word that tells which price."""
    text = "The kettle costs $50. It is on sale for 30% off. What is the new price of the kettle?"
    r, (lo, hi) = _read(text)
    attrs: dict[str, str] = {}
    assert what_price(r, lo, hi, attrs) is not None and attrs["entity"] == "money"
    closes_to(text, 35)
    closes_to("The price of a pass was $40. It went up by 5%. What's the new price?", 42)
    for question in ("What is the price?", "What is the total price?", "What is the new lamp?"):
        r, (lo, hi) = _read("The kettle costs $50. It is 10% off. " + question)
        assert what_price(r, lo, hi, {}) is None, question
    r, (lo, hi) = _read("A pen costs $3. Ann bought 4 pens. What is the new price?")
    assert what_price(r, lo, hi, {}) is None  # no percent: no price shape to ask
