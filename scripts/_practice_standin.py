"""A record-light stand-in for ``practiceloop.episode.practice``, for measuring only.

Until the orchestrator lands, this follows the same steps with the same authorities (reader,
every applicable organ, residual projection, gate, budget, operators in manifest order under
the budget's candidate limit, ``apply_delta``, the same organ and every proof on the candidate
frame) and returns the fields :mod:`practiceloop.evaluate` reads. It builds no run, binding,
replay or trace record; once ``practice`` is implemented the measuring scripts use it instead.
"""

from __future__ import annotations

import dataclasses

from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.arith.reader import ReaderRefusal, read
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.budget import decide_compute_budget
from practiceloop.kernel.candidate import OperatorDecline, apply_delta
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import GateStatus, decide_search_gate
from practiceloop.kernel.manifest import AuthorityManifest, OrganEntry
from practiceloop.kernel.proof import ProofStatus
from practiceloop.kernel.residual import ContractResidual, project_contract_residuals


@dataclasses.dataclass(frozen=True)
class Check:
    assessment: ContractAssessment
    closed: bool


@dataclasses.dataclass(frozen=True)
class StandinEpisode:
    assessment: ContractAssessment
    residuals: tuple[ContractResidual, ...]
    practice_disposition: str
    closed_frames: tuple[ProblemFrame, ...]
    attempts: int


@dataclasses.dataclass(frozen=True)
class StandinPractice:
    frame: ProblemFrame | None
    assessments: tuple[ContractAssessment, ...]
    direct: tuple[Check, ...]
    episodes: tuple[StandinEpisode, ...]


def _proofs_close(manifest: AuthorityManifest, organ: OrganEntry, frame: ProblemFrame, assessment: ContractAssessment) -> bool:
    for ref in organ.proof_obligations:
        authority = manifest.proof(ref)
        if authority is None or authority.verify(frame, assessment).status is not ProofStatus.CLOSED:
            return False
    return True


def practice(text: str, manifest: AuthorityManifest = ARITH_MANIFEST) -> StandinPractice:
    frame = read(text)
    if isinstance(frame, ReaderRefusal):
        return StandinPractice(None, (), (), ())
    assessments, direct, episodes = [], [], []
    for organ in manifest.organs:
        if not organ.applies(frame):
            continue
        assessment = organ.assess(frame)
        assessments.append(assessment)
        if assessment.runnable:
            direct.append(Check(assessment, _proofs_close(manifest, organ, frame, assessment)))
            continue
        residuals = project_contract_residuals(frame, assessment, organ.classification)
        assert isinstance(residuals, tuple), residuals
        gate = decide_search_gate(frame, assessment, residuals)
        if gate.status is not GateStatus.ELIGIBLE:
            episodes.append(StandinEpisode(assessment, residuals, "sealed_original_refusal", (), 0))
            continue
        budget = decide_compute_budget(gate)
        closed: list[ProblemFrame] = []
        attempts = 0
        for residual in residuals:
            for row in manifest.operator_set.rows:
                if not row.accepts(residual):
                    continue
                proposed = row.propose(frame, assessment, residual)
                if isinstance(proposed, OperatorDecline):
                    continue
                for delta in proposed:
                    if attempts + row.charge > budget.max_candidates:
                        break
                    attempts += row.charge
                    candidate = apply_delta(frame, delta.bindings, delta.relations, delta.targets)
                    if candidate is None:
                        continue
                    replay = organ.assess(candidate)
                    if replay.runnable and _proofs_close(manifest, organ, candidate, replay):
                        closed.append(candidate)
        disposition = (
            "sealed_candidate_replay_closed" if closed
            else "sealed_all_candidates_refused" if attempts else "sealed_exhausted_no_candidate"
        )
        episodes.append(StandinEpisode(assessment, residuals, disposition, tuple(closed), attempts))
    return StandinPractice(frame, tuple(assessments), tuple(direct), tuple(episodes))
