"""A whole and "the rest", and kinds of one whole compared (:mod:`practiceloop.arith.rests`).

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.rests import read_rests, side_words
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category, judge

from ._helpers import frame_of


def covered(text: str) -> tuple[Category, object]:
    verdict = judge("t", practice(text), None)
    return verdict.category, verdict.value


def test_side_words() -> None:
    assert side_words("stayed at home") == {"stay", "home"}
    assert side_words("were bottles of diet soda") == {"bottle", "diet", "soda"}
    assert side_words("are there in that school") == {"school"}


READ = [
    # the rest of a whole told before or after, asked by the words of its own clause
    ("A town has 500 dogs. During the fair 320 dogs stay inside and the rest go outside. How many dogs go outside?", 180),  # noqa: E501
    ("During the fair 320 dogs from Oak town stay inside and the rest go outside. Oak town has 500 dogs in all. How many dogs stay outside?", None),  # noqa: E501
    ("During the fair 320 dogs from Oak town stayed inside and the rest went outside. The total number of dogs in Oak town is 500. How many dogs in Oak town went outside?", 180),  # noqa: E501
    # "of which", another thing told apart
    ("A shop had a total of 40 jars of which 15 were jars of red jam and the rest were jars of fig jam. They also had 9 pears. How many jars of fig jam did they have?", 25),  # noqa: E501
    # "others" over a whole of people asked, and compared without a whole
    ("Tom asked 50 kids to vote. 30 kids voted for cats while others voted for dogs. How many kids voted for dogs?", 20),  # noqa: E501
    ("Tom asked the kids to vote. 30 kids voted for cats while others voted for dogs. If 6 more kids voted for cats than those who voted for dogs, how many kids voted for dogs?", 24),  # noqa: E501
    # kinds named by the rest's clause, compared; two kinds compared with no rest
    ("In a club there are 20 boys and the rest are girls. If there are 5 more girls than boys, how many girls are there?", 25),  # noqa: E501
    ("In a club there are 40 more girls than boys. If there are 139 girls, how many boys are there?", 99),  # noqa: E501
    # the other N: the parts compared; kinds listed with their numbers
    ("During the fair 320 dogs stayed inside and the other 180 dogs went outside. How many more dogs stayed inside compared to those who went outside?", 140),  # noqa: E501
    ("If 20 kids chose tea, 30 kids chose milk and 10 kids chose juice, how many more kids chose milk than those that chose juice?", None),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # a whole of another thing, or of another place; two wholes; the rest of another whole
    "A farm has 40 cows. 12 hens are brown and the rest are white. How many hens are white?",
    "Oak town has 500 dogs. 320 dogs from Elm town stay inside and the rest go outside. How many dogs go outside?",  # noqa: E501
    "A farm has 40 cows. A barn has 30 cows. 12 cows are brown and the rest are white. How many cows are white?",  # noqa: E501
    "A class has 30 kids. 12 kids like tea and the rest of the girls like milk. How many kids like milk?",  # noqa: E501
    # a third kind told later, "some" more, a compound property
    "A class has 30 kids. 12 kids like tea while others like milk. 5 kids like juice. How many kids like milk?",  # noqa: E501
    "A class has 30 kids. 12 kids like tea while others like milk. Some kids like juice. How many kids like milk?",  # noqa: E501
    "A class has 30 kids. 12 kids like tea and the rest like milk and juice. How many kids like juice?",  # noqa: E501
    # a question of another thing, place, time or whole; a negation; the other way
    "A class has 30 kids. 12 kids like tea while others like milk. How many kids like juice?",
    "A store has 40 bottles. 15 bottles are red and the rest are blue. How many bottles are blue at the other store?",  # noqa: E501
    "A class has 30 kids. 12 kids like tea while others like milk. How many kids do not like tea?",
    "A class has 30 kids. 12 kids like tea while others like milk. How many more kids like tea than those who like milk?",  # noqa: E501
    "In a club there are 20 boys and the rest are girls. If there are 5 more girls than boys, how many members are there?",  # noqa: E501
    # the whole asked after a move; what the text tells asked
    "A store has 40 bottles. 15 bottles were sold and the rest were kept. How many bottles does the store have now?",  # noqa: E501
    "A class has 30 kids. 12 kids like tea and the rest like milk. How many kids like tea?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_rests(text: str, value: int | None) -> None:
    frame = frame_of(text)
    read = read_rests(frame.source_text, frame.sentences, frame.mentions, frame.targets)
    if value is None:  # refused on purpose: another verb, or a noun the reader did not read
        assert covered(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
        return
    assert read is not None
    assert covered(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_rests_refuses_its_wrong_neighbours(text: str) -> None:
    assert covered(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
