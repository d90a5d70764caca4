"""The Contract/Proof Replay Adapter (ADR-0229): every s17 obligation, on real candidates replayed
through real organ and proof functions; adapter failure never becomes a semantic refusal."""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import replay as module
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.candidate import CandidateReconstruction, reconstruction_digests
from practiceloop.kernel.frame import FRAME_SCHEMA_VERSION, build_frame
from practiceloop.kernel.manifest import AuthorityManifest
from practiceloop.kernel.proof import ProofOutcome, ProofStatus
from practiceloop.kernel.record import full_form
from practiceloop.kernel.replay import (
    CONTRACT_PROOF_REPLAY_POLICY_VERSION,
    REFUSAL_DISPOSITIONS,
    RESULT_DISPOSITIONS,
    ReplayAdapterInput,
    ReplayAdapterRefusal,
    ReplayAdapterResult,
    ReplayDisposition,
    ReplayEvidence,
    build_bound_replay_input,
    build_replay_input,
    replay_candidate,
)
from practiceloop.kernel.search_run import (
    ExhaustionCode,
    ExploredCandidate,
    GeometricSearchRun,
    ReplayStatus,
    build_embedded_search_run,
)

from ._independent import (
    FUZZ,
    assert_sealed,
    expected_id,
    forge,
    garbage,
    malformed,
    payload_of,
    reseal,
)
from ._independent import sha256_hex as independent_digest
from ._toy_domain import (
    BIG,
    COUNT,
    COUNT_ORGAN,
    FORBIDDEN_FIELDS,
    ODD,
    ONE,
    PAIR_TWICE,
    PAIRS,
    REPLAY_INPUT_FIELDS,
    THREE,
    ZEROS,
    Episode,
    Shape,
    assert_exports,
    assess_sum_malformed,
    assess_sum_strict,
    chained,
    make_manifest,
    practise,
    read,
)

D = ReplayDisposition
REACHED: set[ReplayDisposition] = set()
KERNEL = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "kernel"


@functools.cache
def episode(
    text: str = THREE, shape: Shape = Shape.OPEN, manifest: AuthorityManifest | None = None
) -> Episode:
    return practise(text, manifest or make_manifest(), shape)


def replay(
    ep: Episode, index: int = 0, replay_input: object = None, **overrides: object
) -> ReplayEvidence:
    kwargs = {**ep.replay_kwargs(index), **overrides}
    chosen = ep.replay_inputs[index] if replay_input is None else replay_input
    return replay_candidate(chosen, **chained(kwargs))  # type: ignore[arg-type]


def outcome(
    evidence: ReplayEvidence, disposition: ReplayDisposition
) -> ReplayAdapterResult | ReplayAdapterRefusal:
    assert type(evidence) is ReplayEvidence
    result = evidence.outcome
    assert result.replay_disposition is disposition, result
    assert_sealed(result)
    REACHED.add(disposition)
    if type(result) is ReplayAdapterRefusal:
        # s7.2: a refusal carries no replay assessment or proof reference, and nor does the
        # evidence around it.
        assert (evidence.candidate_frame, evidence.replay_assessment, evidence.proof_outcomes) == (
            None,
            None,
            (),
        )
    return result


def refusal_of(
    evidence: object, disposition: ReplayDisposition, reason: str | None = None
) -> ReplayAdapterRefusal:
    if type(evidence) is ReplayEvidence:
        refusal = outcome(evidence, disposition)
    else:
        refusal = evidence  # type: ignore[assignment]
        assert type(refusal) is ReplayAdapterRefusal, refusal
        assert refusal.replay_disposition is disposition, refusal
        assert_sealed(refusal)
        REACHED.add(disposition)
    assert type(refusal) is ReplayAdapterRefusal
    if reason is not None:
        assert refusal.reason_codes == (reason,), refusal.reason_codes
    return refusal


def independent_input_digest(replay_input: ReplayAdapterInput) -> str:
    """s13.2, written out: every structural field but input_digest, nothing else."""
    return independent_digest(
        {name: payload_of(getattr(replay_input, name)) for name in REPLAY_INPUT_FIELDS}
    )


def resealed_input(replay_input: ReplayAdapterInput, **changes: object) -> ReplayAdapterInput:
    """A self-consistent input whose digest reproduces over the changed fields."""
    changed = dataclasses.replace(replay_input, **changes)
    return dataclasses.replace(changed, input_digest=independent_input_digest(changed))


def forged_manifest(manifest: AuthorityManifest, **changes: object) -> AuthorityManifest:
    """A manifest with fields changed past its constructor checks, its digest recomputed."""
    copy = dataclasses.replace(manifest)
    for name, value in changes.items():
        object.__setattr__(copy, name, value)  # a plain frozen dataclass, not a record
    object.__setattr__(copy, "manifest_digest", independent_digest(copy.describe()))
    return copy


# -- exports and shapes ----------------------------------------------------------------------------


def test_public_api_is_exact() -> None:
    assert_exports(
        module,
        {
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
        },
    )
    assert CONTRACT_PROOF_REPLAY_POLICY_VERSION == "contract_proof_replay.v1"


def test_records_have_exactly_the_seeds_fields() -> None:
    fields = {
        cls: [f.name for f in dataclasses.fields(cls)]
        for cls in (ReplayAdapterInput, ReplayAdapterResult, ReplayAdapterRefusal)
    }
    assert fields[ReplayAdapterInput] == ["input_digest", *REPLAY_INPUT_FIELDS]
    assert fields[ReplayAdapterResult] == [
        "replay_result_id", "replay_policy_version", "input_digest", "run_id", "attempt_id",
        "candidate_digest", "contract_replay_assessment_id", "proof_obligation_refs",
        "proof_replay_refs", "replay_disposition", "reason_codes", "evidence_spans", "explanation",
    ]  # fmt: skip
    assert fields[ReplayAdapterRefusal] == [
        "replay_refusal_id", "replay_policy_version", "input_digest", "run_id", "attempt_id",
        "candidate_digest", "replay_disposition", "reason_codes", "explanation",
    ]  # fmt: skip


def test_disposition_vocabulary_is_closed_and_split_by_output_type() -> None:
    assert [d.value for d in ReplayDisposition] == [
        "contract_refused", "contract_closed_but_proof_refused", "contract_and_proof_closed",
        "invalid_replay_input", "candidate_identity_mismatch", "contract_replay_unavailable",
        "proof_replay_unavailable", "unsupported_replay_policy", "unsupported_schema_version",
        "unsupported_proof_obligation",
    ]  # fmt: skip
    assert set(ReplayDisposition) == RESULT_DISPOSITIONS | REFUSAL_DISPOSITIONS
    assert not RESULT_DISPOSITIONS & REFUSAL_DISPOSITIONS
    result = episode().evidence[0].outcome
    with pytest.raises(TypeError):  # RecordError: a result cannot carry a refusal disposition
        dataclasses.replace(result, replay_disposition=D.INVALID_REPLAY_INPUT)


def test_no_output_type_has_a_forbidden_field() -> None:
    for cls in (ReplayAdapterResult, ReplayAdapterRefusal, ReplayEvidence, ReplayAdapterInput):
        assert not {f.name for f in dataclasses.fields(cls)} & FORBIDDEN_FIELDS


# -- the three semantic dispositions ---------------------------------------------------------------


@pytest.mark.parametrize("shape", list(Shape))
def test_contract_and_proof_closed_on_real_functions(shape: Shape) -> None:
    ep = episode(THREE, shape)
    evidence = ep.evidence[0]
    result = outcome(evidence, D.CONTRACT_AND_PROOF_CLOSED)
    assert type(result) is ReplayAdapterResult
    replay_input = ep.replay_inputs[0]
    assert type(replay_input) is ReplayAdapterInput
    # s13.2: the input digest, recomputed independently.
    assert (
        replay_input.input_digest == independent_input_digest(replay_input) == result.input_digest
    )
    # s7.1: the replayed assessment is a fresh record of the organ over the candidate frame.
    frame, replayed = evidence.candidate_frame, evidence.replay_assessment
    assert frame is not None and replayed is not None
    assert expected_id(frame) == frame.problem_frame_digest != ep.frame.problem_frame_digest
    assert frame.relations[0].roles == (("left", "q1"), ("right", "q2"))
    assert expected_id(replayed) == replayed.assessment_id == result.contract_replay_assessment_id
    assert replayed.runnable and replayed.problem_frame_digest == frame.problem_frame_digest
    assert replayed.assessment_id != ep.assessment.assessment_id
    # s7.1: proof refs are the outcome ids, in obligation order.
    assert result.proof_obligation_refs == ("toy.exact_sum", "toy.small_result")
    assert [o.obligation_ref for o in evidence.proof_outcomes] == list(result.proof_obligation_refs)
    assert result.proof_replay_refs == tuple(expected_id(o) for o in evidence.proof_outcomes)
    assert all(o.contract_assessment_id == replayed.assessment_id for o in evidence.proof_outcomes)
    # s7.1: the reconstruction's exact spans; the ids bind run, attempt and candidate.
    attempt = ep.attempts[0]
    assert result.evidence_spans == ep.reconstructions[0].evidence_spans == attempt.evidence_spans  # type: ignore[attr-defined]
    assert (result.run_id, result.attempt_id, result.candidate_digest) == (
        ep.run.run_id, attempt.attempt_id, attempt.candidate_digest,  # type: ignore[union-attr, attr-defined]
    )  # fmt: skip
    assert result.reason_codes == ()


def test_contract_refused_never_calls_proof_replay() -> None:
    # The only obligation's authority returns garbage: had it been called, the adapter would
    # have refused with proof_replay_unavailable.
    ep = episode(ONE, manifest=make_manifest(sum_obligations=("toy.bare_int",)))
    evidence = ep.evidence[0]
    result = outcome(evidence, D.CONTRACT_REFUSED)
    assert type(result) is ReplayAdapterResult
    assert result.proof_replay_refs == () and evidence.proof_outcomes == ()
    assert result.reason_codes == ("addend_unbound",)  # the organ's codes, in its order
    assert evidence.replay_assessment is not None and not evidence.replay_assessment.runnable


def test_contract_closed_but_proof_refused() -> None:
    evidence = episode(BIG).evidence[0]
    result = outcome(evidence, D.CONTRACT_CLOSED_BUT_PROOF_REFUSED)
    assert result.reason_codes == ("toy.small_result:sum_exceeds_ten",)
    assert [o.status for o in evidence.proof_outcomes] == [ProofStatus.CLOSED, ProofStatus.REFUSED]


def test_a_typed_unavailable_outcome_is_a_proof_refusal_not_an_adapter_refusal() -> None:
    ep = episode(ODD, manifest=make_manifest(sum_obligations=("toy.even_or_unknown",)))
    evidence = ep.evidence[0]
    outcome(evidence, D.CONTRACT_CLOSED_BUT_PROOF_REFUSED)
    assert evidence.proof_outcomes[0].status is ProofStatus.UNAVAILABLE


def test_an_organ_declaring_no_obligations_closes_on_contract_alone() -> None:
    ep = practise(COUNT, organ=COUNT_ORGAN)
    result = outcome(ep.evidence[0], D.CONTRACT_AND_PROOF_CLOSED)
    assert result.proof_obligation_refs == () == result.proof_replay_refs


def test_absent_obligations_without_the_declaration_do_not_close() -> None:
    ep = practise(COUNT, organ=COUNT_ORGAN)
    sum_entry, count_entry = ep.manifest.organs
    undeclared = dataclasses.replace(count_entry, declares_no_proof_obligations=True)
    object.__setattr__(undeclared, "declares_no_proof_obligations", False)  # past its own check
    manifest = forged_manifest(ep.manifest, organs=(sum_entry, undeclared))
    assert ep.shape is Shape.OPEN
    bound = {"bindings": ep.bindings, "operator_result": ep.results[0], "manifest": manifest}
    replay_input = build_bound_replay_input(**chained(ep.chain_kwargs()), **bound)  # type: ignore[arg-type]
    evidence = replay(ep, 0, replay_input, manifest=manifest)
    refusal_of(evidence, D.PROOF_REPLAY_UNAVAILABLE, "no_obligations_declared")


# -- adapter failure is not candidate refusal ------------------------------------------------------


def test_a_raising_proof_authority_is_an_adapter_refusal_not_a_candidate_refusal() -> None:
    raising = episode(
        ZEROS, manifest=make_manifest(rows=(PAIRS,), sum_obligations=("toy.ratio_defined",))
    )
    refusal = refusal_of(raising.evidence[0], D.PROOF_REPLAY_UNAVAILABLE, "proof_authority_raised")
    # Every identity was validated before the authority ran.
    assert None not in (
        refusal.input_digest,
        refusal.run_id,
        refusal.attempt_id,
        refusal.candidate_digest,
    )
    # The very same candidate under the default authorities is classified normally.
    plain = episode(ZEROS, manifest=make_manifest(rows=(PAIRS,)))
    assert plain.attempts[0].candidate_digest == refusal.candidate_digest  # type: ignore[attr-defined]
    outcome(plain.evidence[0], D.CONTRACT_AND_PROOF_CLOSED)


@pytest.mark.parametrize(
    ("obligation", "reason"),
    [
        ("toy.bare_int", "proof_authority_malformed_return"),
        ("toy.mislabelled", "proof_authority_mismatched_return"),
    ],
)
def test_malformed_proof_returns_are_adapter_refusals(obligation: str, reason: str) -> None:
    ep = episode(THREE, manifest=make_manifest(sum_obligations=(obligation,)))
    refusal_of(ep.evidence[0], D.PROOF_REPLAY_UNAVAILABLE, reason)


def test_a_missing_proof_authority_is_proof_replay_unavailable() -> None:
    ep = episode()
    without = forged_manifest(
        ep.manifest,
        proofs=tuple(p for p in ep.manifest.proofs if p.obligation_ref != "toy.small_result"),
    )
    fresh = build_bound_replay_input(  # type: ignore[arg-type]
        **chained(ep.chain_kwargs()),
        bindings=ep.bindings,
        operator_result=ep.results[0],
        manifest=without,
    )
    assert type(fresh) is ReplayAdapterInput
    refusal_of(
        replay(ep, 0, fresh, manifest=without),
        D.PROOF_REPLAY_UNAVAILABLE,
        "proof_authority_missing",
    )
    # A contract-refused candidate never needs it.
    assert (
        type(
            replay(
                ep,
                2,
                resealed_input(ep.replay_inputs[2], schema_versions=fresh.schema_versions),
                manifest=without,
            ).outcome
        )
        is ReplayAdapterResult
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("assess", "reason"),
    [
        (assess_sum_strict, "contract_authority_raised"),
        (assess_sum_malformed, "contract_authority_mismatched_return"),
    ],
)
def test_contract_authority_failures_are_adapter_refusals(assess: object, reason: str) -> None:
    ep = episode(ZEROS, manifest=make_manifest(sum_assess=assess))
    refusal_of(ep.evidence[0], D.CONTRACT_REPLAY_UNAVAILABLE, reason)
    # ... while the candidate the contract really refuses is still contract_refused.
    outcome(ep.evidence[1], D.CONTRACT_REFUSED)


def test_a_contract_authority_returning_garbage_is_unavailable() -> None:
    ep = episode()
    sum_entry, count_entry = ep.manifest.organs
    garbage_entry = dataclasses.replace(sum_entry, assess=lambda frame: "closed")
    manifest = forged_manifest(ep.manifest, organs=(garbage_entry, count_entry))
    assert manifest.manifest_digest == ep.manifest.manifest_digest  # callables never enter identity
    refusal_of(
        replay(ep, 0, manifest=manifest),
        D.CONTRACT_REPLAY_UNAVAILABLE,
        "contract_authority_malformed_return",
    )


def test_a_missing_or_other_version_organ_is_contract_replay_unavailable() -> None:
    ep = episode()
    sum_entry, count_entry = ep.manifest.organs
    only_count = forged_manifest(ep.manifest, organs=(count_entry,))
    built = build_bound_replay_input(**chained(ep.chain_kwargs()),
        bindings=ep.bindings,
        operator_result=ep.results[0],
        manifest=only_count,
    )  # type: ignore[arg-type]
    refusal_of(built, D.CONTRACT_REPLAY_UNAVAILABLE, "organ_not_in_manifest")
    refusal_of(
        replay(ep, manifest=only_count), D.CONTRACT_REPLAY_UNAVAILABLE, "organ_not_in_manifest"
    )
    newer = forged_manifest(
        ep.manifest, organs=(dataclasses.replace(sum_entry, version="toy_sum.v2"), count_entry)
    )
    refusal_of(replay(ep, manifest=newer), D.CONTRACT_REPLAY_UNAVAILABLE, "organ_version_mismatch")


def test_the_replay_target_must_be_the_manifests_static_name() -> None:
    ep = episode()
    other_target = resealed_input(
        ep.replay_inputs[0], contract_replay_target="organ:toy_count@toy_count.v1"
    )  # type: ignore[arg-type]
    refusal_of(
        replay(ep, 0, other_target),
        D.CONTRACT_REPLAY_UNAVAILABLE,
        "contract_replay_target_mismatch",
    )


# -- policy, schema and obligation validation ------------------------------------------------------


def test_unsupported_replay_policy() -> None:
    ep = episode()
    refusal = refusal_of(
        replay(
            ep,
            0,
            resealed_input(ep.replay_inputs[0], replay_policy_version="contract_proof_replay.v2"),
        ),  # type: ignore[arg-type]
        D.UNSUPPORTED_REPLAY_POLICY,
    )
    assert (refusal.input_digest, refusal.run_id, refusal.attempt_id, refusal.candidate_digest) == (
        None,
    ) * 4


def test_schema_versions_name_every_dependency_and_the_manifest() -> None:
    for shape, extra in (
        (Shape.EMBEDDED, ()),
        (Shape.OPEN, ("candidate_attempt_run_binding", "candidate_operator_result")),
    ):
        ep = episode(THREE, shape)
        versions = ep.replay_inputs[0].schema_versions  # type: ignore[union-attr]
        names = [name for name, _ in versions]
        assert names == sorted(set(names))
        assert ("authority_manifest", ep.manifest.manifest_digest) in versions
        assert set(names) == {
            "authority_manifest", "compute_budget", "contract_assessment", "contract_residual",
            "geometric_search_run", "problem_frame", "proof_outcome", "search_gate", *extra,
        }  # fmt: skip


def test_unsupported_schema_versions() -> None:
    ep = episode()
    replay_input = ep.replay_inputs[0]
    assert type(replay_input) is ReplayAdapterInput
    other_manifest = tuple(
        (n, "f" * 64) if n == "authority_manifest" else (n, v)
        for n, v in replay_input.schema_versions
    )
    cases = [
        resealed_input(replay_input, schema_versions=other_manifest),
        resealed_input(replay_input, schema_versions=replay_input.schema_versions[1:]),  # missing
        resealed_input(replay_input, run_policy_version="geometric_search_run.v0"),
    ]
    for case in cases:
        refusal_of(replay(ep, 0, case), D.UNSUPPORTED_SCHEMA_VERSION)
    # An upstream record of an unsupported version refuses the same way.
    frame = ep.frame
    old_frame = build_frame(
        reader_id=frame.reader_id, reader_version=frame.reader_version,
        source_text=frame.source_text, sentences=frame.sentences, mentions=frame.mentions,
        relations=frame.relations, targets=frame.targets, observations=frame.observations,
        frame_schema_version="problem_frame.v0",
    )  # fmt: skip
    assert FRAME_SCHEMA_VERSION != "problem_frame.v0"
    refusal_of(
        replay(ep, 0, frame=old_frame), D.UNSUPPORTED_SCHEMA_VERSION, "frame_schema_unsupported"
    )


@pytest.mark.parametrize("change", ["reversed", "duplicated"])
def test_reordered_or_duplicated_schema_entries_are_invalid(change: str) -> None:
    ep = episode()
    versions = ep.replay_inputs[0].schema_versions  # type: ignore[union-attr]
    mangled = versions[::-1] if change == "reversed" else (versions[0], *versions)
    refusal_of(
        replay(ep, 0, resealed_input(ep.replay_inputs[0], schema_versions=mangled)),
        D.INVALID_REPLAY_INPUT,
    )  # type: ignore[arg-type]


@pytest.mark.parametrize("change", ["reordered", "dropped", "added", "deduplicated"])
def test_obligation_refs_are_exactly_the_declared_ones(change: str) -> None:
    ep = episode()
    refs = ep.replay_inputs[0].proof_obligation_refs  # type: ignore[union-attr]
    mangled = {
        "reordered": refs[::-1],
        "dropped": refs[:1],
        "added": (*refs, "toy.ratio_defined"),
        "deduplicated": (refs[0], refs[0], refs[1]),
    }[change]
    refusal_of(
        replay(ep, 0, resealed_input(ep.replay_inputs[0], proof_obligation_refs=mangled)),
        D.UNSUPPORTED_PROOF_OBLIGATION,
    )  # type: ignore[arg-type]


# -- identity --------------------------------------------------------------------------------------


def test_attempt_and_run_identity_mismatches_fail_closed() -> None:
    emb, other = episode(THREE, Shape.EMBEDDED), episode(BIG, Shape.EMBEDDED)
    refusal_of(
        replay(emb, 0, attempt=emb.attempts[1]),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "attempt_not_at_index",
    )
    refusal_of(
        replay(emb, 0, run=other.run), D.CANDIDATE_IDENTITY_MISMATCH, "run_does_not_bind_chain"
    )
    out_of_range = resealed_input(emb.replay_inputs[0], attempt_index=7)  # type: ignore[arg-type]
    refusal_of(
        replay(emb, 0, out_of_range), D.CANDIDATE_IDENTITY_MISMATCH, "attempt_index_out_of_range"
    )
    built = build_replay_input(**chained(emb.chain_kwargs()),
        attempt_index=3,
        reconstruction=emb.reconstructions[0],
        manifest=emb.manifest,
    )  # type: ignore[arg-type]
    refusal = refusal_of(built, D.CANDIDATE_IDENTITY_MISMATCH, "attempt_index_out_of_range")
    assert refusal.run_id == emb.run.run_id and refusal.attempt_id is None  # type: ignore[union-attr]
    refusal_of(
        replay(emb, 0, run=forge(emb.run, run_id="a" * 64)),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "run_id_mismatch",
    )


def test_candidate_digest_and_reconstruction_mismatches_fail_closed() -> None:
    ep = episode(THREE, Shape.EMBEDDED)  # no binding to catch the change first
    rec = ep.reconstructions[0]
    other_digest = ep.reconstructions[1].candidate_digest
    cases = [
        (reseal(rec, candidate_digest=other_digest), "candidate_digest_mismatch"),
        (forge(rec, candidate_reconstruction_digest="c" * 64), "reconstruction_digest_mismatch"),
        (ep.reconstructions[1], "candidate_digest_mismatch"),
        (reseal(rec, operator_id="left_only"), "operator_mismatch"),
        (reseal(rec, frame_delta_digest="d" * 64), "frame_delta_digest_mismatch"),
        # s6.2 (8): the operator (a row of the set) is right, the set it names is not the run's.
        (reseal(rec, operator_set_id="e" * 64), "operator_set_mismatch"),
        (reseal(rec, operator_set_version="toy_ops.v0"), "operator_set_mismatch"),
        # s6.2 (6): the envelope binds this run and this attempt, each on its own.
        (reseal(rec, run_id="e" * 64), "reconstruction_of_another_attempt"),
        (reseal(rec, attempt_id=ep.run.candidate_attempts[1].attempt_id),
         "reconstruction_of_another_attempt"),
    ]
    for reconstruction, reason in cases:
        refusal_of(
            replay(ep, 0, reconstruction=reconstruction), D.CANDIDATE_IDENTITY_MISMATCH, reason
        )


@pytest.mark.parametrize("change", ["reordered", "deduplicated", "truncated", "synthesized"])
def test_evidence_span_mismatches_fail_closed(change: str) -> None:
    ep = episode(THREE, manifest=make_manifest(rows=(PAIR_TWICE,)))
    rec = ep.reconstructions[0]
    spans = rec.evidence_spans
    assert spans[0] == spans[2]  # the real candidate carries a duplicate span
    text = ep.frame.source_text
    fake = dataclasses.replace(spans[1], text=text[spans[0].start : spans[0].end])  # wrong place
    mangled = {
        "reordered": (*spans[1:], spans[0]),
        "deduplicated": spans[:2],
        "truncated": spans[:1],
        "synthesized": (spans[0], fake, spans[2]),
    }[change]
    # Re-seal the reconstruction with its candidate digest recomputed over the mangled spans:
    # still not the attempt's candidate.
    content = {
        "candidate_bindings": payload_of(rec.candidate_bindings),
        "candidate_relations": payload_of(rec.candidate_relations),
        "candidate_targets": payload_of(rec.candidate_targets),
    }
    candidate = independent_digest(
        {
            **content,
            "original_problem_frame_digest": rec.original_problem_frame_digest,
            "candidate_problem_frame_digest": None,
            "frame_delta_digest": rec.frame_delta_digest,
            "evidence_spans": payload_of(mangled),
        }
    )
    forged = reseal(rec, evidence_spans=mangled, candidate_digest=candidate)
    refusal = refusal_of(replay(ep, 0, reconstruction=forged), D.CANDIDATE_IDENTITY_MISMATCH)
    assert refusal.candidate_digest is None  # never validated, so never reported


def _independent_content(rec: CandidateReconstruction, delta: str) -> tuple[str, str]:
    structure = {
        "candidate_bindings": payload_of(rec.candidate_bindings),
        "candidate_relations": payload_of(rec.candidate_relations),
        "candidate_targets": payload_of(rec.candidate_targets),
    }
    content = {
        **structure,
        "original_problem_frame_digest": rec.original_problem_frame_digest,
        "candidate_problem_frame_digest": rec.candidate_problem_frame_digest,
        "frame_delta_digest": delta,
        "evidence_spans": payload_of(rec.evidence_spans),
    }
    return independent_digest(structure), independent_digest(content)


def test_reconstruction_digests_are_recomputed_once_and_exactly() -> None:
    ep = episode(THREE, Shape.EMBEDDED)
    for rec in ep.reconstructions:
        first = reconstruction_digests(rec)
        assert reconstruction_digests(rec) == first  # remembered on the immutable record
        assert first == _independent_content(rec, rec.frame_delta_digest)
        assert first == (rec.frame_delta_digest, rec.candidate_digest)
    forged = reseal(ep.reconstructions[0], frame_delta_digest="d" * 64)
    true_delta, _ = _independent_content(forged, "d" * 64)
    assert reconstruction_digests(forged) == _independent_content(forged, "d" * 64)
    assert reconstruction_digests(forged)[0] == true_delta != forged.frame_delta_digest
    for _ in range(2):  # the second replay meets the remembered digests: still refused
        refusal_of(
            replay(ep, 0, reconstruction=forged),
            D.CANDIDATE_IDENTITY_MISMATCH,
            "frame_delta_digest_mismatch",
        )
    with pytest.raises(TypeError):
        reconstruction_digests(object())  # type: ignore[arg-type]


def test_an_attempt_whose_spans_are_not_its_candidates_fails_closed() -> None:
    """s6.2 (7): the run builder cannot see deltas, so it accepts an explored candidate whose
    spans differ from the candidate's; the adapter compares them exactly."""
    ep = episode(THREE, Shape.EMBEDDED)
    real = ep.attempts[0]
    explored = ExploredCandidate(
        candidate_digest=real.candidate_digest,  # type: ignore[attr-defined]
        operator_id=real.operator_id,  # type: ignore[attr-defined]
        operator_version=real.operator_version,  # type: ignore[attr-defined]
        parent_attempt_id=None,
        budget_charge=real.budget_charge,  # type: ignore[attr-defined]
        depth=real.depth,  # type: ignore[attr-defined]
        step_index=real.step_index,  # type: ignore[attr-defined]
        evidence_spans=real.evidence_spans[::-1],  # type: ignore[attr-defined]
    )
    chain = (ep.frame, ep.assessment, ep.residuals, ep.gate, ep.budget, ep.manifest.operator_set)
    run = build_embedded_search_run(*chain, (explored,), ExhaustionCode.OPERATOR_SPACE_DEPLETED)
    assert type(run) is GeometricSearchRun
    attempt = run.candidate_attempts[0]
    rec = reseal(ep.reconstructions[0], run_id=run.run_id, attempt_id=attempt.attempt_id)
    kwargs = {**ep.chain_kwargs(), "run": run, "manifest": ep.manifest}
    built = build_replay_input(**chained(kwargs), attempt_index=0, reconstruction=rec)  # type: ignore[arg-type]
    refusal_of(built, D.CANDIDATE_IDENTITY_MISMATCH, "evidence_spans_mismatch")


def test_duplicate_spans_are_preserved_and_participate_in_identity() -> None:
    ep = episode(THREE, manifest=make_manifest(rows=(PAIR_TWICE,)))
    result = outcome(ep.evidence[0], D.CONTRACT_AND_PROOF_CLOSED)
    assert len(result.evidence_spans) == 3 and result.evidence_spans[0] == result.evidence_spans[2]
    deduplicated = dataclasses.replace(result, evidence_spans=result.evidence_spans[:2])
    spans = result.evidence_spans
    reordered = dataclasses.replace(result, evidence_spans=(*spans[1:], spans[0]))
    assert len({expected_id(result), expected_id(deduplicated), expected_id(reordered)}) == 3


def test_input_identity_mismatches() -> None:
    ep = episode()
    replay_input = ep.replay_inputs[0]
    assert type(replay_input) is ReplayAdapterInput
    refusal_of(
        replay(ep, 0, forge(replay_input, input_digest="b" * 64)),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "input_digest_mismatch",
    )
    # The input of another attempt, with this attempt's values.
    refusal = refusal_of(replay(ep, 0, ep.replay_inputs[1]), D.CANDIDATE_IDENTITY_MISMATCH)
    assert refusal.reason_codes == ("binding_does_not_name_attempt",)
    # A self-consistent input naming another gate.
    refusal_of(
        replay(ep, 0, resealed_input(replay_input, gate_decision_id="e" * 64)),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "gate_decision_id_mismatch",
    )


def test_bound_attempt_membership() -> None:
    ep, other, emb = episode(), episode(BIG), episode(THREE, Shape.EMBEDDED)
    first, second = ep.bindings[0], ep.bindings[1]
    refusal_of(
        replay(ep, 0, bindings=(second, first, *ep.bindings[2:])),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "binding_chain_broken",
    )
    refusal_of(
        replay(ep, 0, bindings=other.bindings),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "binding_of_another_run",
    )
    refusal_of(
        replay(ep, 0, bindings=(forge(first, binding_id="a" * 64), *ep.bindings[1:])),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "binding_id_mismatch",
    )
    refusal_of(
        replay(ep, 0, bindings=None), D.CANDIDATE_IDENTITY_MISMATCH, "run_is_open_use_binding"
    )
    refusal_of(
        replay(emb, 0, bindings=ep.bindings),
        D.CANDIDATE_IDENTITY_MISMATCH,
        "run_is_embedded_use_index",
    )
    # The chain must reach the attempt: a prefix without its binding does not place it.
    refusal_of(replay(ep, 1, bindings=(first,)), D.CANDIDATE_IDENTITY_MISMATCH, "attempt_not_bound")
    assert type(replay(ep, 1, bindings=(first, second)).outcome) is ReplayAdapterResult
    built = build_bound_replay_input(**chained(ep.chain_kwargs()),
        bindings=ep.bindings,
        operator_result=other.results[0],
        manifest=ep.manifest,
    )  # type: ignore[arg-type]
    refusal_of(built, D.CANDIDATE_IDENTITY_MISMATCH, "operator_result_does_not_bind_run")


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_resealed_binding_off_its_chain_is_refused(index: int) -> None:
    """loop.md s7: the binding's chained input digest is recomputed, not only its id.

    Re-sealed with another input digest, a binding still names its run, attempt and result and
    its id reproduces; only the chain shows it was never bound there. Both the input builder
    and the replay itself refuse it, at the first attempt (no previous binding) and later.
    """
    ep = episode()
    assert len(ep.bindings) > index
    bindings = list(ep.bindings)
    bindings[index] = reseal(ep.bindings[index], input_digest="c" * 64)
    assert bindings[index].binding_id == expected_id(bindings[index])  # its id reproduces
    forged = tuple(bindings)
    built = build_bound_replay_input(**chained(ep.chain_kwargs()),
        bindings=forged,
        operator_result=ep.results[index],
        manifest=ep.manifest,
    )  # type: ignore[arg-type]
    refusal_of(built, D.CANDIDATE_IDENTITY_MISMATCH, "binding_chain_broken")
    refusal_of(
        replay(ep, index, bindings=forged), D.CANDIDATE_IDENTITY_MISMATCH, "binding_chain_broken"
    )


def test_upstream_chain_mismatches() -> None:
    ep, other = episode(), episode(BIG)
    cases = {
        "residual_of_another_assessment": dict(residuals=other.residuals),
        "gate_id_mismatch": dict(gate=forge(ep.gate, decision_id="a" * 64)),
        "budget_does_not_bind_gate": dict(budget=other.budget),
        "assessment_of_another_frame": dict(assessment=other.assessment),
    }
    for reason, overrides in cases.items():
        refusal = refusal_of(replay(ep, 0, **overrides), D.CANDIDATE_IDENTITY_MISMATCH, reason)  # type: ignore[arg-type]
        assert refusal.run_id is None  # the run was never validated


# -- determinism, prose, immutability --------------------------------------------------------------


def test_ids_exclude_prose() -> None:
    result = episode().evidence[0].outcome
    assert (
        expected_id(dataclasses.replace(result, explanation="a different story"))
        == result.replay_result_id
    )
    refusal = (
        episode(
            ZEROS, manifest=make_manifest(rows=(PAIRS,), sum_obligations=("toy.ratio_defined",))
        )
        .evidence[0]
        .outcome
    )
    assert expected_id(dataclasses.replace(refusal, explanation="?")) == refusal.replay_refusal_id


_PROBE = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from kernel._toy_domain import THREE, Shape, practise
from practiceloop.kernel.record import record_id
out = []
for shape in Shape:
    ep = practise(THREE, shape=shape)
    out += [record_id(e.outcome) for e in ep.evidence] + [ep.trace.trace_id]
print(json.dumps(out))
"""


def test_ids_are_byte_stable_across_processes_hash_seeds_and_environments(tmp_path: Path) -> None:
    """s13: no time, env, path, host, process or hash-order value enters an id."""
    tests, src = str(Path(__file__).resolve().parents[1]), str(KERNEL.parents[1])
    runs = []
    for seed, cwd in (("0", tmp_path), ("4242", Path(tests))):
        env = {
            **os.environ,
            "PYTHONHASHSEED": seed,
            "TZ": "Pacific/Chatham",
            "HOSTNAME": f"h{seed}",
        }
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, tests, src],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(done.stdout))
    here = []
    for shape in Shape:
        ep = practise(THREE, shape=shape)
        here += [e.outcome.replay_result_id for e in ep.evidence] + [ep.trace.trace_id]  # type: ignore[union-attr]
    assert runs[0] == runs[1] == here


def test_the_adapter_mutates_nothing() -> None:
    ep = practise(THREE)
    values = [
        ep.frame,
        ep.assessment,
        *ep.residuals,
        ep.gate,
        ep.budget,
        ep.run,
        *ep.results,
        *ep.bindings,
        *ep.reconstructions,
    ]
    before = [full_form(v) for v in values]
    for index in range(len(ep.results)):
        replay(ep, index)
    assert [full_form(v) for v in values] == before
    emb = practise(THREE, shape=Shape.EMBEDDED)
    assert all(a.replay_status is ReplayStatus.REPLAY_PENDING for a in emb.attempts)  # type: ignore[attr-defined]
    assert ep.run.candidate_attempts == ()  # type: ignore[union-attr]


def test_disagreeing_closed_candidates_are_both_kept_and_nothing_selects() -> None:
    ep = episode()
    first, second = (outcome(e, D.CONTRACT_AND_PROOF_CLOSED) for e in ep.evidence[:2])
    assert first.candidate_digest != second.candidate_digest
    frames = [e.candidate_frame for e in ep.evidence[:2]]
    assert frames[0] != frames[1]  # they bind different quantities: 2+3 and 3+4
    # One attempt in, one outcome out: no public function takes a set of candidates or results.
    for name in module.__all__:
        member = getattr(module, name)
        if inspect.isfunction(member):
            for parameter in inspect.signature(member).parameters.values():
                assert "tuple[ReplayAdapter" not in str(parameter.annotation)
                assert parameter.name not in {"candidates", "results", "attempts", "outcomes"}


# -- static surface --------------------------------------------------------------------------------

FORBIDDEN_CALLS = frozenset(
    {
        "propose", "propose_deltas", "build_operator_results", "explored_candidate",
        "build_candidate_reconstruction", "bind_candidate_attempt", "initialize_search_run",
        "build_embedded_search_run", "build_candidate_attempt", "seal_practice_trace",
        "seal_bound_practice_trace", "build_practice_trace_input",
        "build_bound_practice_trace_input",
        "project_contract_residuals", "decide_search_gate", "decide_compute_budget",
    }
)  # fmt: skip


@pytest.mark.parametrize("name", ["replay", "_replay_checks", "_replay_types"])
def test_no_generation_search_operator_repair_or_sealing_is_reachable(name: str) -> None:
    tree = ast.parse((KERNEL / f"{name}.py").read_text(encoding="utf-8"))
    named = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    named |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    named |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert not named & FORBIDDEN_CALLS
    # The only authorities called are the manifest's organ ``assess`` and proof ``verify``.
    called = {
        n.func.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
    }
    benign = {"append", "dataclass", "__init__", "get", "join"}  # known ids, reason lists
    assert called - benign <= {"assess", "verify", "describe", "organ", "proof", "row"}
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "practiceloop.kernel.trace" not in imported


# -- malformed input: refusals, never exceptions ---------------------------------------------------

_SLOTS = (
    "frame",
    "assessment",
    "residuals",
    "gate",
    "budget",
    "run",
    "attempt",
    "reconstruction",
    "manifest",
    "bindings",
)


@pytest.mark.parametrize("slot", _SLOTS)
@pytest.mark.parametrize("value", [None, "x", 7, True, float("nan"), (), object()])
def test_malformed_values_refuse_with_no_identity(slot: str, value: object) -> None:
    ep = episode()
    evidence = replay(ep, 0, **{slot: value})
    assert type(evidence.outcome) is ReplayAdapterRefusal
    assert evidence.outcome.replay_disposition in REFUSAL_DISPOSITIONS
    REACHED.add(evidence.outcome.replay_disposition)


@st.composite
def _mangled_replay(draw: st.DrawFn) -> tuple[Episode, dict[str, object], object]:
    ep = episode(THREE, draw(st.sampled_from(list(Shape))))
    kwargs = ep.replay_kwargs(0)
    replay_input: object = ep.replay_inputs[0]
    slot = draw(st.sampled_from([*kwargs, "replay_input"]))
    current = replay_input if slot == "replay_input" else kwargs[slot]
    if hasattr(type(current), "__record_decl__"):
        value = draw(st.one_of(malformed(current), garbage()))
    elif type(current) is tuple and current and hasattr(type(current[0]), "__record_decl__"):
        value = draw(st.one_of(garbage(), malformed(current[0]).map(lambda r: (r, *current[1:]))))
    else:
        value = draw(garbage())
    if slot == "replay_input":
        replay_input = value
    else:
        kwargs[slot] = value
    return ep, kwargs, replay_input


@FUZZ
@given(_mangled_replay())
def test_fuzz_replay_never_raises_and_never_emits_a_partial_result(
    case: tuple[Episode, dict[str, object], object],
) -> None:
    ep, kwargs, replay_input = case
    evidence = replay_candidate(replay_input, **chained(kwargs))  # type: ignore[arg-type]
    assert type(evidence) is ReplayEvidence
    result = evidence.outcome
    assert_sealed(result)
    if type(result) is ReplayAdapterResult:
        # Only prose was mangled: exactly the result of the untouched values.
        assert result.replay_result_id == ep.evidence[0].outcome.replay_result_id  # type: ignore[union-attr]
    else:
        assert type(result) is ReplayAdapterRefusal
        assert (evidence.candidate_frame, evidence.replay_assessment, evidence.proof_outcomes) == (
            None,
            None,
            (),
        )


@FUZZ
@given(st.data())
def test_fuzz_input_builders_never_raise(data: st.DataObject) -> None:
    emb, ep = episode(THREE, Shape.EMBEDDED), episode()
    legacy = {
        **emb.chain_kwargs(),
        "attempt_index": 0,
        "reconstruction": emb.reconstructions[0],
        "manifest": emb.manifest,
    }
    bound = {
        **ep.chain_kwargs(),
        "bindings": ep.bindings,
        "operator_result": ep.results[0],
        "manifest": ep.manifest,
    }
    for kwargs, build, good in (
        (legacy, build_replay_input, emb.replay_inputs[0]),
        (bound, build_bound_replay_input, ep.replay_inputs[0]),
    ):
        slot = data.draw(st.sampled_from(sorted(kwargs)))
        current = kwargs[slot]
        strategy = malformed(current) if hasattr(type(current), "__record_decl__") else garbage()
        built = build(**chained({**kwargs, slot: data.draw(st.one_of(strategy, garbage()))}))  # type: ignore[operator]
        if type(built) is ReplayAdapterInput:
            assert built == good  # only prose was mangled
        else:
            assert type(built) is ReplayAdapterRefusal and built.input_digest is None
            assert_sealed(built)


def test_every_disposition_is_reached() -> None:
    """Each disposition, reached here on one real input (not by test order)."""
    ep, ratio = episode(), make_manifest(rows=(PAIRS,), sum_obligations=("toy.ratio_defined",))
    replay_input = ep.replay_inputs[0]
    cases = {
        D.CONTRACT_REFUSED: episode(ONE).evidence[0],
        D.CONTRACT_CLOSED_BUT_PROOF_REFUSED: episode(BIG).evidence[0],
        D.CONTRACT_AND_PROOF_CLOSED: ep.evidence[0],
        D.INVALID_REPLAY_INPUT: replay(ep, 0, "not an input"),
        D.CANDIDATE_IDENTITY_MISMATCH: replay(ep, 0, ep.replay_inputs[1]),
        D.CONTRACT_REPLAY_UNAVAILABLE: episode(
            ZEROS, manifest=make_manifest(sum_assess=assess_sum_strict)
        ).evidence[0],
        D.PROOF_REPLAY_UNAVAILABLE: episode(ZEROS, manifest=ratio).evidence[0],
        D.UNSUPPORTED_REPLAY_POLICY: replay(
            ep, 0, resealed_input(replay_input, replay_policy_version="v9")
        ),  # type: ignore[arg-type]
        D.UNSUPPORTED_SCHEMA_VERSION: replay(
            ep, 0, resealed_input(replay_input, run_policy_version="v9")
        ),  # type: ignore[arg-type]
        D.UNSUPPORTED_PROOF_OBLIGATION: replay(
            ep, 0, resealed_input(replay_input, proof_obligation_refs=())
        ),  # type: ignore[arg-type]
    }
    for disposition, evidence in cases.items():
        outcome(evidence, disposition)
    assert set(cases) == set(ReplayDisposition)


def test_replayed_assessment_is_an_assessment_and_outcomes_are_outcomes() -> None:
    evidence = episode().evidence[0]
    assert type(evidence.replay_assessment) is ContractAssessment
    assert all(type(o) is ProofOutcome for o in evidence.proof_outcomes)
    # The reader is deterministic: the same text gives the same frame the episode replayed over.
    assert read(THREE).problem_frame_digest == episode().frame.problem_frame_digest


def test_a_negative_attempt_index_is_malformed_input_not_an_identity_mismatch() -> None:
    # ADR-0229 s16 row 1: an index the attempt constructor itself refuses (negative, a bool,
    # not an int) is malformed replay input; only a well-formed index out of range is a
    # mismatch.
    emb = episode(THREE, Shape.EMBEDDED)
    legacy = {"reconstruction": emb.reconstructions[0], "manifest": emb.manifest}
    for index in (-1, -(2**70), True, "0", None):
        built = build_replay_input(
            **chained(emb.chain_kwargs()), attempt_index=index, **legacy  # type: ignore[arg-type]
        )
        refusal_of(built, D.INVALID_REPLAY_INPUT, "attempt_index_malformed")
    built = build_replay_input(**chained(emb.chain_kwargs()), attempt_index=99, **legacy)  # type: ignore[arg-type]
    refusal_of(built, D.CANDIDATE_IDENTITY_MISMATCH, "attempt_index_out_of_range")


def test_replay_re_derives_kind_and_axis_from_the_manifests_classification_table() -> None:
    # loop.md s3, s7: the adapter re-derives every residual's kind and axis from the organ's
    # table in the manifest; a chain whose residuals the table does not classify so (here: the
    # same residuals against a manifest whose table classifies their code elsewhere) never
    # reaches the authorities.
    for shape in Shape:
        ep = episode(THREE, shape)
        entry = ep.manifest.organ(ep.assessment.candidate_organ)
        assert entry is not None
        codes = {r.residual_code for r in ep.residuals}
        table = tuple(
            (code, kind, "another_axis" if code in codes else axis)
            for code, kind, axis in entry.classification
        )
        organs = tuple(
            dataclasses.replace(o, classification=table) if o is entry else o
            for o in ep.manifest.organs
        )
        other = dataclasses.replace(ep.manifest, organs=organs)
        evidence = replay(ep, manifest=other)
        refusal_of(evidence, D.CANDIDATE_IDENTITY_MISMATCH, "residual_not_classified_by_the_organ")
