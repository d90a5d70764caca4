"""The verb classes of doing (arith/doing_classes.py): which verbs name one doing, a kind of
it, or its other side. Authored verbs only."""

from __future__ import annotations

import pytest

from practiceloop.arith.doing_classes import (
    CONVERSES,
    DOING_CLASSES,
    DOING_CLASSES_VERSION,
    DOING_VERBS,
    converse_of,
    same_doing,
    verb_lemmas,
)
from practiceloop.arith.lexicon import verb_key


def test_the_table_is_versioned_and_written_by_lemma() -> None:
    assert DOING_CLASSES_VERSION.startswith("doing_classes.v")
    for lemma in DOING_VERBS:
        assert verb_key(lemma) in (lemma, "lie"), lemma  # "lay" keys as "lie": both lemmas
    for pair in CONVERSES:
        assert len(pair) == 2 and pair <= DOING_VERBS | {"consume"}


@pytest.mark.parametrize(
    ("rate", "asked"),
    [
        ("read", "read"),
        ("travel", "go"),  # synonyms
        ("go", "travel"),
        ("drive", "travel"),  # a kind names its head's doing
        ("bake", "make"),
        ("bake", "cook"),
        ("knit", "make"),
        ("pick", "collect"),
        ("collect", "pick"),
        ("buy", "get"),
        ("type", "write"),
        ("run", "jog"),
        ("spend", "pay"),
        ("pay", "spend"),
    ],
)
def test_same_doing(rate: str, asked: str) -> None:
    assert same_doing(rate, asked)


@pytest.mark.parametrize(
    ("rate", "asked"),
    [
        ("read", "write"),
        ("make", "pack"),
        ("run", "swim"),
        ("make", "bake"),  # the head names no kind
        ("travel", "drive"),
        ("write", "type"),
        ("walk", "run"),
        ("bake", "sell"),
        ("eat", "buy"),
        ("save", "spend"),
        ("earn", "spend"),
    ],
)
def test_another_doing(rate: str, asked: str) -> None:
    assert not same_doing(rate, asked)


def test_money_senses() -> None:
    assert same_doing("earn", "make", money=True)
    assert same_doing("make", "earn", money=True)
    assert not same_doing("make", "earn")  # "makes 30 cups": no money
    assert same_doing("cost", "spend", money=True)


def test_converses() -> None:
    assert converse_of("feed", "eat")
    assert converse_of("feed", "drink")
    assert converse_of("sell", "buy")
    assert converse_of("give", "get")
    assert converse_of("lend", "borrow")
    assert not converse_of("feed", "sell")
    assert not converse_of("read", "write")


def test_verb_lemmas_gives_every_lemma() -> None:
    assert verb_lemmas("reads") == frozenset({"read"})
    assert {"lay", "lie"} <= verb_lemmas("lay")
    assert verb_lemmas("pages") >= frozenset({"page"})  # a noun is a verb too: read in context
    assert verb_lemmas("ann") == frozenset()


def test_every_class_is_a_head_with_its_own_lemma() -> None:
    for head, (same, kinds) in DOING_CLASSES.items():
        assert head in same
        assert not same & kinds
