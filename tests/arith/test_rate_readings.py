"""Rates told in general English (:mod:`practiceloop.arith.rate_readings`), authored texts.

Each reading closes where the text says the rate and its groups, and stays refused where its
wrong neighbour is told: groups of another verb, a rate of another thing or group.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.rate_readings import (
    asks_how_long_it_lasts,
    each_of_the_groups_alike,
    kind_fits,
    lasting_unread,
    one_group_contexts,
    one_group_mismatch,
    one_group_read,
    participle_of_the_groups,
    sold,
    told_of_the_group,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.set_aside import listed_beside
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, relation_with, verdict_of


def test_participle_of_the_groups() -> None:
    """ "each cake sold" is consumed by groups told "sold", never by groups "baked"."""
    text = "Ivy makes $3 off each cake sold. She sold 12 cakes. How much money did she make?"
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 36)
    frame = frame_of(text)
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    target = target_view(frame.targets)
    assert target is not None
    sold = next(m for m in frame.mentions if m.kind == "cue" and m.span.text == "sold")
    cakes = next(q for q in quantity_views(frame.mentions) if q.value == 12)
    assert not participle_of_the_groups(frame, sold, relation, target)  # no groups bound yet
    bound = relation_with(relation, groups=cakes.mention_id)
    assert participle_of_the_groups(frame, sold, bound, target)
    refused("Ivy makes $3 off each cake sold. She baked 12 cakes. How much money did she make?")
    refused("Ivy makes $3 off each cake sold. Tom sold 12 cakes. How much money did Ivy make?")


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
def test_listed_beside_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_LISTED)
def test_listed_beside_refuses(text: str) -> None:
    refused(text)


def test_listed_beside() -> None:
    """The blue pens per box are listed against the bound red ones; a plain count is not."""
    frame = frame_of("There are 4 boxes. Each box has 6 red pens and 3 blue pens. How many "
                     "red pens are in the boxes?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert listed_beside(frame, views[3], [views[6]], target)
    assert not listed_beside(frame, views[4], [views[6]], target)
    assert not listed_beside(frame, views[3], [], target)


def test_a_process_going_on_is_no_move() -> None:
    """ "went to see the pears being picked" counts nothing: no move left unconsumed."""
    assert verdict_of(
        "Ivy went to see the pears being picked. The farm picks 8 sacks of pears per day. "
        "How many sacks of pears does the farm pick in 6 days?"
    ) == (Category.CLOSED_UNIQUE, 48)
    refused("Ivy saw 5 pears being picked. She picked 3 pears. How many pears did she pick?")


ONE_GROUP = [
    ("There are 20 houses in a block. Leo gives 3 cards to each house. How many cards does he give to each block?", 60),  # noqa: E501
    ("Leo gives 3 cards to each house. He gives 60 cards to each block. How many houses are in a block?", 20),  # noqa: E501
    ("There are 6 houses on a block. Leo gives 24 cards to each block. How many cards does he give each house?", 4),  # noqa: E501
    ("Ann reads 30 pages a day. Each chapter has 10 pages. How many chapters does she read each day?", 3),  # noqa: E501
    ("A farm packs 8 sacks a day. Each sack holds 30 apples. How many apples does it pack each day?", 240),  # noqa: E501
]  # fmt: skip

NOT_ONE_GROUP = [
    # the question asks of no group, of two, or of another group than the amounts
    "Leo gives 3 cards to each house. He gives 60 cards to each block. How many houses are there?",
    "Leo gives 3 cards to each house. He gives 60 cards to each block. How many houses are in 2 blocks?",  # noqa: E501
    "Leo gives 3 cards to each house. He gives 60 cards to each street. How many houses are in a block?",  # noqa: E501
    "There are 6 houses on a block. Leo gives 24 cards to each block. How many cards does he give?",
    "Ann reads 30 pages a day. Each chapter has 10 pages. How many chapters does she read?",
    "Ann reads 30 pages a day. Each chapter has 10 pages. How many chapters does she read in a week?",  # noqa: E501
    "A farm packs 8 sacks a day. Each sack holds 30 apples. How many apples does it pack in 5 days?",  # noqa: E501
    # another thing, another worker, a share that is not whole
    "Leo gives 3 cards to each house. He gives 60 stamps to each block. How many houses are in a block?",  # noqa: E501
    "Ann reads 30 pages a day. Tom reads 10 pages per chapter. How many chapters does Ann read a day?",  # noqa: E501
    "Each block gets 25 letters. Each house gets 4 letters. How many houses are in a block?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), ONE_GROUP)
def test_one_group_read_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_ONE_GROUP)
def test_one_group_mismatch_refuses(text: str) -> None:
    refused(text)


def test_one_group_contexts() -> None:
    """The groups a total or a count may be told of: the asked group, or, with the size asked,
    any other group an amount is per."""
    frame = frame_of("There are 6 houses on a block. Leo gives 24 cards to each block. How many "
                     "cards does he give each house?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    assert one_group_contexts(frame, target, "house") == {"block"}
    frame = frame_of("Leo gives 3 cards to each house. How many cards does he give each block?")
    target = target_view(frame.targets)
    assert target is not None
    assert one_group_contexts(frame, target, "house") == {"block"}
    assert one_group_contexts(frame, target, "block") == {"house"}  # the size asked


def test_told_of_the_group() -> None:
    """The houses of a block bound as the groups of a block's cards are no rate of their own."""
    frame = frame_of("There are 20 houses in a block. Leo gives 3 cards to each house. How many "
                     "cards does he give to each block?")  # fmt: skip
    target = target_view(frame.targets)
    assert target is not None
    relation = next(r for r in frame.relations if r.relation_type == "equal_groups")
    houses = next(q for q in quantity_views(frame.mentions) if q.value == 20)
    bound = relation_with(relation, groups=houses.mention_id)
    assert told_of_the_group(frame, bound, target, "groups")
    assert not told_of_the_group(frame, bound, target, "per_group")
    assert [frame.source_text[a:b] for a, b in one_group_read(frame, bound)] == ["20"]
    assert not one_group_mismatch(frame, bound, target)


LASTS = [
    ("Ivy bought 360 soda cans. She drank 9 soda cans a day. How many days would the soda cans last?", 40),  # noqa: E501
    ("A farm has 300 bales of hay. The cows eat 12 bales of hay a day. How many days will the hay last?", 25),  # noqa: E501
    ("Ivy bought 360 soda cans and 244 lime cans. She drank 122 lime cans and 9 soda cans a day. How many days would the lime cans last?", 2),  # noqa: E501
]  # fmt: skip

NOT_LASTS = [
    # a rate of another kind, of another time, more bought, a stock that is not whole days
    "Ivy bought 360 soda cans. She drank 9 lime cans a day. How many days would the soda cans last?",  # noqa: E501
    "Ivy bought 360 soda cans. She drank 9 soda cans a week. How many days would the soda cans last?",  # noqa: E501
    "Ivy bought 360 soda cans. She bought 9 soda cans a day. How many days would the soda cans last?",  # noqa: E501
    "Ivy bought 365 soda cans. She drank 9 soda cans a day. How many days would the soda cans last?",  # noqa: E501
    # both kinds asked, or a kind-less rate beside two kinds
    "Ivy bought 360 soda cans and 162 lime cans. She drank 122 lime cans and 9 soda cans a day. How many days would the cans last?",  # noqa: E501
    "Ivy bought 360 soda cans and 162 lime cans. She drank 9 cans a day. How many days would the soda cans last?",  # noqa: E501
    # a rate that names no kind, the asked subject a kind (merged with main: the subject's
    # kind must be spelled on the rate, _told_sides.of_the_subject_kind)
    "Ivy bought 360 soda cans. She drank 9 cans a day. How many days would the soda cans last?",
    # another drinker, a drinking of some days already
    "Ivy bought 360 soda cans. Tom drank 9 soda cans a day. How many days would the soda cans last?",  # noqa: E501
    "Ivy bought 360 soda cans. She drank 9 soda cans a day for 10 days. How many days would the soda cans last?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), LASTS)
def test_asks_how_long_it_lasts_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", NOT_LASTS)
def test_lasting_unread_refuses(text: str) -> None:
    refused(text)


def test_lasting_unread() -> None:
    """A gain per day is no using up; a loss per day of the asked kind is."""
    for verb, unread in (("bought", True), ("drank", False)):
        frame = frame_of(f"Ivy bought 360 soda cans. She {verb} 9 soda cans a day. How many "
                         "days would the soda cans last?")  # fmt: skip
        target = target_view(frame.targets)
        assert target is not None and asks_how_long_it_lasts(frame, target)
        relation = next(r for r in frame.relations if r.relation_type == "partition")
        assert lasting_unread(frame, relation, target) is unread


def test_kind_fits() -> None:
    assert kind_fits(None, "soda") and kind_fits("soda", None)
    assert kind_fits("diet soda", "soda") and not kind_fits("lime", "soda")


def test_sold() -> None:
    frame = frame_of("Ivy sold 12 cakes and bought 3 pies.")
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert sold(views[12]) and not sold(views[3])


def test_each_of_the_groups_alike() -> None:
    """ "7 shelves with each having the same number of books" says the shelves are equal."""
    words = "tom has 7 shelves with each having the same number of books".split()
    assert each_of_the_groups_alike(words, {"shelf"}, {"book"})
    assert not each_of_the_groups_alike(words, {"box"}, {"book"})  # another group
    assert not each_of_the_groups_alike(words, {"shelf"}, {"pen"})  # another thing
    different = "tom has 7 shelves with each having a different number of books".split()
    assert not each_of_the_groups_alike(different, {"shelf"}, {"book"})
    assert verdict_of("Tom has 7 shelves, each having the same number of books. He has 28 books "
                    "in all. How many books are on each shelf?") == (Category.CLOSED_UNIQUE, 4)
