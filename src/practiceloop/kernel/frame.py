"""ProblemFrame: what a reader saw in a problem's text, typed and immutable (loop.md s3).

The frame is domain-neutral: mentions (with sorted string attributes such as an exact rational
value ``"5/2"``, a unit, an entity or an owner), relations (ordered role bindings to mention ids,
``None`` where the reader did not read the role), the question's targets and reader-level
observations (a negation, a modal verb), every one with the exact spans where it was seen.
``problem_frame_digest`` self-seals all of it, so two equal texts read by the same reader
version give the same frame and the same digest.
"""

from __future__ import annotations

from collections.abc import Iterator

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import record, sealed
from practiceloop.kernel.span import SourceSpan, spans_exact

__all__ = [
    "FRAME_SCHEMA_VERSION",
    "Attributes",
    "Mention",
    "Observation",
    "ProblemFrame",
    "Relation",
    "Target",
    "build_frame",
    "frame_spans",
]

FRAME_SCHEMA_VERSION = "problem_frame.v1"

Attributes = tuple[tuple[str, str], ...]


def _attributes_rule(attributes: Attributes) -> str | None:
    keys = [key for key, _ in attributes]
    if keys != sorted(set(keys)):
        return "attributes not sorted by unique key"
    return None


@record()
class Mention:
    """One thing the reader saw: a quantity, an actor, a pronoun, a cue..."""

    mention_id: str
    kind: str
    span: SourceSpan
    attributes: Attributes

    def _rules(self) -> str | None:
        return _attributes_rule(self.attributes)


@record()
class Relation:
    """A relation of ``relation_type`` with ordered role bindings (``None``: role not read)."""

    relation_id: str
    relation_type: str
    roles: tuple[tuple[str, str | None], ...]
    evidence_spans: tuple[SourceSpan, ...]

    def _rules(self) -> str | None:
        names = [name for name, _ in self.roles]
        if len(names) != len(set(names)):
            return "duplicate role name"
        return None

    def role(self, name: str) -> str | None:
        """The mention id bound to ``name`` (``None`` when unbound or absent)."""
        for role_name, mention_id in self.roles:
            if role_name == name:
                return mention_id
        return None


@record()
class Target:
    """The question's requested unknown, described by sorted attributes."""

    target_id: str
    attributes: Attributes
    evidence_spans: tuple[SourceSpan, ...]

    def _rules(self) -> str | None:
        return _attributes_rule(self.attributes)


@record()
class Observation:
    """A reader-level cue (negation, modality...) that an organ may treat as a hazard."""

    observation_id: str
    kind: str
    attributes: Attributes
    evidence_spans: tuple[SourceSpan, ...]

    def _rules(self) -> str | None:
        return _attributes_rule(self.attributes)


@record(kind="problem_frame", id_field="problem_frame_digest")
class ProblemFrame:
    """A reader's typed, immutable view of one problem text."""

    problem_frame_digest: Digest
    frame_schema_version: str
    reader_id: str
    reader_version: str
    source_text: str
    sentences: tuple[SourceSpan, ...]
    mentions: tuple[Mention, ...]
    relations: tuple[Relation, ...]
    targets: tuple[Target, ...]
    observations: tuple[Observation, ...]

    def _rules(self) -> str | None:
        if not spans_exact(frame_spans(self), self.source_text):
            return "span is not the exact source slice"
        mention_ids = [m.mention_id for m in self.mentions]
        if len(mention_ids) != len(set(mention_ids)):
            return "duplicate mention id"
        known = set(mention_ids)
        relation_ids = [r.relation_id for r in self.relations]
        if len(relation_ids) != len(set(relation_ids)):
            return "duplicate relation id"
        for relation in self.relations:
            for _, mention_id in relation.roles:
                if mention_id is not None and mention_id not in known:
                    return "role bound to an unknown mention"
        target_ids = [t.target_id for t in self.targets]
        if len(target_ids) != len(set(target_ids)):
            return "duplicate target id"
        return None

    def mention(self, mention_id: str) -> Mention | None:
        """The mention with ``mention_id``, or None."""
        for mention in self.mentions:
            if mention.mention_id == mention_id:
                return mention
        return None


def frame_spans(frame: ProblemFrame) -> Iterator[SourceSpan]:
    """Every span the frame holds, in declaration order."""
    yield from frame.sentences
    for mention in frame.mentions:
        yield mention.span
    for relation in frame.relations:
        yield from relation.evidence_spans
    for target in frame.targets:
        yield from target.evidence_spans
    for observation in frame.observations:
        yield from observation.evidence_spans


def build_frame(
    *,
    reader_id: str,
    reader_version: str,
    source_text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    relations: tuple[Relation, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
    frame_schema_version: str = FRAME_SCHEMA_VERSION,
) -> ProblemFrame:
    """Build and self-seal a frame. Raises ``RecordError`` on ill-typed parts (reader bug)."""
    return sealed(
        ProblemFrame,
        frame_schema_version=frame_schema_version,
        reader_id=reader_id,
        reader_version=reader_version,
        source_text=source_text,
        sentences=sentences,
        mentions=mentions,
        relations=relations,
        targets=targets,
        observations=observations,
    )
