"""The complement reading: a told subset of a told whole, the rest asked (authored texts)."""

from __future__ import annotations

import hashlib

import pytest

from practiceloop.arith.complements import (
    Predicate,
    complementary,
    read_complement,
    read_predicate,
    them_over_a_list,
    told_subset,
)
from practiceloop.arith.complements import _tokens as tokens
from practiceloop.arith.lexicon import COMPLEMENT_PAIRS, COMPLEMENT_PAIRS_VERSION
from practiceloop.arith.reading import quantity_views, target_view
from tests.arith._helpers import frame_of


def _predicate(text: str, *, subject: bool = False) -> Predicate | None:
    return read_predicate(tokens(text, 0, len(text)), subject=subject)


def test_read_predicate() -> None:
    ripe = _predicate("were ripe")
    assert ripe is not None and (ripe.head, ripe.negated, ripe.copular) == ("ripe", False, True)
    unripe = _predicate("were not ripe")
    assert unripe is not None and unripe.negated and unripe.negations == ((5, 8),)
    folded = _predicate("did she not fold?", subject=True)
    assert folded is not None and (folded.head, folded.negated) == ("fold", True)
    tipped = _predicate("didn't leave him a tip")
    assert tipped is not None and tipped.negated and tipped.tail == ("tip",)
    assert tipped.negations == ((0, 6),)  # the whole word "didn't"
    held = _predicate("did they have?", subject=True)
    assert held is not None and (held.head, held.subject) == ("have", ("they",))
    later = _predicate("does he still have to sort", subject=True)
    assert later is not None and (later.head, later.negated) == ("sort", True)
    assert _predicate("were") is None and _predicate(", how many") is None


def test_complementary() -> None:
    def p(head: str, negated: bool = False, copular: bool = True, tail: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
        return Predicate(head, negated, copular, tail, ())

    assert complementary(p("ripe"), p("ripe", negated=True))
    assert complementary(p("washed", copular=False), p("wash", negated=True, copular=False))
    assert complementary(p("ripe"), p("unripe"))
    assert complementary(p("good"), p("bad")) and complementary(p("used"), p("new"))
    assert not complementary(p("good", copular=False), p("bad"))  # a pair is said with "be"
    assert not complementary(p("ripe"), p("ripe"))  # the same property
    assert not complementary(p("ripe", negated=True), p("unripe"))
    assert not complementary(p("big"), p("small"))  # not in the table: a middle is possible
    assert not complementary(p("washed", tail=("car",)), p("wash", negated=True, tail=("bike",)))
    assert complementary(p("washed", tail=("by", "time")), p("wash", negated=True))
    assert complementary(p("washed", tail=("by", "friday")), p("wash", negated=True))
    # "before the others" orders the subset, it does not date it
    assert not complementary(p("washed", tail=("before", "others")), p("wash", negated=True))
    # the table's version names its content: a changed pair without a new version fails here
    told = " ".join(sorted("/".join(sorted(pair)) for pair in COMPLEMENT_PAIRS))
    assert (COMPLEMENT_PAIRS_VERSION, hashlib.sha256(told.encode()).hexdigest()) == (
        "complement_pairs.v2",
        "7250bd82281ac34b27ac07f612a8de3f7decffcd7c669f01d3b77218cedf899c",
    )
    assert all(len(pair) == 2 for pair in COMPLEMENT_PAIRS)


CASES = [
    ("Ivy picked 12 red pears and 9 green pears. If only 15 of the pears were ripe, how many were not ripe?", 2, "15"),  # noqa: E501
    ("A farm had 40 cows and 25 sheep. If 10 of the sheep were sheared, how many sheep were not sheared?", 1, "10"),  # noqa: E501
    ("Lia picked 13 lilies and 7 lilies. If she only used 15 of the lilies, how many extra lilies did Lia pick?", 2, "15"),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "parts", "subset"), CASES)
def test_read_complement(text: str, parts: int, subset: str) -> None:
    frame = frame_of(text)
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    assert read is not None and len(read.parts) == parts
    mention = frame.mention(read.subset)
    assert mention is not None and mention.span.text == subset


@pytest.mark.parametrize(
    "text",
    [
        # the whole's other amount is a loss: what the subset is of is not what was told
        "A cafe had 30 guests at noon and 12 guests left later. If 20 of the guests didn't leave a tip, how many guests did leave a tip?",  # noqa: E501
        # a loss of the thing before the subset: the whole is not what was told
        "Ivy picked 12 pears and lost 3 pears. If 5 of the pears were ripe, how many were not ripe?",  # noqa: E501
        # "sold 4 of them" is a move, no property
        "Ivy picked 12 pears. If she sold 4 of them, how many did she not sell?",
        # "extra" over a subset that was not used
        "Lia picked 13 lilies and 7 lilies. If 15 of the lilies were pink, how many extra lilies did Lia pick?",  # noqa: E501
        # one of two owners asked of a subset of both
        "Ana and her dad were picking beans. Ana picked 20 and her dad picked 13. If only 18 of the beans were good, how many bad beans did Ana have?",  # noqa: E501
        # another's act: the subset is Tom's washing, the question asks someone else's
        "Ivy had 12 pears. If Tom washed 5 of the pears, how many pears did she not wash?",
        "Ivy had 12 pears. If she washed 5 of the pears, how many pears did Tom not wash?",
        # a part's own kind says the property: the text tells the asked amount itself
        "Sam bought 13 new books and 17 old books. If 15 of the books were used, how many new books did he buy?",  # noqa: E501
        "Ivy picked 12 ripe pears and 9 green pears. If 15 of the pears were ripe, how many were not ripe?",  # noqa: E501
        # a subset of a thing the text counts nowhere
        "Ivy picked 12 pears. If 5 of the plums were ripe, how many were not ripe?",
    ],
)
def test_read_complement_refuses(text: str) -> None:
    frame = frame_of(text)
    assert read_complement(frame.source_text, frame.mentions, frame.targets) is None


def _told(text: str) -> str | None:
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    by_id = {m.mention_id: m for m in frame.mentions}
    found = told_subset(frame.source_text, quantity_views(frame.mentions), by_id, target)
    if found is None:
        return None
    mention = frame.mention(found[0].mention_id)
    assert mention is not None
    return mention.span.text


def test_told_subset() -> None:
    """A subset told without "of": the amount of the asked thing after the whole, its
    property right after its noun."""
    sleeping = "A pen had 30 geese and 42 ducks. If 15 ducks were sleeping How many ducks were not sleeping?"  # noqa: E501
    assert _told(sleeping) == "15"
    frame = frame_of(sleeping)
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    assert read is not None and [frame.mention(p).span.text for p in read.parts] == ["42"]  # type: ignore[union-attr]
    # a move is no property; two told amounts of the thing are no one subset
    assert _told("A pen had 42 ducks. If 15 ducks were added How many ducks were not added?") is None  # noqa: E501
    two = "A pen had 42 ducks. If 15 ducks were sleeping and 10 ducks were eating, how many ducks were not sleeping?"  # noqa: E501
    assert _told(two) is None
    # the whole of two owners, or gained: whose ducks were sleeping is not read
    owners = "A pen had 42 ducks. Tom bought 15 ducks. If 20 ducks were sleeping, how many ducks were not sleeping?"  # noqa: E501
    frame = frame_of(owners)
    assert read_complement(frame.source_text, frame.mentions, frame.targets) is None


def test_them_over_a_list() -> None:
    """ "20 cats and 13 dogs ... 18 of them": "them" is the whole list, when the text tells
    nothing else and the question names no thing."""
    text = "There were 20 cats and 13 dogs at the show. If only 18 of them won a ribbon, how many did not win a ribbon?"  # noqa: E501
    frame = frame_of(text)
    views = list(quantity_views(frame.mentions))
    assert them_over_a_list(views[:2], views[2])
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    assert read is not None and read.parts == ("q0", "q1")
    # the negated move "not win" is read with its head: what the reading consumes
    assert any(frame.source_text[lo:hi] == "win" for lo, hi in read.negations)
    for refused in (
        # a kind of the list asked: the subset may hold cats and dogs alike
        "There were 20 cats and 13 dogs at the show. If only 18 of them won a ribbon, how many dogs did not win a ribbon?",  # noqa: E501
        # two sentences, two verbs: "them" is not one list
        "There were 20 cats at the show. Ann brought 13 dogs. If only 18 of them won a ribbon, how many did not win a ribbon?",  # noqa: E501
        # "5 of them left": the subset moves, no property
        "There were 20 cats and 13 dogs at the show. If 5 of them left, how many did not leave?",
    ):
        frame = frame_of(refused)
        assert read_complement(frame.source_text, frame.mentions, frame.targets) is None
    assert not them_over_a_list(views[:1], views[2])  # one amount is no list


def test_category_of_a_list() -> None:
    """ "14 daisies and 9 lilies ... 18 of the flowers": a definite "of the X" that no amount
    counts names what the one list of two kinds is; the reading's whole is the list, and the
    question may ask X or nothing, never one kind."""
    from practiceloop.arith._category_checks import category_of_a_list

    text = "Ida cut 15 tulips and 8 irises. If she only used 19 of the flowers, how many extra flowers did she cut?"  # noqa: E501
    frame = frame_of(text)
    views = list(quantity_views(frame.mentions))
    assert category_of_a_list(views[:2], views[2], "flower")
    assert not category_of_a_list(views[:2], views[2], "tulip")  # a kind counted: no category
    assert not category_of_a_list(views[:1], views[2], "flower")  # one amount is no list
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    assert read is not None and read.parts == ("q0", "q1") and read.category
    bare = "Ida cut 15 tulips and 8 irises. If she only used 19 of the flowers, how many extra did she cut?"  # noqa: E501
    frame = frame_of(bare)
    assert read_complement(frame.source_text, frame.mentions, frame.targets) is not None
    for refused in (
        # one kind asked of the category's rest
        "Ida cut 15 tulips and 8 irises. If she only used 19 of the flowers, how many extra irises did she cut?",  # noqa: E501
        # a third kind in the list: the category may not name it
        "Ida cut 15 tulips, 8 irises and 4 ferns. If she only used 19 of the flowers, how many extra flowers did she cut?",  # noqa: E501
        # a third amount told elsewhere, or a holding before the list
        "Ida cut 15 tulips and 8 irises. She also bought 6 roses. If she only used 19 of the flowers, how many extra flowers did she cut?",  # noqa: E501
        "Ida had 4 roses. She cut 15 tulips and 8 irises. If she only used 19 of the flowers, how many extra flowers did she cut?",  # noqa: E501
        # two owners under two verbs
        "Ida cut 15 tulips and her aunt cut 8 irises. If she only used 19 of the flowers, how many extra flowers did she cut?",  # noqa: E501
        # an amount whose kind says the category: "the flowers" may be the vases'
        "Ida cut 15 tulips and 8 flower stems. If she only used 19 of the flowers, how many extra flowers did she cut?",  # noqa: E501
    ):
        frame = frame_of(refused)
        assert read_complement(frame.source_text, frame.mentions, frame.targets) is None, refused
