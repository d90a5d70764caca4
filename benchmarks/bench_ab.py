"""Two source trees compared interleaved, in one run: episodes per CPU-second, A against B.

The machine is shared and noisy (the same code's CPU time moves by 1.6x from one minute to the
next), so a speed change is judged by running the old and the new code alternately, each run a
fresh interpreter with one tree's ``src`` first on its path, and comparing the ratio of each
adjacent pair. Two workloads, as ``bench_episodes.py`` measures them:

* ``kernel``: every problem through :func:`practiceloop.loop.evidence.practice_problem` in
  this process (kernel, domain and orchestrator; no store);
* ``inprocess``: :func:`practiceloop.engines.run_corpus` with the in-process engine into a
  fresh SQLite store (end to end: practice, the store's checks, SQL, the derived index).

Each figure is CPU seconds of the worker process (``time.process_time``: other load distorts
it far less than wall clock) and episodes per CPU-second; ``ratio_b_over_a`` is B's episodes
per CPU-second over A's, per round, with their median. The Merkle root of each end-to-end run
is reported: A and B must reach the same one when nothing stored changed (a changed entry
schema version changes it; see ``docs/performance.md``).

    python benchmarks/bench_ab.py --a ../base/src --b src [--corpus svamp,gsm8k] [--rounds 3]
        [--problems N] [--workloads kernel,inprocess] [--ablate-b memo_off,...]
        [--measure instructions]

``--measure instructions`` counts instructions instead of timing (valgrind's callgrind, which
the machine's other load does not move, so one round is enough): each side runs the workload on
the first problem alone and on all of them, and the difference over the difference of their
episodes is its instructions per episode (imports, first-use tables and the store's creation
cancel out). ``ratio_b_over_a`` is then A's instructions per episode over B's. Under callgrind a
run is about 50 times slower: use ``--problems`` (200 SVAMP problems take about two minutes).

``--ablate-b`` is a diagnostic, never a mode of the product: B's worker first switches off
one part of the kernel's identity work, to measure what that part costs (the records stay
byte-identical; only the time moves): ``memo_off`` (every check computed afresh, the
one cache unused), ``validation_off`` (the canonical encoder's validation walk skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from _common import corpus, emit, rounded, write_corpus

_WORKER = r"""
import json, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
workload, path, ablations = sys.argv[2], Path(sys.argv[3]), sys.argv[4].split(",")
if "memo_off" in ablations:
    import importlib, pkgutil
    import practiceloop.kernel as kernel
    from practiceloop.kernel import _memo
    for info in pkgutil.iter_modules(kernel.__path__):
        module = importlib.import_module("practiceloop.kernel." + info.name)
        if getattr(module, "remembered", None) is _memo.remembered:
            module.remembered = lambda function, value, *more: function(value, *more)
            module.remember = lambda *args: None
            module.taken = lambda *args: None
if "validation_off" in ablations:
    from practiceloop.kernel import identity
    identity._is_canonical = lambda payload: True
from practiceloop.loop.evidence import practice_problem
items = [(row["id"], row["question"]) for row in map(json.loads, path.open("rb"))]
practice_problem(*items[0])  # imports and first-use tables outside the clock
if workload == "kernel":
    start = time.process_time()
    episodes = 0
    for problem_id, text in items:
        entry = json.loads(practice_problem(problem_id, text).objects[-1][2])["record"]
        episodes += len(entry["trace_ids"])
    cpu = time.process_time() - start
    root = None
else:
    from practiceloop.engines import make_engine, run_corpus
    with tempfile.TemporaryDirectory() as scratch:
        store = Path(scratch) / "store.sqlite"
        engine = make_engine("inprocess")
        start = time.process_time()
        with engine:
            summary = run_corpus(path, store, engine=engine)
        cpu = time.process_time() - start
        from practiceloop.store import EvidenceStore
        episodes = 0
        with EvidenceStore.open_readonly(store) as opened:
            for obj in opened.iter_objects(kind="practice_problem", verify=False):
                episodes += len(json.loads(obj.body)["record"]["trace_ids"])
        root = summary.log_root
print(json.dumps({"cpu_seconds": cpu, "episodes": episodes, "root": root}))
"""


def _run(src: Path, workload: str, path: Path, ablations: str = "") -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", _WORKER, str(src.resolve()), workload, str(path), ablations],
        check=True,
        capture_output=True,
        text=True,
    )
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    figures["episodes_per_cpu_s"] = figures["episodes"] / figures["cpu_seconds"]
    return figures


def _counted(src: Path, workload: str, path: Path, ablations: str = "") -> tuple[int, int]:
    """``(instructions, episodes)`` of one worker run under callgrind (hash seed fixed, so
    that dict and set orders, and with them the count, repeat exactly)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", _WORKER, str(src.resolve()), workload, str(path), ablations],
        check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    counted = re.search(r"Collected : (\d+)", out.stderr)
    if counted is None:
        sys.exit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    return int(counted.group(1)), int(figures["episodes"])


def _instructions(args: argparse.Namespace, path: Path, one: Path) -> dict[str, Any]:
    """Instructions per episode of A and B on ``path`` (less the run on its first problem)."""
    per_corpus: dict[str, Any] = {}
    for workload in args.workloads.split(","):
        sides: dict[str, Any] = {}
        for side in ("a", "b"):
            ablations = args.ablate_b if side == "b" else ""
            full, episodes = _counted(getattr(args, side), workload, path, ablations)
            first, first_episodes = _counted(getattr(args, side), workload, one, ablations)
            sides[side] = {
                "instructions": full, "instructions_first_problem": first,
                "episodes": episodes, "episodes_first_problem": first_episodes,
                "instructions_per_episode": round((full - first) / (episodes - first_episodes)),
            }
        sides["ratio_b_over_a"] = rounded(
            sides["a"]["instructions_per_episode"] / sides["b"]["instructions_per_episode"], 3
        )
        per_corpus[workload] = sides
    return per_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=Path, required=True, help="tree A's src (the baseline)")
    parser.add_argument("--b", type=Path, required=True, help="tree B's src (the change)")
    parser.add_argument("--corpus", default="svamp,gsm8k")
    parser.add_argument("--problems", type=int, default=0, help="per corpus (0: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workloads", default="kernel,inprocess")
    parser.add_argument("--ablate-b", default="", help="diagnostic: see the module docstring")
    parser.add_argument("--measure", choices=("cpu", "instructions"), default="cpu")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "a": str(args.a), "b": str(args.b), "rounds": args.rounds, "ablate_b": args.ablate_b,
        "measure": args.measure,
    }
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.corpus.split(","):
            source = corpus(name)
            count = args.problems or sum(1 for _ in source.open("rb"))
            path = write_corpus(source, Path(scratch) / f"{name}.jsonl", count)
            if args.measure == "instructions":
                one = write_corpus(source, Path(scratch) / f"{name}-1.jsonl", 1)
                results[name] = {"problems": count, **_instructions(args, path, one)}
                continue
            per_corpus: dict[str, Any] = {"problems": count}
            for workload in args.workloads.split(","):
                runs: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}
                for round_ in range(args.rounds):  # A B, B A, A B...: drift hits both alike
                    order = ("a", "b") if round_ % 2 == 0 else ("b", "a")
                    for side in order:
                        ablations = args.ablate_b if side == "b" else ""
                        runs[side].append(_run(getattr(args, side), workload, path, ablations))
                ratios = [
                    b["episodes_per_cpu_s"] / a["episodes_per_cpu_s"]
                    for a, b in zip(runs["a"], runs["b"], strict=True)
                ]
                per_corpus[workload] = {
                    side: {
                        "episodes": figures[0]["episodes"],
                        "cpu_seconds_each_run": [rounded(f["cpu_seconds"]) for f in figures],
                        "episodes_per_cpu_s_best": rounded(
                            max(f["episodes_per_cpu_s"] for f in figures), 1
                        ),
                        "roots": sorted({str(f["root"]) for f in figures}),
                    }
                    for side, figures in runs.items()
                }
                per_corpus[workload]["ratio_b_over_a_each_round"] = [rounded(r, 3) for r in ratios]
                median = statistics.median(ratios)
                per_corpus[workload]["ratio_b_over_a_median"] = rounded(median, 3)
            results[name] = per_corpus
    emit({"benchmark": "ab", **results})


if __name__ == "__main__":
    main()
