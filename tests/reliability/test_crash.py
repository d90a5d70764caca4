"""Crashes: ``practiceloop run`` killed with SIGKILL at random points, then resumed, loses no
committed trace, duplicates nothing and verifies clean (system.md "Reliability").

One corpus of real SVAMP problems is run once without interruption (the reference). Then, on
another store, ``python -m practiceloop.cli run`` is started in its own process group again and
again and killed (the whole group: the driver and its worker pool) after a random delay, with a
random engine (process pool or in-process) and batch size (1 to 16 problems per commit), so the
kills land in start-up, mid-shard, mid-transaction and at the checkpoint. After every kill:

* every problem that was sealed just before the kill is still sealed (nothing committed lost);
* ``practiceloop verify`` is clean;
* the log is a prefix of the reference's log, object for object (nothing duplicated or reordered).

At the end one more run completes it; the store must then hold exactly the reference's objects,
in the same order, with the same Merkle root, and verify clean. ``tests/engines`` and
``tests/store`` each kill a run once; this is the loop.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from . import figures
from ._stores import cli, log, verify
from .profile import Profile, head, load_texts

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SUITE = "crash"
SRC = Path(__file__).resolve().parents[2] / "src"


def sealed(store: Path) -> set[str]:
    """The problem ids the store has committed (a read-only look; empty before it exists)."""
    for attempt in range(20):
        if not store.exists():
            return set()
        try:
            conn = sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True, timeout=10)
            try:
                return {row[0] for row in conn.execute("SELECT problem_id FROM problems")}
            finally:
                conn.close()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):  # created, schema not yet committed
                return set()
            if attempt == 19:
                raise
            time.sleep(0.05)  # a writer mid-checkpoint: look again
    raise AssertionError("unreachable")


def _start(corpus: Path, store: Path, engine: str, batch: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    args = [sys.executable, "-m", "practiceloop.cli", "run", str(corpus), "--store", str(store),
            "--engine", engine, "--batch-size", str(batch), "--json"]
    if engine == "process":
        args += ["--workers", "2"]
    return subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def _wait_for(child: subprocess.Popen[bytes], store: Path, target: int, limit: float) -> None:
    """Until ``target`` problems are committed, the child exits, or ``limit`` seconds pass."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and child.poll() is None:
        if len(sealed(store)) >= target:
            return
        time.sleep(0.01)


def _finish(corpus: Path, store: Path, expected: list[tuple[object, ...]],
            every_id: set[str]) -> None:
    """Resume to the end; the store must then be exactly the reference's, and verify clean."""
    result = cli("run", corpus, "--store", store, "--engine", "process", "--workers", "2",
                 "--json")
    assert result.exit_code == 0, result.stderr
    final = log(store)
    assert final == expected, "the resumed store differs from an uninterrupted run"
    assert len({row[1] for row in final}) == len(final), "an object is logged twice"
    assert sealed(store) == every_id
    verdict = verify(store)
    assert verdict.exit_code == 0, verdict
    figures.count(SUITE, "resumed_stores_identical_to_reference")


def test_sigkill_at_random_points_loses_nothing_and_resumes_to_the_same_store(
    profile: Profile, svamp: Path, tmp_path: Path
) -> None:
    corpus = head(profile.crash_problems, tmp_path / "corpus.jsonl")
    every_id = {problem_id for problem_id, _ in load_texts(profile.crash_problems)}
    reference = tmp_path / "reference.sqlite"
    assert cli("run", corpus, "--store", reference, "--engine", "inprocess").exit_code == 0
    expected = log(reference)
    rng = random.Random(profile.seed + 3)
    kills = completed = rounds = 0
    at_kill: list[int] = []
    while kills < profile.kills:
        rounds += 1
        store = tmp_path / f"store-{rounds}.sqlite"
        while kills < profile.kills and sealed(store) != every_id:
            engine = rng.choice(["process", "process", "inprocess"])
            batch = rng.choice([1, 4, 16])
            child = _start(corpus, store, engine, batch)
            if rng.random() < 0.25:  # somewhere in start-up or the first shards
                time.sleep(rng.uniform(0.05, 1.0))
            else:  # after a random number of commits, a little into the next batch
                done = len(sealed(store))
                _wait_for(child, store, rng.randint(done + 1, len(every_id) - 1), 120)
                time.sleep(rng.uniform(0, 0.05))
            if child.poll() is None:
                before = sealed(store)  # committed before the kill ...
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
                kills += 1
                after = sealed(store)  # ... and still there after it
                lost = before - after
                assert not lost, f"kill {kills}: committed problems lost: {sorted(lost)[:5]}"
                at_kill.append(len(after))
            else:
                completed += 1
                assert child.stderr is not None
                assert child.returncode == 0, child.stderr.read().decode()[-2000:]
            if child.stderr is not None:
                child.stderr.close()
            if store.exists():
                verdict = verify(store)
                assert verdict.exit_code == 0, f"after kill {kills}: {verdict}"
                stored = log(store)
                assert stored == expected[: len(stored)], \
                    f"after kill {kills}: the log is not a prefix of the reference's log"
                figures.count(SUITE, "clean_verifies_between_runs")
        _finish(corpus, store, expected, every_id)
    figures.note(SUITE, "problems", profile.crash_problems)
    figures.note(SUITE, "objects", len(expected))
    figures.count(SUITE, "kills", kills)
    figures.count(SUITE, "rounds", rounds)
    figures.count(SUITE, "runs_that_finished_first", completed)
    figures.count(SUITE, "kills_after_a_commit", sum(1 for n in at_kill if n > 0))
    figures.count(SUITE, "kills_mid_corpus", sum(1 for n in at_kill if 0 < n < len(every_id)))
    figures.count(SUITE, "committed_problems_lost", 0)
    figures.count(SUITE, "objects_duplicated", 0)
    figures.note(SUITE, "sealed_at_each_kill", at_kill)
