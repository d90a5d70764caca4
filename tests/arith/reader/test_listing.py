"""Stage 5e: amounts listed under one verb, each with its source (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.listing import listed_with_source

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


def test_listed_with_source_end_to_end() -> None:
    closes_to("For his birthday Ivo received 12 stamps from his uncle and 8 stamps from his "
              "aunt. If he used 5 stamps a week, how long would the stamps last him?", 4)
