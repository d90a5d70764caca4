"""Two sides of a comparison told by where an amount came from or went to (the compare
organ's sides by an event phrase, not by an owner).

"Zoe received 6 dollars from her aunt. Her uncle gave her 9 dollars. How much more money did
she receive from her uncle than she did from her aunt?" compares the amount that came from the
uncle with the one that came from the aunt; "Leo used 5 tickets to buy some pens and 8 more
to buy some cups. How many more tickets did Leo use to buy cups than he did to buy pens?"
compares what went to each purchase. Pure functions of the frame that the compare organ's
candidates, the target proof and the contract share:

* :func:`told_event` is the event an amount is told with, in a strict shape around its
  number: a source ("6 dollars from her aunt", "Her uncle gave her 9 dollars") or a purpose
  ("8 more to buy some cups", "$ 4 on cups");
* :func:`asked_events` is the two events a question compares, of one kind, ending the
  question: "from her uncle than she did from her aunt", "to buy cups than he did to buy
  pens", "spend on cups than pens" ("on monday than on tuesday" is a time, no event);
* :func:`events_read` is True when each bound side is the one amount told with its asked
  event, and the story has at most one person (a "her" or a "him" that may be another's is
  never read as the asked one's);
* :func:`other_event` is the reason the text states for an amount such a comparison does not
  use: a question of sources asks no loss or holding, a question of purposes no gain or
  holding.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._compare_parts import asked_sentence, question_text
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    entity_compatible,
    quantity_views,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "asked_events",
    "event_sides",
    "events_read",
    "other_event",
    "sides_by_events",
    "told_event",
]

Event = tuple[str, str]
"""An event: its kind (``from`` a source, ``for`` a purpose) and its noun's key."""

_DET: Final = r"(?:her|his|their|the)"
_SOME: Final = r"(?:some |a |an |the )?"
_PRONOUN: Final = r"(?:she|he|they)"
_FROM_AFTER: Final = re.compile(rf"^(?: [a-z]+){{0,2}} from {_DET} ([a-z]+)\b")
_GAVE_BEFORE: Final = re.compile(rf"\b{_DET} ([a-z]+) gave (?:her|him|them) $")
_FOR_AFTER: Final = re.compile(rf"^(?: [a-z]+){{0,2}} (?:to buy|on) {_SOME}([a-z]+)\b")
_ASKED: Final = (
    ("from", re.compile(rf"\bfrom {_DET} ([a-z]+) than {_PRONOUN} did from {_DET} ([a-z]+)$")),
    ("for", re.compile(rf"\bto buy {_SOME}([a-z]+) than {_PRONOUN} did to buy {_SOME}([a-z]+)$")),
    ("for", re.compile(r"\bspend on ([a-z]+) than (?:on )?([a-z]+)$")),
)


def _after(frame: ProblemFrame, q: QuantityView) -> str:
    """The clause after ``q``'s number (its own words, up to the next number or stop)."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return ""
    text = frame.source_text[mention.span.end : mention.span.end + 60].lower()
    return re.split(r"[0-9.,;!?]| and ", text)[0]


def told_event(frame: ProblemFrame, q: QuantityView) -> Event | None:
    """The event ``q`` is told with: ("from", "aunt") for "received 6 dollars from her aunt"
    or "Her aunt gave her 6 dollars"; ("for", "cup") for "8 more to buy some cups" or "$ 4 on
    cups". Only a plain amount outside the question, read as a gain for a source and as a
    loss for a purpose; None otherwise ("6 dollars for her aunt", "Her aunt will give her 6
    dollars": no "gave"). Whether the move is told as done the target proof checks
    (``told_not_yet``: "She wants to get 6 dollars from her aunt")."""
    if q.in_question or q.per is not None or q.compare is not None:
        return None
    mention = frame.mention(q.mention_id)
    if mention is None:
        return None
    before = frame.source_text[max(0, mention.span.start - 40) : mention.span.start].lower()
    after = _after(frame, q)
    if q.direction == "gain":
        found = _FROM_AFTER.search(after) or _GAVE_BEFORE.search(before)
        return ("from", noun_key(found.group(1))) if found is not None else None
    if q.direction == "loss":
        found = _FOR_AFTER.search(after)
        return ("for", noun_key(found.group(1))) if found is not None else None
    return None


_SUBJECT_PRONOUNS: Final = frozenset({"she", "he", "they"})


def _asked_person_told(frame: ProblemFrame, question: str, asked_in: int) -> bool:
    """True when the question's subject ("did she receive", "did Leo use") and the pronoun
    after its "than" ("than she did") are the story's: a name the reader read as an actor, or
    a pronoun the story itself uses ("did he receive" after a story told only with "she" may
    ask about anyone)."""
    subject = re.search(r"\b(?:did|does|do) ([a-z]+) ", question)
    asked = re.findall(r"\bthan ([a-z]+) did\b", question)
    if subject is None:
        return False
    story = " ".join(s.text.lower() for s in frame.sentences if s.sentence_index != asked_in)
    told = set(re.findall(r"[a-z]+", story))
    names = actor_names(frame)
    for person in [subject.group(1), *asked]:
        if person in _SUBJECT_PRONOUNS and person not in told:
            return False
        if person not in _SUBJECT_PRONOUNS and person not in names:
            return False
    return True


def asked_events(frame: ProblemFrame, target: TargetView) -> tuple[Event, Event] | None:
    """The compared and the referent event a comparison's question ends with: "...did she
    receive from her uncle than she did from her aunt?" asks ("from", "uncle") against
    ("from", "aunt"). None unless the question asks "more" or "fewer", ends in one of the
    shapes, names two different nouns, and its verb moves the way the kind does (a gain from a
    source, "receive"; a loss for a purpose, "use", "spend")."""
    if target.state not in ("more", "fewer"):
        return None
    question = re.sub(r"[?.!\s]+$", "", question_text(frame, target).lower())
    for kind, shape in _ASKED:
        found = shape.search(question)
        if found is not None:
            if target.direction != ("gain" if kind == "from" else "loss"):
                return None  # "did she spend from her uncle": no amount came in to spend
            if not _asked_person_told(frame, question, asked_sentence(frame, target)):
                return None  # "did he receive ..." in a story told only of "she"
            first, second = (noun_key(word) for word in found.groups())
            return ((kind, first), (kind, second)) if first != second else None
    return None


def event_sides(
    frame: ProblemFrame, target: TargetView
) -> tuple[list[QuantityView], list[QuantityView]] | None:
    """The amounts of the asked thing told with the question's compared and referent events
    (:func:`asked_events`), or None when the question names no two events."""
    events = asked_events(frame, target)
    if events is None:
        return None
    views = [
        q
        for q in quantity_views(frame.mentions)
        if entity_compatible(q.entity, q.modifier, q.unit, target)
    ]
    return (
        [q for q in views if told_event(frame, q) == events[0]],
        [q for q in views if told_event(frame, q) == events[1]],
    )


def events_read(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """True when the question names no two events, or the story names at most one person,
    each side of ``relation`` is the one amount told with its asked event (an event told
    twice, or of another thing, is refused), and no other amount is told in a sentence that
    names an asked event's noun ("She got $ 3 back for the forks" may change that side)."""
    sides = event_sides(frame, target)
    if sides is None:
        return True
    compared, referent = sides
    if len(actor_names(frame)) > 1 or len(compared) != 1 or len(referent) != 1:
        return False
    bound = {compared[0].mention_id, referent[0].mention_id}
    nouns = {told[1] for q in compared + referent if (told := told_event(frame, q)) is not None}
    for q in quantity_views(frame.mentions):
        if q.mention_id not in bound and not q.in_question and _names(frame, q.sentence, nouns):
            return False  # "She got $ 3 back for the forks": another amount of an asked event
    return (
        relation.role("compared") == compared[0].mention_id
        and relation.role("referent") == referent[0].mention_id
    )


def _names(frame: ProblemFrame, sentence: int, nouns: set[str]) -> bool:
    """True when sentence ``sentence`` spells one of ``nouns`` (by its noun key)."""
    text = next((s.text for s in frame.sentences if s.sentence_index == sentence), "")
    return bool({noun_key(word) for word in re.findall(r"[a-z]+", text.lower())} & nouns)


def sides_by_events(frame: ProblemFrame, relation: Relation, target: TargetView | None) -> bool:
    """True when the question names two events (:func:`asked_events`) and ``relation``'s
    sides are the amounts told with them (:func:`events_read`)."""
    if target is None or asked_events(frame, target) is None:
        return False
    return events_read(frame, relation, target)


def other_event(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` is no amount of the kind of event the question compares: a question of sources
    ("from her uncle than she did from her aunt") asks what came in, and ``q`` is no gain (she
    spent 4 dollars, she had 3); a question of purposes ("to buy cups than he did to buy pens")
    asks what went out, and ``q`` is no loss (he had won 13 tickets). A gain with no source, or
    a loss with no purpose, may be one of the asked sides' and is never set aside; nor is an
    amount whose sentence names an asked event's noun ("She got $ 3 back for the forks")."""
    events = asked_events(frame, target)
    if events is None or q.in_question or q.per is not None or q.compare is not None:
        return False
    if told_event(frame, q) is not None:
        return False
    moving = "gain" if events[0][0] == "from" else "loss"
    if q.direction == moving or q.additional:
        return False
    return not _names(frame, q.sentence, {events[0][1], events[1][1]})  # "$ 3 back for forks"
