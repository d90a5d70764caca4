"""The replay adapter's input checks (ADR-0229 s6.2, s11, s16), apart from its execution.

Private to :mod:`practiceloop.kernel.replay`: the numbered s6.2 list, each check commented, run
identically by both input builders and by ``replay_candidate``. A failed check raises
:class:`~practiceloop.kernel._faults.Stop` carrying the ADR-0229 s16 disposition; the replay
module turns it into a :class:`ReplayAdapterRefusal` (:func:`refusal`) with exactly the
identities validated so far.
Nothing here calls a contract or proof authority.
"""

from __future__ import annotations

import dataclasses
from typing import Final, cast

from practiceloop.kernel._faults import FaultKind, Known, Stop, check, stop_on
from practiceloop.kernel._replay_types import (
    CONTRACT_PROOF_REPLAY_POLICY_VERSION,
    ReplayAdapterInput,
    ReplayAdapterRefusal,
    ReplayDisposition,
)
from practiceloop.kernel.assessment import ASSESSMENT_POLICY_VERSION, ContractAssessment
from practiceloop.kernel.binding import (
    BINDING_POLICY_VERSION,
    BindingRefusalCode,
    CandidateAttemptRunBinding,
    bindings_fault,
)
from practiceloop.kernel.budget import BUDGET_POLICY_VERSION, ComputeBudgetDecision
from practiceloop.kernel.candidate import CandidateReconstruction, reconstruction_digests
from practiceloop.kernel.chain import UpstreamChain, upstream_fault
from practiceloop.kernel.frame import FRAME_SCHEMA_VERSION, ProblemFrame
from practiceloop.kernel.gate import GATE_POLICY_VERSION
from practiceloop.kernel.manifest import AuthorityManifest, OrganEntry, recomputed_digest
from practiceloop.kernel.operator_result import OPERATOR_RESULT_POLICY_VERSION
from practiceloop.kernel.proof import PROOF_POLICY_VERSION
from practiceloop.kernel.record import is_authentic, is_well_formed, sealed
from practiceloop.kernel.residual import RESIDUAL_POLICY_VERSION, ResidualClassification
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    CandidateAttempt,
    GeometricSearchRun,
    RunDisposition,
)
from practiceloop.kernel.span import spans_exact

__all__ = [
    "CHAIN_DISPOSITION",
    "IDENTITY_FIELDS",
    "Chain",
    "Validated",
    "check_input",
    "locate_bound",
    "locate_embedded",
    "refusal",
    "validate_candidate",
    "validate_chain",
]

_D = ReplayDisposition

# A binding chain's fault as a replay refusal: malformed and unsupported values as such, every
# other fault (a broken link, a foreign run, a gap, a double binding) as an identity mismatch.
_BINDING_DISPOSITION: Final = {
    code: _D.CANDIDATE_IDENTITY_MISMATCH for code in BindingRefusalCode
} | {
    BindingRefusalCode.INVALID_INPUT: _D.INVALID_REPLAY_INPUT,
    BindingRefusalCode.POLICY_UNSUPPORTED: _D.UNSUPPORTED_SCHEMA_VERSION,
}

_RECORD_VERSIONS: Final = (
    ("compute_budget", BUDGET_POLICY_VERSION),
    ("contract_assessment", ASSESSMENT_POLICY_VERSION),
    ("contract_residual", RESIDUAL_POLICY_VERSION),
    ("geometric_search_run", RUN_POLICY_VERSION),
    ("problem_frame", FRAME_SCHEMA_VERSION),
    ("proof_outcome", PROOF_POLICY_VERSION),
    ("search_gate", GATE_POLICY_VERSION),
)
"""The record schema and policy versions every replay depends on."""

_BOUND_VERSIONS: Final = (
    ("candidate_attempt_run_binding", BINDING_POLICY_VERSION),
    ("candidate_operator_result", OPERATOR_RESULT_POLICY_VERSION),
)
"""The further versions a replay of a bound attempt depends on (ADR-0232)."""

# A shared chain check's fault as a replay refusal (ADR-0229 s16).
CHAIN_DISPOSITION: Final = {
    FaultKind.MALFORMED: _D.INVALID_REPLAY_INPUT,
    FaultKind.MISSING: _D.INVALID_REPLAY_INPUT,
    FaultKind.UNSUPPORTED: _D.UNSUPPORTED_SCHEMA_VERSION,
    FaultKind.MISMATCH: _D.CANDIDATE_IDENTITY_MISMATCH,
}


def refusal(
    disposition: ReplayDisposition, reasons: tuple[str, ...], known: Known
) -> ReplayAdapterRefusal:
    """ADR-0229 s7.2: the refusal, with exactly the identities validated so far."""
    return sealed(
        ReplayAdapterRefusal,
        replay_policy_version=CONTRACT_PROOF_REPLAY_POLICY_VERSION,
        input_digest=known.get("input_digest"),
        run_id=known.get("run_id"),
        attempt_id=known.get("attempt_id"),
        candidate_digest=known.get("candidate_digest"),
        replay_disposition=disposition,
        reason_codes=reasons,
        explanation=f"replay refused: {disposition.value} ({', '.join(reasons)})",
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Chain:
    """The validated upstream chain, run and manifest."""

    frame: ProblemFrame
    assessment: ContractAssessment
    budget: ComputeBudgetDecision
    run: GeometricSearchRun
    manifest: AuthorityManifest


@dataclasses.dataclass(frozen=True, slots=True)
class Validated:
    """A candidate that passed every s6.2 check, and the input fields it determines."""

    chain: Chain
    reconstruction: CandidateReconstruction
    organ: OrganEntry
    fields: dict[str, object]


def _classification(chain: object, manifest: AuthorityManifest) -> ResidualClassification | None:
    """The classification table of the organ the chain's assessment names (None: no such organ
    in the manifest, which s6.2 (11) refuses once the chain is valid)."""
    assessment = getattr(chain, "assessment", None)
    organ = getattr(assessment, "candidate_organ", None)
    entry = manifest.organ(organ) if type(organ) is str else None
    return None if entry is None else entry.classification


def validate_chain(known: Known, chain: object, manifest: object) -> Chain:
    """The manifest, the upstream chain and the run; raise :class:`Stop` on the first fault."""
    check(type(manifest) is AuthorityManifest, _D.INVALID_REPLAY_INPUT, "manifest_malformed")
    manifest = cast(AuthorityManifest, manifest)
    # loop.md s4: the manifest's identity covers every name, version and table; recomputed.
    check(
        recomputed_digest(manifest) == manifest.manifest_digest,
        _D.INVALID_REPLAY_INPUT,
        "manifest_digest_mismatch",
    )
    # ADR-0229 s6.2 (9), (10), (13): frame, assessment, residual, gate and budget identities
    # reproduce and form one chain, the assessment is refused, every version is supported;
    # loop.md s3, s7: every residual's kind and axis is the one its organ's table gives.
    # (1): run_id reproduces from the supplied run; (9): it binds that chain.
    stop_on(upstream_fault(chain, _classification(chain, manifest)), CHAIN_DISPOSITION)
    chain = cast(UpstreamChain, chain)
    run = cast(GeometricSearchRun, chain.run)
    known["run_id"] = run.run_id
    return Chain(chain.frame, chain.assessment, chain.budget, run, manifest)


def _index(attempt_index: object) -> int:
    """The caller's attempt index: a non-negative int, or malformed input (not a mismatch)."""
    check(
        type(attempt_index) is int and attempt_index >= 0,
        _D.INVALID_REPLAY_INPUT,
        "attempt_index_malformed",
    )
    return cast(int, attempt_index)


def locate_embedded(chain: Chain, attempt_index: object, attempt: object) -> CandidateAttempt:
    """ADR-0229 s6.2 (2)-(3) for an embedded run: the attempt at ``attempt_index`` of the run.

    ``attempt`` is the caller's attempt, or None to take the run's own.
    """
    mismatch = _D.CANDIDATE_IDENTITY_MISMATCH
    run = chain.run
    index = _index(attempt_index)
    check(run.run_disposition is RunDisposition.EXPLORED, mismatch, "run_is_open_use_binding")
    # (2): attempt_index is in range ...
    check(0 <= index < len(run.candidate_attempts), mismatch, "attempt_index_out_of_range")
    if attempt is None:
        return run.candidate_attempts[index]
    check(is_well_formed(attempt, CandidateAttempt), _D.INVALID_REPLAY_INPUT, "attempt_malformed")
    # ... and the attempt there is structurally identical to the supplied one; (3): so it
    # belongs to run_id.
    check(run.candidate_attempts[index] == attempt, mismatch, "attempt_not_at_index")
    return cast(CandidateAttempt, attempt)


def locate_bound(
    chain: Chain, attempt_index: object, bindings: object, attempt: object, reconstruction: object
) -> tuple[CandidateAttempt, CandidateAttemptRunBinding]:
    """ADR-0229 s6.2 (2)-(3) for an open run: the run's binding chain places the attempt in it.

    ``bindings`` is the run's binding chain as bound so far; the attempt's binding is the member
    at ``attempt_index``. The whole chain is verified (ADR-0232), so the binding is a genuine
    member of it: its id and its chained input digest reproduce, not only its claims.
    """
    invalid, mismatch = _D.INVALID_REPLAY_INPUT, _D.CANDIDATE_IDENTITY_MISMATCH
    run = chain.run
    index = _index(attempt_index)
    check(is_well_formed(attempt, CandidateAttempt), invalid, "attempt_malformed")
    check(type(bindings) is tuple, invalid, "bindings_not_a_tuple")
    check(
        is_well_formed(reconstruction, CandidateReconstruction), invalid, "reconstruction_malformed"
    )
    attempt = cast(CandidateAttempt, attempt)
    bindings = cast(tuple[object, ...], bindings)
    reconstruction = cast(CandidateReconstruction, reconstruction)
    # ADR-0232: only an open run has bound attempts ...
    check(run.run_disposition is RunDisposition.OPEN, mismatch, "run_is_embedded_use_index")
    # ... (2): and the claimed index has a binding in the chain.
    check(0 <= index < len(bindings), mismatch, "attempt_not_bound")
    # loop.md s7: every binding id and chained input digest is recomputed.
    fault = bindings_fault(run, chain.budget, bindings)
    if fault is not None:
        code, reason = fault
        raise Stop(_BINDING_DISPOSITION[code], reason)
    binding = cast(CandidateAttemptRunBinding, bindings[index])
    # (3): the attempt belongs to run_id, through its binding, which names exactly this attempt
    # (at this index) and candidate.
    check(
        attempt.attempt_index == index
        and binding.candidate_attempt_id == attempt.attempt_id
        and binding.candidate_digest == attempt.candidate_digest
        and binding.candidate_reconstruction_digest
        == reconstruction.candidate_reconstruction_digest
        and (binding.budget_charge, binding.depth, binding.step_index)
        == (attempt.budget_charge, attempt.depth, attempt.step_index)
        and binding.evidence_spans == attempt.evidence_spans,
        mismatch,
        "binding_does_not_name_attempt",
    )
    return attempt, binding


def validate_candidate(
    known: Known, chain: Chain, attempt: CandidateAttempt, reconstruction: object, bound: bool
) -> Validated:
    """ADR-0229 s6.2 (2)-(8), (11)-(14) on one located attempt; raise :class:`Stop`."""
    invalid, mismatch = _D.INVALID_REPLAY_INPUT, _D.CANDIDATE_IDENTITY_MISMATCH
    frame, assessment, run, manifest = chain.frame, chain.assessment, chain.run, chain.manifest
    check(
        is_well_formed(reconstruction, CandidateReconstruction), invalid, "reconstruction_malformed"
    )
    rec = cast(CandidateReconstruction, reconstruction)
    # (3): attempt_id reproduces canonically.
    check(is_authentic(attempt, CandidateAttempt), mismatch, "attempt_id_mismatch")
    # (2): the attempt is the one at its own index (a bound attempt: the binding's index).
    # (4): CandidateAttempt.input_digest == GeometricSearchRun.input_digest.
    check(attempt.input_digest == run.input_digest, mismatch, "attempt_input_digest_mismatch")
    known["attempt_id"] = attempt.attempt_id
    # s6.1: a delta reconstructs the candidate; the frame-digest form cannot be replayed here
    # (reconstruction never reads source text or hidden state to fill a gap).
    check(rec.frame_delta_digest is not None, invalid, "reconstruction_has_no_delta")
    recomputed_delta, recomputed = reconstruction_digests(rec)
    check(rec.frame_delta_digest == recomputed_delta, mismatch, "frame_delta_digest_mismatch")
    # (5): candidate_digest equals the attempt's and the digest recomputed from the content
    # (frame identities, delta, bindings, relations, targets, exact spans; s13.1).
    check(
        recomputed == rec.candidate_digest == attempt.candidate_digest,
        mismatch,
        "candidate_digest_mismatch",
    )
    known["candidate_digest"] = recomputed
    # (6): candidate_reconstruction_digest reproduces from the complete envelope, which binds
    # this run and attempt; s11: and the original frame identity.
    check(is_authentic(rec, CandidateReconstruction), mismatch, "reconstruction_digest_mismatch")
    check(
        rec.run_id == run.run_id and rec.attempt_id == attempt.attempt_id,
        mismatch,
        "reconstruction_of_another_attempt",
    )
    check(
        rec.original_problem_frame_digest == frame.problem_frame_digest,
        mismatch,
        "reconstruction_of_another_frame",
    )
    # (7): candidate spans equal the reconstruction's exactly, in order, duplicates included;
    # s6.1: and each is an exact slice of the source (no synthesized span).
    check(rec.evidence_spans == attempt.evidence_spans, mismatch, "evidence_spans_mismatch")
    check(
        spans_exact(rec.evidence_spans, frame.source_text), mismatch, "evidence_spans_synthesized"
    )
    # (8): operator id/version equal the attempt's; the operator set is the run's closed set,
    # which is the manifest's, and the operator is one of its rows.
    check(
        (rec.operator_id, rec.operator_version) == (attempt.operator_id, attempt.operator_version),
        mismatch,
        "operator_mismatch",
    )
    operator_set = manifest.operator_set
    check(
        (rec.operator_set_id, rec.operator_set_version)
        == (run.operator_set_id, run.operator_set_version)
        == (operator_set.operator_set_id, operator_set.version)
        and operator_set.row(attempt.operator_id, attempt.operator_version) is not None,
        mismatch,
        "operator_set_mismatch",
    )
    # (11), s9: the contract authority is the manifest's static entry for the organ that
    # judged the original frame, at the same version; no lookup beyond the manifest.
    organ = manifest.organ(assessment.candidate_organ)
    check(organ is not None, _D.CONTRACT_REPLAY_UNAVAILABLE, "organ_not_in_manifest")
    organ = cast(OrganEntry, organ)
    check(
        organ.version == assessment.organ_version,
        _D.CONTRACT_REPLAY_UNAVAILABLE,
        "organ_version_mismatch",
    )
    # (13), (14): every version this replay depends on, by unique name in ascending order; the
    # manifest's digest among them, so a change of any authority changes the input digest.
    versions = _RECORD_VERSIONS + (_BOUND_VERSIONS if bound else ())
    schema_versions = tuple(sorted((*versions, ("authority_manifest", manifest.manifest_digest))))
    fields: dict[str, object] = {
        "replay_policy_version": CONTRACT_PROOF_REPLAY_POLICY_VERSION,
        "run_id": run.run_id,
        "run_policy_version": run.run_policy_version,
        "attempt_id": attempt.attempt_id,
        "attempt_index": attempt.attempt_index,
        "candidate_digest": recomputed,
        "candidate_reconstruction_digest": rec.candidate_reconstruction_digest,
        "problem_frame_digest": frame.problem_frame_digest,
        "original_contract_assessment_id": assessment.assessment_id,
        "candidate_organ": assessment.candidate_organ,
        "residual_ids": run.residual_ids,
        "gate_decision_id": run.gate_decision_id,
        "budget_id": run.budget_id,
        "operator_set_id": run.operator_set_id,
        "operator_set_version": run.operator_set_version,
        "contract_replay_target": organ.contract_replay_target,
        # (12): exactly the obligations the organ declares: never added, dropped or reordered.
        "proof_obligation_refs": organ.proof_obligations,
        "schema_versions": schema_versions,
    }
    return Validated(chain, rec, organ, fields)


def check_input(known: Known, replay_input: object, validated: Validated) -> None:
    """ADR-0229 s6.2: the supplied input is exactly the one the values determine."""
    replay_input = cast(ReplayAdapterInput, replay_input)
    expected = validated.fields
    # (13), (14): every version named is the one this replay depends on.
    check(
        replay_input.schema_versions == expected["schema_versions"],
        _D.UNSUPPORTED_SCHEMA_VERSION,
        "schema_versions_unsupported",
    )
    # (15): input_digest reproduces from the complete structural payload (s13.2).
    check(
        is_authentic(replay_input, ReplayAdapterInput),
        _D.CANDIDATE_IDENTITY_MISMATCH,
        "input_digest_mismatch",
    )
    # (11): the contract replay target is the manifest's static name for the organ.
    check(
        replay_input.contract_replay_target == expected["contract_replay_target"],
        _D.CONTRACT_REPLAY_UNAVAILABLE,
        "contract_replay_target_mismatch",
    )
    # (12): the obligations are exactly the declared ones: none added, removed, reordered or
    # deduplicated.
    check(
        replay_input.proof_obligation_refs == expected["proof_obligation_refs"],
        _D.UNSUPPORTED_PROOF_OBLIGATION,
        "proof_obligation_refs_not_declared",
    )
    # (1)-(9): every identity the input names is the one recomputed from the values.
    for name in IDENTITY_FIELDS:
        check(
            getattr(replay_input, name) == expected[name],
            _D.CANDIDATE_IDENTITY_MISMATCH,
            f"{name}_mismatch",
        )
    known["input_digest"] = replay_input.input_digest


IDENTITY_FIELDS: Final = (
    "run_id",
    "attempt_id",
    "attempt_index",
    "candidate_digest",
    "candidate_reconstruction_digest",
    "problem_frame_digest",
    "original_contract_assessment_id",
    "candidate_organ",
    "residual_ids",
    "gate_decision_id",
    "budget_id",
    "operator_set_id",
    "operator_set_version",
)
