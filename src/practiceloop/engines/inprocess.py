"""The in-process engine: every shard in the calling process, one after the other.

The reference engine: no pickling, no processes, nothing to start. Its results are the ones
every other engine must reproduce byte for byte, and it is the easiest one to profile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from practiceloop.engines.base import Engine, check_window

__all__ = ["InProcessEngine"]

S = TypeVar("S")
R = TypeVar("R")


class InProcessEngine(Engine):
    """Runs ``fn`` on each shard in this process, in order (one worker)."""

    name = "inprocess"
    shares_process = True

    @property
    def workers(self) -> int:
        """Always 1."""
        return 1

    def map(
        self, fn: Callable[[S], R], shards: Iterable[S], *, window: int | None = None
    ) -> Iterator[R]:
        """Yield ``fn(shard)`` for each shard, lazily and in order (one at a time: ``window``
        only has to be valid)."""
        check_window(window)
        for shard in shards:
            yield fn(shard)
