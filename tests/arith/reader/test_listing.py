"""Stage 5e: amounts listed under one verb, each with its source (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.listing import listed_with_source, size_of_named_thing

from ._stages import attrs, closes_to, reading


def _shares(text: str, earlier: dict[str, str]) -> dict[str, str]:
    """What the rule gives the amount "7" of ``text`` after the amount "12" read ``earlier``."""
    r = reading(text)
    texts = [tok.text for tok in r.toks]
    first, nxt = texts.index("12"), texts.index("7")
    later: dict[str, str] = {"value": "7"}
    listed_with_source(r, [(first, first, dict(earlier)), (nxt, nxt, later)])
    return later


MOVED = {"verb": "received", "direction": "gain", "cue": "c0"}


def test_listed_with_source() -> None:
    text = ("Ivo received 12 stamps from his uncle and 7 stamps from his aunt. How many stamps "
            "did Ivo receive?")  # fmt: skip
    later = attrs(text, "7")
    assert later["verb"] == "received" and later["direction"] == "gain"
    assert later["cue"] == attrs(text, "12")["cue"]
    assert _shares("Ivo received 12 stamps from his uncle and 7 stamps from his aunt.", MOVED) == {
        "value": "7", **MOVED
    }


@pytest.mark.parametrize(
    ("text", "earlier"),
    [
        ("Ivo received 12 stamps from his uncle and 7 stamps for his aunt.", MOVED),  # another
        ("Ivo received 12 stamps from his uncle who sold 7 stamps from his aunt.", MOVED),
        ("Ivo received 12 stamps from his uncle. And 7 stamps from his aunt.", MOVED),
        ("Ivo had 12 stamps from his uncle and 7 stamps from his aunt.", {"verb": "had"}),
    ],
)
def test_listed_with_source_refuses(text: str, earlier: dict[str, str]) -> None:
    assert _shares(text, earlier) == {"value": "7"}


def test_listed_with_source_in_a_comma_list() -> None:
    """ "12 stamps from his uncle, 7 stamps from his aunt, and 5 stamps from Bo": a list
    joined by commas shares the verb and the subject of its first amount."""
    text = ("Ivo received 12 stamps from his uncle, 7 stamps from his aunt, and 5 stamps from "
            "Bo. How many stamps did Ivo receive?")  # fmt: skip
    for amount in ("7", "5"):
        later = attrs(text, amount)
        assert (later["verb"], later["owner"]) == ("received", "ivo")
    closes_to(text, 24)
    closes_to(text.replace(", and 5", ", 5"), 24)
    # a pronoun subject is shared too: "she has sold 12 ... to her aunt, 5 ... to her mother"
    sold = ("Ada needs to sell 40 cakes. So far, she has sold 12 cakes to her aunt, 5 cakes to "
            "her mother, and 4 cakes to a neighbor. How many more cakes does Ada need to sell?")
    assert attrs(sold, "5")["subject"] == attrs(sold, "12")["subject"]
    closes_to(sold, 19)
    # a later amount with a verb of its own keeps it
    got = "Ivo received 12 stamps from his uncle, Bo got 7 stamps from his aunt."
    assert attrs(got, "7")["verb"].startswith("got")


def test_listed_with_source_end_to_end() -> None:
    closes_to("For his birthday Ivo received 12 stamps from his uncle and 8 stamps from his "
              "aunt. If he used 5 stamps a week, how long would the stamps last him?", 4)


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("Rita was sorting her stamps in an album with 4 on each page.", "stamp"),
        ("Rita was sorting her postage stamps in an album with 4 on each page.", "stamp"),
        ("Rita was sorting in an album with 4 on each page.", None),  # no noun named
        ("Rita was sorting her stamps in albums with 4 on each page.", None),  # two containers
        ("Rita was sorting her stamp in an album with 4 on each page.", None),  # no plural
        # the clause names its own object: stamps, not the coins counted before
        ("Rita had 9 coins. She sorted her stamps in an album with 4 on each page.", "stamp"),
    ],
)
def test_size_of_named_thing(text: str, entity: str | None) -> None:
    assert attrs(text, "4").get("entity") == entity


def test_size_of_named_thing_alone() -> None:
    r = reading("Rita was sorting her stamps in an album with 4 on each page.")
    texts = [tok.text for tok in r.toks]
    read = {"value": "4", "elided": "object"}  # no rate read: nothing to name
    r.last_thing = {}
    size_of_named_thing(r, texts.index("4"), read)
    assert "entity" not in read


def test_size_of_named_thing_end_to_end() -> None:
    closes_to("Rita was sorting her stamps in an album with 4 on each page. If she had 6 new "
              "stamps and 10 old stamps to put in the album, how many pages would she use?", 4)


def test_parallel_side() -> None:
    """ "12 kids went swimming and 30 kids went hiking in the morning": both clauses are told
    in the morning; a first clause with its own time, or another verb, keeps its own."""
    text = "12 kids went swimming and 30 kids went hiking in the morning."
    assert attrs(text, "12")["side"] == "morning"
    own = "12 kids went swimming in the evening and 30 kids went hiking in the morning."
    assert attrs(own, "12")["side"] == "evening"
    other = "Tom picked 5 apples and ate 3 apples on Monday."
    assert "side" not in attrs(other, "5")
    apart = "12 kids went swimming. 30 kids went hiking in the morning."
    assert "side" not in attrs(apart, "12")
