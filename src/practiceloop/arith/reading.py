"""Typed views over an arithmetic frame's string attributes, and the compatibility rules.

The frame stores everything as sorted ``(key, value)`` string pairs (see the package docstring
for the conventions). This module turns them back into small typed views and holds the one
definition of "this quantity counts what the question asks about", used by the reader (to bind
a role it read), the organs (to find ambiguity), the operators (to enumerate candidates) and
the proofs (to check units and targets). Pure functions of their arguments.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Final, TypeVar

from practiceloop.arith.numbers import parse_rational
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation, Target

__all__ = [
    "COREFERENCE",
    "DISTRACTOR",
    "RESULT_STATES",
    "UNKNOWN_KIND",
    "WEEKDAYS",
    "QuantityView",
    "TargetView",
    "asks_the_groups",
    "at_asked_times",
    "attribute",
    "entity_compatible",
    "excluded_ids",
    "is_direction_role",
    "is_relative",
    "kept_from_a_container",
    "mention_value",
    "named_in_its_clause",
    "of_asked_holder_and_time",
    "owner_of",
    "plural_for_one_of_many",
    "quantity_views",
    "resolved_owner",
    "sentence_words",
    "target_view",
]

RESULT_STATES = ("left", "now", "in_all")
"""States that read a quantity as the outcome of a change ("left", "now", "a total of ... now")."""

UNKNOWN_KIND = "unknown"
"""Mention kind of the question's asked quantity; a role bound to it is the unknown."""

COREFERENCE = "coreference"
"""Relation type linking a pronoun (role ``pronoun``) to an actor (role ``antecedent``)."""

DISTRACTOR = "distractor"
"""Relation type marking one quantity (role ``quantity``) as needed by no role."""


def attribute(attributes: tuple[tuple[str, str], ...], key: str) -> str | None:
    """The value of ``key`` in sorted attribute pairs, or None."""
    for name, value in attributes:
        if name == key:
            return value
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class QuantityView:
    """A quantity mention's attributes, typed. ``None`` means the reader did not read it."""

    mention_id: str
    value: Fraction | None
    entity: str | None
    modifier: str | None
    unit: str | None
    owner: str | None
    subject: str | None
    direction: str | None
    compare: str | None
    than: str | None
    per: str | None
    state: str | None
    in_question: bool
    sentence: int
    start: int
    subject_noun: str | None
    activity: str | None
    verb: str | None
    additional: bool
    side: str | None
    than_side: str | None
    object: str | None

    @property
    def kind_of_thing(self) -> str | None:
        """What the number measures: its unit when it has one, else its entity."""
        return self.unit or self.entity


@dataclasses.dataclass(frozen=True, slots=True)
class TargetView:
    """The question's target: what is asked about, whose, in which state."""

    target_id: str
    mention_id: str | None
    entity: str | None
    modifier: str | None
    unit: str | None
    owner: str | None
    subject: str | None
    state: str | None
    verb: str | None
    direction: str | None
    than: str | None
    per: str | None
    time: str | None
    than_modifier: str | None
    subject_noun: str | None
    activity: str | None
    also: str | None
    than_verb: str | None
    side: str | None
    than_side: str | None
    tense: str | None
    members: str | None
    objects: str | None
    subject_kind: str | None = None

    @property
    def owners(self) -> frozenset[str]:
        """The owners the question asks about: its owner, or each one of "Greg and Earl"."""
        if self.owner == "group" and self.members:
            return frozenset(self.members.split())
        return frozenset({self.owner} - {None, "group"})  # type: ignore[arg-type]


def _build_view(mention: Mention) -> QuantityView | None:
    """The view of a quantity mention; None for a multiplier word or a number with no value."""
    get = dict(mention.attributes).get  # keys are unique (a Mention rule): one lookup each
    raw = get("value")
    value = parse_rational(raw) if raw is not None else None
    if get("factor") is not None or value is None:
        return None
    span = mention.span
    return QuantityView(
        mention_id=mention.mention_id,
        value=value,
        entity=get("entity"),
        modifier=get("modifier"),
        unit=get("unit"),
        owner=get("owner"),
        subject=get("subject"),
        direction=get("direction"),
        compare=get("compare"),
        than=get("than"),
        per=get("per"),
        state=get("state"),
        in_question=get("clause") == "question",
        sentence=span.sentence_index,
        start=span.start,
        subject_noun=get("subject_noun"),
        activity=get("activity"),
        verb=get("verb"),
        additional=get("additional") is not None,
        side=get("side"),
        than_side=get("than_side"),
        object=get("object"),
    )


def _counted_views(mentions: tuple[Mention, ...]) -> tuple[QuantityView, ...]:
    views = []
    for mention in mentions:
        if mention.kind == "quantity" and (view := _build_view(mention)) is not None:
            views.append(view)
    return tuple(views)


# The domain's one memo. Every organ, proof and accounting check of an episode reads the
# frame's quantities and its target (about 15 times a problem), and building them again each
# time is a tenth of a corpus run's instructions (docs/performance.md). A frame's mentions and
# targets are tuples of frozen records, immutable by contract as the kernel's records are
# (kernel/_memo.py), so their views are kept for that very tuple, found by identity; each entry
# holds the tuple, so its id is never reused while the entry lives. Bounded: an episode's
# frames fit many times over.
_VIEWS: Final[dict[tuple[object, int], tuple[tuple[object, ...], object]]] = {}
_VIEWS_KEPT: Final = 256

_R = TypeVar("_R")
_V = TypeVar("_V")


def _kept(build: Callable[[tuple[_R, ...]], _V], records: tuple[_R, ...]) -> _V:
    """``build(records)``, or what it built for this very tuple before."""
    if type(records) is not tuple:  # only an immutable tuple may be remembered
        return build(tuple(records))
    key = (build, id(records))
    entry = _VIEWS.get(key)
    if entry is not None and entry[0] is records:
        return entry[1]  # type: ignore[return-value]
    views = build(records)
    if len(_VIEWS) >= _VIEWS_KEPT:
        _VIEWS.clear()
    _VIEWS[key] = (records, views)
    return views


def mention_value(mention: Mention) -> Fraction | None:
    """A mention's ``value`` attribute as a rational ("12", "5/2"); None when it has none or
    it is no ratio of two integers. Never raises."""
    raw = dict(mention.attributes).get("value")
    if raw is None:
        return None
    numerator, _, denominator = raw.partition("/")
    try:
        return Fraction(int(numerator), int(denominator or "1"))
    except ValueError:
        return None


def quantity_views(mentions: tuple[Mention, ...]) -> tuple[QuantityView, ...]:
    """Every counted quantity with a value, in source order (multiplier words are not counts)."""
    return _kept(_counted_views, mentions)


def _build_target_view(target: Target) -> TargetView:
    """The typed view of a question target's attributes."""
    get = dict(target.attributes).get  # keys are unique (a Target rule)
    return TargetView(
        target_id=target.target_id,
        mention_id=get("mention"),
        entity=get("entity"),
        modifier=get("modifier"),
        unit=get("unit"),
        owner=get("owner"),
        subject=get("subject"),
        state=get("state"),
        verb=get("verb"),
        direction=get("direction"),
        than=get("than"),
        per=get("per"),
        time=get("time"),
        than_modifier=get("than_modifier"),
        subject_noun=get("subject_noun"),
        activity=get("activity"),
        also=get("also"),
        than_verb=get("than_verb"),
        side=get("side"),
        than_side=get("than_side"),
        tense=get("tense"),
        members=get("members"),
        objects=get("objects"),
        subject_kind=get("subject_kind"),
    )


def _first_target_view(targets: tuple[Target, ...]) -> TargetView | None:
    return _build_target_view(targets[0]) if targets else None


def target_view(targets: tuple[Target, ...]) -> TargetView | None:
    """The frame's first target, typed (None when the reader read no question)."""
    return _kept(_first_target_view, targets)


def entity_compatible(
    entity: str | None, modifier: str | None, unit: str | None, other: QuantityView | TargetView
) -> bool:
    """True when two descriptions can count the same kind of thing.

    Units must agree (both unread, or the same). Without a unit, both entities must be read and
    equal (an unread entity is never compatible: that would be a guess); with a shared unit,
    entities must agree when both are read ("3 pounds of apples" and "5 pounds" agree, apples
    and pears do not). Modifiers, when both are read, must share a word ("salty cookies" and
    "sweet cookies" are different things).
    """
    if unit != other.unit:
        return False
    if unit is None and (entity is None or entity != other.entity):
        return False
    if entity is not None and other.entity is not None and entity != other.entity:
        return False
    if modifier is not None and other.modifier is not None:
        return bool(set(modifier.split()) & set(other.modifier.split()))
    return True


def actor_names(frame: ProblemFrame) -> frozenset[str]:
    """The names of the frame's actors (lower case, as the reader records them)."""
    return frozenset(
        name
        for m in frame.mentions
        if m.kind == "actor" and (name := attribute(m.attributes, "name")) is not None
    )


def asks_the_groups(size: QuantityView, target: TargetView) -> bool:
    """True when ``target`` asks for the groups ``size`` is a rate per: "How many boxes?"
    over "6 eggs per box", "How many bags of cookies?" over cookies per bag, "How many days?"
    over "8 pages per day"."""
    return size.per is not None and (
        size.per == target.entity
        or (size.per == target.unit and target.entity in (size.entity, None))
    )


def is_direction_role(name: str) -> bool:
    """``direction`` (one-step organs) or ``direction_1``, ``direction_2`` (a chain of changes)."""
    return name == "direction" or name.startswith("direction_")


def excluded_ids(relations: tuple[Relation, ...]) -> frozenset[str]:
    """Quantities a ``distractor`` relation marks as needed by no role."""
    return frozenset(
        mention_id
        for relation in relations
        if relation.relation_type == DISTRACTOR
        for name, mention_id in relation.roles
        if name == "quantity" and mention_id is not None
    )


def resolved_owner(
    frame: ProblemFrame, subject: str | None, owner: str | None, subject_noun: str | None = None
) -> str | None:
    """The owner of a quantity or target: read directly, or through a bound coreference.

    Returns the actor name (or, with no actor, the subject noun: "the tree has 7 apples"), or
    None when no owner was read or the pronoun is unresolved.
    """
    if owner is not None:
        return owner
    if subject is None:
        return subject_noun
    for relation in frame.relations:
        if relation.relation_type == COREFERENCE and relation.role("pronoun") == subject:
            antecedent = relation.role("antecedent")
            actor = frame.mention(antecedent) if antecedent is not None else None
            name = attribute(actor.attributes, "name") if actor is not None else None
            if name is None or named_in_its_clause(frame, subject, name):
                return None
            return None if plural_for_one_of_many(frame, subject, name) else name
    return None


_PLURAL: Final = frozenset({"they", "them", "their", "theirs"})


def plural_for_one_of_many(frame: ProblemFrame, pronoun: str, name: str) -> bool:
    """ "Omar has 17 plums and Carl has 8. How many plums do they have?": a plural pronoun
    bound to one person's name (spelled capitalised) while another named person holds an amount may
    mean both of them, never that one alone. A plural pronoun for a name the text calls
    one body ("The bakery ... They sold 5"), for the one person named, or beside names that
    hold nothing ("Texas", of "Texas Integrated School") stays resolved."""
    said = frame.mention(pronoun)
    if said is None or said.span.text.lower() not in _PLURAL:
        return False
    actors = [m for m in frame.mentions if m.kind == "actor"]
    spelled = [m for m in actors if attribute(m.attributes, "name") == name]
    if not spelled or not all(m.span.text[:1].isupper() for m in spelled):
        return False
    others = {attribute(m.attributes, "name") for m in actors} - {name, None}
    owners = {attribute(m.attributes, "owner") for m in frame.mentions if m.kind == "quantity"}
    return bool(others & owners)


def named_in_its_clause(frame: ProblemFrame, pronoun: str, name: str) -> bool:
    """``name`` is said again after ``pronoun`` in the pronoun's own clause (no comma
    between): "She gave 6 pencils to Tom" is not Tom giving to himself, so "she" is not Tom.
    (A name after a comma may be the pronoun's: "After she ate 3, Ann had 2".)"""
    said = frame.mention(pronoun)
    if said is None:
        return False
    for mention in frame.mentions:
        if (
            mention.kind == "actor"
            and mention.span.sentence_index == said.span.sentence_index
            and mention.span.start > said.span.end
            and attribute(mention.attributes, "name") == name
            and "," not in frame.source_text[said.span.end : mention.span.start]
        ):
            return True
    return False


def is_relative(q: QuantityView, quantities: tuple[QuantityView, ...]) -> bool:
    """True when "N more X" follows an amount of X read for another owner.

    "Katie needs 3 pounds; Sheila needs 2 more pounds" compares Sheila's with Katie's (an
    unsaid "than"): the 2 is a difference, not an amount of Sheila's to add to Katie's.
    """
    return (
        q.additional
        and q.owner is not None
        and any(
            other.start < q.start
            and other.owner is not None
            and other.owner != q.owner
            and entity_compatible(other.entity, None, other.unit, q)
            for other in quantities
        )
    )


def sentence_words(frame: ProblemFrame, sentence: int) -> list[str]:
    """The lower-case words of one sentence of ``frame`` (none for an index out of range)."""
    if not 0 <= sentence < len(frame.sentences):
        return []
    return [w.lower() for w in re.findall(r"[A-Za-z]+", frame.sentences[sentence].text)]


def owner_of(frame: ProblemFrame, view: QuantityView | TargetView) -> str | None:
    """:func:`resolved_owner` of a quantity or target view."""
    return resolved_owner(frame, view.subject, view.owner, view.subject_noun)


def of_asked_holder_and_time(
    frame: ProblemFrame, target: TargetView, amounts: list[QuantityView]
) -> list[QuantityView]:
    """The ``amounts`` a whole the question asks may be made of: the asked owner's (or with
    no owner read; each of a group's owners when it asks a group: "How much will Greg and Earl
    have together?"), at the asked times when it names some ("in the morning and evening").
    "Sara earns $9 an hour. Tom worked 6 hours" gives no hours of Sara's; "She worked 6 hours
    on Monday and 4 hours on Tuesday. How much did she earn on Monday?" sums no Tuesday."""
    asked = owner_of(frame, target)
    if asked is not None and asked != "group":
        amounts = [q for q in amounts if owner_of(frame, q) in (asked, None)]
    elif target.owners:
        amounts = [q for q in amounts if owner_of(frame, q) in {*target.owners, None}]
    if target.side is None or _period_holds_the_days(target.side, amounts):
        return amounts
    times = set(target.side.split(" and "))
    return [q for q in amounts if q.side in times]


def at_asked_times(target: TargetView, amounts: list[QuantityView]) -> bool:
    """No one of ``amounts`` is told at a time the question does not ask: each told at a
    time is at one it names ("in the morning and evening"), or in the period it asks that
    holds every day told (:func:`_period_holds_the_days`). True when the question names no
    time; an amount told at no time is no evidence either way."""
    timed = [q for q in amounts if q.side is not None]
    if target.side is None or not timed or _period_holds_the_days(target.side, timed):
        return True
    times = set(target.side.split(" and "))
    return all(q.side in times for q in timed)


WEEKDAYS: Final = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)
"""The days a week holds (a time the reader reads as one period of a day)."""


_PERIOD_DAYS: Final = {"week": WEEKDAYS, "weekend": frozenset({"saturday", "sunday"})}
"""The days a period the question may ask holds."""


def _period_holds_the_days(side: str, amounts: list[QuantityView]) -> bool:
    """ "She worked 4 hours on Monday and 6 hours on Friday. How much did she make this
    week?": the week asked ("this week", "that week", "the week", "weekend") holds the days
    told, when every amount is told at one of its days (a weekend holds Saturday and
    Sunday). "Next week", "last week", or an amount told at no such day holds none of them."""
    words = side.split()
    days = _PERIOD_DAYS.get(words[-1]) if words and len(words) <= 2 else None
    return (
        days is not None
        and (len(words) == 1 or words[0] in ("this", "that", "the"))
        and bool(amounts)
        and all(q.side in days for q in amounts)
    )


def kept_from_a_container(
    frame: ProblemFrame, relation: Relation, views: dict[str, QuantityView]
) -> bool:
    """The relation's change is what "all but" kept (``kept``, read by
    :mod:`practiceloop.arith.reader.kept`) and its start is held by a thing, no actor ("A
    crate had 12 jars and Ben sold all but 5 jars"):
    the "all" is the crate's jars, which Ben's move takes from, so the start's owner is not
    the mover's. A start an actor holds ("Tom had 12 jars") keeps its owner."""
    change = frame.mention(relation.role("change") or "")
    start = views.get(relation.role("start") or "")
    if change is None or start is None or ("kept", "all_but") not in change.attributes:
        return False
    owner = owner_of(frame, start)
    return owner is None or owner not in actor_names(frame)
