"""The live practice loop: the one place that sequences the kernel's stages (loop.md s6).

:func:`practice` reads a problem text into a frame, assesses it with every organ of the
manifest that applies, checks the proofs of every runnable assessment on the original frame,
and turns every refused assessment into one :class:`Episode`:

1. residuals, gate, budget; when blocked, a run refusal, sealed as ``sealed_original_refusal``;
2. otherwise a run; for each residual in order, for each operator row that accepts it, for each
   candidate the operator returns: stop when the budget is spent, else attach the candidate
   (open shape: a run-binding; embedded shape: an attempt of the run built once, complete);
3. every attempt replayed through the same organ and proof authorities, one record each;
4. the episode sealed (bound path for open runs, legacy path for embedded runs).

Pure and deterministic: no I/O, clock or randomness; persistence happens after it returns, and
running the same text twice gives byte-identical records. The orchestrator sits outside the
kernel because it names a domain's defaults, but it imports nothing impure.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator
from typing import cast

from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.binding import (
    CandidateAttemptRunBinding,
    bind_candidate_attempt,
    extended_chain,
)
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision, decide_compute_budget
from practiceloop.kernel.candidate import CandidateDelta, CandidateReconstruction
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import GateStatus, SearchGateDecision, decide_search_gate
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.manifest import AuthorityManifest, OperatorRow, OrganEntry
from practiceloop.kernel.operator_result import (
    CandidateOperatorResult,
    build_candidate_reconstruction,
    build_operator_results,
    explored_candidate,
    propose_deltas,
)
from practiceloop.kernel.proof import ProofOutcome, ProofStatus
from practiceloop.kernel.record import is_well_formed, record_id
from practiceloop.kernel.replay import (
    ReplayAdapterInput,
    ReplayAdapterRefusal,
    ReplayAdapterResult,
    ReplayDisposition,
    ReplayEvidence,
    build_bound_replay_input,
    build_replay_input,
    replay_candidate,
)
from practiceloop.kernel.residual import ContractResidual, project_contract_residuals
from practiceloop.kernel.search_run import (
    CandidateAttempt,
    ExhaustionCode,
    ExploredCandidate,
    GeometricSearchRun,
    SearchRunRefusal,
    build_embedded_search_run,
    initialize_search_run,
)
from practiceloop.kernel.trace import (
    PracticeTraceInput,
    PracticeTraceRefusal,
    SealedPracticeTrace,
    build_bound_practice_trace_input,
    build_practice_trace_input,
    seal_bound_practice_trace,
    seal_practice_trace,
)

__all__ = [
    "DirectCheck",
    "Episode",
    "Practice",
    "RunShape",
    "practice",
]


class RunShape(enum.StrEnum):
    """Which lawful run shape (and so which sealing path) an episode uses (loop.md s3)."""

    OPEN = "open"  # run opened empty, candidates bound from outside, bound sealing (ADR-0233)
    EMBEDDED = "embedded"  # run built complete with its attempts, legacy sealing (ADR-0230)


@dataclasses.dataclass(frozen=True, slots=True)
class DirectCheck:
    """A runnable assessment of the original frame and its proof outcomes, in obligation order.

    ``closed`` is true exactly when the organ's manifest entry declares its obligations and every
    one of them closed (or it declares explicitly that there are none).
    """

    assessment: ContractAssessment
    proof_outcomes: tuple[ProofOutcome, ...]
    closed: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Episode:
    """One refused assessment practised: every record in chain order, and its seal."""

    assessment: ContractAssessment
    records: tuple[object, ...]
    trace: SealedPracticeTrace | PracticeTraceRefusal
    closed_frames: tuple[ProblemFrame, ...]

    @property
    def practice_disposition(self) -> str:
        """The sealed trace's practice disposition (or the trace refusal's)."""
        return self.trace.practice_disposition.value


@dataclasses.dataclass(frozen=True, slots=True)
class Practice:
    """Everything :func:`practice` produced for one text."""

    frame: ProblemFrame | None
    reader_refusal: object | None
    assessments: tuple[ContractAssessment, ...]
    direct: tuple[DirectCheck, ...]
    episodes: tuple[Episode, ...]

    @property
    def records(self) -> tuple[object, ...]:
        """Every record, each once, in canonical order: frame, assessments, proofs, episodes."""
        seen: set[tuple[type, object]] = set()
        unique: list[object] = []
        for item in self._ordered():
            key = (type(item), _id_of(item))
            if key not in seen:
                seen.add(key)
                unique.append(item)
        return tuple(unique)

    def _ordered(self) -> Iterator[object]:
        if self.frame is not None:
            yield self.frame
        yield from self.assessments
        for check in self.direct:
            yield from check.proof_outcomes
        for episode in self.episodes:
            yield from episode.records


def _id_of(item: object) -> object:
    return record_id(item)


Reader = Callable[[str], object]


def _default_manifest() -> AuthorityManifest:
    from practiceloop.arith.manifest import ARITH_MANIFEST  # the shipped domain's defaults

    return ARITH_MANIFEST


def _default_reader() -> Reader:
    from practiceloop.arith.reader import read

    return read


def _call_proofs(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    organ: OrganEntry,
    manifest: AuthorityManifest,
) -> DirectCheck:
    """Check a runnable original assessment's proof obligations, in the manifest's order."""
    outcomes: list[ProofOutcome] = []
    closed = True
    for ref in organ.proof_obligations:
        authority = manifest.proof(ref)
        outcome: object = None
        if authority is not None:
            try:
                outcome = authority.verify(frame, assessment)
            except Exception:  # an authority that raises proves nothing
                outcome = None
        if not is_well_formed(outcome, ProofOutcome):
            closed = False
            break
        proof = cast(ProofOutcome, outcome)
        if (
            proof.obligation_ref != ref
            or proof.contract_assessment_id != assessment.assessment_id
            or proof.problem_frame_digest != frame.problem_frame_digest
        ):
            closed = False
            break
        outcomes.append(proof)
        if proof.status is not ProofStatus.CLOSED:
            closed = False
    closed = closed and (bool(organ.proof_obligations) or organ.declares_no_proof_obligations)
    return DirectCheck(assessment=assessment, proof_outcomes=tuple(outcomes), closed=closed)


@dataclasses.dataclass(frozen=True, slots=True)
class _Context:
    frame: ProblemFrame
    assessment: ContractAssessment
    organ: OrganEntry
    manifest: AuthorityManifest
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision

    def chain(self, run: GeometricSearchRun | SearchRunRefusal) -> UpstreamChain:
        """The episode's upstream records, ending in ``run``, as one value."""
        return UpstreamChain(
            self.frame, self.assessment, self.residuals, self.gate, self.budget, run
        )

    def candidates(self) -> Iterator[tuple[int, ContractResidual, OperatorRow]]:
        """(step index, residual, row) for every operator call, in canonical order (s6.3)."""
        step = 0
        for residual in self.residuals:
            for row in self.manifest.operator_set.rows:
                if row.accepts(residual):
                    yield step, residual, row
                    step += 1


def _closed_frames(evidence: list[ReplayEvidence]) -> tuple[ProblemFrame, ...]:
    frames = []
    for item in evidence:
        outcome = item.outcome
        if (
            type(outcome) is ReplayAdapterResult
            and outcome.replay_disposition is ReplayDisposition.CONTRACT_AND_PROOF_CLOSED
            and item.candidate_frame is not None
        ):
            frames.append(item.candidate_frame)
    return tuple(frames)


def _replay_records(evidence: list[ReplayEvidence]) -> Iterator[object]:
    for item in evidence:
        if item.candidate_frame is not None:
            yield item.candidate_frame
        if item.replay_assessment is not None:
            yield item.replay_assessment
        yield from item.proof_outcomes
        yield item.outcome


def _split(
    evidence: list[ReplayEvidence],
) -> tuple[tuple[ReplayAdapterResult, ...], tuple[ReplayAdapterRefusal, ...]]:
    results = tuple(e.outcome for e in evidence if type(e.outcome) is ReplayAdapterResult)
    refusals = tuple(e.outcome for e in evidence if type(e.outcome) is ReplayAdapterRefusal)
    return results, refusals


def _seal(
    ctx: _Context,
    run: GeometricSearchRun | SearchRunRefusal,
    *,
    bound: bool,
    bindings: tuple[CandidateAttemptRunBinding, ...] = (),
    operator_results: tuple[CandidateOperatorResult, ...] = (),
    evidence: list[ReplayEvidence] | None = None,
) -> tuple[list[object], SealedPracticeTrace | PracticeTraceRefusal]:
    """Seal an episode on the bound (ADR-0233) or legacy (ADR-0230) path: (records, trace)."""
    results, refusals = _split(evidence or [])
    chain = ctx.chain(run)
    if bound:
        bound_input = build_bound_practice_trace_input(
            chain,
            bindings=bindings,
            operator_results=operator_results,
            replay_results=results,
            replay_refusals=refusals,
        )
        if type(bound_input) is not PracticeTraceInput:
            return [], cast(PracticeTraceRefusal, bound_input)  # the input's refusal is the seal
        return [bound_input], seal_bound_practice_trace(
            bound_input,
            chain,
            bindings=bindings,
            operator_results=operator_results,
            replay_results=results,
            replay_refusals=refusals,
        )
    trace_input = build_practice_trace_input(
        chain, replay_results=results, replay_refusals=refusals
    )
    if type(trace_input) is not PracticeTraceInput:
        return [], cast(PracticeTraceRefusal, trace_input)  # the input's refusal is the seal
    return [trace_input], seal_practice_trace(
        trace_input, chain, replay_results=results, replay_refusals=refusals
    )


def _open_episode(
    ctx: _Context, run: GeometricSearchRun
) -> tuple[list[object], object, list[ReplayEvidence]]:
    """Open shape: bind each operator result from outside, replay, seal on the bound path."""
    records: list[object] = [run]
    # The chain as the binding stage grew it, so that every later stage recognises it at once.
    chain: tuple[CandidateAttemptRunBinding, ...] = ()
    bound_results: list[CandidateOperatorResult] = []
    tried: set[Digest] = set()
    spent = 0
    for step, residual, row in ctx.candidates():
        if step >= ctx.budget.max_steps or spent + row.charge > ctx.budget.max_candidates:
            break  # s6.3: stop when the budget is spent
        out = build_operator_results(
            run,
            ctx.frame,
            ctx.assessment,
            residual,
            ctx.manifest.operator_set,
            row,
            attempt_index=len(chain),
            step_index=step,
            already_tried=frozenset(tried),
        )
        if type(out) is not tuple:
            records.append(out)  # the operator's refusal is evidence too
            continue
        for result in out:
            if spent + result.candidate_attempt.budget_charge > ctx.budget.max_candidates:
                break
            binding = bind_candidate_attempt(run, result, chain, ctx.budget)
            if type(binding) is not CandidateAttemptRunBinding:
                records.append(binding)
                break
            spent += result.candidate_attempt.budget_charge
            tried.add(result.candidate_attempt.candidate_digest)
            chain = extended_chain(chain, binding)
            bound_results.append(result)
            records.extend(
                (result.candidate_attempt, result.candidate_reconstruction, result, binding)
            )
    evidence: list[ReplayEvidence] = []
    for result in bound_results:
        replay_input = build_bound_replay_input(
            ctx.chain(run), bindings=chain, operator_result=result, manifest=ctx.manifest
        )
        evidence.append(
            _replay(
                ctx,
                replay_input,
                run,
                result.candidate_attempt,
                result.candidate_reconstruction,
                chain,
            )
        )
        if type(replay_input) is ReplayAdapterInput:
            records.append(replay_input)
    records.extend(_replay_records(evidence))
    sealed_records, trace = _seal(
        ctx,
        run,
        bound=True,
        bindings=chain,
        operator_results=tuple(bound_results),
        evidence=evidence,
    )
    return [*records, *sealed_records], trace, evidence


def _embedded_episode(ctx: _Context) -> tuple[list[object], object, list[ReplayEvidence]]:
    """Embedded shape: explore first, build the run once, complete; seal on the legacy path."""
    records: list[object] = []
    explored: list[ExploredCandidate] = []
    deltas: list[CandidateDelta] = []
    tried: set[Digest] = set()
    spent = 0
    exhaustion = ExhaustionCode.OPERATOR_SPACE_DEPLETED
    for step, residual, row in ctx.candidates():
        if step >= ctx.budget.max_steps:
            exhaustion = ExhaustionCode.MAX_STEPS_REACHED
            break
        out = propose_deltas(ctx.frame, ctx.assessment, residual, ctx.manifest.operator_set, row)
        if type(out) is not tuple:
            records.append(out)
            continue
        for delta in out:
            candidate = explored_candidate(ctx.frame.problem_frame_digest, row, delta, step)
            if candidate.candidate_digest in tried:
                continue  # the same candidate from another operator is not tried twice
            if spent + row.charge > ctx.budget.max_candidates:
                exhaustion = ExhaustionCode.MAX_CANDIDATES_REACHED
                break
            spent += row.charge
            tried.add(candidate.candidate_digest)
            explored.append(candidate)
            deltas.append(delta)
        if exhaustion is ExhaustionCode.MAX_CANDIDATES_REACHED:
            break
    run = build_embedded_search_run(
        ctx.frame,
        ctx.assessment,
        ctx.residuals,
        ctx.gate,
        ctx.budget,
        ctx.manifest.operator_set,
        tuple(explored),
        exhaustion,
    )
    records.insert(0, run)
    if type(run) is not GeometricSearchRun:
        sealed_records, trace = _seal(ctx, run, bound=False)
        return [*records, *sealed_records], trace, []
    evidence: list[ReplayEvidence] = []
    for attempt, delta in zip(run.candidate_attempts, deltas, strict=True):
        reconstruction = build_candidate_reconstruction(run, attempt, delta)
        records.append(attempt)
        if reconstruction is None:
            continue  # cannot happen for the run just built; the trace would refuse it
        records.append(reconstruction)
        replay_input = build_replay_input(
            ctx.chain(run),
            attempt_index=attempt.attempt_index,
            reconstruction=reconstruction,
            manifest=ctx.manifest,
        )
        if type(replay_input) is ReplayAdapterInput:
            records.append(replay_input)
        evidence.append(_replay(ctx, replay_input, run, attempt, reconstruction, None))
    records.extend(_replay_records(evidence))
    sealed_records, trace = _seal(ctx, run, bound=False, evidence=evidence)
    return [*records, *sealed_records], trace, evidence


def _replay(
    ctx: _Context,
    replay_input: ReplayAdapterInput | ReplayAdapterRefusal,
    run: GeometricSearchRun,
    attempt: CandidateAttempt,
    reconstruction: CandidateReconstruction,
    bindings: tuple[CandidateAttemptRunBinding, ...] | None,
) -> ReplayEvidence:
    if type(replay_input) is not ReplayAdapterInput:
        return ReplayEvidence(cast(ReplayAdapterRefusal, replay_input), None, None, ())
    return replay_candidate(
        replay_input,
        ctx.chain(run),
        attempt=attempt,
        reconstruction=reconstruction,
        manifest=ctx.manifest,
        bindings=bindings,
    )


def _episode(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    organ: OrganEntry,
    manifest: AuthorityManifest,
    shape: RunShape,
) -> Episode:
    projected = project_contract_residuals(frame, assessment, organ.classification)
    residuals = projected if type(projected) is tuple else ()
    gate = decide_search_gate(frame, assessment, residuals, organ.classification)
    budget = decide_compute_budget(gate)
    ctx = _Context(frame, assessment, organ, manifest, residuals, gate, budget)
    head: list[object] = [] if type(projected) is tuple else [projected]
    head.extend((*residuals, gate, budget))
    if (
        shape is RunShape.EMBEDDED
        and gate.status is GateStatus.ELIGIBLE
        and budget.status is BudgetStatus.ALLOWED
    ):
        records, trace, evidence = _embedded_episode(ctx)
    else:
        opened = initialize_search_run(
            frame, assessment, residuals, gate, budget, manifest.operator_set
        )
        if type(opened) is GeometricSearchRun:
            records, trace, evidence = _open_episode(ctx, opened)
        else:  # s6.2: blocked: the run refusal seals the original refusal
            sealed_records, trace = _seal(ctx, opened, bound=shape is RunShape.OPEN)
            records, evidence = [opened, *sealed_records], []
    return Episode(
        assessment=assessment,
        records=(*head, *records, trace),
        trace=trace,  # type: ignore[arg-type]
        closed_frames=_closed_frames(evidence),
    )


def practice(
    text: str,
    *,
    manifest: AuthorityManifest | None = None,
    reader: Reader | None = None,
    shape: RunShape = RunShape.OPEN,
) -> Practice:
    """Practise one problem text: read, assess, check direct proofs, practise every refusal.

    Accepts any ``text``; ``manifest`` and ``reader`` default to the arithmetic domain's.
    Returns a :class:`Practice` (with ``frame=None`` and the reader's refusal when the text
    cannot be read). Never raises: every stage returns its typed refusal instead.
    """
    manifest = _default_manifest() if manifest is None else manifest
    reader = _default_reader() if reader is None else reader
    try:
        read = reader(text)
    except Exception as exc:  # a reader that raises is a reader refusal, recorded by name
        return Practice(None, exc, (), (), ())
    if not is_well_formed(read, ProblemFrame):
        return Practice(None, read, (), (), ())
    frame: ProblemFrame = read  # type: ignore[assignment]
    assessments: list[ContractAssessment] = []
    direct: list[DirectCheck] = []
    episodes: list[Episode] = []
    for organ in manifest.organs:
        try:
            if not organ.applies(frame):
                continue
            assessment = organ.assess(frame)
        except Exception:  # an organ that fails is not an organ that applies
            continue
        if not (
            is_well_formed(assessment, ContractAssessment)
            and assessment.problem_frame_digest == frame.problem_frame_digest
            and assessment.candidate_organ == organ.organ
        ):
            continue
        assessments.append(assessment)
        if assessment.runnable:
            direct.append(_call_proofs(frame, assessment, organ, manifest))
        else:
            episodes.append(_episode(frame, assessment, organ, manifest, shape))
    return Practice(frame, None, tuple(assessments), tuple(direct), tuple(episodes))
