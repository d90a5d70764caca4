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

from typing import Final, cast

from practiceloop.kernel._faults import Known, check, guarded
from practiceloop.kernel._replay_types import ReplayAdapterRefusal, ReplayAdapterResult
from practiceloop.kernel._trace_checks import Episode, validate_episode
from practiceloop.kernel._trace_types import (
    CREATED_BY_POLICY,
    SEALED_PRACTICE_TRACE_POLICY_VERSION,
    PracticeDisposition,
    PracticeTraceInput,
    PracticeTraceRefusal,
    SealedPracticeTrace,
)
from practiceloop.kernel.binding import CandidateAttemptRunBinding
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.operator_result import CandidateOperatorResult
from practiceloop.kernel.record import Verdict, sealed, verdict

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

_D = PracticeDisposition

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
    disposition: PracticeDisposition, reasons: tuple[str, ...], known: Known
) -> PracticeTraceRefusal:
    # s7.2: the input digest only once it reproduced (never guessed).
    return sealed(
        PracticeTraceRefusal,
        trace_policy_version=SEALED_PRACTICE_TRACE_POLICY_VERSION,
        input_digest=known.get("input_digest"),
        practice_disposition=disposition,
        reason_codes=reasons,
        explanation=f"episode not sealed: {disposition.value} ({', '.join(reasons)})",
    )


def _check_supplied_input(trace_input: object) -> PracticeTraceInput:
    """ADR-0230 s6.1 (10), (11), (13) on the supplied input itself."""
    found = verdict(trace_input, PracticeTraceInput)
    check(found is not Verdict.MALFORMED, _D.TRACE_INVALID_INPUT, "trace_input_malformed")
    trace_input = cast(PracticeTraceInput, trace_input)
    # s6.1 (10): the trace policy is supported explicitly.
    check(
        trace_input.trace_policy_version == SEALED_PRACTICE_TRACE_POLICY_VERSION,
        _D.TRACE_POLICY_UNSUPPORTED,
        "trace_policy_unsupported",
    )
    # s6.1 (11): unique names in ascending order; duplicated or reordered entries are invalid.
    for versions in (trace_input.schema_versions, trace_input.policy_versions):
        names = [name for name, _ in versions]
        check(names == sorted(set(names)), _D.TRACE_INVALID_INPUT, "versions_not_canonical")
    # s6.1 (13): input_digest reproduces from the complete structural payload (s12.1).
    check(found is Verdict.AUTHENTIC, _D.TRACE_IDENTITY_MISMATCH, "input_digest_mismatch")
    return trace_input


def _sealed_trace(supplied: PracticeTraceInput, episode: Episode) -> SealedPracticeTrace:
    # s6.1 (10): every version named is one this trace supports, and no other.
    for name in ("schema_versions", "policy_versions"):
        check(
            getattr(supplied, name) == episode.fields[name],
            _D.TRACE_POLICY_UNSUPPORTED,
            f"{name}_unsupported",
        )
    # s9: every id of the input is the one recomputed from the values.
    for name in _CHAIN_FIELDS:
        check(
            getattr(supplied, name) == episode.fields[name],
            _D.TRACE_IDENTITY_MISMATCH,
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


def _build_input(
    chain: object, bound: bool, **records: object
) -> PracticeTraceInput | PracticeTraceRefusal:
    """The one builder of both paths: validate the episode, seal its input (s12.1)."""

    def build(known: Known) -> PracticeTraceInput:
        episode = validate_episode(chain, bound=bound, **records)
        # s12.1: the input digest covers every structural field but itself.
        return sealed(PracticeTraceInput, **episode.fields)

    return guarded(build, _refusal, _D.TRACE_INVALID_INPUT)


def _seal(
    trace_input: object, chain: object, bound: bool, **records: object
) -> SealedPracticeTrace | PracticeTraceRefusal:
    """The one sealer of both paths: the supplied input, then every check on the values."""

    def build(known: Known) -> SealedPracticeTrace:
        supplied = _check_supplied_input(trace_input)
        known["input_digest"] = supplied.input_digest  # validated: it reproduced
        episode = validate_episode(chain, bound=bound, **records)
        return _sealed_trace(supplied, episode)

    return guarded(build, _refusal, _D.TRACE_INVALID_INPUT)


# -- public boundaries: the seeds' names, two per sealing path ---------------------------------


def build_practice_trace_input(
    chain: UpstreamChain,
    *,
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> PracticeTraceInput | PracticeTraceRefusal:
    """Build the trace input of an embedded-run episode, or of a blocked one (legacy path).

    Accepts the upstream chain (its run the explored run, or the gate/budget run refusal) and
    the replay results and refusals of its attempts, each tuple in attempt order. Returns the
    :class:`PracticeTraceInput` (``candidate_attempt_binding_ids = ()``), or a
    :class:`PracticeTraceRefusal` (without ``input_digest``) per ADR-0230 s13: a missing
    upstream record (``None`` in the chain) is ``trace_upstream_incomplete``. Never raises.
    """
    return _build_input(
        chain,
        False,
        bindings=(),
        operator_results=(),
        replay_results=replay_results,
        replay_refusals=replay_refusals,
    )


def seal_practice_trace(
    trace_input: PracticeTraceInput,
    chain: UpstreamChain,
    *,
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
        chain,
        False,
        bindings=(),
        operator_results=(),
        replay_results=replay_results,
        replay_refusals=replay_refusals,
    )


def build_bound_practice_trace_input(
    chain: UpstreamChain,
    *,
    bindings: tuple[CandidateAttemptRunBinding, ...],
    operator_results: tuple[CandidateOperatorResult, ...],
    replay_results: tuple[ReplayAdapterResult, ...],
    replay_refusals: tuple[ReplayAdapterRefusal, ...],
) -> PracticeTraceInput | PracticeTraceRefusal:
    """Build the trace input of an open-run episode, or of a blocked one (ADR-0233).

    Accepts the upstream chain (its run the open run, or the gate/budget run refusal), the
    run's bindings in order, the operator result each binds (same order), and the replay
    results and refusals of the bound attempts, each tuple in attempt order. Returns the
    :class:`PracticeTraceInput` with ``candidate_attempt_binding_ids``, or a
    :class:`PracticeTraceRefusal` (without ``input_digest``). Never raises.
    """
    return _build_input(
        chain,
        True,
        bindings=bindings,
        operator_results=operator_results,
        replay_results=replay_results,
        replay_refusals=replay_refusals,
    )


def seal_bound_practice_trace(
    trace_input: PracticeTraceInput,
    chain: UpstreamChain,
    *,
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
        chain,
        True,
        bindings=bindings,
        operator_results=operator_results,
        replay_results=replay_results,
        replay_refusals=replay_refusals,
    )
