"""The engines' errors, written for the person at the terminal.

Exceptions here mean that a corpus run could not go on: the corpus cannot be read, an optional
engine is not installed, or the machinery that runs the work (a process pool, a Dask scheduler)
is unreachable or died. A problem whose *work* raised is never an exception: the driver reports
it in its summary and goes on. Like the store's errors (:mod:`practiceloop.store.errors`),
every error carries a one-line message and a ``diagnostics()`` text with what to do next, so
the CLI can map both families to exit codes in one place. The tree::

    EngineError
    ├── CorpusError                 the corpus file cannot be opened or read
    ├── EngineUnavailableError      the engine's optional extra is not installed
    ├── SchedulerUnreachableError   no Dask scheduler answers at the given address
    └── EngineLostError             the pool or the scheduler died during the run

Whenever one of them interrupts a run, everything committed before it stays committed (every
batch is one transaction), and the run resumes with any engine: sealed problems are skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: this module stays cheap to import (the CLI loads it)
    from pathlib import Path

from practiceloop.errors import PracticeloopError

__all__ = [
    "CorpusError",
    "EngineError",
    "EngineLostError",
    "EngineUnavailableError",
    "SchedulerUnreachableError",
]

_RESUME = "committed problems are kept; run the same command again (with any engine) to resume"


class EngineError(PracticeloopError):
    """Base of every engine error. ``str()`` is one line; :meth:`diagnostics` says more."""


class CorpusError(EngineError):
    """The corpus file cannot be opened or read (missing, a directory, unreadable)."""

    hint = "check the corpus path: a JSONL file with one problem object per line"

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot read corpus {path}: {reason}")
        self.path = path
        self.reason = reason


class EngineUnavailableError(EngineError):
    """The engine needs an optional extra that is not installed."""

    def __init__(self, engine: str, extra: str) -> None:
        super().__init__(
            f"the {engine} engine is not installed",
            hint=f"install it with: pip install 'practiceloop[{extra}]'",
        )
        self.engine = engine
        self.extra = extra


class SchedulerUnreachableError(EngineError):
    """No Dask scheduler answered at ``address`` within the connect timeout."""

    hint = (
        "check the --scheduler address (e.g. tcp://host:8786) and that the scheduler is up, "
        "or leave --scheduler out to start a local cluster"
    )

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(f"no Dask scheduler reachable at {address}: {reason}")
        self.address = address
        self.reason = reason


class EngineLostError(EngineError):
    """The engine died during the run (a pool worker was killed, the scheduler went away)."""

    hint = _RESUME

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"the {engine} engine failed during the run: {reason}")
        self.engine = engine
        self.reason = reason
