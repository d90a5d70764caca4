"""The word keys (noun_key, verb_key, verb_class): lemminflect's dictionary, pinned and lazy."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import (
    VERB_CLASSES,
    noun_key,
    told_in_past,
    told_in_present,
    verb_class,
    verb_key,
)


@pytest.mark.parametrize(
    ("forms", "same"),
    [
        (("find", "found", "finds", "finding"), True),
        (("bake", "baked", "bakes", "baking"), True),
        (("use", "used", "uses"), True),
        (("need", "needed", "needs"), True),
        (("drop", "dropped", "dropping"), True),
        (("press", "pressed"), True),
        (("eat", "ate", "eaten"), True),
        (("buy", "bought"), True),
        (("leave", "left"), True),
        (("get off", "got", "gets"), True),
        (("find", "fin"), False),
        (("sell", "sew"), False),
    ],
)
def test_verb_key(forms: tuple[str, ...], same: bool) -> None:
    keys = {verb_key(f) for f in forms}
    assert (len(keys) == 1) is same, keys


def test_verb_key_of_no_verb() -> None:
    assert verb_key(None) is None and verb_key("") is None and verb_key("  ") is None
    assert verb_key("Sang") == "sing"  # lower-cased first


@pytest.mark.parametrize(
    ("forms", "key"),
    [
        (("cookie", "cookies"), "cookie"),
        (("bookshelf", "bookshelves"), "bookshelf"),
        (("half", "halves"), "half"),
        (("foot", "feet"), "foot"),
        (("child", "children"), "child"),
        (("bus", "buses"), "bus"),
        (("box", "boxes"), "box"),
        (("story", "stories"), "story"),
        (("bar", "bars"), "bar"),  # a plural the noun table lacks: its verb "-s" twin
        (("glass", "glasses"), "glass"),
        (("sheep",), "sheep"),
        (("Tom's", "tom"), "tom"),
        (("person", "people"), "person"),  # a sense the dictionary cannot choose
        (("leaf", "leaves"), "leaf"),
        (("buck", "bucks", "dollar", "dollars"), "dollar"),  # synonyms, not morphology
        (("penny", "pennies", "cent", "cents"), "cent"),
    ],
)
def test_noun_key(forms: tuple[str, ...], key: str) -> None:
    assert {noun_key(f) for f in forms} == {key}


def test_noun_key_of_a_word_the_dictionary_does_not_know() -> None:
    assert noun_key("zorblaxes") == "zorblaxes"  # no statistical guess: the word itself
    assert noun_key("") == ""
    assert noun_key("found") == "found"  # "found" is no "-s" form of "find"


@pytest.mark.parametrize(
    ("verb", "kind"),
    [
        ("had", "observation"),
        ("is", "observation"),
        ("contains", "observation"),
        ("bought", "transfer_in"),
        ("got off", "transfer_in"),
        ("gave", "transfer_out"),
        ("left", "transfer_out"),
        ("baked", "construct"),
        ("ate", "destroy"),
        ("sang", "other"),
        (None, None),
    ],
)
def test_verb_class(verb: str | None, kind: str | None) -> None:
    assert verb_class(verb) == kind


def test_verb_classes_are_keyed_by_lemma() -> None:
    assert all(verb_key(lemma) == lemma for lemma in VERB_CLASSES)


def test_the_verb_classes_table_changes_only_with_its_version() -> None:
    """The table enters identities: a changed table under an unchanged version fails here
    (bump ``VERB_CLASSES_VERSION`` and this digest together)."""
    import hashlib
    import json

    table = hashlib.sha256(json.dumps(sorted(VERB_CLASSES.items())).encode()).hexdigest()
    assert (lx.VERB_CLASSES_VERSION, table) == (
        "verb_classes.v4",
        "9467e5ee715099730aa4ba1dc37905ad423d515d8971da289495f10733980cf7",
    )


def test_the_pinned_dictionary_is_the_one_installed() -> None:
    import lemminflect

    assert lemminflect.__version__ == "0.2.3"  # keys enter frames: constraints.txt pins it


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_kept_keys_equal_the_library_s(word: str) -> None:
    """The memos keep exactly what the uncached path computes, for any text."""
    lower = word.lower()
    assert lx._noun_lemma(lower) == lx._noun_lemma.__wrapped__(lower)
    assert lx._verb_lemma(lower) == lx._verb_lemma.__wrapped__(lower)
    assert isinstance(noun_key(word), str)
    assert verb_key(word) is None or isinstance(verb_key(word), str)


def test_the_library_loads_on_the_first_key_only() -> None:
    """Importing the reader (or the kernel) never loads lemminflect or numpy."""
    code = (
        "import sys, practiceloop.kernel.frame, practiceloop.arith.reader, "
        "practiceloop.arith.manifest\n"
        "assert 'lemminflect' not in sys.modules and 'numpy' not in sys.modules\n"
        "from practiceloop.arith.lexicon import noun_key\n"
        "assert noun_key('cookies') == 'cookie' and 'lemminflect' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("verb", "past", "present"),
    [
        ("had", True, False),
        ("has", False, True),
        ("uses", False, True),
        ("used", True, False),
        ("gave away", True, False),
        ("buy", False, True),
        ("put", False, False),  # both a past and a present form: told in neither
        ("read", False, False),
        ("", False, False),
        (None, False, False),
    ],
)
def test_told_in_past_and_present(verb: str | None, past: bool, present: bool) -> None:
    assert told_in_past(verb) is past
    assert told_in_present(verb) is present


def test_direction_key() -> None:
    """Money asked in any money unit reads the cue's money direction; anything else its own."""
    assert lx.direction_key("dollar") == "money_direction"
    assert lx.direction_key("cent") == "money_direction"
    assert lx.direction_key("money") == "money_direction"
    assert lx.direction_key("pen") == "direction"
    assert lx.direction_key(None) == "direction"


def test_reads_as_adjective() -> None:
    """Words the dictionary knows as adjectives, in any case; nouns and verbs only are not."""
    assert all(lx.reads_as_adjective(w) for w in ("big", "Red", "whole", "new"))
    assert not any(lx.reads_as_adjective(w) for w in ("bus", "farmer", "travel", "qzx"))
