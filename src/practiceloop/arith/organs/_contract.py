"""The contract machinery every arithmetic organ shares: one definition of each check.

An organ is described by an :class:`OrganSpec` (its relation's quantity roles, whether it has
a direction, whether owners must agree, and its role-candidate function). :func:`assess_with`
turns a spec and a frame into the organ's :class:`ContractAssessment`, emitting codes in a
fixed order: missing bindings (relation, target, roles, direction, owners, ambiguity), then
hazards (reader observations in the relation's sentences, ill-fitting or doubly bound roles,
units, owners). The codes are classified in :mod:`._codes`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from practiceloop.arith._compare_events import sides_by_events
from practiceloop.arith._compare_parts import sides_by_parts
from practiceloop.arith._compare_sides import still_needed_side
from practiceloop.arith._told_sides import told_apart
from practiceloop.arith.lexicon import HAVE_VERBS, MONEY_UNITS, TIME_UNITS, direction_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs._codes import GLOBAL_OBSERVATIONS, HAZARD_OBSERVATIONS, role_code
from practiceloop.arith.reading import (
    COREFERENCE,
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    excluded_ids,
    is_direction_role,
    is_relative,
    kept_from_a_container,
    owner_of,
    quantity_views,
    resolved_owner,
    target_view,
)
from practiceloop.arith.set_aside import bound_ids as role_bound_ids
from practiceloop.arith.set_aside import (
    listed_beside,
    restated_numbers,
    set_aside_reason,
)
from practiceloop.arith.strangers import untied_holder
from practiceloop.arith.unbearing import unbearing_reason
from practiceloop.kernel.assessment import CodeEvidence, ContractAssessment, build_assessment
from practiceloop.kernel.frame import ProblemFrame, Relation
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "Candidates",
    "OrganSpec",
    "assess_with",
    "direction_of",
    "is_direction_role",
    "organ_relation",
    "side_roles",
]

Candidates = Callable[[ProblemFrame, Relation, TargetView], dict[str, tuple[str, ...]]]
"""``(frame, relation, target) -> role -> quantity ids that may fill it, in source order``."""

@dataclasses.dataclass(frozen=True, slots=True)
class OrganSpec:
    """What distinguishes one organ: relation type, roles, direction, owners, candidates."""

    organ: str
    version: str
    direction_values: tuple[str, ...]
    owners_agree: bool
    candidates: Candidates
    unplaced: tuple[str, ...] = ()
    max_parts: int = 6
    reads: Callable[[ProblemFrame], tuple[tuple[int, int], ...]] | None = None
    """The (start, end) of what this organ's own reading of the text consumes (a subset and
    the negation of a complement: :mod:`..complement`), or None: no hazard is read there."""


def _read_here(spans: tuple[SourceSpan, ...], read: tuple[tuple[int, int], ...]) -> bool:
    """Every span lies within what the organ read (see :attr:`OrganSpec.reads`)."""
    return bool(spans) and all(
        any(lo <= s.start and s.end <= hi for lo, hi in read) for s in spans
    )


def organ_relation(frame: ProblemFrame, organ: str) -> Relation | None:
    """The frame's relation of type ``organ`` (the first one), or None."""
    for relation in frame.relations:
        if relation.relation_type == organ:
            return relation
    return None


def direction_of(
    frame: ProblemFrame, relation: Relation, target: TargetView | None, role: str = "direction"
) -> str | None:
    """The direction the relation's ``role`` cue reads, for the asked thing's unit."""
    cue_id = relation.role(role)
    cue = frame.mention(cue_id) if cue_id is not None else None
    if cue is None or cue.kind != "cue":
        return None
    key = direction_key(target.unit if target is not None else None)
    return attribute(cue.attributes, key) or attribute(cue.attributes, "direction")


def _quantity_roles(relation: Relation) -> tuple[str, ...]:
    return tuple(name for name, _ in relation.roles if not is_direction_role(name))


def _observation_hazards(
    frame: ProblemFrame, sentences: set[int], read: tuple[tuple[int, int], ...] = ()
) -> list[CodeEvidence]:
    found: dict[str, list[SourceSpan]] = {}
    for observation in frame.observations:
        if _read_here(observation.evidence_spans, read):
            continue  # what the organ's own reading consumes
        spans = [s for s in observation.evidence_spans if s.sentence_index in sentences]
        for kind, code in HAZARD_OBSERVATIONS:
            # a multiplier or an unreadable number anywhere means a step no organ here reads
            if observation.kind == kind and (spans or kind in GLOBAL_OBSERVATIONS):
                found.setdefault(code, []).extend(spans or observation.evidence_spans)
    return [(code, tuple(found[code])) for _, code in HAZARD_OBSERVATIONS if code in found]


def assess_with(spec: OrganSpec, frame: ProblemFrame) -> ContractAssessment:
    """The organ's verdict on ``frame``: codes in a fixed order, each with its own spans."""
    relation = organ_relation(frame, spec.organ)
    target = target_view(frame.targets)
    missing: list[CodeEvidence] = []
    hazards: list[CodeEvidence] = []

    def verdict(explanation: str) -> ContractAssessment:
        evidence = relation.evidence_spans if relation is not None else ()
        return build_assessment(
            frame,
            candidate_organ=spec.organ,
            organ_version=spec.version,
            missing=_merge(missing),
            hazards=_merge(hazards),
            evidence_spans=evidence,
            explanation=explanation,
        )

    if relation is None:
        missing.append(("relation_unread", ()))
        return verdict(f"no {spec.organ} relation was read")
    if target is None or target.mention_id is None:
        missing.append(("target_unread", relation.evidence_spans))
        return verdict("no question target was read")
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    roles = _quantity_roles(relation)
    bound = {name: relation.role(name) for name in roles}
    bound_ids = set(bound.values())
    unknown = target.mention_id
    spans_of = {m.mention_id: m.span for m in frame.mentions}
    target_span = spans_of.get(unknown)
    sentences = {s.span.sentence_index for s in frame.mentions if s.mention_id in bound_ids}
    if target_span is not None:
        sentences.add(target_span.sentence_index)

    # 1. the unknown: exactly one role is the question's asked quantity
    if unknown not in bound_ids:
        missing.append(("target_unbound", (target_span,) if target_span else ()))
    # 2. roles the reader did not read
    for name in roles:
        if bound[name] is None:
            missing.append((role_code(name), relation.evidence_spans))
    # 3. direction
    unread_directions = [n for n, m in relation.roles if is_direction_role(n) and m is None]
    if spec.direction_values and unread_directions:
        cues = _direction_cues(frame, spec.direction_values, target)
        code = "direction_ambiguous" if len({d for d, _ in cues}) > 1 else "direction_unbound"
        missing.append((code, tuple(s for _, s in cues) or relation.evidence_spans))
    # 4. owners hidden behind an unresolved pronoun
    filled = [bound[name] for name in roles if bound[name] is not None]
    if spec.owners_agree:
        unresolved = [
            spans_of[m]
            for m in [*filled, unknown]
            if m in spans_of
            and _owner_unresolved(frame, views.get(m), target if m == unknown else None)
        ]
        if unresolved:
            missing.append(("owner_unresolved", tuple(unresolved)))
    # 5. ambiguity: a quantity that could fill a role, fills none and is not excluded
    candidates = spec.candidates(frame, relation, target)
    candidate_ids = {m for ids in candidates.values() for m in ids}
    excluded = excluded_ids(frame.relations)
    if all(bound[name] is not None for name in roles):
        spare = sorted(
            candidate_ids - set(filled) - excluded,
            key=lambda m: spans_of[m].start,
        )
        if spare:
            missing.append(("role_assignment_ambiguous", tuple(spans_of[m] for m in spare)))
    # 6. hazards the reader observed where the relation lives; a number whose counted thing
    # was not read ("ate 2 of them", "9 more") may belong to this relation: only a binding
    # across sentences could tell, which no operator may guess
    read = spec.reads(frame) if spec.reads is not None else ()
    hazards.extend(_observation_hazards(frame, sentences, read))
    unread = [
        spans_of[q.mention_id]
        for q in views.values()
        if q.entity is None and q.unit is None and not q.in_question and q.mention_id not in filled
    ]
    if unread:
        hazards.append(("quantity_thing_unread", tuple(unread)))
    # "she has read 9 of them": a part of an amount already counted, never an amount beside it
    usable = sorted(
        (m for m in candidate_ids | set(filled) if m is not None and m in views),
        key=lambda m: spans_of[m].start,
    )
    subsets = [
        spans_of[m]
        for m in usable
        if _described_subset(frame, views[m]) and not _read_here((spans_of[m],), read)
    ]
    if subsets:
        hazards.append(("subset_unplaced", tuple(subsets)))
    # a rate ("each", "per") or a comparison ("N more than") of the asked thing that this
    # organ has no role for: the problem has more steps than the organ reads
    pool = candidate_ids | set(filled)
    restated = restated_numbers(frame, views)  # "in those two days": no amount, no step
    bound_views = [views[m] for m in role_bound_ids(relation) if m in views]
    pooled = [views[m] for m in pool if m in views]
    unplaced = [
        spans_of[q.mention_id]
        for q in views.values()
        if q.mention_id not in pool | restated
        and _unplaced(spec, frame, q, target, relation, views)
        # "16 red peaches and 18 green peaches" in each basket, the red ones asked
        and not listed_beside(frame, q, pooled, target)
        # a number the whole text proves cannot bear on the asked one is no step
        and unbearing_reason(frame, spec.organ, q, pooled, target) is None
    ]
    if unplaced:
        hazards.append(("quantity_unplaced", tuple(unplaced)))
    # numbers that no role could take: one is a distractor, two or more (or one in the question
    # itself) mean the problem has steps this organ does not read
    # (an amount of the asked thing left out of every pool was set apart by what the text
    # reads: another verb, another time, the other side of "than")
    foreign = [
        q
        for q in views.values()
        if (
            (q.mention_id not in pool and not entity_compatible(q.entity, None, q.unit, target))
            or q.mention_id in excluded
        )
        and q.mention_id not in restated
        # a number the whole text proves cannot bear on the asked one is no step
        and unbearing_reason(frame, spec.organ, q, bound_views, target) is None
    ]
    # another time unit than the asked one (days and weeks) is a conversion, also a step
    converts = any(
        q.kind_of_thing in TIME_UNITS and (target.unit or target.entity) in TIME_UNITS
        for q in foreign
    )
    # a number of what the question counts, read with another unit or entity ("gave 4 bags"
    # beside "bags of chips") may be the asked thing said differently: never a distractor
    kin = any(
        q.entity in (target.unit, None) or q.unit == target.entity or target.entity is None
        for q in foreign
        if q.mention_id not in excluded
        and {q.entity, q.unit} & {target.entity, target.unit} - {None}
    )
    # an amount of another named thing listed beside an amount of the asked one, under the
    # same verb ("Baker made 149 cakes and 91 pastries"), is the text's own contrast: the
    # question picks one of the two lists, the other is not a step
    counted = _counted(target, relation, views)
    listed = [
        q
        for q in foreign
        if not _parallel(q, pool, views, counted)
        and not told_apart(frame, q, target)
        and not listed_beside(frame, q, pooled, target)
    ]
    if len(listed) > 1 or converts or kin or any(q.in_question for q in foreign):
        hazards.append(("quantities_unaccounted", tuple(spans_of[q.mention_id] for q in foreign)))
    # (unless the scale reading reads the question's two kinds itself: scale_pairs)
    also_read = spec.organ == "scale" and target_span and _read_here((target_span,), read)
    if target.also is not None and not also_read:
        hazards.append(("compound_target", (target_span,) if target_span else ()))
    # 7. bound roles that do not fit, or one mention in two roles
    wrong = [
        name
        for name in roles
        if bound[name] is not None
        and bound[name] != unknown
        and bound[name] not in candidates.get(name, ())
    ]
    for name, cue in relation.roles:
        if spec.direction_values and is_direction_role(name) and cue is not None:
            direction = direction_of(frame, relation, target, name)
            paired = "change" + name.removeprefix("direction")  # direction_1 -> change_1
            if direction not in spec.direction_values or _direction_conflicts(
                views.get(relation.role(paired) or ""), direction
            ):
                wrong.append(name)
    if wrong:
        hazards.append(("role_incompatible", tuple(_role_span(frame, relation, n) for n in wrong)))
    unjustified = [
        spans_of[m]
        for m in sorted(excluded & set(views), key=lambda m: spans_of[m].start)
        if m in candidate_ids and set_aside_reason(frame, relation, views[m], target) is None
    ]
    if unjustified:
        hazards.append(("distractor_unjustified", tuple(unjustified)))
    if len(filled) != len(set(filled)):
        hazards.append(("role_bound_twice", tuple(spans_of[m] for m in filled if m in spans_of)))
    if len(roles) > spec.max_parts + 1:
        hazards.append(("too_many_parts", relation.evidence_spans))
    # 8. owners that disagree
    if spec.owners_agree and _owners_disagree(frame, spec.organ, relation, views, target):
        hazards.append(("owner_mismatch", tuple(spans_of[m] for m in filled if m in spans_of)))
    # an amount of a holder nothing in the text ties to the asked one, bound with others
    strangers = [
        spans_of[b.mention_id]
        for b in bound_views
        if untied_holder(frame, b, bound_views, target)
    ]
    if strangers:
        hazards.append(("owner_mismatch", tuple(strangers)))
    codes = [code for code, _ in missing + hazards]
    return verdict("runnable" if not codes else "refused: " + ", ".join(codes))


def _unplaced(
    spec: OrganSpec,
    frame: ProblemFrame,
    q: QuantityView,
    target: TargetView,
    relation: Relation,
    views: dict[str, QuantityView],
) -> bool:
    """True when ``q`` carries a step (rate, comparison, change) this organ has no role for.
    An amount of a kind or on a side the question does not ask carries none of the asked
    thing's steps (:func:`~practiceloop.arith._told_sides.told_apart`)."""
    if told_apart(frame, q, target):
        return False  # "Each basket has 16 red peaches and 18 green peaches ... red peaches?"
    if ("per" in spec.unplaced and q.per is not None) or (
        "compare" in spec.unplaced and q.compare is not None
    ):
        return entity_compatible(q.entity, None, q.unit, target)
    if "change" in spec.unplaced and (q.additional or q.direction is not None):
        return True
    if "relative" in spec.unplaced and is_relative(q, tuple(views.values())):
        return True
    if (
        "loss" in spec.unplaced
        and q.direction == "loss"
        and (target.verb is None or target.verb in HAVE_VERBS)
        and entity_compatible(q.entity, q.modifier, q.unit, target)
    ):
        return True  # "removed 5 old ones" before "how many ... in all": a change, a step
    if "factor" in spec.unplaced:
        # a count of what a rate's subject is ("a bird eats 7 berries a day; 5 birds"), or
        # another amount of the asked thing: one more multiplication or addition
        size = views.get(relation.role("per_group") or "")
        rate_subject = (
            size.subject_noun if size is not None and size.subject_noun != size.per else None
        )
        if rate_subject is not None and q.entity == rate_subject:
            return True
        return (
            q.per is None
            and q.compare is None
            and entity_compatible(q.entity, None, q.unit, target)
        )
    return False


def _counted(
    target: TargetView, relation: Relation, views: dict[str, QuantityView]
) -> TargetView:
    """What the relation counts, as a target: the question's own thing, or, when it asks how
    many groups a partition makes ("How many groups will be created?"), the thing each group
    holds (its bound size's: "groups of 3 eggs")."""
    size = views.get(relation.role("per_group") or "")
    if relation.role("groups") != target.mention_id or size is None or size.entity is None:
        return target
    return dataclasses.replace(target, entity=size.entity, modifier=size.modifier, unit=size.unit)


def _parallel(
    q: QuantityView, pool: set[str | None], views: dict[str, QuantityView], target: TargetView
) -> bool:
    """True when ``q`` counts another named thing, listed with a pooled amount of the asked
    thing in one sentence under one verb (see the ``listed`` rule in :func:`assess_with`)."""
    if (
        q.entity is None
        or target.entity is None
        or q.entity == target.entity
        or q.per is not None
        or q.compare is not None
        or q.additional
        or q.in_question
        or q.unit != target.unit
        or q.entity.endswith(target.entity)  # "basketballs" may be among the "balls" asked
    ):
        return False
    return any(
        p.sentence == q.sentence
        and verb_stem(p.verb) == verb_stem(q.verb)
        and p.unit == q.unit
        and entity_compatible(p.entity, None, p.unit, target)
        # "soccer balls" beside the "balls" asked: the question may ask for every kind
        # ("8 different movies" tells no kind of movie)
        and (p.modifier in (None, "different") or target.modifier is not None)
        for m in pool
        if m is not None and (p := views.get(m)) is not None
    )


def _described_subset(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q`` is "N of them" told with a verb that moves nothing (see the reader's hazards)."""
    mention = frame.mention(q.mention_id)
    if mention is None or q.direction is not None:
        return False
    partial = attribute(mention.attributes, "elided") == "of_them"
    return partial or attribute(mention.attributes, "partitive") is not None


def _merge(findings: list[CodeEvidence]) -> tuple[CodeEvidence, ...]:
    """One entry per code, first occurrence order, spans concatenated."""
    order: list[str] = []
    spans: dict[str, list[SourceSpan]] = {}
    for code, found in findings:
        if code not in spans:
            order.append(code)
            spans[code] = []
        spans[code].extend(s for s in found if s is not None)
    return tuple((code, tuple(spans[code])) for code in order)


def _role_span(frame: ProblemFrame, relation: Relation, name: str) -> SourceSpan:
    mention_id = relation.role(name)
    mention = frame.mention(mention_id) if mention_id is not None else None
    if mention is not None:
        return mention.span
    return relation.evidence_spans[0] if relation.evidence_spans else frame.sentences[0]


def _direction_cues(
    frame: ProblemFrame, values: tuple[str, ...], target: TargetView | None
) -> list[tuple[str, SourceSpan]]:
    key = direction_key(target.unit if target is not None else None)
    found = []
    for mention in frame.mentions:
        if mention.kind == "cue":
            value = attribute(mention.attributes, key) or attribute(mention.attributes, "direction")
            if value in values:
                found.append((value, mention.span))
    return found


def _direction_conflicts(view: QuantityView | None, direction: str | None) -> bool:
    """A change quantity read with its own direction must agree with the relation's cue."""
    if view is None or view.direction is None or view.unit in MONEY_UNITS:
        return False  # money direction is read from the cue for the asked unit
    return view.direction != direction


def _owner_unresolved(
    frame: ProblemFrame, view: QuantityView | None, target: TargetView | None
) -> bool:
    subject = view.subject if view is not None else target.subject if target is not None else None
    owner = view.owner if view is not None else target.owner if target is not None else None
    if owner is not None or subject is None or not subject.startswith("p"):
        return False
    if not _actor_before(frame, subject):
        return False  # "A store had 81 bottles ... did they have": no one to choose between
    return resolved_owner(frame, subject, None) is None and _has_coreference(frame, subject)


def _actor_before(frame: ProblemFrame, pronoun: str) -> bool:
    said = frame.mention(pronoun)
    return said is not None and any(
        m.kind == "actor" and m.span.start < said.span.start for m in frame.mentions
    )


def _has_coreference(frame: ProblemFrame, pronoun: str) -> bool:
    return any(
        r.relation_type == COREFERENCE and r.role("pronoun") == pronoun for r in frame.relations
    )


def _owners_disagree(
    frame: ProblemFrame,
    organ: str,
    relation: Relation,
    views: dict[str, QuantityView],
    target: TargetView | None,
) -> bool:
    """True when the owners the relation needs to agree (or to differ) do not."""
    owners: dict[str, str | None] = {}
    container = kept_from_a_container(frame, relation, views)
    for name, mention_id in relation.roles:
        view = views.get(mention_id) if mention_id is not None else None
        if view is not None and view.per is not None:
            continue  # "each box has 6 eggs": a rate's subject is its group, no owner
        if name == "start" and container:
            continue  # "a crate had 12 jars and Ben sold all but 5": the crate's, Ben's move
        if view is not None:
            owners[name] = owner_of(frame, view)
        elif target is not None and mention_id == target.mention_id:
            owners[name] = owner_of(frame, target)
    if organ == "compare":
        # a side summed over several amounts ("compared_1", "compared_2") is one owner's
        for side in ("compared", "referent"):
            terms = side_roles(relation, side)
            held = {owners.get(n) for n in terms}
            needed = [views[m] for n in terms if (m := relation.role(n)) in views]
            if len(needed) == len(terms) and still_needed_side(frame, needed):
                held -= {None}  # "The recipe calls for 9 cups ... Tom put in 3": no holder
            if len(terms) > 1 and len(held) > 1:
                return True  # two owners, or one read and one not: no single side
            owners[side] = next(iter(held - {None}), None)
        compared, referent = owners.get("compared"), owners.get("referent")
        difference = owners.get("difference")
        if (
            compared is not None
            and referent is not None
            and compared == referent
            and not _sides_distinct(relation, views, target)
            and not sides_by_parts(frame, relation, target)
            and not sides_by_events(frame, relation, target)
        ):
            return True
        return difference is not None and compared is not None and difference != compared
    known = {owner for owner in owners.values() if owner is not None}
    return len(known) > 1


def _sides_distinct(
    relation: Relation, views: dict[str, QuantityView], target: TargetView | None
) -> bool:
    """True when the text tells a comparison's two sides apart by something other than their
    owner: what they count ("diet soda" / "regular soda"), when ("on monday" / "on tuesday")
    or what was done ("ate" / "had").
    One owner may then hold both sides ("How many more sweet than salty cookies did he eat?").
    """
    sides: list[QuantityView | TargetView] = []
    for side in ("compared", "referent"):
        names = side_roles(relation, side)
        mention_id = relation.role(names[0]) if names else None
        view = views.get(mention_id) if mention_id is not None else None
        if view is None and target is not None and mention_id == target.mention_id:
            sides.append(target)
        elif view is not None:
            sides.append(view)
    if len(sides) != 2:
        return False
    a, b = sides
    if not entity_compatible(a.entity, a.modifier, a.unit, b):
        return True
    if a.side is not None and b.side is not None and a.side != b.side:
        return True  # "on monday" / "on tuesday"
    return a.verb is not None and b.verb is not None and verb_stem(a.verb) != verb_stem(b.verb)


def side_roles(relation: Relation, side: str) -> tuple[str, ...]:
    """The roles of one side of a comparison: ``compared``, or ``compared_1`` .. ``compared_k``
    when the side is the sum of several amounts (see :mod:`.compare`)."""
    return tuple(name for name, _ in relation.roles if name == side or name.startswith(side + "_"))

