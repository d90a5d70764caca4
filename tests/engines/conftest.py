"""Fixtures for the engine tests: the development corpora (never copied into the repo)."""

from __future__ import annotations

from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"


def corpus_file(name: str) -> Path:
    """A development corpus; fails the test loudly (never skips) when it is missing."""
    path = CORPORA / name
    if not path.is_file():
        pytest.fail(f"development corpus missing: {path} (expected at <repo>/../shared/corpora)")
    return path


@pytest.fixture
def svamp() -> Path:
    """The SVAMP corpus (1,000 problems)."""
    return corpus_file("svamp.jsonl")


@pytest.fixture
def gsm8k() -> Path:
    """The GSM8K train corpus (7,473 problems)."""
    return corpus_file("gsm8k_train.jsonl")


def head(source: Path, target: Path, lines: int) -> Path:
    """Write the first ``lines`` lines of ``source`` to ``target`` (a temporary sub-corpus)."""
    with source.open("rb") as handle:
        chunk = [next(handle) for _ in range(lines)]
    target.write_bytes(b"".join(chunk))
    return target
