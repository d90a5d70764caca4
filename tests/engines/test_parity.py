"""Parity: the same real problems through every engine give the same bytes and the same root.

A few hundred SVAMP problems run through the in-process engine, a two-process pool and a local
Dask cluster (two worker processes, one thread each, loopback only). Every engine must store
exactly the objects that calling :func:`practice_problem` here produces, in the same log order,
and reach the same Merkle root.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from practiceloop.engines import (
    DaskEngine,
    Engine,
    InProcessEngine,
    ProcessEngine,
    RunSummary,
    read_corpus,
    run_corpus,
)
from practiceloop.engines.corpus import CorpusProblem
from practiceloop.loop.evidence import practice_problem
from practiceloop.store import EvidenceStore

from .conftest import head

PROBLEMS = 300

pytestmark = pytest.mark.corpus


def _expected_log(corpus: Path) -> list[tuple[str, str, bytes]]:
    """Every object in first-seen order, straight from the pure function in this process."""
    seen: set[str] = set()
    log = []
    for item in read_corpus(corpus):
        assert isinstance(item, CorpusProblem)
        for object_id, kind, body in practice_problem(item.problem_id, item.text).objects:
            if object_id not in seen:
                seen.add(object_id)
                log.append((object_id, kind, body))
    return log


def _stored_log(store: Path) -> list[tuple[str, str, bytes]]:
    with EvidenceStore.open(store, create=False) as opened:
        return [(o.object_id, o.kind, o.body) for o in opened.iter_objects(verify=True)]


def _first_difference(
    got: list[tuple[str, str, bytes]], expected: list[tuple[str, str, bytes]]
) -> str | None:
    """Where two logs part (a short message: the logs are megabytes), or None when equal."""
    for index, (left, right) in enumerate(zip(got, expected, strict=False)):
        if left != right:
            return (
                f"log position {index}: stored {left[1]} {left[0]}, "
                f"expected {right[1]} {right[0]}"
            )
    if len(got) != len(expected):
        return f"log length {len(got)}, expected {len(expected)}"
    return None


def _run(engine: Engine, corpus: Path, store: Path) -> RunSummary:
    with engine:
        return run_corpus(corpus, store, engine=engine, shard_size=16, batch_size=64)


def test_every_engine_stores_the_same_bytes_and_root(svamp: Path, tmp_path: Path) -> None:
    corpus = head(svamp, tmp_path / "svamp-head.jsonl", PROBLEMS)
    expected = _expected_log(corpus)
    summaries = {
        "inprocess": _run(InProcessEngine(), corpus, tmp_path / "inprocess.db"),
        "process": _run(ProcessEngine(2), corpus, tmp_path / "process.db"),
        "dask": _run(DaskEngine(workers=2), corpus, tmp_path / "dask.db"),
    }
    for name, summary in summaries.items():
        assert summary.failures == (), name
        assert (summary.problems, summary.sealed) == (PROBLEMS, PROBLEMS), name
        difference = _first_difference(_stored_log(tmp_path / f"{name}.db"), expected)
        assert difference is None, f"{name}: {difference}"
    roots = {(s.log_size, s.log_root) for s in summaries.values()}
    assert len(roots) == 1 and len(expected) == summaries["inprocess"].log_size
