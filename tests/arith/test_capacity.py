"""A modal of capacity read as a rate (:mod:`practiceloop.arith.capacity`), authored texts.

Each shape closes where the question asks the containers or the time, and stays refused where
the modal says no capacity, stands away from the rate, or the question asks anything else.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.capacity import (
    capacity_asked,
    capacity_of_a_whole,
    capacity_read,
    capacity_worked,
    price_can_buy,
    whole_of,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.kernel.frame import Relation
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, verdict_of


def _partition(text: str) -> tuple[str, Relation | None]:
    frame = frame_of(text)
    relation = next((r for r in frame.relations if r.relation_type == "partition"), None)
    return frame.source_text, relation


CLOSES = [
    # a sum, then shelves of a capacity ("would only hold")
    ("For a bake sale Omar made 18 plum tarts and 12 fig tarts. If his cart would only hold 6 on each shelf, how many shelves would he fill up?", 5),  # noqa: E501
    # a speed, then the time asked; the rate holds on every day the question asks
    ("A loom can make 4 scarves an hour. It made 12 scarves on Monday and 20 scarves on Tuesday. How many hours did the loom work on Tuesday?", 5),  # noqa: E501
    ("A press can print 6 posters per minute. It printed 30 posters in all. How many minutes was the press running?", 5),  # noqa: E501
    # a package size: "can be bought in packs of N"
    ("Green pens can be bought in packs of 5. If Rosa buys 35 green pens how many packs will she have?", 7),  # noqa: E501
    # a capacity after a change
    ("Each crate can hold 8 jars. Ben had 50 jars but broke 2 of them. He packed the rest into crates. How many crates did he fill?", 6),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSES)
def test_capacity_read_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


REFUSED = [
    # an inexact share: "fill up" would be a floor, "need" a ceiling; no rounding rule
    "For a bake sale Omar made 18 plum tarts and 13 fig tarts. If his cart would only hold 6 on each shelf, how many shelves would he fill up?",  # noqa: E501
    "If each boat can hold 6 people and 20 people are going, how many boats will they need?",
    # the question asks the total, not the containers or the time
    "A press can print 6 posters per minute. It printed 30 posters. How many posters did it print?",
    "Each boat can hold 6 people. How many people can 4 boats hold?",
    # a modal of no capacity, a negated one, a modal beside the rate
    "A press could buy 6 posters per minute. It printed 30 posters. How many minutes did it run?",
    "A press can't print 6 posters per minute. It printed 30 posters. How many minutes did it run?",
    # a capacity of another thing, or packs of another kind
    "A press can print 6 posters per minute. It printed 30 flyers. How many minutes did it run?",
    "Red pens can be bought in packs of 5. Rosa buys 35 blue pens. How many packs will she have?",
    # the modal the question does not depend on: the 36 is no count of people on the bus
    "Each bus can not have more than 36 people. There are 72 people. How many are on the bus?",
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_capacity_read_refuses(text: str) -> None:
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


def test_capacity_read_spans() -> None:
    """The span read is the modal alone, and only under a partition asking its groups."""
    text, relation = _partition(
        "Each crate can hold 8 jars. Ben has 40 jars. How many crates will he fill?"
    )
    frame = frame_of(text)
    read = capacity_read(frame, relation)
    assert [text[a:b] for a, b in read] == ["can"]
    assert capacity_read(frame, None) == ()
    text, relation = _partition(
        "Each crate can have 8 jars. Ben has 40 jars. How many crates will he fill?"
    )
    assert relation is None or capacity_read(frame_of(text), relation) == ()


WORKED = [
    # a speed over a time told worked, the rate's own verb asked in the past
    ("A loom can make 4 scarves a minute. It worked for 5 minutes. How many scarves did it make?", 20),  # noqa: E501
    ("Ivy worked for 3 hours. She can bake 6 pies an hour. How many pies did she bake?", 18),
    ("A loom can make 4 scarves a minute. It made scarves for 5 minutes. How many scarves did it make?", 20),  # noqa: E501
    # the time of another day is set aside: the rate holds on every day
    ("A loom can make 4 scarves a minute. It worked for 5 minutes on Monday and for 3 minutes on Tuesday. How many scarves did it make on Tuesday?", 12),  # noqa: E501
]  # fmt: skip

NOT_WORKED = [
    # a time held, rested, not yet worked or worked by someone else
    "A loom can make 4 scarves a minute. It has 5 minutes. How many scarves did it make?",
    "A loom can make 4 scarves a minute. It rested for 5 minutes. How many scarves did it make?",
    "A loom can make 4 scarves a minute. It will work for 5 minutes. How many scarves did it make?",
    "A loom can make 4 scarves a minute. It can work for 5 minutes. How many scarves did it make?",
    "Ivy can bake 6 pies an hour. Tom worked for 3 hours. How many pies did Ivy bake?",
    # a question of ability, of another verb, or of another unit of time
    "A loom can make 4 scarves a minute. It worked for 5 minutes. How many scarves can it make?",
    "A loom can make 4 scarves a minute. It worked for 5 minutes. How many scarves did it fold?",
    "A loom can make 4 scarves a minute. It worked for 5 hours. How many scarves did it make?",
    # no time told at all, or a capacity of a container
    "A loom can make 4 scarves a minute. How many scarves did it make?",
    "A loom can hold 4 scarves. It worked for 5 minutes. How many scarves did it make?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), WORKED)
def test_capacity_worked_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_WORKED)
def test_capacity_worked_refuses(text: str) -> None:
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


def test_capacity_worked_spans() -> None:
    """The modal is read under equal groups only with a time worked told in the past."""
    frame = frame_of("A loom can make 4 scarves a minute. It worked for 5 minutes. How many "
                     "scarves did it make?")  # fmt: skip
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    assert [frame.source_text[a:b] for a, b in capacity_worked(frame, relation)] == ["can"]
    frame = frame_of("A loom can make 4 scarves a minute. It has 5 minutes. How many scarves "
                     "did it make?")  # fmt: skip
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    assert capacity_worked(frame, relation) == ()


WHOLES = [
    # a capacity of a whole shared into its groups, the size asked as a capacity
    ("The wheel has 4 seats. If 20 people can ride the wheel at the same time, how many people can each seat hold?", 5),  # noqa: E501
    ("18 people can ride the wheel at the same time. Each seat can hold 9 people. How many seats does the wheel have?", 2),  # noqa: E501
    ("Each seat can hold 9 people. If 18 people could ride the wheel at once, how many seats does the wheel have?", 2),  # noqa: E501
]  # fmt: skip

NOT_WHOLES = [
    # no "at the same time": riders, perhaps one by one
    "The wheel has 4 seats. 20 people can ride the wheel. How many people can each seat hold?",
    # the capacity of another whole than the one the groups are of
    "The bus has 4 rows. If 20 people can ride the train at the same time, how many people can each row hold?",  # noqa: E501
    "Each seat can hold 9 people. If 18 people can ride the train at the same time, how many seats does the wheel have?",  # noqa: E501
    # a share that is not whole, or groups of another thing asked
    "The wheel has 4 seats. If 21 people can ride the wheel at the same time, how many people can each seat hold?",  # noqa: E501
    "The wheel has 4 seats. If 20 people can ride the wheel at the same time, how many people can each car hold?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), WHOLES)
def test_capacity_of_a_whole_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_WHOLES)
def test_capacity_of_a_whole_refuses(text: str) -> None:
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


def test_capacity_asked_and_whole_of() -> None:
    """The question's modal before "each seat hold"; the whole a capacity is of."""
    frame = frame_of("The wheel has 4 seats. If 20 people can ride the big wheel in the park "
                     "at the same time, how many people can each seat hold?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    asked = capacity_asked(frame, target)
    assert [frame.source_text[a:b] for a, b in asked] == ["can"]
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert whole_of(frame, views[20]) == "wheel"
    assert whole_of(frame, views[4]) is None
    assert capacity_of_a_whole(frame, views[4]) is None


PRICES = [
    ("6 packs of pens can be bought with 120 dollars. How much does each pack cost?", 20),
    ("With 120 dollars 6 packs of pens can be bought. How much does each pack cost?", 20),
    ("6 packs of pens can be bought for 120 dollars. How much does each pack cost?", 20),
]  # fmt: skip

NOT_PRICES = [
    "6 packs of pens can be sold for 120 dollars. How much does each pack cost?",
    "6 packs of pens can not be bought with 120 dollars. How much does each pack cost?",
    "With 120 dollars 6 packs of pens and a hat can be bought. How much does each pack cost?",
    "6 packs of pens can be bought with 120 dollars. How much does each pack of pencils cost?",
    "6 packs of pens can be bought with 121 dollars. How much does each pack cost?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), PRICES)
def test_price_can_buy_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_PRICES)
def test_price_can_buy_refuses(text: str) -> None:
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


def test_price_can_buy() -> None:
    """The span read runs from the modal through "bought", under the size asked only."""
    frame = frame_of("6 packs of pens can be bought with 120 dollars. How much does each pack "
                     "cost?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    relation = next(r for r in frame.relations if r.relation_type == "partition")
    read = price_can_buy(frame, relation, target)
    assert [frame.source_text[a:b] for a, b in read] == ["can be bought with"]
