"""The sides reading (:mod:`practiceloop.arith.sides`): its solver, its phrases and its organ.

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.organs.compare import held_sides
from practiceloop.arith.reading import quantity_views
from practiceloop.arith.sides import (
    Fact,
    bound_as_read,
    is_money,
    number_value,
    plain_phrase,
    propose_sides,
    read_sides,
    reading,
    sides_value,
    solve_facts,
    verbal,
)
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, relation, verdict_of, with_roles

F = Fraction


def closed_organs(text: str) -> set[str]:
    return {e.assessment.candidate_organ for e in practice(text).episodes if e.closed_frames}


def told(a: str, value: int, at: int) -> Fact:
    return Fact(((a, 1),), "told", (at, at + 1), F(value))


def diff(a: str, b: str, value: int, at: int) -> Fact:
    return Fact(((a, 1), (b, -1)), "difference", (at, at + 1), F(value))


def values(*facts: Fact) -> dict[int, Fraction]:
    return {i: f.value for i, f in enumerate(facts) if f.value is not None}


def test_solve_facts() -> None:
    facts = (told("ann", 12, 0), diff("ben", "ann", 3, 2), diff("cal", "ben", 5, 4))
    assert solve_facts(facts, values(*facts), (("cal", 1),), counts=True) == 20
    assert solve_facts(facts, values(*facts), (("cal", 1), ("ann", -1)), counts=True) == 8
    # a side below nothing, or not whole, is no world the text tells
    low = (told("ann", 2, 0), diff("ben", "ann", -3, 2))
    assert solve_facts(low, values(*low), (("ben", 1),), counts=True) is None
    half = (Fact((("ann", 1), ("ben", 1)), "whole", (0, 1), F(5)), diff("ann", "ben", 2, 2))
    assert solve_facts(half, values(*half), (("ann", 1),), counts=True) is None
    assert solve_facts(half, values(*half), (("ann", 1),), counts=False) == F(7, 2)


def test_solve_facts_fixes_a_difference_the_sides_leave_free() -> None:
    facts = (diff("jake", "steven", -9, 0), diff("jake", "jill", 18, 2))
    assert solve_facts(facts, values(*facts), (("steven", 1), ("jill", -1)), counts=True) == 27
    # one side alone is not fixed; nor is a sum
    assert solve_facts(facts, values(*facts), (("jill", 1),), counts=True) is None
    assert solve_facts(facts, values(*facts), (("steven", 1), ("jill", 1)), counts=True) is None
    # two facts that contradict each other
    both = (*facts, diff("steven", "jill", 5, 4))
    assert solve_facts(both, values(*both), (("steven", 1), ("jake", -1)), counts=True) is None


def test_verbal() -> None:
    assert verbal("stayed") and verbal("were") and verbal("go")
    assert not verbal("county")


def test_plain_phrase() -> None:
    assert plain_phrase("in gym class today")
    assert plain_phrase("during summer break")
    assert not plain_phrase("at school where she lost some pens")
    assert not plain_phrase("in the morning after he sold")
    assert not plain_phrase("at the park when it was raining")


def test_number_value_and_is_money() -> None:
    assert number_value("twenty") == 20 and number_value("1,250") == 1250
    assert number_value("$10") == 10 and is_money("$10") and not is_money("10")


def test_read_sides() -> None:
    frame = frame_of(
        "Ana has 12 pens. Ben has 3 more pens than Ana. Cal has 2 more pens than Ben. "
        "How many pens does Cal have?"
    )
    read = read_sides(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )
    assert read is not None
    names = [name for name, _ in read.roles]
    assert names == ["told_1", "difference_2", "difference_3", "compared"]
    # every number is one fact's: a number no clause reads refuses the reading
    other = frame_of(
        "Ana has 12 pens and 4 erasers. Ben has 3 more pens than Ana. How many pens does Ben have?"
    )
    assert reading(other) is None


def test_propose_sides() -> None:
    frame = frame_of("Tom has 9 cups. Ivy has 4 more cups than Tom. How many cups does Ivy have?")
    proposed = relation(frame, "sides")
    assert proposed.roles[0] == ("told_1", None)  # left for practice to fill
    assert verdict_of(frame.source_text) == (Category.CLOSED_UNIQUE, 13)
    assert (
        propose_sides(
            "Tom has 9 cups. How many cups does Tom have?",
            frame.sentences,
            frame.mentions,
            frame.targets,
            frame.observations,
        )
        == ()
    )


def test_bound_as_read_and_sides_value() -> None:
    frame = frame_of("Tom has 9 cups. Ivy has 4 more cups than Tom. How many cups does Ivy have?")
    read = reading(frame)
    assert read is not None
    sides = relation(frame, "sides")
    assert not bound_as_read(frame, sides)  # the told amount is still to fill
    filled = with_roles(frame, "sides", told_1=read.roles[0][1])
    assert bound_as_read(filled, relation(filled, "sides"))
    assert sides_value(filled, relation(filled, "sides")) == 13
    swapped = with_roles(filled, "sides", told_1=read.roles[1][1], difference_2=read.roles[0][1])
    assert sides_value(swapped, relation(swapped, "sides")) is None


def test_held_sides() -> None:
    frame = frame_of(
        "Ben gave 2 pens to Cal. Cal has 5 more pens than Ben. How many pens does Cal have?"
    )
    views = quantity_views(frame.mentions)
    every = tuple(v.mention_id for v in views)
    found = {"compared": every, "referent": every}
    given = next(v.mention_id for v in views if v.value == 2)
    assert given not in held_sides(found, views)["referent"]
    assert verdict_of(frame.source_text)[0] is not Category.CLOSED_UNIQUE


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ana has 12 pens. Ben has 3 more pens than Ana and 5 fewer pens than Cal. How many pens does Cal have?", 20),  # noqa: E501
        ("A class has 30 kids. 12 kids like tea and the rest like milk. How many kids like milk?", 18),  # noqa: E501
        ("Ed had 19 more marbles than Doug. Ed found some marbles. Now Ed has 28 more marbles than Doug. How many marbles did Ed find?", 9),  # noqa: E501
    ],
)  # fmt: skip
def test_the_sides_organ_closes_what_the_whole_text_reads(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)
    assert "sides" in closed_organs(text)


KEPT = [
    ("Jake has 6 fewer peaches than Steven and 3 more peaches than Jill. Steven has 14 peaches. How many peaches does Jill have?", True),  # noqa: E501
    ("A town has 900 kids. During summer 600 kids go to camp and the rest stay home. How many kids stay home?", True),  # noqa: E501
    ("Ivy has 12 pens. Bo has 4 pens. How many pens do they have?", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "read"), KEPT)
def test_the_kept_reading_is_the_reading_computed_afresh(text: str, read: bool) -> None:
    """The sides module's three memos (``verbal``, ``_past``, ``_kept_reading``) are pure
    functions of immutable arguments: every answer equals the uncached function's."""
    from practiceloop.arith import sides

    frame = frame_of(text)
    args = (frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations)
    kept = sides._kept_reading(*args)
    assert (kept is not None) is read
    assert kept == sides._kept_reading.__wrapped__(*args)
    assert sides._kept_reading(*args) is kept  # the same frame asks again: the kept answer
    for word in (*frame.source_text.lower().replace("?", " ").replace(".", " ").split(), "were"):
        assert sides.verbal(word) == sides.verbal.__wrapped__(word)
        assert sides._past(word) == sides._past.__wrapped__(word)
