"""Stage 4: noun phrases and sides (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.nouns import (
    activity_side,
    equal_before_a_noun,
    head,
    hyphenated_measure,
    hyphenated_price,
    is_noun,
    listed_sides,
    measure_unit,
    money_ends_phrase,
    noun_phrase,
    noun_words,
    objects_at,
    participle_before_a_noun,
    phrase_ended,
    purpose_side,
    side_at,
    sides_end,
    time_side,
)

from ._stages import answer, at, attrs, closes_to, never_wrong, reading, target


def _phrase(text: str, word: str) -> dict[str, str]:
    r = reading(text, quantities=False)
    return noun_phrase(r, at(r, word))[1]


@pytest.mark.parametrize(
    ("text", "word", "phrase"),
    [
        ("26 salty cookies", "salty", {"entity": "cookie", "modifier": "salty"}),
        ("3 bags of rice", "bags", {"unit": "bag", "entity": "rice"}),
        ("5 dollars", "dollars", {"unit": "dollar", "entity": "money"}),
        ("40 cents", "cents", {"unit": "cent", "entity": "money"}),
        ("12 square feet", "square", {"unit": "square foot"}),
        ("4 hours", "hours", {"unit": "hour"}),
        ("7 t-shirts", "t", {"entity": "shirt"}),  # the head after the hyphen
        ("the gifts", "the", {}),
    ],
)
def test_noun_phrase(text: str, word: str, phrase: dict[str, str]) -> None:
    assert _phrase(text, word) == phrase


def test_noun_words() -> None:
    r = reading("10 different books, 3 red big shiny old balls and 2 ate", quantities=False)
    assert noun_words(r, at(r, "different")) == (at(r, ","), ["different", "books"])
    _, said = noun_words(r, at(r, "red"))
    assert said == ["red", "big", "shiny"]  # at most three words
    assert noun_words(r, at(r, "ate")) == (at(r, "ate"), [])  # a verb heads nothing
    assert attrs("There are 10 different books.", "10")["entity"] == "book"
    # a negated auxiliary is a verb: "8 of them weren't working" counts what "them" names
    assert attrs("Ana had 9 lamps but 3 of them weren't working.", "3")["entity"] == "lamp"
    # a person named before a verb (or before "and" another person) opens a clause
    r = reading("Ann had 9 apples. Tom picked apples Ann ate and apples Tom and Ann had.")
    assert noun_words(r, at(r, "apples", 1))[1] == ["apples"]
    assert noun_words(r, at(r, "apples", 2))[1] == ["apples"]


@pytest.mark.parametrize(
    ("word", "said", "ended"),
    [
        ("long", ["pages"], True),
        ("yesterday", ["cookies"], True),
        ("initially", ["cakes"], True),
        ("earlier", ["pens"], True),
        ("later", ["days"], True),
        ("scoring", ["games"], True),
        ("reading", ["hours"], False),  # time spent on an activity: one phrase
        ("cookies", ["salty"], False),
        ("didn't", ["guests"], True),  # a negated auxiliary: "8 of the guests didn't stay"
        ("weren't", ["cups"], True),
    ],
)
def test_phrase_ended(word: str, said: list[str], ended: bool) -> None:
    assert phrase_ended(word, said) is ended


def test_phrase_ended_at_a_negated_auxiliary() -> None:
    found = attrs("If 8 of the guests didn't stay for lunch, how many guests stayed?", "8")
    assert found["entity"] == "guest" and "modifier" not in found


def test_noun_phrase_ends_before_adverbs_and_times() -> None:
    assert attrs("If he had 8 cakes initially", "8")["entity"] == "cake"
    assert attrs("Helen baked 31 cookies yesterday.", "31")["entity"] == "cookie"
    assert attrs("The first chapter is 48 pages long.", "48")["entity"] == "page"
    assert "state" not in attrs("The first chapter is 48 pages long.", "48")
    # a relative word heads nothing: "66 caps where each box has 3 caps" counts caps
    assert attrs("Ivy buys 66 caps where each box has 3 caps.", "66")["entity"] == "cap"


def test_a_noun_phrase_ends_before_a_gerund() -> None:
    """ "13 games scoring the same" counts games; time spent on an activity stays one phrase."""
    found = attrs("Maya scored 84 points in 12 games scoring the same for each game.", "12")
    assert found["entity"] == "game" and "modifier" not in found
    text = "Maya scored a total of 84 points in 12 games scoring the same for each game. "
    text += "How many points did she score in each game?"
    closes_to(text, 7)
    spent = attrs("He spends 2 hours reading a book.", "2")
    assert spent.get("entity") == "reading" and spent.get("modifier") == "hour"


def test_unit_of_thing() -> None:
    found = attrs("Rita had to read 5 pages of history homework.", "5")
    assert (found["unit"], found["entity"], found["modifier"]) == ("page", "homework", "history")
    assert _phrase("2 jars of the red jam", "jars") == {
        "unit": "jar",
        "entity": "jam",
        "modifier": "red",
    }
    closes_to(
        "Rita had to read 5 pages of history homework and 8 pages of science homework. How "
        "many more pages of science homework than history homework did she have?",
        3,
    )


@pytest.mark.parametrize(
    ("key", "unit"),
    [("square foot", True), ("hour", True), ("pound", True), ("gallon", True), ("bag", False)],
)
def test_measure_unit(key: str, unit: bool) -> None:
    # a container ("bag") is a unit only before "of" and a thing (unit_of_thing)
    assert measure_unit(key) is unit


@pytest.mark.parametrize(
    ("text", "word", "side"),
    [
        ("9 kids on monday", "on", "monday"),
        ("9 kids in the morning", "in", "morning"),
        ("9 kids the previous day", "the", "previous day"),
        ("9 kids that day", "that", "that day"),
        ("9 kids in the first week", "in", "first week"),  # an ordinal anchors a period
        ("9 kids on the second day", "on", "second day"),
        ("9 kids in the first round", "in", "first round"),  # an ordinal anchors an event
        ("9 kids in the round", "in", None),  # an event alone is no time
        ("9 kids in the first box", "in", None),  # no period or event after the ordinal
        ("9 kids yesterday", "yesterday", "yesterday"),
        ("9 kids in the day", "in", None),  # a whole day is a unit, not a time
        ("9 kids on the bus", "on", None),
    ],
)
def test_time_side(text: str, word: str, side: str | None) -> None:
    r = reading(text, quantities=False)
    found = time_side(r, at(r, word))
    assert (found[0] if found else None) == side
    assert side_at(r, at(r, word)) == found


def test_purpose_side() -> None:
    r = reading("20 blocks to build a house and 4 kids to the park", quantities=False)
    assert purpose_side(r, at(r, "to")) == ("to build house", at(r, "and"))
    assert purpose_side(r, at(r, "to", 1)) is None  # "to the park": no verb, no purpose
    assert "side" not in attrs("Ann brought 4 balloons to the park.", "4")


def test_activity_side() -> None:
    r = reading("Kim spends 3 hours on painting the fence and 2 hours on cups.", quantities=False)
    assert activity_side(r, at(r, "on")) == ("on painting fence", at(r, "and"))
    assert activity_side(r, at(r, "on", 1)) is None  # "on cups": a thing, no activity
    r = reading("Kim jogs on monday and on evening walks and on learning.", quantities=False)
    assert activity_side(r, at(r, "on")) is None  # a time
    assert activity_side(r, at(r, "on", 1)) is None  # "evening" is a period, no gerund
    assert activity_side(r, at(r, "on", 2)) is None  # no noun the gerund acts on
    text = "Kim spends 3 hours on painting the fence and 2 hours on washing the car."
    assert attrs(text, "3")["side"] == "on painting fence"
    assert attrs(text, "2")["side"] == "on washing car"


def test_listed_sides() -> None:
    r = reading("to build the tower and the house", quantities=False)
    assert listed_sides(r, "to build tower", at(r, "and")) == ["to build house"]
    r = reading("on learning english, chinese and spanish today", quantities=False)
    assert listed_sides(r, "on learning english", at(r, ",")) == [
        "on learning chinese",
        "on learning spanish",
    ]
    r = reading("on painting walls and washing cars", quantities=False)
    assert listed_sides(r, "on painting wall", at(r, "and")) == ["on washing car"]
    r = reading("on learning english and 4 hours", quantities=False)
    assert listed_sides(r, "on learning english", at(r, "and")) == []  # the next amount
    assert listed_sides(r, "monday", at(r, "and")) == []  # a time lists nothing here


def test_sides_end() -> None:
    r = reading("4 hours on learning english and chinese everyday", quantities=False)
    assert sides_end(r, at(r, "on")) == at(r, "everyday")
    r = reading("4 hours on learning english and reads books everyday", quantities=False)
    assert sides_end(r, at(r, "on")) == at(r, "and")  # no list: the side alone
    assert sides_end(r, at(r, "hours")) is None


def test_side_at() -> None:
    r = reading("She read 9 pages on monday and 20 blocks to build a house.", quantities=False)
    assert side_at(r, at(r, "on")) == ("monday", at(r, "and"))
    assert side_at(r, at(r, "to")) is not None
    assert side_at(r, at(r, "read")) is None  # no side opens with a verb


def test_time_sides_are_read() -> None:
    text = "Omar read 14 pages on monday and 9 pages on tuesday. How many more pages did he "
    text += "read on monday than on tuesday?"
    assert attrs(text, "14")["side"] == "monday"
    assert attrs(text, "9")["side"] == "tuesday"
    asked = target(text)
    assert (asked.side, asked.than_side) == ("monday", "tuesday")
    closes_to(text, 5)
    assert attrs("Kim baked 6 pies the previous day.", "6")["side"] == "previous day"
    assert attrs("Kim baked 6 pies in the morning.", "6")["side"] == "morning"
    assert "side" not in attrs("Kim baked 6 pies in the day.", "6")


def test_objects_at() -> None:
    r = reading("He spent $ 5 on the battery and the radio. She paid $ 4 to buy books.")
    assert objects_at(r, at(r, "on")) == ["battery", "radio"]
    assert objects_at(r, at(r, "to")) == ["book"]
    assert objects_at(r, at(r, "spent")) == []
    assert attrs("Ben spent $ 50 on a battery.", "$ 50")["object"] == "battery"


def test_is_noun() -> None:
    r = reading("the 5 red apples ate him twice", quantities=False)
    assert [is_noun(r, i) for i in range(len(r.toks))] == [
        False,  # a stop word
        False,  # a number
        True,
        True,
        False,  # a verb
        False,  # a pronoun
        False,  # a multiplier word
    ]


def test_head() -> None:
    r = reading("each candy bar has 4 nuts", quantities=False)
    assert head(r, at(r, "candy")) == "bar"
    assert head(r, at(r, "4")) == ""  # no word, no phrase: no key


def test_time_side_ordinal_lists_amounts_under_one_verb() -> None:
    # "in the first week" is a time, so the next amount is listed under the same verb
    text = "Omar weighed 90 kilograms. He lost 3 kilograms in the first week and 2 kilograms "
    text += "in the second week. How much does he weigh now?"
    assert attrs(text, "2")["verb"] == "lost"
    closes_to(text, 85)


@pytest.mark.parametrize(
    ("said", "ended"),
    [(["dollars"], True), (["cents"], True), (["bucks"], True), (["dollar"], False),
     (["dog"], False), (["money"], False)],
)  # fmt: skip
def test_money_ends_phrase(said: list[str], ended: bool) -> None:
    assert money_ends_phrase(said) is ended


def test_money_ends_phrase_in_a_text() -> None:
    assert attrs("Kim made 12 dollars dog walking.", "12")["unit"] == "dollar"
    assert attrs("Kim bought 3 dollar stickers.", "3")["per"] == "sticker"  # a price per one


def test_container_head() -> None:
    """ "for each bag of cans" is per bag; "for each piece of candy" per candy."""
    assert attrs("She earned 5 points for each bag of cans she recycled.", "5")["per"] == "bag"
    assert attrs("He paid 2 dollars for each piece of candy.", "2")["per"] == "candy"
    assert attrs("He paid 2 dollars for each lamp.", "2")["per"] == "lamp"


def test_equal_before_a_noun() -> None:
    """ "into 7 equal piles": the piles asked "each pile" are the piles counted; "equal" names
    no kind of them."""
    found = attrs("Zoltan puts 98 marbles into 7 equal piles. How many are in each pile?", "7")
    assert found["entity"] == "pile" and "modifier" not in found
    r = reading("Ana cut 9 equal pieces and 3 equal.", quantities=False)
    assert equal_before_a_noun(r, at(r, "equal"))
    assert not equal_before_a_noun(r, at(r, "equal", 1))  # no noun after it
    closes_to("Zoltan puts 98 marbles into 7 equal piles. How many marbles are in each pile?", 14)
    closes_to("There are 72 chairs arranged in 8 equal rows. How many chairs are in each row?", 9)
    closes_to("Nadia divided 42 crayons into 7 identical boxes. How many crayons went in each box?", 6)  # noqa: E501
    # the piles' count is told, not asked; what he has is no share
    never_wrong("Zoltan puts 98 marbles into 7 equal piles. He loses 3 marbles. How many marbles are in each pile?", 14)  # noqa: E501
    assert answer("Omar puts 48 cards into 6 equal stacks. How many cards are in 2 stacks?")[1] is None  # noqa: E501


def test_hyphenated_price() -> None:
    """ "25-cent stamps": a number, a hyphen and a money word read as "25 cent"; no other
    hyphen after a number, and no text ending in a number or a hyphen."""
    r = reading("He bought 25-cent stamps, a 2-year-old dog and 12 - 3 pens.", quantities=False)
    assert hyphenated_price(r, at(r, "-"))
    assert not hyphenated_price(r, at(r, "-", 1))  # "2-year-old": an age
    assert not hyphenated_price(r, at(r, "-", 3))  # "12 - 3": no money word
    for text in ("12", "He has 12", "12 -", "How many 25-"):
        r = reading(text, quantities=False)
        assert not hyphenated_price(r, len(r.toks))
        assert not hyphenated_price(r, len(r.toks) - 1)
    assert attrs("Tim sold 6 5-dollar tickets.", "5")["per"] == "ticket"


def test_hyphenated_measure() -> None:
    """ "a 180-page book": 180 pages; "a 420-mile trip": 420 miles; an age and a price are
    no such measure."""
    assert _phrase("Hamid read a 180-page book.", "-") == {"entity": "page"}
    assert _phrase("A 420-mile trip took 7 hours.", "-") == {"unit": "mile"}
    r = reading("Sam has a 2-year-old dog. He bought 25-cent stamps.", quantities=False)
    assert hyphenated_measure(r, at(r, "-")) is None  # "2-year-old": an age
    assert hyphenated_measure(r, at(r, "-", 2)) is None  # "25-cent stamps": a price
    assert attrs("He bought 4 25-cent stamps.", "25")["per"] == "stamp"
    closes_to(
        "Hamid read a 180-page book in 6 days, reading the same number of pages each day. "
        "How many pages did he read each day?",
        30,
    )
    closes_to(
        "A 420-mile trip takes 7 hours of driving at the same speed. How many miles are driven "
        "each hour?",
        60,
    )
    closes_to("A 60-foot ribbon is cut into 6 equal pieces. How long is each piece?", 10)
    assert answer("Hamid read a 180-page book in 6 days. How many books did he read?")[1] is None


def test_participle_before_a_noun() -> None:
    """ "5 big frosted cakes": the participle modifies the plural noun after it."""
    found = attrs("A cafe had 5 big frosted cakes in the window.", "5")
    assert (found["entity"], found["modifier"]) == ("cake", "big frosted")
    r = reading("A cafe had 5 big frosted cakes in the window.", quantities=False)
    assert participle_before_a_noun(r, at(r, "frosted"), ["big"])
    # after a plural or a person noun, the -ed word is the verb; before a singular, no noun
    assert not participle_before_a_noun(r, at(r, "frosted"), ["ducks"])
    kids = reading("The 4 boys painted eggs.", quantities=False)
    assert not participle_before_a_noun(kids, at(kids, "painted"), ["boy"])
    crew = reading("The 9 crew cleaned decks.", quantities=False)
    assert not participle_before_a_noun(crew, at(crew, "cleaned"), ["crew"])
    one = reading("A cafe had 5 big frosted cake.", quantities=False)
    assert not participle_before_a_noun(one, at(one, "frosted"), ["big"])
    closes_to(
        "A cafe had 5 big frosted cakes in stock when they got another delivery with 7 cakes "
        "in it. They set the cakes on trays with 3 on each tray. How many trays did they use?",
        4,
    )


def test_equal_before_a_noun_after_a_count() -> None:
    """ "into 9 equal piles": "equal" after a number, before a plural noun, is no kind."""
    r = reading("Ana sorted 36 cards into 9 equal piles and 4 equal-sized rows.", quantities=False)
    assert equal_before_a_noun(r, at(r, "equal"))
    assert not equal_before_a_noun(r, at(r, "equal", 1))  # "equal-sized": a kind told
    r = reading("The 2 sides are equal. She made an equal pile.", quantities=False)
    assert not equal_before_a_noun(r, at(r, "equal"))  # no noun after it
    assert attrs("Tom sorted his cards into 9 equal piles.", "9")["entity"] == "pile"
    assert "modifier" not in attrs("Tom sorted his cards into 9 equal piles.", "9")
    closes_to("Tom had 36 cards. He sorted them into 9 equal piles. How many cards are in each pile?", 4)  # noqa: E501
    closes_to("Li has 35 pens. She puts them in 5 equal rows. How many pens are in each row?", 7)
