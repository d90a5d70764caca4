"""Ages now, at a shifted time, compared and summed (:mod:`practiceloop.arith.age_sides`).

Authored texts only (general English, never a corpus sentence): the reading closes its own
shapes right, with other names, numbers, orders, tenses and question forms, and refuses its
wrong neighbours (another person, a pronoun of two people, "years" that are no age, a date, an
event, the told side asked, a modal, a negation, a multiplier, months, a distractor, a tense
that is not the time's, an age below zero or not whole).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.age_sides import asked_clause, read_age_sides, told_clause
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def ages(text: str) -> bool:
    frame = frame_of(text)
    return read_age_sides(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    # one person, a span ahead or back, told or asked
    ("Tom is 12 years old. How old will he be in 5 years?", 17),
    ("Tom is 12 years old. How old will he be 5 years from now?", 17),
    ("Tom is 12 years old. How old was he 3 years ago?", 9),
    ("Tom is twelve. How old was Tom 3 years ago?", 9),
    ("Ann is 30 years old today. How old will Ann be in 5 years?", 35),
    ("Ann is 30 years old currently. How old will Ann be after 5 years?", 35),
    ("Ella was 8 years old 4 years ago. How old is she now?", 12),
    ("Ella was 8 years old 4 years ago. How old will she be in 6 years?", 18),
    ("In 4 years, Tom will be 15 years old. How old is Tom now?", 11),
    ("Tom will be 13 years old next year. How old is Tom now?", 12),
    ("Tom was 11 years old last year. How old will Tom be in 4 years?", 16),
    ("Tom was 11 years old a year ago. How old is Tom?", 12),
    # two people compared: the difference holds at every time
    ("Ravi is 6 years older than Mia, who is 10. How old is Ravi?", 16),
    ("Ravi is 6 years older than Mia, who is 10. How old will Ravi be in 3 years?", 19),
    ("Ravi is 6 years older than his sister, who is 10. How old is Ravi?", 16),
    ("Ravi is older than Mia by 6 years. Mia is 10 years old. How old is Ravi?", 16),
    ("Nina is 5 years younger than Omar. Omar is 20 years old. How old is Nina?", 15),
    ("Omar is 20 years old. Nina is 5 years younger than Omar. How old will Nina be next year?", 16),  # noqa: E501
    ("Omar is 20 years old. Nina is 5 years younger than Omar. How old was Nina last year?", 14),
    ("Sara is 30 years old. Her son is 24 years younger than her. How old is her son?", 6),
    ("Tom is 12 years old. His sister is 3 years older than him. How old will his sister be in 2 years?", 17),  # noqa: E501
    ("Gus is 40 years old. Gus's daughter is 28 years younger than Gus. How old is Gus's daughter?", 12),  # noqa: E501
    ("In 3 years, Ann will be 20. Bo is 2 years older than Ann. How old will Bo be in 3 years?", 22),  # noqa: E501
    ("Ann was 30 years old 5 years ago and Bo is 2 years older than Ann. How old is Bo now?", 37),
    ("Ann was 30 years old 5 years ago and Bo is 2 years older than Ann. How old was Bo 5 years ago?", 32),  # noqa: E501
    ("Ann is 4 years older than Bo, who is 12. What will be Ann's age in 3 years?", 19),
    ("Ann is 4 years older than Bo, who is 12. What was Ann's age 2 years ago?", 14),
    ("Ravi is 4 years older than Mia is now. In 5 years, Ravi will be 40 years old. Calculate the age of Mia currently.", 31),  # noqa: E501
    # sums of two ages
    ("Pia is 3 years older than Lev. The sum of their ages is 21. How old is Lev?", 9),
    ("Pia is 3 years older than Lev. If the sum of their ages is 21, how old is Pia?", 12),
    ("Pia is 9 years old and Lev is 7 years old. What is the sum of their ages?", 16),
    ("Pia is 9 years old and Lev is 7 years old. What will be the sum of their ages in 2 years?", 20),  # noqa: E501
    ("Pia is 9 years old and Lev is 7 years old. How many years older is Pia than Lev?", 2),
    ("The sum of Ann's and Bo's ages is 50. Ann is 20 years old. How old will Bo be in 10 years?", 40),  # noqa: E501
    ("The sum of Ravi and Mia's ages now is 30. Ravi is 4 years older than Mia. How old is Mia?", 13),  # noqa: E501
    ("The sum of the current ages of Ravi and Mia is 30. In 5 years, Ravi will be 22 years old. How old is Mia now?", 13),  # noqa: E501
    ("Together Ravi's and Mia's ages equal 30 years. Ravi is 4 years older than Mia. How many years old is Ravi?", 17),  # noqa: E501
    ("Ravi is 4 years older than Mia. The current total of their ages right now is 30. What is Mia's age?", 13),  # noqa: E501
    ("Ravi is 4 years older than Mia. Together their ages are 30. How old was Mia 2 years ago?", 11),  # noqa: E501
    ("Ann is 12 years older than her son. In 5 years, the sum of their ages will be 40. How old is Ann now?", 21),  # noqa: E501
    ("Allen is 20 years younger than his father. In 3 years, the sum of their ages will be 50. What is the present age of Allen's father?", 32),  # noqa: E501
    ("Ann and Bo have a combined age of 30. Bo is 4 years younger than Ann. How old is Bo?", 13),
    # openings that tell no number, other told and asked forms
    ("Ann and Bo are sisters. Ann is 4 years older than Bo, who is 12. How old is Ann?", 16),
    ("Ann just turned 12. How old will Ann be in 3 years?", 15),
    ("Ann turned 12 years old today. How old was Ann 3 years ago?", 9),
    ("Ann's age is 12 years. How old will Ann be in 3 years?", 15),
    ("Ann is 12 years old. How old is Ann going to be in 3 years?", 15),
    ("Ann is 12 years old. What age will Ann be in 3 years?", 15),
    ("Ann is 12 years old and Bo is 9 years old. How much older is Ann than Bo?", 3),
    ("Ann is 12 years old and Bo is 9 years old. How many years younger is Bo than Ann?", 3),
]  # fmt: skip

REFUSED = [
    # another person asked, a pronoun of two people, a person never told
    "Tom is 12 years old. Ann is 9 years old. How old will he be in 5 years?",
    "Tom is 12 years old. How old will Ann be in 5 years?",
    "Tom is 12 years old. His sister is 3 years older. How old will she be in 2 years?",
    "Tom is 12 years old. His brother is 3 years older than him. How old will he be in 2 years?",
    "Allen is 20 years younger than his father. In 3 years, the sum of their ages will be 50. What is the present age of his mother?",  # noqa: E501
    "Ann is 4 years older than Bo. Bo's dog is 12 years old. How old is Ann?",
    "Ann is 4 years older than the dog. The dog is 12 years old. How old is Ann?",
    # years that are no age, a date, an event, months, a vague span
    "Tom is 12 years old. He has worked for 5 years. How old will he be?",
    "Tom is 12 years old. How old will he be in 2030?",
    "Tom was 12 years old in 2010. How old is he now?",
    "Tom was 12 when his sister was born. How old is his sister?",
    "The baby is 8 months old. How old will the baby be in 2 months?",
    "Ann is 4 years older than Bo. Bo is 12 years old. How old will Ann be in 3 months?",
    "Ann is 4 years older than Bo. Bo is 12 years old. How old will Ann be in a few years?",
    "Ann is 4 years older than Bo. Bo is 12 years old. Ann spent 3 years abroad. How old is Ann?",
    "Ann is 30 years old. 5 years ago, Ann had 3 cats. How old is Ann now?",
    # the told side or the younger asked, a difference the wrong way
    "Tom is 12 years old. How old is he now?",
    "Ravi is 6 years older than Mia, who is 10. How old is Mia?",
    "Ravi is older than Mia by 6 years. Mia is 10 years old. How old is Mia?",
    "Ravi is 6 years older than Mia, who is 10. How many years older is Mia than Ravi?",
    "Ann is 4 years younger than Bo. Bo is 12 years old. How many years older is Ann than Bo?",
    "Tom is 12 years old. Sam is 2 years older than Tom. How many years older is Sam than Tom?",
    # a tense that is not the time's, no time where one is needed
    "Tom is 12 years old. How old was he?",
    "Tom is 12 years old. How old will he be?",
    "Tom was 12 years old. How old is he now?",
    "Tom is 12 years old. How old is he in 5 years?",
    "Allen is 20 years younger than his father. The sum of their ages was 50. How old is Allen?",
    "Ravi is 4 years older than Mia. Together their ages are 30. How old is Mia in 2 years?",
    "Ravi is 4 years older than Mia is now. In 5 years, Ravi will be 40 years old. Calculate the age of Mia in 5 years.",  # noqa: E501
    # a modal, a negation, a multiplier, a comparison at another time
    "If Tom were 12 years old, how old would he be in 5 years?",
    "Ann is 4 years older than Bo. Bo is 12 years old. How old would Ann be in 3 years?",
    "Ravi is not 6 years older than Mia, who is 10. How old is Ravi?",
    "Ravi may be 6 years older than Mia, who is 10. How old is Ravi?",
    "Ravi is twice older than Mia, who is 10. How old is Ravi?",
    "Tom is 12 years old. In 4 years he will be twice Ann's age. How old is Ann?",
    "Tom is 12 years old. In 3 years, Sam will be 2 years older than Tom. How old is Sam?",
    "Ann is 4 years older than Bo. Bo is 12 years old. How old will Bo be when Ann is 20?",
    # a distractor, a third person in a sum, not a sum of ages
    "Tom is 12 years old and has 7 cats. How old will he be in 5 years?",
    "Ann is 4 years older than Bo. Bo is 12 years old and has 3 dogs. How old is Ann?",
    "Pia, Lev and Ann are friends. Pia is 3 years older than Lev. The sum of their ages is 21. How old is Lev?",  # noqa: E501
    "Pia is 3 years older than Lev. Ann is 4. The sum of their ages is 21. How old is Lev?",
    "Ravi is 4 years older than Mia. The sum of their heights is 30. How old is Mia?",
    "Allen is 20 years younger than his father. In 3 years, the sum of their ages will be 50 dollars. How old is Allen?",  # noqa: E501
    "The sum of Ravi's and Ravi's ages is 30. How old is Ravi?",
    "Ravi is 6 years taller than Mia, who is 10. How old is Ravi?",
    # below zero, not whole
    "Tom is 5 years old. How old was he 8 years ago?",
    "Ann is 4 years younger than Bo. Bo is 3 years old. How old is Ann?",
    "Pia is 3 years older than Lev. The sum of their ages is 20. How old is Lev?",
    # no age at all asked "how old"
    "Tom had 12 apples. He ate 5 apples. How old is Tom?",
    "A tree is 12 feet tall. It grew 5 feet. How old is the tree?",
    "Tom is 12. Ann is 5 more than Tom. How old is Ann?",
    # "twins" tell an age, an event, a date, the other side asked
    "Ann and Bo are twins. Ann is 12 years old. How old is Bo?",
    "Ann and Bo are sisters. Ann is 12 years old. How old is Bo?",
    "Ann turned 12 when Bo was born. How old is Bo?",
    "Ann turned 12 in 2010. How old is Ann now?",
    "Ann is 12 years old. How old is Ann going to be?",
    "Ann is 12 years old and Bo is 9 years old. How many years younger is Ann than Bo?",
    "Ann is 12 years old and Bo is 9 years old. How much taller is Ann than Bo?",
    "Ann is 12 years old and Bo is 9 years old. How much older will Ann be than Bo in 5 years?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_age_sides(text: str, value: int) -> None:
    assert ages(text)
    category, closed = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and closed is not None
    assert float(closed) == value


@pytest.mark.parametrize("text", REFUSED)
def test_read_age_sides_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_told_and_asked_clauses() -> None:
    """What each closed pattern tells and asks."""
    assert told_clause("Tom is 12 years old")[0] == "age"  # type: ignore[index]
    assert told_clause("Tom is 3 years older than Ann")[0] == "compare"  # type: ignore[index]
    assert told_clause("Together their ages are 30")[0] == "sum"  # type: ignore[index]
    assert told_clause("Tom is 12 years old and has 7 cats") is None
    assert told_clause("Tom was 12 when Ann was born") is None
    assert asked_clause("How old will Tom be in 5 years?")[0] == "age"  # type: ignore[index]
    assert asked_clause("What is the sum of their ages?")[0] == "sum"  # type: ignore[index]
    assert asked_clause("How many years older is Tom than Ann?")[0] == "more"  # type: ignore[index]
    assert asked_clause("How old would Tom be?") is None
