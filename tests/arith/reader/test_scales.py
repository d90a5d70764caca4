"""The scale stage: a multiplier word before "as many" as a factor, and the scale relation
(authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.scales import propose_scale, read_factor_words
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused

from ._stages import answer, closes_to, never_wrong, reading

IVY = "Ivy has 6 cups. "
ASK_NOA = " How many cups does Noa have?"


def _quantities(text: str) -> list[tuple[str, str]]:
    frame = frame_of(text)
    return [
        (m.span.text, dict(m.attributes)["value"]) for m in frame.mentions if m.kind == "quantity"
    ]


def test_read_factor_words() -> None:
    assert _quantities(IVY + "Noa has twice as many cups as Ivy." + ASK_NOA) == [
        ("6", "6"),
        ("twice", "2"),
    ]
    half = "Ivy baked 6 loaves. Noa baked half as many loaves as Ivy. How many loaves did Noa bake?"
    assert ("half", "1/2") in _quantities(half)
    # no scale read over the whole text: nothing added, the frame stays as it was
    assert _quantities(IVY + "Noa has twice as many plates as Ivy." + ASK_NOA) == [("6", "6")]
    # no "as many" / "as much": no factor read here
    text = "Noa ate half of the 6 cups and 2 plates. How many cups did Noa eat?"
    assert _quantities(text) == [("6", "6"), ("2", "2")]
    assert _quantities("Noa swims twice a week. How many times does Noa swim?") == []
    assert _quantities("Noa ran twice as long as Ivy. How long did Noa run?") == []
    # no question read: no scale, nothing added
    r = reading(IVY + "Noa has twice as many cups as Ivy.")
    read_factor_words(r, ())
    assert [m.span.text for m in r.mentions if m.kind == "quantity"] == ["6"]


def _scale(text: str) -> dict[str, str] | None:
    frame = frame_of(text)
    found = propose_scale(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )
    return dict(found[0].roles) if found else None


def test_propose_scale() -> None:
    assert (_scale(IVY + "Noa has twice as many cups as Ivy." + ASK_NOA) or {})["scaled"] == "u0"
    together = IVY + "Noa has 3 times as many cups as Ivy. How many cups do they have together?"
    assert (_scale(together) or {})["whole"] == "u0"
    inverse = "Noa has 12 cups, three times as many as Ivy. How many cups does Ivy have?"
    assert (_scale(inverse) or {})["base"] == "u0"
    # another thing, "times more", another holder asked, another tense, a pronoun: nothing
    plates = IVY + "Noa has twice as many plates as Ivy. How many plates does Noa have?"
    assert _scale(plates) is None
    assert _scale(IVY + "Noa has 3 times more cups than Ivy." + ASK_NOA) is None
    assert _scale(IVY + "Noa has twice as many cups as Ivy. How many cups does Max have?") is None
    assert _scale("Ivy had 6 cups. Noa has twice as many cups as Ivy." + ASK_NOA) is None
    assert _scale(IVY + "She has twice as many cups as Noa." + ASK_NOA) is None


def test_propose_scale_closes_each_way() -> None:
    closes_to(IVY + "Noa has twice as many cups as Ivy." + ASK_NOA, 12)
    closes_to(
        "Ivy has 6 cups and Noa has 3 times as many cups as Ivy. "
        "How many cups do they have together?",
        24,
    )
    closes_to(
        IVY + "Noa has half as many cups as Ivy. How many more cups does Ivy have than Noa?", 3
    )
    closes_to(
        "Noa picked four times as many plums as Ivy. "
        "If Noa picked 20 plums, how many plums did they pick altogether?",
        25,
    )
    closes_to("Noa has 12 cups, three times as many as Ivy. How many cups does Ivy have?", 4)
    # two scales: a chain, and a relative clause telling of the holder just named
    closes_to(
        "Ivy has twice as many cups as Noa. Noa has 3 times as many cups as Ada. "
        "If Ada has 4 cups, how many cups do Ivy and Noa have combined?",
        36,
    )
    closes_to(
        "Ivy runs 3 times as many laps as Noa, who runs twice as many laps as Ada. "
        "If Ivy runs 18 laps, how many laps does Ada run?",
        3,
    )
    # half of 7 cups is no count of cups: refused, never 3.5
    category, _ = answer("Ivy has 7 cups. Noa has half as many cups as Ivy." + ASK_NOA)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE)
    never_wrong(IVY + "Noa has twice as many cups as Ivy does." + ASK_NOA, 12)




def test_read_factor_words_reads_part_and_multiple_words() -> None:
    third = "Ivy has 9 cups. Noa has a third as many cups as Ivy." + ASK_NOA
    assert ("a third", "1/3") in _quantities(third)
    # the "one" of "one-fourth" read as a count becomes the part phrase
    fourth = "Ivy has 8 cups. Noa has one-fourth as many cups as Ivy." + ASK_NOA
    assert _quantities(fourth) == [("8", "8"), ("one-fourth", "1/4")]
    assert ("triple", "3") in _quantities(IVY + "Noa has triple as many cups as Ivy." + ASK_NOA)
    number = IVY + "Noa has double the number of cups that Ivy has." + ASK_NOA
    assert ("double", "2") in _quantities(number)
    # "a third of", no scale read: the frame stays as it was ("one" a count)
    assert ("one", "1") in _quantities("Ivy has one-third of 9 cups. How many cups does Ivy have?")
    assert _quantities(IVY + "Noa has a third as many plates as Ivy." + ASK_NOA) == [("6", "6")]


def test_propose_scale_reads_an_offset_a_whole_and_other_holders() -> None:
    offset = IVY + "Noa has 3 more than twice as many cups as Ivy." + ASK_NOA
    assert (_scale(offset) or {}).keys() == {"factor", "offset", "base", "scaled"}
    whole = "Ivy and Noa have 30 cups together. Noa has twice as many cups as Ivy." + ASK_NOA
    assert (_scale(whole) or {}).keys() == {"factor", "whole", "scaled"}
    # "3 times more", a second holder's base, a pronoun: nothing
    assert _scale(IVY + "Noa has 2 more than 3 times more cups than Ivy." + ASK_NOA) is None
    assert _scale("Ivy and Max have 30 cups together. Noa has twice as many cups as Ivy." + ASK_NOA) is None  # noqa: E501
    assert _scale(IVY + "She has 3 more than twice as many cups as Noa." + ASK_NOA) is None


def test_propose_scale_closes_the_extended_readings() -> None:
    closes_to(IVY + "Noa has 3 more than twice as many cups as Ivy." + ASK_NOA, 15)
    closes_to(IVY + "Noa has 2 fewer than triple as many cups as Ivy." + ASK_NOA, 16)
    closes_to("Ivy has 9 cups. Noa has a third as many cups as Ivy." + ASK_NOA, 3)
    closes_to(
        "Noa has one-fourth as many cups as Ivy. Ivy has twice as many cups as Ada. "
        "If Ada has 10 cups, how many cups does Noa have?",
        5,
    )
    # a whole told first, solved backwards
    closes_to("Ivy and Noa have 30 cups together. Noa has twice as many cups as Ivy." + ASK_NOA, 20)
    closes_to(
        "Noa has 4 more than twice as many cups as Ivy. "
        "If they have 31 cups in total, how many cups does Ivy have?",
        9,
    )
    # a possessed holder, a base left unsaid after "and", a verb of holding of one class
    closes_to("Ivy has 5 cups and her dad has twice as many cups. How many cups does her dad have?", 10)  # noqa: E501
    closes_to("Ivy owns 4 times as many cups as Noa. If Ivy has 20 cups, how many cups does Noa own?", 5)  # noqa: E501
    closes_to("Ivy has triple the number of cups that Noa has. If Noa has 4 cups, how many cups does Ivy have?", 12)  # noqa: E501


def test_propose_scale_refuses_what_the_extended_readings_do_not_read() -> None:
    # the whole of two holders is no integer share; a sum of another time; an amount below 0
    refused("Ivy and Noa have 31 cups together. Noa has twice as many cups as Ivy." + ASK_NOA)
    refused("Ivy and Noa had 30 cups together. Noa has twice as many cups as Ivy." + ASK_NOA)
    refused(IVY + "Noa has 13 fewer than twice as many cups as Ivy." + ASK_NOA)
    # a possessed holder beside two named ones; two verbs of moving, of one class
    refused("Ivy has twice as many cups as her aunt. Max has 4 cups. How many cups does her aunt have?")  # noqa: E501
    refused("Ivy found twice as many cups as Noa. If Noa bought 6 cups, how many cups did Ivy find?")  # noqa: E501
    refused("Ivy keeps twice as many cups as Noa. If Noa has 6 cups, how many cups does Ivy keep?")
    # the unsaid base after a time phrase or another verb
    refused("Ivy picked 12 figs on Monday and Noa picked twice as many. How many figs did Noa pick?")  # noqa: E501
    refused("Ivy picked 12 figs and Noa ate twice as many. How many figs did Noa eat?")


def test_propose_scale_reads_a_step_of_one_beside_a_scale() -> None:
    closes_to(
        "Ivy has 3 times as many cups as Noa. Noa has 4 more cups than Ada. "
        "If Ada has 2 cups, how many cups does Ivy have?",
        18,
    )
    # a step of one beside another thing, another time, or no scale by a factor: not read so
    more = "Noa has 4 more cups than Ada. If Ada has 2 cups, how many cups does Noa have?"
    assert _scale(more) is None
    refused(
        "Ivy has 3 times as many cups as Noa. Noa has 4 more cups than Ada has plates. "
        "If Ada has 2 plates, how many cups does Ivy have?"
    )
    refused(
        "Ivy has 3 times as many cups as Noa. Noa had 4 more cups than Ada. "
        "If Ada has 2 cups, how many cups does Ivy have?"
    )


def test_propose_scale_asks_dollars_of_amounts_told_in_dollars() -> None:
    closes_to(
        "Ivy earned three times as much money as Noa. Noa earned $5 less than Ada. "
        "Ada earned $9. How many dollars did Ivy earn?",
        12,
    )
    refused(
        "Ivy earned three times as many cups as Noa. Noa earned $5 less than Ada. "
        "Ada earned $9. How many dollars did Ivy earn?"
    )


def test_read_factor_words_reads_a_base_told_by_a_clause() -> None:
    """ "half of what Ivy picked", "twice the number of cups Ivy has", "thrice what Ivy
    does": the factor is read when the whole text reads as a scale, never otherwise."""
    text = "Ivy picked 6 figs. Noa picked half of what Ivy picked. How many figs did Noa pick?"
    assert ("half", "1/2") in _quantities(text)
    text = IVY + "Noa has twice the number of cups Ivy has." + ASK_NOA
    assert ("twice", "2") in _quantities(text)
    text = "Ivy earns $6. Noa earns thrice what Ivy does. How much does Noa earn?"
    assert ("thrice", "3") in _quantities(text)
    # another verb after the base, or "the" before anything but a thing the text counts
    text = "Ivy picked 6 figs. Noa picked half of what Ivy bought. How many figs did Noa pick?"
    assert _quantities(text) == [("6", "6")]
    assert _quantities("Noa ran twice the speed of Ivy. How fast did Noa run?") == []
