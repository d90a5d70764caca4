"""The Dask engine: a local cluster, an unreachable scheduler, a scheduler that dies mid-run."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import distributed  # the dask extra is part of the test environment: fail loudly without it
import pytest

from practiceloop.engines import (
    DaskEngine,
    EngineLostError,
    EngineUnavailableError,
    InProcessEngine,
    RunProgress,
    SchedulerUnreachableError,
    make_engine,
    run_corpus,
)

from .standin import raising_work, slow_work, standin_work
from .test_driver import sealed_ids, write_corpus

TESTS_DIR = str(Path(__file__).resolve().parents[1])


@pytest.fixture(scope="module")
def local() -> Iterator[DaskEngine]:
    with DaskEngine(workers=2) as engine:
        yield engine


def test_a_local_cluster_is_loopback_only_and_matches_in_process(
    local: DaskEngine, tmp_path: Path
) -> None:
    assert local.workers == 2
    assert local.address is not None and local.address.startswith("tcp://127.0.0.1:")
    corpus = write_corpus(tmp_path / "c.jsonl", 30, poison={7})
    reference = run_corpus(corpus, tmp_path / "ref.db", engine=InProcessEngine(),
                           work=raising_work)
    summary = run_corpus(corpus, tmp_path / "s.db", engine=local, work=raising_work,
                         shard_size=3)
    assert summary.engine == "dask"
    assert summary.failures == reference.failures and len(summary.failures) == 1
    assert (summary.log_size, summary.log_root) == (reference.log_size, reference.log_root)


def test_without_the_extra_the_engine_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(EngineUnavailableError) as info:
        make_engine("dask")
    assert "pip install 'practiceloop[dask]'" in info.value.diagnostics()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # closed again: nobody listens there


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    with pytest.raises(SchedulerUnreachableError) as info:
        DaskEngine(address, connect_timeout=1.0)
    assert time.monotonic() - started < 30
    assert address in str(info.value) and "\n" not in str(info.value)
    assert "--scheduler" in info.value.diagnostics()


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", *args], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def test_a_scheduler_dying_mid_run_loses_nothing_committed(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([TESTS_DIR, *sys.path])}
    scheduler_file = tmp_path / "scheduler.json"
    scheduler = _start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                        "--no-dashboard", "--scheduler-file", str(scheduler_file)], env)
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        worker = _start(["distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file),
                         "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"], env)
        address = json.loads(scheduler_file.read_text())["address"]
        engine = DaskEngine(address, connect_timeout=30)
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(1, timeout=60)
        corpus = write_corpus(tmp_path / "c.jsonl", 120)
        store = tmp_path / "s.db"

        def kill_scheduler(progress: RunProgress) -> None:
            if progress.committed >= 8 and scheduler.poll() is None:
                scheduler.kill()

        with pytest.raises(EngineLostError) as info:
            run_corpus(corpus, store, engine=engine, work=slow_work, batch_size=4,
                       shard_size=2, progress=kill_scheduler)
        engine.close()
        assert "resume" in info.value.diagnostics()
    finally:
        for process in (scheduler, worker):
            if process is not None:
                process.kill()
                process.wait()
    committed = sealed_ids(store)
    assert 8 <= len(committed) < 120
    assert committed == [f"p-{n:04d}" for n in range(len(committed))]
    clean = run_corpus(corpus, tmp_path / "clean.db", engine=InProcessEngine(), work=standin_work)
    resumed = run_corpus(corpus, store, engine=InProcessEngine(), work=standin_work)
    assert resumed.skipped == len(committed)
    assert (resumed.log_size, resumed.log_root) == (clean.log_size, clean.log_root)
