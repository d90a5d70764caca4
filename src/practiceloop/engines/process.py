"""The process-pool engine (the default): shards on every core of this machine.

A :class:`concurrent.futures.ProcessPoolExecutor` with ``os.cpu_count()`` workers by default.
Shards go out as plain tuples and come back as ``bytes``; at most ``2 * workers`` shards are in
flight, so memory does not grow with the corpus.

Workers start by a plain ``fork`` of the caller when that is safe: on Linux, with no other
thread running in the caller. A fork costs no new interpreter and no import (the caller has
the practice code loaded), which is most of the pool's start. Otherwise they start from a
``forkserver`` (where the platform has one) that has already imported the practice code, so
that the pool never forks a caller whose threads (a progress bar's, a Dask client's) could be
copied mid-lock; else by ``spawn``.

A worker dies with its driver: a pool's workers block on its call queue, whose pipe every
worker holds open too, so a driver killed outright (SIGKILL, out of memory) would leave them
waiting for work for ever. Each worker watches its parent instead: a thread that ends the
worker once the parent it started under is gone (it was re-parented). That holds on every POSIX
platform and for every start method: under a forkserver the parent is the server, which exits
with the driver. (Linux's ``PR_SET_PDEATHSIG`` would be quicker, but it fires when the parent's
*thread* that forked ends, which would kill a pool started from a short-lived thread.)
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from practiceloop.engines._collector import use_run_thresholds
from practiceloop.engines.base import Engine, check_window, ordered_window
from practiceloop.engines.errors import EngineLostError

__all__ = ["ProcessEngine", "default_workers"]

S = TypeVar("S")
R = TypeVar("R")

# Imported once in the forkserver, so every worker forks with the kernel already loaded.
_PRELOAD = ["practiceloop.engines.work"]


def default_workers() -> int:
    """Cores this process may use (its CPU affinity where the OS tells), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every OS has affinity
        return max(1, os.cpu_count() or 1)


_PARENT_POLL = 0.25  # seconds between two looks at the parent: a dead driver's workers go soon


def _watch_parent(driver: int) -> None:
    """Pool initializer: end this worker when the process that started it dies, and set the
    collector's run thresholds (:mod:`~practiceloop.engines._collector`).

    ``driver`` is the driver's pid: the parent is the driver, or the forkserver it started,
    which must then still be serving the driver; a worker already orphaned exits at once.
    """
    parent = os.getppid()
    if parent != driver and not _alive(driver):
        os._exit(1)
    use_run_thresholds()  # the worker is ours, and only ever practises

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL)
        os._exit(1)  # re-parented: whoever would read this worker's results is gone

    threading.Thread(target=watch, name="practiceloop-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, someone else's: not ours to judge
        return True
    return True


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    # A thread holding a lock at the fork would leave the child that lock held forever; macOS
    # system libraries are not fork-safe whatever the threads. The children never touch the
    # caller's open store: they only run the work function and return bytes.
    if sys.platform.startswith("linux") and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


class ProcessEngine(Engine):
    """A local process pool; ``workers`` defaults to :func:`default_workers`.

    Raises ``ValueError`` for ``workers < 1``. A worker process that dies (killed, out of
    memory) breaks the pool: :meth:`map` raises :class:`EngineLostError`.
    """

    name = "process"

    def __init__(self, workers: int | None = None) -> None:
        count = default_workers() if workers is None else workers
        if type(count) is not int or count < 1:
            raise ValueError(f"workers must be a positive int, not {workers!r}")
        self._workers = count
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        """The pool's size."""
        return self._workers

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        # Started on first use: building an engine costs nothing until there is work.
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self._workers, mp_context=_context(),
                initializer=_watch_parent, initargs=(os.getpid(),),
            )
        return self._pool

    def start(self) -> None:
        """Start the workers now (the pool's start method is chosen here). Idempotent."""
        if self._pool is None:
            try:
                # The first task makes the pool launch its workers (all at once, by fork).
                self._executor().submit(os.getpid).result()
            except BrokenProcessPool as exc:
                raise EngineLostError(self.name, f"the process pool did not start ({exc})") from exc

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        """Yield ``fn(shard)`` for each shard in order, ``window`` (default ``2 * workers``)
        shards in flight."""
        check_window(window)
        pool = self._executor()

        def submit(shard: S) -> concurrent.futures.Future[R]:
            try:
                return pool.submit(fn, shard)
            except BrokenProcessPool as exc:
                raise EngineLostError(self.name, f"the process pool is broken ({exc})") from exc

        def result(future: concurrent.futures.Future[R]) -> R:
            try:
                return future.result()
            except BrokenProcessPool as exc:
                raise EngineLostError(
                    self.name, f"a worker process died abruptly ({exc})"
                ) from exc

        return ordered_window(
            shards,
            submit=submit,
            result=result,
            cancel=lambda future: future.cancel(),
            window=2 * self._workers if window is None else window,
        )

    def close(self) -> None:
        """Stop the workers (waiting for them, dropping queued shards). Idempotent."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
