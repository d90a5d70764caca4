"""Whose things the question says are used (arith/_possessor_checks.py). Authored texts."""

from __future__ import annotations

from practiceloop.arith._possessor_checks import used_of_another
from practiceloop.arith.reading import quantity_views

from ._helpers import frame_of


def _used_of_another(text: str) -> bool:
    frame = frame_of(text)
    return used_of_another(frame, quantity_views(frame.mentions))


def test_another_holders_money_is_refused() -> None:
    assert _used_of_another(
        "Nikhil has 250 cents. Ana has 100 cents. How many stamps can Ana buy with Nikhil's money?"
    )
    assert _used_of_another(
        "Nikhil has 250 cents. Ana has 100 cents. How many stamps can Ana buy with his money?"
    )


def test_the_named_possessors_money_alone_passes() -> None:
    assert not _used_of_another(
        "Nikhil has 250 cents. How many stamps can Ana buy with Nikhil's money?"
    )
    assert not _used_of_another("Ana has 100 cents. How many stamps can Ana buy with her money?")
    # "her" may be Ana or Mia: nothing is named, nothing refused here
    assert not _used_of_another(
        "Mia has 250 cents. Ana has 100 cents. How many stamps can Ana buy with her money?"
    )
