"""Rates told in general English (:mod:`practiceloop.arith.rate_readings`), authored texts.

Each reading closes where the text says the rate and its groups, and stays refused where its
wrong neighbour is told: groups of another verb, a rate of another thing or group.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith.rate_readings import participle_of_the_groups
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.set_aside import listed_rate_of_another_thing
from practiceloop.kernel.frame import Relation
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category, judge
from tests.arith._helpers import frame_of


def _verdict(text: str) -> tuple[Category, Fraction | None]:
    verdict = judge("t", practice(text), None)
    return verdict.category, verdict.value


def _refused(text: str) -> None:
    category, value = _verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


def _with(relation: Relation, **roles: str) -> Relation:
    return Relation(
        relation_id=relation.relation_id,
        relation_type=relation.relation_type,
        roles=tuple((name, roles.get(name, value)) for name, value in relation.roles),
        evidence_spans=relation.evidence_spans,
    )


def test_participle_of_the_groups() -> None:
    """ "each cake sold" is consumed by groups told "sold", never by groups "baked"."""
    text = "Ivy makes $3 off each cake sold. She sold 12 cakes. How much money did she make?"
    assert _verdict(text) == (Category.CLOSED_UNIQUE, 36)
    frame = frame_of(text)
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    target = target_view(frame.targets)
    assert target is not None
    sold = next(m for m in frame.mentions if m.kind == "cue" and m.span.text == "sold")
    cakes = next(q for q in quantity_views(frame.mentions) if q.value == 12)
    assert not participle_of_the_groups(frame, sold, relation, target)  # no groups bound yet
    bound = _with(relation, groups=cakes.mention_id)
    assert participle_of_the_groups(frame, sold, bound, target)
    _refused("Ivy makes $3 off each cake sold. She baked 12 cakes. How much money did she make?")
    _refused("Ivy makes $3 off each cake sold. Tom sold 12 cakes. How much money did Ivy make?")


LISTED = [
    ("There are 4 boxes. Each box has 6 red pens and 3 blue pens. How many red pens are in the boxes?", 24),  # noqa: E501
    ("There are 4 boxes. Each box has 6 red pens and 3 blue pens. How many blue pens are in the boxes?", 12),  # noqa: E501
    ("They pick 5 bags of apples and 3 bags of pears per day. How many bags of apples do they pick in 4 days?", 20),  # noqa: E501
]  # fmt: skip

NOT_LISTED = [
    # the whole of both kinds asked, or a rate of the asked thing with no kind
    "There are 4 boxes. Each box has 6 red pens and 3 pens. How many red pens are in the boxes?",
    # another unit of time asked: a conversion
    "They pick 5 bags of ripe apples and 3 bags of green apples per day. How many bags of green apples do they pick in 4 weeks?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), LISTED)
def test_listed_rate_of_another_thing_closes(text: str, value: int) -> None:
    assert _verdict(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_LISTED)
def test_listed_rate_of_another_thing_refuses(text: str) -> None:
    _refused(text)


def test_listed_rate_of_another_thing() -> None:
    """The blue pens per box are listed against the bound red ones; a plain count is not."""
    frame = frame_of("There are 4 boxes. Each box has 6 red pens and 3 blue pens. How many "
                     "red pens are in the boxes?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert listed_rate_of_another_thing(frame, views[3], [views[6]], target)
    assert not listed_rate_of_another_thing(frame, views[4], [views[6]], target)
    assert not listed_rate_of_another_thing(frame, views[3], [], target)


def test_a_process_going_on_is_no_move() -> None:
    """ "went to see the pears being picked" counts nothing: no move left unconsumed."""
    assert _verdict(
        "Ivy went to see the pears being picked. The farm picks 8 sacks of pears per day. "
        "How many sacks of pears does the farm pick in 6 days?"
    ) == (Category.CLOSED_UNIQUE, 48)
    _refused("Ivy saw 5 pears being picked. She picked 3 pears. How many pears did she pick?")
