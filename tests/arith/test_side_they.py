"""Wholes told of "they", a condition told in the question, a discourse connective
(:mod:`practiceloop.arith.side_they`, read by :mod:`practiceloop.arith.side_chains`).

Authored texts only (general English, never a corpus sentence): each rule closes its own
sentence right, and refuses its wrong neighbours (another thing, time, verb, holder, a
question asking the other side or what is told, a negation, a modal, a move, a stranger).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.side_chains import read_chains
from practiceloop.arith.side_they import (
    connective_end,
    question_condition,
    they_after_every_holder,
    they_whole_marks,
)
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def chains(text: str) -> bool:
    frame = frame_of(text)
    return read_chains(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    # a whole told of "they", after the comparison that ties them; either side asked
    ("Nell has 14 more shells than Abe. Together they have 40 shells. How many shells does Abe have?", 13),  # noqa: E501
    ("Nell has 14 more shells than Abe. Together they have 40 shells. How many shells does Nell have?", 27),  # noqa: E501
    ("Nell has 14 fewer shells than Abe. They have 40 shells in all. How many shells does Abe have?", 27),  # noqa: E501
    ("Nell has 14 more shells than Abe. They have 40 shells between them. How many shells does Abe have?", 13),  # noqa: E501
    ("Nell has 14 more shells than Abe. Together, they have a total of 40 shells. How many shells does Abe have?", 13),  # noqa: E501
    # another verb, said alike in every clause; money told with no noun
    ("Rui painted 6 more fences than Tao. Together they painted 20 fences. How many fences did Tao paint?", 7),  # noqa: E501
    ("Rui earned $6 more than Tao. Together they earned $20. How much did Tao earn?", 7),
    ("Rui has $6 more than Tao. Together they have $20.50. How much money does Tao have?", "29/4"),
    # a condition told in the question: a whole of three named together, one told
    ("Rui, Tao and Uma made kites. Rui made 5 kites. Tao made 3 more kites than Rui. If they made 20 kites altogether, how many kites did Uma make?", 7),  # noqa: E501
    ("Rui has 6 more cards than Tao. If they have 30 cards in all, how many cards does Tao have?", 12),  # noqa: E501
    # money told with no noun in a whole of named holders; a condition after two spaces
    ("Rui, Tao, and Uma have a total of $60. Rui has $10 more than Tao. If Tao has $15, how much money does Uma have?", 20),  # noqa: E501
    ("Rui, Tao, and Uma earn a total of $60. Rui earns $10 more than Tao. If Tao earns $15, how much does Uma earn?", 20),  # noqa: E501
    ("Rui has 6 more cards than Tao.  If  they have 30 cards together, how many cards does Tao have?", 12),  # noqa: E501
    # a word of a sum right after money ("have $30 together"), never read as its thing
    ("Rui and Tao have $30 together. Rui has $6 more than Tao. How much money does Tao have?", 12),
    ("Rui and Tao saved $30 combined. Rui saved $6 more than Tao. How much did Tao save?", 12),
    # a connective before a clause
    ("Rui and Tao have 30 cards together. However, Rui has 6 more cards than Tao. How many cards does Tao have?", 12),  # noqa: E501
    ("Rui and Tao have 30 cards together. In addition, Rui has 6 more cards than Tao. How many cards does Rui have?", 18),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # "they" with no word of a sum (each may have 40), "each"
    "Nell has 14 more shells than Abe. They have 40 shells. How many shells does Abe have?",
    "Nell has 14 more shells than Abe. They each have 40 shells. How many shells does Abe have?",
    # a stranger before "they", a holder named after it
    "Nell has 14 more shells than Abe. Ida has 5 shells. Together they have 40 shells. How many shells does Abe have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they have 40 shells. Ida has 5 more shells than Abe. How many shells does Ida have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they have 40 shells, and Ida has 5 shells. How many shells does Abe have?",  # noqa: E501
    # another thing, time, verb; a negation, a modal
    "Nell has 14 more shells than Abe. Together they have 40 stones. How many shells does Abe have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they had 40 shells. How many shells does Abe have?",
    "Nell has 14 more shells than Abe. Together they found 40 shells. How many shells does Abe have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they do not have 40 shells. How many shells does Abe have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they can have 40 shells. How many shells does Abe have?",  # noqa: E501
    # what is told asked; a stranger asked; a move after the whole; a place the question adds
    "Nell has 14 more shells than Abe. Together they have 40 shells. How many more shells does Nell have than Abe?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they have 40 shells. How many shells does Ida have?",  # noqa: E501
    "Nell has 14 more shells than Abe. Together they have 40 shells. Nell lost 3 shells. How many shells does Abe have?",  # noqa: E501
    "Rui painted 6 more fences than Tao. Together they painted 20 fences. How many fences did Tao paint at school?",  # noqa: E501
    # no whole number of things; a side below nothing
    "Nell has 14 more shells than Abe. Together they have 41 shells. How many shells does Abe have?",  # noqa: E501
    "Nell has 54 more shells than Abe. Together they have 40 shells. How many shells does Abe have?",  # noqa: E501
    # a condition of another verb, time, or a move; a question of what is needed
    "Rui has 6 more cards than Tao. If they find 30 cards in all, how many cards does Tao have?",
    "Rui has 6 more cards than Tao. If they had 30 cards in all, how many cards does Tao have?",
    "Rui has 6 more cards than Tao. If they have 30 cards in all, how many cards does Tao need?",
    "Rui has 6 more cards than Tao. If Rui gives Tao 2 cards, how many cards does Tao have?",
    # three holders, one left untold; one named only later; another thing told
    "Rui, Tao and Uma made kites. Tao made 3 more kites than Rui. If they made 20 kites altogether, how many kites did Uma make?",  # noqa: E501
    "Rui and Tao made kites. Tao made 3 more kites than Rui. Uma made 5 kites. If they made 20 kites altogether, how many kites did Rui make?",  # noqa: E501
    "Rui, Tao and Uma made kites. Rui made 5 boats. Tao made 3 more kites than Rui. If they made 20 kites altogether, how many kites did Uma make?",  # noqa: E501
    # money of a whole with no word of a sum, "each"; another time told; a stranger asked
    "Rui, Tao, and Uma have $60. Rui has $10 more than Tao. If Tao has $15, how much money does Uma have?",  # noqa: E501
    "Rui, Tao, and Uma each have $60. Rui has $10 more than Tao. If Tao has $15, how much money does Uma have?",  # noqa: E501
    "Rui, Tao, and Uma earn a total of $60. Rui earns $10 more than Tao in June. If Tao earns $15 in May, how much does Uma earn?",  # noqa: E501
    "Rui, Tao, and Uma have a total of $60. Rui has $10 more than Tao. If Tao has $15, how much money does Zed have?",  # noqa: E501
    "Rui and Tao have $30. Rui has $6 more than Tao. How much money does Tao have?",
    "Rui and Tao saved $30 together. Rui spent $6 more than Tao. How much did Tao save?",
    # a connective that does not join ("Still"), a connective before another thing or holder
    "Rui and Tao have 30 cards together. Still, Rui has 6 more cards than Tao. How many cards does Tao have?",  # noqa: E501
    "Rui and Tao have 30 cards together. However, Rui has 6 more coins than Tao. How many cards does Tao have?",  # noqa: E501
    "Rui and Tao have 30 cards together. However, Uma has 6 more cards than Tao. How many cards does Tao have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_side_they_closes(text: str, value: int | str) -> None:
    assert chains(text)
    category, got = verdict_of(text)
    assert category == Category.CLOSED_UNIQUE
    assert str(got) == str(value)


@pytest.mark.parametrize("text", REFUSED)
def test_side_they_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_they_whole_marks() -> None:
    """One word of a sum, or "together" with "a total of"; none, or two others, refused."""
    assert they_whole_marks(["tog"])
    assert they_whole_marks(["all"])
    assert they_whole_marks(["tot", "tog"])
    assert not they_whole_marks([])
    assert not they_whole_marks(["tog", "all"])


def test_they_after_every_holder() -> None:
    """Every holder of the reading named before the whole: by a clause, or named together."""
    told = [(0, frozenset({"nell", "abe"})), (40, frozenset({"ida"}))]
    assert they_after_every_holder(30, told[:1], frozenset({"nell", "abe"}), frozenset())
    assert not they_after_every_holder(30, told, frozenset({"nell", "abe", "ida"}), frozenset())
    assert they_after_every_holder(
        30, told, frozenset({"nell", "abe", "ida"}), frozenset({"ida"})
    )


def test_question_condition() -> None:
    """ "If <clause>, how many ...?" splits into the condition and the question, each its
    exact slice of the source; a question with no condition, or two commas, is None."""
    source = "Rui has 6. If they have 30 cards in all, how many cards does Tao have?"
    span = SourceSpan(text=source[11:], start=11, end=len(source), sentence_index=1)
    split = question_condition(span)
    assert split is not None
    condition, question = split
    assert source[condition.start : condition.end] == condition.text == "they have 30 cards in all"
    assert source[question.start : question.end] == question.text
    assert question.text == "how many cards does Tao have?"
    plain = SourceSpan(text="How many cards?", start=0, end=15, sentence_index=0)
    assert question_condition(plain) is None
    two = "If Rui has 6, and Tao has 4, how many?"
    assert question_condition(SourceSpan(text=two, start=0, end=len(two), sentence_index=0)) is None


def test_connective_end() -> None:
    assert connective_end("however, rui has 6 more cards than tao") == len("however, ")
    assert connective_end("in addition, rui has 6") == len("in addition, ")
    assert connective_end("still, rui has 6") == 0
    assert connective_end("rui has 6") == 0
