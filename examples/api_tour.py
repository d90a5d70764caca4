"""A tour of practiceloop's Python API over the demo corpus that ships with the package.

    python examples/api_tour.py [FOLDER]     # default: a new temporary folder

Practises one problem and prints what became of it, runs the shipped demo corpus into a store
in FOLDER, and reads the store back: its problems, one episode's records (found by an id
prefix, as the command line prints ids), and the log's root. The README quotes its output
(scripts/readme_outputs.py regenerates it).
"""

from __future__ import annotations

import sys
import tempfile
from importlib import resources
from pathlib import Path

import practiceloop
from practiceloop.engines import InProcessEngine

TEXT = ("Maya had 12 marbles. She gave 5 marbles to her brother. "
        "How many marbles does Maya have now?")


def main(folder: Path) -> None:
    # One problem through the loop: nothing is stored.
    result = practiceloop.practice(TEXT)
    print(f"{len(result.records)} records; the reader found {len(result.assessments)} organ(s)")
    for episode in result.episodes:
        organ = episode.assessment.candidate_organ
        missing = ", ".join(episode.assessment.missing_bindings)
        print(f"  {organ} refused (missing: {missing}) -> {episode.practice_disposition}")

    # The demo corpus (package data) into a store; in this process, to keep the tour simple.
    corpus = folder / "demo.jsonl"
    corpus.write_bytes(resources.files("practiceloop").joinpath("examples/demo.jsonl")
                       .read_bytes())
    with InProcessEngine() as engine:
        summary = practiceloop.run_corpus(corpus, folder / "store.sqlite", engine=engine)
    print(f"sealed {summary.sealed} problems into {summary.log_size} records")

    # Reading it back, read-only.
    with practiceloop.open_store(folder / "store.sqlite") as store:
        problem = store.problem("demo-change-loss")
        print(f"problem {problem.problem_id}: {problem.text}")
        trace = store.record(problem.trace_ids[0][:12])  # a 12-hex prefix names the record
        print(f"  its trace {trace.id[:12]}: {trace.fields['practice_disposition']}")
        kinds = sorted({r.kind for r in store.records()})
        print(f"{len(kinds)} kinds of record; log root {store.log_root()[:16]}...")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as scratch:
            main(Path(scratch))
