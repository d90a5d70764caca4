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

from practiceloop.arith._bound_views import bound_views, first_of_side, is_side
from practiceloop.arith._compare_sides import (
    side_went_negative,
)
from practiceloop.arith._composed_checks import composed_domain
from practiceloop.arith._composed_units import (
    composed_units,
    groups_of_another_thing,
    holds_another_thing,
    paid_for_more,
)
from practiceloop.arith._moves_compared import ORGAN as MOVES_COMPARED
from practiceloop.arith._moves_compared import moves_bound_as_read
from practiceloop.arith._sharing_checks import (
    container_of_another_thing,
)
from practiceloop.arith._target_checks import (
    part_exceeds_its_kind,
)
from practiceloop.arith._told_sides import told_sides_units
from practiceloop.arith.complements import read_complement
from practiceloop.arith.continuity import check_target
from practiceloop.arith.lexicon import TIME_UNITS, words
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
from practiceloop.arith.proportions import ORGAN as PROPORTION
from practiceloop.arith.proportions import bound_as_read as proportion_bound_as_read
from practiceloop.arith.rate_checks import money_of_a_list, rate_unit_code
from practiceloop.arith.reading import (
    QuantityView,
    entity_compatible,
    target_view,
)
from practiceloop.arith.solve import SolveFailure, intermediate, solve
from practiceloop.arith.unit_constants import period_grounded
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

PROOF_VERSION: Final = "arith_proofs.v11"
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
    views = bound_views(frame, relation).values()
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
    groups = bound_views(frame, relation).get("groups")
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
    bound = bound_views(frame, relation)
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
    if organ == PROPORTION:  # one subject, verb, count and thing, as the whole text reads
        read = proportion_bound_as_read(frame, relation)
        return ((), ()) if read else (("unit_mismatch",), spans)
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
    named = _than_names(frame, first_of_side(bound, "referent")) if organ == "compare" else False
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
                is_side(name, "referent") != is_side(other, "referent")
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
    for view in bound_views(frame, relation).values():
        mention = frame.mention(view.mention_id)
        assert mention is not None  # _bound_views only returns mentions of the frame
        span = mention.span
        exact = frame.source_text[span.start : span.end] == span.text
        value = _reparse(span.text)
        if value is None and exact:  # "a week": 7 days, read against the whole text
            value = period_grounded(frame, span, view.unit)
        if not exact or value is None or value != view.value:
            if "value_not_grounded" not in codes:
                codes.append("value_not_grounded")
            spans.append(span)
    return tuple(codes), tuple(spans)


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
    return proof_outcome(TARGET_CONTINUITY, PROOF_VERSION, check_target, frame, assessment)
