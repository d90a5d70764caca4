"""The arithmetic candidate operators: ``(frame, assessment, residual) -> deltas | decline``.

Each operator is a pure function that proposes complete candidate deltas, in a fixed order,
each with the spans that justify it, or declines with reason codes. Operators never rank,
score or choose: several candidates may close and disagree, and the loop reports each.

A candidate is replayed against the *original* frame at depth 1, so a delta must leave the
organ nothing open: the one shared enumerator :func:`_completions` fills every open point of
the relation at once (the unknown's role, unread quantity roles, the direction, the owner
behind a pronoun) and marks every compatible quantity that no role uses as a distractor. The
operator that resolves the assessment's *first* open code runs it; operators aimed at later
codes of the same assessment decline (``completed_with_first_code``), so that one episode never
replays the same candidate twice. Each operator labels what its candidates vary:

* ``target_resolution``: the unknown's role (``target_unbound``);
* ``role_fill``: unread quantity roles (``*_unbound``);
* ``direction_from_cue``: one candidate per direction a cue in the text supports;
* ``owner_coreference``: the one earlier actor a pronoun agrees with (none when several do);
* ``role_assignment``: with every role read and a spare compatible quantity, one candidate per
  swap of a spare into a role (``role_assignment_ambiguous``);
* ``distractor_exclusion``: the read assignment kept, every spare excluded.

An enumeration larger than :data:`MAX_CANDIDATES` (the smallest candidate budget of the kernel's
budget table) declines as ``candidate_space_too_large``: a truncated search could leave a
single wrong survivor, and practice must never manufacture uniqueness.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from practiceloop.arith.antecedents import agreeing_antecedent
from practiceloop.arith.lexicon import direction_key
from practiceloop.arith.organs import (
    change,
    change_chain,
    combine,
    compare,
    complement,
    composed,
    equal_groups,
    partition,
    portion,
    proportion,
    scale,
    sides,
)
from practiceloop.arith.organs._codes import role_code
from practiceloop.arith.organs._contract import OrganSpec, is_direction_role, organ_relation
from practiceloop.arith.reading import (
    COREFERENCE,
    DISTRACTOR,
    TargetView,
    attribute,
    excluded_ids,
    quantity_views,
    target_view,
)
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.budget import BUDGET_TABLE
from practiceloop.kernel.candidate import CandidateDelta, OperatorDecline, RoleBinding
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation
from practiceloop.kernel.residual import ContractResidual
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "MAX_CANDIDATES",
    "OPERATOR_VERSION",
    "SPECS",
    "direction_from_cue",
    "distractor_exclusion",
    "owner_coreference",
    "role_assignment",
    "role_fill",
    "target_resolution",
]

OPERATOR_VERSION: Final = "arith_operators.v7"
MAX_CANDIDATES: Final = min(limits.max_candidates for _, limits in BUDGET_TABLE)

SPECS: Final[tuple[OrganSpec, ...]] = (
    change.SPEC,
    change_chain.SPEC,
    combine.SPEC,
    compare.SPEC,
    complement.SPEC,
    equal_groups.SPEC,
    partition.SPEC,
    scale.SPEC,
    portion.SPEC,
    sides.SPEC,
    proportion.SPEC,
    *(two.spec() for two in composed.COMPOSITIONS),
)
"""Every single-relation organ the operators can complete, by name."""

_ROLE_CODES: Final = frozenset(
    role_code(r) for r in ("start", "change", "result", "part_1", "whole", "referent", "compared",
                           "difference", "groups", "per_group", "total", "base", "scaled", "told",
                           "rest", "sum", "told_amount")
)  # fmt: skip


_SUMMED: Final = frozenset({"part", "compared", "referent"})
"""Role stems whose numbered roles are interchangeable terms of one sum."""


def _spec(organ: str) -> OrganSpec | None:
    return next((s for s in SPECS if s.organ == organ), None)


def _with(relation: Relation, assigned: dict[str, str | None]) -> Relation:
    """``relation`` with the roles ``assigned`` filled: an unsealed :class:`_Draft`, enough for
    lookups while enumerating (:func:`_sealed` seals the one a candidate puts in the frame)."""
    roles = tuple((name, assigned.get(name, m)) for name, m in relation.roles)
    return _Draft(relation, roles)  # type: ignore[return-value]


class _Draft:
    """Duck-typed relation with some roles filled: what candidate functions read of one.

    Enumeration builds one per partial assignment; sealing each as a :class:`Relation` would
    validate it again and again, and none of them is ever recorded.
    """

    __slots__ = ("evidence_spans", "relation_id", "relation_type", "roles")

    def __init__(self, relation: Relation, roles: tuple[tuple[str, str | None], ...]) -> None:
        self.relation_id = relation.relation_id
        self.relation_type = relation.relation_type
        self.roles = roles
        self.evidence_spans = relation.evidence_spans

    def role(self, name: str) -> str | None:
        """The mention id bound to ``name`` (``None`` when unbound or absent)."""
        for role_name, mention_id in self.roles:
            if role_name == name:
                return mention_id
        return None


def _sealed(relation: Relation) -> Relation:
    """A real, validated :class:`Relation` with the roles of ``relation`` (a draft or not)."""
    return Relation(
        relation_id=relation.relation_id,
        relation_type=relation.relation_type,
        roles=relation.roles,
        evidence_spans=relation.evidence_spans,
    )


def _frame_with(frame: ProblemFrame, relation: Relation) -> ProblemFrame:
    """A lightweight stand-in frame for candidate lookup (never sealed, never returned)."""
    return _Lookup(frame, relation)  # type: ignore[return-value]


class _Lookup:
    """Duck-typed view of a frame with one relation replaced: every part of the frame a
    candidate function may read (never sealed, never returned)."""

    __slots__ = ("mentions", "observations", "relations", "sentences", "source_text", "targets")

    def __init__(self, frame: ProblemFrame, relation: Relation) -> None:
        self.mentions = frame.mentions
        self.targets = frame.targets
        self.sentences = frame.sentences
        self.source_text = frame.source_text
        self.observations = frame.observations
        self.relations = tuple(
            relation if r.relation_id == relation.relation_id else r for r in frame.relations
        )

    def mention(self, mention_id: str) -> Mention | None:
        """The mention with ``mention_id``, or None (as :meth:`ProblemFrame.mention`)."""
        return next((m for m in self.mentions if m.mention_id == mention_id), None)


def _assignments(
    frame: ProblemFrame,
    spec: OrganSpec,
    relation: Relation,
    target: TargetView,
    open_roles: list[str],
) -> Iterator[dict[str, str]]:
    """Injective fills of ``open_roles`` from each role's candidates, in source order.

    The terms of one sum (combine's parts, a summed side of a comparison) are interchangeable,
    so they are filled in increasing source order only.
    """
    used = {m for _, m in relation.roles if m is not None}
    starts = {m.mention_id: m.span.start for m in frame.mentions}

    def extend(index: int, current: dict[str, str]) -> Iterator[dict[str, str]]:
        if index == len(open_roles):
            yield dict(current)
            return
        role = open_roles[index]
        partial = _with(relation, dict(current))
        options = spec.candidates(_frame_with(frame, partial), partial, target).get(role, ())
        floor = -1
        stem, _, number = role.rpartition("_")
        if stem in _SUMMED and number.isdigit():
            prefix = stem + "_"
            floor = max((starts[m] for r, m in current.items() if r.startswith(prefix)), default=-1)
            read_parts = [
                starts[m]
                for r, m in relation.roles
                if r.startswith(prefix) and m is not None and m != target.mention_id
            ]
            floor = max([floor, *read_parts])
        for option in options:
            if option in used or option in current.values() or starts[option] <= floor:
                continue
            current[role] = option
            yield from extend(index + 1, current)
            del current[role]

    yield from extend(0, {})


def _direction_options(
    frame: ProblemFrame, spec: OrganSpec, relation: Relation, target: TargetView
) -> list[str | None]:
    names = {name for name, _ in relation.roles}
    if not spec.direction_values or "direction" not in names or relation.role("direction"):
        return [None]
    key = direction_key(target.unit)
    seen: dict[str, str] = {}
    for mention in frame.mentions:
        if mention.kind != "cue":
            continue
        value = attribute(mention.attributes, key) or attribute(mention.attributes, "direction")
        if value in spec.direction_values and value not in seen:
            seen[value] = mention.mention_id
    return list(seen.values())


def _coreference_options(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> list[dict[str, str]]:
    """The antecedent the text fixes for every unresolved pronoun that owns a bound quantity or
    the target (:func:`~practiceloop.arith.antecedents.agreeing_antecedent`): no choice when
    one of them has several agreeing antecedents or none."""
    quantities = {q.mention_id: q for q in quantity_views(frame.mentions)}
    subjects = {quantities[m].subject for _, m in relation.roles if m in quantities}
    subjects.add(target.subject)
    open_links = [
        r
        for r in frame.relations
        if r.relation_type == COREFERENCE
        and r.role("antecedent") is None
        and r.role("pronoun") in subjects
    ]
    choices: list[dict[str, str]] = [{}]
    for link in open_links:
        pronoun = frame.mention(link.role("pronoun") or "")
        if pronoun is None:
            return []
        # the text fixes the antecedent (agreement), never the closure (arith/antecedents.py)
        actors = agreeing_antecedent(frame, pronoun)
        if actors is None:
            continue  # no one named before it: "A store had 81 bottles ... did they have"
        choices = [{**c, link.relation_id: a.mention_id} for c in choices for a in actors]
    return choices


def _combine_arity(
    frame: ProblemFrame, spec: OrganSpec, relation: Relation, target: TargetView
) -> Relation:
    """A sum of unread parts ("in all", or a two-step organ's first sum): one part role per
    compatible part (at least two); every other role is kept as it is."""
    parts = spec.candidates(frame, relation, target).get("part_1", ())
    # the unknown takes a part when no other role holds it ("a total of 10 ... 6 in the
    # morning, 3 in the afternoon, how many in the evening": three parts)
    held = any(m == target.mention_id for _, m in relation.roles)
    count = max(2, len(parts) + (not held))
    others = tuple((name, m) for name, m in relation.roles if not name.startswith("part_"))
    return Relation(
        relation_id=relation.relation_id,
        relation_type=relation.relation_type,
        roles=(*((f"part_{i + 1}", None) for i in range(count)), *others),
        evidence_spans=relation.evidence_spans,
    )


def _sums_unread_parts(spec: OrganSpec, relation: Relation, target: TargetView) -> bool:
    """The relation's parts are all unread and their count is the candidates' to say."""
    parts = [m for name, m in relation.roles if name.startswith("part_")]
    if not parts or any(m is not None for m in parts):
        return False
    first_sums = (two := composed.composition(spec.organ)) is not None and two.first == "combine"
    return first_sums or spec.organ == combine.ORGAN


def _compare_arity(
    frame: ProblemFrame, spec: OrganSpec, relation: Relation, target: TargetView
) -> Relation:
    """The difference asked, a side that several amounts fit, none taken away: that side is
    their sum, one role per amount ("3 birds ... 2 more birds came. How many more birds than
    storks?"). The organ then checks that one owner holds each side."""
    found = spec.candidates(frame, relation, target)
    roles: list[tuple[str, str | None]] = []
    changed = False
    for name, mention_id in relation.roles:
        ids = found.get(name, ())
        if name in ("compared", "referent") and mention_id is None and compare.summable(frame, ids):
            roles.extend((f"{name}_{i + 1}", None) for i in range(len(ids)))
            changed = True
        else:
            roles.append((name, mention_id))
    if not changed:
        return relation
    return Relation(
        relation_id=relation.relation_id,
        relation_type=relation.relation_type,
        roles=tuple(roles),
        evidence_spans=relation.evidence_spans,
    )


def _completions(
    frame: ProblemFrame, assessment: ContractAssessment, swap: bool
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Every complete candidate for the assessed relation (see the module docstring)."""
    spec = _spec(assessment.candidate_organ)
    relation = organ_relation(frame, assessment.candidate_organ)
    target = target_view(frame.targets)
    if spec is None or relation is None or target is None or target.mention_id is None:
        return OperatorDecline(reason_codes=("relation_or_target_unread",))
    if assessment.unresolved_hazards:
        return OperatorDecline(reason_codes=("hazard_present",))
    spans = {m.mention_id: m.span for m in frame.mentions}
    original = relation
    if not swap and _sums_unread_parts(spec, relation, target):
        relation = _combine_arity(frame, spec, relation, target)
    if spec.organ == compare.ORGAN and relation.role("difference") == target.mention_id:
        relation = _compare_arity(frame, spec, relation, target) if not swap else relation
    roles = [name for name, _ in relation.roles if not is_direction_role(name)]
    open_roles = [name for name in roles if relation.role(name) is None]
    placements: list[str | None] = [None]
    if target.mention_id not in {relation.role(name) for name in roles}:
        placements = list(open_roles)
    bases: list[tuple[dict[str, str | None], list[str]]] = []
    for place in placements:
        fixed: dict[str, str | None] = {place: target.mention_id} if place is not None else {}
        bases.append((fixed, [r for r in open_roles if r != place]))
    if swap:  # role_assignment: every read quantity role may take a spare instead
        read = [n for n in roles if relation.role(n) not in (None, target.mention_id)]
        bases = [({}, [])] + [({n: None}, [n]) for n in read]
    deltas: list[CandidateDelta] = []
    excluded_before = excluded_ids(frame.relations)
    for fixed, to_fill in bases:
        start = _with(relation, fixed)
        for filled in _assignments(frame, spec, start, target, to_fill):
            if swap and fixed and all(filled[n] == relation.role(n) for n in filled):
                continue
            full = _with(start, dict(filled))
            if swap and not fixed:
                pass  # the read assignment itself: only distractor_exclusion proposes it
            for cue in _direction_options(frame, spec, full, target):
                done = _with(full, {"direction": cue}) if cue is not None else full
                # owners matter only to organs whose owners must agree
                links_options = (
                    _coreference_options(frame, done, target) if spec.owners_agree else [{}]
                )
                for links in links_options:
                    delta = _delta(
                        frame, spec, original, done, target, links, excluded_before, spans
                    )
                    if delta is not None and delta not in deltas:
                        deltas.append(delta)
                    if len(deltas) > MAX_CANDIDATES:
                        return OperatorDecline(reason_codes=("candidate_space_too_large",))
    if swap:
        deltas = [
            d for d in deltas if any(b.relation_id == relation.relation_id for b in d.bindings)
        ]
    if not deltas:
        return OperatorDecline(reason_codes=("no_compatible_candidate",))
    return tuple(deltas)


def _delta(
    frame: ProblemFrame,
    spec: OrganSpec,
    original: Relation,
    done: Relation,
    target: TargetView,
    links: dict[str, str],
    excluded_before: frozenset[str],
    spans: dict[str, SourceSpan],
) -> CandidateDelta | None:
    replaced: tuple[Relation, ...] = ()
    if [n for n, _ in done.roles] != [n for n, _ in original.roles]:
        replaced, bindings = (_sealed(done),), []  # a new arity replaces the whole relation
    else:
        bindings = [
            RoleBinding(relation_id=done.relation_id, role=name, mention_id=m)
            for (name, m), (_, before) in zip(done.roles, original.roles, strict=True)
            if m != before
        ]
    bindings += [
        RoleBinding(relation_id=rid, role="antecedent", mention_id=a)
        for rid, a in sorted(links.items())
    ]
    used = {m for _, m in done.roles if m is not None}
    pool = spec.candidates(_frame_with(frame, done), done, target)
    spare = sorted(
        {m for ids in pool.values() for m in ids} - used - excluded_before,
        key=lambda m: spans[m].start,
    )
    relations = replaced + tuple(
        Relation(
            relation_id=f"x_{m}",
            relation_type=DISTRACTOR,
            roles=(("quantity", m),),
            evidence_spans=(spans[m],),
        )
        for m in spare
    )
    if not bindings and not relations:
        return None
    evidence = [
        spans[b.mention_id] for b in bindings if b.mention_id is not None and b.mention_id in spans
    ]
    evidence += [spans[m] for r in replaced for _, m in r.roles if m is not None and m in spans]
    evidence += [spans[m] for m in spare]
    return CandidateDelta(
        bindings=tuple(bindings), relations=relations, targets=(), evidence_spans=tuple(evidence)
    )


def _first_open(
    assessment: ContractAssessment, residual: ContractResidual
) -> OperatorDecline | None:
    if not assessment.missing_bindings or assessment.missing_bindings[0] != residual.residual_code:
        return OperatorDecline(reason_codes=("completed_with_first_code",))
    return None


def _run(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residual: ContractResidual,
    codes: frozenset[str],
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    if residual.residual_code not in codes:
        return OperatorDecline(reason_codes=("residual_code_not_handled",))
    declined = _first_open(assessment, residual)
    return declined if declined is not None else _completions(frame, assessment, swap=False)


def target_resolution(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """One candidate per role the question's unknown can take (then every other point filled)."""
    return _run(frame, assessment, residual, frozenset({"target_unbound"}))


def role_fill(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """One candidate per compatible fill of the unread quantity roles, in source order."""
    return _run(frame, assessment, residual, _ROLE_CODES)


def direction_from_cue(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """One candidate per direction that a verb or comparison cue of the text supports."""
    return _run(
        frame, assessment, residual, frozenset({"direction_unbound", "direction_ambiguous"})
    )


def owner_coreference(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """The candidate whose pronouns name the one earlier actor each agrees with."""
    return _run(frame, assessment, residual, frozenset({"owner_unresolved"}))


def role_assignment(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """With every role read and a spare compatible quantity: one candidate per swap."""
    if residual.residual_code != "role_assignment_ambiguous":
        return OperatorDecline(reason_codes=("residual_code_not_handled",))
    declined = _first_open(assessment, residual)
    return declined if declined is not None else _completions(frame, assessment, swap=True)


def distractor_exclusion(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """The read assignment kept, and every spare compatible quantity marked a distractor."""
    return _run(frame, assessment, residual, frozenset({"role_assignment_ambiguous"}))
