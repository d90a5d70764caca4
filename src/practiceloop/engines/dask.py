"""The Dask engine: shards on a Dask distributed cluster (optional extra ``practiceloop[dask]``).

With a scheduler address it connects to that cluster; without one it starts a local cluster of
worker *processes* (one thread each) bound to the loopback interface, with no dashboard.
:mod:`distributed` is imported only when an engine is built, so the rest of practiceloop (and
its import time) never depends on it; without the extra, building the engine raises
:class:`EngineUnavailableError`.

Shards are submitted with ``pure=False`` and read back strictly in submission order: Dask's
task keys are labels for Dask, never identities, and a result is matched to its shard only by
position (the driver then checks every problem id). At most ``2 * workers`` shards are in
flight. A scheduler that cannot be reached raises :class:`SchedulerUnreachableError`; one that
goes away during the run (or a worker killed again and again) raises :class:`EngineLostError`.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from practiceloop.engines.base import Engine, check_window, ordered_window
from practiceloop.engines.errors import (
    EngineLostError,
    EngineUnavailableError,
    SchedulerUnreachableError,
)
from practiceloop.engines.process import default_workers

__all__ = ["DEFAULT_CONNECT_TIMEOUT", "DaskEngine"]

S = TypeVar("S")
R = TypeVar("R")

DEFAULT_CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler (and, once connected, to get it back after a drop)."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise EngineUnavailableError("dask", "dask") from exc
    return distributed


class DaskEngine(Engine):
    """Maps shards over a Dask cluster.

    ``scheduler`` is an address such as ``tcp://10.0.0.5:8786``; ``None`` starts a local cluster
    of ``workers`` processes (default: every core). Raises :class:`EngineUnavailableError`
    without the extra, :class:`SchedulerUnreachableError` when the address does not answer
    within ``connect_timeout`` seconds, ``ValueError`` for ``workers < 1``.
    """

    name = "dask"

    def __init__(
        self,
        scheduler: str | None = None,
        *,
        workers: int | None = None,
        connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
    ) -> None:
        distributed = _distributed()
        if workers is not None and (type(workers) is not int or workers < 1):
            raise ValueError(f"workers must be a positive int, not {workers!r}")
        self._cluster: Any = None
        self.address = scheduler
        if scheduler is not None:
            _check_address(distributed, scheduler)
        if scheduler is None:
            self._cluster = distributed.LocalCluster(
                n_workers=workers or default_workers(),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",  # loopback only: a local run opens no port to the network
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            target: Any = self._cluster
        else:
            target = scheduler
        try:
            self._client: Any = distributed.Client(
                target, timeout=connect_timeout, set_as_default=False
            )
        except (OSError, TimeoutError) as exc:  # CommClosedError is an OSError
            self._close_cluster()
            raise SchedulerUnreachableError(scheduler or "the local cluster", str(exc)) from exc
        self.address = self._client.scheduler.address
        # A remote cluster may still be adding workers; never report fewer than one.
        threads: dict[str, int] = self._client.nthreads()
        self._workers = max(1, sum(threads.values()))

    @property
    def workers(self) -> int:
        """Worker threads on the cluster when the engine connected."""
        return self._workers

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        """Yield ``fn(shard)`` for each shard in order, ``window`` (default ``2 * workers``)
        shards in flight."""
        check_window(window)
        client = self._client
        distributed = _distributed()
        lost = (
            distributed.scheduler.KilledWorker,
            concurrent.futures.CancelledError,  # FutureCancelledError: the scheduler went away
            OSError,  # CommClosedError and friends
            TimeoutError,
        )

        def submit(shard: S) -> Any:
            try:
                return client.submit(fn, shard, pure=False)
            except lost as exc:
                raise EngineLostError(self.name, _reason(exc)) from exc

        def result(future: Any) -> R:
            try:
                value: R = future.result()
            except lost as exc:
                raise EngineLostError(self.name, _reason(exc)) from exc
            except RuntimeError as exc:
                # A worker that cannot load the task (practiceloop missing or another version
                # on the cluster) reports it this way; the work itself never raises.
                if "deserializ" not in str(exc):
                    raise
                raise EngineLostError(
                    self.name,
                    f"a worker cannot load the work ({_reason(exc)}); install the same "
                    "practiceloop on every worker",
                ) from exc
            future.release()  # let the cluster forget the bytes as soon as we hold them
            return value

        def cancel(future: Any) -> None:
            with contextlib.suppress(Exception):  # best effort: the cluster may be gone
                future.cancel()

        return ordered_window(
            shards,
            submit=submit,
            result=result,
            cancel=cancel,
            window=2 * self._workers if window is None else window,
        )

    def _close_cluster(self) -> None:
        cluster, self._cluster = self._cluster, None
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close()

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this engine started it. Idempotent."""
        client, self._client = getattr(self, "_client", None), None
        if client is not None:
            with contextlib.suppress(Exception):  # a dead scheduler cannot say goodbye
                client.close(timeout=5)
        self._close_cluster()


def _check_address(distributed: Any, address: str) -> None:
    """Refuse an address that names no host and port, before a client is built for it.

    A client built for a malformed address raises ValueError, then its finalizer waits twice
    the connect timeout to close a connection that never was: refuse it here, at once.
    """
    try:
        distributed.comm.addressing.get_address_host_port(address)
    except ValueError as exc:
        raise SchedulerUnreachableError(
            address, f"{exc}; a scheduler address is tcp://HOST:PORT") from None


def _reason(exc: BaseException) -> str:
    """One line naming the exception (Dask's messages span several)."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
