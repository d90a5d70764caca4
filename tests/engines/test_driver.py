"""The driver: canonical order, resumability, failures and bad lines reported, errors flushed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from practiceloop.engines import (
    BadLine,
    CorpusError,
    Engine,
    EngineLostError,
    InProcessEngine,
    ProblemFailure,
    ProcessEngine,
    RunProgress,
    run_corpus,
)
from practiceloop.store import (
    EvidenceStore,
    InvalidObjectError,
    check_index,
    checkpoint_path,
    read_checkpoints,
)

from .standin import GARBLE, POISON, garbling_work, raising_work, standin_work

S = TypeVar("S")
R = TypeVar("R")


def write_corpus(path: Path, count: int, *, poison: Iterable[int] = (), bad: bool = False) -> Path:
    """``count`` problems (every 7th repeats an earlier text); optional poisoned and bad lines."""
    lines = []
    for n in range(count):
        text = f"Tom has {0 if n % 7 == 0 else n} apples."
        if n in poison:
            text = f"{POISON} {text}"
        lines.append(json.dumps({"id": f"p-{n:04d}", "question": text}))
        if bad and n == 2:
            lines.append("{broken")
            lines.append(json.dumps({"id": "p-0001", "question": "again"}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(corpus: Path, store: Path, **kwargs: Any) -> Any:
    kwargs.setdefault("engine", InProcessEngine())
    kwargs.setdefault("work", standin_work)
    return run_corpus(corpus, store, **kwargs)


def sealed_ids(store: Path) -> list[str]:
    with EvidenceStore.open(store, create=False) as opened:
        return list(opened.problem_ids())


def test_a_run_seals_every_problem_and_publishes_its_head(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 40)
    summary = run(corpus, tmp_path / "s.db")
    assert (summary.problems, summary.sealed, summary.skipped) == (40, 40, 0)
    assert summary.failures == () and summary.bad_lines == ()
    assert summary.engine == "inprocess" and summary.workers == 1
    # 40 entries, 40 texts minus the repeats of "Problem 0" (n = 7, 14, ... 35): shared objects.
    assert summary.new_objects == summary.log_size == 40 + 40 - 5
    assert sealed_ids(tmp_path / "s.db") == [f"p-{n:04d}" for n in range(40)]
    (published,) = read_checkpoints(checkpoint_path(tmp_path / "s.db"))
    assert summary.checkpoint == published
    assert (published.size, published.root) == (summary.log_size, summary.log_root)


def test_a_second_run_skips_everything_and_keeps_the_root(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 30)
    first = run(corpus, tmp_path / "s.db")
    again = run(corpus, tmp_path / "s.db", engine=ProcessEngine(2))
    assert (again.sealed, again.skipped, again.new_objects) == (0, 30, 0)
    assert (again.log_size, again.log_root) == (first.log_size, first.log_root)
    assert len(read_checkpoints(checkpoint_path(tmp_path / "s.db"))) == 1


@pytest.mark.parametrize(("batch_size", "shard_size"), [(1, 1), (3, 2), (7, 50), (1000, 4)])
def test_the_root_depends_on_the_corpus_only(
    tmp_path: Path, batch_size: int, shard_size: int
) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 25)
    reference = run(corpus, tmp_path / "ref.db")
    other = run(
        corpus,
        tmp_path / "s.db",
        engine=ProcessEngine(2),
        batch_size=batch_size,
        shard_size=shard_size,
    )
    assert (other.log_size, other.log_root) == (reference.log_size, reference.log_root)


def test_a_raising_problem_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 20, poison={4, 11})
    summary = run(corpus, tmp_path / "s.db", work=raising_work, engine=ProcessEngine(2))
    assert summary.sealed == 18
    assert summary.failures == (
        ProblemFailure(5, "p-0004", "RuntimeError: stand-in failure on p-0004"),
        ProblemFailure(12, "p-0011", "RuntimeError: stand-in failure on p-0011"),
    )
    assert "p-0004" not in sealed_ids(tmp_path / "s.db")
    # Once the work is fixed, a resumed run seals exactly the failed problems.
    resumed = run(corpus, tmp_path / "s.db")
    assert (resumed.sealed, resumed.skipped, resumed.failures) == (2, 18, ())


def test_bad_lines_are_reported_in_corpus_order(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 6, bad=True)
    summary = run(corpus, tmp_path / "s.db")
    assert summary.bad_lines == (BadLine(4, "not_json"), BadLine(5, "repeated_id"))
    assert (summary.problems, summary.sealed) == (6, 6)


def test_progress_counts_up_to_the_summary(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 23, poison={3}, bad=True)
    seen: list[RunProgress] = []
    summary = run(corpus, tmp_path / "s.db", work=raising_work, shard_size=4, batch_size=8,
                  progress=seen.append)
    assert all(p.total_lines == 25 for p in seen)
    assert [p.lines_done for p in seen] == sorted(p.lines_done for p in seen)
    assert [p.committed for p in seen] == sorted(p.committed for p in seen)
    last = seen[-1]
    assert (last.lines_done, last.sealed, last.committed, last.failed, last.bad_lines) == (
        25, summary.sealed, summary.sealed, 1, 2)


def test_progress_settles_each_line_once_and_is_done_only_at_the_end(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 23, poison={12}, bad=True)
    first = run(write_corpus(tmp_path / "half.jsonl", 9), tmp_path / "s.db")
    assert first.sealed == 9  # the first 9 problems are sealed before the run below
    seen: list[RunProgress] = []
    summary = run(corpus, tmp_path / "s.db", work=raising_work, shard_size=4, batch_size=8,
                  progress=seen.append, engine=EagerEngine())
    settled = [s for p in seen for s in p.recent]
    # Every line settles exactly once, with its outcome (the eager engine reads all first).
    assert sorted(s.line_no for s in settled) == list(range(1, 26))
    outcomes = {s.outcome for s in settled}
    assert outcomes == {"sealed", "skipped", "failed", "bad_line"}
    assert sum(s.outcome == "skipped" for s in settled) == summary.skipped == 9
    assert [s.problem_id for s in settled if s.outcome == "failed"] == [
        f.problem_id for f in summary.failures]
    # Lines read run ahead of the work; what is settled is the honest measure.
    assert [p.settled for p in seen] == sorted(p.settled for p in seen)
    assert all(p.settled < 25 for p in seen[:-2]) and seen[-1].settled == 25
    assert any(p.lines_done == 25 and p.settled < 25 for p in seen)


class OneWorkerEngine(Engine):
    """Base of this module's stand-in engines: one worker, in this process."""

    @property
    def workers(self) -> int:
        return 1


class EagerEngine(OneWorkerEngine):
    """Sends every shard before it hands back a result, as a pool with a wide window does."""

    name = "eager"

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        sent = list(shards)
        for shard in sent:
            yield fn(shard)


def test_once_every_shard_is_sent_each_result_is_committed_as_it_comes(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 23)
    reference = run(corpus, tmp_path / "ref.db")
    seen: list[RunProgress] = []
    summary = run(corpus, tmp_path / "s.db", engine=EagerEngine(), shard_size=5, batch_size=100,
                  progress=seen.append)
    # No result is left waiting for a batch to fill: the run ends with nothing to write.
    assert [p.committed for p in seen] == [5, 10, 15, 20, 23, 23]
    assert (summary.log_size, summary.log_root) == (reference.log_size, reference.log_root)
    # In order, the in-process engine sends a shard only after the one before came back.
    seen.clear()
    run(corpus, tmp_path / "s2.db", shard_size=5, batch_size=100, progress=seen.append)
    assert [p.committed for p in seen] == [0, 0, 0, 0, 23, 23]


class TwoWorkerRecorder(Engine):
    """Claims two workers; runs in this process and records each shard's size."""

    name = "recorder"

    def __init__(self) -> None:
        self.sizes: list[int] = []

    @property
    def workers(self) -> int:
        return 2

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        for shard in shards:
            self.sizes.append(len(shard))  # type: ignore[arg-type]
            yield fn(shard)


def test_shards_shrink_near_the_end_for_several_workers_and_the_log_is_the_same(
    tmp_path: Path,
) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 100)
    reference = run(corpus, tmp_path / "ref.db", shard_size=16)
    engine = TwoWorkerRecorder()
    summary = run(corpus, tmp_path / "s.db", engine=engine, shard_size=16)
    # What is left after each shard, over twice the workers: 16 while over 64 lines are left,
    # then smaller and smaller, down to one problem; every problem exactly once, in order.
    assert engine.sizes == [16, 16, 16, 13, 10, 8, 6, 4, 3, 2, 2, 1, 1, 1, 1]
    assert sum(engine.sizes) == 100
    assert (summary.log_size, summary.log_root) == (reference.log_size, reference.log_root)
    assert sealed_ids(tmp_path / "s.db") == sealed_ids(tmp_path / "ref.db")


@pytest.mark.parametrize("engine", [InProcessEngine, lambda: ProcessEngine(2)])
def test_a_garbled_body_stops_the_run_with_the_store_error_and_no_partial_batch(
    tmp_path: Path, engine: Callable[[], Engine]
) -> None:
    lines = [json.dumps({"id": f"p-{n:04d}", "question": f"{GARBLE if n == 13 else ''} {n}"})
             for n in range(20)]
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    store = tmp_path / "s.db"
    with pytest.raises(InvalidObjectError, match="not canonical"):
        run(corpus, store, engine=engine(), work=garbling_work, shard_size=3, batch_size=6)
    # Batches before the garbled problem's are committed; nothing of its own batch is.
    assert sealed_ids(store) == [f"p-{n:04d}" for n in range(12)]
    with EvidenceStore.open(store, create=False) as opened:
        assert sum(1 for _ in opened.iter_objects(verify=True)) == opened.log_size() == 24
        assert check_index(opened) == []


class RewritingEngine(OneWorkerEngine):
    """The in-process engine, with each shard's bytes rewritten on the way back."""

    name = "rewriting"

    def __init__(self, rewrite: Callable[[bytes], bytes]) -> None:
        self.rewrite = rewrite

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        for shard in shards:
            yield self.rewrite(fn(shard))  # type: ignore[arg-type, misc]


def _other_checks(data: bytes) -> bytes:
    return data[:4] + (999).to_bytes(4, "little") + data[8:]  # a worker with other rules


def _once(old: bytes, new: bytes) -> Callable[[bytes], bytes]:
    done = []

    def rewrite(data: bytes) -> bytes:
        if not done and old in data:
            done.append(True)
            return data.replace(old, new, 1)
        return data

    return rewrite


def test_the_driver_takes_the_workers_checks_and_recheck_gives_the_same_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from practiceloop.store import _objects

    corpus = write_corpus(tmp_path / "c.jsonl", 25)  # 25 problems of 2 objects, 3 repeated
    checked: list[bytes] = []
    original = _objects._checked_body

    def counting(body: bytes, kind: str) -> Any:
        checked.append(body)
        return original(body, kind)

    def checks(**kwargs: Any) -> tuple[int, Any]:
        checked.clear()
        summary = run(corpus, tmp_path / f"{len(list(tmp_path.iterdir()))}.db", **kwargs)
        return len(checked), summary

    monkeypatch.setattr(_objects, "_checked_body", counting)
    unchanged = RewritingEngine(lambda data: data)  # a worker that is not the driver
    by_workers, trusted = checks(engine=unchanged)
    assert by_workers == 50  # each problem's two bodies, by its worker, and none again
    results = [
        checks(engine=unchanged, recheck=True),  # no vouch asked: each distinct body, here
        checks(engine=InProcessEngine()),  # the worker is the driver: no vouch asked either
        checks(engine=RewritingEngine(_other_checks)),  # other rules: checked again, here
    ]
    assert [count for count, _ in results] == [47, 47, 50 + 47]
    for _, summary in results:
        assert (summary.log_size, summary.log_root) == (trusted.log_size, trusted.log_root)


def test_bytes_changed_after_the_workers_check_stop_the_run_with_no_partial_batch(
    tmp_path: Path,
) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 20)
    store = tmp_path / "s.db"
    engine = RewritingEngine(_once(b"Tom has 13 apples", b"Tom has 31 apples"))
    with pytest.raises(InvalidObjectError, match="not the one its checker vouched for"):
        run(corpus, store, engine=engine, shard_size=3, batch_size=6)
    assert sealed_ids(store) == [f"p-{n:04d}" for n in range(12)]  # p-0013 is in batch 3


class DyingEngine(OneWorkerEngine):
    """The in-process engine, except that it dies after ``shards`` results."""

    name = "dying"

    def __init__(self, shards: int) -> None:
        self.shards = shards

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        for index, shard in enumerate(shards):
            if index == self.shards:
                raise EngineLostError(self.name, "scheduler went away")
            yield fn(shard)


@pytest.mark.parametrize("interrupt", ["engine", "keyboard"])
def test_an_interrupted_run_keeps_what_it_received_and_resumes(
    tmp_path: Path, interrupt: str
) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 40)
    clean = run(corpus, tmp_path / "clean.db")
    store = tmp_path / "s.db"
    if interrupt == "engine":
        with pytest.raises(EngineLostError):
            run(corpus, store, engine=DyingEngine(3), shard_size=5, batch_size=100)
    else:
        def stop(progress: RunProgress) -> None:
            if progress.lines_done >= 15:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run(corpus, store, shard_size=5, batch_size=100, progress=stop)
    # Three shards were received, none committed by batch: the flush kept all of them.
    assert sealed_ids(store) == [f"p-{n:04d}" for n in range(15)]
    (published,) = read_checkpoints(checkpoint_path(store))
    resumed = run(corpus, store, engine=ProcessEngine(2))
    assert (resumed.sealed, resumed.skipped) == (25, 15)
    assert (resumed.log_size, resumed.log_root) == (clean.log_size, clean.log_root)
    assert read_checkpoints(checkpoint_path(store))[0] == published


def test_arguments_and_an_unreadable_corpus_are_refused_before_the_store(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 2)
    for bad in ({"batch_size": 0}, {"shard_size": 0}, {"batch_size": 1.0}):
        with pytest.raises(ValueError):
            run(corpus, tmp_path / "s.db", **bad)
    with pytest.raises(CorpusError):
        run(tmp_path / "missing.jsonl", tmp_path / "s.db")
    assert not (tmp_path / "s.db").exists()


_CHILD = """
import sys
from practiceloop.engines import ProcessEngine, run_corpus
from engines.standin import slow_work
if __name__ == "__main__":
    run_corpus(sys.argv[1], sys.argv[2], engine=ProcessEngine(2), work=slow_work,
               batch_size=4, shard_size=2)
"""


def _wait_for_the_group_to_end(group: int) -> None:
    """Wait until every process of the killed run's group is gone: its pool workers (forked
    holding the store's writer lock) die after the driver, and a loaded machine lets that take
    a while; the resumed run would find the lock still held."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


def test_a_run_killed_with_sigkill_resumes_to_the_same_root(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 150)
    clean = run(corpus, tmp_path / "clean.db")
    store = tmp_path / "s.db"
    script = tmp_path / "child.py"
    script.write_text(_CHILD, encoding="utf-8")
    tests_dir = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tests_dir, *sys.path])}
    child = subprocess.Popen(
        [sys.executable, str(script), str(corpus), str(store)], env=env, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if store.exists() and len(sealed_ids(store)) >= 20:
                break
            assert child.poll() is None, "the run ended before it could be killed"
            time.sleep(0.02)
        else:
            pytest.fail("the child committed nothing within 60 s")
    finally:
        os.killpg(child.pid, signal.SIGKILL)  # the driver and its pool, mid-transaction or not
        child.wait()
    _wait_for_the_group_to_end(child.pid)
    committed = sealed_ids(store)
    assert 20 <= len(committed) < 150
    assert committed == [f"p-{n:04d}" for n in range(len(committed))]  # a canonical prefix
    resumed = run(corpus, store, engine=ProcessEngine(2))
    assert (resumed.skipped, resumed.sealed) == (len(committed), 150 - len(committed))
    assert (resumed.log_size, resumed.log_root) == (clean.log_size, clean.log_root)
    with EvidenceStore.open(store, create=False) as opened:
        assert sum(1 for _ in opened.iter_objects(verify=True)) == clean.log_size


class MiscountingEngine(OneWorkerEngine):
    """Drops the last result, or repeats one: an engine bug the driver must not absorb."""

    name = "miscounting"

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        results = [fn(shard) for shard in shards]
        if self.mode == "drop":
            results = results[:-1]
        else:
            results.append(results[-1])
        yield from results


@pytest.mark.parametrize(("mode", "message"), [("drop", "fewer"), ("extra", "more")])
def test_an_engine_that_miscounts_results_is_an_engine_error(
    tmp_path: Path, mode: str, message: str
) -> None:
    corpus = write_corpus(tmp_path / "c.jsonl", 10)
    with pytest.raises(EngineLostError, match=message):
        run(corpus, tmp_path / "s.db", engine=MiscountingEngine(mode), shard_size=3)
    # Everything received before the fault was committed, in order.
    committed = sealed_ids(tmp_path / "s.db")
    assert committed == [f"p-{n:04d}" for n in range(len(committed))]
