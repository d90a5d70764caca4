"""Episodes per second end to end, per engine and per core, on SVAMP and GSM8K train.

"End to end" is :func:`practiceloop.engines.run_corpus` from the corpus file into a fresh
SQLite store: read, shard, practise, move bytes, append in canonical order, checkpoint. An
episode is one refused assessment practised into a sealed trace (or a trace refusal); the
problem entries in the store say how many each problem had. Engines are built before the clock
starts (a Dask local cluster takes a second or two to start; its start is reported apart); a
process pool starts its workers inside the timed run.

Also reported: ``kernel_only``, the same problems through
:func:`practiceloop.loop.evidence.practice_problem` in this process with no driver and no store,
the ceiling the engines are measured against; and, per run, ``driver_cpu_seconds``, the CPU
time of this process (all the work for the in-process engine; for the others the driver's own
serial share: reading, decoding, appending to the store). CPU seconds are robust to other
load on the machine; wall-clock figures are not (see ``machine.load_average_1_5_15m``).

    PYTHONPATH=src python benchmarks/bench_episodes.py [--svamp 1000] [--gsm8k 1500]
        [--engines inprocess,process,dask] [--workers N] [--repeat R]

With ``--repeat R`` every engine runs R times, interleaved, and its figures are those of its
fastest run (all run times are listed in ``seconds_each_run``): on a shared machine the
fastest run is the one least disturbed by other load.

Targets on a 2-core machine: >= 1,000 episodes/s per core on SVAMP; process >= 1.7x in-process.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import corpus, emit, episodes_in_store, problems, rounded, timed, write_corpus
from practiceloop.engines import make_engine, run_corpus
from practiceloop.loop.evidence import practice_problem


def _kernel_only(path: Path) -> dict[str, Any]:
    items = list(problems(path))
    cpu = time.process_time()
    seconds, episodes = timed(lambda: sum(
        len(_traces(practice_problem(pid, text).objects)) for pid, text in items))
    cpu = time.process_time() - cpu
    return {
        "problems": len(items),
        "episodes": episodes,
        "seconds": rounded(seconds),
        "cpu_seconds": rounded(cpu),
        "problems_per_s": rounded(len(items) / seconds, 1),
        "episodes_per_s": rounded(episodes / seconds, 1),
        "episodes_per_cpu_s": rounded(episodes / cpu, 1),
    }


def _traces(objects: tuple[tuple[str, str, bytes], ...]) -> list[str]:
    import json

    entry = json.loads(objects[-1][2])["record"]
    return list(entry["trace_ids"])


def _engine_run(name: str, path: Path, workers: int | None, directory: Path) -> dict[str, Any]:
    chosen = None if name == "inprocess" else workers  # --workers sizes the parallel engines
    start_seconds, engine = timed(lambda: make_engine(name, workers=chosen))
    store = directory / f"{name}.sqlite"
    cpu = time.process_time()
    with engine:
        seconds, summary = timed(lambda: run_corpus(path, store, engine=engine))
    cpu = time.process_time() - cpu
    episodes = episodes_in_store(store)
    figures = {
        "workers": engine.workers,
        "problems": summary.sealed,
        "failures": len(summary.failures),
        "episodes": episodes,
        "objects": summary.log_size,
        "seconds": rounded(seconds),
        "problems_per_s": rounded(summary.sealed / seconds, 1),
        "episodes_per_s": rounded(episodes / seconds, 1),
        "episodes_per_s_per_core": rounded(episodes / seconds / engine.workers, 1),
        # This process's CPU: all of the work in-process; the driver's serial share otherwise.
        "driver_cpu_seconds": rounded(cpu),
        "log_root": summary.log_root,
    }
    if name == "dask":
        figures["cluster_start_seconds"] = rounded(start_seconds)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svamp", type=int, default=1000, help="SVAMP problems (all: 1000)")
    parser.add_argument("--gsm8k", type=int, default=1500, help="GSM8K train problems (7473)")
    parser.add_argument("--engines", default="inprocess,process,dask")
    parser.add_argument("--workers", type=int, default=None, help="default: every core")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per engine, interleaved; each figure is from the fastest")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        for name, count in (("svamp", args.svamp), ("gsm8k", args.gsm8k)):
            if count <= 0:
                continue
            path = write_corpus(corpus(name), directory / f"{name}.jsonl", count)
            runs: dict[str, list[dict[str, Any]]] = {}
            for round_ in range(max(1, args.repeat)):  # interleaved: load drifts hit all alike
                runs.setdefault("kernel_only", []).append(_kernel_only(path))
                for engine in args.engines.split(","):
                    run_dir = directory / f"{name}-{engine}-{round_}"
                    run_dir.mkdir()
                    runs.setdefault(engine, []).append(
                        _engine_run(engine, path, args.workers, run_dir))
            per_engine: dict[str, Any] = {}
            for engine, figures in runs.items():
                best = min(figures, key=lambda run: run["seconds"])
                per_engine[engine] = {**best, "seconds_each_run": [r["seconds"] for r in figures]}
            roots = {run["log_root"] for engine, figures in runs.items()
                     if engine != "kernel_only" for run in figures}
            per_engine["same_root_on_every_engine"] = len(roots) == 1
            if "inprocess" in per_engine and "process" in per_engine:
                per_engine["process_speedup"] = rounded(
                    per_engine["process"]["episodes_per_s"]
                    / per_engine["inprocess"]["episodes_per_s"], 2)
            results[name] = per_engine
    emit({"benchmark": "episodes", **results})


if __name__ == "__main__":
    main()
