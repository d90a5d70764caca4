"""Shared fixtures for the evidence-store tests: temporary stores and well-formed objects."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from practiceloop.kernel.identity import Digest, canonical_bytes, digest
from practiceloop.store import PROBLEM_ENTRY_KIND, EvidenceStore

StoredTriple = tuple[Digest, str, bytes]
MakeObject = Callable[..., StoredTriple]

GOOD_ID = digest("x")
_DEEP = b'{"kind":"note","record":' + b'{"a":' * 32 + b"1" + b"}" * 32 + b"}"  # 33 deep

MALFORMED: list[tuple[tuple[object, ...], str]] = [
    # (batch entry, what the refusal says): every write path refuses each with these words.
    (("ABC", "note", b"{}"), "id is not 64"),
    ((GOOD_ID.upper(), "note", b"{}"), "id is not 64"),
    ((GOOD_ID, "", b"{}"), "kind"),
    ((GOOD_ID, "note", "text"), "not bytes"),
    ((GOOD_ID, "note", bytearray(b"{}")), "not bytes"),
    ((GOOD_ID, "note", b"\xff"), "not JSON"),
    ((GOOD_ID, "note", b'{"kind":"note"}'), "full form"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{},"x":1}'), "full form"),
    ((GOOD_ID, "note", b'{"kind":"note","record":[]}'), "record is not an object"),
    ((GOOD_ID, "note", b'{"kind":"other","record":{}}'), "kind is 'other'"),
    ((GOOD_ID, "note", b'{"kind": "note", "record": {}}'), "not canonical"),
    ((GOOD_ID, "note", b'{"record":{},"kind":"note"}'), "not canonical"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":1.5}}'), "canonically"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":NaN}}'), "canonically"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":1,"a":2}}'), "not canonical"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":9007199254740992}}'), "canonically"),
    ((GOOD_ID, "note", _DEEP), "canonically"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":"\\ud800"}}'), "canonically"),
    ((GOOD_ID, "note", b'{"kind":"note","record":{"a":"\xed\xa0\x80"}}'), "canonically"),
    ((GOOD_ID, "note", b'\xef\xbb\xbf{"kind":"note","record":{}}'), "not canonical"),
    ((GOOD_ID, "note", '{"kind":"note","record":{}}'.encode("utf-16")), "not canonical"),
    ((GOOD_ID, "note"), r"not an \(id, kind, body\)"),
]


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
