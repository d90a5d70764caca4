"""Numbers a structural reading of the whole text proves cannot bear on the asked quantity.

A set-aside reason of :mod:`.set_aside` says why the text sets a number apart from what the
question asks. The reasons here are stronger: each checks the whole text and holds only when
no reading of it could let the number reach the asked quantity.

* :func:`defines_absent_holder`: a comparison whose subject is a holder the text says nothing
  else about ("Ben did 12 more squats than Mia", Ben named nowhere else) only tells Ben's
  amount, which nobody asks: an unknown that one equation alone defines is free.

* :func:`superseded_state`: an amount held earlier ("Ravi had 14 songs") when the relation
  binds a later amount of the same holder and thing told as what is left or held now ("he
  had 5 songs left"), and the question asks what is held then: the later state replaces it.

* :func:`duration_apart`: a total time spent or taken ("It took Lee 30 days to fill the
  album") when the question counts things and no rate of the text is per any time: a time
  can reach a count only through such a rate.

* :func:`done_for_another_thing`: what was already done toward another listed requirement
  ("She already put in 2 cups of rice") when the question asks what other requirements
  still need: a step toward rice moves no milk.

* :func:`parts_summed`: how many parts a whole has ("A report has 2 sections") when the
  text names each part by its ordinal ("The first section ...", "the second section?") and
  the sum binds exactly that many: the count only says the list is complete.

* :func:`recipients_counted`: how many received a move ("gave equal numbers of stickers to
  her 4 cousins") when the question asks the whole of that move to them and the relation
  binds what was held before and after it: the count splits the total, never changes it.

Pure functions of a frame, a quantity view, the amounts a relation binds and the target; they
read the frame's spans and source text to check a reason, never to infer a role.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Final

from practiceloop.arith._told_sides import groups_of_the_asked_rate
from practiceloop.arith.lexicon import PRONOUNS, TIME_UNITS, noun_key, told_in_past, verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.arith.unbearing_rates import (
    count_of_the_one_group,
    rate_of_an_untold_thing,
    rate_of_uncounted_groups,
)
from practiceloop.arith.unlinked import UNLINKED_REASONS
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "PLACE_WORDS",
    "UNBEARING_REASONS",
    "SetAsideReason",
    "defines_absent_holder",
    "done_for_another_thing",
    "duration_apart",
    "parts_summed",
    "places_in",
    "recipients_counted",
    "superseded_state",
    "unbearing_reason",
]

SetAsideReason = Callable[[ProblemFrame, str, QuantityView, list[QuantityView], TargetView], bool]
"""A reason for a number no role uses: (frame, organ, the number, the bound amounts, target)."""

_PERSONAL: Final = PRONOUNS | {"himself", "herself", "themselves"}


def _coordinated_after(frame: ProblemFrame, first: QuantityView, later: QuantityView) -> bool:
    """``later`` follows ``first`` in one sentence after a conjunction, with no clause of its
    own between them ("12 more squats but 3 fewer lunges than Mia")."""
    one, two = frame.mention(first.mention_id), frame.mention(later.mention_id)
    if one is None or two is None or first.sentence != later.sentence:
        return False
    between = frame.source_text[one.span.end : two.span.start]
    return (
        one.span.end <= two.span.start
        and "." not in between
        and re.search(r"(?:,|\band\b|\bbut\b)", between) is not None
        and re.search(r"\b(?:than|who|which|that)\b", between) is None
    )


def _comparison_holder(
    frame: ProblemFrame, q: QuantityView, views: tuple[QuantityView, ...]
) -> QuantityView | None:
    """The comparison whose spelled subject ``q`` is told by: ``q`` itself when an actor
    mention in its sentence names its owner, or the comparison before it in one coordination
    with the same "than" ("Ben did 12 more squats but 3 fewer lunges than Mia": the 3 is
    Ben's too)."""
    if q.compare is None or q.than is None or q.per is not None:
        return None
    if q.owner is not None:
        return q if q.subject is not None else None
    if q.subject is not None or q.subject_noun is not None:
        return None
    heads = [
        p
        for p in views
        if p.owner is not None
        and p.subject is not None
        and p.compare is not None
        and p.than == q.than
        and p.start < q.start
        and _coordinated_after(frame, p, q)
    ]
    return heads[-1] if len(heads) == 1 else None


def _spelled_once_as_subject(frame: ProblemFrame, head: QuantityView) -> str | None:
    """The holder of ``head``, spelled as a capitalised name before its number in its own
    sentence and nowhere else in the whole text (question included); else None."""
    actor = frame.mention(head.subject or "")
    number = frame.mention(head.mention_id)
    if actor is None or number is None or actor.kind != "actor" or head.owner is None:
        return None
    spelled = actor.span.text
    if spelled.lower() != head.owner or not spelled[:1].isupper():
        return None
    if actor.span.sentence_index != head.sentence or actor.span.end > number.span.start:
        return None
    found = re.findall(rf"\b{re.escape(head.owner)}\b", frame.source_text, re.IGNORECASE)
    return head.owner if len(found) == 1 else None


_EVERYONE: Final = frozenset(
    {"all", "altogether", "total", "together", "combined", "both", "everyone", "everybody"}
)


def _asks_a_named_owner(frame: ProblemFrame, target: TargetView) -> bool:
    """The question names whose amount it asks, by a name or the target's owner, and asks no
    sum over everyone ("in all", "together"): a holder named elsewhere is not asked."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    sentence = unknown.span.sentence_index
    said = set(sentence_words(frame, sentence))
    if said & _EVERYONE or owner_of(frame, target) == "group":
        return False
    named = any(m.kind == "actor" and m.span.sentence_index == sentence for m in frame.mentions)
    return named or owner_of(frame, target) is not None


def defines_absent_holder(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is a difference that only defines a holder the text says nothing else about:
    "Mia did 21 squats and 4 lunges. Ben did 12 more squats but 3 fewer lunges than Mia. How
    many more squats than lunges did Mia do?" (Ben's amounts follow from Mia's and nobody asks
    them). The holder (``q``'s own spelled subject, or that of the comparison coordinated
    before it with the same "than") is a capitalised name spelled once in the whole text, is
    no asked owner and not the question's "than"; no amount of the text is compared to it, and
    every amount it owns is a comparison no relation binds. No personal pronoun stands from
    its sentence on (one could name it again: "He also has 5 plums"), and the question names
    an owner. Refused: the holder asked, compared to, owning a told amount, named twice, or
    a pronoun after it."""
    views = quantity_views(frame.mentions)
    head = _comparison_holder(frame, q, views)
    holder = _spelled_once_as_subject(frame, head) if head is not None else None
    if holder is None or holder == target.than or not _asks_a_named_owner(frame, target):
        return False
    bound_ids = {b.mention_id for b in bound}
    for v in views:
        if v.than == holder:
            return False
        if v.owner == holder and (v.compare is None or v.mention_id in bound_ids):
            return False
    if any(b.mention_id == q.mention_id for b in bound):
        return False
    later = " ".join(s.text for s in frame.sentences[q.sentence :]).lower()
    return not _PERSONAL & set(re.findall(r"[a-z]+", later))


_BEFORE: Final = frozenset(
    {"begin", "beginning", "start", "first", "originally", "initially", "before", "earlier"}
)
PLACE_WORDS: Final = frozenset({"on", "in", "at", "inside"})
"""Prepositions that put a thing in a place ("on the shelf", "in his room")."""

_SKIPPED: Final = frozenset({"a", "an", "the", "this", "his", "her", "their", "its", "my", "our"})


def places_in(
    frame: ProblemFrame, sentence: int, prepositions: frozenset[str] = PLACE_WORDS
) -> set[str]:
    """The noun keys of the places one sentence puts something in, on or at ("on his phone":
    phone): the first word within three after one of ``prepositions``, determiners skipped."""
    words = sentence_words(frame, sentence)
    found = set()
    for i, word in enumerate(words[:-1]):
        if word in prepositions:
            rest = [w for w in words[i + 1 : i + 4] if w not in _SKIPPED]
            if rest:
                found.add(noun_key(rest[0]))
    return found


def _asks_the_held_state(frame: ProblemFrame, target: TargetView) -> bool:
    """The question asks what is held when it is asked: "left", "now", or the present
    "does he have", with no move asked and no earlier time ("to begin with", "at first")."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or target.direction is not None or target.per is not None:
        return False
    said = set(sentence_words(frame, unknown.span.sentence_index))
    if said & _BEFORE or (target.verb is not None and verb_key(target.verb) != "have"):
        return False
    return bool(said & {"left", "now"}) or target.tense == "present"


def superseded_state(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is what a holder had before a later state the relation binds: "Ravi had 14 songs
    and 9 videos. After removing some he had 5 songs and 7 videos left. How many more videos
    than songs does he have left?" The later amount is of the same holder (read or through
    its bound pronoun), thing, kind and unit, in a later sentence, told as left or now, at no
    place the earlier one is not ("left on his tablet" after "on his phone" may be another
    store); ``q`` is a plain "had" (no move, rate, comparison or state of its own); the
    question asks what is held at the end (:func:`_asks_the_held_state`). Refused: a move
    asked ("how many did he remove?"), an earlier time asked, another holder or kind, or no
    later state bound."""
    if q.in_question or q.state is not None or q.compare is not None or q.per is not None:
        return False
    if q.direction is not None or q.additional or verb_key(q.verb) != "have":
        return False
    holder = owner_of(frame, q)
    if holder is None or holder == "group" or not _asks_the_held_state(frame, target):
        return False
    return any(
        b.sentence > q.sentence
        and b.state in ("left", "now")
        and b.compare is None
        and b.per is None
        and (b.entity, b.modifier, b.unit) == (q.entity, q.modifier, q.unit)
        and owner_of(frame, b) == holder
        and places_in(frame, b.sentence) <= places_in(frame, q.sentence)
        for b in bound
    )


_UNITS: Final = "|".join(sorted(TIME_UNITS))
_TIME_RATES: Final = re.compile(
    rf"\b(?:a|an|each|every|per|one|this|that|which|the same)\s+(?:{_UNITS})s?\b"
    r"|\b(?:hourly|daily|weekly|monthly|yearly|nightly)\b",
    re.IGNORECASE,
)
_STATES: Final = frozenset({"have", "be"})


def duration_apart(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is a total time taken or spent ("She spent a total of 20 hours to play chess on
    both days", "It took Lee 30 days to fill the album"), and the question counts things: a
    time reaches a count only through a rate per that time, and the text has none. ``q`` is a
    number of a time unit told with "took" or "spent", no rate, comparison or question
    number; the question asks a count (no unit, nothing per a time, no time word); every
    bound amount is a count told as held or in the past ("reads 20 pages" may be a daily
    habit); no other amount of the text is a time or per one; and no rate of a time is
    spelled anywhere ("an hour", "each day", "daily"). Refused: a rate per a time anywhere,
    a second time, a measure asked, a habit told in the present."""
    if q.in_question or q.per is not None or q.compare is not None or q.unit not in TIME_UNITS:
        return False
    if q.entity not in (None, q.unit) or verb_key(q.verb) not in ("take", "spend"):
        return False
    if target.unit is not None or target.entity is None or target.per in TIME_UNITS:
        return False
    if target.entity in TIME_UNITS or _TIME_RATES.search(frame.source_text):
        return False
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    asked = sentence_words(frame, unknown.span.sentence_index)
    if {noun_key(w) for w in asked} & TIME_UNITS:
        return False
    views = quantity_views(frame.mentions)
    if any(
        v.mention_id != q.mention_id and (v.unit in TIME_UNITS or v.per in TIME_UNITS)
        for v in views
    ):
        return False
    return bool(bound) and all(
        b.unit is None
        and b.entity not in TIME_UNITS
        and (verb_key(b.verb) in _STATES or told_in_past(b.verb))
        for b in bound
    )


def _need(frame: ProblemFrame, q: QuantityView) -> str | None:
    mention = frame.mention(q.mention_id)
    return attribute(mention.attributes, "need") if mention is not None else None


def _thing_follows(frame: ProblemFrame, q: QuantityView) -> bool:
    """The noun of ``q``'s thing is spelled within a few words after its number ("2 cups of
    rice")."""
    mention = frame.mention(q.mention_id)
    if mention is None or q.entity is None:
        return False
    text = frame.source_text[mention.span.end : mention.span.end + 40].lower()
    after = re.findall(r"[a-z]+", text)
    return q.entity in {noun_key(w) for w in after[:4]}


def done_for_another_thing(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` was already done toward a requirement of another thing the text lists beside the
    asked ones: "The recipe calls for 4 cups of rice, 9 cups of milk and 3 cups of oil. She
    already put in 2 cups of rice. How many more cups of milk than cups of oil does she need
    to add?" ``q`` is read as done (``need=done``), its thing spelled after its number, neither
    asked thing (nor one's kind: "rice" is no "brown rice"); a requirement of that same thing
    and unit is told in the list of the bound ones, unbound; every bound amount is a
    requirement of an asked thing. Refused: a step toward an asked thing, a thing the list
    does not name, or a bound amount that is no requirement."""
    if q.in_question or q.compare is not None or q.per is not None or q.entity is None:
        return False
    asked = {target.entity, target.than} - {None}
    if _need(frame, q) != "done" or not asked or not _thing_follows(frame, q):
        return False
    if any(q.entity.endswith(a) or a.endswith(q.entity) for a in asked if a):
        return False
    told = [b for b in bound if not b.in_question]
    if not told or not all(_need(frame, b) == "required" and b.entity in asked for b in told):
        return False
    bound_ids = {b.mention_id for b in bound}
    return any(
        v.mention_id not in bound_ids
        and _need(frame, v) == "required"
        and (v.entity, v.unit) == (q.entity, q.unit)
        and all(b.sentence == v.sentence for b in told)
        for v in quantity_views(frame.mentions)
    )


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth")


def _ordinal_of(frame: ProblemFrame, sentence: int, noun: str) -> str | None:
    """The one ordinal a sentence puts before ``noun`` ("The first section"), else None."""
    words = sentence_words(frame, sentence)
    pairs = itertools.pairwise(words)
    found = {w for w, nxt in pairs if w in _ORDINALS and noun_key(nxt) == noun}
    return found.pop() if len(found) == 1 else None


def parts_summed(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts the parts of a whole that the sum lists one by one, each by its ordinal:
    "A report has 2 sections. The first section is 40 pages long. If there are a total of 75
    pages in the report, how many pages are in the second section?" A sum (``combine``) whose
    whole is bound; ``q`` a count of a thing (no unit, rate or comparison) alone in its
    sentence; each bound part and the question name one of those things by an ordinal, the
    ordinals together exactly the first ``q`` ("first", "second"). Refused: more parts
    counted than named ("has 3 sections"), a part named by no ordinal, no whole bound."""
    if organ != "combine" or q.in_question or q.value is None or q.entity is None:
        return False
    if q.unit is not None or q.per is not None or q.compare is not None or q.state is not None:
        return False
    views = quantity_views(frame.mentions)
    if any(v.sentence == q.sentence and v.mention_id != q.mention_id for v in views):
        return False
    wholes = [b for b in bound if b.state == "in_all"]
    parts = [b for b in bound if b.state != "in_all"]
    unknown = frame.mention(target.mention_id or "")
    if len(wholes) != 1 or not parts or unknown is None or q in parts:
        return False
    sentences = [p.sentence for p in parts] + [unknown.span.sentence_index]
    if len(set(sentences)) != len(sentences):
        return False
    named = [_ordinal_of(frame, s, q.entity) for s in sentences]
    return q.value == len(named) <= len(_ORDINALS) and set(named) == set(
        _ORDINALS[: len(named)]
    )


_SHARES: Final = frozenset({"each", "every", "per", "apiece", "average"})


def recipients_counted(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts whom the asked move went to, and the question asks its whole: "Lena had
    40 stickers. She has 28 stickers left after she gave equal numbers of stickers to her 4
    cousins. How many stickers did Lena give to her cousins?" A change whose unknown is the
    move, with what was held before and after it bound (two amounts of the asked thing);
    ``q`` read with the asked move's verb, its number right after "to" (and a possessive),
    counting another thing than the asked one, which the question names after its own "to";
    no share asked or told ("each", "per", "apiece"). Refused: a share asked ("to each
    cousin", "did each cousin get"), the move's start or end unbound, another verb, another
    giver read ("after his dad gave marbles to his 3 sisters ... did Omar give")."""
    if organ != "change" or q.in_question or q.compare is not None or q.per is not None:
        return False
    if q.entity is None or q.entity == target.entity or target.per is not None:
        return False
    if verb_key(q.verb) is None or verb_key(q.verb) != verb_key(target.verb):
        return False
    giver = owner_of(frame, q)
    if giver is not None and giver != owner_of(frame, target):
        return False  # "after his dad gave marbles to his 3 sisters": not the asked giver's move
    told = [b for b in bound if not b.in_question]
    if len(told) != 2 or any(b.entity != target.entity or b.per is not None for b in told):
        return False
    mention = frame.mention(q.mention_id)
    unknown = frame.mention(target.mention_id or "")
    if mention is None or unknown is None:
        return False
    before = re.findall(r"[a-z]+", frame.source_text[: mention.span.start].lower())[-2:]
    if "to" not in before or (before[-1] != "to" and before[-1] not in _SKIPPED):
        return False
    asked = sentence_words(frame, unknown.span.sentence_index)
    if _SHARES & (set(asked) | set(sentence_words(frame, q.sentence))):
        return False
    after_to = [noun_key(w) for i, w in enumerate(asked) if i and asked[i - 1] == "to"]
    after_to += [noun_key(w) for i, w in enumerate(asked) if i > 1 and asked[i - 2] == "to"]
    return q.entity in after_to


UNBEARING_REASONS: Final[tuple[tuple[str, SetAsideReason], ...]] = (
    ("defines_absent_holder", defines_absent_holder),
    ("superseded_state", superseded_state),
    ("duration_apart", duration_apart),
    ("done_for_another_thing", done_for_another_thing),
    ("parts_summed", parts_summed),
    ("recipients_counted", recipients_counted),
    ("groups_of_the_asked_rate", groups_of_the_asked_rate),  # "65 baskets ... in each basket?"
    ("rate_of_an_untold_thing", rate_of_an_untold_thing),
    ("count_of_the_one_group", count_of_the_one_group),
    ("rate_of_uncounted_groups", rate_of_uncounted_groups),
    *UNLINKED_REASONS,  # numbers nothing in the text links to the asked one (.unlinked)
)
"""The whole-text reasons, by name, in the order :func:`unbearing_reason` tries them."""


def unbearing_reason(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> str | None:
    """The name of the first whole-text reason that proves ``q`` cannot bear on the asked
    quantity, or None."""
    for name, reason in UNBEARING_REASONS:
        if reason(frame, organ, q, bound, target):
            return name
    return None
