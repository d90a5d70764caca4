"""The progress of a corpus run, told honestly: problems settled, not lines read.

The driver reads the corpus a few shards ahead of the work, so "lines read" reaches the end
long before the run does. The bar counts lines *settled* instead
(:attr:`~practiceloop.engines.RunProgress.settled`: sealed, skipped as already sealed, failed,
or bad), against the corpus's line count (none for a pipe: the bar then pulses), with the
counts of each outcome, the rate of problems sealed per second, the time elapsed and the time
left. With ``verbose``, one line per settled line as well (``line 12: sealed p-12``), above the
bar on a terminal, plain on standard error elsewhere.

Display only: nothing here decides anything. rich is imported when a bar is drawn.
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, ProgressColumn

    from practiceloop.engines import RunProgress, Settled

__all__ = ["RunBar", "describe", "progress_bar"]


def progress_bar(console: Console, label: str, *shown: ProgressColumn, left: bool = False,
                 transient: bool = False) -> Progress:
    """The command line's one kind of progress bar: ``label``, the bar, done/total, the
    ``shown`` columns, the time elapsed and (unless the total is unknown) the time left."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), *shown, TimeElapsedColumn()]
    if left:
        columns.append(TextColumn("left"))
    return Progress(*columns, TimeRemainingColumn(), console=console, transient=transient)


def describe(settled: Settled) -> str:
    """One line for a person about one settled corpus line."""
    what = {"sealed": "sealed", "skipped": "skipped (already sealed)", "failed": "FAILED",
            "bad_line": "bad line"}.get(settled.outcome, settled.outcome)
    name = f" {settled.problem_id}" if settled.problem_id else ""
    detail = f": {settled.detail}" if settled.detail else ""
    return f"line {settled.line_no}: {what}{name}{detail}"


def counts(progress: RunProgress, seconds: float) -> tuple[str, str]:
    """``(counts, rate)`` as the bar shows them."""
    told = (f"sealed {progress.sealed} · skipped {progress.skipped} · "
            f"failed {progress.failed} · bad {progress.bad_lines}")
    rate = f"{progress.sealed / seconds:.1f} sealed/s" if seconds > 0 else "- sealed/s"
    return told, rate


class RunBar:
    """A progress callback for :func:`practiceloop.engines.run_corpus` (a context manager).

    ``bar``: draw the bar (a terminal); ``verbose``: a line per settled corpus line.
    """

    def __init__(self, console: Console, *, bar: bool, verbose: bool) -> None:
        self._console = console
        self._verbose = verbose
        self._progress: Any = None
        self._task: Any = None
        self._started = time.monotonic()
        if bar:
            from rich.progress import TextColumn

            self._progress = progress_bar(
                console, "problems", TextColumn("{task.fields[counts]}"),
                TextColumn("{task.fields[rate]}"), left=True)
            self._task = self._progress.add_task("problems", total=None, counts="", rate="")

    def __enter__(self) -> RunBar:
        self._started = time.monotonic()
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()

    def __call__(self, progress: RunProgress) -> None:
        if self._verbose:
            for settled in progress.recent:
                self._console.print(describe(settled))
        if self._progress is not None:
            told, rate = counts(progress, time.monotonic() - self._started)
            self._progress.update(self._task, total=progress.total_lines,
                                  completed=progress.settled, counts=told, rate=rate)
