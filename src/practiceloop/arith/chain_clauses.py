"""The chain reading's clauses and the checks it makes over all of them together.

:mod:`practiceloop.arith.side_chains` reads every sentence of a story as :class:`Clause`
records (a fact of :mod:`practiceloop.arith.sides`, with the verb, thing, unit and place or
time it is told with); the checks here look at the clauses together: amounts with no thing of
their own read only as parts of a whole told before them (:func:`whole_of_them`), "their" /
"they" as every holder (:func:`every_holder`), and one verb at one time, one thing and at most
one place or time phrase over the whole text (:func:`one_verb_thing_time`).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from practiceloop.arith.scale_clauses import same_time, same_verb
from practiceloop.arith.sides import Fact, plain_phrase

__all__ = [
    "EVERY",
    "MEASURES",
    "Clause",
    "Terms",
    "every_holder",
    "one_verb_thing_time",
    "whole_of_them",
]

MEASURES: Final = {
    "farther": "far", "further": "far", "far": "far", "higher": "high", "lower": "high",
    "high": "high", "longer": "long", "shorter": "long", "long": "long",
}  # fmt: skip
"""What a comparison word or a question's "how far" measures; "more", "less" measure any."""


@dataclasses.dataclass(frozen=True, slots=True)
class Clause:
    """One clause: its fact, the verb and thing it is told with, and any place or time."""

    fact: Fact
    verb: str | None
    aux: str | None
    thing: tuple[str, ...] | None
    unit: str | None = None
    tail: str | None = None
    verb_2: str | None = None
    way: str | None = None
    """The comparison word ("farther", "more") or the question's measure ("far")."""
    elided: str | None = None
    """A told amount whose thing is the whole's told before: ``of`` ("22 of them"), ``bare``
    ("Isabela baked 35"); or ``unmarked``, a whole of named holders told with no "together"
    (:func:`whole_of_them`)."""


def whole_of_them(clauses: list[Clause]) -> bool:
    """Amounts told with no thing of their own, and wholes told with no "together", read
    only as parts of a whole told before them:

    * "Zainab and Ade have 50 stickers together. Zainab has 22 of them.": "N of them" is a
      part of a whole of named holders told in an earlier clause, its holder one of them;
    * "Isabela and Jonas baked 60 cookies between them. Isabela baked 35.": a number with no
      noun counts what the whole told before it counts (never before any whole);
    * "Lena and Mo picked 140 blueberries. Lena picked 78 of them.": named holders' amount
      with no "together", "in all", "between them" may be each one's ("each picked 140");
      it is their sum only when a later clause takes "N of them" from it.
    """
    wholes: list[frozenset[str]] = []
    for at, clause in enumerate(clauses):
        holders = frozenset(h for h, _ in clause.fact.terms)
        if clause.elided == "bare" and not wholes:
            return False
        if clause.elided == "of" and not any(holders <= whole for whole in wholes):
            return False  # "Ivo and Kai have 50 cards together. Lea has 20 of them."
        if clause.fact.kind == "whole":
            wholes.append(holders)
        if clause.elided == "unmarked" and not any(
            c.elided == "of" and frozenset(h for h, _ in c.fact.terms) <= holders
            for c in clauses[at + 1 :]
        ):
            return False
    return True


Terms = tuple[tuple[str, int], ...]
EVERY: Final = "*"
"""A holder standing for every holder the story tells of ("their strawberries", "they")."""


def every_holder(terms: Terms, holders: frozenset[str]) -> Terms:
    """``terms`` with "every holder" spelled out as the holders the story's clauses name."""
    if (EVERY, 1) not in terms:
        return terms
    return tuple(sorted((h, 1) for h in holders))


def one_verb_thing_time(clauses: list[Clause]) -> bool:
    """One verb told at one time (the question's after its auxiliary), one thing, at most one
    place or time phrase in the whole text."""
    story, asked = clauses[:-1], clauses[-1]
    verbs = [c.verb for c in story if c.verb is not None]
    verbs += [c.verb_2 for c in story if c.verb_2 is not None]
    if not verbs or not all(same_verb(v, verbs[0]) for v in verbs):
        return False
    if not all(same_time(verbs[0], c.aux) for c in story):
        return False
    if asked.verb is None or not same_verb(asked.verb, verbs[0], tensed=False):
        return False
    if not same_time(verbs[0], asked.aux):
        return False
    things = {c.thing for c in clauses if c.thing is not None}
    if len(things) > 1:
        return False
    measures = {MEASURES[c.way] for c in clauses if c.way in MEASURES}
    if len(measures) > 1:
        return False  # "jumped 10 inches higher than ... How far did it jump?": two measures
    tails = {c.tail for c in clauses if c.tail is not None}
    if asked.tail is not None and asked.tail not in {c.tail for c in story}:
        return False  # "How many pens does Cal have in his bag?": a place the story never says
    return len(tails) <= 1 and all(plain_phrase(t) for t in tails)
