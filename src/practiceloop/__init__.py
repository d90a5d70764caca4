"""practiceloop: turn a refused problem into sealed, auditable practice evidence.

A reasoning engine that refuses to answer when a problem's contract is not met should not
guess. practiceloop records the refusal, searches a bounded set of candidate repairs, checks
every candidate with the same contract and proofs, and seals the whole episode into a
content-addressed trace, which a store keeps in a Merkle log that anyone can verify.

The public API, all importable from here::

    import practiceloop

    result = practiceloop.practice("Maya had 12 marbles. She gave 5 marbles to her brother. "
                                   "How many marbles does Maya have now?")
    result.records            # every record of the chain, in canonical order (a tuple)
    result.episodes           # one Episode per refused assessment, with its seal

    summary = practiceloop.run_corpus("corpus.jsonl", "store.sqlite")   # resumable, all cores
    with practiceloop.open_store("store.sqlite") as store:              # read-only
        for problem in store.problems(): ...
        store.record("2fabe3cd")                                        # a unique id prefix

* :func:`practice`: one text through the loop, nothing stored (:class:`Practice`);
* :func:`run_corpus`: every problem of a JSONL corpus practised, sealed and appended to a
  store (:class:`RunSummary`);
* :func:`open_store`: a read-only :class:`StoreReader` over problems, traces and records.

Layout beneath: ``practiceloop.kernel`` (the pure chain), ``practiceloop.arith`` (the
reference domain), ``practiceloop.loop`` (the orchestrator, the evidence entry, evaluation), and
the shell: ``store``, ``audit``, ``engines``, ``cli`` and ``workbench``. The names here are
loaded on first use, so ``import practiceloop`` (and the command line's start) stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from practiceloop.engines.driver import RunSummary, run_corpus
    from practiceloop.loop.episode import DirectCheck, Episode, Practice, RunShape, practice
    from practiceloop.store.reading import Problem, StoredRecord, StoreReader, open_store

# name -> the module that defines it, imported on first access (PEP 562).
_PUBLIC = {
    "practice": "practiceloop.loop.episode",
    "Practice": "practiceloop.loop.episode",
    "Episode": "practiceloop.loop.episode",
    "DirectCheck": "practiceloop.loop.episode",
    "RunShape": "practiceloop.loop.episode",
    "run_corpus": "practiceloop.engines.driver",
    "RunSummary": "practiceloop.engines.driver",
    "open_store": "practiceloop.store.reading",
    "StoreReader": "practiceloop.store.reading",
    "StoredRecord": "practiceloop.store.reading",
    "Problem": "practiceloop.store.reading",
}

__all__ = [
    "DirectCheck",
    "Episode",
    "Practice",
    "Problem",
    "RunShape",
    "RunSummary",
    "StoreReader",
    "StoredRecord",
    "__version__",
    "open_store",
    "practice",
    "run_corpus",
]


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
