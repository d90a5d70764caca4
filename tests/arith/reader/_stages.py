"""Helpers for the reader's stage tests: a text read up to a stage, token lookups, the
attributes of a quantity, the target, and what the live loop implies (authored texts only)."""

from __future__ import annotations

from practiceloop.arith.reader.cues import read_cues, read_observations
from practiceloop.arith.reader.hazards import read_hazards
from practiceloop.arith.reader.people import read_people
from practiceloop.arith.reader.place_moves import read_place_moves
from practiceloop.arith.reader.quantities import read_quantities
from practiceloop.arith.reader.tokens import Reading, read_tokens
from practiceloop.arith.reading import TargetView, target_view
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id, verdict_of


def reading(text: str, *, quantities: bool = True) -> Reading:
    """``text`` read through the stages before the question (quantities and hazards included
    unless ``quantities`` is False)."""
    r = Reading(text)
    read_tokens(r)
    read_people(r)
    read_cues(r)
    read_place_moves(r)
    read_observations(r)
    if quantities:
        read_quantities(r)
        read_hazards(r)
    return r


def at(r: Reading, word: str, occurrence: int = 0) -> int:
    """The token index of the ``occurrence``-th token whose text (lower case) is ``word``."""
    found = [i for i, tok in enumerate(r.toks) if tok.text.lower() == word.lower()]
    return found[occurrence]


def attrs(text: str, span: str, occurrence: int = 0) -> dict[str, str]:
    """The attributes of the quantity whose span is ``span``."""
    frame = frame_of(text)
    mention = frame.mention(quantity_id(frame, span, occurrence))
    assert mention is not None
    return dict(mention.attributes)


def target(text: str) -> TargetView:
    """The target the reader reads in ``text`` (fails when it reads none)."""
    view = target_view(frame_of(text).targets)
    assert view is not None
    return view


answer = verdict_of
"""What the live loop implies for ``text``: its category and its value (when unique)."""


def closes_to(text: str, value: int) -> None:
    """The loop closes ``text`` at ``value``."""
    category, found = answer(text)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE), (category, found)
    assert found == value


def never_wrong(text: str, value: int) -> None:
    """The loop may refuse ``text``; when it answers, it answers ``value``."""
    category, found = answer(text)
    if category in (Category.DIRECT, Category.CLOSED_UNIQUE):
        assert found == value
