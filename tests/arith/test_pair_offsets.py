"""An offset on the pair reading's multiple (authored sentences only, never corpus text)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.scale_pairs import _one_sentence, _told_then_scaled, _two_sentences
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import refused, verdict_of


def _span(text: str, start: int = 0, index: int = 0) -> SourceSpan:
    return SourceSpan(text=text, start=start, end=start + len(text), sentence_index=index)


def test_with_offset_reads_the_number_its_way_and_widens_the_scale_phrase() -> None:
    text = "A barn has 24 goats and 3 more than twice as many pigs."
    pair = _one_sentence(_span(text))
    assert pair is not None and pair.offset_value == 3 and pair.offset_sign == 1
    assert pair.offset is not None and text[slice(*pair.offset)] == "3"
    assert text[slice(*pair.factor)] == "3 more than twice"
    pair = _one_sentence(_span("Zoe paid $6 for a hat and $2.50 less than half as much for a cap."))
    assert pair is not None and pair.offset_value == Fraction(5, 2) and pair.offset_sign == -1


def test_with_offset_refuses_money_beside_things_and_a_bare_number_beside_money() -> None:
    assert _one_sentence(_span("A barn has 24 goats and $3 more than twice as many pigs.")) is None
    assert _one_sentence(_span("Zoe paid $6 for a hat and 2 more than twice as much for a cap.")) is None  # noqa: E501
    assert _one_sentence(_span("A barn has 24 goats and 2.5 more than twice as many pigs.")) is None
    assert _one_sentence(_span("A barn has 24 goats and 3 more pigs than twice as many pigs.")) is None  # noqa: E501


def test_the_offset_reads_in_each_body_form() -> None:
    first = _span("Zoe baked 18 buns on Friday.")
    second = _span("On Sunday, she baked 4 fewer than twice as many.", 29, 1)
    pair = _told_then_scaled(first, second)
    assert pair is not None and pair.offset_sign == -1 and pair.offset_value == 4
    first = _span("Zoe has 2 more than three times as many pens as pencils.")
    second = _span("She has 7 pencils.", 57, 1)
    pair = _two_sentences(first, second)
    assert pair is not None and pair.offset_sign == 1 and pair.times == 3


def test_two_sentences_read_the_kinds_one_place_and_a_pronoun_after_the_name() -> None:
    first = _span("Zoe has 60 pens in her bag.")
    second = _span("She also has half as many pencils as pens.", 28, 1)
    pair = _two_sentences(first, second)
    assert pair is not None and pair.subject == "Zoe"
    assert pair.base == (("pen",), ("in", "her", "bag")) and pair.scaled[1] == pair.base[1]
    assert _two_sentences(first, _span("She has half as many pencils as pens in a box.", 28, 1)) is None  # noqa: E501
    assert _two_sentences(_span("Zoe has 60 pens."), _span("She has half as many pencils as pens in her bag.", 17, 1)) is None  # noqa: E501
    assert _two_sentences(_span("Zoe has 60 pens in his bag."), _span("She has half as many pencils as pens.", 28, 1)) is None  # noqa: E501


CLOSED = [
    ("A barn has 24 goats and 3 more than twice as many pigs. How many pigs does the barn have?", 51),  # noqa: E501
    ("A barn has 24 goats and 4 fewer than half as many pigs. How many animals does the barn have?", 32),  # noqa: E501
    ("A barn has 24 goats and 4 less than half as many pigs. How many more goats than pigs does the barn have?", 16),  # noqa: E501
    ("Zoe baked 18 buns on Friday. On Sunday, she baked 4 fewer than twice as many. How many buns did she bake in all?", 50),  # noqa: E501
    ("Zoe baked 18 buns on Friday and then 4 fewer than twice as many on Sunday. How many buns did she bake on Sunday?", 32),  # noqa: E501
    ("Zoe paid $6 for a hat and $2 more than twice as much for a coat. How much did Zoe pay?", 20),
    ("Zoe has 2 more than three times as many pens as pencils. She has 7 pencils. How many pens does she have?", 23),  # noqa: E501
    ("Zoe has 60 pens in her bag. She also has 5 less than half as many pencils as pens. How many pens and pencils does Zoe have?", 85),  # noqa: E501
    ("Zoe has 60 pens. She has 3 more than two times as many pencils as pens. How many pencils does Zoe have?", 123),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_pair_with_an_offset_closes_right(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


REFUSED = [
    "A barn has 24 goats and 3 more than twice as many pigs. How many goats does the barn have?",
    "A barn has 24 goats and 30 fewer than half as many pigs. How many pigs does the barn have?",
    "A barn has 24 goats and 12 fewer than half as many pigs. How many pigs does the barn have?",
    "A barn has 25 goats and 3 more than half as many pigs. How many pigs does the barn have?",
    "A barn has 24 goats, 5 cows and 3 more than twice as many pigs. How many pigs does the barn have?",  # noqa: E501
    "A barn has 24 goats and 3 more than twice as many pigs as cows. How many pigs does the barn have?",  # noqa: E501
    "A barn will have 24 goats and 3 more than twice as many pigs. How many pigs will the barn have?",  # noqa: E501
    "A barn has 24 goats and 3 times more pigs. How many pigs does the barn have?",
    "Zoe baked 18 buns on Friday. On Sunday, Max baked 4 fewer than twice as many. How many buns did Max bake?",  # noqa: E501
    "Zoe baked 18 buns on Friday. On Sunday, she baked 4 fewer than twice as many. How many buns did she bake on Monday?",  # noqa: E501
    "Zoe baked 18 buns on Friday. She will bake 4 fewer than twice as many on Sunday. How many buns will she bake in all?",  # noqa: E501
    "Zoe has 60 pens. She has 5 less than half as many pencils as pens. She has 3 crayons. How many pens and pencils does Zoe have?",  # noqa: E501
    "Zoe has 60 pens. She can have 5 less than half as many pencils as pens. How many pencils does Zoe have?",  # noqa: E501
    "Zoe has 60 pens on her desk. She also has 5 less than half as many pencils as pens. How many pens and pencils does Zoe have in her bag?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_a_pair_with_an_offset_of_another_side_or_number_is_refused(text: str) -> None:
    refused(text)
