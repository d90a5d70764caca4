"""The one small interface every engine implements, and the ordered window they share.

An engine maps a pure function over shards and hands the results back *in shard order*; it
never writes anything, never reorders, and never names a result by anything but its position
(a Dask task key is a label for Dask, never an identity). The driver (the only writer) turns
positions back into problems and appends them in canonical corpus order, so every engine gives
the same records and the same Merkle root.

The function an engine maps must be picklable by reference (a module-level function, or a
:func:`functools.partial` of one) and should return ``bytes``: results cross process and
machine boundaries as bytes, never as live Python records.
"""

from __future__ import annotations

import abc
import collections
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import Final, Self, TypeVar

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_SHARD_SIZE",
    "Engine",
    "check_window",
    "ordered_window",
]

DEFAULT_SHARD_SIZE: Final = 32
"""Problems per shard: tens of milliseconds of work, so transport is a small share of it."""

DEFAULT_BATCH_SIZE: Final = 512
"""Problems per commit (at most): each commit is one fsync'd transaction; a SIGKILL loses at
most one."""

S = TypeVar("S")
R = TypeVar("R")
F = TypeVar("F")


class Engine(abc.ABC):
    """Maps a pure function over shards, results in shard order.

    Usable as a context manager (``close`` on exit). ``map`` may be called more than once
    before ``close``; after ``close`` the engine must not be used again.
    """

    name: str = "engine"
    shares_process: bool = False
    """True when ``map`` runs ``fn`` in the calling process (the in-process engine)."""

    @property
    @abc.abstractmethod
    def workers(self) -> int:
        """How many shards the engine works on at once (for reports and per-core figures)."""

    @abc.abstractmethod
    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        """Yield ``fn(shard)`` for every shard, in the order of ``shards``.

        ``shards`` is consumed lazily, at most ``window`` shards ahead of the results (default
        ``2 * workers``), so a corpus streams through in memory independent of its length; a
        caller that pauses between results (to commit a batch) widens the window so that the
        workers keep busy meanwhile. Raises ``ValueError`` for a ``window`` below 1 (at the
        latest when iterated). An exception raised by ``fn`` propagates unchanged; a failure
        of the engine itself raises :class:`~practiceloop.engines.errors.EngineLostError`.
        Closing the iterator early cancels the shards still in flight.
        """

    def start(self) -> None:  # noqa: B027 - an engine without workers has nothing to start
        """Start the engine's workers now rather than at the first ``map``. Idempotent.

        For a caller about to start threads of its own (a progress bar): a process pool
        started before them may fork this process, which is the cheapest start (see
        :mod:`practiceloop.engines.process`)."""

    def close(self) -> None:  # noqa: B027 - an engine without resources has nothing to close
        """Release the engine's resources (processes, connections). Idempotent."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def check_window(window: int | None) -> None:
    """Raise ``ValueError`` unless ``window`` is ``None`` or a positive int."""
    if window is not None and (type(window) is not int or window < 1):
        raise ValueError(f"window must be a positive int, not {window!r}")


def ordered_window(
    shards: Iterable[S],
    *,
    submit: Callable[[S], F],
    result: Callable[[F], R],
    cancel: Callable[[F], object],
    window: int,
) -> Iterator[R]:
    """Submit shards at most ``window`` ahead and yield their results in submission order.

    The shared core of every concurrent engine: ``submit`` starts one shard and returns a
    future, ``result`` waits for a future (and maps engine failures to engine errors),
    ``cancel`` drops a future that will not be read. Raises ``ValueError`` when ``window < 1``.
    """
    check_window(window)
    pending: collections.deque[F] = collections.deque()
    try:
        for shard in shards:
            pending.append(submit(shard))
            if len(pending) >= window:
                yield result(pending.popleft())
        while pending:
            yield result(pending.popleft())
    finally:
        # Early close or an error: nobody will read these; don't leave work running.
        while pending:
            cancel(pending.popleft())
