"""Reliability profiles: how hard each suite pushes, chosen by ``HYPOTHESIS_PROFILE``.

``ci`` (the default) is what ``make test`` runs: bounded so that the whole reliability suite
stays within a few minutes on a two-core CI machine. ``long`` is for a nightly or local run
(``HYPOTHESIS_PROFILE=long pytest tests/reliability``): ten times the fuzz examples, more kills,
every byte-flip repeated at several positions, every corruption kind planted at every object.
The same names register Hypothesis settings profiles (see ``conftest.py``), so one variable
selects both.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Final

__all__ = ["CORPORA", "PROFILES", "Profile", "active", "corpus_file", "load_texts"]

CORPORA: Final = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"
"""The development corpora, at ``<repo>/../shared/corpora`` (never copied into the repo)."""


@dataclasses.dataclass(frozen=True)
class Profile:
    """The knobs of every reliability suite."""

    name: str
    fuzz_examples: int  # Hypothesis examples per registry entry
    capture_problems: int  # SVAMP problems whose real calls seed the fuzz
    tamper_problems: int  # SVAMP problems in the tampered store
    flips_per_object: int  # byte positions flipped in turn in every stored object
    kind_targets: int | None  # objects per corruption kind (None: every object)
    planted_examples: int  # hostile records planted into a store (Hypothesis examples)
    damaged_files: int  # damaged store files opened and verified
    kills: int  # SIGKILLs in the crash loop
    crash_problems: int  # SVAMP problems in the crash-loop corpus
    determinism_problems: int  # SVAMP problems in the determinism store
    hash_seeds: tuple[str, ...]  # PYTHONHASHSEED values compared
    seed: int  # seeds every random choice the suites make outside Hypothesis


PROFILES: Final = {
    "ci": Profile(
        name="ci", fuzz_examples=40, capture_problems=50, tamper_problems=50,
        flips_per_object=1, kind_targets=1, planted_examples=40, damaged_files=30, kills=8,
        crash_problems=120, determinism_problems=100, hash_seeds=("0", "1", "4242"),
        seed=20240601,
    ),
    "long": Profile(
        name="long", fuzz_examples=400, capture_problems=120, tamper_problems=50,
        flips_per_object=4, kind_targets=None, planted_examples=400, damaged_files=200,
        kills=40, crash_problems=400, determinism_problems=300,
        hash_seeds=("0", "1", "2", "3", "4242", "random"), seed=20240601,
    ),
}


def active() -> Profile:
    """The profile named by ``HYPOTHESIS_PROFILE`` (``ci`` when unset)."""
    name = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    if name not in PROFILES:
        raise RuntimeError(f"HYPOTHESIS_PROFILE={name!r}: choose one of {sorted(PROFILES)}")
    return PROFILES[name]


def corpus_file(name: str) -> Path:
    """A development corpus; raises (never skips) when it is missing."""
    path = CORPORA / name
    if not path.is_file():
        raise FileNotFoundError(
            f"development corpus missing: {path} (expected at <repo>/../shared/corpora)")
    return path


def load_texts(count: int, name: str = "svamp.jsonl") -> list[tuple[str, str]]:
    """The first ``count`` ``(id, question)`` pairs of a corpus, in file order."""
    import json

    out: list[tuple[str, str]] = []
    with corpus_file(name).open(encoding="utf-8") as handle:
        for line in handle:
            if len(out) == count:
                break
            item = json.loads(line)
            out.append((item["id"], item["question"]))
    if len(out) < count:
        raise ValueError(f"{name} holds {len(out)} problems, fewer than {count}")
    return out


def head(count: int, target: Path, name: str = "svamp.jsonl") -> Path:
    """Write the first ``count`` lines of a corpus to ``target`` (a temporary sub-corpus)."""
    with corpus_file(name).open("rb") as handle:
        lines = [next(handle) for _ in range(count)]
    target.write_bytes(b"".join(lines))
    return target
