"""Every engine: results in shard order, bounded look-ahead, errors mapped; make_engine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from practiceloop.engines import (
    ENGINE_NAMES,
    Engine,
    EngineLostError,
    InProcessEngine,
    ProcessEngine,
    make_engine,
)
from practiceloop.engines.base import ordered_window


def slow_square(n: int) -> int:
    """Earlier shards take longer, so a pool finishes them out of order."""
    time.sleep(0.002 * (20 - n % 20))
    return n * n


def fail_on_three(n: int) -> int:
    if n == 3:
        raise KeyError("three")
    return n


def die_on_three(n: int) -> int:
    if n == 3:
        os._exit(13)  # a worker process killed mid-shard
    return n


@pytest.fixture(params=["inprocess", "process"])
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    with make_engine(request.param, workers=None if request.param == "process" else 1) as built:
        yield built


def test_results_come_back_in_shard_order(engine: Engine) -> None:
    assert list(engine.map(slow_square, range(40))) == [n * n for n in range(40)]
    assert list(engine.map(slow_square, [])) == []
    assert list(engine.map(slow_square, range(3))) == [0, 1, 4]  # map may be called again


@pytest.mark.parametrize("window", [None, 5])
def test_shards_are_consumed_at_most_a_window_ahead(engine: Engine, window: int | None) -> None:
    pulled = 0

    def shards() -> Iterator[int]:
        nonlocal pulled
        for n in range(1000):
            pulled += 1
            yield n

    limit = 2 * engine.workers if window is None else window
    results = engine.map(slow_square, shards(), window=window)
    assert next(results) == 0
    assert pulled <= limit
    assert [next(results) for _ in range(10)] == [n * n for n in range(1, 11)]
    assert pulled <= limit + 10
    results.close()  # early close: the rest is never pulled
    assert pulled <= limit + 10


def test_a_window_below_one_is_refused(engine: Engine) -> None:
    for bad in (0, -3, 2.0, True):
        with pytest.raises(ValueError, match="window"):
            next(engine.map(slow_square, range(3), window=bad))  # type: ignore[arg-type]


def test_an_exception_from_the_function_propagates_unchanged(engine: Engine) -> None:
    results = engine.map(fail_on_three, range(10))
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(KeyError, match="three"):
        next(results)


def test_a_dead_worker_process_is_an_engine_lost_error() -> None:
    with ProcessEngine(2) as engine, pytest.raises(EngineLostError) as info:
        list(engine.map(die_on_three, range(10)))
    assert "hint:" in info.value.diagnostics()
    assert "\n" not in str(info.value)


def test_process_engine_defaults_to_every_core_and_checks_its_size() -> None:
    assert ProcessEngine().workers == len(os.sched_getaffinity(0))
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError):
            ProcessEngine(bad)  # type: ignore[arg-type]


_START_METHODS = """
import threading
from practiceloop.engines import ProcessEngine

def start_method():
    with ProcessEngine(1) as engine:
        assert list(engine.map(abs, [-1, 2])) == [1, 2]
        return engine._pool._mp_context.get_start_method()

alone = start_method()
started = ProcessEngine(1)
started.start()  # before the thread below: the pool may fork
started.start()  # idempotent
stop = threading.Event()
other = threading.Thread(target=stop.wait)
other.start()
try:
    with started:
        assert list(started.map(abs, [-3])) == [3]
        early = started._pool._mp_context.get_start_method()
    print(alone, start_method(), early)
finally:
    stop.set()
    other.join()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is chosen on Linux only")
def test_the_pool_forks_a_caller_without_threads_and_never_one_with_threads() -> None:
    # A fresh interpreter: this one may hold other tests' threads.
    done = subprocess.run(
        [sys.executable, "-c", _START_METHODS], capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}, check=False,
    )
    assert done.returncode == 0, done.stderr
    # Alone: fork. With a thread running: forkserver. Started before the thread: fork.
    assert done.stdout.split() == ["fork", "forkserver", "fork"]


def test_close_is_idempotent_and_the_in_process_engine_has_one_worker() -> None:
    engine = ProcessEngine(1)
    assert list(engine.map(slow_square, range(3))) == [0, 1, 4]
    engine.close()
    engine.close()
    assert InProcessEngine().workers == 1


def test_make_engine_names_and_refusals() -> None:
    assert ENGINE_NAMES[0] == "process"
    assert isinstance(make_engine(), ProcessEngine)
    assert isinstance(make_engine("inprocess"), InProcessEngine)
    assert make_engine("process", workers=3).workers == 3
    with pytest.raises(ValueError, match="unknown engine"):
        make_engine("threads")
    with pytest.raises(ValueError, match="needs the dask engine"):
        make_engine("process", scheduler="tcp://127.0.0.1:1")
    with pytest.raises(ValueError, match="exactly one worker"):
        make_engine("inprocess", workers=2)
    with pytest.raises(ValueError, match="give no scheduler"):
        make_engine("dask", workers=2, scheduler="tcp://127.0.0.1:1")


def test_ordered_window_refuses_an_empty_window_and_cancels_what_it_drops() -> None:
    with pytest.raises(ValueError):
        list(ordered_window([1], submit=lambda s: s, result=lambda f: f, cancel=print, window=0))
    cancelled: list[int] = []
    results = ordered_window(
        range(10), submit=lambda s: s, result=lambda f: f, cancel=cancelled.append, window=3
    )
    assert next(results) == 0
    results.close()
    assert cancelled == [1, 2]
