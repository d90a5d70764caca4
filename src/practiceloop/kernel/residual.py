"""ContractResidual (ADR-0225 read model): one residual per code of a refused assessment.

Residuals are projected in the assessment's order (missing bindings, then hazards). The kind
and source axis of each code come from the organ's static classification table; a code the
table does not list becomes ``contract_gap_unclassified`` / ``unknown``. Each residual carries
only the spans of its own code, and its id binds the frame and the assessment, so the same code
on two problems never shares an id.
"""

from __future__ import annotations

import enum
from typing import cast

from practiceloop.kernel._memo import remembered
from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.identity import Digest, has_utf8_form
from practiceloop.kernel.record import Verdict, record, sealed, verdict
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "RESIDUAL_POLICY_VERSION",
    "UNCLASSIFIED_AXIS",
    "ContractResidual",
    "ResidualClassification",
    "ResidualContextFault",
    "ResidualKind",
    "ResidualProjectionRefusal",
    "ResidualRefusalCode",
    "classification_table",
    "project_contract_residuals",
    "residual_context_fault",
]

RESIDUAL_POLICY_VERSION = "contract_residual.v1"
UNCLASSIFIED_AXIS = "unknown"


class ResidualKind(enum.StrEnum):
    """Closed vocabulary of residual kinds (loop.md s3)."""

    MISSING_PROPOSAL = "missing_proposal"
    MISSING_RELATION = "missing_relation"
    MISSING_ROLE = "missing_role"
    AMBIGUOUS_RELATION = "ambiguous_relation"
    AMBIGUOUS_ROLE = "ambiguous_role"
    INEXACT_PROVENANCE = "inexact_provenance"
    NONLOCAL_BINDING = "nonlocal_binding"
    UNSUPPORTED_TOPOLOGY = "unsupported_topology"
    UNIT_OBJECT_CONFLICT = "unit_object_conflict"
    HAZARD_BLOCKED = "hazard_blocked"
    TARGET_UNBOUND = "target_unbound"
    CONTRACT_GAP_UNCLASSIFIED = "contract_gap_unclassified"


ResidualClassification = tuple[tuple[str, ResidualKind, str], ...]
"""An organ's static table: ``(code, kind, source_axis)`` rows, one per code it can emit."""


@record(kind="contract_residual", id_field="residual_id")
class ContractResidual:
    """One code of one refused assessment, classified."""

    residual_id: Digest
    residual_policy_version: str
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    candidate_organ: str
    residual_index: int
    residual_kind: ResidualKind
    residual_code: str
    source_axis: str
    evidence_spans: tuple[SourceSpan, ...]
    explanation: str


class ResidualRefusalCode(enum.StrEnum):
    """Why residual projection could not run."""

    INVALID_INPUT = "residual_invalid_input"
    IDENTITY_MISMATCH = "residual_identity_mismatch"
    UNSUPPORTED_POLICY = "residual_policy_unsupported"


@record(kind="residual_projection_refusal", id_field="residual_refusal_id")
class ResidualProjectionRefusal:
    """Projection refused: the frame, assessment or table did not validate."""

    residual_refusal_id: Digest
    residual_policy_version: str
    problem_frame_digest: Digest | None
    original_contract_assessment_id: Digest | None
    refusal_code: ResidualRefusalCode
    reason_codes: tuple[str, ...]
    explanation: str


class ResidualContextFault(enum.StrEnum):
    """Why a residual context does not belong, complete and in order, to one assessment."""

    MALFORMED = "residual_malformed"
    IDENTITY_MISMATCH = "residual_identity_mismatch"
    FOREIGN = "residual_of_another_assessment"
    INCOMPLETE = "residual_context_incomplete"
    MISCLASSIFIED = "residual_not_classified_by_the_organ"


def _refusal(
    code: ResidualRefusalCode,
    reason: str,
    frame_digest: Digest | None = None,
    assessment_id: Digest | None = None,
) -> ResidualProjectionRefusal:
    # ADR-0229 s7.2 by analogy: ids are populated only when they were validated, never guessed.
    return sealed(
        ResidualProjectionRefusal,
        residual_policy_version=RESIDUAL_POLICY_VERSION,
        problem_frame_digest=frame_digest,
        original_contract_assessment_id=assessment_id,
        refusal_code=code,
        reason_codes=(reason,),
        explanation=f"residual projection refused: {reason}",
    )


def classification_table(classification: object) -> dict[str, tuple[ResidualKind, str]] | None:
    """An organ's static table by code: ``code -> (kind, source_axis)``; None when it is not a
    well-typed table (rows of exactly ``(str, ResidualKind, str)``, one per code).

    The table is parsed once per tuple (:mod:`~practiceloop.kernel._memo`: a tuple of str and
    enum members cannot change; one holding anything else is refused whatever that does). The
    answer is shared: callers read it, never change it.
    """
    if type(classification) is not tuple:
        return None
    return remembered(_classification_table, classification)


def _classification_table(
    classification: tuple[object, ...],
) -> dict[str, tuple[ResidualKind, str]] | None:
    rows: dict[str, tuple[ResidualKind, str]] = {}
    for row in classification:
        if type(row) is not tuple or len(row) != 3:
            return None
        code, kind, axis = row
        if not (has_utf8_form(code) and type(kind) is ResidualKind and has_utf8_form(axis)):
            return None
        if code in rows:  # one row per code: a code classified twice is ambiguous
            return None
        rows[code] = (kind, axis)
    return rows


def _classified(table: dict[str, tuple[ResidualKind, str]], code: str) -> tuple[ResidualKind, str]:
    """loop.md s3 residual: a code's kind and axis; an unlisted code is unclassified/unknown."""
    return table.get(code, (ResidualKind.CONTRACT_GAP_UNCLASSIFIED, UNCLASSIFIED_AXIS))


def _project(
    frame: object, assessment: object, classification: object
) -> tuple[ContractResidual, ...] | ResidualProjectionRefusal:
    invalid, mismatch = ResidualRefusalCode.INVALID_INPUT, ResidualRefusalCode.IDENTITY_MISMATCH
    # loop.md s2: the frame digest is recomputed from the frame's fields.
    found = verdict(frame, ProblemFrame)
    if found is Verdict.MALFORMED:
        return _refusal(invalid, "frame_malformed")
    if found is Verdict.ID_MISMATCH:
        return _refusal(mismatch, "frame_digest_mismatch")
    assert isinstance(frame, ProblemFrame)
    frame_digest = frame.problem_frame_digest
    # loop.md s2: the assessment id is recomputed too.
    found = verdict(assessment, ContractAssessment)
    if found is Verdict.MALFORMED:
        return _refusal(invalid, "assessment_malformed", frame_digest)
    if found is Verdict.ID_MISMATCH:
        return _refusal(mismatch, "assessment_id_mismatch", frame_digest)
    assert isinstance(assessment, ContractAssessment)
    assessment_id = assessment.assessment_id
    # loop.md s3 residual: the id binds the frame and the assessment, so they must be one chain.
    if assessment.problem_frame_digest != frame_digest:
        return _refusal(mismatch, "assessment_of_another_frame", frame_digest, assessment_id)
    # ADR-0229 s6.2 by analogy: every policy version is supported explicitly.
    if assessment.assessment_policy_version != ASSESSMENT_POLICY_VERSION:
        return _refusal(
            ResidualRefusalCode.UNSUPPORTED_POLICY,
            "assessment_policy_unsupported",
            frame_digest,
            assessment_id,
        )
    # loop.md s3 residual: kind and axis come from the organ's static table, which must be one.
    table = classification_table(classification)
    if table is None:
        return _refusal(invalid, "classification_malformed", frame_digest, assessment_id)
    # loop.md s3 residual: a runnable assessment projects to no residuals.
    if assessment.runnable:
        return ()
    residuals: list[ContractResidual] = []
    # loop.md s3 residual: one per code, in the assessment's order (missing, then hazards).
    for index, code in enumerate(assessment.missing_bindings + assessment.unresolved_hazards):
        kind, axis = _classified(table, code)
        residuals.append(
            sealed(
                ContractResidual,
                residual_policy_version=RESIDUAL_POLICY_VERSION,
                problem_frame_digest=frame_digest,
                original_contract_assessment_id=assessment_id,
                candidate_organ=assessment.candidate_organ,
                residual_index=index,
                residual_kind=kind,
                residual_code=code,
                source_axis=axis,
                # loop.md s7: a residual carries the spans of its own code only.
                evidence_spans=assessment.spans_of(code),
                explanation=(
                    f"{assessment.candidate_organ} cannot run: {code} is {kind.value}"
                    f" on the {axis} axis"
                ),
            )
        )
    return tuple(residuals)


def project_contract_residuals(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    classification: ResidualClassification,
) -> tuple[ContractResidual, ...] | ResidualProjectionRefusal:
    """Project a refused assessment of ``frame`` into its residuals (ADR-0225).

    Accepts the frame, the organ's assessment of it and the organ's static classification
    table. Returns one :class:`ContractResidual` per code, in the assessment's order, with
    ``residual_index`` 0..n-1 (``()`` for a runnable assessment). Refuses, as a
    :class:`ResidualProjectionRefusal` and never by raising, a malformed frame, assessment or
    table, a frame digest or assessment id that does not reproduce, an assessment of another
    frame, or an unsupported assessment policy version.
    """
    try:
        return _project(frame, assessment, classification)
    except Exception:  # last guard: a bizarre input must still come back as a refusal
        return _refusal(ResidualRefusalCode.INVALID_INPUT, "unexpected_input")


def residual_context_fault(
    frame_digest: Digest,
    assessment: ContractAssessment,
    residuals: object,
    classification: ResidualClassification | None = None,
) -> ResidualContextFault | None:
    """Why ``residuals`` is not exactly the projection of ``assessment``, or None.

    ``frame_digest`` and ``assessment`` must already be validated (recomputed) by the caller.
    Accepts anything as ``residuals``. The context must be the complete projection: one residual
    per code, in order, indexed 0..n-1, each with its own code's spans, each id reproducing and
    each bound to this frame, assessment and organ. Given the organ's ``classification`` table,
    each residual's kind and axis must also be the ones the table gives its code (loop.md s3,
    s7: a residual re-classified and re-sealed reproduces its id, but not its organ's table; a
    table that is not one is ``MALFORMED``). Never raises.
    """
    try:
        # loop.md s7: malformed input of any shape is a refusal, never an exception.
        if type(residuals) is not tuple:
            return ResidualContextFault.MALFORMED
        found = [verdict(residual, ContractResidual) for residual in residuals]
        if Verdict.MALFORMED in found or any(
            residual.residual_policy_version != RESIDUAL_POLICY_VERSION for residual in residuals
        ):
            return ResidualContextFault.MALFORMED
        # loop.md s2: each residual id is recomputed from its fields.
        if Verdict.ID_MISMATCH in found:
            return ResidualContextFault.IDENTITY_MISMATCH
        context = cast(tuple[ContractResidual, ...], residuals)
        # loop.md s3 gate: residuals of more than one assessment are not one context.
        for residual in context:
            if (
                residual.problem_frame_digest != frame_digest
                or residual.original_contract_assessment_id != assessment.assessment_id
                or residual.candidate_organ != assessment.candidate_organ
            ):
                return ResidualContextFault.FOREIGN
        # loop.md s3 residual: the whole projection, in order; dropping a residual (say, the
        # blocking hazard) or reordering or repeating one is not the assessment's context.
        codes = assessment.missing_bindings + assessment.unresolved_hazards
        if len(context) != len(codes):
            return ResidualContextFault.INCOMPLETE
        for index, (residual, code) in enumerate(zip(context, codes, strict=True)):
            if (
                residual.residual_index != index
                or residual.residual_code != code
                or residual.evidence_spans != assessment.spans_of(code)
            ):
                return ResidualContextFault.INCOMPLETE
        if classification is None:
            return None
        # loop.md s3, s7: kind and axis are the organ's static table's, re-derived here.
        table = classification_table(classification)
        if table is None:
            return ResidualContextFault.MALFORMED
        for residual in context:
            if (residual.residual_kind, residual.source_axis) != _classified(
                table, residual.residual_code
            ):
                return ResidualContextFault.MISCLASSIFIED
        return None
    except Exception:  # a forged object may raise from anywhere: it is malformed
        return ResidualContextFault.MALFORMED
