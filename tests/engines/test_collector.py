"""The collector's run thresholds (engines/_collector.py): set for a run, restored after it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from practiceloop.engines import InProcessEngine, ProcessEngine, run_corpus
from practiceloop.engines._collector import RUN_THRESHOLDS, run_thresholds

from .standin import thresholds_work


@pytest.fixture
def callers_thresholds() -> Iterator[None]:
    """Thresholds of the caller's own, other than the run's and the interpreter's defaults."""
    before = gc.get_threshold()
    gc.set_threshold(700, 7, 9)
    yield
    gc.set_threshold(*before)


def _corpus(tmp_path: Path, lines: int) -> Path:
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(f'{{"id": "p{n}", "question": "text {n}"}}\n' for n in range(lines)))
    return path


def test_run_thresholds_are_set_in_the_block_and_the_callers_restored_after(
    callers_thresholds: None,
) -> None:
    with run_thresholds():
        assert gc.get_threshold() == RUN_THRESHOLDS
    assert gc.get_threshold() == (700, 7, 9)
    with pytest.raises(KeyError), run_thresholds():
        raise KeyError("x")
    assert gc.get_threshold() == (700, 7, 9)


def test_an_in_process_run_practises_under_the_run_thresholds_and_restores_the_callers(
    tmp_path: Path, callers_thresholds: None,
) -> None:
    summary = run_corpus(_corpus(tmp_path, 2), tmp_path / "s.db", engine=InProcessEngine(),
                         work=thresholds_work)
    assert [failure.error for failure in summary.failures] == [
        f"RuntimeError: thresholds {RUN_THRESHOLDS}"
    ] * 2
    assert gc.get_threshold() == (700, 7, 9)


def test_pool_workers_practise_under_the_run_thresholds(
    tmp_path: Path, callers_thresholds: None,
) -> None:
    with ProcessEngine(workers=2) as engine:
        # The workers start here, outside the run, with the caller's thresholds: their own
        # initializer sets the run's (a forked worker does not inherit them from the run).
        assert list(engine.map(abs, [-1, -2])) == [1, 2]
        summary = run_corpus(_corpus(tmp_path, 4), tmp_path / "s.db", engine=engine,
                             work=thresholds_work)
    assert {failure.error for failure in summary.failures} == {
        f"RuntimeError: thresholds {RUN_THRESHOLDS}"
    }
