"""Candidates: an operator's proposed change to a frame, and its exact reconstruction.

An operator proposes a :class:`CandidateDelta` (role bindings, replacement or new relations,
replacement targets, and the spans that justify them). :func:`apply_delta` turns a delta and
the original frame into exactly one candidate frame, purely: it never reads the source text to
infer roles and never touches the original frame. :class:`CandidateReconstruction` is the
ADR-0229 s6.1 envelope that ties a delta to its run, attempt and operator provenance.

Identities (ADR-0229 s13.1): ``frame_delta_digest`` hashes the delta's bindings, relations and
targets; ``candidate_digest`` hashes the candidate content (original and candidate frame
identities, the delta digest, bindings, relations, targets and exact ordered spans) and
excludes the attempt and operator envelope; ``candidate_reconstruction_digest`` self-seals the
whole envelope, including the validated ``candidate_digest``.
"""

from __future__ import annotations

from practiceloop.kernel._memo import remembered
from practiceloop.kernel.frame import ProblemFrame, Relation, Target, build_frame
from practiceloop.kernel.identity import Digest, digest
from practiceloop.kernel.record import identity_payload, is_well_formed, record
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "CandidateDelta",
    "CandidateReconstruction",
    "OperatorDecline",
    "RoleBinding",
    "apply_delta",
    "candidate_content_digest",
    "delta_digest",
    "frame_delta_digest",
    "reconstruction_digests",
]


@record()
class RoleBinding:
    """Bind ``role`` of relation ``relation_id`` to a mention (``None`` unbinds it)."""

    relation_id: str
    role: str
    mention_id: str | None


@record()
class CandidateDelta:
    """An operator's proposal: what changes in the original frame, and why (spans)."""

    bindings: tuple[RoleBinding, ...]
    relations: tuple[Relation, ...]
    targets: tuple[Target, ...]
    evidence_spans: tuple[SourceSpan, ...]


@record()
class OperatorDecline:
    """An operator that does not apply to a residual says why, with reason codes."""

    reason_codes: tuple[str, ...]

    def _rules(self) -> str | None:
        return None if self.reason_codes else "a decline names at least one reason"


def _payload_list(values: tuple[object, ...]) -> list[object]:
    return [identity_payload(v) for v in values]


def frame_delta_digest(
    bindings: tuple[RoleBinding, ...], relations: tuple[Relation, ...], targets: tuple[Target, ...]
) -> Digest:
    """Digest of a delta's structural content: its bindings, relations and targets."""
    return digest(
        {
            "candidate_bindings": _payload_list(bindings),
            "candidate_relations": _payload_list(relations),
            "candidate_targets": _payload_list(targets),
        }
    )


def candidate_content_digest(
    *,
    original_problem_frame_digest: Digest,
    candidate_problem_frame_digest: Digest | None,
    frame_delta_digest: Digest | None,
    bindings: tuple[RoleBinding, ...],
    relations: tuple[Relation, ...],
    targets: tuple[Target, ...],
    evidence_spans: tuple[SourceSpan, ...],
) -> Digest:
    """ADR-0229 s13.1 ``candidate_digest``: the candidate content, without its envelope."""
    return digest(
        {
            "original_problem_frame_digest": original_problem_frame_digest,
            "candidate_problem_frame_digest": candidate_problem_frame_digest,
            "frame_delta_digest": frame_delta_digest,
            "candidate_bindings": _payload_list(bindings),
            "candidate_relations": _payload_list(relations),
            "candidate_targets": _payload_list(targets),
            "evidence_spans": _payload_list(evidence_spans),
        }
    )


@record(kind="candidate_reconstruction", id_field="candidate_reconstruction_digest")
class CandidateReconstruction:
    """ADR-0229 s6.1: the exact candidate, bound to its run, attempt and operator."""

    candidate_reconstruction_digest: Digest
    run_id: Digest
    attempt_id: Digest
    original_problem_frame_digest: Digest
    candidate_problem_frame_digest: Digest | None
    frame_delta_digest: Digest | None
    candidate_digest: Digest
    candidate_bindings: tuple[RoleBinding, ...]
    candidate_relations: tuple[Relation, ...]
    candidate_targets: tuple[Target, ...]
    evidence_spans: tuple[SourceSpan, ...]
    operator_set_id: Digest
    operator_set_version: str
    operator_id: str
    operator_version: str

    def _rules(self) -> str | None:
        # ADR-0229 s6.1: exactly one of the candidate frame digest or the delta digest.
        if (self.candidate_problem_frame_digest is None) == (self.frame_delta_digest is None):
            return "exactly one of candidate_problem_frame_digest and frame_delta_digest"
        return None


def _delta_digest(delta: CandidateDelta) -> Digest:
    return frame_delta_digest(delta.bindings, delta.relations, delta.targets)


def delta_digest(delta: CandidateDelta) -> Digest:
    """``frame_delta_digest`` of a well-formed delta (remembered for this very delta)."""
    return remembered(_delta_digest, delta)


def _reconstruction_digests(rec: CandidateReconstruction) -> tuple[Digest, Digest]:
    bindings, relations = rec.candidate_bindings, rec.candidate_relations
    targets = rec.candidate_targets
    content = candidate_content_digest(
        original_problem_frame_digest=rec.original_problem_frame_digest,
        candidate_problem_frame_digest=rec.candidate_problem_frame_digest,
        frame_delta_digest=rec.frame_delta_digest,
        bindings=bindings,
        relations=relations,
        targets=targets,
        evidence_spans=rec.evidence_spans,
    )
    return frame_delta_digest(bindings, relations, targets), content


def reconstruction_digests(rec: CandidateReconstruction) -> tuple[Digest, Digest]:
    """``(frame_delta_digest, candidate_digest)`` recomputed from a reconstruction's content.

    ADR-0229 s13.1, as replay and the operator-result checks recompute them: the delta digest
    from the bindings, relations and targets; the candidate digest from the content with the
    reconstruction's own (claimed) ``frame_delta_digest``. Remembered for this very record
    (:mod:`~practiceloop.kernel._memo`). Raises on anything but a well-formed reconstruction
    (misuse).
    """
    if not is_well_formed(rec, CandidateReconstruction):
        raise TypeError("reconstruction_digests takes a well-formed CandidateReconstruction")
    return remembered(_reconstruction_digests, rec)


def apply_delta(
    frame: ProblemFrame,
    bindings: tuple[RoleBinding, ...],
    relations: tuple[Relation, ...],
    targets: tuple[Target, ...],
) -> ProblemFrame | None:
    """The one candidate frame a delta yields, or None when the delta does not fit the frame.

    Relations with an existing id are replaced in place, new ones appended in delta order; then
    each binding sets an existing role of an existing relation; non-empty ``targets`` replace
    the frame's targets. A binding to an unknown relation, role or mention does not fit. The
    operator-result check and replay apply the same delta to the same frame: the candidate is
    remembered for these very values (:mod:`~practiceloop.kernel._memo`).
    """
    return remembered(_apply_delta, frame, bindings, relations, targets)


def _apply_delta(
    frame: ProblemFrame,
    bindings: tuple[RoleBinding, ...],
    relations: tuple[Relation, ...],
    targets: tuple[Target, ...],
) -> ProblemFrame | None:
    by_id = {r.relation_id: r for r in relations}
    merged = [by_id.pop(r.relation_id, r) for r in frame.relations]
    merged.extend(r for r in relations if r.relation_id in by_id)
    known_mentions = {m.mention_id for m in frame.mentions}
    for binding in bindings:
        if binding.mention_id is not None and binding.mention_id not in known_mentions:
            return None
        for position, relation in enumerate(merged):
            if relation.relation_id != binding.relation_id:
                continue
            if all(name != binding.role for name, _ in relation.roles):
                return None
            roles = tuple(
                (name, binding.mention_id if name == binding.role else value)
                for name, value in relation.roles
            )
            merged[position] = Relation(
                relation_id=relation.relation_id,
                relation_type=relation.relation_type,
                roles=roles,
                evidence_spans=relation.evidence_spans,
            )
            break
        else:
            return None
    try:
        return build_frame(
            reader_id=frame.reader_id,
            reader_version=frame.reader_version,
            source_text=frame.source_text,
            sentences=frame.sentences,
            mentions=frame.mentions,
            relations=tuple(merged),
            targets=targets or frame.targets,
            observations=frame.observations,
            frame_schema_version=frame.frame_schema_version,
        )
    except Exception:  # an ill-fitting delta (e.g. a span of another text): no candidate frame
        return None
