"""Scaling: time per attempt for runs of 1 to 10,000 attempts; time per problem and peak memory
for corpora of 100 to 100,000 problems.

**Attempts** (``--attempts 1,10,100,1000,10000``). The kernel's static budget table caps a run
at 32 candidates (``BUDGET_TABLE``) and offers no override, and :func:`initialize_search_run`
opens a run only under the policy's own budget. So larger runs are built with the kernel's
public constructors around its real boundaries: the real chain of a SVAMP problem (frame,
assessment, residuals, gate), a budget record sealed with ``max_candidates = N`` (everything
else as the policy's), an open run sealed over it with a toy operator set, and a toy operator
that emits N distinct candidates (the real operator's candidate with N different evidence-span
tuples). Each stage is then timed directly at that size, per attempt:

* ``operator_results``: :func:`build_operator_results` for the N candidates, / N;
* ``bind_last``: :func:`bind_candidate_attempt` for one of the last attempts, given the
  bindings before it, then :func:`extended_chain` (what attaching one attempt costs once a run
  is N long). Every attempt of the run is bound for real, in order, as the orchestrator binds
  them: each given the chain the binding stage grew; the figure is the best of the last (up
  to) five binds;
* ``replay``: :func:`build_bound_replay_input` + :func:`replay_candidate`, averaged over up to
  ``--replay-sample`` attempts spread over the run;
* ``trace``: :func:`build_bound_practice_trace_input` + :func:`seal_bound_practice_trace` over
  the whole run, / N; it needs every attempt replayed, so it is measured up to
  ``--trace-max`` attempts (default 1,000: replaying 10,000 attempts alone takes ~40 s).

Flat means a stage's per-attempt time never exceeds 1.5x its smallest value at any size up to
it (``growth``; ``max_over_min`` across all sizes is printed too: a run's fixed costs spread over
one attempt make the one-attempt row the dearest per attempt without anything growing).

**Corpus** (``--corpus-sizes``, default ``100,1000,3000`` to stay under a minute; the
100 to 100,000 series of docs/performance.md is ``--part corpus --corpus-sizes
100,1000,10000,100000``). SVAMP repeated with distinct ids (``<id>#<round>``), streamed to a
temporary file, then ``run_corpus`` in a fresh subprocess per size (``--engine``, default
in-process, so that the peak resident memory ``ru_maxrss`` covers the work too). Repeated texts
produce the same records, so after the first round the store mostly finds objects it has.

    PYTHONPATH=src python benchmarks/bench_scaling.py [--part attempts|corpus|all]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import REPO, corpus, emit, problems, rounded, write_corpus
from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.kernel.binding import (
    bind_candidate_attempt,
    extended_chain,
)
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.candidate import CandidateDelta
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import SearchGateDecision
from practiceloop.kernel.manifest import OperatorRow, OperatorSet
from practiceloop.kernel.operator_result import CandidateOperatorResult, build_operator_results
from practiceloop.kernel.record import sealed
from practiceloop.kernel.replay import build_bound_replay_input, replay_candidate
from practiceloop.kernel.residual import ContractResidual
from practiceloop.kernel.search_run import (
    RUN_POLICY_VERSION,
    GeometricSearchRun,
    RunDisposition,
    run_input_digest,
)
from practiceloop.kernel.trace import build_bound_practice_trace_input, seal_bound_practice_trace
from practiceloop.loop.episode import practice

# -- attempts ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Chain:
    frame: ProblemFrame
    assessment: Any
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision
    residual: ContractResidual
    row: OperatorRow
    delta: CandidateDelta


def _real_chain() -> _Chain:
    """The first SVAMP problem whose open run binds an operator result: its real records."""
    for _, text in problems(corpus("svamp")):
        result = practice(text)
        for episode in result.episodes:
            found = {type(r): r for r in episode.records}
            op = found.get(CandidateOperatorResult)
            run = found.get(GeometricSearchRun)
            if op is None or run is None or result.frame is None:
                continue
            rec = op.candidate_reconstruction
            residuals = tuple(r for r in episode.records if type(r) is ContractResidual)
            return _Chain(
                frame=result.frame,
                assessment=episode.assessment,
                residuals=residuals,
                gate=found[SearchGateDecision],
                budget=found[ComputeBudgetDecision],
                residual=next(r for r in residuals if r.residual_id == op.residual_id),
                row=ARITH_MANIFEST.operator_set.row(op.operator_id, op.operator_version),  # type: ignore[arg-type]
                delta=CandidateDelta(
                    bindings=rec.candidate_bindings,
                    relations=rec.candidate_relations,
                    targets=rec.candidate_targets,
                    evidence_spans=rec.evidence_spans,
                ),
            )
    raise SystemExit("no SVAMP problem binds an operator result: nothing to scale")


_DIGITS = 5  # evidence spans added per toy candidate


def _toy_set(chain: _Chain, count: int) -> OperatorSet:
    """One operator for the chain's residual that proposes ``count`` distinct candidates."""
    spans = tuple(chain.frame.sentences) + tuple(m.span for m in chain.frame.mentions)
    base = len(spans)
    if base**_DIGITS < count:
        raise SystemExit(f"{base} spans give fewer than {count} distinct candidates")

    def propose(frame: object, assessment: object, residual: object) -> tuple[CandidateDelta, ...]:
        deltas = []
        for n in range(count):
            # n written in base len(spans) with a fixed number of digits: distinct candidates
            # of one size at every run length, so sizes compare like with like.
            extra = tuple(spans[n // base**d % base] for d in range(_DIGITS))
            deltas.append(dataclasses.replace(
                chain.delta, evidence_spans=chain.delta.evidence_spans + extra))
        return tuple(deltas)

    row = dataclasses.replace(chain.row, operator_id="bench.toy_n", propose=propose)
    return OperatorSet(version=f"bench.toy_n.{count}", rows=(row,))


def _open_run(chain: _Chain, operators: OperatorSet, count: int) -> tuple[Any, Any]:
    """(budget with max_candidates=count, open run over it), sealed by the kernel."""
    old = chain.budget
    budget = sealed(
        ComputeBudgetDecision,
        policy_version=old.policy_version,
        gate_decision_id=old.gate_decision_id,
        status=BudgetStatus.ALLOWED,
        reason_code=old.reason_code,
        max_candidates=count * chain.row.charge,
        max_depth=old.max_depth,
        max_steps=old.max_steps,
        max_parallelism=old.max_parallelism,
        evidence_spans=old.evidence_spans,
        explanation=f"benchmark budget: {count} candidates",
    )
    gate, assessment = chain.gate, chain.assessment
    fields = dict(
        problem_frame_digest=assessment.problem_frame_digest,
        original_contract_assessment_id=assessment.assessment_id,
        residual_ids=gate.residual_ids,
        gate_decision_id=gate.decision_id,
        budget_id=budget.budget_id,
        candidate_organ=assessment.candidate_organ,
        operator_set_id=operators.operator_set_id,
        operator_set_version=operators.version,
    )
    run = sealed(
        GeometricSearchRun,
        run_policy_version=RUN_POLICY_VERSION,
        input_digest=run_input_digest(**fields),  # type: ignore[arg-type]
        **fields,
        candidate_attempts=(),
        budget_consumed=0,
        run_disposition=RunDisposition.OPEN,
        exhaustion_code=None,
        evidence_spans=gate.evidence_spans,
        explanation=f"benchmark open run of {count} attempts",
    )
    return budget, run


def _attempts(count: int, chain: _Chain, replay_sample: int, trace_max: int) -> dict[str, Any]:
    operators = _toy_set(chain, count)
    manifest = dataclasses.replace(ARITH_MANIFEST, operator_set=operators)
    budget, run = _open_run(chain, operators, count)
    start = time.perf_counter()
    results = build_operator_results(
        run, chain.frame, chain.assessment, chain.residual, operators, operators.rows[0],
        attempt_index=0, step_index=0, already_tried=frozenset(),
    )
    operator_seconds = time.perf_counter() - start
    if type(results) is not tuple or len(results) != count:
        raise SystemExit(f"the toy operator's candidates were refused: {results!r:.300}")
    # Every attempt is bound for real, in order, as the orchestrator binds them: each given the
    # chain the binding stage grew. ``bind_last`` is the best of the last (up to) five binds:
    # what attaching one attempt costs once a run is N long.
    bound_chain: tuple[Any, ...] = ()
    bind_samples: list[float] = []
    for index, result in enumerate(results):
        start = time.perf_counter()
        bound = bind_candidate_attempt(run, result, bound_chain, budget)
        if getattr(bound, "attempt_index", None) != index:
            raise SystemExit(f"binding attempt {index} was refused: {bound!r:.300}")
        bound_chain = extended_chain(bound_chain, bound)
        elapsed = time.perf_counter() - start
        if index >= count - 5:
            bind_samples.append(elapsed)
    bind_seconds = min(bind_samples)
    upstream = UpstreamChain(
        chain.frame, chain.assessment, chain.residuals, chain.gate, budget, run
    )
    replayed: list[Any] = []
    sample = set(range(0, count, max(1, count // replay_sample)))
    traced = count <= trace_max  # the trace needs every attempt replayed: bounded run time
    replay_seconds = 0.0
    for index, result in enumerate(results):
        if not traced and index not in sample:
            continue
        start = time.perf_counter()
        replay_input = build_bound_replay_input(
            upstream, bindings=bound_chain, operator_result=result, manifest=manifest)
        evidence = replay_candidate(
            replay_input, upstream, attempt=result.candidate_attempt,  # type: ignore[arg-type]
            reconstruction=result.candidate_reconstruction, manifest=manifest,
            bindings=bound_chain)
        if index in sample:
            replay_seconds += time.perf_counter() - start
        replayed.append(evidence.outcome)
    results_ok = tuple(o for o in replayed if type(o).__name__ == "ReplayAdapterResult")
    refusals = tuple(o for o in replayed if type(o).__name__ == "ReplayAdapterRefusal")
    per_attempt = {
        "operator_results": rounded(operator_seconds / count * 1e6, 1),
        "bind_last": rounded(bind_seconds * 1e6, 1),
        "replay": rounded(replay_seconds / len(sample) * 1e6, 1),
    }
    figures: dict[str, Any] = {"attempts": count, "replay_refusals": len(refusals)}
    if traced:
        values = dict(bindings=bound_chain, operator_results=results,
                      replay_results=results_ok, replay_refusals=refusals)
        start = time.perf_counter()
        trace_input = build_bound_practice_trace_input(upstream, **values)  # type: ignore[arg-type]
        trace = seal_bound_practice_trace(trace_input, upstream, **values)  # type: ignore[arg-type]
        per_attempt["trace"] = rounded((time.perf_counter() - start) / count * 1e6, 1)
        figures["trace"] = type(trace).__name__
    figures["us_per_attempt"] = per_attempt
    return figures


def _flatness(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per stage: ``max_over_min`` across all sizes, and ``growth``, the largest ratio of a
    size's time per attempt to the smallest time at any size up to it (rows ascend in size).

    A run's fixed costs (sealing the trace's own records, the run's first bind) are spread over
    its attempts, so a one-attempt run costs more *per attempt* than a long one; that is not
    growth. ``flat`` is judged on ``growth``: what an O(N) step per attempt would show.
    """
    figures: dict[str, Any] = {}
    for stage in rows[0]["us_per_attempt"]:
        values = [row["us_per_attempt"][stage] for row in rows if stage in row["us_per_attempt"]]
        if min(values) <= 0:
            figures[stage] = {"max_over_min": None, "growth": None, "flat": False}
            continue
        growth = max(value / min(values[: index + 1]) for index, value in enumerate(values))
        figures[stage] = {"max_over_min": rounded(max(values) / min(values), 2),
                          "growth": rounded(growth, 2), "flat": growth <= 1.5}
    return figures


# -- corpus ------------------------------------------------------------------------------------

_CHILD = """
import json, resource, sys, time
from practiceloop.engines import make_engine, run_corpus
corpus, store, engine = sys.argv[1:4]
with make_engine(engine) as chosen:
    start = time.perf_counter()
    summary = run_corpus(corpus, store, engine=chosen)
    seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "sealed": summary.sealed, "failures": len(summary.failures),
                  "objects": summary.log_size,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _corpus_size(size: int, engine: str, directory: Path) -> dict[str, Any]:
    path = write_corpus(corpus("svamp"), directory / f"svamp-{size}.jsonl", size)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path), str(directory / f"store-{size}.sqlite"), engine],
        env=env, capture_output=True, text=True, check=True)
    child = json.loads(done.stdout.strip().splitlines()[-1])
    path.unlink()
    return {
        "problems": size,
        "sealed": child["sealed"],
        "failures": child["failures"],
        "objects": child["objects"],
        "seconds": rounded(child["seconds"]),
        "ms_per_problem": rounded(child["seconds"] / size * 1000, 3),
        "peak_rss_mb": rounded(child["peak_rss_mb"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("attempts", "corpus", "all"), default="all")
    parser.add_argument("--attempts", default="1,10,100,1000,10000")
    parser.add_argument("--replay-sample", type=int, default=50)
    parser.add_argument("--trace-max", type=int, default=1000,
                        help="seal the trace (replaying every attempt) up to this many attempts")
    parser.add_argument("--corpus-sizes", default="100,1000,3000")
    parser.add_argument("--engine", default="inprocess")
    args = parser.parse_args()
    figures: dict[str, Any] = {"benchmark": "scaling"}
    if args.part in ("attempts", "all"):
        chain = _real_chain()
        _attempts(2, chain, args.replay_sample, args.trace_max)  # warm lazily built tables
        rows = [_attempts(int(n), chain, args.replay_sample, args.trace_max)
                for n in args.attempts.split(",")]
        figures["attempts"] = {"runs": rows, "flatness": _flatness(rows)}
    if args.part in ("corpus", "all"):
        with tempfile.TemporaryDirectory() as scratch:
            sizes = [_corpus_size(int(n), args.engine, Path(scratch))
                     for n in args.corpus_sizes.split(",")]
        per_problem = [row["ms_per_problem"] for row in sizes]
        figures["corpus"] = {
            "engine": args.engine,
            "sizes": sizes,
            "ms_per_problem_max_over_min": rounded(max(per_problem) / min(per_problem), 2),
            "peak_rss_mb_max_over_min": rounded(
                max(r["peak_rss_mb"] for r in sizes) / min(r["peak_rss_mb"] for r in sizes), 2),
        }
    emit(figures)


if __name__ == "__main__":
    main()
