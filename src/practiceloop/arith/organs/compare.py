"""The compare organ: a compared amount is a difference more or fewer than a referent.

Relation ``compare`` with roles ``referent``, ``compared``, ``difference`` (one of them the
question's unknown) and ``direction`` (a comparison cue read as ``more`` or ``fewer``).
``compared = referent + difference`` (more) or ``referent - difference`` (fewer). The compared
and referent amounts belong to different owners when owners are read; a read difference
("Ed had 29 more marbles than Doug") belongs to the compared owner.
"""

from __future__ import annotations

from practiceloop.arith._compare_events import event_sides
from practiceloop.arith._compare_parts import part_sides
from practiceloop.arith._compare_sides import still_needed_side
from practiceloop.arith._object_sides import asked_objects, object_side
from practiceloop.arith._told_sides import compared_rate_group
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    entity_compatible,
    owner_of,
    quantity_views,
)
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "CLASSIFICATION",
    "ORGAN",
    "SPEC",
    "VERSION",
    "applies",
    "assess",
    "candidates",
    "summable",
]

ORGAN = "compare"
VERSION = "arith_compare.v10"


def _describes(q: QuantityView, entity: str, modifier: str | None) -> bool:
    """True when ``q`` is the thing a "than X" phrase names: by entity or by modifier, or by
    the noun that holds it ("than her friends" names what "her friends had")."""
    words = set((q.modifier or "").split())
    if modifier is not None:
        return bool(words & set(modifier.split())) and entity in (q.entity, q.unit)
    return entity in (q.entity, q.unit) or entity in words or entity == q.subject_noun


def candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Compared: amounts fitting the question's description; referent: amounts the "than"
    phrase names (an owner, another thing or another kind of the same thing); difference: an
    amount read as "N more/fewer ... than". When the question asks about *now*, amounts read
    as now/left are the compared ones."""
    views = quantity_views(frame.mentions)
    # "How many more sacks ... are harvested per day?": two rates per day are the sides
    group = compared_rate_group(frame, target)
    plain = [q for q in views if q.per == group and q.compare is None and q.state != "in_all"]
    if target.time == "now":
        current = [q for q in plain if q.state in ("now", "left")]
        plain = current or plain
    names = actor_names(frame)
    compared = [q for q in plain if entity_compatible(q.entity, q.modifier, q.unit, target)]
    same = [q for q in plain if entity_compatible(q.entity, None, q.unit, target)]
    than = target.than
    difference_id = relation.role("difference")
    difference = next((q for q in views if q.mention_id == difference_id), None)
    if (
        difference is not None
        and difference.than is not None
        and (difference.than in names or than is None)
    ):
        # "4 more male attendees than female attendees": the referent is what the difference's
        # own "than" names (an owner, a thing or a kind), never just any amount of the thing
        than = difference.than
    asked_kinds = set((target.modifier or "").split())
    if difference is not None and difference.than in asked_kinds and difference.modifier:
        # "4 more pages of math homework than reading homework ... of reading homework?":
        # the asked kind is the "than" side; the compared side is the difference's kind
        compared = [
            q for q in plain if entity_compatible(q.entity, q.modifier, q.unit, difference)
        ]
    if difference is not None and difference.owner is not None:
        # "Anais has 30 more toys than Kamari": the compared amount is Anais's, read as hers
        compared = [q for q in compared if owner_of(frame, q) == difference.owner]
    if than is not None and than in names:
        referent = [q for q in same if owner_of(frame, q) == than]
        compared = [q for q in compared if owner_of(frame, q) != than]
    elif than is not None and (than != target.entity or target.than_modifier is not None):
        referent = [q for q in plain if _describes(q, than, target.than_modifier)]
    else:
        referent = same
    # "How many more children got on the bus than those that got off?": each side is read by
    # its verb, when the question names one
    asked_verb = target.verb or target.than_verb  # "...than sweet cookies did he eat?"
    if asked_verb is not None and asked_verb not in HAVE_VERBS:
        compared = [q for q in compared if verb_stem(q.verb) == verb_stem(asked_verb)]
    if target.than_verb is not None:
        referent = [q for q in referent if verb_stem(q.verb) == verb_stem(target.than_verb)]
    if difference is not None and difference.than_side is not None:
        # "If she played with 12 more kids on monday than on tuesday": each side by its time
        compared = [q for q in compared if q.side == difference.side]
        referent = [
            q
            for q in plain
            if q.side == difference.than_side
            and entity_compatible(q.entity, q.modifier, q.unit, difference)
        ]
    # "How many more kids did she play with on monday than on tuesday?": each side by its time
    if target.than_side is not None:
        compared = [q for q in compared if q.side == target.side]
        referent = [
            q
            for q in plain
            if q.side == target.than_side
            and entity_compatible(q.entity, q.modifier, q.unit, target)
            and (target.than_verb is None or verb_stem(q.verb) == verb_stem(target.than_verb))
        ]
    # "suggested mashed potatoes than those that suggested bacon": each side by the words
    # its clause spells after its verb, when the question names them so
    by_object = (
        [q for q in compared if object_side(frame, q, target) == "compared"],
        [q for q in referent if object_side(frame, q, target) == "referent"],
    )
    if asked_objects(frame, target) is not None and by_object[0] and by_object[1]:
        compared, referent = by_object
    parts = part_sides(frame, target) or event_sides(frame, target)
    if parts is not None:
        # "does the first chapter have than the second chapter?": each side by its part;
        # "did she receive from her uncle than she did from her aunt?": by its event
        compared, referent = parts
    found = {
        "compared": tuple(q.mention_id for q in compared),
        "referent": tuple(q.mention_id for q in referent),
        "difference": tuple(
            q.mention_id
            for q in views
            if q.compare is not None and entity_compatible(q.entity, None, q.unit, target)
        ),
    }
    for name, _ in relation.roles:  # a summed side: "compared_1" .. "compared_k"
        for side in ("compared", "referent"):
            if name.startswith(side + "_"):
                found[name] = found[side]
    if difference is not None and verb_stem(difference.verb) in _HOLDING:
        found.update(held_sides(found, views))
    return found


_HOLDING = frozenset({"have", "be"})


def held_sides(
    found: dict[str, tuple[str, ...]], views: tuple[QuantityView, ...]
) -> dict[str, tuple[str, ...]]:
    """ "Ben gave 2 pens to Cal. Cal has 5 more pens than Ben.": a difference told of what
    two holders *have* compares what each holds, and what one gave away is no amount held; a
    side of one amount (``compared``, ``referent``) never takes a loss then (a summed side
    signs its loss: :func:`summable`)."""
    lost = {q.mention_id for q in views if q.direction == "loss"}
    return {
        side: tuple(m for m in found[side] if m not in lost) for side in ("compared", "referent")
    }


def summable(frame: ProblemFrame, ids: tuple[str, ...]) -> bool:
    """True when the amounts ``ids`` may be added into one side of a comparison: two to four
    amounts, the first one not taken away, every later one moved ("3 birds ... 2 more birds
    came": the birds are 3 + 2; "Mia had 30 stickers ... Mia gave away 10": her side is 30 -
    10, signed by :func:`~practiceloop.arith._compare_sides.signed_side`, at most one loss).
    Whose each term is, and when the question asks, the contract and the proofs check."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    terms = sorted((views[m] for m in ids if m in views), key=lambda q: q.start)
    if len(terms) == len(ids) and still_needed_side(frame, terms):
        return True  # "calls for 9 cups of rice ... put in 3 cups of rice": 9 - 3 still needed
    return (
        1 < len(terms) == len(ids) <= 4
        and all(q.state is None for q in terms)
        and terms[0].direction != "loss"
        and all(q.direction in ("gain", "loss") for q in terms[1:])
        and sum(q.direction == "loss" for q in terms[1:]) <= 1
    )


SPEC = OrganSpec(
    organ=ORGAN,
    version=VERSION,
    direction_values=("more", "fewer"),
    owners_agree=True,
    candidates=candidates,
    unplaced=("per",),
)

CLASSIFICATION = table_for(
    (
        "referent_unbound",
        "compared_unbound",
        "difference_unbound",
        "direction_unbound",
        "direction_ambiguous",
    )
)


def applies(frame: ProblemFrame) -> bool:
    """True when the reader read a compare relation."""
    return organ_relation(frame, ORGAN) is not None


def assess(frame: ProblemFrame) -> ContractAssessment:
    """The compare contract's verdict on ``frame``."""
    return assess_with(SPEC, frame)
