"""Stage 1: tokens, sentences and the question's sentence (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.tokens import (
    Reading,
    asked_by_imperative,
    find_question,
    read_tokens,
)

from ._stages import at, closes_to, reading


def _read(text: str) -> Reading:
    r = Reading(text)
    read_tokens(r)
    return r


def test_read_tokens() -> None:
    r = _read("Mr. Lee paid $ 3.50 for 2,125 stamps. Then he sold 3/4 of them? How many are left")
    assert [(t.kind, t.text) for t in r.toks[:8]] == [
        ("word", "Mr"),
        ("punct", "."),
        ("word", "Lee"),
        ("word", "paid"),
        ("money", "$ 3.50"),
        ("word", "for"),
        ("num", "2,125"),
        ("word", "stamps"),
    ]
    assert "3/4" in [t.text for t in r.toks if t.kind == "num"]
    sentences = [r.text[r.toks[lo].start : r.toks[hi].end] for lo, hi in r.sentence_bounds]
    # "Mr." ends no sentence; "?" before a capital does; so does a question opener after a word
    assert sentences == [
        "Mr. Lee paid $ 3.50 for 2,125 stamps.",
        "Then he sold 3/4 of them?",
        "How many are left",
    ]
    assert r.words[2] == "lee" and r.words[4] == ""  # a number is no word


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Ann has 4 pens. How many pens does Ann have", 1),  # "how" without a mark
        ("Ann has 4 pens. Find the pens Ann has.", 1),  # a question opener
        ("Ann has 4 pens. Does she have more? Ann has 5.", 1),  # the last "?"
        ("Ann has 4 pens. Bob has 5 pens.", -1),
        ("Ann has 4 pens. If she buys 2, how many pens will she have?", 2),  # a condition
        ("Ann has 4 pens. At the end, how many pens does she have?", 1),  # no condition
        # an imperative after a condition's comma opens the question
        ("Ann has 4 pens. If she buys 2, calculate the total number of pens.", 2),
        ("Ann has 4 pens. Determine the total number of pens.", 1),
        ("Ann has 4 pens. If she buys 2, she will find the total.", -1),  # a subject first
        ("", -1),
    ],
)
def test_find_question(text: str, question: int) -> None:
    r = _read(text)
    assert r.question == question
    texts = [t.text for t in r.toks]
    assert find_question(texts, r.words, r.sentence_bounds) == question


def test_question_after_clause() -> None:
    """A condition or an amount told before ", how many" is the story's, not the question's."""
    r = _read("Tom has 20 books. If he sold 7 of them, how many books would he have?")
    sentences = [r.text[r.toks[lo].start : r.toks[hi].end] for lo, hi in r.sentence_bounds]
    assert sentences[1:] == ["If he sold 7 of them,", "how many books would he have?"]
    r = _read("When it rains, how many cats stay in?")
    assert len(r.sentence_bounds) == 2 and r.question == 1
    r = _read("Ann has 3 cats, how many cats does she have?")  # a clause telling an amount
    assert len(r.sentence_bounds) == 2 and r.question == 1
    r = _read("Ann has 3 cats. At noon, how many cats does she have?")  # neither
    assert len(r.sentence_bounds) == 2 and r.question == 1


def test_spans_are_exact_source_slices() -> None:
    r = _read("Ana’s  3 cats\u2028ate 2.")
    for index, tok in enumerate(r.toks):
        span = r.span(index, index)
        assert r.text[span.start : span.end] == span.text == tok.text


def test_read_tokens_digits_glued_after_letters_are_a_word() -> None:
    """ "mp3", "A4", "R2D2" name things; digits first ("5kg", "4th") keep their number."""
    r = _read("Her mp3 player, a sheet of A4 and R2D2 weigh 5kg on the 4th day.")
    words = [t.text for t in r.toks if t.kind == "word"]
    assert {"mp3", "A4", "R2D2"} <= set(words)
    assert [t.text for t in r.toks if t.kind == "num"] == ["5", "4"]
    assert "mp3" in r.words  # a word, lower-cased, like any other


def test_condition_after_question() -> None:
    """An "if" clause after "how many/much" is a condition told like the story."""
    r = _read("Ivy and Bo buy pens for 2 dollars each. How much did they pay if Ivy bought 3 pens?")
    sentences = [r.text[r.toks[lo].start : r.toks[hi].end] for lo, hi in r.sentence_bounds]
    assert sentences[1:] == ["How much did they pay", "if Ivy bought 3 pens?"]
    assert r.question == 1
    # "if" ending the question, or a question with no "how many/much", stays one sentence
    assert len(_read("How many are left, if any?").sentence_bounds) == 1
    assert len(_read("What would he pay if he bought 3 pens?").sentence_bounds) == 1


def test_asked_by_imperative() -> None:
    r = reading("Ann found 4 shells and 3 stones. Find the total number of shells she found.")
    assert asked_by_imperative(r, at(r, "find"))
    assert not asked_by_imperative(r, at(r, "found"))
    # an imperative in the story is no question; a verb with its subject is a move
    r = reading("Find 3 shells on the beach. How many shells does Ann have?")
    assert not asked_by_imperative(r, at(r, "find"))
    r = reading("Ann finds 4 shells. How many shells does she find?")
    assert not asked_by_imperative(r, at(r, "finds"))
    closes_to("Ann found 4 shells and found 3 more shells. Find the total number of shells she "
              "found.", 7)  # fmt: skip
