"""The Contract/Proof Replay Adapter (ADR-0229): one attempt in, one outcome out.

The adapter classifies one exact candidate attempt under the organ's own contract and proof
authorities, named in the static :class:`~practiceloop.kernel.manifest.AuthorityManifest`
(loop.md s4, s5). Nobody can pass "closed": the candidate frame is rebuilt from the delta
(:func:`~practiceloop.kernel.candidate.apply_delta`), the organ's real ``assess`` runs over it,
then each declared proof authority in order.

* :func:`build_replay_input` (embedded run: the attempt is ``run.candidate_attempts[i]``) and
  :func:`build_bound_replay_input` (open run: the attempt comes from an operator result and its
  run-binding, ADR-0232) validate the chain and return a :class:`ReplayAdapterInput`.
* :func:`replay_candidate` re-validates everything (the s6.2 list, each check commented below),
  calls the authorities, and returns a :class:`ReplayEvidence`: the outcome
  (:class:`ReplayAdapterResult` or :class:`ReplayAdapterRefusal`) and, for a result, the
  candidate frame, the replayed assessment and the proof outcomes it references, for the
  caller to persist.

Fail-closed mapping (ADR-0229 s16): malformed values -> ``invalid_replay_input``; any id that
does not reproduce or link that breaks -> ``candidate_identity_mismatch``; versions ->
``unsupported_replay_policy`` / ``unsupported_schema_version``; obligation refs other than the
declared ones -> ``unsupported_proof_obligation``; a missing, mismatched, raising or malformed
contract authority -> ``contract_replay_unavailable``; the same for proof authorities ->
``proof_replay_unavailable``. Adapter failure is never a semantic refusal. The adapter never
selects, ranks or compares candidates and never mutates anything it is given (ADR-0229 s12, s14).
"""

from __future__ import annotations

import dataclasses
from typing import cast

from practiceloop.kernel._faults import Known, Stop, check, guarded, stop_on
from practiceloop.kernel._replay_checks import (
    CHAIN_DISPOSITION,
    Validated,
    check_input,
    locate_bound,
    locate_embedded,
    refusal,
    validate_candidate,
    validate_chain,
)
from practiceloop.kernel._replay_types import (
    CONTRACT_PROOF_REPLAY_POLICY_VERSION,
    REFUSAL_DISPOSITIONS,
    RESULT_DISPOSITIONS,
    ReplayAdapterInput,
    ReplayAdapterRefusal,
    ReplayAdapterResult,
    ReplayDisposition,
)
from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.binding import CandidateAttemptRunBinding
from practiceloop.kernel.candidate import CandidateReconstruction, apply_delta
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.manifest import AuthorityManifest, ProofAuthority
from practiceloop.kernel.operator_result import CandidateOperatorResult, operator_result_fault
from practiceloop.kernel.proof import PROOF_POLICY_VERSION, ProofOutcome, ProofStatus
from practiceloop.kernel.record import Verdict, sealed, verdict
from practiceloop.kernel.search_run import RUN_POLICY_VERSION, CandidateAttempt

__all__ = [
    "CONTRACT_PROOF_REPLAY_POLICY_VERSION",
    "REFUSAL_DISPOSITIONS",
    "RESULT_DISPOSITIONS",
    "ReplayAdapterInput",
    "ReplayAdapterRefusal",
    "ReplayAdapterResult",
    "ReplayDisposition",
    "ReplayEvidence",
    "build_bound_replay_input",
    "build_replay_input",
    "replay_candidate",
]

_D = ReplayDisposition


@dataclasses.dataclass(frozen=True, slots=True)
class ReplayEvidence:
    """What one replay produced: its outcome and, for a result, the evidence it references.

    ``candidate_frame`` is the reconstructed candidate, ``replay_assessment`` the organ's new
    assessment of it (its id is the result's ``contract_replay_assessment_id``) and
    ``proof_outcomes`` the outcomes named by ``proof_replay_refs``, in order. A refusal carries
    none of them (ADR-0229 s7.2). A plain value for the caller to persist; not a record.
    """

    outcome: ReplayAdapterResult | ReplayAdapterRefusal
    candidate_frame: ProblemFrame | None
    replay_assessment: ContractAssessment | None
    proof_outcomes: tuple[ProofOutcome, ...]


def _sealed_input(validated: Validated) -> ReplayAdapterInput:
    # s13.2: the input digest covers every structural field but itself.
    return sealed(ReplayAdapterInput, **validated.fields)


def build_replay_input(
    chain: UpstreamChain,
    *,
    attempt_index: int,
    reconstruction: CandidateReconstruction,
    manifest: AuthorityManifest,
) -> ReplayAdapterInput | ReplayAdapterRefusal:
    """Build the replay input of attempt ``attempt_index`` of an *embedded* run (legacy path).

    Accepts the upstream chain (frame, refused assessment, residual context, gate, budget, the
    explored run), the index of one of the run's attempts, that attempt's reconstruction and
    the manifest; the attempt is ``chain.run.candidate_attempts[attempt_index]``. Returns the
    :class:`ReplayAdapterInput`, or a :class:`ReplayAdapterRefusal` (without ``input_digest``)
    when any ADR-0229 s6.2 check fails (a negative or non-int index is malformed input). Calls
    no authority. Never raises.
    """

    def build(known: Known) -> ReplayAdapterInput:
        validated_chain = validate_chain(known, chain, manifest)
        attempt = locate_embedded(validated_chain, attempt_index, None)
        return _sealed_input(
            validate_candidate(known, validated_chain, attempt, reconstruction, bound=False)
        )

    return guarded(build, refusal, _D.INVALID_REPLAY_INPUT)


def build_bound_replay_input(
    chain: UpstreamChain,
    *,
    bindings: tuple[CandidateAttemptRunBinding, ...],
    operator_result: CandidateOperatorResult,
    manifest: AuthorityManifest,
) -> ReplayAdapterInput | ReplayAdapterRefusal:
    """Build the replay input of a *bound* attempt of an open run (ADR-0232, ADR-0233).

    Accepts the upstream chain (with the open run), the run's binding chain as bound so far (it
    holds the attempt's binding at the attempt's index), the operator result that binding binds
    (which carries the attempt and its reconstruction) and the manifest. Returns the
    :class:`ReplayAdapterInput`, or a :class:`ReplayAdapterRefusal` (without ``input_digest``)
    when the operator result is not an authentic result of the run, the chain is not the run's
    lawful binding chain (every binding id and chained input digest recomputed), its binding at
    the attempt's index does not bind this result, or any ADR-0229 s6.2 check fails. Calls no
    authority. Never raises.
    """

    def build(known: Known) -> ReplayAdapterInput:
        validated_chain = validate_chain(known, chain, manifest)
        # ADR-0232: the operator result is an authentic result of this run, and the binding
        # binds exactly that result.
        stop_on(operator_result_fault(validated_chain.run, operator_result), CHAIN_DISPOSITION)
        result = operator_result
        attempt = result.candidate_attempt
        _, binding = locate_bound(
            validated_chain,
            attempt.attempt_index,
            bindings,
            attempt,
            result.candidate_reconstruction,
        )
        check(
            binding.operator_result_id == result.operator_result_id,
            _D.CANDIDATE_IDENTITY_MISMATCH,
            "binding_of_another_operator_result",
        )
        return _sealed_input(
            validate_candidate(
                known, validated_chain, attempt, result.candidate_reconstruction, bound=True
            )
        )

    return guarded(build, refusal, _D.INVALID_REPLAY_INPUT)


def _contract_replay(validated: Validated, candidate: ProblemFrame) -> ContractAssessment:
    """s9: the organ's own contract function over the exact candidate frame."""
    organ = validated.organ
    try:
        replayed: object = organ.assess(candidate)
    except Exception:  # s8: an exception is adapter failure, never a semantic refusal
        raise Stop(_D.CONTRACT_REPLAY_UNAVAILABLE, "contract_authority_raised") from None
    # s9: a malformed result is contract_replay_unavailable: the replayed assessment must be
    # an authentic assessment by this organ, at this version, of this candidate frame.
    check(
        verdict(replayed, ContractAssessment) is Verdict.AUTHENTIC,
        _D.CONTRACT_REPLAY_UNAVAILABLE,
        "contract_authority_malformed_return",
    )
    replayed = cast(ContractAssessment, replayed)
    check(
        replayed.assessment_policy_version == ASSESSMENT_POLICY_VERSION
        and replayed.problem_frame_digest == candidate.problem_frame_digest
        and replayed.candidate_organ == organ.organ
        and replayed.organ_version == organ.version,
        _D.CONTRACT_REPLAY_UNAVAILABLE,
        "contract_authority_mismatched_return",
    )
    return replayed


def _proof_replay(
    validated: Validated, candidate: ProblemFrame, replayed: ContractAssessment
) -> tuple[ProofOutcome, ...]:
    """s10: every declared proof authority, in order, over the candidate and its assessment."""
    unavailable = _D.PROOF_REPLAY_UNAVAILABLE
    organ, manifest = validated.organ, validated.chain.manifest
    refs = organ.proof_obligations
    # s10: an empty obligation set closes only on the organ's explicit declaration; absence
    # of discovered obligations is not such a declaration.
    if not refs:
        check(organ.declares_no_proof_obligations is True, unavailable, "no_obligations_declared")
        return ()
    outcomes: list[ProofOutcome] = []
    for ref in refs:
        authority = manifest.proof(ref)
        # s16: no lawful proof replay can start without the named authority.
        check(
            type(authority) is ProofAuthority
            and authority is not None
            and authority.obligation_ref == ref,
            unavailable,
            "proof_authority_missing",
        )
        authority = cast(ProofAuthority, authority)
        try:
            outcome: object = authority.verify(candidate, replayed)
        except Exception:  # s8: an exception is adapter failure, never a proof refusal
            raise Stop(unavailable, "proof_authority_raised") from None
        # s10: the outcome must be a lawful typed, identity-bearing outcome of this obligation,
        # this authority version, this candidate frame and this replayed assessment.
        check(
            verdict(outcome, ProofOutcome) is Verdict.AUTHENTIC,
            unavailable,
            "proof_authority_malformed_return",
        )
        outcome = cast(ProofOutcome, outcome)
        check(
            outcome.proof_policy_version == PROOF_POLICY_VERSION
            and outcome.obligation_ref == ref
            and outcome.authority_version == authority.version
            and outcome.problem_frame_digest == candidate.problem_frame_digest
            and outcome.contract_assessment_id == replayed.assessment_id,
            unavailable,
            "proof_authority_mismatched_return",
        )
        outcomes.append(outcome)
    return tuple(outcomes)


def _result(
    validated: Validated,
    replay_input: ReplayAdapterInput,
    replayed: ContractAssessment,
    outcomes: tuple[ProofOutcome, ...],
    disposition: ReplayDisposition,
    reason_codes: tuple[str, ...],
) -> ReplayAdapterResult:
    return sealed(
        ReplayAdapterResult,
        replay_policy_version=CONTRACT_PROOF_REPLAY_POLICY_VERSION,
        input_digest=replay_input.input_digest,
        run_id=replay_input.run_id,
        attempt_id=replay_input.attempt_id,
        candidate_digest=replay_input.candidate_digest,
        contract_replay_assessment_id=replayed.assessment_id,
        proof_obligation_refs=validated.organ.proof_obligations,
        proof_replay_refs=tuple(outcome.proof_outcome_id for outcome in outcomes),
        replay_disposition=disposition,
        reason_codes=reason_codes,
        # s7.1: the reconstruction's exact ordered spans; never merged, sorted or deduplicated.
        evidence_spans=validated.reconstruction.evidence_spans,
        explanation=(
            f"{disposition.value} under {validated.organ.contract_replay_target}: replay"
            " evidence for one candidate, not an answer"
        ),
    )


def _replay(
    known: Known,
    replay_input: object,
    chain: object,
    attempt: object,
    reconstruction: object,
    manifest: object,
    bindings: object,
) -> ReplayEvidence:
    # s16 row 1: a malformed input refuses before anything else.
    check(
        verdict(replay_input, ReplayAdapterInput) is not Verdict.MALFORMED,
        _D.INVALID_REPLAY_INPUT,
        "replay_input_malformed",
    )
    replay_input = cast(ReplayAdapterInput, replay_input)
    # (13): the replay policy, then the run policy, are supported explicitly.
    check(
        replay_input.replay_policy_version == CONTRACT_PROOF_REPLAY_POLICY_VERSION,
        _D.UNSUPPORTED_REPLAY_POLICY,
        "replay_policy_unsupported",
    )
    check(
        replay_input.run_policy_version == RUN_POLICY_VERSION,
        _D.UNSUPPORTED_SCHEMA_VERSION,
        "run_policy_unsupported",
    )
    # (14): schema names unique and ascending; duplicated or reordered entries are invalid.
    names = [name for name, _ in replay_input.schema_versions]
    check(names == sorted(set(names)), _D.INVALID_REPLAY_INPUT, "schema_versions_not_canonical")
    validated_chain = validate_chain(known, chain, manifest)
    index = replay_input.attempt_index
    if bindings is None:
        located = locate_embedded(validated_chain, index, attempt)
    else:
        located, _ = locate_bound(validated_chain, index, bindings, attempt, reconstruction)
    validated = validate_candidate(
        known, validated_chain, located, reconstruction, bound=bindings is not None
    )
    check_input(known, replay_input, validated)
    rec = validated.reconstruction
    # s6.1: the delta reconstructs exactly one candidate frame, purely, before contract replay.
    candidate = apply_delta(
        validated_chain.frame,
        rec.candidate_bindings,
        rec.candidate_relations,
        rec.candidate_targets,
    )
    check(candidate is not None, _D.INVALID_REPLAY_INPUT, "candidate_not_reconstructible")
    candidate = cast(ProblemFrame, candidate)
    replayed = _contract_replay(validated, candidate)
    if not replayed.runnable:
        # s9: contract_refused, with the exact codes in authority order; proof replay never runs.
        codes = replayed.missing_bindings + replayed.unresolved_hazards
        result = _result(validated, replay_input, replayed, (), _D.CONTRACT_REFUSED, codes)
        return ReplayEvidence(result, candidate, replayed, ())
    outcomes = _proof_replay(validated, candidate, replayed)
    refused = tuple(
        f"{outcome.obligation_ref}:{code}"
        for outcome in outcomes
        if outcome.status is not ProofStatus.CLOSED
        for code in outcome.reason_codes
    )
    # s10: closed only when every declared obligation closed; a typed refused or unavailable
    # outcome makes contract_closed_but_proof_refused.
    disposition = _D.CONTRACT_CLOSED_BUT_PROOF_REFUSED if refused else _D.CONTRACT_AND_PROOF_CLOSED
    result = _result(validated, replay_input, replayed, outcomes, disposition, refused)
    return ReplayEvidence(result, candidate, replayed, outcomes)


def _refused_evidence(
    disposition: ReplayDisposition, reasons: tuple[str, ...], known: Known
) -> ReplayEvidence:
    return ReplayEvidence(refusal(disposition, reasons, known), None, None, ())


def replay_candidate(
    replay_input: ReplayAdapterInput,
    chain: UpstreamChain,
    *,
    attempt: CandidateAttempt,
    reconstruction: CandidateReconstruction,
    manifest: AuthorityManifest,
    bindings: tuple[CandidateAttemptRunBinding, ...] | None = None,
) -> ReplayEvidence:
    """Replay one candidate attempt under its organ's contract and proof authorities.

    Accepts a replay input and the values it names: the upstream chain (with the run), the
    attempt, its reconstruction, the manifest and, for an open run, the run's binding chain as
    bound so far, which holds the attempt's binding at its index (``None`` for an embedded run,
    whose attempt is ``chain.run.candidate_attempts[attempt_index]``). Every ADR-0229 s6.2
    check is re-run on the values (every residual's kind and axis re-derived from the organ's
    classification table in the manifest) and the input must be exactly the one they
    determine. Then the candidate frame is rebuilt from the delta, the organ's real ``assess``
    runs over it and, if it is runnable, each declared proof authority in order.

    Returns a :class:`ReplayEvidence` whose outcome is a :class:`ReplayAdapterResult`
    (``contract_refused``, ``contract_closed_but_proof_refused`` or
    ``contract_and_proof_closed``) with the candidate frame, replayed assessment and proof
    outcomes, or a :class:`ReplayAdapterRefusal` (ADR-0229 s16 table) with nothing else.
    Never raises, whatever the values or the authorities do.
    """

    def build(known: Known) -> ReplayEvidence:
        return _replay(known, replay_input, chain, attempt, reconstruction, manifest, bindings)

    return guarded(build, _refused_evidence, _D.INVALID_REPLAY_INPUT)
