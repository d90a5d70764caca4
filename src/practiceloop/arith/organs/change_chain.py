"""The change_chain organ: a two-step composition, two changes in turn to one start.

Relation ``change_chain`` with roles ``start``, ``change_1``, ``change_2``, ``result``
(quantities; the start, the result or the second change is the question's unknown) and
``direction_1``, ``direction_2`` (the verb cue of each change, read as ``gain`` or ``loss``).
``result = start ± change_1 ± change_2``: "Tom had 9 apples. He ate 2 and gave away 3. How
many are left?" Each change is read with its own verb (the reader binds them), or the second is
the question's unknown, asked with a verb ("How many did he remove?"); the start and the result
are left for practice unless a cue marks them. Owners, when read, agree.
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
VERSION = "arith_change_chain.v9"


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """The change organ's candidates, with each of the two changes drawn from its movers."""
    single = change.candidates(frame, relation, target)
    return {
        "start": single["start"],
        "change_1": single["change"],
        "change_2": single["change"],
        "result": single["result"],
    }


# The same contract options and codes as the change organ: a chain is two changes in turn.
SPEC = dataclasses.replace(change.SPEC, organ=ORGAN, version=VERSION, candidates=candidates)

CLASSIFICATION = change.CLASSIFICATION


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a chain of two changes."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The change_chain contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
