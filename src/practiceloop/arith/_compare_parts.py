"""Two sides of a comparison told as numbered parts of one thing (the compare organ's sides by
an ordinal phrase, not by an owner).

"A book has 2 chapters. The first chapter is 48 pages long. The second chapter is 11 pages
long. How many more pages does the first chapter have than the second chapter?" compares the
amount told of "the first chapter" with the one told of "the second chapter". These are pure
functions of the frame that the compare organ's candidates, the target proof and the set-aside
reasons share, so that they agree on what a part is:

* :func:`told_part` is the numbered part an amount is told of, only in the strict shape "the
  <ordinal> <noun> is/has <number>" right before the number ("the third chapter is 25 pages
  long"); "the first chapter of her book is", "the first chapter will be" tell none;
* :func:`asked_parts` is the two numbered parts a question compares, "does the first chapter
  have than the second chapter?": one "the <ordinal> <noun>" before "than" and one ending the
  question, of one noun, two different ordinals, and no other ordinal in the question;
* :func:`parts_read` is True when each bound side of a comparison is the one amount told of its
  asked part, and every amount told of an asked part is bound (a part told twice is refused);
* :func:`other_part` and :func:`parts_counted` are the reasons the text states for an amount a
  comparison of parts does not use: told of another numbered part of the same noun ("the third
  chapter is 25 pages long"), or the count of those parts ("A book has 3 chapters"), never less
  than the highest part told.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import QuantityView, TargetView, entity_compatible, quantity_views
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "ORDINAL_VALUES",
    "asked_parts",
    "asked_sentence",
    "other_part",
    "parts_counted",
    "parts_read",
    "question_text",
    "sides_by_parts",
    "told_part",
]

ORDINAL_VALUES: Final = {
    word: index + 1
    for index, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth".split()
    )
}
"""The ordinals that number a part, with the place each names."""

_ORD: Final = "|".join(ORDINAL_VALUES)
_TOLD: Final = re.compile(rf"\bthe ({_ORD}) ([a-z]+) (?:is|was|has|had|contains|contained) $")
_ASKED: Final = re.compile(
    rf"\b(?:does|did|do) the ({_ORD}) ([a-z]+) (?:have|contain)\b[^?]*?"
    rf"\bthan the ({_ORD}) ([a-z]+)\s*\??\s*$"
)

Part = tuple[int, str]
"""A numbered part: its place (1 for "first") and its noun's key ("chapter")."""


def told_part(frame: ProblemFrame, q: QuantityView) -> Part | None:
    """The numbered part ``q`` is told of: "the first chapter is 48 pages long" tells 48 of
    (1, "chapter"). Only a plain amount (no rate, no comparison, not in the question) whose
    sentence says "the <ordinal> <noun> is/was/has/had/contains" right before its number, the
    noun its reader-read subject; None otherwise ("the first chapter of her book is 48", "the
    first chapter will be 48", "the first chapter is 11 pages longer")."""
    if q.in_question or q.per is not None or q.compare is not None or q.subject_noun is None:
        return None
    sentence = next((s for s in frame.sentences if s.sentence_index == q.sentence), None)
    if sentence is None:
        return None
    before = frame.source_text[max(0, q.start - 60) : q.start].lower()
    found = _TOLD.search(before)
    if found is None or noun_key(found.group(2)) != q.subject_noun:
        return None
    return ORDINAL_VALUES[found.group(1)], q.subject_noun


def asked_sentence(frame: ProblemFrame, target: TargetView) -> int:
    """The index of the sentence the question's unknown is read in (-1 when unread)."""
    unknown = frame.mention(target.mention_id or "")
    return unknown.span.sentence_index if unknown is not None else -1


def question_text(frame: ProblemFrame, target: TargetView) -> str:
    """The text of the sentence the question's unknown is read in ("" when unread)."""
    asked_in = asked_sentence(frame, target)
    return next((s.text for s in frame.sentences if s.sentence_index == asked_in), "")


def asked_parts(frame: ProblemFrame, target: TargetView) -> tuple[Part, Part] | None:
    """The compared and the referent part a question names: "How many more pages does the
    first chapter have than the second chapter?" asks (1, "chapter") against (2, "chapter").
    None unless the question says "does/did the <ordinal> <noun> have ... than the <ordinal>
    <noun>" ending it, one noun, two places, and no third ordinal ("than the second and the
    third chapter" is no one part), and the question is a comparison's."""
    if target.state not in ("more", "fewer") and target.than is None:
        return None
    question = question_text(frame, target).lower()
    found = _ASKED.search(question)
    if found is None:
        return None
    if sum(w in ORDINAL_VALUES for w in re.findall(r"[a-z]+", question)) != 2:
        return None
    first, noun, second, than_noun = found.groups()
    if noun_key(noun) != noun_key(than_noun) or first == second:
        return None
    return (ORDINAL_VALUES[first], noun_key(noun)), (ORDINAL_VALUES[second], noun_key(noun))


def _told_of(frame: ProblemFrame, part: Part, target: TargetView) -> list[QuantityView]:
    return [
        q
        for q in quantity_views(frame.mentions)
        if told_part(frame, q) == part and entity_compatible(q.entity, q.modifier, q.unit, target)
    ]


def part_sides(
    frame: ProblemFrame, target: TargetView
) -> tuple[list[QuantityView], list[QuantityView]] | None:
    """The amounts told of the question's compared and referent parts (:func:`asked_parts`)
    of the asked thing, or None when the question names no two parts."""
    parts = asked_parts(frame, target)
    if parts is None:
        return None
    return _told_of(frame, parts[0], target), _told_of(frame, parts[1], target)


def parts_read(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """True when the question names no two parts, or each side of ``relation`` (one compared
    and one referent amount) is the one amount the text tells of its asked part; a part told
    twice, or told of another thing than the asked one, is refused."""
    sides = part_sides(frame, target)
    if sides is None:
        return True
    compared, referent = sides
    if len(compared) != 1 or len(referent) != 1:
        return False
    return (
        relation.role("compared") == compared[0].mention_id
        and relation.role("referent") == referent[0].mention_id
    )


def sides_by_parts(frame: ProblemFrame, relation: Relation, target: TargetView | None) -> bool:
    """True when the question names two parts (:func:`asked_parts`) and ``relation``'s sides
    are the amounts told of them (:func:`parts_read`): the text tells the sides apart by their
    part, so one owner (or none) may hold both."""
    if target is None or asked_parts(frame, target) is None:
        return False
    return parts_read(frame, relation, target)


def other_part(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` is told of another numbered part of the noun the question compares parts of:
    "the third chapter is 25 pages long" against "does the first chapter have than the second
    chapter?"."""
    parts = asked_parts(frame, target)
    told = told_part(frame, q)
    return parts is not None and told is not None and told[1] == parts[0][1] and told not in parts


def parts_counted(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` counts the parts the question compares ("A book has 3 chapters" against "does the
    first chapter have than the second chapter?"): a plain count of that noun, outside the
    question, no less than the highest part the text tells."""
    parts = asked_parts(frame, target)
    if parts is None or q.in_question or q.per is not None or q.compare is not None:
        return False
    if q.unit is not None or q.entity != parts[0][1] or q.value is None:
        return False
    places = [
        told[0]
        for view in quantity_views(frame.mentions)
        if (told := told_part(frame, view)) is not None and told[1] == parts[0][1]
    ]
    return bool(places) and q.value.denominator == 1 and q.value >= max(places)
