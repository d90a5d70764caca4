"""Stage 5a of the reader: the numbers, in digits, money and words.

:func:`find_numbers` finds each number of the text with its value: digits and money
(:func:`digit_number`, a scale word after them included) and cardinals in words
(:func:`word_number`). A "one" that is a pronoun, a time or one of two parts told apart is no
amount. :mod:`.quantities` reads what each number counts.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from practiceloop.arith.numbers import (
    NUMBER_WORDS,
    is_one_of_two,
    is_time_opener,
    parse_digits,
    parse_words,
)
from practiceloop.arith.reader.periods import period_at
from practiceloop.arith.reader.tokens import Reading

__all__ = ["digit_number", "find_numbers", "word_number"]

_SCALE_WORDS: Final = ("hundred", "thousand", "million", "dozen")


def find_numbers(r: Reading) -> list[tuple[int, int, Fraction | None]]:
    """(first token, last token, value) of each number, in source order: digits and money
    (:func:`digit_number`) and numbers in words (:func:`word_number`). A value is None for a
    number written in digits that has no exact value in range."""
    found: list[tuple[int, int, Fraction | None]] = []
    toks = r.toks
    # a number starts only at digits, money, a number word or "a" ("a dozen"): the loop
    # visits those tokens, skipping the ones a number already read took
    starts = [
        index
        for index, tok in enumerate(toks)
        if tok.kind in ("num", "money") or tok.lower in NUMBER_WORDS or tok.lower in ("a", "an")
    ]
    resume = 0
    for index in starts:
        if index < resume:
            continue
        tok = toks[index]
        period = period_at(r, index)
        if period is not None:  # "in a week": 7 days (:mod:`.periods`)
            found.append((index, period[0], period[1]))
            resume = period[0] + 1
        elif tok.kind in ("num", "money"):
            last, value = digit_number(r, index)
            found.append((index, last, value))
            resume = last + 1
        elif tok.kind == "word" and (
            tok.lower in NUMBER_WORDS or (tok.lower == "a" and r.word(index + 1) == "dozen")
        ):
            last, worded = word_number(r, index)
            if worded is not None:
                found.append((index, last, worded))
            resume = last + 1
    return found


def digit_number(r: Reading, index: int) -> tuple[int, Fraction | None]:
    """A number in digits or money at ``index`` ("2,125", "3.50", "$ 4", "3/4"), times the
    scale word after it ("3 hundred", "2 dozen"): (its last token, its value)."""
    text = r.toks[index].text
    value = parse_digits(text)
    if value is not None and r.word(index + 1) in _SCALE_WORDS:
        scale = parse_words(("one", r.word(index + 1)))
        value = None if scale is None else scale * parse_digits(text)  # type: ignore[operator]
        return index + 1, value
    return index, value


def word_number(r: Reading, index: int) -> tuple[int, Fraction | None]:
    """A cardinal in words at ``index``, within its sentence: "twenty-five", "twenty five",
    "one hundred and five", "a dozen": (its last token, its value). "one of" and "one
    another" are no amount (value None)."""
    toks = r.toks
    said = [toks[index].lower]
    last = index
    probe = index + 1
    while probe < len(toks) and r.same_sentence(index, probe):
        step = probe + 1 if toks[probe].text == "-" else probe
        candidate = r.word(step)
        if candidate == "and" and said[-1] in ("hundred", "thousand"):
            candidate_words = (*said, "and", r.word(step + 1))
            if parse_words(candidate_words) is None:
                break
            said = list(candidate_words)
            last = probe = step + 2
            continue
        if not candidate or parse_words((*said, candidate)) is None:
            break
        said.append(candidate)
        last = step
        probe = step + 1
    value = parse_words(tuple(said))
    if value is not None and said == ["one"] and r.word(last + 1) in ("of", "another"):
        return last, None
    if value is not None and said == ["one"] and r.word(index - 1) == "each":
        return last, None  # "in each one": a pronoun for the group (:func:`each_one_group`)
    if said == ["one"] and is_time_opener(r.text, toks[index].start, toks[index].end):
        return last, None  # "In one day they sold 34": a time, not an amount
    if said == ["one"] and is_one_of_two(r.text, toks[index].start, toks[index].end):
        return last, None  # "One had 20 stickers and the other had 31": a pronoun
    return last, value
