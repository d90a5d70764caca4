"""Filled groups and more of the same move beside them: one reading, shared by the reader's
proposal (:mod:`practiceloop.arith._compositions`) and the ``groups_combine`` organ's
candidates (:mod:`practiceloop.arith.organs.composed`).

"Gustavo bought 6 tickets for $7 each and a program for $5. How much did he spend?" and
"Tanvir drove 55 miles an hour for 4 hours and then drove 30 more miles. How far did he drive
in all?" tell one move (one verb, one way) of a rate's filled groups and of more of the asked
thing beside them: what the verb moved in all is the groups filled plus those amounts
(``groups_combine``: whole = groups × per_group + Σ parts).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._share_checks import target_sentence
from practiceloop.arith._target_checks import NOT_DONE_WORDS
from practiceloop.arith.lexicon import HAVE_VERBS, noun_key, verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    sentence_words,
)
from practiceloop.kernel.frame import Mention, ProblemFrame

__all__ = [
    "asks_the_move_in_all",
    "item_left_unpriced",
    "item_named_again",
    "listed_before_the_count",
    "listed_beside_the_groups",
    "move_told_not_done",
]


def _plain(q: QuantityView) -> bool:
    return q.per is None and q.compare is None and not q.in_question


def asks_the_move_in_all(size: QuantityView, target: TargetView) -> bool:
    """The question asks what the rate's verb moved, in all: its own verb ("How far did he
    drive?") or a verb moving the asked thing the rate's way ("How much did she spend?" over
    a price paid), no state but "in all", no verb of having, no size of a share asked."""
    if target.state not in (None, "in_all") or target.per is not None:
        return False
    if target.verb is None or target.verb in HAVE_VERBS or size.direction is None:
        return False
    same = verb_key(target.verb) == verb_key(size.verb)
    return same or target.direction == size.direction


def listed_beside_the_groups(
    views: tuple[QuantityView, ...],
    size: QuantityView,
    target: TargetView,
    before: frozenset[str] = frozenset(),
) -> list[QuantityView]:
    """The amounts of the asked thing told beside the groups the rate ``size`` fills, as one
    move: each moved by the rate's verb (the same lemma, the same way), told after the rate's
    one count of groups in its sentence, of the rate's owner; the groups told with that verb;
    nothing of the asked thing held or moved otherwise; and the question asks what the verb
    moved in all (:func:`asks_the_move_in_all`). Empty when the reading does not hold ("had
    $50. She bought 3 books for $12 each" holds a start: a change; "bought 3 shirts for $15
    each and sold a hat for $9" is two moves). An amount told before the count is listed only
    when its id is in ``before`` (:func:`listed_before_the_count`: "bought a lamp for $30 and
    two chairs for $15 each"), never a total told first ("For $30 she bought 2 chairs at $15
    each")."""
    if size.per in (None, "each") or not asks_the_move_in_all(size, target):
        return []
    if target.subject_noun is not None or target.owner not in (None, size.owner):
        return []  # "How much did his sister spend?": another spender asked
    verb = verb_key(size.verb)
    groups = [q for q in views if _plain(q) and size.per in (q.entity, q.unit)]
    if len(groups) != 1 or verb is None:
        return []
    counted = groups[0]
    if counted.state is not None or verb_key(counted.verb) != verb:
        return []
    if counted.sentence != size.sentence:
        return []
    things = [
        q
        for q in views
        if _plain(q) and q.mention_id != counted.mention_id
        and entity_compatible(q.entity, None, q.unit, target)
    ]  # fmt: skip
    listed = [
        q
        for q in things
        if q.direction == size.direction
        and verb_key(q.verb) == verb
        and q.sentence == size.sentence
        and (q.start > counted.start or q.mention_id in before)
        and q.owner == size.owner
        and q.state is None
    ]
    if not listed or len(listed) != len(things):
        return []
    if target.side is not None and any(q.side != target.side for q in (counted, *listed)):
        return []  # "... and a program for $5 yesterday. How much did he spend today?"
    return listed


def listed_before_the_count(mentions: tuple[Mention, ...]) -> frozenset[str]:
    """The prices the reader marked as an item listed right before a count at a price each,
    joined to it by "and" (:func:`~practiceloop.arith.reader.distributive.priced_item_before`:
    "bought a lamp for $30 and two chairs for $15 each")."""
    return frozenset(
        m.mention_id for m in mentions if ("listed", "before_count") in m.attributes
    )


_ITEMS: Final = re.compile(r",|\b(?:and|plus)\b")


_WORD: Final = re.compile(r"[A-Za-z]+")


def item_named_again(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Gustavo bought 6 tickets for $7 each and a program for $5. He returned the program.":
    an item listed beside the filled groups (its price's ``object``, the program) is named
    again in another sentence, where something may be done to it (returned, lost, given
    back): what the move came to in all is then not what the list tells alone."""
    nouns: dict[int, set[str]] = {}
    for name, q in bound.items():
        if not name.startswith("part_") or q.in_question:
            continue
        mention = frame.mention(q.mention_id)
        thing = attribute(mention.attributes, "object") if mention is not None else None
        if thing:
            nouns.setdefault(q.sentence, set()).add(noun_key(thing))
    for told, things in nouns.items():
        for index, sentence in enumerate(frame.sentences):
            if index == told:
                continue
            if things & {noun_key(w) for w in _WORD.findall(sentence.text)}:
                return True
    return False


def item_left_unpriced(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Gustavo bought 6 tickets for $7 each, a program for $5 and a hat.": the list the
    filled groups and the amounts beside them are told in (from the first amount bound in the
    groups' sentence to its end, split at commas, "and", "plus") holds an item with no bound
    amount (the hat): what the move came to in all is not told."""
    groups = bound.get("groups")
    if groups is None or groups.in_question:
        return False
    sentence = frame.sentences[groups.sentence]
    spans = [
        m.span
        for q in bound.values()
        if q.sentence == groups.sentence and (m := frame.mention(q.mention_id)) is not None
    ]
    first = min(span.start for span in spans)
    text = frame.source_text
    blanked = list(text[first : sentence.end])
    for span in spans:  # a bound amount's own marks ("$3.20", "1,000") are no list marks
        for at in range(span.start - first, span.end - first):
            blanked[at] = "#"
    items = _ITEMS.split("".join(blanked))
    return any("#" not in item and re.search(r"[A-Za-z]", item) for item in items)


_ASKED_AHEAD: Final = frozenset({"will", "would", "can", "could", "might", "may", "should"})


def move_told_not_done(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Tanvir will drive 55 miles an hour for 4 hours and then drive 30 more miles. How far
    did he drive in all?": the groups' clause (from the last comma before their count) tells
    the move not done ("will", "going", "wants", a modal: ``NOT_DONE_WORDS``) while the
    question asks it as done (none of "will", "would", "can", "could", "might", "may",
    "should" in it), or the move told done is asked ahead ("bought ... How much will he
    spend?"). "wants to buy ... How much will he spend?" asks the move as planned."""
    groups = bound.get("groups")
    if groups is None or groups.in_question:
        return False
    mention = frame.mention(groups.mention_id)
    if mention is None:
        return False
    ahead = bool(_ASKED_AHEAD & set(sentence_words(frame, target_sentence(frame))))
    sentence = frame.sentences[groups.sentence]
    clause = re.split(r"[,;]", frame.source_text[sentence.start : mention.span.start].lower())[-1]
    return ahead != bool(NOT_DONE_WORDS & set(re.findall(r"[a-z]+", clause)))
