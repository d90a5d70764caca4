"""What a stored object must be: the checks on every write (``append``) and every read.

Pure functions and values: no SQLite, no files. The store does not recompute record ids (that
needs the kernel's record types: the audit does it); it checks that ids are digests and that
bodies are the canonical full form ``{"kind": K, "record": {...}}`` of the stated kind.

:class:`ObjectBatch` runs the write checks ahead of ``append``, as objects arrive, and keeps
the leaf hashes they computed, so that ``append`` does not compute them again under the write
lock. :func:`vouch_for` runs the same checks where the objects are made (a corpus worker), and
:meth:`ObjectBatch.add_vouched` takes its word for the body checks: the one trusted path, for
callers that trust the process that vouched (see its docstring).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, final

from practiceloop.kernel.identity import (
    Digest,
    canonical_bytes,
    digest_bytes,
    is_digest,
    parse_json,
)
from practiceloop.store._episodes import INDEXED_KINDS
from practiceloop.store._sql import shown, unbindable
from practiceloop.store.errors import (
    CorruptObjectError,
    InvalidObjectError,
    ObjectConflictError,
    ProblemConflictError,
)
from practiceloop.store.merkle import HASH_SIZE, leaf_hash

__all__ = [
    "CHECK_VERSION",
    "ObjectBatch",
    "StoredObject",
    "check_full_form",
    "validate_problems",
    "verify_object",
    "vouch_for",
]

CHECK_VERSION: Final = 1
"""The version of the rules :meth:`ObjectBatch.add` checks objects by. A vouch is trusted only
by a receiver whose rules have the same version: bump it whenever the rules change, so that a
worker that checks by other rules is checked again, not believed."""

_FULL_FORM_KEYS: Final = frozenset({"kind", "record"})


@dataclasses.dataclass(frozen=True, slots=True)
class StoredObject:
    """One logged object as read from the store: log position, id, kind, bytes, leaf hash."""

    seq: int
    object_id: Digest
    kind: str
    body: bytes
    leaf_hash: bytes


def check_full_form(value: object) -> str | None:
    """Why parsed JSON ``value`` is not a record's full form ``{"kind": K, "record": {...}}``.

    None when it is one. Only the shape is checked; canonical bytes are the caller's concern.
    """
    if type(value) is not dict or value.keys() != _FULL_FORM_KEYS:
        return 'it is not a full form {"kind": ..., "record": {...}}'
    if type(value["kind"]) is not str or not value["kind"]:
        return "its kind is not a non-empty string"
    if type(value["record"]) is not dict:
        return "its record is not an object"
    return None


def _checked_body(body: bytes, kind: str) -> tuple[str | None, dict[str, Any] | None]:
    """Why ``body`` is not the canonical full form of a record of ``kind`` (None when it is),
    and its parsed ``record`` when it is.

    The body is parsed once and compared with the canonical bytes of what it parsed to (the
    kernel's validated encoder): canonical exactly when they are the same bytes.
    """
    try:
        parsed = parse_json(body)
    except (ValueError, RecursionError):
        try:  # the reference parser, to name what the fast one refuses outright (a NaN, a
            # lone surrogate): JSON that no canonical encoding gives
            text = body.decode("utf-8", "surrogatepass") if body.startswith(b'{"') else body
            parsed = json.loads(text)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError
            return f"body is not JSON ({type(exc).__name__})", None
    shape = check_full_form(parsed)
    if shape is not None:
        return f"body: {shape}", None
    assert type(parsed) is dict
    if parsed["kind"] != kind:
        return f"body's kind is {parsed['kind']!r}, not {kind!r}", None
    try:
        canonical = canonical_bytes(parsed)
    except ValueError as exc:  # CanonicalPayloadError: floats, out-of-range ints, depth
        return f"body cannot be encoded canonically ({exc})", None
    if canonical != body:
        return (
            f"body is not canonical: canonical sha256 {digest_bytes(canonical)}, "
            f"body sha256 {digest_bytes(body)}"
        ), None
    record: dict[str, Any] = parsed["record"]
    return None, record


def _body_problem(body: bytes, kind: str) -> str | None:
    """Why ``body`` is not the canonical full form of a record of ``kind``; None when it is."""
    return _checked_body(body, kind)[0]


@functools.lru_cache(maxsize=256)  # a store holds a handful of kinds
def _kind_opening(kind: str) -> bytes | None:
    """How the canonical full form of a record of ``kind`` begins; None for a kind with no
    canonical form (a lone surrogate), which no body can be of."""
    try:
        return b'{"kind":' + canonical_bytes(kind) + b',"record":{'
    except ValueError:  # CanonicalPayloadError
        return None


def verify_object(obj: StoredObject) -> CorruptObjectError | None:
    """Re-check one stored object; the error naming expected and actual, or None when sound.

    Checks, in order: the id is a digest; the body re-hashes to its logged leaf hash; the body
    re-parses and re-encodes to exactly its own bytes, as the full form of the stored kind.
    """
    if not is_digest(obj.object_id):
        return CorruptObjectError(str(obj.object_id), "id", "64 lowercase hex", "malformed")
    if type(obj.body) is not bytes or type(obj.leaf_hash) is not bytes:
        return CorruptObjectError(obj.object_id, "column types", "BLOB body and leaf hash",
                                  f"{type(obj.body).__name__}, {type(obj.leaf_hash).__name__}")
    actual = leaf_hash(obj.body)
    if actual != obj.leaf_hash:
        return CorruptObjectError(
            obj.object_id, "leaf hash of the body", obj.leaf_hash.hex(), actual.hex()
        )
    problem = _body_problem(obj.body, obj.kind)
    if problem is not None:
        return CorruptObjectError(obj.object_id, "body", f"canonical {obj.kind} full form", problem)
    return None


@final
class ObjectBatch:
    """Objects checked for one ``EvidenceStore.append``, as they arrive, before the write lock.

    ``append`` checks every object it is given before it takes the write lock. A caller that
    receives objects over time (the corpus driver, shard by shard) can run those same checks as
    each shard arrives, with :meth:`add`, and pass the batch to ``append``, which then only
    writes. :meth:`add` runs the store's own checks in this process on the very bytes the
    batch keeps; :meth:`add_vouched` is the one trusted path (see there). The batch keeps each
    body's leaf hash, so that it is not computed again under the lock (and not its parsed
    record: holding thousands of parsed records until the commit costs the garbage collector
    more than parsing the few the index needs again).

    Ids keep their first-seen order, which is the order ``append`` logs new objects in.
    """

    __slots__ = ("_entries", "_records")

    def __init__(self) -> None:
        self._entries: dict[str, tuple[str, bytes, bytes]] = {}  # id -> kind, body, leaf hash
        # id -> the parsed record of a body the derived index reads, kept from its check
        self._records: dict[str, dict[str, Any]] = {}

    @classmethod
    def of(cls, objects: Iterable[tuple[str, str, bytes]]) -> ObjectBatch:
        """A batch of ``objects`` (raises as :meth:`add`)."""
        batch = cls()
        batch.add(objects)
        return batch

    def __len__(self) -> int:
        """How many distinct ids the batch holds."""
        return len(self._entries)

    def add(self, objects: Iterable[tuple[str, str, bytes]]) -> None:
        """Check ``objects``, each ``(id, kind, body)``, and add them in order; all or nothing.

        ``id`` must be 64 lowercase hex, ``kind`` a non-empty str, ``body`` the canonical bytes
        of ``{"kind": kind, "record": {...}}``. An id repeated with the same kind and bytes is
        kept once. Raises InvalidObjectError naming the first malformed entry (its position
        counts from 0 in this call), ObjectConflictError when an id arrives with other bytes
        than it has here or earlier in the batch; the batch is then left as it was.
        """
        self._add(objects, None)

    def add_vouched(self, objects: Sequence[tuple[str, str, bytes]], vouch: bytes) -> None:
        """Add ``objects`` that another process checked: ``vouch`` is what :func:`vouch_for`
        answered there for exactly these objects. All or nothing.

        The trusted path. Each body is hashed again and must give the leaf hash the vouch
        holds for it, so the bytes kept are exactly the bytes that were checked, whatever
        carried them here; ids, kinds and conflicts are checked as :meth:`add` checks them. The
        body checks (parse, kind, canonical encoding) are not run again: their verdict is the
        vouching process's. Use it only for a vouch made by the same checks
        (:data:`CHECK_VERSION`) in a process you trust to have run them; ``verify`` re-checks
        every stored body in any case. Raises as :meth:`add`, and InvalidObjectError for a
        vouch that is not one leaf hash per object or that names other bytes.
        """
        if type(objects) not in (list, tuple):
            raise InvalidObjectError("batch", "not a list or tuple of (id, kind, body)")
        if type(vouch) is not bytes or len(vouch) != HASH_SIZE * len(objects):
            raise InvalidObjectError("vouch", "not one leaf hash per object")
        self._add(objects, vouch)

    def _add(self, objects: Iterable[tuple[str, str, bytes]], vouch: bytes | None) -> None:
        # The caller's containers may raise anything while iterated: a refusal, never theirs.
        try:
            items = list(objects)
        except Exception:
            raise InvalidObjectError("batch", "not an iterable of (id, kind, body)") from None
        entries = self._entries
        added: dict[str, tuple[str, bytes, bytes]] = {}
        records: dict[str, dict[str, Any]] = {}
        for position, entry in enumerate(items):
            try:
                object_id, kind, body = entry
            except Exception:
                raise InvalidObjectError(
                    f"batch item {position}", "not an (id, kind, body)"
                ) from None
            if not is_digest(object_id):
                raise InvalidObjectError(f"object {shown(object_id)}", "id is not 64 lowercase hex")
            if type(kind) is not str or not kind:
                raise InvalidObjectError(f"object {object_id}", "kind is not a non-empty str")
            if type(body) is not bytes:
                raise InvalidObjectError(f"object {object_id}", "body is not bytes")
            seen = added.get(object_id) or entries.get(object_id)
            repeated = seen is not None and seen[0] == kind and seen[1] == body
            # The same object again: the verdict on its bytes cannot differ, nor its leaf.
            leaf = seen[2] if seen is not None and repeated else leaf_hash(body)
            if vouch is not None:
                if leaf != vouch[HASH_SIZE * position : HASH_SIZE * (position + 1)]:
                    raise InvalidObjectError(
                        f"object {object_id}", "body is not the one its checker vouched for"
                    )
                # The vouch binds the body, not the kind it travels with: a canonical full
                # form opens with its kind (keys sorted), so one comparison pairs them.
                opening = _kind_opening(kind)
                if opening is None or not body.startswith(opening):
                    raise InvalidObjectError(f"object {object_id}", f"body's kind is not {kind!r}")
            if repeated:
                continue
            if vouch is None:
                problem, record = _checked_body(body, kind)
                if problem is not None:
                    raise InvalidObjectError(f"object {object_id}", problem)
                if kind in INDEXED_KINDS and record is not None:
                    records[object_id] = record
            if seen is not None:
                # A well-formed body of the same id with other bytes (a kind of its own is
                # other bytes too: the body names its kind).
                raise ObjectConflictError(object_id, digest_bytes(seen[1]), digest_bytes(body))
            added[object_id] = (kind, body, leaf)
        entries.update(added)
        self._records.update(records)

    def _items(self) -> Iterator[tuple[str, str, bytes, bytes]]:
        """``(id, kind, body, leaf hash)`` in first-seen order (package-private: ``append``)."""
        for object_id, (kind, body, leaf) in self._entries.items():
            yield object_id, kind, body, leaf

    def _parsed(self) -> dict[str, dict[str, Any]]:
        """id -> parsed record of the bodies the index reads that this process checked (the
        vouched ones were parsed elsewhere; package-private: ``append``)."""
        return self._records


def vouch_for(objects: Sequence[tuple[str, str, bytes]]) -> bytes | None:
    """The vouch for ``objects``: each body's leaf hash, in order, concatenated, when all of
    them pass the checks of :meth:`ObjectBatch.add` (each on its own and against the others);
    None when one does not, so that the receiver runs the checks itself and names the failure.

    Run where the objects are made (a corpus worker, next to the work), so that the receiver
    can take the body checks' verdict with :meth:`ObjectBatch.add_vouched`. Never raises for a
    list or tuple (anything else gets no vouch).
    """
    if type(objects) not in (list, tuple):
        return None
    try:
        batch = ObjectBatch.of(objects)
    except (InvalidObjectError, ObjectConflictError):
        return None
    entries = batch._entries
    return b"".join(entries[object_id][2] for object_id, _, _ in objects)


def validate_problems(problems: Iterable[tuple[str, str]]) -> dict[str, str]:
    """problem_id -> entry_id; raises for a malformed or conflicting claim."""
    claims: dict[str, str] = {}
    try:
        entries = list(problems)
    except Exception:  # whatever the caller's container raises is a malformed argument
        raise InvalidObjectError("problems", "not an iterable of (problem_id, entry_id)") from None
    for position, entry in enumerate(entries):
        try:
            problem_id, entry_id = entry
        except Exception:
            raise InvalidObjectError(f"problem item {position}", "not a pair") from None
        if type(problem_id) is not str or not problem_id:
            raise InvalidObjectError(f"problem {shown(problem_id)}", "id is not a non-empty str")
        if unbindable(problem_id):
            raise InvalidObjectError(f"problem {shown(problem_id)}", "id has no UTF-8 form")
        if not is_digest(entry_id):
            raise InvalidObjectError(f"problem {shown(problem_id)}", "entry id is not a digest")
        seen = claims.setdefault(problem_id, entry_id)
        if seen != entry_id:
            raise ProblemConflictError(problem_id, seen, entry_id)
    return claims
