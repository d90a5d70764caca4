"""Shared fixtures for the evidence-store tests: temporary stores and well-formed objects."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from practiceloop.kernel.identity import Digest, canonical_bytes, digest
from practiceloop.store import PROBLEM_ENTRY_KIND, EvidenceStore

StoredTriple = tuple[Digest, str, bytes]
MakeObject = Callable[..., StoredTriple]


def make_object(n: int, kind: str = "note", **fields: object) -> StoredTriple:
    """An ``(id, kind, body)`` triple as the driver would append it.

    The id stands in for a kernel record id (a digest of an identity payload, not of the body);
    the body is the canonical full form ``{"kind": kind, "record": {...}}``.
    """
    record = {"n": n, "text": f"record {n}", **fields}
    return digest({"id_of": record, "kind": kind}), kind, canonical_bytes(
        {"kind": kind, "record": record}
    )


@pytest.fixture
def obj() -> MakeObject:
    """Factory for well-formed objects: ``obj(n, kind="note", **extra_fields)``."""
    return make_object


@pytest.fixture
def problem_entry() -> Callable[[str], StoredTriple]:
    """Factory for the logged entry object that seals a corpus problem."""
    return lambda problem_id: make_object(0, PROBLEM_ENTRY_KIND, problem_id=problem_id)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "evidence.sqlite"


@pytest.fixture
def store(store_path: Path) -> Iterator[EvidenceStore]:
    """A fresh writable store, closed after the test."""
    with EvidenceStore.open(store_path, create=True) as opened:
        yield opened


@pytest.fixture
def filled(store: EvidenceStore) -> EvidenceStore:
    """A store holding 37 objects (an awkward size: not a power of two) in two batches."""
    store.append([make_object(i) for i in range(20)])
    store.append([make_object(i) for i in range(20, 37)])
    return store
