"""Two sides of a comparison told apart only by what their verb acts on.

"If 408 students suggested adding mashed potatoes while 42 suggested adding bacon to the
menu, how many more students suggested mashed potatoes than those that suggested bacon?"
counts students twice, with one verb, no owner, no kind and no time: only the words after the
verb ("adding mashed potatoes", "adding bacon") tell the two amounts apart, and the question
names each side by some of those words. Reading them is what makes the 408 the compared side;
without it a comparison would take the two amounts in whichever order gives a positive
difference, right or wrong. Pure functions of a frame, quantity views and the target, shared
by the compare organ's candidates, the target proof and the set-aside reasons:

* :func:`asked_objects` is the words the question names each side by: after its verb and
  before "than" ("mashed potatoes"), and after "than" ("bacon");
* :func:`told_words` is the words of an amount's own clause, from its number to the next
  number or the end of its clause ("students suggested adding mashed potatoes");
* :func:`object_side` is which asked side an amount's clause names (``compared``,
  ``referent``, or None when it names both, neither, or the question names none);
* :func:`told_apart_otherwise` is True when a comparison's two sides are told apart by an
  owner, a kind, a time or purpose, a verb, a numbered part or an event;
* :func:`sides_by_object_unread` is the target proof's check: sides told apart by nothing
  else must be the ones the question names by their words;
* :func:`other_object_side` is the reason the text states for a third amount whose clause
  names neither asked side ("97 suggested adding tomatoes").
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._compare_events import sides_by_events
from practiceloop.arith._compare_parts import sides_by_parts
from practiceloop.arith.lexicon import PRONOUNS, STOP_WORDS, noun_key, verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    entity_compatible,
    owner_of,
    quantity_views,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "asked_objects",
    "object_side",
    "other_object_side",
    "sides_by_object_unread",
    "told_apart_otherwise",
    "told_words",
]

_NOT_NAMING: Final = (
    STOP_WORDS
    | PRONOUNS
    | frozenset(
        {
            "those",
            "that",
            "who",
            "which",
            "ones",
            "one",
            "people",
            "did",
            "do",
            "does",
            "were",
            "was",
            "are",
            "is",
            "had",
            "have",
            "has",
            "compared",
        }
    )
)
"""Words that name no side: function words, pronouns, auxiliaries, "those that"."""

_ENDS: Final = re.compile(r"[.;?!]|\bwhile\b|\bbut\b|\bwhereas\b|\bthan\b")


def _content(words: list[str], drop: set[str]) -> frozenset[str]:
    """The noun keys of ``words`` that may name a side: no function word, no asked verb or
    counted noun (``drop``, as keys), no number."""
    found = set()
    for word in words:
        if word in _NOT_NAMING or word.isdigit():
            continue
        key = noun_key(word)
        if key in drop or verb_key(word) in drop:
            continue
        found.add(key)
    return frozenset(found)


def _question(frame: ProblemFrame, target: TargetView) -> tuple[int, str]:
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return -1, ""
    sentence = frame.sentences[unknown.span.sentence_index]
    return unknown.span.end, frame.source_text[unknown.span.end : sentence.end].lower()


def asked_objects(
    frame: ProblemFrame, target: TargetView
) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words the question names its compared and its referent side by: "How many more
    students suggested mashed potatoes than those that suggested bacon?" gives ({mashed,
    potato}, {bacon}); "than for pasta" after "voted for pizza" gives ({pizza}, {pasta}).
    None unless the question compares ("more"/"fewer" and one "than"), names a verb, and
    names each side by at least one word the other does not."""
    if target.state not in ("more", "fewer") or target.verb is None:
        return None
    _, rest = _question(frame, target)
    if rest.count(" than ") != 1:
        return None
    before, after = rest.split(" than ")
    drop = {
        x
        for x in (verb_key(target.verb), verb_key(target.than_verb), target.entity, target.unit)
        if x is not None
    }
    words_before = re.findall(r"[a-z]+", before)
    asked = verb_key(target.verb)
    starts = [i for i, w in enumerate(words_before) if verb_key(w) == asked]
    compared = _content(words_before[starts[-1] + 1 :] if starts else [], drop)
    referent = _content(re.findall(r"[a-z]+", after), drop)
    if not compared or not referent or compared <= referent or referent <= compared:
        return None
    return compared, referent


def told_words(frame: ProblemFrame, q: QuantityView) -> frozenset[str]:
    """The words of ``q``'s own clause after its number, up to the next number or the end of
    its clause ("while", "but", a stop), as noun keys; the counted noun and function words
    dropped."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return frozenset()
    sentence = frame.sentences[mention.span.sentence_index]
    starts = [
        m.span.start
        for m in frame.mentions
        if m.kind in ("quantity", "unknown") and mention.span.end <= m.span.start < sentence.end
    ]
    end = min([*starts, sentence.end])
    text = frame.source_text[mention.span.end : end].lower()
    stop = _ENDS.search(text)
    text = text[: stop.start()] if stop else text
    drop = {x for x in (q.entity, q.unit) if x is not None}
    return _content(re.findall(r"[a-z]+", text), drop)


def object_side(frame: ProblemFrame, q: QuantityView, target: TargetView) -> str | None:
    """``compared`` or ``referent``: the one asked side whose words ``q``'s clause spells
    (:func:`asked_objects`, :func:`told_words`); None when it spells both, neither, or the
    question names no side by words."""
    asked = asked_objects(frame, target)
    if asked is None:
        return None
    said = told_words(frame, q)
    compared, referent = asked[0] <= said, asked[1] <= said
    if compared == referent:
        return None
    return "compared" if compared else "referent"


def told_apart_otherwise(
    frame: ProblemFrame,
    relation: Relation,
    compared: QuantityView,
    referent: QuantityView,
    target: TargetView,
) -> bool:
    """The text tells the two sides apart by something the reader reads: two holders, two
    kinds, two times or purposes, two verbs, two numbered parts or two events."""
    first, second = owner_of(frame, compared), owner_of(frame, referent)
    if first is not None and second is not None and first != second:
        return True
    if not entity_compatible(compared.entity, compared.modifier, compared.unit, referent):
        return True
    if compared.side != referent.side or compared.activity != referent.activity:
        return True
    verbs = (compared.verb, referent.verb)
    if None not in verbs and verb_key(verbs[0]) != verb_key(verbs[1]):
        return True
    return sides_by_parts(frame, relation, target) or sides_by_events(frame, relation, target)


def sides_by_object_unread(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """True when a comparison's two bound sides are told apart by nothing the reader reads
    (:func:`told_apart_otherwise`) and are not the two the question names by their words:
    "42 students suggested adding mashed potatoes while 408 suggested adding bacon. How many
    more students suggested mashed potatoes than bacon?" binds 408 as the compared side only
    by the sign of the difference. Only for a difference asked, each side one amount."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    compared = views.get(relation.role("compared") or "")
    referent = views.get(relation.role("referent") or "")
    if compared is None or referent is None or relation.role("difference") != target.mention_id:
        return False
    if told_apart_otherwise(frame, relation, compared, referent, target):
        return False
    return not (
        object_side(frame, compared, target) == "compared"
        and object_side(frame, referent, target) == "referent"
    )


def other_object_side(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The set-aside reason ``other_object_side``: the question names its two sides by the
    words after their verb ("mashed potatoes than those that suggested bacon"), the relation
    binds one amount on each, and ``q``, an amount of the asked thing with the asked verb
    listed in a sentence with a bound side, spells words of its own and neither side's ("97
    suggested adding tomatoes")."""
    asked = asked_objects(frame, target)
    if asked is None or organ != "compare" or q.in_question or q.compare is not None:
        return False
    if not entity_compatible(q.entity, None, q.unit, target) or q.per is not None:
        return False
    if verb_key(q.verb) != verb_key(target.verb):
        return False
    said = told_words(frame, q)
    if not said or asked[0] <= said or asked[1] <= said:
        return False
    sides = {object_side(frame, b, target) for b in bound if not b.in_question}
    listed = any(b.sentence == q.sentence for b in bound if not b.in_question)
    return listed and sides == {"compared", "referent"}
