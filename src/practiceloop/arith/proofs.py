"""The arithmetic proof authorities: each ``(frame, assessment) -> ProofOutcome``.

Five obligations, each a pure verifier with its own ref and version, sealed through
:func:`build_proof_outcome`. An outcome says closed, refused (with reason codes) or unavailable
(the assessment is not runnable, or names an organ this domain does not know); it never carries
the computed value.

* ``arith.exact_evaluation``: the relation determines the unknown uniquely in exact rationals;
* ``arith.result_domain``: the unknown is non-negative; a count is an integer; money and
  measures have no more decimals than the text uses (at least cents);
* ``arith.unit_consistency``: added or compared amounts count the same thing; groups count what
  a per-group amount is per;
* ``arith.grounding``: every bound quantity's span is the exact source slice, its value
  re-parses from that slice, and no mention fills two roles;
* ``arith.target_continuity``: the solved-for role is the question's unknown, and the owner
  the question asks about is the relation's.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from practiceloop.arith._asked_phrases import asked_phrase_partial
from practiceloop.arith._compare_events import events_read, sides_by_events
from practiceloop.arith._compare_parts import parts_read
from practiceloop.arith._compare_sides import (
    loss_asked_after,
    moved_between_sides,
    movers_named,
    moves_told_done,
    nothing_done_untold,
    side_went_negative,
)
from practiceloop.arith._composed_checks import composed_domain, composed_target, sum_of_the_asked
from practiceloop.arith._composed_units import (
    composed_units,
    groups_of_another_thing,
    holds_another_thing,
    paid_for_more,
)
from practiceloop.arith._moves_compared import ORGAN as MOVES_COMPARED
from practiceloop.arith._moves_compared import moves_bound_as_read
from practiceloop.arith._share_checks import (
    groups_listed_with_others,
    shared_by_many_asked_of_one,
    shared_not_yet,
)
from practiceloop.arith._sharing_checks import (
    container_of_another_thing,
    groups_of_someones,
    spending_untold,
)
from practiceloop.arith._target_checks import (
    NOT_DONE_WORDS,
    asked_owner_untold,
    asked_place_untold,
    compared_not_yet,
    done_not_yet,
    filled_by_another_thing,
    groups_of_another,
    groups_outside_the_rate,
    kind_untold,
    member_counted_twice,
    move_of_anothers_things,
    move_told,
    names_someone,
    other_activity_bound,
    part_exceeds_its_kind,
    part_outside_the_group,
    parts_not_yet,
    rate_of_another,
    told_by_another,
    told_not_yet,
    trade_asked_otherwise,
    unit_asked_untold,
)
from practiceloop.arith._told_checks import told_sides_target
from practiceloop.arith._told_sides import told_sides_units
from practiceloop.arith.change_times import asked_before_another_move, start_asked_after
from practiceloop.arith.complements import read_complement
from practiceloop.arith.lexicon import HAVE_VERBS, TIME_UNITS, words
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    PART_WORDS,
    fraction_value,
    parse_digits,
    parse_words,
)
from practiceloop.arith.organs._contract import is_direction_role, organ_relation
from practiceloop.arith.organs.composed import composition
from practiceloop.arith.organs.portion import bound_as_read as portion_bound_as_read
from practiceloop.arith.organs.scale import bound_as_read as scale_bound_as_read
from practiceloop.arith.organs.sides import ORGAN as SIDES
from practiceloop.arith.organs.sides import bound_as_read as sides_bound_as_read
from practiceloop.arith.rate_checks import money_of_a_list, rate_target_codes, rate_unit_code
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    asks_the_groups,
    at_asked_times,
    entity_compatible,
    owner_of,
    quantity_views,
    target_view,
)
from practiceloop.arith.solve import SolveFailure, intermediate, solve
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation
from practiceloop.kernel.proof import ProofOutcome, ProofStatus, build_proof_outcome
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "EXACT_EVALUATION",
    "GROUNDING",
    "OBLIGATIONS",
    "PROOF_VERSION",
    "RESULT_DOMAIN",
    "TARGET_CONTINUITY",
    "UNIT_CONSISTENCY",
    "Check",
    "exact_evaluation",
    "grounding",
    "proof_outcome",
    "result_domain",
    "target_continuity",
    "unit_consistency",
]

PROOF_VERSION: Final = "arith_proofs.v8"
EXACT_EVALUATION: Final = "arith.exact_evaluation"
RESULT_DOMAIN: Final = "arith.result_domain"
UNIT_CONSISTENCY: Final = "arith.unit_consistency"
GROUNDING: Final = "arith.grounding"
TARGET_CONTINUITY: Final = "arith.target_continuity"
OBLIGATIONS: Final = (
    EXACT_EVALUATION,
    RESULT_DOMAIN,
    UNIT_CONSISTENCY,
    GROUNDING,
    TARGET_CONTINUITY,
)
"""Every arithmetic organ's proof obligations, in the order replay calls them."""

_MEASURES: Final = words(
    "dollar cent foot inch mile meter yard pound ounce gallon liter kilogram gram percent"
)
Check = Callable[[ProblemFrame, Relation, str], tuple[tuple[str, ...], tuple[SourceSpan, ...]]]


def proof_outcome(
    ref: str, version: str, check: Check, frame: ProblemFrame, assessment: ContractAssessment
) -> ProofOutcome:
    """Run one check on the assessed relation and seal its outcome as authority ``ref`` at
    ``version``: closed (no codes), refused (the check's codes and spans), or unavailable when
    the assessment is not runnable or names no relation of the frame."""
    relation = organ_relation(frame, assessment.candidate_organ)
    codes: tuple[str, ...]
    spans: tuple[SourceSpan, ...]
    if not assessment.runnable or relation is None:
        status, codes, spans = ProofStatus.UNAVAILABLE, ("assessment_not_runnable",), ()
    else:
        codes, spans = check(frame, relation, assessment.candidate_organ)
        status = ProofStatus.REFUSED if codes else ProofStatus.CLOSED
    return build_proof_outcome(
        frame,
        assessment,
        obligation_ref=ref,
        authority_version=version,
        status=status,
        reason_codes=codes,
        evidence_spans=spans if spans else relation.evidence_spans if relation is not None else (),
        explanation=f"{ref}: {status.value}" + (f" ({', '.join(codes)})" if codes else ""),
    )


def _bound_views(frame: ProblemFrame, relation: Relation) -> dict[str, QuantityView]:
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    return {name: views[m] for name, m in relation.roles if m is not None and m in views}


def _check_exact(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    value = solve(frame, organ)
    if isinstance(value, SolveFailure):
        return (value.value,), ()
    return (), ()


def _decimals(text: str) -> int:
    _, _, tail = text.partition(".")
    return len(tail) if tail.isdigit() else 0


def _check_domain(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    value = solve(frame, organ)
    target = target_view(frame.targets)
    if isinstance(value, SolveFailure) or target is None:
        return ("unknown_not_determined",), ()
    codes: list[str] = []
    if value < 0:
        codes.append("negative_result")
    views = _bound_views(frame, relation).values()
    thing = target.unit or target.entity
    if thing in _MEASURES:
        places = max([2, *(_decimals(frame.mention(q.mention_id).span.text) for q in views)])  # type: ignore[union-attr]
        if (value * 10**places).denominator != 1:
            codes.append("precision_exceeded")
    elif value.denominator != 1:
        codes.append("non_integer_count")
    # a per-group size or a count of groups is a positive amount when a total is shared
    if organ == "partition" and value == 0:
        codes.append("empty_share")
    if organ == "compare" and side_went_negative(frame, relation):
        codes.append("negative_intermediate")  # "had 4 and gave away 9": no side to compare
    if any(part_exceeds_its_kind(frame, q) for q in views):
        codes.append("part_exceeds_its_whole")  # "12 math problems ... 15 of the math problems"
    groups = _bound_views(frame, relation).get("groups")
    if groups is not None and _counted_not_whole(groups) and "non_integer_count" not in codes:
        codes.append("non_integer_count")  # "bought 2.5 candy bars": no count of things
    comp = composition(organ)
    if comp is not None:
        link = intermediate(frame, organ)
        between = link if isinstance(link, Fraction) else None
        codes.extend(c for c in composed_domain(comp, value, between) if c not in codes)
    return tuple(codes), ()


def _counted_not_whole(view: QuantityView) -> bool:
    """A count of groups that are things ("2.5 candy bars", "1.5 boxes") is not a whole
    number; a measure or a time ("2.5 pounds", "1.5 hours") may be any amount."""
    thing = view.unit or view.entity
    if view.value is None or view.value.denominator == 1 or thing is None:
        return False
    return thing not in _MEASURES and thing not in TIME_UNITS


def _check_units(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    bound = _bound_views(frame, relation)
    spans = tuple(frame.mention(q.mention_id).span for q in bound.values())  # type: ignore[union-attr]
    comp = composition(organ)
    target = target_view(frame.targets)
    if organ == MOVES_COMPARED:  # one thing, one holder, one change: as the text reads
        return ((), ()) if moves_bound_as_read(frame, relation) else (("unit_mismatch",), spans)
    if comp is not None and target is not None:
        codes = composed_units(frame, comp, bound, target)
        return codes, spans if codes else ()
    if organ == "scale":  # the base and the scaled amount count one thing, as the text reads
        return ((), ()) if scale_bound_as_read(frame, relation) else (("unit_mismatch",), spans)
    if organ == "portion":  # the portion is of the whole the text says it is of
        return ((), ()) if portion_bound_as_read(frame, relation) else (("unit_mismatch",), spans)
    if organ == SIDES:  # every side of one thing, each number as the whole text reads it
        return ((), ()) if sides_bound_as_read(frame, relation) else (("unit_mismatch",), spans)
    if organ in ("equal_groups", "partition"):
        size, groups, total = bound.get("per_group"), bound.get("groups"), bound.get("total")
        if (code := rate_unit_code(frame, relation, organ, target)) is not None:
            return (code,), spans  # "to each block" over "on a street", "packs of pens"
        if size is not None and groups is not None and size.per not in (groups.entity, groups.unit):
            return ("group_unit_mismatch",), spans
        if size is not None and groups is not None and holds_another_thing(frame, groups, size):
            return ("group_unit_mismatch",), spans  # "3 crates with pears ... 8 melons each"
        if (
            size is not None
            and groups is not None
            and container_of_another_thing(frame, groups, size)
        ):
            return ("group_unit_mismatch",), spans  # "A pack of gum has ... 4 packs of mints"
        if (
            groups is not None
            and total is not None
            and groups_of_another_thing(frame, groups, total)
        ):
            return ("group_unit_mismatch",), spans  # "the bananas are organized into 47 groups"
        told_at = {size.side, groups.side} if size is not None and groups is not None else set()
        if None not in told_at and len(told_at) == 2:
            return ("rate_time_mismatch",), spans  # "cost 4 dollars last year ... 6 this year"
        money = total is not None and total.entity == "money"
        if organ == "partition" and money and groups is not None and paid_for_more(frame, groups):
            return ("total_for_other_things",), spans  # "for 4 packs of gum and a drink"
        paid = (
            organ == "equal_groups"
            and total is None
            and target is not None
            and target.entity == "money"  # spent, earned, or "the total cost"
        )
        spent = paid and target is not None and target.direction == "loss"
        if (
            paid
            and groups is not None
            and target is not None
            and (
                paid_for_more(frame, groups, counted=spent)
                # money of a list spent or sold, unless one thing sold is asked
                or (money_of_a_list(target, groups, frame) and paid_for_more(frame, groups))
            )
        ):
            return ("total_for_other_things",), spans  # "bought 6 tickets and a drink"
        if (
            size is not None
            and total is not None
            and not entity_compatible(size.entity, size.modifier, size.unit, total)
        ):
            return ("total_unit_mismatch",), spans
        return (), ()
    if organ == "complement":  # kinds of one thing: "12 red pears and 9 green ... 15 of the pears"
        views = list(bound.values())
        if len({v.unit for v in views}) > 1 or (
            any(not entity_compatible(a.entity, None, a.unit, b) for a in views for b in views)
            and not _them_over_a_list(frame, relation)
        ):
            return ("unit_mismatch",), spans
        return (), ()
    items = list(bound.items())
    told_apart = told_sides_units(frame, organ, bound, target)
    if told_apart is not None:
        return (told_apart,), spans  # a rate per day compared with a total, or none asked
    named = _than_names(frame, _first(bound, "referent")) if organ == "compare" else False
    # "bought 35 green towels and 21 white towels; gave 34 of them: how many towels?": a
    # change or a sum of the thing the question counts as a whole may take any kind of it
    whole = (
        organ in ("change", "change_chain", "combine")
        and target is not None
        and (target.modifier is None and target.entity is not None)
    )
    for index, (name, left) in enumerate(items):
        for other, right in items[index + 1 :]:
            relaxed = organ == "compare" and (
                _is_side(name, "referent") != _is_side(other, "referent")
            )
            if relaxed and named and left.unit == right.unit:
                continue  # "more pastries than cakes": the question names the other thing
            if organ == "combine" and _kinds_asked(frame, left, right):
                continue  # "How many red and green peaches": the question names both kinds
            if not entity_compatible(
                left.entity, None if relaxed or whole else left.modifier, left.unit, right
            ):
                return ("unit_mismatch",), spans
    return (), ()


def _them_over_a_list(frame: ProblemFrame, relation: Relation) -> bool:
    """The relation binds the complement reading of "20 cats and 13 dogs ... 18 of them ...
    how many did not win?": its whole is the one list "them" names, the question names no
    thing (:func:`~practiceloop.arith.complements.them_over_a_list`)."""
    target = target_view(frame.targets)
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    if read is None or target is None or not read.bound_by(relation, target.mention_id):
        return False
    subset = frame.mention(read.subset)
    return subset is not None and (("elided", "of_them") in subset.attributes or read.category)


def _kinds_asked(frame: ProblemFrame, left: QuantityView, right: QuantityView) -> bool:
    """True when the question asks for two kinds of one thing together and ``left`` and
    ``right`` are each one of them, of that thing ("How many red and green peaches?")."""
    target = target_view(frame.targets)
    if target is None or target.modifier is None or " " not in target.modifier:
        return False
    asked = set(target.modifier.split())
    return all(
        side.modifier is not None
        and set(side.modifier.split()) <= asked
        and entity_compatible(side.entity, None, side.unit, target)
        for side in (left, right)
    )


def _is_side(name: str, side: str) -> bool:
    return name == side or name.startswith(side + "_")


def _side(bound: dict[str, QuantityView], side: str) -> list[QuantityView]:
    """The bound amounts of one side of a comparison (``compared`` or ``compared_1``..)."""
    return [view for name, view in bound.items() if _is_side(name, side)]


def _first(bound: dict[str, QuantityView], side: str) -> QuantityView | None:
    found = _side(bound, side)
    return found[0] if found else None


def _than_names(frame: ProblemFrame, referent: QuantityView | None) -> bool:
    """True when the question's "than" phrase names what ``referent`` counts."""
    target = target_view(frame.targets)
    if referent is None or target is None or target.than is None:
        return False
    if target.than not in (referent.entity, referent.unit):
        return False
    words = set((referent.modifier or "").split())
    return target.than_modifier is None or bool(words & set(target.than_modifier.split()))


def _reparse(text: str) -> Fraction | None:
    """The value a quantity's span text spells, read again from scratch."""
    parts = text.split()
    if text[:1].isdigit() or text[:1] in "$.":
        scale = parse_words(("one", parts[-1].lower())) if len(parts) == 2 else None
        if scale is not None and parts[-1].isalpha():
            base = parse_digits(parts[0])
            return None if base is None else base * scale
        return parse_digits(text)
    words = tuple(text.lower().replace("-", " ").split())
    if len(words) == 1 and words[0] in FACTOR_WORDS:
        return FACTOR_WORDS[words[0]]
    if len(words) == 2 and words[0] in ("a", "one") and words[1] in PART_WORDS:
        return PART_WORDS[words[1]]  # "a third", "one-fourth" (as many)
    value = parse_words(words)
    return value if value is not None else fraction_value(text)  # "two thirds" (of them)


def _check_grounding(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    codes: list[str] = []
    spans: list[SourceSpan] = []
    filled = [m for name, m in relation.roles if m is not None and not is_direction_role(name)]
    if len(filled) != len(set(filled)):
        codes.append("mention_fills_two_roles")
    for view in _bound_views(frame, relation).values():
        mention = frame.mention(view.mention_id)
        assert mention is not None  # _bound_views only returns mentions of the frame
        span = mention.span
        exact = frame.source_text[span.start : span.end] == span.text
        value = _reparse(span.text)
        if not exact or value is None or value != view.value:
            if "value_not_grounded" not in codes:
                codes.append("value_not_grounded")
            spans.append(span)
    return tuple(codes), tuple(spans)


def _check_target(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    target = target_view(frame.targets)
    if target is None or target.mention_id is None:
        return ("target_missing",), ()
    asked = [name for name, m in relation.roles if m == target.mention_id]
    unknown = frame.mention(target.mention_id)
    if len(asked) != 1 or unknown is None or unknown.kind != "unknown":
        return ("unknown_role_not_target",), ()
    codes: list[str] = []
    bound = _bound_views(frame, relation)
    if asked_owner_untold(frame, target):
        codes.append("target_owner_untold")  # "Jack received 4 ... did Zed receive?"
    if asked_place_untold(frame, target):
        codes.append("target_place_untold")  # "... at the pool ... are at the store now?"
    if unit_asked_untold(frame, bound):
        codes.append("target_unit_unread")  # "... weighs 40 pounds ... weigh, in ounces?"
    comp = composition(organ)
    if comp is not None:
        codes.extend(composed_target(frame, comp, asked[0], bound, target))
    shares = organ == "partition" or (comp is not None and comp.second == "partition")
    if shares and told_by_another(frame, bound, target):
        codes.append("target_owner_mismatch")
    if shares and filled_by_another_thing(frame, bound, target):
        codes.append("target_thing_mismatch")
    shared = bound.get("total")
    # a price asked ("How much does each pack cost?") is the same told as possible or done
    price_asked = target.entity == "money" and verb_stem(target.verb) == "cost"
    if shares and (
        (
            shared is not None
            and not price_asked
            and parts_not_yet(frame, [shared], unknown.span.sentence_index)
        )
        or shared_not_yet(frame, bound, target)
    ):
        codes.append("move_not_done")  # "She will share 40 pens among 8. How many did each get?"
    if shares and groups_listed_with_others(frame, bound):
        codes.append("target_thing_mismatch")  # "packed them in 5 bags and 2 boxes"
    if shares and shared_by_many_asked_of_one(frame, bound, target):
        codes.append("target_owner_mismatch")  # "They put all the cookies ... did Rania fill?"
    if organ == "partition" and asked[0] == "groups":
        size = bound.get("per_group")
        if size is None or not asks_the_groups(size, target):
            codes.append("target_thing_mismatch")
        if spending_untold(frame, bound, target):
            codes.append("target_move_unread")  # "has 80 dollars ... How many did he buy?"
    multiplied = organ == "equal_groups" or (comp is not None and comp.second == "equal_groups")
    if multiplied and asked[0] == "total":
        # "She worked 6 hours on Monday. How much did she earn on Tuesday?": the groups of a
        # total asked at a time are told at it
        told = [q for q in bound.values() if q.per is None and not q.in_question]
        if not at_asked_times(target, told):
            codes.append("target_side_mismatch")
        if groups_of_another(frame, told, target) or groups_of_someones(frame, told, target):
            codes.append("target_owner_mismatch")  # "Tom worked 6 hours ... did Sara earn?"
        if parts_not_yet(frame, told, unknown.span.sentence_index):
            codes.append("move_not_done")  # "She will work 5 hours. How much did she earn?"
        if organ == "equal_groups" and trade_asked_otherwise(frame, told, target):
            codes.append("target_move_mismatch")  # "bought 3 pens ... did he earn?"
    # the rates round's checks: a stock lasting, a share of another, a purchase not made...
    codes.extend(rate_target_codes(frame, relation, organ, asked[0], target, multiplied))
    if organ == "scale" and not scale_bound_as_read(frame, relation):
        codes.append("target_scale_unread")  # the holder, thing or way the question asks
    if organ == "portion" and not portion_bound_as_read(frame, relation):
        codes.append("target_portion_unread")  # the portion, the rest or the whole, as asked
    if organ == SIDES and not sides_bound_as_read(frame, relation):
        codes.append("target_sides_unread")  # the sides, sum or difference the question asks
    if organ == MOVES_COMPARED and not moves_bound_as_read(frame, relation):
        codes.append("target_sides_unread")  # the told move and the solved one, as asked
    moved_groups = comp is not None and comp.link == "change"  # the filled groups are the move
    moves = [
        q
        for name, q in bound.items()
        if (name.startswith("change") or (moved_groups and name in ("per_group", "groups")))
        and not q.in_question
        and not _still_needed(frame, q)  # "still needs to add 6 more cups": not done, as read
    ]
    if target.tense != "future" and any(told_not_yet(frame, q) for q in moves):
        # "Mia will give away 10 stickers. How many does Mia have now?": not done yet
        codes.append("move_not_done")
    elif done_not_yet(frame, bound):
        codes.append("move_not_done")  # "needs to sell 40 ... He will sell 5 to his aunt"
    summed = organ == "combine" or (comp is not None and "combine" in (comp.first, comp.second))
    if summed and asked[0] in ("whole", "total", "result"):
        parts = [q for name, q in bound.items() if name.startswith("part_")]
        if comp is not None and comp.second == "combine":  # the filled groups are summed too
            parts += [q for name, q in bound.items() if name == "groups"]
        if asked_phrase_partial(frame, parts):
            # "12 shells at the beach and 8 shells at the lake. How many ... at the lake?"
            codes.append("target_phrase_partial")
        if parts_not_yet(frame, parts, unknown.span.sentence_index):
            codes.append("move_not_done")  # "She will receive 5 ... How many did she receive?"
    kinds_summed = organ in ("change", "change_chain", "combine", "compare")
    # a whole of no kind, of which one kind is asked, counts every kind: "a total of 7 pages"
    part_asked = organ == "combine" and asked[0].startswith("part_")
    kinded = {n: q for n, q in bound.items() if not (part_asked and n == "whole")}
    if kinds_summed and kind_untold(frame, kinded, target):
        codes.append("target_kind_unread")
    chained = organ == "change_chain" and asked[0].startswith("change_")
    if chained and move_told(frame, bound, target, unknown.span.start):
        codes.append("target_move_told")
    elif organ == "partition" and asked[0] == "per_group":
        total = bound.get("total")
        if total is None or not entity_compatible(total.entity, total.modifier, total.unit, target):
            codes.append("target_thing_mismatch")
    if organ == "compare" and moved_between_sides(frame, relation):
        codes.append("move_between_sides")  # "Nina got 4 kites from Omar": both sides moved
    if organ == "compare" and not loss_asked_after(frame, relation, target):
        codes.append("target_time_mismatch")  # a side's loss, asked before it ("at first")
    if organ == "compare" and not movers_named(frame, relation):
        codes.append("side_owner_unread")  # "Nina had 3 ... Omar had 9. She bought 4"
    if organ == "compare" and compared_not_yet(frame, bound, target):
        codes.append("side_move_unread")  # "Ben will do 4 fewer lunges ... did Ben do?"
    if organ == "compare" and not moves_told_done(frame, relation):
        codes.append("side_move_unread")  # "Mia will give away 10": nothing moved yet
    if organ == "compare" and not nothing_done_untold(frame, relation):
        codes.append("target_side_unread")  # "... and some beans": what is still needed?
    if organ == "compare" and not parts_read(frame, relation, target):
        codes.append("target_side_unread")  # "the first chapter ... than the second chapter"
    if organ == "compare" and not events_read(frame, relation, target):
        codes.append("target_side_unread")  # "from her uncle than she did from her aunt"
    if (
        organ == "compare"
        and sides_by_events(frame, relation, target)
        and any(told_not_yet(frame, q, NOT_DONE_WORDS | {"to"}) for q in bound.values())
    ):
        codes.append("side_move_unread")  # "She wants to get 6 dollars from her aunt"
    # kinds and sides told apart: "How many red pens ...?" of pens of no kind; "than blue
    # pens does Ann have?" of Bob's; "does she buy?" of what she wants to buy; a total sold
    # of what was harvested
    multiplied_total = multiplied and asked[0] == "total"
    codes.extend(told_sides_target(frame, relation, organ, bound, target, multiplied_total))
    if organ == "compare" and target.than_side is not None and not _sides_read(bound, target):
        codes.append("target_side_unread")
    difference = bound.get("difference") if organ == "compare" else None
    if (
        difference is not None
        and asked[0] in ("compared", "referent")
        and not _compare_side_fits(frame, difference, target, asked[0])
    ):
        codes.append("target_side_unread")
    if (
        target.objects is not None
        and organ != "portion"
        and not (organ == "compare" and sides_by_events(frame, relation, target))
    ):  # "spend on books than pens": each side's purpose is checked by events_read;
        # a portion reading names the one thing priced itself
        # "How much did Jim spend on the battery and the radio?": each bound amount went to
        # one of the things the question names, as the text reads it
        asked_objects = target.objects.split()
        for view in bound.values():
            if view.object is None:
                codes.append("target_object_unread")
                break
            if view.object not in asked_objects:
                codes.append("target_object_mismatch")
                break
    if organ == "combine" and target.owners:
        # the parts of what named owners hold together are theirs: a part whose sentence names
        # someone but whose owner was not read ("Earl owes Fred $28") may be anyone's
        for name, part in bound.items():
            if not name.startswith("part_"):
                continue
            owner = owner_of(frame, part)
            if owner is None and names_someone(frame, part.sentence):
                codes.append("part_owner_unread")
                break
    rated = organ in ("equal_groups", "partition") or (
        comp is not None and comp.second in ("equal_groups", "partition")
    )
    if rated and rate_of_another(frame, bound, target):
        codes.append("target_owner_mismatch")  # "Ann bakes 10 an hour ... did Tom bake?"
    if rated and groups_outside_the_rate(frame, bound):
        codes.append("groups_owner_mismatch")  # "Lou had 6 bags with 5 in each ... Kim had 3"
    whole = bound.get("whole")
    if organ == "combine" and whole is not None:
        if part_outside_the_group(frame, whole, bound):
            codes.append("part_owner_outside_the_group")
        if member_counted_twice(frame, whole, bound, target):
            codes.append("member_counted_twice")  # "Allan brought 5 ... How many did Allan bring?"
    parts = [view for name, view in bound.items() if name.startswith("part_")]
    summed = asked[0] in ("whole", "complement") and organ in ("combine", "complement")
    if summed and not sum_of_the_asked(frame, parts, target):
        codes.append("target_owner_mismatch")  # "She bought 3 mugs ... did Tom buy?"
    if other_activity_bound(frame, bound, target, unknown.span.sentence_index):
        codes.append("target_activity_mismatch")  # "went hiking ... did swimming": another
    moved = [q for n, q in bound.items() if n.startswith("change")]
    if asked[0] == "start" and asked_before_another_move(frame, moved, target):
        codes.append("target_time_mismatch")  # "... on Sunday. How many before Monday?"
    elif asked[0] == "start" and start_asked_after(frame, target):
        codes.append("target_time_mismatch")  # "lost 12 in a game ... after the game?"
    if organ in ("change", "change_chain") and move_of_anothers_things(frame, bound, target):
        codes.append("target_owner_mismatch")  # "She ate 4 of Ben's apples": Ben's loss
    if organ in ("change", "change_chain", "compare"):
        asked_owner = owner_of(frame, target)
        anchor = bound.get("difference") if organ == "compare" else next(iter(bound.values()), None)
        if organ == "compare" and asked[0] == "difference":
            anchor = _first(bound, "compared")
        owner = owner_of(frame, anchor) if anchor is not None else None
        if (
            asked_owner is not None
            and owner is not None
            and asked_owner != owner
            and asked[0] != "referent"
        ):
            codes.append("target_owner_mismatch")
    return tuple(codes), (unknown.span,)


def _still_needed(frame: ProblemFrame, view: QuantityView) -> bool:
    mention = frame.mention(view.mention_id)
    return mention is not None and ("need", "remaining") in mention.attributes


def _sides_read(bound: dict[str, QuantityView], target: TargetView) -> bool:
    """True when the bound sides of "more on monday than on tuesday" are read at those times:
    the compared amount at the question's time, the referent at the time after "than"."""
    return all(q.side == target.side for q in _side(bound, "compared")) and all(
        q.side == target.than_side for q in _side(bound, "referent")
    )


def _compare_side_fits(
    frame: ProblemFrame, difference: QuantityView, target: TargetView, side: str
) -> bool:
    """True when the text says which side of "N more X than Y" the question asks about.

    The compared side is asked when the question describes what the difference counts (same
    thing, same verb when the question names one); the referent side when the question names
    the "than" owner or thing. Anything else is a guess.
    """
    if difference.than_side is not None:  # "12 more on monday than on tuesday"
        wanted = difference.than_side if side == "referent" else difference.side
        return target.side is not None and target.side == wanted
    asked_owner = owner_of(frame, target)
    if (
        side == "compared"
        and difference.modifier is not None
        and not set(difference.modifier.split()) & set((target.modifier or "").split())
    ):
        return False  # "12 more green apples than red": "how many apples" names neither side
    if side == "referent":
        return difference.than is not None and difference.than in (
            asked_owner,
            target.entity,
            target.modifier,
        )
    if asked_owner is not None and difference.owner is not None:
        return asked_owner == difference.owner
    same_thing = entity_compatible(difference.entity, difference.modifier, difference.unit, target)
    verb_read = target.verb is None or target.verb in HAVE_VERBS
    return same_thing and (verb_read or verb_stem(target.verb) == verb_stem(difference.verb))


def exact_evaluation(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when the organ's relation determines its unknown uniquely (exact rationals)."""
    return proof_outcome(EXACT_EVALUATION, PROOF_VERSION, _check_exact, frame, assessment)


def result_domain(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when the unknown is a non-negative amount of the right precision."""
    return proof_outcome(RESULT_DOMAIN, PROOF_VERSION, _check_domain, frame, assessment)


def unit_consistency(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when the bound amounts count compatible things for the organ's operation."""
    return proof_outcome(UNIT_CONSISTENCY, PROOF_VERSION, _check_units, frame, assessment)


def grounding(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when every bound value is the exact, re-parsable slice it claims to be."""
    return proof_outcome(GROUNDING, PROOF_VERSION, _check_grounding, frame, assessment)


def target_continuity(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when the solved-for role is the question's unknown, of its thing and owner."""
    return proof_outcome(TARGET_CONTINUITY, PROOF_VERSION, _check_target, frame, assessment)
