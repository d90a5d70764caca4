"""What is left of a holding after equal groups moved out of it (``groups_moved``, the result
asked).

"Todd has $20. He buys 4 candy bars that cost $2 each. How much money does he have left?":
the filled groups (4 bars at $2 each: 8 dollars) are the move, and what the holding keeps is
asked, ``result = start - groups x per_group``. "Cindy has 37 envelopes. She gives 3
envelopes to each of her 5 friends. How many envelopes does she have left?" is the same
composition with things in place of money. The first form of ``groups_moved`` asks the start
from what is left (:func:`~practiceloop.arith._compositions.given_in_equal_shares`); this one
asks what is left from the start.

The reader proposes the relation (:func:`paid_from_a_holding`) only when the whole text shows
these amounts and no other of the asked thing; the contract's candidates
(:func:`left_after_groups_candidates`) and the proofs then check what practice binds. Pure
functions of the mentions and the target.
"""

from __future__ import annotations

from practiceloop.arith.lexicon import verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    quantity_views,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = [
    "ORGAN",
    "left_after_groups",
    "left_after_groups_candidates",
    "mover_of_groups",
    "paid_from_a_holding",
]

ORGAN = "groups_moved"

_Roles = list[tuple[str, str | None]]


def _plain(q: QuantityView) -> bool:
    return q.per is None and q.compare is None and not q.in_question


def _cue(mentions: tuple[Mention, ...], q: QuantityView) -> Mention | None:
    own = next((m for m in mentions if m.mention_id == q.mention_id), None)
    cue_id = attribute(own.attributes, "cue") if own is not None else None
    return next((m for m in mentions if m.mention_id == cue_id), None) if cue_id else None


def _rates(views: tuple[QuantityView, ...], target: TargetView) -> list[QuantityView]:
    """Amounts of the asked thing told per a named group ("$2 per bar", "3 envelopes to each
    friend")."""
    return [
        q
        for q in views
        if q.per not in (None, "each")
        and q.compare is None
        and not q.in_question
        and entity_compatible(q.entity, None, q.unit, target)
    ]


def _counting(views: tuple[QuantityView, ...], group: str | None) -> list[QuantityView]:
    return [q for q in views if _plain(q) and group is not None and group in (q.entity, q.unit)]


def _held(views: tuple[QuantityView, ...], target: TargetView) -> list[QuantityView]:
    """Plain amounts of the asked thing told as held: no move, no state but a start."""
    return [
        q
        for q in views
        if _plain(q)
        and entity_compatible(q.entity, None, q.unit, target)
        and q.direction is None
        and q.state in (None, "start")
    ]


def mover_of_groups(
    mentions: tuple[Mention, ...], size: QuantityView, count: QuantityView, money: bool
) -> Mention | None:
    """The cue that moves the filled groups: for money asked, the verb that bought or sold the
    counted things ("buys 4 candy bars"), read with the count, which moves money the other way
    than the things (a sale not at a price the clause of costing tells: "sells 3 lamps that
    cost $9 each" says what they cost, not what they sold for); for things asked, the verb
    that moved the things per group ("gives 3 envelopes to each of her 5 friends"), read with
    the rate. None when that verb is not read, or (money) moves money no way, or moves the
    things the same way as the money."""
    if money:
        cue = _cue(mentions, count)
        if cue is None:
            return None
        paid = attribute(cue.attributes, "money_direction")
        if paid not in ("gain", "loss") or paid == attribute(cue.attributes, "direction"):
            return None  # a trade moves money one way and the things the other
        if paid == "gain" and verb_key(size.verb) == "cost":
            return None  # "sells 3 lamps that cost $9 each": what they cost, not their price
        return cue
    cue = _cue(mentions, size)
    if cue is None or attribute(cue.attributes, "direction") not in ("gain", "loss"):
        return None
    return cue


def left_after_groups(
    mentions: tuple[Mention, ...], target: TargetView
) -> tuple[QuantityView, QuantityView, QuantityView, Mention] | None:
    """The one reading of the whole text this composition takes: the question asks what is
    left or held now of a thing (no rate, no "each"), the text tells exactly one rate of that
    thing per a named group, exactly one plain count of those groups, exactly one plain amount
    of the asked thing held (no move), nothing else of the asked thing, and the verb that
    moved the groups (:func:`mover_of_groups`). Returns (start, groups, per_group, cue)."""
    if target.state not in ("left", "now") or target.per is not None:
        return None
    views = quantity_views(mentions)
    rates = _rates(views, target)
    if len(rates) != 1:
        return None
    size = rates[0]
    counts = _counting(views, size.per)
    held = _held(views, target)
    things = [q for q in views if _plain(q) and entity_compatible(q.entity, None, q.unit, target)]
    if len(counts) != 1 or len(held) != 1 or len(things) != 1:
        return None
    money = target.unit in ("dollar", "cent")
    cue = mover_of_groups(mentions, size, counts[0], money)
    if cue is None:
        return None
    return held[0], counts[0], size, cue


def paid_from_a_holding(
    mentions: tuple[Mention, ...], target: TargetView
) -> list[tuple[str, _Roles]]:
    """ "Todd has $20. He buys 4 candy bars that cost $2 each. How much money does he have
    left?", "Cindy has 37 envelopes. She gives 3 envelopes to each of her 5 friends. How many
    envelopes does she have left?": when :func:`left_after_groups` reads the text, the
    ``groups_moved`` relation with the asked result, the rate and the mover's cue bound (the
    start and the groups left for practice to fill)."""
    found = left_after_groups(mentions, target)
    if found is None or target.mention_id is None:
        return []
    _start, _count, size, cue = found
    roles: _Roles = [
        ("groups", None),
        ("per_group", size.mention_id),
        ("start", None),
        ("result", target.mention_id),
        ("direction", cue.mention_id),
    ]
    return [(ORGAN, roles)]


def left_after_groups_candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """The contract's candidates when the result is asked: the rates of the asked thing per a
    named group, the plain counts of the bound rate's groups, and the plain amounts of the
    asked thing held; the result is the unknown."""
    views = quantity_views(frame.mentions)
    bound = relation.role("per_group")
    size = next((q for q in views if q.mention_id == bound), None)
    group = size.per if size is not None else None
    return {
        "per_group": tuple(q.mention_id for q in _rates(views, target)),
        "groups": tuple(q.mention_id for q in _counting(views, group)),
        "start": tuple(q.mention_id for q in _held(views, target)),
        "result": (),
    }
