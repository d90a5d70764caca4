"""What the question's own phrases pick out of a sum: "How many shells did he collect at the lake?"

A question may restrict what it asks by a phrase after its verb ("at the lake", "in art",
"with his left hand") that the reader reads as no time, no owner and no kind. When the story
tells the parts of a sum each with its own such phrase ("12 shells at the beach and 8 shells
at the lake"), the question's phrase picks some of them, and the sum of all is not what it
asks. :func:`asked_phrase_partial` finds that case from the text alone, so that the target
proof refuses it instead of closing the sum. Pure functions of a frame and views.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import PRONOUNS
from practiceloop.arith.reading import QuantityView
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["asked_phrase_partial", "asked_phrase_words"]

_OPENERS: Final = frozenset(
    {"at", "in", "on", "with", "from", "for", "during", "before", "after", "by", "near"}
)
"""The words that open such a phrase."""

_PLACES_ALONE: Final = frozenset({"away", "abroad", "outside", "inside", "upstairs", "downstairs"})
"""Places said by one word, as a phrase with "at" would say them ("8 points away")."""

_NOT_CONTENT: Final = PRONOUNS | frozenset(
    {"the", "a", "an", "his", "her", "their", "its", "my", "our", "your", "of", "and", "all",
     "total", "altogether", "together", "each", "every", "now", "then", "there", "some"}
)
"""Words of a phrase that pick nothing out ("in all", "in total", "for each")."""


def _phrases(words: list[str]) -> list[tuple[str, frozenset[str]]]:
    """Each prepositional phrase of ``words``: its opener and the content words after it, up
    to the next opener ("at the lake and" gives ``("at", {"lake"})``)."""
    found: list[tuple[str, set[str]]] = []
    for word in words:
        if word in _PLACES_ALONE:  # "8 points away": a place, as "at" a place
            found.append(("at", {word}))
        elif word in _OPENERS:
            found.append((word, set()))
        elif found and word not in _NOT_CONTENT:
            found[-1][1].add(word)
    return [(opener, frozenset(said)) for opener, said in found if said]


def asked_phrase_words(question: str) -> list[tuple[str, frozenset[str]]]:
    """The prepositional phrases of ``question`` after "how many/much", each its opener and
    content words ("at the lake" gives ``("at", {"lake"})``; "in the morning and evening"
    both times; "in all" nothing)."""
    lowered = question.lower()
    start = lowered.find("how ")
    return _phrases(re.findall(r"[a-z]+", lowered[max(start, 0) :]))


def _clause_words(frame: ProblemFrame, part: QuantityView, ends: list[int]) -> list[str]:
    """The words from ``part``'s number to the next number or the end of its sentence."""
    mention = frame.mention(part.mention_id)
    if mention is None:
        return []
    sentence = next(
        (s for s in frame.sentences if s.sentence_index == mention.span.sentence_index), None
    )
    stop = sentence.end if sentence is not None else len(frame.source_text)
    stop = min([e for e in ends if mention.span.end <= e < stop] + [stop])
    return re.findall(r"[a-z]+", frame.source_text[mention.span.end : stop].lower())


def asked_phrase_partial(frame: ProblemFrame, parts: list[QuantityView]) -> bool:
    """True when a phrase of the question picks some of ``parts`` and leaves another that
    the story tells with the same preposition and other words: "12 shells at the beach and 8
    shells at the lake. How many shells did he collect at the lake?" picks the 8 and leaves
    the 12 ("with his left hand" against "with his right hand": "hand" tells none apart).
    False for fewer than two parts, when no phrase picks one ("How many in all?"), when the
    phrases pick every part ("in the afternoon and evening"), or when the parts left are told
    with no such phrase ("5 red, 14 yellow and 6 green peaches are in the basket")."""
    unknown = next((m for m in frame.mentions if m.kind == "unknown"), None)
    if unknown is None or len(parts) < 2:
        return False
    question = next(
        (s.text for s in frame.sentences if s.sentence_index == unknown.span.sentence_index), ""
    )
    starts = [m.span.start for m in frame.mentions if m.kind == "quantity"]
    told = [_phrases(_clause_words(frame, part, starts)) for part in parts]
    for opener, asked in asked_phrase_words(question):
        said = [
            frozenset().union(*(w for o, w in phrases if o == opener)) for phrases in told
        ]
        if sum(1 for words in said if words) < 2:
            continue  # the parts are not told apart by this preposition
        common = frozenset.intersection(*said)
        telling = asked - common
        picked = [words for words in said if words & telling]
        other = [words for words in said if words and not words & telling]
        if picked and other:
            return True
    return False
