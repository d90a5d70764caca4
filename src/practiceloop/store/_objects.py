"""What a stored object must be: the checks on every write (``append``) and every read.

Pure functions over values: no SQLite, no files. The store does not recompute record ids (that
needs the kernel's record types: the audit does it); it checks that ids are digests and that
bodies are the canonical full form ``{"kind": K, "record": {...}}`` of the stated kind.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Final

from practiceloop.kernel.identity import Digest, canonical_bytes, digest_bytes, is_digest
from practiceloop.store._sql import shown, unbindable
from practiceloop.store.errors import (
    CorruptObjectError,
    InvalidObjectError,
    ObjectConflictError,
    ProblemConflictError,
)
from practiceloop.store.merkle import leaf_hash

__all__ = [
    "StoredObject",
    "check_full_form",
    "validate_objects",
    "validate_problems",
    "verify_object",
]

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


def _body_problem(body: bytes, kind: str) -> str | None:
    """Why ``body`` is not the canonical full form of a record of ``kind``; None when it is."""
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError
        return f"body is not JSON ({type(exc).__name__})"
    shape = check_full_form(parsed)
    if shape is not None:
        return f"body: {shape}"
    if parsed["kind"] != kind:
        return f"body's kind is {parsed['kind']!r}, not {kind!r}"
    try:
        canonical = canonical_bytes(parsed)
    except ValueError as exc:  # CanonicalPayloadError: floats, out-of-range ints, depth
        return f"body cannot be encoded canonically ({exc})"
    if canonical != body:
        return (
            f"body is not canonical: canonical sha256 {digest_bytes(canonical)}, "
            f"body sha256 {digest_bytes(body)}"
        )
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


def validate_objects(objects: Iterable[tuple[str, str, bytes]]) -> dict[str, tuple[str, bytes]]:
    """id -> (kind, body) in first-seen order; raises for a malformed or conflicting entry."""
    batch: dict[str, tuple[str, bytes]] = {}
    for position, entry in enumerate(objects):
        try:
            object_id, kind, body = entry
        except (TypeError, ValueError):
            raise InvalidObjectError(f"batch item {position}", "not an (id, kind, body)") from None
        if not is_digest(object_id):
            raise InvalidObjectError(f"object {shown(object_id)}", "id is not 64 lowercase hex")
        if type(kind) is not str or not kind:
            raise InvalidObjectError(f"object {object_id}", "kind is not a non-empty str")
        if type(body) is not bytes:
            raise InvalidObjectError(f"object {object_id}", "body is not bytes")
        problem = _body_problem(body, kind)
        if problem is not None:
            raise InvalidObjectError(f"object {object_id}", problem)
        seen = batch.get(object_id)
        if seen is None:
            batch[object_id] = (kind, body)
        elif seen[1] != body:
            raise ObjectConflictError(object_id, digest_bytes(seen[1]), digest_bytes(body))
    return batch


def validate_problems(problems: Iterable[tuple[str, str]]) -> dict[str, str]:
    """problem_id -> entry_id; raises for a malformed or conflicting claim."""
    claims: dict[str, str] = {}
    for position, entry in enumerate(problems):
        try:
            problem_id, entry_id = entry
        except (TypeError, ValueError):
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
