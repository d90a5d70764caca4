"""The garbage collector's thresholds during a corpus run: fewer, larger young collections.

Practice allocates a great many small containers (records, payloads, parsed bodies) that die
young, almost all freed by reference counting at once; the cyclic collector at its default
thresholds (700, 10, 10) still stops every 700 allocations to scan the young ones and, every
hundred stops, everything alive. Those scans touch memory more than they execute
instructions (callgrind counts them as 2% of a run's instructions, while they are a tenth of
its CPU time: docs/performance.md), so they are made rarer, not removed: cyclic garbage is
still collected, after at most :data:`RUN_THRESHOLDS`\\ ``[0]`` allocations.

Only the collector's *schedule* changes; no record, byte or result depends on it.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import Final

__all__ = ["RUN_THRESHOLDS", "run_thresholds", "use_run_thresholds"]

RUN_THRESHOLDS: Final = (200_000, 20, 20)
"""The collector's thresholds while a corpus runs (``gc.set_threshold``'s three arguments).

A young collection scans what is alive of the young generation, and in a run that is mostly
what outlives a problem (the kernel's memo, the batch waiting for its commit): at 200,000 the
collector's own CPU time is about half of what it is at 20,000 (0.15 to 0.17 s against 0.33 to
0.39 s of a 7.4 s run of 2,500 GSM8K problems, timed in ``gc.callbacks``), at the same peak
memory (docs/performance.md, "Seventh stop")."""


def use_run_thresholds() -> None:
    """Set :data:`RUN_THRESHOLDS` for the rest of this process (a pool worker of our own)."""
    gc.set_threshold(*RUN_THRESHOLDS)


@contextlib.contextmanager
def run_thresholds() -> Iterator[None]:
    """:data:`RUN_THRESHOLDS` while the block runs; the caller's own thresholds after it."""
    before = gc.get_threshold()
    use_run_thresholds()
    try:
        yield
    finally:
        gc.set_threshold(*before)
