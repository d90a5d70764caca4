"""Reading a store as a person or a program asks: problems, traces and records, by any name.

:func:`open_store` opens an evidence store read-only (:meth:`EvidenceStore.open_readonly`: it
never writes and creates no file) and returns a :class:`StoreReader`, the read half of the
public Python API (``practiceloop.open_store``). Every record it returns was re-checked by the
store on the way out (its bytes re-hash to their logged leaf and re-encode canonically).

Names, as the command line prints them and takes them back (:meth:`StoreReader.resolve`):

* a full record id (64 hex characters);
* a unique prefix of a record id, at least :data:`MIN_PREFIX` hex characters (git's rule: a
  prefix that names two records is an error listing them, :class:`AmbiguousIdError`);
* a corpus problem id, which names the problem's entry record.

A name that is at once a problem id and a record prefix of another record is ambiguous too.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from practiceloop.kernel.identity import Digest, is_digest
from practiceloop.store._sql import unbindable
from practiceloop.store.errors import AmbiguousIdError, ObjectNotFoundError
from practiceloop.store.sqlite import EvidenceStore

__all__ = [
    "MIN_PREFIX",
    "TRACE_KINDS",
    "Problem",
    "StoreReader",
    "StoredRecord",
    "open_store",
]

MIN_PREFIX: Final = 8
"""The fewest hex characters of an id prefix that names a record (as git's short ids)."""

TRACE_KINDS: Final = ("sealed_practice_trace", "practice_trace_refusal")
"""The kinds of record that end an episode: its seal, or the refusal to seal it."""

_HEX: Final = re.compile(r"[0-9a-fA-F]+\Z")
_LISTED: Final = 10  # matches an ambiguity error lists


@dataclasses.dataclass(frozen=True, slots=True)
class StoredRecord:
    """One stored record: its id, kind, log position and fields exactly as stored (JSON)."""

    id: str
    kind: str
    position: int
    fields: Mapping[str, Any]

    @property
    def explanation(self) -> str:
        """The record's prose (outside its id), or ``""``."""
        value = self.fields.get("explanation")
        return value if type(value) is str else ""


@dataclasses.dataclass(frozen=True, slots=True)
class Problem:
    """One corpus problem sealed in the store: its entry record and what the entry names.

    ``text`` is the problem text as read (the frame's source), None when the reader refused it;
    ``trace_ids`` are its episodes' traces, in the entry's order.
    """

    problem_id: str
    entry_id: str
    text: str | None
    assessment_ids: tuple[str, ...]
    trace_ids: tuple[str, ...]


def _strings(value: object) -> tuple[str, ...]:
    return tuple(v for v in value if type(v) is str) if type(value) is list else ()


class StoreReader:
    """A read-only view of one evidence store. Obtain one with :func:`open_store`.

    Usable as a context manager; :meth:`close` is idempotent. Not shareable between threads.
    """

    def __init__(self, store: EvidenceStore) -> None:
        self._store = store

    @property
    def path(self) -> Path:
        """The absolute path of the store's database file."""
        return self._store.path

    @property
    def store(self) -> EvidenceStore:
        """The underlying read-only :class:`EvidenceStore` (logs, proofs, index queries)."""
        return self._store

    def close(self) -> None:
        """Close the store. Idempotent."""
        self._store.close()

    def __enter__(self) -> StoreReader:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- the log ---------------------------------------------------------------------------------

    def log_size(self) -> int:
        """How many records the log holds."""
        return self._store.log_size()

    def log_root(self) -> str:
        """The log's RFC 9162 Merkle root (hex) over all its records."""
        return self._store.log_root().hex()

    # -- records -----------------------------------------------------------------------------------

    def record(self, name: str) -> StoredRecord:
        """The record ``name`` names (a full id, a unique prefix, a problem id: :meth:`resolve`).

        Raises ObjectNotFoundError, AmbiguousIdError, or CorruptObjectError when the stored
        bytes fail their re-check.
        """
        object_id = self.resolve(name)
        digest = Digest(object_id)
        body = self._store.get(digest)
        return _decoded(object_id, self._store.leaf_index(digest), body)

    def records(self, kind: str | None = None) -> Iterator[StoredRecord]:
        """Every record in log order (of one ``kind`` when given), each re-checked, streamed."""
        for obj in self._store.iter_objects(kind=kind):
            yield _decoded(obj.object_id, obj.seq, obj.body)

    def traces(self) -> Iterator[StoredRecord]:
        """Every trace (sealed trace or trace refusal) in log order."""
        return (r for r in self.records() if r.kind in TRACE_KINDS)

    # -- problems ----------------------------------------------------------------------------------

    def problem_ids(self) -> Iterator[str]:
        """Every sealed problem id, in sorted order."""
        return self._store.problem_ids()

    def problems(self) -> Iterator[Problem]:
        """Every sealed problem, in problem-id order."""
        for problem_id, entry_id in self._store.problem_entries():
            yield self._problem(problem_id, entry_id)

    def problem(self, problem_id: str) -> Problem:
        """The sealed problem ``problem_id``; ObjectNotFoundError when none is sealed so."""
        entry_id = self._entry_id(problem_id)
        if entry_id is None:
            raise ObjectNotFoundError(f"for problem {problem_id!r}")
        return self._problem(problem_id, entry_id)

    def _problem(self, problem_id: str, entry_id: str) -> Problem:
        entry = json.loads(self._store.get(Digest(entry_id)))["record"]
        frame_id = entry.get("problem_frame_digest")
        text = None
        if is_digest(frame_id) and self._store.has_object(Digest(frame_id)):
            source = json.loads(self._store.get(Digest(frame_id)))["record"].get("source_text")
            text = source if type(source) is str else None
        return Problem(problem_id, entry_id, text, _strings(entry.get("assessment_ids")),
                       _strings(entry.get("trace_ids")))

    def _entry_id(self, problem_id: str) -> str | None:
        if type(problem_id) is not str or unbindable(problem_id):
            return None
        with self._store._reading() as conn:
            row = conn.execute("SELECT entry_id FROM problems WHERE problem_id = ?",
                               (problem_id,)).fetchone()
        return None if row is None else str(row[0])

    # -- names -------------------------------------------------------------------------------------

    def matches(self, prefix: str, limit: int = _LISTED + 1) -> tuple[str, ...]:
        """The record ids starting with the hex ``prefix`` (case-insensitive), at most ``limit``,
        in id order; () when ``prefix`` is not hex."""
        if type(prefix) is not str or not _HEX.match(prefix):
            return ()
        low = prefix.lower()
        with self._store._reading() as conn:
            rows = conn.execute(
                "SELECT id FROM objects WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                (low, low + "g", limit),  # 'g' sorts after every hex digit
            ).fetchall()
        return tuple(str(row[0]) for row in rows)

    def candidates(self, name: str) -> tuple[tuple[str, str], ...]:
        """Every record ``name`` may name, as ``(record id, how)``: ``how`` is ``"id"``,
        ``"prefix"`` or ``"problem"`` (the entry of the problem so named); a problem first,
        then prefixed ids in id order, at most 11 of those. () for a name that is not a str.
        """
        if type(name) is not str:
            return ()
        if is_digest(name) and self._store.has_object(Digest(name)):
            return ((name, "id"),)
        found: list[tuple[str, str]] = []
        entry = self._entry_id(name)
        if entry is not None:
            found.append((entry, "problem"))
        if len(name) >= MIN_PREFIX:
            found += [(m, "prefix") for m in self.matches(name) if m != entry]
        return tuple(found)

    def resolve(self, name: str) -> str:
        """The full record id ``name`` names: itself (a full id), the one record it prefixes
        (:data:`MIN_PREFIX` or more hex characters), or the entry of the problem so named.

        Raises ObjectNotFoundError when it names nothing, AmbiguousIdError (listing the
        matches) when it names more than one record.
        """
        found = self.candidates(name)
        if len(found) == 1:
            return found[0][0]
        if not found:
            raise ObjectNotFoundError(name if type(name) is str else repr(name))
        listed = [f"{i} (the entry of problem {name})" if how == "problem" else i
                  for i, how in found[:_LISTED]]
        if len(found) > _LISTED:
            listed.append("and more")
        raise AmbiguousIdError(name, tuple(listed))


def _decoded(object_id: str, position: int, body: bytes) -> StoredRecord:
    parsed = json.loads(body)  # the store re-checked it: canonical JSON {"kind", "record"}
    return StoredRecord(object_id, parsed["kind"], position, parsed["record"])


def open_store(path: str | os.PathLike[str]) -> StoreReader:
    """Open the evidence store at ``path`` for reading only (it is never written).

    Returns a :class:`StoreReader` (a context manager). Raises StoreNotFoundError,
    NotAStoreError, StoreCorruptError, StorePermissionError and the rest of the
    :class:`~practiceloop.store.errors.StoreError` family as
    :meth:`EvidenceStore.open_readonly` does.
    """
    return StoreReader(EvidenceStore.open_readonly(path))
