"""The change_chain organ: changes in turn to one start (two, or a few more).

Relation ``change_chain`` with roles ``start``, ``change_1`` .. ``change_k``, ``result``
(quantities; the start, the result or the last change is the question's unknown) and
``direction_1`` .. ``direction_k`` (the verb cue of each change, read as ``gain`` or ``loss``).
``result = start ± change_1 ± ... ± change_k``: "Tom had 9 apples. He ate 2 and gave away 3.
How many are left?", "She had $26. She spent $9 on a hat, $4 on a pen and $5 on a book. How
much does she have left?" Each change is read with its own verb (the reader binds them), or the
second of two is the question's unknown, asked with a verb ("How many did he remove?"); the
start and the result are left for practice unless a cue marks them. Owners, when read, agree.
"""

from __future__ import annotations

import dataclasses

from practiceloop.arith.organs import change
from practiceloop.arith.organs._contract import assess_with, organ_relation
from practiceloop.arith.reading import TargetView
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["CLASSIFICATION", "ORGAN", "SPEC", "VERSION", "applies", "assess", "candidates"]

ORGAN = "change_chain"
VERSION = "arith_change_chain.v10"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """The change organ's candidates, with each change of the chain drawn from its movers."""
    single = change.candidates(frame, relation, target)
    found = {name: single["change"] for name, _ in relation.roles if name.startswith("change_")}
    return {"start": single["start"], **found, "result": single["result"]}


# The same contract options and codes as the change organ: a chain is two changes in turn.
SPEC = dataclasses.replace(change.SPEC, organ=ORGAN, version=VERSION, candidates=candidates)

CLASSIFICATION = change.CLASSIFICATION


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a chain of changes."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The change_chain contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
