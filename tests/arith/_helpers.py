"""Shared helpers for the arithmetic domain tests: authored texts only (never the corpora)."""

from __future__ import annotations

from fractions import Fraction

from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.arith.organs._contract import organ_relation
from practiceloop.arith.reader import ReaderRefusal, read
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.set_aside import bound_ids
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.candidate import apply_delta
from practiceloop.kernel.frame import ProblemFrame, Relation
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category, judge


def frame_of(text: str) -> ProblemFrame:
    """The reader's frame of an authored text (fails the test on a refusal)."""
    frame = read(text)
    assert not isinstance(frame, ReaderRefusal), frame
    return frame


def assess(frame: ProblemFrame, organ: str) -> ContractAssessment:
    """The manifest organ ``organ``'s assessment of ``frame``."""
    entry = ARITH_MANIFEST.organ(organ)
    assert entry is not None
    return entry.assess(frame)


def relation(frame: ProblemFrame, relation_type: str) -> Relation:
    found = next((r for r in frame.relations if r.relation_type == relation_type), None)
    assert found is not None, [r.relation_type for r in frame.relations]
    return found


def with_roles(frame: ProblemFrame, relation_type: str, **roles: str | None) -> ProblemFrame:
    """``frame`` with roles of its ``relation_type`` relation replaced (through apply_delta)."""
    old = relation(frame, relation_type)
    new_roles = tuple((name, roles.get(name, value)) for name, value in old.roles)
    extra = tuple((name, value) for name, value in roles.items() if name not in dict(old.roles))
    replaced = Relation(
        relation_id=old.relation_id,
        relation_type=old.relation_type,
        roles=new_roles + extra,
        evidence_spans=old.evidence_spans,
    )
    return with_relations(frame, (replaced,))


def with_relations(frame: ProblemFrame, relations: tuple[Relation, ...]) -> ProblemFrame:
    candidate = apply_delta(frame, (), relations, ())
    assert candidate is not None
    return candidate


def resolve_pronouns(frame: ProblemFrame, actor: str = "a0") -> ProblemFrame:
    """Bind every pronoun's antecedent to ``actor`` (what owner coreference proposes)."""
    links = tuple(
        Relation(
            relation_id=r.relation_id,
            relation_type=r.relation_type,
            roles=(("pronoun", r.role("pronoun")), ("antecedent", actor)),
            evidence_spans=r.evidence_spans,
        )
        for r in frame.relations
        if r.relation_type == "coreference"
    )
    return with_relations(frame, links)


def quantity_id(frame: ProblemFrame, text: str, occurrence: int = 0) -> str:
    """The id of the quantity mention whose span text is ``text``."""
    ids = [m.mention_id for m in frame.mentions if m.kind == "quantity" and m.span.text == text]
    return str(ids[occurrence])


def cue_id(frame: ProblemFrame, word: str) -> str:
    found = next(m.mention_id for m in frame.mentions if m.kind == "cue" and m.span.text == word)
    return str(found)


def verdict_of(text: str) -> tuple[Category, Fraction | None]:
    """The loop's verdict on an authored text: its category and the value it closed at."""
    verdict = judge("t", practice(text), None)
    return verdict.category, verdict.value


def refused(text: str) -> None:
    """The loop does not answer ``text`` (no direct answer, no unique closure)."""
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), (text, value)


def relation_with(relation: Relation, **roles: str) -> Relation:
    """``relation`` with some of its roles bound otherwise (a sealed, validated relation)."""
    return Relation(
        relation_id=relation.relation_id,
        relation_type=relation.relation_type,
        roles=tuple((name, roles.get(name, value)) for name, value in relation.roles),
        evidence_spans=relation.evidence_spans,
    )


def not_covered(text: str) -> bool:
    """The loop neither answers ``text`` directly nor closes it uniquely."""
    return verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def closed(text: str) -> list[tuple[ProblemFrame, str]]:
    """Every closed candidate frame of ``text`` with the organ that closed it."""
    return [
        (frame, episode.assessment.candidate_organ)
        for episode in practice(text).episodes
        for frame in episode.closed_frames
    ]


def reason_holds(
    reason: object, text: str, number: str, *, except_organs: frozenset[str] = frozenset()
) -> bool:
    """The set-aside ``reason`` holds for ``number`` in every closed frame of ``text`` (there
    is one) but those of ``except_organs``."""
    found = closed(text)
    assert found, text
    results = []
    for frame, organ in found:
        if organ in except_organs:
            continue
        relation = organ_relation(frame, organ)
        target = target_view(frame.targets)
        assert relation is not None and target is not None
        views = {v.mention_id: v for v in quantity_views(frame.mentions)}
        bound = [views[m] for m in bound_ids(relation) if m in views]
        q = views[quantity_id(frame, number)]
        results.append(reason(frame, organ, q, bound, target))  # type: ignore[operator]
    return all(results)
