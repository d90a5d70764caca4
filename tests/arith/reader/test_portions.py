"""The portion stage: a fraction written in words before "of" as a quantity, and the portion
relation (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.portions import propose_portion, read_portion_words
from tests.arith._helpers import frame_of

from ._stages import reading


def _quantities(text: str) -> list[tuple[str, str]]:
    frame = frame_of(text)
    return [
        (m.span.text, dict(m.attributes)["value"]) for m in frame.mentions if m.kind == "quantity"
    ]


ASK = " How many pens does Ivy have left?"


def test_read_portion_words() -> None:
    assert _quantities("Ivy had 12 pens. She lost half of them." + ASK) == [
        ("12", "12"),
        ("half", "1/2"),
    ]
    assert ("a third", "1/3") in _quantities("Ivy had 12 pens. She sold a third of them." + ASK)
    # the count read inside the phrase becomes the phrase
    assert _quantities("Ivy had 12 pens. She gave away two thirds of her pens." + ASK) == [
        ("12", "12"),
        ("two thirds", "2/3"),
    ]
    assert ("one-fourth", "1/4") in _quantities(
        "Ivy had 12 pens. She sold one-fourth of the pens." + ASK
    )
    # no portion read over the whole text: nothing changes
    assert _quantities("Ivy had 12 pens. Tom lost half of his 8 pens." + ASK) == [
        ("12", "12"),
        ("8", "8"),
    ]
    # no "of": "half an hour", "half as many" are no portion of an amount
    assert _quantities("Ivy read for half an hour. How many hours did Ivy read?") == []
    # no question read: nothing added
    r = reading("Ivy had 12 pens. She lost half of them.")
    read_portion_words(r, ())
    assert [m.span.text for m in r.mentions if m.kind == "quantity"] == ["12"]


def _portion(text: str) -> tuple[tuple[str, str | None], ...] | None:
    frame = frame_of(text)
    found = propose_portion(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )
    if not found:
        return None
    spans = {m.mention_id: m.span.text for m in frame.mentions}
    return tuple((name, spans.get(m) if m is not None else None) for name, m in found[0].roles)


def test_propose_portion() -> None:
    # the told whole is left for practice to fill; the fraction and the unknown are bound
    assert _portion("Ivy had 12 pens. She lost half of them." + ASK) == (
        ("factor", "half"),
        ("whole", None),
        ("rest", "How many pens"),
    )
    assert _portion("Ivy had 20 pens. She sold 25% of her pens. How many pens did Ivy sell?") == (
        ("factor", "25"),
        ("whole", None),
        ("part", "How many pens"),
    )
    # the whole asked back from what was left: the rest is left for practice
    assert _portion(
        "Ivy spent 1/4 of her money, and now she has $30 left. How much did she have at first?"
    ) == (("factor", "1/4"), ("rest", None), ("whole", "How much"))
    # a portion of another holder's amount, a pronoun with two people named, another
    # question: no portion
    assert _portion("Ivy had 12 pens. Tom lost half of his 8 pens." + ASK) is None
    assert _portion("Ivy had 12 pens. Tom had 8 pens. She lost half of them." + ASK) is None
    assert _portion("Ivy had 12 pens. She lost half of them. How many pens did Ivy have?") is None
