"""practiceloop.engines: run a corpus through the loop on one core, all cores, or a cluster.

A corpus run is a map of a pure function over deterministic shards (system.md, "Engines"):

* :mod:`~practiceloop.engines.corpus` streams a JSONL corpus and names its bad lines;
* :mod:`~practiceloop.engines.work` is the worker side: one shard in, canonical bytes out;
* :mod:`~practiceloop.engines.base` is the one small interface, :class:`Engine`, implemented
  by :class:`InProcessEngine`, :class:`ProcessEngine` (the default, every core) and
  :class:`DaskEngine` (optional extra ``practiceloop[dask]``);
* :mod:`~practiceloop.engines.driver` is the only writer: :func:`run_corpus` appends results in
  canonical corpus order, so every engine yields the same records and the same Merkle root;
* :mod:`~practiceloop.engines.errors` is the error family the CLI maps to messages.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from practiceloop.engines.base import DEFAULT_BATCH_SIZE, DEFAULT_SHARD_SIZE, Engine
from practiceloop.engines.errors import (
    CorpusError,
    EngineError,
    EngineLostError,
    EngineUnavailableError,
    SchedulerUnreachableError,
)

if TYPE_CHECKING:
    from practiceloop.engines.corpus import BadLine, CorpusProblem, count_lines, read_corpus
    from practiceloop.engines.dask import DaskEngine
    from practiceloop.engines.driver import (
        ProgressFn,
        RunProgress,
        RunSummary,
        Settled,
        run_corpus,
    )
    from practiceloop.engines.inprocess import InProcessEngine
    from practiceloop.engines.process import ProcessEngine, default_workers
    from practiceloop.engines.work import ProblemFailure

# name -> submodule. Imported on first use (PEP 562), so that importing the package, or its
# light errors module, costs milliseconds: the driver pulls in the kernel, the domain and the
# store, which a command that never runs a corpus (``practiceloop --help``) does not need.
_LAZY = {
    "BadLine": "corpus",
    "CorpusProblem": "corpus",
    "count_lines": "corpus",
    "read_corpus": "corpus",
    "DaskEngine": "dask",
    "ProgressFn": "driver",
    "RunProgress": "driver",
    "RunSummary": "driver",
    "Settled": "driver",
    "run_corpus": "driver",
    "InProcessEngine": "inprocess",
    "ProcessEngine": "process",
    "default_workers": "process",
    "ProblemFailure": "work",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next access is a plain global
    return value


__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_SHARD_SIZE",
    "ENGINE_NAMES",
    "BadLine",
    "CorpusError",
    "CorpusProblem",
    "DaskEngine",
    "Engine",
    "EngineError",
    "EngineLostError",
    "EngineUnavailableError",
    "InProcessEngine",
    "ProblemFailure",
    "ProcessEngine",
    "ProgressFn",
    "RunProgress",
    "RunSummary",
    "SchedulerUnreachableError",
    "Settled",
    "count_lines",
    "default_workers",
    "make_engine",
    "read_corpus",
    "run_corpus",
]

ENGINE_NAMES: tuple[str, ...] = ("process", "inprocess", "dask")
"""Engine names for ``--engine``; the first is the default."""


def make_engine(
    name: str = "process", *, workers: int | None = None, scheduler: str | None = None
) -> Engine:
    """Build the engine called ``name`` (one of :data:`ENGINE_NAMES`).

    ``workers``: pool size (process) or local-cluster size (dask without a scheduler); the
    in-process engine accepts only ``None`` or 1. ``scheduler``: a Dask scheduler address, for
    the dask engine only. Raises ``ValueError`` for an unknown name or a combination that means
    nothing; the Dask engine raises :class:`EngineUnavailableError` and
    :class:`SchedulerUnreachableError`.
    """
    if name not in ENGINE_NAMES:
        raise ValueError(f"unknown engine {name!r}; choose one of {', '.join(ENGINE_NAMES)}")
    if scheduler is not None and name != "dask":
        raise ValueError("a scheduler address needs the dask engine")
    if name == "dask":
        if scheduler is not None and workers is not None:
            raise ValueError("workers is the size of a local cluster: give no scheduler")
        from practiceloop.engines.dask import DaskEngine

        return DaskEngine(scheduler, workers=workers)
    if name == "process":
        from practiceloop.engines.process import ProcessEngine

        return ProcessEngine(workers)
    if workers not in (None, 1):
        raise ValueError("the in-process engine has exactly one worker")
    from practiceloop.engines.inprocess import InProcessEngine

    return InProcessEngine()
