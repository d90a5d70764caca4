"""The value a closed frame implies for one organ: exact rational arithmetic, nothing else.

Used by the exact-evaluation proof (which records only *whether* the unknown is determined,
never the value) and by the evaluation command (which compares the value with gold answers,
outside every record). A pure function: no record is built, nothing is hashed.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from practiceloop.arith._compare_sides import signed_side
from practiceloop.arith._moves_compared import ORGAN as MOVES_COMPARED
from practiceloop.arith._moves_compared import moves_compared_value, solved_side
from practiceloop.arith.organs._contract import direction_of, is_direction_role, organ_relation
from practiceloop.arith.organs.composed import composition, link_value, solve_steps
from practiceloop.arith.portions import portion_value, read_portion
from practiceloop.arith.proportions import ORGAN as PROPORTION
from practiceloop.arith.proportions import proportion_value
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.scales import read_scale, scale_value
from practiceloop.arith.sides import ORGAN as SIDES
from practiceloop.arith.sides import sides_value
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["SolveFailure", "intermediate", "solve"]


class SolveFailure(enum.StrEnum):
    """Why a frame implies no value for an organ."""

    NO_RELATION = "no_relation"
    UNKNOWN_NOT_ONE = "unknown_not_exactly_one"
    ROLE_UNVALUED = "role_unvalued"
    DIRECTION_UNREAD = "direction_unread"
    DIVISION_BY_ZERO = "division_by_zero"
    ORGAN_UNKNOWN = "organ_unknown"


def solve(frame: ProblemFrame, organ: str) -> Fraction | SolveFailure:
    """The unknown's value in ``frame``'s relation of type ``organ``, or why there is none.

    Exactly one role must be bound to the question's unknown and every other quantity role to
    a quantity with a value; the relation's equation then determines the unknown uniquely.
    """
    return _solved(frame, organ, link=False)


def intermediate(frame: ProblemFrame, organ: str) -> Fraction | SolveFailure | None:
    """For a two-step organ, the amount the first step hands the second (None for an organ of
    one step); the reason there is none otherwise."""
    if composition(organ) is None:
        return None
    return _solved(frame, organ, link=True)


def _solved(frame: ProblemFrame, organ: str, *, link: bool) -> Fraction | SolveFailure:
    relation = organ_relation(frame, organ)
    target = target_view(frame.targets)
    if relation is None or target is None:
        return SolveFailure.NO_RELATION
    values = {q.mention_id: q.value for q in quantity_views(frame.mentions)}
    known: dict[str, Fraction] = {}
    unknown_roles: list[str] = []
    for name, mention_id in relation.roles:
        if is_direction_role(name):
            continue
        if mention_id is not None and mention_id == target.mention_id:
            unknown_roles.append(name)
        elif mention_id is not None and values.get(mention_id) is not None:
            known[name] = values[mention_id]  # type: ignore[assignment]
        else:
            return SolveFailure.ROLE_UNVALUED
    if len(unknown_roles) != 1:
        return SolveFailure.UNKNOWN_NOT_ONE
    asked = unknown_roles[0]
    if organ == "compare" and asked not in ("referent", "compared", "difference"):
        return SolveFailure.UNKNOWN_NOT_ONE  # only the difference of summed sides is asked
    if organ == "compare":  # a summed side ("compared_1", "compared_2") counts as its total,
        for side in ("compared", "referent"):  # each later move signed by its way
            if not any(k.startswith(side + "_") for k in known):
                continue
            terms = signed_side(frame, relation, side)
            if not terms or any(q.value is None for q, _ in terms):
                return SolveFailure.ROLE_UNVALUED
            known[side] = sum((sign * (q.value or Fraction(0)) for q, sign in terms), Fraction(0))
    if organ == MOVES_COMPARED:  # a side a change fixes, compared: as the whole text reads
        moved = (solved_side if link else moves_compared_value)(frame, relation)
        return SolveFailure.UNKNOWN_NOT_ONE if moved is None else moved
    if organ == SIDES:  # sides tied by the whole text: solved as it reads
        told = sides_value(frame, relation)
        return SolveFailure.UNKNOWN_NOT_ONE if told is None else told
    if organ == PROPORTION:  # a rate told as a pair of amounts: solved as the text reads
        amount = proportion_value(frame, relation)
        return SolveFailure.UNKNOWN_NOT_ONE if amount is None else amount
    comp = composition(organ)
    if comp is not None:  # two steps: the first one's result is the second one's input
        turn: int | None = 1
        if "change" in (comp.first, comp.second):
            turn = {"gain": 1, "loss": -1}.get(direction_of(frame, relation, target) or "")
        if turn is None:
            return SolveFailure.DIRECTION_UNREAD
        if asked not in comp.asked:
            return SolveFailure.UNKNOWN_NOT_ONE
        value = (link_value if link else solve_steps)(comp, known, asked, turn)
        return SolveFailure.DIVISION_BY_ZERO if value is None else value
    if organ in ("change", "compare"):
        direction = direction_of(frame, relation, target)
        sign = {"gain": 1, "loss": -1, "more": 1, "fewer": -1}.get(direction or "")
        if sign is None:
            return SolveFailure.DIRECTION_UNREAD
        # change: result = start + sign*change; compare: compared = referent + sign*difference
        base, delta, out = (
            ("start", "change", "result")
            if organ == "change"
            else ("referent", "difference", "compared")
        )
        return _linear(asked, known, base, delta, out, sign)
    if organ == "change_chain":
        # result = start + s1 * change_1 + ... + sk * change_k: changes to one owner, in turn
        indices = [
            name.removeprefix("change_") for name, _ in relation.roles if name.startswith("change_")
        ]
        signs = {
            index: {"gain": 1, "loss": -1}.get(
                direction_of(frame, relation, target, f"direction_{index}") or ""
            )
            for index in indices
        }
        if None in signs.values():
            return SolveFailure.DIRECTION_UNREAD
        moved = Fraction(0)
        for index, sign in signs.items():
            if asked != f"change_{index}":
                moved += (sign or 0) * known[f"change_{index}"]
        if asked == "result":
            return known["start"] + moved
        if asked == "start":
            return known["result"] - moved
        # the asked change: result = start + moved + sign * change
        return (known["result"] - known["start"] - moved) * (
            signs[asked.removeprefix("change_")] or 0
        )
    if organ == "scale":  # scaled = factor x base; sums and differences of such multiples
        read = read_scale(
            frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
        )
        if read is None or read.roles != relation.roles:
            return SolveFailure.UNKNOWN_NOT_ONE  # only what the whole text reads is solved
        value = scale_value(read, known)
        return SolveFailure.ROLE_UNVALUED if value is None else value
    if organ == "portion":  # a fraction of a whole, the rest, or the whole from the rest
        portion = read_portion(
            frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
        )
        if portion is None or portion.roles != relation.roles:
            return SolveFailure.UNKNOWN_NOT_ONE  # only what the whole text reads is solved
        value = portion_value(portion, known)
        return SolveFailure.ROLE_UNVALUED if value is None else value
    if organ == "complement":  # what is not in the subset: the whole less the subset
        if asked != "complement":
            return SolveFailure.UNKNOWN_NOT_ONE
        parts = sum((v for k, v in known.items() if k.startswith("part_")), Fraction(0))
        return parts - known["subset"]
    if organ == "combine":
        parts = sum((v for k, v in known.items() if k.startswith("part_")), Fraction(0))
        if asked == "whole":
            return parts
        return known["whole"] - parts
    if organ in ("equal_groups", "partition"):
        if asked == "total":
            return known["groups"] * known["per_group"]
        divisor = known["per_group"] if asked == "groups" else known["groups"]
        if divisor == 0:
            return SolveFailure.DIVISION_BY_ZERO
        return known["total"] / divisor
    return SolveFailure.ORGAN_UNKNOWN


def _linear(
    asked: str, known: dict[str, Fraction], base: str, delta: str, out: str, sign: int
) -> Fraction:
    """Solve ``out = base + sign * delta`` for whichever of the three is asked."""
    if asked == out:
        return known[base] + sign * known[delta]
    if asked == base:
        return known[out] - sign * known[delta]
    return (known[out] - known[base]) * sign
