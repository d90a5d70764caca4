"""The thing the question asks of as its subject, against the things the text tells of.

"A car travels 60 miles per hour. How far does a bus travel in 3 hours?": the question asks
what a bus does, and the text tells only of a car; whatever it tells, it tells of something
else; so does "How much did his sister earn?" of a text that names no sister. The subject
is the noun after the question's auxiliary and its article or possessive ("does a bus",
"will the machine", "did the big truck", "did his sister": adjectives are passed over).
Money told in its units ("9 dollars") is the money asked of ("how long would the money last
him?"). Pure functions of a frame, read by the target-continuity proof.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import MONEY_UNITS, noun_key, reads_as_adjective
from practiceloop.arith.reading import TargetView
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["asked_subject", "asked_subject_untold"]

_ASKED_SUBJECT: Final = re.compile(
    r"\b(?:does|do|did|will|would|can|could|should)\s+(?:a|an|the|his|her|their|my|our|your)"
    r"\s+([a-z]+)(?:\s+([a-z]+))?(?:\s+([a-z]+))?"
)


_COUNTS: Final = frozenset({"two", "three", "four"})
"""Counts of a counted subject ("the three of them", "the two boys"), no noun."""


def asked_subject(frame: ProblemFrame, target: TargetView) -> tuple[str, int] | None:
    """The noun key of the subject the question names after its auxiliary and article, with
    where the question starts; None when it names none that way ("How many does he have?")."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or not 0 <= unknown.span.sentence_index < len(frame.sentences):
        return None
    sentence = frame.sentences[unknown.span.sentence_index]
    found = _ASKED_SUBJECT.search(frame.source_text[unknown.span.start : sentence.end].lower())
    if found is None:
        return None
    counted = False
    for word in found.groups():
        if word in _COUNTS:
            counted = True  # "do the three boys": the noun after the count
            continue
        if counted and (word == "of" or word == dict(unknown.attributes).get("verb")):
            return None  # "do the three (of them) have": people counted, no noun named
        if word is not None and not reads_as_adjective(word):
            return noun_key(word), sentence.start
    return None


def asked_subject_untold(frame: ProblemFrame, target: TargetView) -> bool:
    """True when the question's subject ("does a bus travel") is a noun the text never names
    before the question: it asks of something the text tells nothing of."""
    asked = asked_subject(frame, target)
    if asked is None:
        return False
    noun, question_start = asked
    text = frame.source_text[:question_start].lower()
    told = {noun_key(w) for w in re.findall(r"[a-z]+", text)}
    if "$" in text or told & MONEY_UNITS:
        told.add("money")  # "made 9 dollars ... how long would the money last him?"
    return noun not in told
