"""A holder nothing in the text ties to the asked one: a stranger's amount is no part of it.

"A chef had 58 apples. He used 35. Ivo has 7 apples. How many apples remained?": Ivo is
named once, in a sentence that names nobody else, puts his apples nowhere the story does, and
neither the question nor any pronoun of the story speaks of him. Nothing lets his 7 apples be
among the chef's, so no relation may add them to, or take them from, what the question asks
(:func:`untied_holder`). A question pronoun that could mean him as well as the story's holder
("How many apples does she have?") does not tie him either: bound to him, it would ask his
amount alone; bound to the other holder, his amount is no part of it.

A pure function of a frame, a quantity view, the amounts a relation binds and the target; it
reads the frame's mentions, relations and source text to check a reason, never to infer a
role.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import PRONOUNS, noun_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    owner_of,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["untied_holder"]

_PERSONS: Final = PRONOUNS | {
    "himself",
    "herself",
    "themselves",
    "i",
    "me",
    "my",
    "we",
    "us",
    "our",
    "you",
    "your",
    "its",
}
"""Words that speak of a person or a body: in a stranger's sentence, someone else is there."""

_SINGULAR_WORDS: Final = re.compile(r"\b(?:he|she|him|her|his|hers|himself|herself)\b", re.I)
"""Pronouns one person may be spoken of again by ("you" never speaks of a third person)."""
_THIRD_WORDS: Final = re.compile(
    r"\b(?:he|she|him|her|his|hers|himself|herself|they|them|their|theirs)\b", re.I
)

_PLURAL: Final = frozenset({"they", "them", "their", "theirs"})
_PLACES: Final = frozenset({"on", "in", "at", "inside", "into", "onto", "to"})
_SKIPPED: Final = frozenset({"a", "an", "the", "his", "her", "their", "its", "my", "our", "this"})


def _spelled_alone(frame: ProblemFrame, q: QuantityView) -> str | None:
    """The holder of ``q`` when it is a capitalised name, the subject of ``q`` before its number
    in ``q``'s own sentence (not the question's), spelled nowhere else in the whole text."""
    actor = frame.mention(q.subject or "")
    number = frame.mention(q.mention_id)
    if actor is None or number is None or actor.kind != "actor" or q.owner is None:
        return None
    if q.in_question or actor.span.sentence_index != q.sentence:
        return None
    spelled = actor.span.text
    if spelled.lower() != q.owner or not spelled[:1].isupper():
        return None
    if actor.span.end > number.span.start:
        return None
    found = re.findall(rf"\b{re.escape(q.owner)}\b", frame.source_text, re.IGNORECASE)
    return q.owner if len(found) == 1 else None


def _places(frame: ProblemFrame, sentence: int) -> set[str]:
    """The nouns a sentence puts something in, on, at or to ("on the shelf": shelf)."""
    words = sentence_words(frame, sentence)
    found = set()
    for i, word in enumerate(words[:-1]):
        if word in _PLACES:
            rest = [w for w in words[i + 1 : i + 4] if w not in _SKIPPED]
            if rest and rest[0].isalpha():
                found.add(noun_key(rest[0]))
    return found


def _tied_in_sentence(frame: ProblemFrame, q: QuantityView, holder: str) -> bool:
    """``q``'s sentence speaks of someone besides ``holder`` (another actor, a pronoun, a
    possessive: "gave her 5", "his friend Ivo", "took 6 from Tom"), or puts ``q`` in, on or to a
    place another sentence names ("stacked 26 bales in the barn")."""
    words = set(sentence_words(frame, q.sentence))
    if words & _PERSONS:
        return True
    if any(
        m.kind == "actor"
        and m.span.sentence_index == q.sentence
        and attribute(m.attributes, "name") != holder
        for m in frame.mentions
    ):
        return True
    here = _places(frame, q.sentence)
    return any(
        here & _places(frame, s.sentence_index)
        for s in frame.sentences
        if s.sentence_index != q.sentence
    )


def _first_spelled(frame: ProblemFrame, holder: str) -> int:
    """Where an actor named ``holder`` is first spelled in the source text."""
    return min(
        (
            m.span.start
            for m in frame.mentions
            if m.kind == "actor" and attribute(m.attributes, "name") == holder
        ),
        default=len(frame.source_text),
    )


def _tied_by_pronoun(frame: ProblemFrame, holder: str) -> bool:
    """A singular third-person pronoun after ``holder``'s name can mean nobody else: no other
    actor is named before it and no third-person pronoun stands before the name ("Ivo played
    17 rounds. If he gained 4 points in each round ...", "Sue has 12 pears. She has 4 more than
    Tim": "she" is said before Tim is). Beside someone told before, a pronoun may mean either
    ("Bea sorted her books. Ivo bought 7 books. If she has ..."): it ties neither. A plural
    "they" or "them" may mean things or a group: it never ties one name."""
    first = _first_spelled(frame, holder)
    text = frame.source_text
    if any(m.start() < first for m in re.finditer(_THIRD_WORDS, text)):
        return False
    others = [
        m.span.start
        for m in frame.mentions
        if m.kind == "actor" and attribute(m.attributes, "name") not in (holder, None)
    ]
    return any(
        found.start() > first and not any(o < found.start() for o in others)
        for found in re.finditer(_SINGULAR_WORDS, text)
    )


def _asks_holder(target: TargetView, holder: str) -> bool:
    """The question asks ``holder`` by name: as its owner (the name spelled once is then the
    question's), one of the group it asks, or the other side of its "than"."""
    return holder in (target.than, target.owner) or holder in target.owners


def _parallel_holders(
    frame: ProblemFrame, q: QuantityView, bound: list[QuantityView], target: TargetView
) -> bool:
    """The question asks a whole of several people ("How many do they have?", "How many are
    there in all?", no single holder read) and every other amount the relation binds is held by
    a person named by a capitalised name: each holder is told alike, ``q``'s among them. No
    plural pronoun stands before ``q`` (one already spoke of others: "they sold 19")."""
    subject = frame.mention(target.subject or "")
    if subject is not None and (
        subject.kind != "pronoun" or subject.span.text.lower() not in _PLURAL
    ):
        return False
    if subject is None and target.owner not in (None, "group"):
        return False
    number = frame.mention(q.mention_id)
    if number is None:
        return False
    if any(
        m.kind == "pronoun"
        and m.span.text.lower() in _PLURAL
        and m.span.start < number.span.start
        for m in frame.mentions
    ):
        return False
    others = [b for b in bound if b.mention_id != q.mention_id]
    for b in others:
        actor = frame.mention(b.subject or "")
        owner = owner_of(frame, b)
        if owner is None or owner == "group":
            return False
        if actor is not None and actor.kind == "actor" and not actor.span.text[:1].isupper():
            return False
        if actor is None and b.owner is None and b.subject_noun == owner:
            return False  # "the store had 15": a body, not a person told alike
    return bool(others)


def _mixed(frame: ProblemFrame, q: QuantityView, bound: list[QuantityView], holder: str) -> bool:
    """The relation binds, besides ``q``, an amount that is no rate ("each ladybug has 6 dots"
    has no holder) and that the text does not spell as ``holder``'s ("Ivo caught 8 on Monday
    and 5 on Tuesday" are both his; a pronoun of the question bound to him is no spelling)."""
    return any(b.mention_id != q.mention_id and b.per is None and b.owner != holder for b in bound)


def untied_holder(
    frame: ProblemFrame, q: QuantityView, bound: list[QuantityView], target: TargetView
) -> bool:
    """``q`` is the amount of a holder nothing in the text ties to the asked one, bound with
    other amounts: "Ivo has 7 apples" beside a chef's apples, "how many remained?". The holder
    is a capitalised name spelled once in the whole text, as ``q``'s subject in ``q``'s own
    sentence; that sentence speaks of nobody else (no other actor, pronoun or possessive: no
    transfer, no "her friend Ivo") and puts ``q`` in no place another sentence names; the
    question does not ask the holder (by name, as one of its group, as its "than", or by a
    pronoun with nobody else to mean); no pronoun can only mean the holder; and the
    question does not ask a whole of people all told alike by their names ("Sara has 5. Ivo
    has 3. How many do they have?"). Refused (False): a holder named twice, in a transfer,
    asked, spoken of again, or one of several named holders summed."""
    holder = _spelled_alone(frame, q)
    if holder is None or not _mixed(frame, q, bound, holder):
        return False
    if _asks_holder(target, holder) or _tied_by_pronoun(frame, holder):
        return False
    if _tied_in_sentence(frame, q, holder):
        return False
    return not _parallel_holders(frame, q, bound, target)
