"""The two-step organs: the result of one step is the input of the next, in one relation.

Each composition names a first step, a second step and the role of the second step that the
first step's result fills (the *link*). The relation holds every role of both steps but the
link and the first step's result, so that every amount either step uses is a real mention of
the text, bound in one place, and every proof (the text-accounting ones included) sees the
whole composition at once:

=================  ===========================  ===================================
organ              relation roles               equation
=================  ===========================  ===================================
combine_groups     part_1..k, per_group, total  total = (Σ parts) × per_group
combine_partition  part_1..k, groups, per_group (Σ parts) = groups × per_group
change_groups      start, change, per_group,    total = (start ± change) × per_group
                   total, direction
change_partition   start, change, groups,       start ± change = groups × per_group
                   per_group, direction
combine_change     part_1..k, change, result,   result = (Σ parts) ± change
                   direction
groups_change      groups, per_group, change,   result = groups × per_group ± change
                   result, direction
groups_moved       groups, per_group, start,    result = start ± groups × per_group
                   result, direction
groups_combine     groups, per_group,           whole = groups × per_group + Σ parts
                   part_1..k, whole
complement_groups  part_1..k, subset,           total = (Σ parts − subset) × per_group
                   per_group, total
complement_partition part_1..k, subset,         Σ parts − subset = groups × per_group
                   groups, per_group
change_compare     start, change and/or result, difference = the told side less the
                   difference                   solved one (or the reverse), as asked
=================  ===========================  ===================================

"6 country albums and 2 pop albums; each album had 9 songs" is ``combine_groups``; "ate 12 of
the 32 pieces and placed the rest into piles of 5" is ``change_partition``. A composition is
read when the text shows both steps' cues; practice fills its unread roles like any organ's.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from practiceloop.arith._compositions import held_in_all_before_kept, moved_by_one_verb
from practiceloop.arith._listed_beside import listed_before_the_count, listed_beside_the_groups
from practiceloop.arith._moves_compared import moves_candidates
from practiceloop.arith.capacity import capacity_read
from practiceloop.arith.complement_rates import rest_candidates, rest_reads
from practiceloop.arith.organs._codes import table_for
from practiceloop.arith.organs._contract import OrganSpec, assess_with, organ_relation
from practiceloop.arith.organs.change import held_before_the_move
from practiceloop.arith.organs.equal_groups import group_candidates
from practiceloop.arith.reading import (
    RESULT_STATES,
    QuantityView,
    TargetView,
    entity_compatible,
    of_asked_holder_and_time,
    owner_of,
    quantity_views,
)
from practiceloop.arith.spent_groups import left_after_groups_candidates
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation
from practiceloop.kernel.residual import ResidualClassification

__all__ = [
    "COMPOSITIONS",
    "VERSION",
    "Composition",
    "composition",
    "link_value",
    "solve_steps",
]

VERSION: Final = "arith_composed.v8"

_Known = dict[str, Fraction]


@dataclasses.dataclass(frozen=True, slots=True)
class Composition:
    """One two-step organ: ``first`` feeds the ``link`` role of ``second``."""

    organ: str
    first: str
    second: str
    link: str
    asked: tuple[str, ...]
    """The roles the question's unknown may take."""

    @property
    def version(self) -> str:
        return VERSION

    def spec(self) -> OrganSpec:
        return _SPECS[self.organ]

    @property
    def classification(self) -> ResidualClassification:
        return table_for(_CODES[self.organ])

    def applies(self, frame: ProblemFrame) -> bool:
        """True when the reader read this composition's relation."""
        return organ_relation(frame, self.organ) is not None

    def assess(self, frame: ProblemFrame) -> ContractAssessment:
        """The composition's contract verdict on ``frame`` (see the module docstring)."""
        return assess_with(_SPECS[self.organ], frame)


COMPOSITIONS: Final = (
    Composition("combine_groups", "combine", "equal_groups", "groups", ("total",)),
    Composition("combine_partition", "combine", "partition", "total", ("groups", "per_group")),
    Composition("change_groups", "change", "equal_groups", "groups", ("total",)),
    Composition("change_partition", "change", "partition", "total", ("groups", "per_group")),
    Composition("combine_change", "combine", "change", "start", ("result", "change")),
    Composition("groups_change", "equal_groups", "change", "start", ("result",)),
    Composition("groups_moved", "equal_groups", "change", "change", ("start", "result")),
    Composition("groups_combine", "equal_groups", "combine", "part_0", ("whole",)),
    Composition("complement_groups", "complement", "equal_groups", "groups", ("total",)),
    Composition("complement_partition", "complement", "partition", "total", ("per_group",)),
    Composition("change_compare", "change", "compare", "compared", ("difference",)),
)
"""Every two-step organ, in manifest order."""

_BY_ORGAN: Final = {c.organ: c for c in COMPOSITIONS}
_OUTPUT: Final = {
    "combine": "whole",
    "change": "result",
    "equal_groups": "total",
    "complement": "complement",
}


def composition(organ: str) -> Composition | None:
    """The composition named ``organ``, or None for a single-step organ."""
    return _BY_ORGAN.get(organ)


# --- the equations ---------------------------------------------------------------------------


def _step(kind: str, known: _Known, asked: str, sign: int) -> Fraction | None:
    """Solve one step's equation for ``asked`` from ``known`` (None: division by zero)."""
    if kind == "combine":
        parts = sum((v for k, v in known.items() if k.startswith("part_")), Fraction(0))
        return parts if asked == "whole" else known["whole"] - parts
    if kind == "complement":  # the rest: the whole less the subset (only ever asked forward)
        parts = sum((v for k, v in known.items() if k.startswith("part_")), Fraction(0))
        return parts - known["subset"]
    if kind == "change":  # result = start + sign * change
        if asked == "result":
            return known["start"] + sign * known["change"]
        if asked == "start":
            return known["result"] - sign * known["change"]
        return (known["result"] - known["start"]) * sign
    # equal_groups and partition: total = groups * per_group
    if asked == "total":
        return known["groups"] * known["per_group"]
    divisor = known["per_group"] if asked == "groups" else known["groups"]
    return None if divisor == 0 else known["total"] / divisor


def _first_roles(comp: Composition, role: str) -> bool:
    if comp.first == "combine":
        return role.startswith("part_")
    if comp.first == "complement":
        return role.startswith("part_") or role == "subset"
    if comp.first == "change":
        return role in ("start", "change")
    return role in ("groups", "per_group")


def solve_steps(comp: Composition, known: _Known, asked: str, sign: int) -> Fraction | None:
    """The asked role's value: the first step forward into the link, then the second; or, when
    the unknown is in the first step, the second step solved for the link, then the first.
    None on a division by zero, and for ``change_compare`` (its sides are the whole text's
    reading: :func:`~practiceloop.arith._moves_compared.moves_compared_value`)."""
    if comp.second == "compare":
        return None
    output = _OUTPUT[comp.first]
    if not _first_roles(comp, asked):
        link = _step(comp.first, known, output, sign)
        if link is None:
            return None
        return _step(comp.second, {**known, comp.link: link}, asked, sign)
    link = _step(comp.second, known, comp.link, sign)
    if link is None:
        return None
    return _step(comp.first, {**known, output: link}, asked, sign)


def link_value(comp: Composition, known: _Known, asked: str, sign: int) -> Fraction | None:
    """The value the first step hands the second (the amount between the two steps); None
    for ``change_compare``, whose link is the text's reading (``_moves_compared.solved_side``)."""
    if comp.second == "compare":
        return None
    output = _OUTPUT[comp.first]
    if not _first_roles(comp, asked):
        return _step(comp.first, known, output, sign)
    return _step(comp.second, known, comp.link, sign)


# --- candidates: which amounts may fill each role ---------------------------------------------


def _plain(q: QuantityView) -> bool:
    return q.per is None and q.compare is None and not q.in_question


def _of(views: tuple[QuantityView, ...], thing: QuantityView | TargetView) -> list[QuantityView]:
    """Amounts of ``thing`` (its kinds may differ: "new cards" and "old cards" are cards)."""
    return [q for q in views if entity_compatible(q.entity, None, q.unit, thing)]


def _movers(views: list[QuantityView]) -> tuple[str, ...]:
    return tuple(q.mention_id for q in views if q.direction is not None and q.state is None)


def _holdings(views: list[QuantityView]) -> tuple[str, ...]:
    """Plain amounts held (no move, or the first gain of the asked thing)."""
    return tuple(
        q.mention_id
        for q in views
        if (q.direction is None or q.direction == "gain") and q.state in (None, "start")
    )


def _rates(views: tuple[QuantityView, ...], thing: TargetView | QuantityView) -> list[QuantityView]:
    return [
        q
        for q in views
        if q.per is not None
        and q.compare is None
        and entity_compatible(q.entity, None, q.unit, thing)
    ]


def _size(
    frame: ProblemFrame, relation: Relation, views: tuple[QuantityView, ...]
) -> QuantityView | None:
    bound = relation.role("per_group")
    return next((q for q in views if q.mention_id == bound), None)


def _groups_of(frame: ProblemFrame, group: str | None) -> tuple[str, ...]:
    return group_candidates(frame, group)


Candidates = Callable[[ProblemFrame, Relation, TargetView], dict[str, tuple[str, ...]]]


def _first_step(
    kind: str,
    relation: Relation,
    amounts: list[QuantityView],
    mentions: tuple[Mention, ...] = (),
) -> dict[str, tuple[str, ...]]:
    """Candidates of the first step's roles among ``amounts`` (what the link counts). A sum
    takes what is held or gained; amounts one verb moved in all, with nothing held, are the
    sum of that move (:func:`~practiceloop.arith._compositions.moved_by_one_verb`, given
    ``mentions``: only a rate filling the sum reads it)."""
    plain = [q for q in amounts if _plain(q)]
    if kind == "combine":
        parts = tuple(q.mention_id for q in plain if q.direction != "loss")
        moved = [q for q in plain if q.direction is not None]
        if len(moved) == len(plain) and moved_by_one_verb(mentions, moved):
            parts = tuple(q.mention_id for q in moved)
        return {name: parts for name, _ in relation.roles if name.startswith("part_")}
    if kind == "change":
        starts = {q.mention_id for q in plain if held_before_the_move(q, plain)}
        held = tuple(m for m in _holdings(plain) if m in starts)
        movers = [q for q in plain if q.direction is not None and q.state is None]
        held = held or tuple(
            q.mention_id
            for q in held_in_all_before_kept(mentions, movers, plain)
            if q.mention_id in starts
        )
        return {"start": held, "change": _movers(plain)}
    return {}


def _into_groups(
    frame: ProblemFrame, relation: Relation, target: TargetView, kind: str
) -> dict[str, tuple[str, ...]]:
    """(combine | change) then equal_groups: the first step counts the groups."""
    views = quantity_views(frame.mentions)
    rates = _rates(views, target)
    size = _size(frame, relation, views)
    group = size.per if size is not None else None
    counted = [q for q in views if group is not None and (q.entity == group or q.unit == group)]
    if kind == "combine":  # the groups summed are the asked owner's, at the asked times
        counted = of_asked_holder_and_time(frame, target, counted)
    found = _first_step(kind, relation, counted, frame.mentions)
    found["per_group"] = tuple(q.mention_id for q in rates if q.per != "each")
    found["total"] = ()
    return found


def _shared(
    frame: ProblemFrame, relation: Relation, target: TargetView, views: tuple[QuantityView, ...]
) -> tuple[QuantityView | TargetView, str | None]:
    """What a partition shares and the group noun it shares it into."""
    size = _size(frame, relation, views)
    if size is not None and relation.role("groups") == target.mention_id:
        return size, size.per
    return target, target.per


def _into_shares(
    frame: ProblemFrame, relation: Relation, target: TargetView, kind: str
) -> dict[str, tuple[str, ...]]:
    """(combine | change) then partition: the first step makes the total that is shared."""
    views = quantity_views(frame.mentions)
    thing, group = _shared(frame, relation, target, views)
    groups = _groups_of(frame, group)
    amounts = [q for q in _of(views, thing) if q.mention_id not in groups]
    found = _first_step(kind, relation, amounts)
    found["groups"] = groups
    found["per_group"] = tuple(
        q.mention_id
        for q in views
        if q.per is not None
        and q.compare is None
        and (q.per == target.entity or (q.per == target.unit and q.entity == target.entity)
             or (group is not None and q.per == group))
    )  # fmt: skip
    return found


def _then_change(
    frame: ProblemFrame, relation: Relation, target: TargetView, kind: str
) -> dict[str, tuple[str, ...]]:
    """(combine | equal_groups) then change: the first step makes what the change starts from."""
    views = quantity_views(frame.mentions)
    amounts = [q for q in _of(views, target) if _plain(q)]
    found: dict[str, tuple[str, ...]] = {}
    if kind == "combine":
        # one asked owner: the amounts summed are that owner's ("Rosie had 23 stickers ...
        # her friend Tom, who already had 15": Tom's 15 is no part of Rosie's); of the asked
        # kind ("9 red apples and 6 green apples": the red ones)
        # and no amount told as the change's outcome ("after the fair he had 5"): no part
        kinds = [
            q
            for q in amounts
            if entity_compatible(q.entity, q.modifier, q.unit, target)
            and q.state not in RESULT_STATES
        ]
        found.update(_first_step("combine", relation, _one_owner(frame, kinds, target)))
    else:
        rates = _rates(views, target)
        size = _size(frame, relation, views)
        group = size.per if size is not None else None
        found["per_group"] = tuple(q.mention_id for q in rates if q.per != "each")
        found["groups"] = tuple(
            q.mention_id
            for q in views
            if _plain(q) and group is not None and (q.entity == group or q.unit == group)
        )
    found["change"] = _movers(amounts)
    found["result"] = tuple(
        q.mention_id
        for q in amounts
        if (q.state in RESULT_STATES or q.state == "required") and q.direction is None
    )  # "Xavier needs 84 plates": the requirement a sum and a move reach
    return found


def _held_before(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> tuple[str, ...]:
    """The start of filled groups moved ("Ulla had 65 stickers. She gave 5 stickers to each of
    her 7 friends."): a plain amount of the asked thing held (no move, no state but a start),
    told before the rate that moves the groups; none when the start is the unknown."""
    if relation.role("start") == target.mention_id:
        return ()
    views = quantity_views(frame.mentions)
    size = _size(frame, relation, views)
    if size is None:
        return ()
    return tuple(
        q.mention_id
        for q in _of(views, target)
        if _plain(q)
        and q.direction is None
        and q.state in (None, "start")
        and q.start < size.start
    )


def _then_combine(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """equal_groups then combine: the filled groups and amounts of the asked thing besides
    them make the whole ("12 sets of 14 chairs; there are also 6 chairs extra")."""
    views = quantity_views(frame.mentions)
    size = _size(frame, relation, views)
    group = size.per if size is not None else None
    amounts = [
        q
        for q in _of(views, target)
        if _plain(q) and q.direction is None and q.state in (None, "start") and _added(frame, q)
    ]
    parts = tuple(q.mention_id for q in _one_owner(frame, amounts, target))
    if size is not None:  # more of the rate's own move: "6 tickets for $7 each and a program"
        before = listed_before_the_count(frame.mentions)
        listed = listed_beside_the_groups(views, size, target, before)
        parts += tuple(q.mention_id for q in listed)
    found: dict[str, tuple[str, ...]] = {
        name: parts for name, _ in relation.roles if name.startswith("part_")
    }
    found["per_group"] = tuple(q.mention_id for q in _rates(views, target) if q.per != "each")
    found["groups"] = tuple(
        q.mention_id
        for q in views
        if _plain(q) and group is not None and (q.entity == group or q.unit == group)
    )
    found["whole"] = ()
    return found


_ADDED: Final = frozenset(
    {"also", "extra", "another", "plus", "besides", "additional", "loose", "more", "other"}
)


def _added(frame: ProblemFrame, q: QuantityView) -> bool:
    """The text marks ``q`` as more besides the filled groups ("there are also 6 chairs
    extra", "3 loose pens"); an amount of the thing unmarked may be a part of the groups
    ("615 seats were filled"), never an addition to them."""
    if q.additional:
        return True
    sentence = next((s for s in frame.sentences if s.sentence_index == q.sentence), None)
    if sentence is None:
        return False
    return bool(_ADDED & {w.lower() for w in re.findall(r"[A-Za-z]+", sentence.text)})


def _one_owner(
    frame: ProblemFrame, amounts: list[QuantityView], target: TargetView
) -> list[QuantityView]:
    """The amounts a single asked owner may hold: the asked owner's, or unread; when the
    question asks "he" or "she" (not resolved), amounts of two read owners are no one's sum."""
    asked = owner_of(frame, target)
    if asked not in (None, "group"):
        return [q for q in amounts if owner_of(frame, q) in (asked, None)]
    pronoun = frame.mention(target.subject) if target.subject is not None else None
    single = pronoun is not None and ("pronoun", "they") not in pronoun.attributes
    owners = {owner_of(frame, q) for q in amounts} - {None}
    return [] if single and len(owners) > 1 else amounts


def _candidates(comp: Composition) -> Candidates:
    def candidates(
        frame: ProblemFrame, relation: Relation, target: TargetView
    ) -> dict[str, tuple[str, ...]]:
        if comp.first == "complement":
            return rest_candidates(frame, relation, target)
        if comp.second == "compare":  # one side fixed by a change: only as the text reads it
            return moves_candidates(frame, relation, target)
        if comp.second == "equal_groups":
            return _into_groups(frame, relation, target, comp.first)
        if comp.second == "partition":
            return _into_shares(frame, relation, target, comp.first)
        if comp.second == "combine":
            return _then_combine(frame, relation, target)
        if comp.link == "change" and relation.role("result") == target.mention_id:
            return left_after_groups_candidates(frame, relation, target)  # what is left asked
        found = _then_change(frame, relation, target, comp.first)
        if comp.link == "change":  # the filled groups are the move: a start or a result asked
            found.pop("change", None)
            found["start"] = _held_before(frame, relation, target)
        return found

    return candidates


def _capacity_reads(organ: str) -> Callable[[ProblemFrame], tuple[tuple[int, int], ...]]:
    """What a sum or a change then shared reads of a capacity modal ("her cooler would only
    hold 6 on each shelf", how many shelves asked): :func:`~..capacity.capacity_read`."""

    def reads(frame: ProblemFrame) -> tuple[tuple[int, int], ...]:
        return capacity_read(frame, organ_relation(frame, organ))

    return reads


def _spec(comp: Composition) -> OrganSpec:
    moves = "change" in (comp.first, comp.second)
    unplaced = ("compare",) + (() if moves else ("change",)) + ("per",)
    return OrganSpec(
        organ=comp.organ,
        version=VERSION,
        direction_values=("gain", "loss") if moves else (),
        owners_agree=moves and comp.first != "combine",
        candidates=_candidates(comp),
        unplaced=unplaced,
        reads=(
            rest_reads
            if comp.first == "complement"
            else _capacity_reads(comp.organ) if comp.second == "partition" else None
        ),
    )


_SPECS: Final = {c.organ: _spec(c) for c in COMPOSITIONS}

_STEP_CODES: Final = {
    "combine": ("part_unbound", "too_many_parts"),
    "change": ("start_unbound", "change_unbound", "result_unbound", "direction_unbound",
               "direction_ambiguous"),
    "equal_groups": ("groups_unbound", "per_group_unbound", "total_unbound"),
    "partition": ("groups_unbound", "per_group_unbound"),
    "complement": ("part_unbound", "subset_unbound", "too_many_parts"),
    "compare": ("difference_unbound",),
}  # fmt: skip
_CODES: Final = {c.organ: _STEP_CODES[c.first] + _STEP_CODES[c.second] for c in COMPOSITIONS}
