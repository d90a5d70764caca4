"""Two kinds of people that make up a whole between them, for the portion reading's shares:
"There are 40 students in the class. 25% of them are girls. How many boys are there?" asks the
rest of the whole, since every student told is a girl or a boy.

The pairs are a closed table (:data:`KIND_PAIRS`), each with the wholes it splits: girls and
boys split children, students, pupils, kids; women and men split adults, employees, workers;
adults and children (or kids) split people, passengers, guests, visitors, members. Any other
whole ("50 people ... 30% of them are boys": men may be there) or any other pair reads nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from practiceloop.arith.lexicon import noun_key

__all__ = ["KIND_PAIRS", "one_tense", "other_kind"]

_YOUNG: Final = frozenset({"child", "student", "pupil", "kid", "classmate"})
_GROWN: Final = frozenset({"adult", "employee", "worker"})
_ANYONE: Final = frozenset(
    {"person", "people", "passenger", "guest", "visitor", "member", "attendee", "rider"}
)

KIND_PAIRS: Final[tuple[tuple[frozenset[str], frozenset[str]], ...]] = (
    (frozenset({"girl", "boy"}), _YOUNG),
    (frozenset({"woman", "man"}), _GROWN),
    (frozenset({"adult", "child"}), _ANYONE),
    (frozenset({"adult", "kid"}), _ANYONE),
)
"""(two kinds, the wholes they split between them)."""


def other_kind(told: str | None, asked: str | None, whole: tuple[str, ...]) -> bool:
    """``asked`` is the other kind of ``told`` (each one plural noun, "girls" / "boys") in a
    whole of ``whole`` (its noun words, "students") the pair splits; False for anything else
    (a phrase, the same kind, a whole the pair does not split)."""
    if told is None or asked is None or " " in told or " " in asked or not whole:
        return False
    kinds = {noun_key(told), noun_key(asked)}
    head = noun_key(whole[-1])
    return len(kinds) == 2 and any(
        kinds == pair and head in wholes for pair, wholes in KIND_PAIRS
    )


_TENSES: Final = {
    "is": "present", "are": "present", "has": "present", "have": "present",
    "was": "past", "were": "past", "had": "past",
}  # fmt: skip
"""Verbs of a holding or a property, by tense."""


def one_tense(whole_verb: str | None, steps: Sequence[tuple[str, Any]], question: str) -> bool:
    """The whole's verb ("There are", "Kim has"), each share's ("are girls") and the
    question's ("How many boys are there?") are of one tense, each a form of "be" or "have":
    "There are 40 students. 25% of them were girls" tells the girls at another time."""
    said = re.search(r"\b(is|are|was|were|does|do|did)\b", question)
    if said is None:
        return False
    asked = {"does": "present", "do": "present", "did": "past"}.get(said.group(1))
    tenses = {
        _TENSES.get((verb or "").lower())
        for verb in (whole_verb, *(getattr(c, "verb", None) for _, c in steps))
    }
    tenses.add(asked or _TENSES.get(said.group(1)))
    return len(tenses) == 1 and None not in tenses
