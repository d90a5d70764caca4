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

from practiceloop.arith.lexicon import PERSON_NOUNS, PRONOUNS
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.arith.unbearing import places_in
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


def _spelled_once(frame: ProblemFrame, word: str) -> bool:
    return len(re.findall(rf"\b{re.escape(word)}\b", frame.source_text, re.IGNORECASE)) == 1


def _spelled_alone(frame: ProblemFrame, q: QuantityView) -> str | None:
    """The holder of ``q`` when the text spells it once, as ``q``'s subject before its number in
    ``q``'s own sentence (not the question's): a capitalised name or a person noun ("Ivo has 7",
    "The mailman has 7"), or a noun owned by such a name ("Ivo's sister has 7")."""
    number = frame.mention(q.mention_id)
    if number is None or q.in_question:
        return None
    actor = frame.mention(q.subject or "")
    if actor is not None and actor.kind == "actor" and q.owner is not None:
        spelled = actor.span.text
        if actor.span.sentence_index != q.sentence or actor.span.end > number.span.start:
            return None
        if spelled.lower() != q.owner or not (spelled[:1].isupper() or q.owner in PERSON_NOUNS):
            return None
        return q.owner if _spelled_once(frame, q.owner) else None
    noun = q.subject_noun
    if q.subject is not None or q.owner is not None or noun is None:
        return None
    before = frame.source_text[: number.span.start]
    owned = re.search(rf"\b([A-Z][a-z]+)['’]s\s+{re.escape(noun)}\b", before)
    if owned is None or not _spelled_once(frame, owned.group(1)) or not _spelled_once(frame, noun):
        return None
    return noun if owned.start() >= _sentence_start(frame, q.sentence) else None


def _sentence_start(frame: ProblemFrame, sentence: int) -> int:
    return next(
        (s.start for s in frame.sentences if s.sentence_index == sentence),
        len(frame.source_text),
    )


def _possessor(frame: ProblemFrame, end: int, noun: str) -> bool:
    """The actor ending at ``end`` owns ``noun`` right after it ("Ivo's sister")."""
    after = frame.source_text[end : end + len(noun) + 4]
    return re.match(rf"['’]s\s+{re.escape(noun)}\b", after) is not None


def _first_holder(
    frame: ProblemFrame, q: QuantityView, bound: list[QuantityView], holder: str
) -> bool:
    """``holder`` is the one person the text names, before every number and every pronoun,
    and every other amount bound (no rate) counts ``q``'s thing with no holder of its own:
    the story is told of it ("Ivy picked 12 red pears and 9 green pears. If 15 of the pears
    were ripe ..."). Never beside another name, a body, or amounts of other things ("Ivo sold
    5 jars. There are 9 crates ...")."""
    first = _first_spelled(frame, holder)
    if any(m.start() < first for m in re.finditer(_THIRD_WORDS, frame.source_text)):
        return False
    if any(m.kind == "actor" and attribute(m.attributes, "name") != holder for m in frame.mentions):
        return False
    views = quantity_views(frame.mentions)
    if not all(
        (m := frame.mention(v.mention_id)) is not None and m.span.start > first for v in views
    ):
        return False
    return all(
        b.entity == q.entity
        and b.unit == q.unit
        and b.subject_noun is None
        and owner_of(frame, b) in (holder, None)
        for b in bound
        if b.mention_id != q.mention_id and b.per is None
    )


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
        and (name := attribute(m.attributes, "name")) is not None
        and name != holder
        and not _possessor(frame, m.span.end, holder)
        for m in frame.mentions
    ):
        return True  # someone else in the sentence: a transfer, a relation, a list
    here = places_in(frame, q.sentence, _PLACES)
    return any(
        here & places_in(frame, s.sentence_index, _PLACES)
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
    Tim": "she" is said before Tim is; a name that holds nothing, "a waiter at The Blue Cup",
    is nobody a pronoun means). Beside someone told before, a pronoun may mean either
    ("Bea sorted her books. Ivo bought 7 books. If she has ..."): it ties neither. A plural
    "they" or "them" may mean things or a group: it ties one name only when that name is the
    one holder the text reads (a body: "Lake School has 15 classes. They added 5 more")."""
    first = _first_spelled(frame, holder)
    text = frame.source_text
    if any(m.start() < first for m in re.finditer(_THIRD_WORDS, text)):
        return False
    holders = {owner_of(frame, v) for v in quantity_views(frame.mentions)}
    others = [
        m.span.start
        for m in frame.mentions
        if m.kind == "actor"
        and (name := attribute(m.attributes, "name")) not in (holder, None)
        and name in holders  # "The Greasy Spoon", "For Halloween": names that hold nothing
    ]
    # a plural may name a body ("Lake School has 15 classes. They added 5"), when it is
    # the one holder the text reads
    said = _THIRD_WORDS if not holders - {holder, None} else _SINGULAR_WORDS
    return any(
        found.start() > first and not any(o < found.start() for o in others)
        for found in re.finditer(said, text)
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
        m.kind == "pronoun" and m.span.text.lower() in _PLURAL and m.span.start < number.span.start
        for m in frame.mentions
    ):
        return False
    others = [b for b in bound if b.mention_id != q.mention_id and b.per is None]
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


def _mixed(
    frame: ProblemFrame,
    q: QuantityView,
    bound: list[QuantityView],
    holder: str,
    asked: int,
) -> bool:
    """The relation binds, besides ``q``, an amount that is no rate ("each ladybug has 6 dots"
    has no holder) and that the text does not tell as ``holder``'s: spelled so ("Ivo caught 8
    on Monday and 5 on Tuesday"), or by a pronoun bound to the name in a sentence of the story
    before the question (a pronoun of the question or of its "If" clause is no telling)."""
    return any(
        b.mention_id != q.mention_id
        and b.per is None
        and b.owner != holder
        and not _told_by_pronoun(frame, b, holder, asked)
        for b in bound
    )


def _told_by_pronoun(frame: ProblemFrame, b: QuantityView, holder: str, asked: int) -> bool:
    said = frame.mention(b.subject or "")
    if said is None or said.kind != "pronoun" or owner_of(frame, b) != holder:
        return False
    sentence = said.span.sentence_index
    words = sentence_words(frame, sentence)
    return sentence < asked and words[:1] != ["if"]


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
    unknown = frame.mention(target.mention_id or "")
    own_clause = unknown is not None and unknown.span.sentence_index == q.sentence
    if unknown is None or (own_clause and target.subject is None) or q.per is not None:
        return False  # the question's own clause; a rate (another's: see the proofs)
    asked = unknown.span.sentence_index
    named = any(m.kind == "actor" and m.span.sentence_index == asked for m in frame.mentions)
    if target.owner not in (None, "group") or named:
        return False  # a named owner asked: the owner checks and proofs read it
    if sentence_words(frame, q.sentence)[:1] == ["if"]:
        return False  # the question's own "If" clause: what it supposes is asked about
    holder = _spelled_alone(frame, q)
    if holder is None or not _mixed(frame, q, bound, holder, unknown.span.sentence_index):
        return False
    if _asks_holder(target, holder) or _tied_by_pronoun(frame, holder):
        return False
    if _first_holder(frame, q, bound, holder):
        return False
    if _tied_in_sentence(frame, q, holder):
        return False
    return not _parallel_holders(frame, q, bound, target)
