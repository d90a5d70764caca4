"""A number told inside a relative clause that describes another thing (issue 15).

"He won 16 more marbles in a game that lasted 20 minutes", "He spent $65 at a store that has 8
aisles": a relative clause ("that", "which", "who") after a noun phrase describes that noun;
a number inside it counts something of the noun's ("20 minutes" the game lasted, "8 aisles"
the store has), not a step toward the asked amount, when it counts another thing than the
question asks and the question's thing is told nowhere in the clause (:func:`described_apart`,
a set-aside reason). "3 bags that hold 12 marbles each" counts the asked marbles: no reason.
Pure functions of a frame, a quantity view and the target.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import QuantityView, TargetView
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["described_apart"]

_RELATIVE_BEFORE: Final = re.compile(
    r"\b(?:a|an|the|his|her|their|its|my|our|your)\s+(?:[a-z]+\s+)?[a-z]+,?\s+"
    r"(?:that|which|who)\s+(?P<words>(?:[a-z]+\s+){1,2})$",
    re.IGNORECASE,
)
"""A noun phrase ("a game", "the old store"), "that / which / who" and one or two words (its
verb, an adverb) right before the number: a relative clause, not a complement ("said that")."""

_RATE_WORDS: Final = frozenset({"each", "every", "per", "a", "an"})
"""Words before the number that make it a rate ("that holds a 12"?, "that gives each 5")."""

_CLAUSE_RATES: Final = frozenset({"each", "every", "per"})
"""Words after the number that make it a rate ("that hold 12 marbles each")."""


def described_apart(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """True when ``q`` is told inside a relative clause after a noun phrase ("a game that
    lasted 20 minutes"), held or measured (no move, no rate, no comparison), counting a thing
    and unit other than the asked ones, with no word of the asked thing or of a rate in the
    rest of its clause ("that has 8 boxes of marbles each" stays)."""
    if q.in_question or q.direction is not None or q.per is not None or q.compare is not None:
        return False
    if target.entity is None and target.unit is None:
        return False
    if (q.entity is not None and q.entity == target.entity) or (
        q.unit is not None and q.unit == target.unit
    ):
        return False
    if q.entity is None and q.unit is None:
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    text = frame.source_text
    sentence = frame.sentences[mention.span.sentence_index]
    before = text[sentence.start : mention.span.start]
    opened = _RELATIVE_BEFORE.search(before)
    if opened is None or any(w.lower() in _RATE_WORDS for w in opened["words"].split()):
        return False
    rest = re.split(r"[,;]|\band\b", text[mention.span.end : sentence.end], maxsplit=1)[0]
    words = re.findall(r"[a-z]+", rest.lower())
    asked = {k for k in (target.entity, target.unit) if k is not None}
    return not asked & {noun_key(w) for w in words} and not _CLAUSE_RATES & set(words)
