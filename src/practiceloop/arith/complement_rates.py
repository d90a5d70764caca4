"""A told subset of a told whole, then a rate over the rest: the complement-rate reading.

"Nina had 9 lamps but 3 of them were broken. She sold the lamps that were not broken for $5
each. How much money did she make?" is (9 - 3) x 5: the whole (9 lamps), a subset told with a
property ("were broken"), and a rate whose group is told with the complement of that property
("the working lamps", "each lawn he mowed" after "forgot to mow 7 of them", "each member that
did show up" after "2 members didn't show up"). The rate is per the rest only because the text
says so: its group's own property is the complement of the subset's (one predicate negated
once, "forgot to V" negating V, an "un-" form, a listed pair; see
:func:`~practiceloop.arith.complements.complementary`). One pure function of the frame's text,
mentions and target (:func:`read_complement_rate`), used by the reader (to propose
``complement_groups``), the organ (its candidates), the unit proof and cue accounting, so that
all four agree on what the text says.

"There are 42 seeds. If 2 of them did not sprout and the rest were planted in 8 rows, how many
seeds are in each row?" is (42 - 2) / 8 (``complement_partition``, :func:`read_rest_shared`):
"the rest" names the complement itself. :func:`read_rest` is the one entry point.

Refused (None): a rate whose group says no property ("sold each lamp for $5": per every lamp,
or per the rest?), or the same property as the subset's; a rate per another thing than the
whole's; two subsets or two rates; any amount of the text that is not the whole, the subset or
the rate; two people named; a question asking anything but the rate's thing, or asking it the
other way round ("how much did she spend?" over a rate of money earned).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from practiceloop.arith.complements import (
    Predicate,
    _clause_bounds,
    _subset_predicate,
    _tokens,
    complementary,
    read_predicate,
    told_subset,
)
from practiceloop.arith.lexicon import (
    HAVE_VERBS,
    POSSESSED_NOUN,
    PRONOUNS,
    STOP_WORDS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation, Target

__all__ = [
    "ComplementRate",
    "asked_as_the_rate",
    "consumed_rate_reading",
    "forgot_to",
    "group_predicate",
    "negated_subset",
    "one_person",
    "read_complement_rate",
    "read_rest",
    "read_rest_shared",
    "rest_bound",
    "rest_candidates",
    "rest_reads",
    "told_spans",
]

_FORGOT: Final = frozenset({"forgot", "forget", "forgets", "failed", "fail", "fails", "neglected"})
"""Verbs that say their infinitive was not done: "forgot to mow 7 of them" did not mow them."""
_RELATIVE: Final = frozenset({"that", "who", "which"})
_DETERMINERS: Final = frozenset({"the", "each", "every", "his", "her", "their", "all"})
_OF_THEM: Final = re.compile(r"\s+of\s+(?:them|the\s+[A-Za-z]+)\b")


@dataclasses.dataclass(frozen=True, slots=True)
class ComplementRate:
    """The reading: the whole's parts, the subset, the rate over the rest, what it consumes."""

    parts: tuple[str, ...]
    subset: str
    rate: str
    """The rate over the rest (``complement_groups``), or the count of groups the rest is put
    into (``complement_partition``)."""
    spans: tuple[tuple[int, int], ...]
    """The (start, end) of the subset's number and of every negation and head the two
    properties are told with (hazards and observations read there)."""
    clauses: tuple[tuple[int, int], ...]
    """The subset's clause and the rate group's predicate: the verbs that tell the two
    properties, consumed by this reading."""

    organ: str = "complement_groups"

    def bound_by(self, relation: Relation, unknown: str | None) -> bool:
        """``relation`` binds this reading: its parts, its subset, its rate and the unknown
        as the total (or its groups and the unknown as the share)."""
        parts = [m for name, m in relation.roles if name.startswith("part_")]
        rate, asked = _ROLES[self.organ]
        return (
            relation.relation_type == self.organ
            and set(parts) == set(self.parts)
            and len(parts) == len(self.parts)
            and relation.role("subset") == self.subset
            and relation.role(rate) == self.rate
            and relation.role(asked) == unknown
            and unknown is not None
        )


_ROLES: Final = {
    "complement_groups": ("per_group", "total"),
    "complement_partition": ("groups", "per_group"),
}
"""Per organ: the role the reading's ``rate`` fills, and the role the unknown takes."""


def forgot_to(text: str, subset: Mention) -> Predicate | None:
    """ "but forgot to mow 7 of them", "failed to sell 4 of the lamps", "didn't recycle 2 of
    them": the verb right before the subset's number, after "forgot to" / "failed to" or a
    negated auxiliary, told as not done (negated; "forgot" or "n't" its negation). None for any
    other verb before the number ("mowed 7 of them")."""
    of = _OF_THEM.match(text, subset.span.end)
    if of is None:
        return None
    start, end = _clause_bounds(text, subset.span.start)
    before = _tokens(text, start, subset.span.start)
    if len(before) < 3 or not before[-1][0].isalpha():
        return None
    head = before[-1]
    if before[-2][0] == "to" and before[-3][0] in _FORGOT:
        negation = before[-3]
    elif before[-2][0] in ("n't", "not") and before[-3][0] in ("did", "do", "does"):
        negation = before[-2]
    else:
        return None
    after = [t[0] for t in _tokens(text, of.end(), end)]
    return Predicate(
        head=head[0],
        head_at=(head[1], head[2]),
        negated=True,
        copular=False,
        tail=tuple(w for w in after if w.isalpha()),
        negations=((negation[1], negation[2]),),
        before=True,
    )


def group_predicate(
    text: str, rate: Mention, thing: str
) -> tuple[Predicate, tuple[int, int]] | None:
    """The property the rate's group is told with, and its (start, end): a word between the
    determiner and the group noun ("the *working* games"), or a clause after it ("each lawn
    *he mowed*", "each member *that did show up*", "each bag of cans *she recycled*"), read up
    to the rate's own number or verb. None when the group noun is not in the rate's clause or
    says no property ("each lawn", "the games")."""
    start, end = _clause_bounds(text, rate.span.start)
    tokens = _tokens(text, start, end)
    nouns = [i for i, t in enumerate(tokens) if noun_key(t[0]) == thing]
    if len(nouns) != 1:
        return None
    at = nouns[0]
    words = [t[0] for t in tokens]
    if at >= 2 and words[at - 2] in _DETERMINERS and words[at - 1].endswith("ing"):
        word = tokens[at - 1]  # "the working games"
        told = Predicate(head=word[0], negated=False, copular=True, tail=(), negations=(),
                         head_at=(word[1], word[2]))  # fmt: skip
        return told, (word[1], word[2])
    index = at + 1
    if index + 1 < len(words) and words[index] == "of" and words[index + 1].isalpha():
        index += 2  # "each bag of cans she recycled"
    if index < len(words) and words[index] in _RELATIVE:
        index += 1
    if index < len(words) and (words[index] in PRONOUNS or tokens[index][3]):
        index += 1  # "he mowed", "Ada mowed"
    verb = (attribute(rate.attributes, "verb") or "").split()
    ends = {verb[0].lower()} if verb else set()
    stop = next(
        (i for i in range(index, len(tokens)) if words[i].isdigit() or words[i] in ends),
        len(tokens),
    )
    if stop <= index:
        return None
    said = read_predicate(tokens[index:stop] + [(".", 0, 0, False)])
    if said is None or said.head in STOP_WORDS:
        return None  # "each lamp for $5": a preposition, no property
    return said, (tokens[index][1], tokens[stop - 1][2])


def told_spans(told: Predicate) -> tuple[tuple[int, int], ...]:
    """What a subset's property consumes: its negations and its head, and for a negated one
    every auxiliary between them ("did*n't get picked*", "forgot to mow")."""
    if not told.negations:
        return (told.head_at,)
    first = min(lo for lo, _ in told.negations)
    if first < told.head_at[0]:
        return (*told.negations, (first, told.head_at[1]))
    return (*told.negations, told.head_at)


def negated_subset(
    text: str, views: list[QuantityView], by_id: dict[str, Mention], thing: str
) -> tuple[QuantityView, Predicate] | None:
    """ "A team had 11 players, but 3 players didn't come": without "of", the one amount of
    ``thing`` whose noun a negated verb follows, no move read on the amount itself, is a
    subset told by what it did not do (a move not made is no move: the reading then needs
    the rate's group told with that verb done, "each player that did come"). None when there
    is not exactly one, or its verb is not negated."""
    found: list[tuple[QuantityView, Predicate]] = []
    for q in views:
        if q.entity != thing or q.direction is not None or q.state is not None or q.verb:
            continue
        mention = by_id[q.mention_id]
        _, end = _clause_bounds(text, mention.span.start)
        after = _tokens(text, mention.span.end, end)
        if len(after) < 2 or noun_key(after[0][0]) != thing:
            continue
        told = read_predicate(after[1:])
        if told is not None and told.negated:
            found.append((q, told))
    return found[0] if len(found) == 1 else None


def _group_of(rate: QuantityView) -> str | None:
    """What the rate is per: its group noun, or the thing a trade "for N each" names."""
    if rate.per == "each":
        return rate.object
    return rate.per


def one_person(text: str, mentions: tuple[Mention, ...], target: TargetView) -> bool:
    """The text tells of one person at most, so that the whole, the subset, the rate and the
    question are one owner's: at most one name, no possessed noun that is no counted thing
    ("her brother sold the working pens", "how much would his sister earn?"), and no
    question subject told by a noun but the whole's ("did the club win" over "a club had").
    False otherwise: whose rate, or whose earnings, is then not read."""
    if len({m.span.text for m in mentions if m.kind == "actor"}) > 1:
        return False
    views = quantity_views(mentions)
    things = {v.entity for v in views} | {v.unit for v in views} | {target.entity, target.unit}
    if any(noun_key(m.group(1)) not in things for m in POSSESSED_NOUN.finditer(text)):
        return False
    nouns = {v.subject_noun for v in views if not v.in_question}
    return target.subject_noun is None or target.subject_noun in nouns


def asked_as_the_rate(
    text: str, mentions: tuple[Mention, ...], target: TargetView, rate: QuantityView, thing: str
) -> bool:
    """The question asks what the rate's verb did: its verb is the rate's own ("were won"
    after "won 3 points") or moves the same way ("make" after "sell for $5"), never a verb of
    having ("how much money did she have?"); it names none of the whole's things ("from the
    broken pens": which ones?); it sets no condition of its own ("if he mowed them all": "how
    many points would she have earned?" after "didn't recycle 2" asks what she did); and a
    "they" is asked only where no "he" or "she" is told."""
    if target.verb is None or verb_key(target.verb) in {verb_key(v) for v in HAVE_VERBS}:
        return False
    same = verb_key(target.verb) == verb_key(rate.verb)
    if not same and (target.direction is None or target.direction != rate.direction):
        return False
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None:
        return False
    end = text.find("?", unknown.span.start)
    asked = _tokens(text, unknown.span.start, end if end >= 0 else len(text))
    if any(noun_key(t[0]) == thing for t in asked):
        return False
    if any(t[0].lower() == "if" for t in asked):
        return False  # "how much would he have earned if he mowed them all?": another world
    pronoun = next((m for m in mentions if m.mention_id == target.subject), None)
    plural = pronoun is not None and ("pronoun", "they") in pronoun.attributes
    singular = any(
        m.kind == "pronoun" and ("pronoun", "they") not in m.attributes for m in mentions
    )
    return not (plural and singular)


def _asks_the_rate(target: TargetView, rate: QuantityView) -> bool:
    """The question asks the rate's thing in all, the same way round ("how much money did she
    make" over money earned or sold for, never "spend")."""
    return (
        target.per is None
        and target.than is None
        and target.state in (None, "in_all")
        and target.modifier in (None, rate.modifier)
        and entity_compatible(rate.entity, None, rate.unit, target)
        and target.direction in (None, rate.direction)
        and target.time is None
        and target.side is None
    )


def read_complement_rate(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> ComplementRate | None:
    """The complement-rate reading of a text (see the module docstring), or None."""
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    by_id = {m.mention_id: m for m in mentions}
    views = [q for q in quantity_views(mentions) if not q.in_question]
    rates = [q for q in views if q.per is not None]
    if len(rates) != 1 or rates[0].compare is not None or not _asks_the_rate(target, rates[0]):
        return None
    rate = rates[0]
    thing = _group_of(rate)
    if thing is None or not one_person(text, mentions, target):
        return None
    if not asked_as_the_rate(text, mentions, target, rate, thing):
        return None
    subsets = [
        q
        for q in views
        if attribute(by_id[q.mention_id].attributes, "partitive") == "of"
        or attribute(by_id[q.mention_id].attributes, "elided") == "of_them"
    ]
    told: Predicate | None
    if len(subsets) > 1:
        return None
    if subsets:
        subset = subsets[0]
        mention = by_id[subset.mention_id]
        told = forgot_to(text, mention) or _subset_predicate(text, mention, subset)
    else:  # "5 members didn't show up"
        found = told_subset(
            text, tuple(views), by_id, dataclasses.replace(target, entity=thing)
        ) or negated_subset(text, views, by_id, thing)
        if found is None:
            return None
        subset, told = found
        mention = by_id[subset.mention_id]
    parts = [q for q in views if q not in (subset, rate)]
    if (
        told is None
        or subset.entity != thing
        or subset.direction is not None
        or subset.per is not None
        or subset.compare is not None
        or not parts
        or any(not _whole_part(q, thing, subset) for q in parts)
        or len({q.unit for q in parts}) != 1
    ):
        return None
    grouped = group_predicate(text, by_id[rate.mention_id], thing)
    if grouped is None or not complementary(told, grouped[0]):
        return None
    asked, group_span = grouped
    spans = (*told_spans(told), *asked.read_spans)
    spans += ((mention.span.start, mention.span.end),)
    return ComplementRate(
        parts=tuple(q.mention_id for q in parts),
        subset=subset.mention_id,
        rate=rate.mention_id,
        spans=spans,
        clauses=(_clause_bounds(text, mention.span.start), group_span),
    )


_THE_REST: Final = re.compile(r"\bthe\s+rest\b(?!\s+of\b)", re.IGNORECASE)
"""Only "the rest" alone: "the rest of the coaches" names another whole."""


def read_rest_shared(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> ComplementRate | None:
    """ "There are 50 runners. If 10 of them were not picked and the rest were put into 8
    teams, how many runners are in each team?": a subset of a told whole ("N of them", "N of
    the X", told as a property, not a move), then "the rest" put into a count of groups told
    after it, the size of one group asked (of the whole's thing). "The rest" names the
    complement itself, so the subset's property needs no pair. None when any other amount is
    told, the subset moves ("sold 10 of them": a change), "the rest" is not in the groups'
    clause after the subset, two people are named, or the question asks another thing."""
    target = target_view(targets)
    if target is None or target.mention_id is None or target.per is None:
        return None
    if target.state != "each" or target.entity is None or target.modifier is not None:
        return None
    by_id = {m.mention_id: m for m in mentions}
    views = [q for q in quantity_views(mentions) if not q.in_question]
    if not one_person(text, mentions, target) or target.time is not None:
        return None
    subsets = [
        q
        for q in views
        if attribute(by_id[q.mention_id].attributes, "partitive") == "of"
        or attribute(by_id[q.mention_id].attributes, "elided") == "of_them"
    ]
    groups = [q for q in views if q.entity == target.per and q.per is None and q.compare is None]
    if len(subsets) != 1 or len(groups) != 1:
        return None
    subset, count = subsets[0], groups[0]
    mention, counted = by_id[subset.mention_id], by_id[count.mention_id]
    parts = [q for q in views if q not in (subset, count)]
    if (
        subset.entity != target.entity
        or subset.direction is not None
        or subset.per is not None
        or subset.compare is not None
        or count.start < subset.start
        or (count.direction is not None and count.subject_noun != "rest")
        or not parts
        or any(not _whole_part(q, target.entity, subset) for q in parts)
        or len({q.unit for q in parts}) != 1
    ):
        return None
    lo, hi = _clause_bounds(text, counted.span.start)
    lo = max(lo, mention.span.end)  # "... didn't get picked and the rest were put into 8"
    rest = _THE_REST.search(text, lo, counted.span.start)
    if rest is None:
        return None
    told = forgot_to(text, mention) or _subset_predicate(text, mention, subset)
    spans = told_spans(told) if told is not None else ()
    spans += ((mention.span.start, mention.span.end), (rest.start(), rest.end()))
    return ComplementRate(
        parts=tuple(q.mention_id for q in parts),
        subset=subset.mention_id,
        rate=count.mention_id,
        spans=spans,
        clauses=(_clause_bounds(text, mention.span.start), (rest.start(), hi)),
        organ="complement_partition",
    )


def read_rest(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> ComplementRate | None:
    """The text's one reading of a rest then a rate or a sharing: :func:`read_complement_rate`
    or else :func:`read_rest_shared`; None when neither reads it."""
    return read_complement_rate(text, mentions, targets) or read_rest_shared(
        text, mentions, targets
    )


def _whole_part(q: QuantityView, thing: str, subset: QuantityView) -> bool:
    """An amount of the whole: of the group's thing, told before the subset, held or gained
    (or told "in all": "had 13 members total"), no rate or comparison."""
    return (
        q.entity == thing
        and q.start < subset.start
        and q.per is None
        and q.compare is None
        and q.state in (None, "start", "in_all")
        and q.direction in (None, "gain")
    )


def consumed_rate_reading(
    frame: ProblemFrame, relation: Relation
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """What a ``complement_groups`` relation that binds the text's reading consumes: the
    subset's number, the negations and heads of the two properties, and the two clauses that
    tell them; nothing when the relation binds anything else."""
    read = read_rest(frame.source_text, frame.mentions, frame.targets)
    target = target_view(frame.targets)
    if read is None or target is None or not read.bound_by(relation, target.mention_id):
        return (), ()
    return read.spans, read.clauses


def rest_candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """``complement_groups``' and ``complement_partition``'s candidates: the whole's parts,
    the one subset and the one rate (or count of groups) the reading finds; nothing when the
    text reads none for the relation's organ."""
    read = read_rest(frame.source_text, frame.mentions, frame.targets)
    if read is not None and read.organ != relation.relation_type:
        read = None
    parts = read.parts if read is not None else ()
    found: dict[str, tuple[str, ...]] = {
        name: parts for name, _ in relation.roles if name.startswith("part_")
    }
    rate, asked = _ROLES.get(relation.relation_type, ("per_group", "total"))
    found["subset"] = (read.subset,) if read is not None else ()
    found[rate] = (read.rate,) if read is not None else ()
    found[asked] = ()
    return found


def rest_reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
    """What the reading consumes at the organ's gate: the subset's number, the negations and
    heads of both properties (so "subset", "negation" and "negated_move" read there are no
    hazard for ``complement_groups``)."""
    read = read_rest(frame.source_text, frame.mentions, frame.targets)
    return read.spans if read is not None else ()


def rest_bound(
    frame: ProblemFrame, organ: str, bound: dict[str, QuantityView], target: TargetView
) -> tuple[str, ...]:
    """The unit proof of ``complement_groups`` and ``complement_partition``: the bound parts,
    subset and rate (or count of groups) are the reading's (the rate per the rest, its group
    the whole's thing, the question its thing; the groups what the rest is put into, the
    question the whole's thing); ``("group_unit_mismatch",)`` for any other binding or when
    the text reads none for ``organ``."""
    read = read_rest(frame.source_text, frame.mentions, frame.targets)
    if read is None or read.organ != organ:
        return ("group_unit_mismatch",)
    parts = [v.mention_id for name, v in bound.items() if name.startswith("part_")]
    subset, rate = bound.get("subset"), bound.get(_ROLES[organ][0])
    if (
        sorted(parts) != sorted(read.parts)
        or subset is None
        or subset.mention_id != read.subset
        or rate is None
        or rate.mention_id != read.rate
    ):
        return ("group_unit_mismatch",)
    if organ == "complement_groups" and not entity_compatible(rate.entity, None, rate.unit, target):
        return ("total_unit_mismatch",)
    if organ == "complement_partition" and not entity_compatible(
        subset.entity, None, subset.unit, target
    ):
        return ("total_unit_mismatch",)
    return ()
