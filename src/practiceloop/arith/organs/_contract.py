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
from typing import Final

from practiceloop.arith._told_sides import told_apart
from practiceloop.arith.lexicon import HAVE_VERBS, MONEY_UNITS, TIME_UNITS, direction_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs._codes import GLOBAL_OBSERVATIONS, HAZARD_OBSERVATIONS, role_code
from practiceloop.arith.organs._owners import owner_unresolved, owners_disagree, side_roles
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    excluded_ids,
    is_direction_role,
    is_relative,
    quantity_views,
    sentence_words,
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
    "asks_both",
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


@dataclasses.dataclass(frozen=True, slots=True)
class _Binding:
    """What the contract's checks read: the organ's relation in the frame, the question's
    target, every quantity's view, the roles with the mention each is bound to, and the
    quantities the organ's candidate function offers for each role."""

    spec: OrganSpec
    frame: ProblemFrame
    relation: Relation
    target: TargetView
    unknown: str
    views: dict[str, QuantityView]
    roles: tuple[str, ...]
    bound: dict[str, str | None]
    filled: list[str]
    spans_of: dict[str, SourceSpan]
    candidates: dict[str, tuple[str, ...]]
    candidate_ids: set[str]
    excluded: frozenset[str]
    read: tuple[tuple[int, int], ...]

    @property
    def target_spans(self) -> tuple[SourceSpan, ...]:
        span = self.spans_of.get(self.unknown)
        return (span,) if span is not None else ()


def assess_with(spec: OrganSpec, frame: ProblemFrame) -> ContractAssessment:
    """The organ's verdict on ``frame``: codes in a fixed order, each with its own spans.

    Missing bindings first (relation, target, the unknown, roles, direction, owners,
    ambiguity), then hazards (what the reader observed, numbers no role places or accounts for,
    ill-fitting or doubly bound roles, owners); the order enters the sealed assessment.
    """
    relation = organ_relation(frame, spec.organ)
    target = target_view(frame.targets)
    missing: list[CodeEvidence] = []
    hazards: list[CodeEvidence] = []
    if relation is None:
        missing.append(("relation_unread", ()))
        explanation = f"no {spec.organ} relation was read"
    elif target is None or target.mention_id is None:
        missing.append(("target_unread", relation.evidence_spans))
        explanation = "no question target was read"
    else:
        binding = _binding(spec, frame, relation, target, target.mention_id)
        missing = [code for check in _MISSING for code in check(binding)]
        hazards = [code for check in _HAZARDS for code in check(binding)]
        codes = [code for code, _ in missing + hazards]
        explanation = "runnable" if not codes else "refused: " + ", ".join(codes)
    return build_assessment(
        frame,
        candidate_organ=spec.organ,
        organ_version=spec.version,
        missing=_merge(missing),
        hazards=_merge(hazards),
        evidence_spans=relation.evidence_spans if relation is not None else (),
        explanation=explanation,
    )


def _binding(
    spec: OrganSpec, frame: ProblemFrame, relation: Relation, target: TargetView, unknown: str
) -> _Binding:
    roles = _quantity_roles(relation)
    bound = {name: relation.role(name) for name in roles}
    candidates = spec.candidates(frame, relation, target)
    return _Binding(
        spec=spec,
        frame=frame,
        relation=relation,
        target=target,
        unknown=unknown,
        views={q.mention_id: q for q in quantity_views(frame.mentions)},
        roles=roles,
        bound=bound,
        filled=[m for m in (bound[name] for name in roles) if m is not None],
        spans_of={m.mention_id: m.span for m in frame.mentions},
        candidates=candidates,
        candidate_ids={m for ids in candidates.values() for m in ids},
        excluded=frozenset(excluded_ids(frame.relations)),
        read=spec.reads(frame) if spec.reads is not None else (),
    )


def _unknown_and_roles(b: _Binding) -> list[CodeEvidence]:
    """1. exactly one role is the question's asked quantity; 2. every role was read."""
    missing: list[CodeEvidence] = []
    if b.unknown not in set(b.bound.values()):
        missing.append(("target_unbound", b.target_spans))
    for name in b.roles:
        if b.bound[name] is None:
            missing.append((role_code(name), b.relation.evidence_spans))
    return missing


def _direction_missing(b: _Binding) -> list[CodeEvidence]:
    """3. the direction of an organ that has one is read, and read one way."""
    unread = [n for n, m in b.relation.roles if is_direction_role(n) and m is None]
    if not (b.spec.direction_values and unread):
        return []
    cues = _direction_cues(b.frame, b.spec.direction_values, b.target)
    code = "direction_ambiguous" if len({d for d, _ in cues}) > 1 else "direction_unbound"
    return [(code, tuple(s for _, s in cues) or b.relation.evidence_spans)]


def _owners_hidden(b: _Binding) -> list[CodeEvidence]:
    """4. no owner is hidden behind an unresolved pronoun."""
    if not b.spec.owners_agree:
        return []
    unresolved = [
        b.spans_of[m]
        for m in [*b.filled, b.unknown]
        if m in b.spans_of
        and owner_unresolved(b.frame, b.views.get(m), b.target if m == b.unknown else None)
    ]
    return [("owner_unresolved", tuple(unresolved))] if unresolved else []


def _ambiguous(b: _Binding) -> list[CodeEvidence]:
    """5. no quantity could fill a role, fills none and is not excluded."""
    if not all(b.bound[name] is not None for name in b.roles):
        return []
    spare = sorted(
        b.candidate_ids - set(b.filled) - b.excluded,
        key=lambda m: b.spans_of[m].start,
    )
    return [("role_assignment_ambiguous", tuple(b.spans_of[m] for m in spare))] if spare else []


def _observed(b: _Binding) -> list[CodeEvidence]:
    """6. hazards the reader observed where the relation lives; a number whose counted thing
    was not read ("ate 2 of them", "9 more") may belong to this relation: only a binding
    across sentences could tell, which no operator may guess; a part of an amount already
    counted ("she has read 9 of them") is never an amount beside it."""
    frame, views, spans_of = b.frame, b.views, b.spans_of
    sentences = {spans_of[m].sentence_index for m in b.filled if m in spans_of}
    if b.unknown in spans_of:
        sentences.add(spans_of[b.unknown].sentence_index)
    hazards = _observation_hazards(frame, sentences, b.read)
    unread = [
        spans_of[q.mention_id]
        for q in views.values()
        if q.entity is None
        and q.unit is None
        and not q.in_question
        and q.mention_id not in b.filled
    ]
    if unread:
        hazards.append(("quantity_thing_unread", tuple(unread)))
    usable = sorted(
        (m for m in b.candidate_ids | set(b.filled) if m in views),
        key=lambda m: spans_of[m].start,
    )
    subsets = [
        spans_of[m]
        for m in usable
        if _described_subset(frame, views[m]) and not _read_here((spans_of[m],), b.read)
    ]
    if subsets:
        hazards.append(("subset_unplaced", tuple(subsets)))
    return hazards


def _unplaced_and_unaccounted(b: _Binding) -> list[CodeEvidence]:
    """Numbers beside the relation: a rate ("each", "per") or a comparison ("N more than") of
    the asked thing that this organ has no role for means more steps than the organ reads
    (``quantity_unplaced``); numbers no role could take: one is a distractor, two or more (or
    one in the question itself) mean steps this organ does not read
    (``quantities_unaccounted``); and a question asking two things (``compound_target``)."""
    spec, frame, target, views, spans_of = b.spec, b.frame, b.target, b.views, b.spans_of
    hazards: list[CodeEvidence] = []
    pool = b.candidate_ids | set(b.filled)
    restated = restated_numbers(frame, views)  # "in those two days": no amount, no step
    bound_views = [views[m] for m in role_bound_ids(b.relation) if m in views]
    pooled = [views[m] for m in pool if m in views]
    unplaced = [
        spans_of[q.mention_id]
        for q in views.values()
        if q.mention_id not in pool | restated
        and _unplaced(spec, frame, q, target, b.relation, views)
        # "16 red peaches and 18 green peaches" in each basket, the red ones asked
        and not listed_beside(frame, q, pooled, target)
        # a number the whole text proves cannot bear on the asked one is no step
        and unbearing_reason(frame, spec.organ, q, pooled, target) is None
    ]
    if unplaced:
        hazards.append(("quantity_unplaced", tuple(unplaced)))
    # (an amount of the asked thing left out of every pool was set apart by what the text
    # reads: another verb, another time, the other side of "than")
    foreign = [
        q
        for q in views.values()
        if (
            (q.mention_id not in pool and not entity_compatible(q.entity, None, q.unit, target))
            or q.mention_id in b.excluded
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
        if q.mention_id not in b.excluded
        and {q.entity, q.unit} & {target.entity, target.unit} - {None}
    )
    # an amount of another named thing listed beside an amount of the asked one, under the
    # same verb ("Baker made 149 cakes and 91 pastries"), is the text's own contrast: the
    # question picks one of the two lists, the other is not a step
    counted = _counted(target, b.relation, views)
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
    also_read = spec.organ == "scale" and _read_here(b.target_spans, b.read)
    if target.also is not None and not also_read:
        hazards.append(("compound_target", b.target_spans))
    return hazards


def asks_both(frame: ProblemFrame) -> bool:
    """The question asks of "both" and says no "than" ("How many apples do both have?", "How
    much do both items cost?"): a sum of two sides."""
    if not frame.targets or not frame.targets[0].evidence_spans:
        return False
    words = sentence_words(frame, frame.targets[0].evidence_spans[0].sentence_index)
    return "both" in words and "than" not in words


def _roles_fit(b: _Binding) -> list[CodeEvidence]:
    """7. bound roles fit (their candidates, their direction), distractors are justified, no
    mention is bound twice, and the parts are no more than the organ takes."""
    frame, relation, spec, views, spans_of = b.frame, b.relation, b.spec, b.views, b.spans_of
    hazards: list[CodeEvidence] = []
    wrong = [
        name
        for name in b.roles
        if (m := b.bound[name]) is not None
        and m != b.unknown
        and m not in b.candidates.get(name, ())
    ]
    if spec.organ == "compare" and asks_both(frame):
        # "How many apples do both have?": two sides summed, never the one a comparison tells
        wrong += [n for n in ("compared", "referent") if b.bound.get(n) == b.unknown]
    for name, cue in relation.roles:
        if spec.direction_values and is_direction_role(name) and cue is not None:
            direction = direction_of(frame, relation, b.target, name)
            paired = "change" + name.removeprefix("direction")  # direction_1 -> change_1
            if direction not in spec.direction_values or _direction_conflicts(
                views.get(relation.role(paired) or ""), direction
            ):
                wrong.append(name)
    if wrong:
        hazards.append(("role_incompatible", tuple(_role_span(frame, relation, n) for n in wrong)))
    unjustified = [
        spans_of[m]
        for m in sorted(b.excluded & set(views), key=lambda m: spans_of[m].start)
        if m in b.candidate_ids and set_aside_reason(frame, relation, views[m], b.target) is None
    ]
    if unjustified:
        hazards.append(("distractor_unjustified", tuple(unjustified)))
    if len(b.filled) != len(set(b.filled)):
        hazards.append(("role_bound_twice", tuple(spans_of[m] for m in b.filled if m in spans_of)))
    if len(b.roles) > spec.max_parts + 1:
        hazards.append(("too_many_parts", relation.evidence_spans))
    return hazards


def _owners_fit(b: _Binding) -> list[CodeEvidence]:
    """8. owners agree; no amount of a holder nothing in the text ties to the asked one is
    bound with the others."""
    hazards: list[CodeEvidence] = []
    frame, views, spans_of = b.frame, b.views, b.spans_of
    if b.spec.owners_agree and owners_disagree(frame, b.spec.organ, b.relation, views, b.target):
        hazards.append(("owner_mismatch", tuple(spans_of[m] for m in b.filled if m in spans_of)))
    bound_views = [views[m] for m in role_bound_ids(b.relation) if m in views]
    strangers = [
        spans_of[v.mention_id]
        for v in bound_views
        if untied_holder(frame, v, bound_views, b.target)
    ]
    if strangers:
        hazards.append(("owner_mismatch", tuple(strangers)))
    return hazards


_MISSING: Final[tuple[Callable[[_Binding], list[CodeEvidence]], ...]] = (
    _unknown_and_roles,
    _direction_missing,
    _owners_hidden,
    _ambiguous,
)
_HAZARDS: Final[tuple[Callable[[_Binding], list[CodeEvidence]], ...]] = (
    _observed,
    _unplaced_and_unaccounted,
    _roles_fit,
    _owners_fit,
)
"""The contract's checks, in the order their codes are sealed."""


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
    q: QuantityView, pool: set[str], views: dict[str, QuantityView], target: TargetView
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
        if (p := views.get(m)) is not None
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
