"""A whole and "the rest", and kinds of one whole compared (:mod:`practiceloop.arith.rests`).

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.rests import (
    of_the_whole,
    read_rests,
    rest_said_like_the_part,
    side_words,
    told_apart,
)
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


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
    # a whole a holder holds, contains or made; "<unit> of <thing>"; a part "of them"
    ("A crate holds 40 pieces of fruit. 17 are plums and the rest are figs. How many figs are in the crate?", 23),  # noqa: E501
    ("A jar contains 50 marbles. 20 of them are blue and the rest are green. How many green marbles are there?", 30),  # noqa: E501
    ("A cook made 75 pies. 34 were apple pies and the rest were cherry pies. How many cherry pies did the cook make?", 41),  # noqa: E501
    ("There are 60 guests at the wedding. 25 of the guests are men and the rest are women. How many women are there?", 35),  # noqa: E501
    # everyone of a whole doing one thing; the rest's noun left unsaid; another thing apart
    ("All 30 kids at a camp chose a snack. 21 chose apples and the rest chose pears. How many kids chose pears?", 9),  # noqa: E501
    ("A tray has 90 cakes. 50 have lemon icing and the rest have cherry. How many cakes have cherry icing?", 40),  # noqa: E501
    ("A school has 32 pupils. 18 are boys and the rest are girls. The gym has 6 ropes. How many girls are in the school?", 14),  # noqa: E501
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
    # "of" another whole, "of them" before any whole, a modal whole, a part too big
    "A jar contains 50 marbles. 20 of the beads are blue and the rest are green. How many marbles are green?",  # noqa: E501
    "25 of them are men and the rest are women. There are 60 guests at the wedding. How many women are there?",  # noqa: E501
    "A crate can hold 40 pieces of fruit. 17 are plums and the rest are figs. How many figs are there?",  # noqa: E501
    "All 30 kids at a camp can choose a snack. 21 chose apples and the rest chose pears. How many kids chose pears?",  # noqa: E501
    "A crate has 40 pieces of fruit. 57 are plums and the rest are figs. How many figs are there?",
    # another holder's part, the rest's unsaid noun asked of another noun or the told side
    "A jar contains 50 marbles. Tom has 20 of them and the rest are green. How many marbles are green?",  # noqa: E501
    "A tray has 90 cakes. 50 have lemon icing and the rest have cherry. How many have cherry sprinkles?",  # noqa: E501
    "A tray has 90 cakes. 50 have lemon icing and the rest have cherry. How many cookies have cherry icing?",  # noqa: E501
    # the thing told apart is the whole's own thing, or asked with the part
    "A school has 32 pupils. 18 are boys and the rest are girls. The school has 6 pupils. How many girls are there?",  # noqa: E501
    "A school has 32 pupils. 18 are boys and the rest are girls. The school has 6 more girls. How many girls are there?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_rests(text: str, value: int | None) -> None:
    frame = frame_of(text)
    read = read_rests(frame.source_text, frame.sentences, frame.mentions, frame.targets)
    if value is None:  # refused on purpose: another verb, or a noun the reader did not read
        assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
        return
    assert read is not None
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_rests_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_rest_said_like_the_part() -> None:
    """The rest's unsaid noun is the part's: same verb, one word for the part's modifier."""
    assert rest_said_like_the_part(["have", "lemon", "icing"], ["have", "cherry"]) == [
        "have", "cherry", "icing",
    ]  # fmt: skip
    # another verb, the same modifier, a verb in the modifier's place: kept as told
    assert rest_said_like_the_part(["have", "lemon", "icing"], ["want", "cherry"]) == [
        "want", "cherry",
    ]  # fmt: skip
    assert rest_said_like_the_part(["have", "lemon", "icing"], ["have", "lemon"]) == [
        "have", "lemon",
    ]  # fmt: skip
    assert rest_said_like_the_part(["are", "red"], ["are", "blue"]) == ["are", "blue"]


def test_of_the_whole() -> None:
    """ "N of them" and "N of the <whole's thing>" after one whole; any other "of" refused."""
    from practiceloop.arith.rests import _Amount, _Story

    story = _Story()
    assert of_the_whole(["of", "them", "are", "red"], story) is None  # no whole told before
    assert of_the_whole(["are", "red"], story) == 0
    story.wholes.append(("marble", frozenset({"jar"}), _Amount((0, 2), Fraction(50))))
    assert of_the_whole(["of", "them", "are", "red"], story) == 2
    assert of_the_whole(["of", "the", "marbles", "are", "red"], story) == 3
    assert of_the_whole(["of", "the", "beads", "are", "red"], story) is None


def test_told_apart() -> None:
    """Another thing's whole after the rest is apart; the same thing's, or before the rest, not."""
    from practiceloop.arith.rests import _Amount, _Story

    story = _Story()
    story.wholes.append(("pupil", frozenset({"school"}), _Amount((0, 2), Fraction(32))))
    assert not told_apart(story, "teacher")  # no rest told yet
    story.rest = (frozenset({"girl"}), None, None, True)
    assert told_apart(story, "teacher")
    assert not told_apart(story, "pupil")
