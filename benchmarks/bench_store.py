"""The evidence store: records per second written, and ``verify`` throughput in MB/s.

Real records (SVAMP problems through :func:`practiceloop.loop.evidence.practice_problem`, made
before the clock starts) are appended to a fresh store the way the driver appends them: one
transaction per batch of problems. Then the store is read back three ways, each timed over the
bytes of every stored body:

* ``iter_objects``: the store's own re-check of every object on read (re-hash, re-parse);
* ``verify_quick`` / ``verify_full``: :func:`practiceloop.audit.verify_store` in its two modes
  (what ``practiceloop verify`` runs).

    PYTHONPATH=src python benchmarks/bench_store.py [--problems 1000] [--batches 512,1]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from _common import corpus, emit, problems, rounded, timed, write_corpus
from practiceloop.audit import Mode, verify_store
from practiceloop.loop.evidence import ProblemEvidence, practice_problem
from practiceloop.store import EvidenceStore, append_checkpoint


def _append_all(store_path: Path, evidence: list[ProblemEvidence], batch: int) -> int:
    with EvidenceStore.open(store_path, create=True) as store:
        for start in range(0, len(evidence), batch):
            chunk = evidence[start : start + batch]
            store.append(
                [obj for item in chunk for obj in item.objects],  # type: ignore[misc]
                [(item.problem_id, item.entry_id) for item in chunk],  # type: ignore[misc]
            )
        append_checkpoint(store)
        return store.log_size()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=1000)
    parser.add_argument("--batches", default="512,1", help="problems per transaction")
    args = parser.parse_args()
    figures: dict[str, Any] = {"problems": args.problems}
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        source = write_corpus(corpus("svamp"), directory / "svamp.jsonl", args.problems)
        evidence = [practice_problem(pid, text) for pid, text in problems(source)]
        records = sum(len(item.objects) for item in evidence)
        distinct = {obj[0]: len(obj[2]) for item in evidence for obj in item.objects}
        body_bytes = sum(distinct.values())
        figures.update(records_offered=records, records_distinct=len(distinct),
                       body_megabytes=rounded(body_bytes / 1e6))
        for batch in (int(b) for b in args.batches.split(",")):
            store_path = directory / f"store-{batch}.sqlite"
            seconds, size = timed(lambda: _append_all(store_path, evidence, batch))  # noqa: B023
            figures[f"write_batch_{batch}"] = {
                "seconds": rounded(seconds),
                "transactions": -(-len(evidence) // batch),
                "records_per_s": rounded(size / seconds, 1),
                "megabytes_per_s": rounded(body_bytes / 1e6 / seconds, 2),
            }
        store_path = directory / f"store-{int(args.batches.split(',')[0])}.sqlite"

        def read_back() -> int:
            with EvidenceStore.open_readonly(store_path) as store:
                return sum(1 for _ in store.iter_objects(verify=True))

        seconds, count = timed(read_back)
        figures["iter_objects"] = {"objects": count, "seconds": rounded(seconds),
                                   "megabytes_per_s": rounded(body_bytes / 1e6 / seconds, 2)}
        for mode in (Mode.QUICK, Mode.FULL):
            seconds, report = timed(lambda: verify_store(store_path, mode=mode))  # noqa: B023
            figures[f"verify_{mode.value}"] = {
                "findings": len(report.findings),
                "seconds": rounded(seconds),
                "megabytes_per_s": rounded(body_bytes / 1e6 / seconds, 2),
            }
    emit({"benchmark": "store", **figures})


if __name__ == "__main__":
    main()
