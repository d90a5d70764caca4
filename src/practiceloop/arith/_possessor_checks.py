"""Whose things the question says are used: "with Nikhil's money" names whose money pays.

A pure function of a frame and the amounts a relation binds: it reads the question's text to
check a reason (a target-continuity code), never to infer a role.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from practiceloop.arith.antecedents import agreeing_before
from practiceloop.arith.reading import attribute, owner_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from practiceloop.arith.reading import QuantityView
    from practiceloop.kernel.frame import ProblemFrame

__all__ = ["used_of_another"]

_USED_OF: Final = re.compile(
    r"\b(?:with|using|from|out\s+of|by\s+spending)\s+(?:([A-Z][a-z]+)['’]s\b|(his|her)\s)"
)
"""A question's "with Nikhil's money", "using Ann's savings", "out of his pocket money"."""


def used_of_another(frame: ProblemFrame, bound: Iterable[QuantityView]) -> bool:
    """True when the question says whose things are used ("How many 25-cent stamps can Ana
    buy with Nikhil's money?", or "with his money" when only Nikhil agrees with "his") and a
    bound amount held (no rate, no price) is someone else's ("Ana has 100 cents"): what pays
    is the named possessor's, never the asker's or another holder's. Refuses; it never
    picks the named possessor's amount itself."""
    if not frame.targets or not frame.targets[0].evidence_spans:
        return False
    span = frame.targets[0].evidence_spans[0]
    named: set[str] = set()
    for found in _USED_OF.finditer(span.text):
        if found.group(1):
            named.add(found.group(1).lower())
            continue
        # "with his money": the one person named before who agrees, when the text fixes one
        fixed = agreeing_before(frame, found.group(2), span.start + found.start(2))
        name = attribute(fixed[0].attributes, "name") if fixed else None
        if name is not None:
            named.add(name)
    if len(named) != 1:
        return bool(named)  # two possessors named: whose pays is not one amount's to say
    possessor = next(iter(named))
    for view in bound:
        if view.per is not None or view.in_question:
            continue
        owner = owner_of(frame, view)
        if owner is not None and owner != possessor:
            return True
    return False
