"""SealedPracticeTrace (ADR-0230, ADR-0233): one practice episode, sealed as evidence.

The trace binds a complete episode by identity: the original frame, its refused assessment, the
residual context, the gate, the budget, the run (or the lawful run refusal), every attempt,
every run-binding (open runs, ADR-0233), and exactly one replay record per attempt. It derives a
closed :class:`PracticeDisposition` from those validated records only (ADR-0230 s8.1) and emits
a :class:`SealedPracticeTrace`, or a :class:`PracticeTraceRefusal` when sealing is not lawful.
It never re-executes anything: no contract or proof replay, search, operator or binding
producer is called, and only the replay adapter's *value types* are imported (ADR-0230 s15).

Two paths, one set of checks:

* legacy (embedded run): :func:`build_practice_trace_input` then :func:`seal_practice_trace`,
  with ``candidate_attempt_binding_ids = ()``; attempts are ``run.candidate_attempts``;
* bound (open run): :func:`build_bound_practice_trace_input` then
  :func:`seal_bound_practice_trace`; attempts come from the operator results, in the order of
  their bindings, and the binding ids enter the input digest, the trace id and the identity
  chain (ADR-0233 s2). ``GeometricSearchRun.candidate_attempts`` is never touched.

Both paths also seal an episode whose gate or budget blocked: the run is then a
:class:`~practiceloop.kernel.search_run.SearchRunRefusal`, there are no attempts, and the
disposition is ``sealed_original_refusal``.

Trace policy (ADR-0230 s7.1, s11): ``evidence_spans`` are the original assessment's spans
followed by each attempt's spans in attempt order, copied exactly (duplicates kept);
``trace_records`` lists every record the trace binds, grouped per attempt: the chain (frame,
assessment, residuals, gate, budget, run or run refusal), then for each attempt its id, its
operator result and binding ids (bound path) and its replay record id.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final, cast

from practiceloop.kernel._replay_types import ReplayAdapterRefusal, ReplayAdapterResult
from practiceloop.kernel._trace_checks import (
    SEALED_PRACTICE_TRACE_POLICY_VERSION,
    TRACE_REFUSAL_DISPOSITIONS,
    Episode,
    PracticeDisposition,
    Stop,
    check,
    validate_episode,
)
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.binding import CandidateAttemptRunBinding
from practiceloop.kernel.budget import ComputeBudgetDecision
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import SearchGateDecision
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.operator_result import CandidateOperatorResult
from practiceloop.kernel.record import is_authentic, is_well_formed, record, sealed
from practiceloop.kernel.residual import ContractResidual
from practiceloop.kernel.search_run import GeometricSearchRun, SearchRunRefusal
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "CREATED_BY_POLICY",
    "SEALED_PRACTICE_TRACE_POLICY_VERSION",
    "PracticeDisposition",
    "PracticeTraceInput",
    "PracticeTraceRefusal",
    "SealedPracticeTrace",
    "build_bound_practice_trace_input",
    "build_practice_trace_input",
    "seal_bound_practice_trace",
    "seal_practice_trace",
]

CREATED_BY_POLICY: Final = "practiceloop.kernel.trace/sealed_practice_trace.v1"
"""ADR-0230 s7.1: a static policy identifier, never a user, model or process identity."""


@record(kind="practice_trace_input", id_field="input_digest", id_excluded=True)
class PracticeTraceInput:
    """ADR-0230 s6.1 (with ADR-0233's binding ids): one complete episode, by identity.

    ``input_digest`` hashes every other field (s12.1): left out of its own payload, not blanked.
    """

    input_digest: Digest
    trace_policy_version: str
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    residual_ids: tuple[Digest, ...]
    search_gate_decision_id: Digest
    compute_budget_id: Digest
    geometric_search_run_id: Digest
    candidate_attempt_ids: tuple[Digest, ...]
    candidate_attempt_binding_ids: tuple[Digest, ...]
    replay_result_ids: tuple[Digest, ...]
    replay_refusal_ids: tuple[Digest, ...]
    schema_versions: tuple[tuple[str, str], ...]
    policy_versions: tuple[tuple[str, str], ...]


@record(kind="sealed_practice_trace", id_field="trace_id")
class SealedPracticeTrace:
    """ADR-0230 s7.1: immutable diagnostic evidence of one episode. Not an answer."""

    trace_id: Digest
    trace_policy_version: str
    input_digest: Digest
    problem_frame_digest: Digest
    original_contract_assessment_id: Digest
    residual_ids: tuple[Digest, ...]
    search_gate_decision_id: Digest
    compute_budget_id: Digest
    geometric_search_run_id: Digest
    candidate_attempt_ids: tuple[Digest, ...]
    candidate_attempt_binding_ids: tuple[Digest, ...]
    replay_result_ids: tuple[Digest, ...]
    replay_refusal_ids: tuple[Digest, ...]
    upstream_identity_chain: tuple[Digest, ...]
    practice_disposition: PracticeDisposition
    trace_records: tuple[Digest, ...]
    evidence_spans: tuple[SourceSpan, ...]
    created_by_policy: str
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0230 s8: a sealed trace carries only a sealed disposition.
        if self.practice_disposition in TRACE_REFUSAL_DISPOSITIONS:
            return "a sealed trace carries a sealed disposition"
        return None


@record(kind="practice_trace_refusal", id_field="trace_refusal_id")
class PracticeTraceRefusal:
    """ADR-0230 s7.2: the episode could not be sealed lawfully. Not a partial trace."""

    trace_refusal_id: Digest
    trace_policy_version: str
    input_digest: Digest | None
    practice_disposition: PracticeDisposition
    reason_codes: tuple[str, ...]
    explanation: str

    def _rules(self) -> str | None:
        # ADR-0230 s8: a refusal never masquerades as a sealed disposition.
        if self.practice_disposition not in TRACE_REFUSAL_DISPOSITIONS:
            return "a trace refusal carries a trace-refusal disposition"
        return None


_CHAIN_FIELDS: Final = (
    "problem_frame_digest",
    "original_contract_assessment_id",
    "residual_ids",
    "search_gate_decision_id",
    "compute_budget_id",
    "geometric_search_run_id",
    "candidate_attempt_ids",
    "candidate_attempt_binding_ids",
    "replay_result_ids",
    "replay_refusal_ids",
)
"""ADR-0233 s2: the identity chain, in this order."""


def _refusal(
    disposition: PracticeDisposition, reason: str, input_digest: Digest | None
) -> PracticeTraceRefusal:
    return sealed(
        PracticeTraceRefusal,
        trace_policy_version=SEALED_PRACTICE_TRACE_POLICY_VERSION,
        input_digest=input_digest,
        practice_disposition=disposition,
        reason_codes=(reason,),
        explanation=f"episode not sealed: {disposition.value} ({reason})",
    )


def _build_input(validate: Callable[[], Episode]) -> PracticeTraceInput | PracticeTraceRefusal:
    try:
        episode = validate()
        # s12.1: the input digest covers every structural field but itself.
        return sealed(PracticeTraceInput, **episode.fields)
    except Stop as stop:
        return _refusal(stop.disposition, stop.reason, None)
    except Exception:  # last guard: a bizarre input must still come back as a refusal
        return _refusal(PracticeDisposition.TRACE_INVALID_INPUT, "unexpected_input", None)


def _check_supplied_input(trace_input: object) -> PracticeTraceInput:
    """ADR-0230 s6.1 (10), (11), (13) on the supplied input itself."""
    check(
        is_well_formed(trace_input, PracticeTraceInput),
        PracticeDisposition.TRACE_INVALID_INPUT,
        "trace_input_malformed",
    )
    trace_input = cast(PracticeTraceInput, trace_input)
    # s6.1 (10): the trace policy is supported explicitly.
    check(
        trace_input.trace_policy_version == SEALED_PRACTICE_TRACE_POLICY_VERSION,
        PracticeDisposition.TRACE_POLICY_UNSUPPORTED,
        "trace_policy_unsupported",
    )
    # s6.1 (11): unique names in ascending order; duplicated or reordered entries are invalid.
    for versions in (trace_input.schema_versions, trace_input.policy_versions):
        names = [name for name, _ in versions]
        check(
            names == sorted(set(names)),
            PracticeDisposition.TRACE_INVALID_INPUT,
            "versions_not_canonical",
        )
    # s6.1 (13): input_digest reproduces from the complete structural payload (s12.1).
    check(
        is_authentic(trace_input, PracticeTraceInput),
        PracticeDisposition.TRACE_IDENTITY_MISMATCH,
        "input_digest_mismatch",
    )
    return trace_input


def _seal(
    trace_input: object, validate: Callable[[], Episode]
) -> SealedPracticeTrace | PracticeTraceRefusal:
    input_digest: Digest | None = None
    try:
        supplied = _check_supplied_input(trace_input)
        input_digest = supplied.input_digest  # validated: it reproduces from the input's fields
        episode = validate()
        # s6.1 (10): every version named is one this trace supports, and no other.
        for name in ("schema_versions", "policy_versions"):
            check(
                getattr(supplied, name) == episode.fields[name],
                PracticeDisposition.TRACE_POLICY_UNSUPPORTED,
                f"{name}_unsupported",
            )
        # s9: every id of the input is the one recomputed from the values.
        for name in _CHAIN_FIELDS:
            check(
                getattr(supplied, name) == episode.fields[name],
                PracticeDisposition.TRACE_IDENTITY_MISMATCH,
                f"{name}_mismatch",
            )
        chain: list[Digest] = []
        for name in _CHAIN_FIELDS:  # ADR-0233 s2: the identity chain, in its order
            value = episode.fields[name]
            chain.extend(
                cast(tuple[Digest, ...], value) if type(value) is tuple else (cast(Digest, value),)
            )
        fields = {name: episode.fields[name] for name in _CHAIN_FIELDS}
        return sealed(
            SealedPracticeTrace,
            trace_policy_version=SEALED_PRACTICE_TRACE_POLICY_VERSION,
            input_digest=supplied.input_digest,
            **fields,
            upstream_identity_chain=tuple(chain),
            practice_disposition=episode.disposition,
            trace_records=episode.trace_records,
            evidence_spans=episode.evidence_spans,
            created_by_policy=CREATED_BY_POLICY,
            explanation=(
                f"{episode.disposition.value}: {episode.attempts} attempt(s),"
                f" {len(cast(tuple[Digest, ...], fields['replay_result_ids']))} replay result(s),"
                f" {len(cast(tuple[Digest, ...], fields['replay_refusal_ids']))} replay refusal(s);"
                " evidence only, not an answer"
            ),
        )
    except Stop as stop:
        return _refusal(stop.disposition, stop.reason, input_digest)
    except Exception:  # last guard: a bizarre input must still come back as a refusal
        return _refusal(PracticeDisposition.TRACE_INVALID_INPUT, "unexpected_input", None)


# -- public boundaries -------------------------------------------------------------------------


def build_practice_trace_input(
    *,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    run: GeometricSearchRun | SearchRunRefusal,
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> PracticeTraceInput | PracticeTraceRefusal:
    """Build the trace input of an embedded-run episode, or of a blocked one (legacy path).

    Accepts the original chain, the explored run (or the gate/budget run refusal), and the
    replay results and refusals of its attempts, each tuple in attempt order. Returns the
    :class:`PracticeTraceInput` (``candidate_attempt_binding_ids = ()``), or a
    :class:`PracticeTraceRefusal` (without ``input_digest``) per ADR-0230 s13. Never raises.
    """
    return _build_input(
        functools.partial(
            validate_episode,
            frame=frame,
            assessment=assessment,
            residuals=residuals,
            gate=gate,
            budget=budget,
            run=run,
            bound=False,
            bindings=(),
            operator_results=(),
            replay_results=replay_results,
            replay_refusals=replay_refusals,
        )
    )


def seal_practice_trace(
    trace_input: PracticeTraceInput,
    *,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    run: GeometricSearchRun | SearchRunRefusal,
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> SealedPracticeTrace | PracticeTraceRefusal:
    """Seal an embedded-run (or blocked) episode (ADR-0230).

    Accepts a trace input and the values :func:`build_practice_trace_input` accepts. Re-runs
    every check on the values; the input must be exactly the one they determine. Returns the
    :class:`SealedPracticeTrace`, its disposition derived from the validated records only
    (s8.1), or a :class:`PracticeTraceRefusal` (s13; ``input_digest`` set once it reproduced).
    Never raises.
    """
    return _seal(
        trace_input,
        functools.partial(
            validate_episode,
            frame=frame,
            assessment=assessment,
            residuals=residuals,
            gate=gate,
            budget=budget,
            run=run,
            bound=False,
            bindings=(),
            operator_results=(),
            replay_results=replay_results,
            replay_refusals=replay_refusals,
        ),
    )


def build_bound_practice_trace_input(
    *,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    run: GeometricSearchRun | SearchRunRefusal,
    bindings: tuple[CandidateAttemptRunBinding, ...],
    operator_results: tuple[CandidateOperatorResult, ...],
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> PracticeTraceInput | PracticeTraceRefusal:
    """Build the trace input of an open-run episode, or of a blocked one (ADR-0233).

    Accepts the original chain, the open run (or the gate/budget run refusal), the run's
    bindings in order, the operator result each binds (same order), and the replay results and
    refusals of the bound attempts, each tuple in attempt order. Returns the
    :class:`PracticeTraceInput` with ``candidate_attempt_binding_ids``, or a
    :class:`PracticeTraceRefusal` (without ``input_digest``). Never raises.
    """
    return _build_input(
        functools.partial(
            validate_episode,
            frame=frame,
            assessment=assessment,
            residuals=residuals,
            gate=gate,
            budget=budget,
            run=run,
            bound=True,
            bindings=bindings,
            operator_results=operator_results,
            replay_results=replay_results,
            replay_refusals=replay_refusals,
        )
    )


def seal_bound_practice_trace(
    trace_input: PracticeTraceInput,
    *,
    frame: ProblemFrame,
    assessment: ContractAssessment,
    residuals: tuple[ContractResidual, ...],
    gate: SearchGateDecision,
    budget: ComputeBudgetDecision,
    run: GeometricSearchRun | SearchRunRefusal,
    bindings: tuple[CandidateAttemptRunBinding, ...],
    operator_results: tuple[CandidateOperatorResult, ...],
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> SealedPracticeTrace | PracticeTraceRefusal:
    """Seal an open-run (or blocked) episode (ADR-0233).

    Accepts a trace input and the values :func:`build_bound_practice_trace_input` accepts.
    Re-runs every check, including the whole binding chain; the input must be exactly the one
    the values determine. Returns the :class:`SealedPracticeTrace` (binding ids in the input
    digest, the trace id and the identity chain), or a :class:`PracticeTraceRefusal`. Calls no
    operator, search, replay or binding producer. Never raises.
    """
    return _seal(
        trace_input,
        functools.partial(
            validate_episode,
            frame=frame,
            assessment=assessment,
            residuals=residuals,
            gate=gate,
            budget=budget,
            run=run,
            bound=True,
            bindings=bindings,
            operator_results=operator_results,
            replay_results=replay_results,
            replay_refusals=replay_refusals,
        ),
    )
