"""The reasons a text states for a number no role uses, re-derived from a frame's spans.

A quantity a relation does not bind is accounted for only when the text itself sets it apart
from what the question asks (:func:`set_aside_reason`): an actor named in its own clause who is
nobody the question or the relation is about; a time spelled in its sentence that the question
does not ask; a verb of another class than the asked one; another activity; another object of a
purchase the question names; a state before the asked "now"; another named thing or kind
listed against a bound amount in one coordination. Counting another thing alone is no reason.

Used by the text-accounting proofs (:mod:`.accounting`) and by the organs' contract, which
holds a practised exclusion to the same reasons. Pure functions of a frame, a relation, a
quantity view and the target; they read the frame's spans and source text only to check a
reason, never to infer a role.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

from practiceloop.arith._compare_events import other_event
from practiceloop.arith._compare_parts import other_part, parts_counted
from practiceloop.arith._coordination import (
    clauses_joined,
    coordinated,
    listed_apart,
    named_by_a_bound_rate,
    one_verb,
)
from practiceloop.arith._object_sides import other_object_side
from practiceloop.arith._told_sides import other_kind, other_side
from practiceloop.arith.kin_holders import bound_of_anothers, kin_holder, question_words
from practiceloop.arith.lexicon import PRONOUNS, STOP_WORDS, noun_key
from practiceloop.arith.lexicon import verb_class as verb_category
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    is_direction_role,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.arith.relative_clauses import described_apart
from practiceloop.arith.restated import restated_numbers, restated_periods
from practiceloop.arith.sources import other_source
from practiceloop.arith.unbearing import UNBEARING_REASONS, SetAsideReason
from practiceloop.arith.unbearing_rates import groups_of_another_thing
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = [
    "SET_ASIDE_REASONS",
    "before_now_sentence",
    "bound_ids",
    "listed_beside",
    "restated_numbers",
    "restated_periods",
    "sentence_words",
    "set_aside_reason",
    "verb_category",
]

SET_ASIDE_REASONS: Final = (
    "other_owner",
    "kin_holder",
    "other_object",
    "other_time",
    "other_verb",
    "other_activity",
    "before_now",
    "listed_other_thing",
    "compared_to_other",
    "counted_in_parts",
    "required_other_thing",
    "restated_periods",
    "other_part",
    "parts_counted",
    "other_event",
    "other_side",
    "other_object_side",
    "other_kind",
    "other_source",
    "groups_of_another_thing",
    "described_apart",
    *(name for name, _ in UNBEARING_REASONS),
)
"""The reasons the text may state for a quantity no role uses (see :func:`set_aside_reason`)."""


_OBJECT_PRONOUNS: Final = PRONOUNS | {"me", "us", "you", "him", "her", "them"}


def bound_ids(relation: Relation) -> list[str]:
    return [m for name, m in relation.roles if m is not None and not is_direction_role(name)]


def _actor_read(frame: ProblemFrame, q: QuantityView) -> str | None:
    """The owner of ``q`` when an actor mention in its own sentence names it, else None."""
    if q.owner is None or q.owner == "group" or q.subject is None:
        return None
    actor = frame.mention(q.subject)
    if actor is None or actor.kind != "actor" or actor.span.sentence_index != q.sentence:
        return None
    if attribute(actor.attributes, "name") != q.owner:
        return None
    spelled = actor.span.text.lower().removesuffix("'s").removesuffix("’s")
    if spelled != q.owner:
        return None
    # a subject, not an object: no preposition before it ("from Jane", "to Tom"), and the
    # number's verb after it ("Fred had 60 dollars", not "gave Charles 156 sheets")
    text = frame.source_text
    before = re.findall(r"[A-Za-z]+", text[max(0, actor.span.start - 12) : actor.span.start])
    mention = frame.mention(q.mention_id)
    verb = (q.verb or "").split()[:1]
    between = re.findall(r"[A-Za-z]+", text[actor.span.end : mention.span.start] if mention else "")
    if before[-1:] and before[-1].lower() in _PREPOSITIONS and not _opens_a_clause(frame, actor):
        return None
    if not verb or verb[0] not in (w.lower() for w in between):
        return None
    return q.owner


_CLAUSE_AND: Final = re.compile(r"\d[\d,.]*\s+[A-Za-z]+(?:\s+[a-z]+)?\s+and\s+$")


def _opens_a_clause(frame: ProblemFrame, actor: Mention) -> bool:
    """The "and" before ``actor`` joins a new clause, not a second subject: it follows an
    amount and its noun ("Fred had 19 dollars and Jason had 16 dollars"), never a name ("Fred
    and Jason had 35 dollars") or a verb ("gave Fred and Jason 5")."""
    before = frame.source_text[max(0, actor.span.start - 40) : actor.span.start]
    return _CLAUSE_AND.search(before) is not None


def _asked_owners(frame: ProblemFrame, target: TargetView) -> frozenset[str]:
    """The owners the question asks about: its one owner, or each of a group's."""
    asked = owner_of(frame, target)
    return target.owners if asked == "group" else frozenset(a for a in (asked,) if a)


def _other_owner(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The text says whose ``q`` is, and it is nobody the relation or the question is about:
    an actor named in ``q``'s own sentence, who is not the asked owner (read), not the other
    side of the question's "than", not the owner of any bound amount, and whose clause names no
    asked owner and no one by a pronoun (no transfer to or from someone the question asks
    about: "Fred gave Jason 5" or "gave him 5" is Jason's too)."""
    owner = _actor_read(frame, q)
    askeds = _asked_owners(frame, target)
    if owner is None or not askeds or owner in askeds or owner == target.than:
        return False
    if any(owner_of(frame, b) == owner for b in bound) or bound_of_anothers(frame, bound, owner):
        return False
    if q.direction == "loss" and not _holds_some(frame, owner, q):
        return False  # "Then Joe ate 4": of whose apples, when Joe is told to have none?
    actor = frame.mention(q.subject or "")
    mention = frame.mention(q.mention_id)
    if actor is None or mention is None:
        return False
    clause = _clause(frame.source_text, actor.span.start, mention.span.end)
    words = re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]", clause.lower())
    objects = [
        w
        for i, w in enumerate(words[1:], start=1)
        if w in _OBJECT_PRONOUNS
        and (w not in _POSSESSIVE or not _noun_next(words, i) or words[i - 1] in _TOWARD)
    ]
    return not askeds & {noun_key(w) for w in words} and not objects


_TOWARD: Final = frozenset({"to", "for", "from", "in", "into", "on", "onto", "at", "inside"})
"""Prepositions before a possessive that put the amount in or take it from someone's thing
("put 6 apples in her basket": whose basket the text does not say)."""


def _holds_some(frame: ProblemFrame, owner: str, q: QuantityView) -> bool:
    """The text tells ``owner`` holding some of what ``q`` counts, by an amount of no move
    ("Joe had 10 apples"): a loss of ``owner``'s may be of that, not of someone else's."""
    return any(
        v.mention_id != q.mention_id
        and v.direction is None
        and v.per is None
        and not v.in_question
        and v.entity == q.entity
        and owner_of(frame, v) == owner
        for v in quantity_views(frame.mentions)
    )


_PHRASE_WORDS: Final = frozenset({"of", "more", "fewer", "less", "new", "old", "different"})
"""Stop words that may stand inside a counted noun phrase ("3 bags of rice", "86 old games")."""


_PREPOSITIONS: Final = frozenset(
    {"from", "to", "with", "by", "for", "of", "at", "than", "and", "gave", "give", "gives"}
)
"""Words before a name that make it no subject ("from Jane", "gave Charles")."""

_POSSESSIVE: Final = frozenset({"her", "his", "their", "its", "my", "our", "your"})


def _noun_next(words: list[str], index: int) -> bool:
    """The word after ``words[index]`` is a word (a possessive's noun), not a number or mark."""
    nxt = words[index + 1] if index + 1 < len(words) else ""
    return nxt.isalpha() and nxt not in ("a", "an", "the", "some")


def _clause(text: str, start: int, end: int) -> str:
    """``text`` from ``start`` to the end of the clause holding ``end``: the next mark or
    clause word ("and", "but", "while") after it."""
    tail = re.search(r"[.,;!?]|\b(?:and|but|while|then)\b", text[end:])
    return text[start : end + (tail.start() if tail else len(text) - end)]


def _side_spelled(frame: ProblemFrame, q: QuantityView) -> bool:
    """The time ``q`` is read at is spelled in its sentence ("on monday", "the previous day")."""
    words = sentence_words(frame, q.sentence)
    side = (q.side or "").split()
    if not side or side[0] == "to":
        return False  # a purpose ("to build house") is not a time
    return any(words[i : i + len(side)] == side for i in range(len(words)))


def _other_time(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The text says when ``q`` was, and the question asks about other times: the question
    reads its times ("in the afternoon and evening", "on monday than on tuesday"), every bound
    amount is read at one of them, and ``q``'s time is spelled in its sentence and is none. A
    bound rate told at no time ("it can print 5 pages a minute") holds at every time; at least
    one bound amount that is no rate must be read at an asked time."""
    if target.side is None:
        return False
    asked = set(target.side.split(" and ")) | ({target.than_side} - {None})
    if q.side is None or q.side in asked or not _side_spelled(frame, q):
        return False
    timed = [b for b in bound if not (b.per is not None and b.side is None)]
    return bool(timed) and all(b.side in asked for b in timed)


def _follows(frame: ProblemFrame, q: QuantityView, keys: set[str], partitive: bool = False) -> bool:
    """The words right after ``q``'s number spell ``keys`` (noun keys): its counted noun and the
    words that tell its kind, with nothing but content words (or the "of" of "3 bags of rice";
    with ``partitive``, the "of the" of "7 of the books") between the number and the last of
    them. "6 during dinner" counts no "dinner"."""
    mention = frame.mention(q.mention_id)
    if mention is None or not keys:
        return False
    after = re.findall(r"[A-Za-z]+", frame.source_text[mention.span.end : mention.span.end + 80])
    missing = set(keys)
    previous = ""
    for word in after[:6]:
        lower = word.lower()
        missing.discard(noun_key(lower))
        if not missing:
            return True
        of_the = partitive and lower == "the" and previous == "of"  # "7 of the books"
        if lower in STOP_WORDS and lower not in _PHRASE_WORDS and not of_the:
            return False
        previous = lower
    return False


def _another_thing(
    frame: ProblemFrame, q: QuantityView, target: TargetView, partitive: bool = False
) -> bool:
    """``q`` counts a thing the question does not ask about, and says so after its number:
    another noun (not a kind of the asked one, "basketballs" among "balls"), or the asked noun
    of another kind ("sweet cookies" beside the "salty cookies" asked)."""
    entity = q.entity
    if entity is None or target.entity is None:
        return False
    per_asked = q.per is not None and q.unit is None and q.per == target.unit
    if q.unit != target.unit and (q.unit is not None or q.per is not None) and not per_asked:
        # a bare count beside measures ("12 apples" beside "bottles of soda") only, or a rate
        # per the asked groups ("122 water bottles a day" when the days soda bottles last
        # are asked): its thing is compared with the asked thing
        return False
    if entity == target.entity and q.unit == target.unit and target.activity is not None:
        # "59 campers went hiking" beside the campers asked to have gone rowing
        return q.activity is not None and q.activity != target.activity
    if entity != target.entity:
        return (
            not entity.endswith(target.entity)
            and not target.entity.endswith(entity)
            and entity not in (target.also, target.than)
            and _follows(frame, q, {entity}, partitive)
        )
    if q.modifier is None or target.modifier is None:
        return False
    kinds = set(q.modifier.split())
    # a kind the question compares after "than" ("than baseball cards") is asked too
    asked = set(target.modifier.split()) | set((target.than_modifier or "").split())
    return not kinds & asked and _follows(frame, q, kinds | {entity}, partitive)


def _listed_other_thing(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The text lists ``q`` beside an amount the relation binds, as the count of another named
    thing or kind (:func:`_another_thing`): one sentence, one verb (or none),
    one rate, a comparison only beside a comparison ("Baker made 149 cakes and 91 pastries",
    "26 salty cookies and 17 sweet cookies", "29 more push-ups but 13 less crunches").
    Counting another thing alone is no reason; being listed against a bound amount is."""
    # "read 7 of the books": a part of the books the text listed apart from the asked thing
    spelled = _another_thing(frame, q, target)
    if not spelled and not _another_thing(frame, q, target, partitive=True):
        return False
    if target.modifier is None and any((b.entity, b.unit) == (q.entity, q.unit) for b in bound):
        return False  # "3 new cards and 9 old cards" both count the cards the relation shares
    if named_by_a_bound_rate(frame, q, bound):
        return False  # "split a collection of eggs and bananas into groups of 3": both grouped
    return any(
        (
            (spelled and coordinated(frame, q, b) and one_verb(q, b))
            or (clauses_joined(frame, q, b) and listed_apart(frame, q, b))
        )
        and b.sentence == q.sentence
        and (b.entity, b.modifier, b.unit) != (q.entity, q.modifier, q.unit)
        and b.per == q.per  # "Each pot has 71 flowers and 91 sticks": two rates of one group
        and (q.compare is None or b.compare is not None)
        # "496 more girls and 910 more boys joined", "9 pages of math ... and 96 more pages"
        and (not q.additional or b.additional or b.start < q.start)
        for b in bound
    )


def listed_beside(
    frame: ProblemFrame, q: QuantityView, amounts: list[QuantityView], target: TargetView
) -> bool:
    """``q`` is listed beside one of ``amounts`` (bound, or amounts a role may take), as the
    count or the rate of another named thing or kind ("Each basket has 16 red peaches and 18
    green peaches", "they pick 31 sacks of ripe oranges and 24 sacks of unripe oranges per
    day", "bought 360 soda bottles and 162 water bottles", the other kind not asked): the
    text's own contrast (:func:`_listed_other_thing`), no step the relation leaves out. The
    organs' gate reads it before calling such an amount unplaced."""
    return (
        _listed_other_thing(frame, "", q, amounts, target)
        or other_source(frame, "", q, amounts, target)
        or groups_of_another_thing(frame, "", q, amounts, target)
    )


def _other_verb(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """A comparison or a sum asked by verbs of a class that moves things ("How many more did
    he eat than he gave?", "How many did she pick in all?"), every bound amount read with a
    verb of an asked class, and ``q``, an amount of an asked thing, read with a verb of another
    class (held, made, moved the other way): the text says it is not what the question counts.
    Verbs of one class ("bought", "purchased") are never told apart: they may be synonyms.
    Never when the question asks what is "extra" ("If she used 15 of them, how many extra did
    she pick?"): an extra is beyond an amount the text tells, whatever its verb."""
    if "extra" in question_words(frame, target):
        return False
    first = target.verb or target.than_verb
    asked = {verb_category(first), verb_category(target.than_verb)} - {None}
    kind = verb_category(q.verb)
    if (
        organ not in ("compare", "combine")
        or verb_category(first) in (None, "observation", "other")
        or kind in (None, "other")
        or kind in asked
        or q.per is not None
        or q.compare is not None
        or not (
            entity_compatible(q.entity, None, q.unit, target)
            or (organ == "compare" and target.than is not None and q.entity == target.than)
        )
    ):
        return False
    return bool(bound) and all(verb_category(b.verb) in asked for b in bound)


def _before_now(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The question asks about now, every bound amount is read as now (or left), and ``q`` was
    said in an earlier sentence, before the first of them, with no state: a state of before,
    which a question about now does not count ("There were 9 roses ... There are now 13")."""
    return before_now_sentence(frame, q.sentence, bound, target) and q.state is None


def before_now_sentence(
    frame: ProblemFrame, sentence: int, bound: list[QuantityView], target: TargetView
) -> bool:
    """``sentence`` comes before every amount of a question about now (see :func:`_before_now`)."""
    if target.time != "now" or not bound or any(b.state not in ("now", "left") for b in bound):
        return False
    return sentence < min(b.sentence for b in bound) and "now" not in sentence_words(
        frame, sentence
    )


def _other_activity(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The question asks what was done in one activity ("play tag with") and ``q`` was read
    with another, spelled after its verb ("played cards with 20 kids")."""
    if q.activity is None or target.activity is None or q.activity == target.activity:
        return False
    if not entity_compatible(q.entity, None, q.unit, target):
        return False
    words = [noun_key(w) for w in sentence_words(frame, q.sentence)]
    return q.activity in words and all(b.activity == target.activity for b in bound)


def _other_object(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The question names what the asked amounts went to ("spend on the battery and the
    radio") and ``q`` went to something else, spelled after it ("$112 on new tires")."""
    if target.objects is None or q.object is None or q.object in target.objects.split():
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    after = [w.lower() for w in re.findall(r"[A-Za-z]+", frame.source_text[mention.span.end :])]
    on = next((i for i, w in enumerate(after[:3]) if w in ("on", "for", "buy")), None)
    return on is not None and q.object in {noun_key(w) for w in after[on + 1 : on + 5]}


def _compared_to_other(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """A comparison whose one difference is bound, and ``q``, another difference, compares to
    someone nobody else is about: "Jake has 7 fewer peaches than Steven and 9 more peaches than
    Jill. How many peaches does Jake have?" (with Steven's amount told) says how Jill stands to
    Jake, not what Jake has. The name after "than" is spelled in ``q``'s clause, is no asked
    owner, not the question's "than", and owns no bound amount."""
    other = q.than
    if organ != "compare" or q.compare is None or other is None or other == "group":
        return False
    if not any(b.compare is not None for b in bound) or other == target.than:
        return False
    askeds = _asked_owners(frame, target)
    if not askeds or other in askeds or any(owner_of(frame, b) == other for b in bound):
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    clause = _clause(frame.source_text, mention.span.start, mention.span.end).lower()
    return re.search(rf"\bthan {re.escape(other)}\b", clause) is not None


def _counted_in_parts(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts two things the next sentence then tells one by one, "One ... the other
    ...", with what each holds bound: "Ada bought two sticker books. One had 20 stickers and
    the other had 31." (the books are how many parts there are, not an amount of the asked
    stickers). Only a count of two, of another thing than the asked one, the next sentence
    opening with "One" and saying "the other", two amounts of it bound."""
    if q.value != 2 or q.per is not None or q.compare is not None or q.entity is None:
        return False
    if entity_compatible(q.entity, None, q.unit, target):
        return False
    said = sentence_words(frame, q.sentence + 1)
    if said[:1] != ["one"] or not any(
        pair == ("the", "other") for pair in itertools.pairwise(said)
    ):
        return False
    parts = [b for b in bound if b.sentence == q.sentence + 1 and b.entity != q.entity]
    return len(parts) >= 2


def _required_other_thing(
    frame: ProblemFrame, relation: Relation, q: QuantityView, target: TargetView
) -> bool:
    """``q`` is a requirement (``need=required``: "The recipe calls for 2 cups of salt and
    some cups of flour") of another named thing (:func:`_another_thing`), and the relation is
    a change toward the requirement of the asked thing, bound or asked (its ``result`` is read
    ``need=required``): what another thing requires is no step toward the asked one."""
    mention = frame.mention(q.mention_id)
    if relation.relation_type != "change" or mention is None:
        return False
    if attribute(mention.attributes, "need") != "required" or not _another_thing(frame, q, target):
        return False
    result = relation.role("result")
    goal = frame.mention(result) if result is not None else None
    return goal is not None and attribute(goal.attributes, "need") == "required"


_REASONS: Final[tuple[tuple[str, SetAsideReason], ...]] = (
    # a numbered part's reasons first: "the second round" is no time of the story
    ("other_part", lambda frame, organ, q, bound, target: other_part(frame, q, target)),
    ("parts_counted", lambda frame, organ, q, bound, target: parts_counted(frame, q, target)),
    ("other_owner", _other_owner),
    ("kin_holder", kin_holder),  # "Her brother had $40": someone else by kin
    ("other_object", _other_object),
    ("other_time", _other_time),
    ("other_verb", _other_verb),
    ("other_activity", _other_activity),
    ("before_now", _before_now),
    ("listed_other_thing", _listed_other_thing),
    ("compared_to_other", _compared_to_other),
    ("counted_in_parts", _counted_in_parts),
    ("other_event", lambda frame, organ, q, bound, target: other_event(frame, q, target)),
    ("other_side", other_side),  # "2 hours on feeding birds": an activity not asked
    ("other_object_side", other_object_side),  # "97 suggested adding tomatoes"
    ("other_kind", other_kind),  # "162 water bottles" when the soda bottles are asked
    ("other_source", other_source),
    ("groups_of_another_thing", groups_of_another_thing),
    ("described_apart", described_apart),  # "a game that lasted 20 minutes"
    *UNBEARING_REASONS,  # whole-text proofs that a number cannot bear on the asked one
)


def set_aside_reason(
    frame: ProblemFrame, relation: Relation, q: QuantityView, target: TargetView
) -> str | None:
    """Why the text lets ``q`` stay out of ``relation`` (one of :data:`SET_ASIDE_REASONS`), or
    None when it states no reason. A quantity in the question is set aside only when it
    restates the periods the story told (:func:`restated_periods`)."""
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    bound = [views[m] for m in bound_ids(relation) if m in views]
    if q.in_question:
        return "restated_periods" if restated_periods(frame, q, bound) else None
    for name, reason in _REASONS:
        if reason(frame, relation.relation_type, q, bound, target):
            return name
    if _required_other_thing(frame, relation, q, target):
        return "required_other_thing"
    return None
