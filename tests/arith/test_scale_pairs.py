"""One holder's two sides, one a multiple of the other (arith/scale_pairs.py), and a scale
whose base is the amount of the sentence before: authored texts only."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.scale_clauses import clauses
from practiceloop.arith.scale_pairs import (
    COLLECTIVES,
    _asked,
    _asked_difference,
    _asked_there,
    _one_sentence,
    _there_sentence,
    _told_then_scaled,
    _two_sentences,
    elided_sentence,
)
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import refused, verdict_of


def _span(text: str, start: int = 0) -> SourceSpan:
    return SourceSpan(text=text, start=start, end=start + len(text), sentence_index=0)


def test_one_sentence_reads_two_kinds_two_times_or_two_purposes() -> None:
    pair = _one_sentence(_span("A barn has 24 goats and half as many pigs."))
    assert pair is not None and pair.subject == "the barn" and pair.verb == "has"
    assert pair.base == (("goat",), None) and pair.scaled == (("pig",), None)
    assert pair.value == 24 and pair.times == Fraction(1, 2)
    pair = _one_sentence(_span("Zoe baked 18 buns on Friday and then twice as many on Sunday."))
    assert pair is not None and pair.base == (("bun",), ("on", "friday"))
    assert pair.scaled == (("bun",), ("on", "sunday")) and pair.times == 2
    pair = _one_sentence(_span("Zoe paid $6 for a hat and three times as much for a coat."))
    assert pair is not None and pair.money and pair.base == (("money",), ("for", "hat"))
    pair = _one_sentence(_span("An old cart has 4 wheels in front and twice as many in back."))
    assert pair is not None and pair.subject == "the cart"


def test_one_sentence_refuses_a_base_the_sentence_does_not_tell() -> None:
    for text in (
        "A barn has 24 goats and twice as many pigs as cows.",  # a base not told
        "A barn has 24 goats and twice as many pigs as last year.",  # another time
        "A barn has 24 goats and twice as many white goats.",  # a kind of the other
        "A barn has 24 goats and 3 more pigs than twice as many pigs.",  # an offset's thing
        "Zoe baked 18 buns and then twice as many on Sunday.",  # one time told
        "Zoe baked 18 buns on Friday and twice as many on Friday.",  # the same time
        "Zoe baked 18 buns on Friday and sold twice as many on Sunday.",  # another verb
        "Zoe had 18 buns and has twice as many rolls.",  # another tense
        "Zoe baked 18 buns and Max baked twice as many.",  # another holder
        "His old cart has 4 wheels in front and twice as many wheels in back.",
        "Zoe has 18 buns and twice as many rolls in her bag.",  # a place of one side
    ):
        assert _one_sentence(_span(text)) is None, text


def test_two_sentences_read_the_multiple_before_or_after_its_base() -> None:
    scale = _span("Zoe owns three times as many pens as pencils.")
    told = _span("She owns 7 pencils.", 46)
    for first, second in ((scale, told), (told, scale)):
        pair = _two_sentences(first, second)
        assert pair is not None and pair.base == (("pencil",), None) and pair.value == 7
        assert pair.scaled == (("pen",), None) and pair.times == 3
    condition = _span("If she owns 7 pencils,", 46)
    assert _two_sentences(scale, condition) is not None
    for other in ("They own 7 pencils.", "Max owns 7 pencils.", "She owns 7 pens.", "She lost 7."):
        assert _two_sentences(scale, _span(other, 46)) is None, other


def test_told_then_scaled_reads_one_amount_then_its_multiple_at_another_time() -> None:
    told = _span("On Friday, Zoe baked 18 buns.")
    pair = _told_then_scaled(told, _span("On Sunday, she baked twice as many.", 30))
    assert pair is not None and pair.base == (("bun",), ("on", "friday"))
    assert pair.scaled == (("bun",), ("on", "sunday")) and pair.times == 2
    cap = _span("She then paid half as much for a cap.", 23)
    pair = _told_then_scaled(_span("Zoe paid $6 for a hat."), cap)
    assert pair is not None and pair.money and pair.scaled == (("money",), ("for", "cap"))
    for other in (
        "On Friday, Max baked twice as many.",  # another holder
        "On Friday, she baked twice as many.",  # the same time
        "She baked twice as many.",  # no time
        "On Sunday, she sold twice as many.",  # another verb
        "On Sunday, she baked twice as many rolls.",  # another thing
        "On Sunday, she baked twice as many as Max.",
        "On Sunday, she will bake twice as many.",
        "On Sunday, he baked twice as many.",  # against the name's gender
    ):
        assert _told_then_scaled(told, _span(other, 30)) is None, other
    sunday = _span("On Sunday, she baked twice as many.", 19)
    assert _told_then_scaled(_span("Zoe baked 18 buns."), sunday) is None


def test_there_sentence_reads_two_kinds_at_one_place() -> None:
    shelf = "There are 14 green cups and twice as many white cups on the shelf."
    pair = _there_sentence(_span(shelf))
    assert pair is not None and pair.subject == "there shelf" and pair.verb == "are"
    pair = _there_sentence(_span("In the pond, there were 9 ducks and three times as many frogs."))
    assert pair is not None and pair.subject == "there pond" and pair.verb == "were"
    for text in (
        "There are 14 green cups on the shelf and twice as many white cups.",  # one side's place
        "In the pond, there were 9 ducks and three times as many frogs in the lake.",
        "There are 14 cups and twice as many white cups on the shelf.",  # a kind of the other
        "There are $14 and twice as many coins on the shelf.",
    ):
        assert _there_sentence(_span(text)) is None, text


def test_the_question_asks_both_sides_or_the_multiple() -> None:
    pair = _one_sentence(_span("A barn has 24 goats and half as many pigs."))
    assert pair is not None
    assert _asked("How many animals does the barn have?", pair) == "whole"
    assert _asked("How many does the barn have in total?", pair) == "whole"
    assert _asked("How many pigs does the barn have?", pair) == "scaled"
    assert _asked("How many goats does the barn have?", pair) is None  # told, not asked
    assert _asked("How many fruits does the barn have?", pair) is None  # no collective
    assert _asked("How many animals does the zoo have?", pair) is None
    assert _asked("How many animals did the barn have?", pair) is None
    assert _asked("How many animals does the barn have left?", pair) is None
    pair = _one_sentence(_span("Zoe baked 18 buns on Friday and then twice as many on Sunday."))
    assert pair is not None
    assert _asked("How many buns did Zoe bake?", pair) == "whole"
    assert _asked("How many buns did she bake on both days?", pair) == "whole"
    assert _asked("How many buns did Zoe bake on Friday and Sunday?", pair) == "whole"
    assert _asked("How many buns did Zoe bake on Sunday?", pair) == "scaled"
    assert _asked("How many buns did Zoe bake on Friday?", pair) is None
    assert _asked("How many buns did Zoe bake on Monday?", pair) is None
    assert _asked("How many buns did Zoe bake on Friday and Monday?", pair) is None
    assert _asked("How many buns does Zoe bake?", pair) is None  # another time
    assert _asked("How many buns did Max bake?", pair) is None
    assert _asked("How many buns did Zoe sell?", pair) is None
    pair = _one_sentence(_span("A barn has 24 goats and half as many pigs."))
    assert pair is not None
    assert _asked("How many goats and pigs does the barn have?", pair) == "whole"
    assert _asked("How many pigs and goats does the barn have in all?", pair) == "whole"
    assert _asked("How many goats and cows does the barn have?", pair) is None
    assert _asked("How many goats and goats does the barn have?", pair) is None


def test_the_question_asks_a_difference_the_way_the_amounts_make_it() -> None:
    pair = _one_sentence(_span("A barn has 24 goats and half as many pigs."))
    assert pair is not None
    assert _asked_difference("How many more pigs than goats does the barn have?", pair) == 1
    assert _asked_difference("How many fewer pigs does the barn have than goats?", pair) == -1
    assert _asked_difference("How many more pigs than cows does the barn have?", pair) is None
    assert _asked_difference("How many more pigs than pigs does the barn have?", pair) is None
    pair = _one_sentence(_span("Zoe baked 18 buns on Friday and then twice as many on Sunday."))
    assert pair is not None
    text = "How many more buns did Zoe bake on Sunday than on Friday?"
    assert _asked_difference(text, pair) == 1
    text = "How many more buns did Zoe bake on Sunday than on Monday?"
    assert _asked_difference(text, pair) is None


def test_the_question_of_a_place_is_the_bodys_place() -> None:
    shelf = "There are 14 green cups and twice as many white cups on the shelf."
    pair = _there_sentence(_span(shelf))
    assert pair is not None
    assert _asked_there("How many cups are on the shelf?", pair) == "whole"
    assert _asked_there("How many cups are there?", pair) == "whole"
    assert _asked_there("How many white cups are there on the shelf?", pair) == "scaled"
    assert _asked_there("How many cups are on the table?", pair) is None
    assert _asked_there("How many cups were on the shelf?", pair) is None
    assert _asked_there("How many green cups are on the shelf?", pair) is None


def test_collectives_name_kinds_of_one_sort() -> None:
    assert {"cow", "sheep"} <= COLLECTIVES["animal"]
    assert "apple" in COLLECTIVES["fruit"] and "apple" not in COLLECTIVES["animal"]


def test_elided_sentence_takes_the_one_amount_of_the_sentence_before() -> None:
    first = clauses(_span("Zoe has 9 shells."))
    assert first is not None
    read = elided_sentence(_span("Max has four times as many.", 18), first)
    assert read is not None and read[0].base == "Zoe" and read[0].times == 4
    two = clauses(_span("Zoe has 9 shells and Max has 4 shells."))
    assert two is not None
    assert elided_sentence(_span("Ann has four times as many.", 40), two) is None
    assert elided_sentence(_span("Max has four times as many as Ann.", 18), first) is None


CLOSED = [
    ("A barn has 24 goats and half as many pigs. How many animals does the barn have?", 36),
    ("A barn has 24 goats and half as many pigs. How many pigs does the barn have?", 12),
    ("A barn has 24 goats and half as many pigs. How many more goats than pigs does the barn have?", 12),  # noqa: E501
    ("Zoe baked 18 buns on Friday and then twice as many on Sunday. How many buns did she bake?", 54),  # noqa: E501
    ("Zoe baked 18 buns on Friday and twice as many on Sunday. How many buns did Zoe bake on Friday and Sunday?", 54),  # noqa: E501
    ("Zoe baked 18 buns on Friday and twice as many on Sunday. How many fewer buns did Zoe bake on Friday than on Sunday?", 18),  # noqa: E501
    ("Zoe paid $6 for a hat and three times as much for a coat. How much did Zoe pay?", 24),
    ("Zoe owns three times as many pens as pencils. She owns 7 pencils. How many pens does she own?", 21),  # noqa: E501
    ("Zoe has three times as many cats as dogs. If she has 4 dogs, how many pets does she have?", 16),  # noqa: E501
    ("Zoe has 9 shells. Max has four times as many. How many shells do they have together?", 45),
    ("Zoe has 9 shells. Max has four times as many. How many more shells does Max have than Zoe?", 27),  # noqa: E501
    ("There are 14 green cups and twice as many white cups on the shelf. How many cups are on the shelf?", 42),  # noqa: E501
    ("In the pond, there were 9 ducks and three times as many frogs. How many animals were in the pond?", 36),  # noqa: E501
    ("Ravi sold 15 kites in May and twice as many in June. How many kites did Ravi sell?", 45),
    ("On Friday, Zoe baked 18 buns. On Sunday, she baked twice as many. How many buns did she bake?", 54),  # noqa: E501
    ("Zoe paid $6 for a hat. She then paid half as much for a cap. How much did Zoe pay in all?", 9),  # noqa: E501
    ("A barn has 24 goats and half as many pigs. How many goats and pigs does the barn have?", 36),
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_pair_closes_at_its_sum_multiple_or_difference(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


REFUSED = [
    "A barn has 24 goats and half as many pigs. How many goats does the barn have?",
    "A barn has 24 goats and half as many pigs. How many apples does the barn have?",
    "A barn has 24 goats, 5 cows and half as many pigs. How many animals does the barn have?",
    "A barn has 25 goats and half as many pigs. How many animals does the barn have?",
    "A barn will have 24 goats and half as many pigs. How many animals does the barn have?",
    "A barn has 24 goats and half as many pigs. How many more goats than cows does the barn have?",
    "A barn has 24 goats and half as many pigs. How many more pigs than goats does the barn have?",
    "Zoe baked 18 buns on Friday and twice as many on Sunday. How many buns does Zoe bake?",
    "Zoe baked 18 buns on Friday and twice as many on Sunday. How many buns did Max bake?",
    "Zoe baked 18 buns on Friday and will bake twice as many on Sunday. How many buns did Zoe bake?",  # noqa: E501
    "Zoe owns three times as many pens as pencils. She owns 7 pens. How many pencils does she own?",
    "Zoe owns three times as many pens as pencils. They own 7 pencils. How many pens does she own?",
    "Zoe has 9 shells. Max has four times as many cards. How many shells does Max have?",
    "Zoe has 9 shells. Ann has 3 shells. Max has four times as many. How many shells does Max have?",  # noqa: E501
    "There are 14 green cups and twice as many white cups on the shelf. How many cups are on the table?",  # noqa: E501
    "There are 14 green cups on the shelf and twice as many white cups. How many cups are on the shelf?",  # noqa: E501
    "On Friday, Zoe baked 18 buns. On Sunday, Max baked twice as many. How many buns did Zoe bake?",
    "On Friday, Zoe baked 18 buns. On Sunday, she baked twice as many. How many buns did she bake on Monday?",  # noqa: E501
    "A barn has 24 goats and half as many pigs. How many goats and cows does the barn have?",
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_a_pair_of_another_side_holder_time_or_number_is_refused(text: str) -> None:
    refused(text)
