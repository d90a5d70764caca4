"""A ``run`` killed with SIGKILL mid-way, then resumed: nothing committed lost or duplicated.

Real processes: the run is ``python -m practiceloop.cli run`` in a subprocess, killed with
SIGKILL once a chosen number of problems is committed; the same command then resumes it. The
resumed store must verify clean and have exactly the records, and the Merkle root, of a run
that was never interrupted.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from practiceloop.audit import Check, verify_store

from .conftest import SRC, invoke, run_cli

NAMES = ("Tom", "Ann", "Sam", "Kim", "Dan", "Lisa", "Jack", "Mary")
PROBLEMS = 160


def _corpus(path: Path) -> Path:
    lines = []
    for n in range(PROBLEMS):
        name = NAMES[n % len(NAMES)]
        lines.append(json.dumps({"id": f"crash-{n}", "question": (
            f"{name} had {n + 3} apples. {name} bought {n % 7 + 2} more apples. "
            f"How many apples does {name} have now?")}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _sealed(store: Path) -> int:
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT count(*) FROM problems").fetchone()[0]  # type: ignore[no-any-return]
    except sqlite3.Error:  # not created yet
        return 0


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    folder = tmp_path_factory.mktemp("reference")
    corpus = _corpus(folder / "corpus.jsonl")
    result = invoke("run", corpus, "--store", folder / "store.sqlite", "--engine", "inprocess",
                    "--json")
    assert result.exit_code == 0
    return corpus, json.loads(result.stdout)


@pytest.mark.parametrize("kill_after", [1, PROBLEMS // 2], ids=["first-batch", "half-way"])
def test_sigkill_then_resume(reference: tuple[Path, dict[str, object]], tmp_path: Path,
                             kill_after: int) -> None:
    corpus, uninterrupted = reference
    store = tmp_path / "store.sqlite"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen(
        [sys.executable, "-m", "practiceloop.cli", "run", str(corpus), "--store", str(store),
         "--engine", "inprocess", "--batch-size", "4"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while _sealed(store) < kill_after and process.poll() is None:
        assert time.monotonic() < deadline, "the run never committed"
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    assert process.wait() == -signal.SIGKILL, "the run finished before it could be killed"
    committed = _sealed(store)
    assert kill_after <= committed < PROBLEMS

    # What was committed before the kill is sound; only the checkpoint is not written yet.
    before = verify_store(store)
    assert before.exit_code == 0
    assert {f.check for f in before.findings} <= {Check.CHECKPOINT_MISSING}

    resumed = run_cli("run", corpus, "--store", store, "--engine", "inprocess", "--json")
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert summary["skipped"] == committed
    assert summary["sealed"] == PROBLEMS - committed
    assert summary["log_size"] == uninterrupted["log_size"]  # nothing duplicated, nothing lost
    assert summary["log_root"] == uninterrupted["log_root"]  # the same records, in the same order
    assert _sealed(store) == PROBLEMS

    after = run_cli("verify", "--store", store)
    assert after.returncode == 0, after.stdout
