"""Helpers shared by the benchmark scripts (not a benchmark itself).

Every benchmark prints exactly one JSON object on stdout (through :func:`emit`) and finishes in
under a minute at its default size. Corpora are read from ``<repo>/../shared/corpora`` and are
never copied into the repository; synthetic corpora are written to a temporary directory.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPORA = REPO.parent / "shared" / "corpora"
CORPUS_FILES = {"svamp": "svamp.jsonl", "gsm8k": "gsm8k_train.jsonl"}


def corpus(name: str) -> Path:
    """The development corpus ``name`` (``svamp`` or ``gsm8k``); exits loudly when missing."""
    path = CORPORA / CORPUS_FILES[name]
    if not path.is_file():
        sys.exit(f"benchmark needs the development corpus {path} (<repo>/../shared/corpora)")
    return path


def machine() -> dict[str, Any]:
    """What the figures were measured on, and how busy it was (other work skews timings)."""
    return {
        "load_average_1_5_15m": [round(v, 2) for v in os.getloadavg()],
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cores": len(os.sched_getaffinity(0)),
    }


def emit(figures: dict[str, Any]) -> None:
    """Print the benchmark's one JSON object (with the machine it ran on)."""
    print(json.dumps({**figures, "machine": machine()}, indent=2, sort_keys=True))


def rounded(value: float, digits: int = 4) -> float:
    """A figure rounded for reading (timings are never exact to more digits than this)."""
    return round(value, digits)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """``(seconds, result)`` of one call, by the monotonic performance counter."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def problems(source: Path) -> Iterator[tuple[str, str]]:
    """``(id, question)`` of every line of a development corpus, streamed."""
    with source.open("rb") as handle:
        for line in handle:
            row = json.loads(line)
            yield row["id"], row["question"]


def write_corpus(source: Path, target: Path, count: int) -> Path:
    """Write ``count`` problems to ``target``: ``source``'s problems in order, repeated as often
    as needed, every copy with a distinct id (``<id>#<round>``). Streams; holds one line."""
    written = 0
    with target.open("w", encoding="utf-8") as out:
        round_no = 0
        while written < count:
            for problem_id, text in problems(source):
                if written == count:
                    break
                suffix = f"#{round_no}" if round_no else ""
                out.write(json.dumps({"id": problem_id + suffix, "question": text}) + "\n")
                written += 1
            round_no += 1
    return target


def episodes_in_store(store_path: Path) -> int:
    """Episodes (sealed traces or trace refusals) recorded by the store's problem entries."""
    from practiceloop.store import EvidenceStore

    total = 0
    with EvidenceStore.open_readonly(store_path) as store:
        for obj in store.iter_objects(kind="practice_problem", verify=False):
            total += len(json.loads(obj.body)["record"]["trace_ids"])
    return total
