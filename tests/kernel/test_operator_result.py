"""CandidateOperatorResult / CandidateOperatorRefusal (ADR-0231): real operators called once,
every delta turned into an attempt, a reconstruction and a result, or a refusal; never raises."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import operator_result as module
from practiceloop.kernel.candidate import CandidateDelta, RoleBinding
from practiceloop.kernel.manifest import OperatorSet
from practiceloop.kernel.operator_result import (
    CANDIDATE_DEPTH,
    OPERATOR_RESULT_POLICY_VERSION,
    CandidateOperatorRefusal,
    CandidateOperatorResult,
    OperatorRefusalReason,
    build_candidate_reconstruction,
    build_operator_results,
    delta_candidate_digest,
    explored_candidate,
    operator_result_fault,
    propose_deltas,
)
from practiceloop.kernel.record import RecordError, full_form, sealed
from practiceloop.kernel.search_run import (
    ExploredCandidate,
    GeometricSearchRun,
    ReplayStatus,
    build_candidate_attempt,
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
    FAULTY_ROWS,
    FORBIDDEN_FIELDS,
    LEFT_ONLY,
    NONE,
    PAIRS,
    THREE,
    Episode,
    Shape,
    assert_exports,
    make_manifest,
    practise,
    propose_adjacent_pairs,
    read,
)

REACHED: set[OperatorRefusalReason] = set()


@functools.cache
def open_episode(text: str = THREE) -> Episode:
    episode = practise(text)
    assert type(episode.run) is GeometricSearchRun
    return episode


def _args(
    episode: Episode, row: object = PAIRS, operators: OperatorSet | None = None
) -> tuple[object, ...]:
    opset = operators or episode.manifest.operator_set
    return (episode.frame, episode.assessment, episode.residuals[0], opset, row)


def _results(
    episode: Episode, *args: object, attempt_index: object = 0, step_index: object = 0
) -> object:
    context = args or _args(episode)
    return build_operator_results(
        episode.run,
        *context,
        attempt_index=attempt_index,
        step_index=step_index,  # type: ignore[arg-type]
    )


def _refused(outcome: object, reason: OperatorRefusalReason) -> CandidateOperatorRefusal:
    assert type(outcome) is CandidateOperatorRefusal, outcome
    assert outcome.reason_codes[0] == reason.value
    assert_sealed(outcome)
    REACHED.add(reason)
    return outcome


def independent_candidate_digest(frame_digest: str, delta: CandidateDelta) -> str:
    """ADR-0229 s13.1, written out: candidate content only, never the envelope."""
    content = {
        "candidate_bindings": payload_of(delta.bindings),
        "candidate_relations": payload_of(delta.relations),
        "candidate_targets": payload_of(delta.targets),
    }
    return independent_digest(
        {
            **content,
            "original_problem_frame_digest": frame_digest,
            "candidate_problem_frame_digest": None,
            "frame_delta_digest": independent_digest(content),
            "evidence_spans": payload_of(delta.evidence_spans),
        }
    )


def test_public_api_is_exact() -> None:
    assert_exports(
        module,
        {
            "CANDIDATE_DEPTH",
            "OPERATOR_RESULT_POLICY_VERSION",
            "CandidateOperatorRefusal",
            "CandidateOperatorResult",
            "OperatorRefusalReason",
            "build_candidate_reconstruction",
            "build_operator_results",
            "delta_candidate_digest",
            "explored_candidate",
            "operator_result_fault",
            "propose_deltas",
        },
    )


def test_real_operator_yields_one_result_per_delta_in_operator_order() -> None:
    episode = open_episode()
    results = _results(episode, attempt_index=4, step_index=7)
    assert type(results) is tuple and len(results) == 2
    deltas = propose_adjacent_pairs(episode.frame, episode.assessment, episode.residuals[0])
    assert type(deltas) is tuple
    run = episode.run
    assert type(run) is GeometricSearchRun
    for offset, (result, delta) in enumerate(zip(results, deltas, strict=True)):
        assert type(result) is CandidateOperatorResult
        assert_sealed(result)
        assert_sealed(result.candidate_attempt)
        assert_sealed(result.candidate_reconstruction)
        attempt, rec = result.candidate_attempt, result.candidate_reconstruction
        assert (result.run_id, result.residual_id) == (run.run_id, episode.residuals[0].residual_id)
        assert (result.operator_id, result.operator_version) == ("adjacent_pairs", "1")
        assert result.policy_version == OPERATOR_RESULT_POLICY_VERSION
        # The attempt: next index, this step, first generation, the row's charge, pending.
        assert attempt.attempt_index == 4 + offset and attempt.step_index == 7
        assert (attempt.depth, attempt.parent_attempt_id) == (CANDIDATE_DEPTH, None)
        assert attempt.budget_charge == PAIRS.charge
        assert attempt.replay_status is ReplayStatus.REPLAY_PENDING
        assert attempt.input_digest == run.input_digest
        # The candidate digest is the delta's content digest, recomputed independently.
        expected = independent_candidate_digest(episode.frame.problem_frame_digest, delta)
        assert attempt.candidate_digest == rec.candidate_digest == expected
        assert (rec.run_id, rec.attempt_id) == (run.run_id, attempt.attempt_id)
        assert (rec.candidate_bindings, rec.evidence_spans) == (
            delta.bindings,
            delta.evidence_spans,
        )
        assert result.evidence_spans == attempt.evidence_spans == delta.evidence_spans
        assert operator_result_fault(run, result) is None


def test_the_two_candidates_disagree_and_nothing_selects_one() -> None:
    results = _results(open_episode())
    assert type(results) is tuple
    digests = {r.candidate_attempt.candidate_digest for r in results}
    assert len(digests) == 2  # both kept; the result type has no field to prefer either
    assert not {f.name for f in dataclasses.fields(CandidateOperatorResult)} & FORBIDDEN_FIELDS


def test_candidates_the_run_already_tried_are_skipped_not_renumbered() -> None:
    episode = open_episode()
    first, second = _results(episode)  # type: ignore[misc]
    tried = frozenset({first.candidate_attempt.candidate_digest})
    run = episode.run
    out = build_operator_results(
        run,
        *_args(episode),
        attempt_index=5,
        step_index=2,
        already_tried=tried,  # type: ignore[arg-type]
    )
    assert type(out) is tuple and len(out) == 1
    only = out[0]
    assert only.candidate_attempt.candidate_digest == second.candidate_attempt.candidate_digest
    assert only.candidate_attempt.attempt_index == 5  # the next index, not the skipped one's
    everything = frozenset(r.candidate_attempt.candidate_digest for r in (first, second))
    none = build_operator_results(
        run,
        *_args(episode),
        attempt_index=0,
        step_index=0,
        already_tried=everything,  # type: ignore[arg-type]
    )
    assert none == ()
    for malformed_tried in ({first.candidate_attempt.candidate_digest}, ["x"], None):
        refusal = build_operator_results(
            run,
            *_args(episode),
            attempt_index=0,
            step_index=0,
            already_tried=malformed_tried,  # type: ignore[arg-type]
        )
        _refused(refusal, OperatorRefusalReason.INVALID_INPUT)


def test_same_attempt_in_both_shapes() -> None:
    """The one way to build an attempt: embedded and bound attempts are byte-identical."""
    episode = open_episode()
    run = episode.run
    assert type(run) is GeometricSearchRun
    results = _results(episode)
    assert type(results) is tuple
    deltas = propose_deltas(*_args(episode))  # type: ignore[arg-type]
    assert type(deltas) is tuple
    for index, (result, delta) in enumerate(zip(results, deltas, strict=True)):
        explored = explored_candidate(episode.frame.problem_frame_digest, PAIRS, delta, 0)
        assert type(explored) is ExploredCandidate
        assert (
            build_candidate_attempt(run.input_digest, index, explored) == result.candidate_attempt
        )
        assert (
            delta_candidate_digest(episode.frame.problem_frame_digest, delta)
            == explored.candidate_digest
        )
        rebuilt = build_candidate_reconstruction(run, result.candidate_attempt, delta)
        assert rebuilt == result.candidate_reconstruction


def test_embedded_episode_shares_the_attempts() -> None:
    embedded = practise(THREE, shape=Shape.EMBEDDED)
    assert type(embedded.run) is GeometricSearchRun
    assert embedded.run.candidate_attempts == open_episode().attempts


def test_reconstruction_helper_refuses_a_delta_that_is_not_the_attempts() -> None:
    episode = open_episode()
    run, attempts = episode.run, episode.attempts
    assert type(run) is GeometricSearchRun
    deltas = propose_deltas(*_args(episode))  # type: ignore[arg-type]
    assert type(deltas) is tuple
    assert build_candidate_reconstruction(run, attempts[0], deltas[1]) is None  # type: ignore[arg-type]
    forged_run = forge(run, explanation="x", run_id="0" * 64)
    assert build_candidate_reconstruction(forged_run, attempts[0], deltas[0]) is None  # type: ignore[arg-type]
    respanned = dataclasses.replace(deltas[0], evidence_spans=deltas[0].evidence_spans[::-1])
    assert build_candidate_reconstruction(run, attempts[0], respanned) is None  # type: ignore[arg-type]


def test_ids_are_independent_and_exclude_prose() -> None:
    results = _results(open_episode())
    assert type(results) is tuple
    result = results[0]
    reworded = dataclasses.replace(result, explanation="something else entirely")
    assert expected_id(reworded) == result.operator_result_id
    refusal = propose_deltas(*_args(open_episode(NONE)))  # type: ignore[arg-type]
    assert type(refusal) is CandidateOperatorRefusal
    assert expected_id(dataclasses.replace(refusal, explanation="?")) == refusal.operator_refusal_id


def test_determinism() -> None:
    first, second = _results(practise(THREE)), _results(practise(THREE))
    assert type(first) is tuple and type(second) is tuple
    assert [full_form(r) for r in first] == [full_form(r) for r in second]


# -- refusals ------------------------------------------------------------------------------------


def test_decline_is_a_refusal_with_the_operators_codes() -> None:
    refusal = _refused(_results(open_episode(NONE)), OperatorRefusalReason.DECLINED)
    assert refusal.reason_codes == ("operator_declined", "fewer_than_two_quantities")
    episode = open_episode(NONE)
    assert refusal.run_id == episode.run.run_id  # type: ignore[union-attr]
    assert refusal.residual_id == episode.residuals[0].residual_id
    assert (refusal.operator_id, refusal.operator_version) == ("adjacent_pairs", "1")


@pytest.mark.parametrize(
    ("key", "reason", "detail"),
    [
        ("raises", OperatorRefusalReason.RAISED, "IndexError"),
        ("list", OperatorRefusalReason.MALFORMED_OUTPUT, "not_a_tuple_of_deltas"),
        ("synthesized", OperatorRefusalReason.MALFORMED_OUTPUT, "delta_spans_not_exact"),
        ("repeated", OperatorRefusalReason.MALFORMED_OUTPUT, "delta_repeated"),
        ("no_op", OperatorRefusalReason.MALFORMED_OUTPUT, "delta_changes_nothing"),
        ("unknown_mention", OperatorRefusalReason.MALFORMED_OUTPUT, "delta_does_not_reconstruct"),
    ],
)
def test_operator_failures_are_refusals_in_both_entry_points(
    key: str, reason: OperatorRefusalReason, detail: str
) -> None:
    manifest = make_manifest(rows=(FAULTY_ROWS[key],))
    episode = practise(BIG, manifest)
    args = _args(episode, FAULTY_ROWS[key])
    for outcome in (propose_deltas(*args), _results(episode, *args)):  # type: ignore[arg-type]
        assert _refused(outcome, reason).reason_codes == (reason.value, detail)


def test_a_declined_operator_returning_a_forged_decline_is_malformed() -> None:
    episode = open_episode()
    bad = forge(module.OperatorDecline(reason_codes=("x",)), reason_codes=())
    row = dataclasses.replace(PAIRS, propose=lambda *_: bad)
    opset = OperatorSet(version="v", rows=(row,))
    refusal = _refused(
        propose_deltas(*_args(episode, row, opset)), OperatorRefusalReason.MALFORMED_OUTPUT
    )  # type: ignore[arg-type]
    assert refusal.reason_codes[1] == "decline_malformed"


def test_row_outside_the_set_or_not_aimed_is_not_applicable() -> None:
    episode = open_episode()
    stray = dataclasses.replace(PAIRS)  # equal fields, but not one of the set's own rows
    _refused(propose_deltas(*_args(episode, stray)), OperatorRefusalReason.NOT_APPLICABLE)  # type: ignore[arg-type]
    count_row = episode.manifest.operator_set.rows[2]  # aimed at toy_count
    refusal = _refused(
        propose_deltas(*_args(episode, count_row)), OperatorRefusalReason.NOT_APPLICABLE
    )  # type: ignore[arg-type]
    assert refusal.reason_codes[1] == "operator_not_aimed_at_residual"
    assert refusal.operator_id == "count_first"


@pytest.mark.parametrize("how", ["runnable", "of_another_frame"])
def test_the_assessment_must_be_a_refusal_of_this_frame(how: str) -> None:
    """loop.md s3: an operator works on a refused assessment of this very frame; each half of
    that is checked on its own (re-sealed assessments, their ids reproduce)."""
    episode = open_episode()
    frame, assessment, residual, opset, row = _args(episode)
    if how == "runnable":
        forged = reseal(
            assessment, runnable=True, missing_bindings=(), unresolved_hazards=(), code_evidence=()
        )
    else:
        forged = reseal(assessment, problem_frame_digest="e" * 64)
    refusal = _refused(
        propose_deltas(frame, forged, residual, opset, row),  # type: ignore[arg-type]
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )
    assert refusal.reason_codes[1] == "assessment_not_a_refusal_of_frame"


@pytest.mark.parametrize("which", ["operator_set", "row"])
def test_a_malformed_operator_set_or_row_alone_is_invalid_input(which: str) -> None:
    episode = open_episode()
    frame, assessment, residual, opset, row = _args(episode)
    args = {"operator_set": opset, "row": row, which: None}
    refusal = _refused(
        propose_deltas(frame, assessment, residual, args["operator_set"], args["row"]),  # type: ignore[arg-type]
        OperatorRefusalReason.INVALID_INPUT,
    )
    assert refusal.reason_codes[1] == "operator_malformed"


def test_identity_mismatches() -> None:
    episode, other = open_episode(), open_episode(BIG)
    frame, assessment, residual, opset, row = _args(episode)
    forged_frame = forge(frame, problem_frame_digest="f" * 64)  # an id that does not reproduce
    cases = [
        (forged_frame, assessment, residual),
        (frame, other.assessment, residual),  # assessment of another frame
        (frame, assessment, other.residuals[0]),  # residual of another assessment
        (frame, assessment, forge(residual, residual_code="other")),  # id no longer reproduces
    ]
    for f, a, r in cases:
        _refused(propose_deltas(f, a, r, opset, row), OperatorRefusalReason.IDENTITY_MISMATCH)  # type: ignore[arg-type]
    forged_set = OperatorSet(version=opset.version, rows=opset.rows)  # type: ignore[attr-defined]
    object.__setattr__(forged_set, "operator_set_id", "e" * 64)  # a plain dataclass, not a record
    _refused(
        propose_deltas(frame, assessment, residual, forged_set, row),
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )  # type: ignore[arg-type]
    # The run of another episode, and an operator set that is not the run's.
    _refused(
        build_operator_results(other.run, *_args(episode), attempt_index=0, step_index=0),  # type: ignore[arg-type]
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )
    own_set = OperatorSet(version="toy_ops.v2", rows=(PAIRS,))
    refusal = _refused(
        _results(episode, frame, assessment, residual, own_set, PAIRS),
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )
    assert refusal.reason_codes[1] == "operator_set_not_the_runs"
    forged_run = forge(episode.run, run_id="d" * 64)
    _refused(
        build_operator_results(forged_run, *_args(episode), attempt_index=0, step_index=0),  # type: ignore[arg-type]
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )


@pytest.mark.parametrize(
    "field", ["problem_frame_digest", "original_contract_assessment_id", "residual_ids"]
)
def test_a_run_that_does_not_bind_the_residual(field: str) -> None:
    """Each of the run's three links to the residual is checked on its own (re-sealed runs)."""
    episode = practise(THREE)
    value: object = ("e" * 64,) if field == "residual_ids" else "e" * 64
    run = reseal(episode.run, **{field: value})
    refusal = _refused(
        build_operator_results(run, *_args(episode), attempt_index=0, step_index=0),  # type: ignore[arg-type]
        OperatorRefusalReason.IDENTITY_MISMATCH,
    )
    assert refusal.reason_codes[1] == "run_does_not_bind_residual"


def test_embedded_run_takes_no_operator_results() -> None:
    embedded = practise(THREE, shape=Shape.EMBEDDED)
    refusal = build_operator_results(
        embedded.run,
        *_args(embedded),
        attempt_index=0,
        step_index=0,  # type: ignore[arg-type]
    )
    _refused(refusal, OperatorRefusalReason.RUN_NOT_OPEN)


@pytest.mark.parametrize("index", [-1, True, 2**53, 1.0, None, "0"])
def test_malformed_indices(index: object) -> None:
    episode = open_episode()
    _refused(_results(episode, attempt_index=index), OperatorRefusalReason.INVALID_INPUT)
    _refused(_results(episode, step_index=index), OperatorRefusalReason.INVALID_INPUT)


def test_operator_result_fault_kinds() -> None:
    episode = open_episode()
    run, result = episode.run, episode.results[0]
    assert type(run) is GeometricSearchRun
    assert operator_result_fault(run, result) is None
    assert operator_result_fault(run, "x").kind.value == "malformed"  # type: ignore[union-attr]
    forged = forge(result, residual_id="a" * 64)
    assert operator_result_fault(run, forged).kind.value == "mismatch"  # type: ignore[union-attr]
    other = open_episode(BIG)
    assert type(other.run) is GeometricSearchRun
    assert operator_result_fault(other.run, result).kind.value == "mismatch"  # type: ignore[union-attr]
    unsupported = forge(result, policy_version="candidate_operator_result.v0")
    assert operator_result_fault(run, unsupported).kind.value == "unsupported"  # type: ignore[union-attr]


def test_no_output_type_has_a_forbidden_field() -> None:
    for cls in (CandidateOperatorResult, CandidateOperatorRefusal):
        assert not {f.name for f in dataclasses.fields(cls)} & FORBIDDEN_FIELDS


def test_inputs_are_never_mutated() -> None:
    episode = practise(THREE)
    values = (episode.run, episode.frame, episode.assessment, episode.residuals[0])
    before = [full_form(v) for v in values]
    _results(episode)
    assert [full_form(v) for v in values] == before


# -- fuzz ------------------------------------------------------------------------------------------

_SLOTS = (
    "run",
    "frame",
    "assessment",
    "residual",
    "operators",
    "row",
    "attempt_index",
    "step_index",
)


@st.composite
def _mangled(draw: st.DrawFn) -> dict[str, object]:
    episode = open_episode()
    good: dict[str, object] = dict(zip(_SLOTS, (episode.run, *_args(episode), 0, 0), strict=True))
    name = draw(st.sampled_from(_SLOTS))
    value = good[name]
    if (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and hasattr(value, "__record_decl__")
    ):
        good[name] = draw(malformed(value))
    else:
        good[name] = draw(garbage())
    return good


@FUZZ
@given(_mangled())
def test_fuzz_never_raises_and_never_emits_a_partial_record(values: dict[str, object]) -> None:
    run, frame, assessment, residual, opset, row, attempt_index, step_index = values.values()
    proposed = propose_deltas(frame, assessment, residual, opset, row)  # type: ignore[arg-type]
    assert type(proposed) in (tuple, CandidateOperatorRefusal)
    built = build_operator_results(
        run, frame, assessment, residual, opset, row,  # type: ignore[arg-type]
        attempt_index=attempt_index, step_index=step_index,  # type: ignore[arg-type]
    )  # fmt: skip
    if type(built) is tuple:
        assert all(type(r) is CandidateOperatorResult for r in built)
        assert all(expected_id(r) == r.operator_result_id for r in built)
    else:
        assert type(built) is CandidateOperatorRefusal
        assert_sealed(built)


@FUZZ
@given(st.data())
def test_fuzz_reconstruction_helper_returns_none_or_a_sealed_record(data: st.DataObject) -> None:
    episode = open_episode()
    deltas = propose_deltas(*_args(episode))  # type: ignore[arg-type]
    assert type(deltas) is tuple
    good = [episode.run, episode.attempts[0], deltas[0]]
    slot = data.draw(st.integers(0, 2))
    good[slot] = data.draw(malformed(good[slot]))
    rebuilt = build_candidate_reconstruction(*good)  # type: ignore[arg-type]
    assert rebuilt is None or expected_id(rebuilt) == rebuilt.candidate_reconstruction_digest


def test_delta_with_an_unbinding_is_still_a_candidate() -> None:
    """Unbinding a role that was bound is a change (not the no-op guard's business)."""
    frame = read(THREE)
    qs = [m for m in frame.mentions if m.kind == "quantity"]
    delta = CandidateDelta((RoleBinding("r1", "left", qs[0].mention_id),), (), (), (qs[0].span,))
    digest = delta_candidate_digest(frame.problem_frame_digest, delta)
    assert digest == independent_candidate_digest(frame.problem_frame_digest, delta)


def test_every_refusal_reason_is_reached() -> None:
    """One real input per reason, reached here on its own (not by test order)."""
    episode, embedded = open_episode(), practise(THREE, shape=Shape.EMBEDDED)
    raising = make_manifest(rows=(FAULTY_ROWS["raises"],))
    listing = make_manifest(rows=(FAULTY_ROWS["list"],))
    cases = {
        OperatorRefusalReason.INVALID_INPUT: _results(episode, attempt_index=-1),
        OperatorRefusalReason.IDENTITY_MISMATCH: propose_deltas(
            episode.frame,
            open_episode(BIG).assessment,
            *_args(episode)[2:],  # type: ignore[arg-type]
        ),
        OperatorRefusalReason.RUN_NOT_OPEN: build_operator_results(
            embedded.run,
            *_args(embedded),
            attempt_index=0,
            step_index=0,  # type: ignore[arg-type]
        ),
        OperatorRefusalReason.NOT_APPLICABLE: propose_deltas(
            *_args(episode, LEFT_ONLY, OperatorSet("v", (PAIRS,)))
        ),  # type: ignore[arg-type]
        OperatorRefusalReason.DECLINED: _results(open_episode(NONE)),
        OperatorRefusalReason.RAISED: propose_deltas(
            *_args(practise(BIG, raising), raising.operator_set.rows[0])
        ),  # type: ignore[arg-type]
        OperatorRefusalReason.MALFORMED_OUTPUT: propose_deltas(
            *_args(practise(BIG, listing), listing.operator_set.rows[0])
        ),  # type: ignore[arg-type]
    }
    for reason, outcome in cases.items():
        _refused(outcome, reason)
    assert set(cases) == set(OperatorRefusalReason)


@FUZZ
@given(st.data())
def test_fuzz_operator_result_fault_never_raises(data: st.DataObject) -> None:
    episode = open_episode()
    run, result = episode.run, episode.results[0]
    mangled = data.draw(st.one_of(malformed(result), garbage()))
    fault = operator_result_fault(run, mangled)  # type: ignore[arg-type]
    if fault is None:  # only prose was mangled: the same result, by identity
        assert expected_id(mangled) == result.operator_result_id
    else:
        assert fault.kind.value in {"malformed", "mismatch", "unsupported"}


@pytest.mark.parametrize("reasons", [(), ("not_a_reason",), ("not_a_reason", "run_not_open")])
def test_a_refusal_opens_with_an_operator_refusal_reason(reasons: tuple[str, ...]) -> None:
    with pytest.raises(RecordError):
        sealed(
            CandidateOperatorRefusal, policy_version="x", run_id=None, residual_id=None,
            operator_id=None, operator_version=None, reason_codes=reasons, explanation="",
        )
