"""Single-trace bundles: one trace's records and the proof that the trace is in the log.

A bundle is one canonical JSON document (:data:`BUNDLE_FORMAT`)::

    {
      "format": "practiceloop-bundle/1",
      "trace_id": "<id of the trace object>",
      "records": {"<id>": {"kind": ..., "record": {...}}, ...},   # the trace and what it binds
      "inclusion": {"leaf_index": i, "tree_size": n, "root": "<hex>", "path": ["<hex>", ...]}
    }

``root`` is a checkpoint root: the bundle shows that the trace's exact bytes are leaf ``i`` of
the published log of ``n`` leaves. :func:`verify_bundle` needs no database: it re-encodes every
body canonically, hashes the trace's bytes as an RFC 9162 leaf and checks the inclusion path.
Record ids are *not* recomputed here (that needs the kernel's record types); a caller passes
such checks in as ``record_checks`` and their findings join the bundle's own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from practiceloop.kernel.identity import Digest, canonical_bytes, is_digest
from practiceloop.store._objects import check_full_form
from practiceloop.store.checkpoint import Checkpoint
from practiceloop.store.errors import (
    BundleError,
    Finding,
    ObjectNotFoundError,
    SizeOutOfRangeError,
)
from practiceloop.store.merkle import leaf_hash, verify_inclusion
from practiceloop.store.sqlite import EvidenceStore

__all__ = [
    "BUNDLE_FORMAT",
    "RecordCheck",
    "make_bundle",
    "verify_bundle",
]

BUNDLE_FORMAT: Final = "practiceloop-bundle/1"

RecordCheck = Callable[[Digest, Mapping[str, Any]], Iterable[Finding]]
"""An extra check on one bundled record: ``(record id, full form) -> findings``."""

_KEYS: Final = frozenset({"format", "trace_id", "records", "inclusion"})
_INCLUSION_KEYS: Final = frozenset({"leaf_index", "tree_size", "root", "path"})


def make_bundle(
    store: EvidenceStore,
    trace_id: Digest,
    record_ids: Iterable[Digest],
    *,
    checkpoint: Checkpoint | None = None,
) -> bytes:
    """The canonical bundle of ``trace_id`` and ``record_ids`` against ``checkpoint``.

    ``checkpoint`` defaults to the store's current head; a given one must be reproduced by the
    store. Raises BundleError when an id is malformed or not stored, when the trace is not
    covered by the checkpoint, or when the store disagrees with it; CorruptObjectError when a
    stored body fails its re-check.
    """
    ids = {trace_id, *record_ids}
    malformed = sum(1 for i in ids if not is_digest(i))
    if malformed:
        # Counted, not shown: a malformed id may not even have a printable form (a huge int).
        raise BundleError(f"ids must be 64 lowercase hex: {malformed} malformed")
    if checkpoint is None:
        size = store.log_size()
        checkpoint = Checkpoint.of(size, store.log_root(size))
    try:
        proof = store.inclusion_proof(trace_id, checkpoint.size)
    except ObjectNotFoundError:
        raise BundleError(f"trace {trace_id} is not in the log") from None
    except SizeOutOfRangeError as exc:
        raise BundleError(f"the checkpoint (size {checkpoint.size}) does not cover it: {exc}") \
            from None
    if proof.root != checkpoint.root_bytes:
        raise BundleError(
            f"the store's root at size {checkpoint.size} is {proof.root.hex()}, not the "
            f"checkpoint's {checkpoint.root}: run `practiceloop verify`"
        )
    records: dict[str, Any] = {}
    for object_id in sorted(ids):
        try:
            records[object_id] = json.loads(store.get(object_id))
        except ObjectNotFoundError:
            raise BundleError(f"record {object_id} is not in the store") from None
    document = {
        "format": BUNDLE_FORMAT,
        "trace_id": trace_id,
        "records": records,
        "inclusion": {
            "leaf_index": proof.leaf_index,
            "tree_size": proof.tree_size,
            "root": proof.root.hex(),
            "path": [p.hex() for p in proof.path],
        },
    }
    return canonical_bytes(document)


def _hash_hex(value: object) -> bytes | None:
    return bytes.fromhex(value) if is_digest(value) else None  # type: ignore[arg-type]


def _record_findings(object_id: object, body: object) -> tuple[list[Finding], bytes | None]:
    """Findings for one bundled record, and its canonical bytes when it has them."""
    subject = str(object_id)
    if not is_digest(object_id):
        return [Finding("bundle.record-id", subject, "record id is not 64 lowercase hex")], None
    shape = check_full_form(body)
    if shape is not None:
        return [Finding("bundle.record-form", subject, f"body: {shape}")], None
    try:
        return [], canonical_bytes(body)
    except ValueError as exc:  # CanonicalPayloadError: floats, huge ints, depth
        reason = f"body has no canonical form: {exc}"
        return [Finding("bundle.record-encoding", subject, reason)], None


def _inclusion_findings(inclusion: object, trace_bytes: bytes) -> list[Finding]:
    if type(inclusion) is not dict or inclusion.keys() != _INCLUSION_KEYS:
        return [Finding("bundle.inclusion-form", "inclusion",
                        f"must have exactly the keys {sorted(_INCLUSION_KEYS)}")]
    path = inclusion["path"]
    hashes = [_hash_hex(p) for p in path] if type(path) is list else None
    root = _hash_hex(inclusion["root"])
    if hashes is None or None in hashes or root is None:
        return [Finding("bundle.inclusion-form", "inclusion",
                        "root and every path element must be 64 lowercase hex")]
    index, size = inclusion["leaf_index"], inclusion["tree_size"]
    proof = [h for h in hashes if h is not None]
    if not verify_inclusion(index, size, leaf_hash(trace_bytes), proof, root):
        return [Finding("bundle.inclusion-failed", "inclusion",
                        f"the trace is not leaf {index!r} of the tree of {size!r} leaves with "
                        f"root {inclusion['root']}")]
    return []


def verify_bundle(data: object, *, record_checks: Sequence[RecordCheck] = ()) -> list[Finding]:
    """Every finding against the bundle ``data`` (its bytes); [] means it verifies.

    Needs no database and never raises: malformed input of any kind is a finding, and so is
    an exception from one of ``record_checks`` (each called as ``check(id, full_form)`` for
    every well-formed record, in id order). One trailing newline after the document is allowed.
    """
    findings: list[Finding] = []
    # (1) bytes holding one JSON object.
    if type(data) is not bytes:
        return [Finding("bundle.not-bytes", "bundle", f"expected bytes, got {type(data).__name__}")]
    text = data[:-1] if data.endswith(b"\n") else data
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return [Finding("bundle.not-json", "bundle", "the bundle is not JSON")]
    if type(document) is not dict:
        return [Finding("bundle.not-object", "bundle", "the bundle is not a JSON object")]
    # (2) exactly the known keys, and our format.
    if document.keys() != _KEYS:
        return [Finding("bundle.keys", "bundle", f"keys must be exactly {sorted(_KEYS)}, got "
                        f"{sorted(document.keys())}")]
    if document["format"] != BUNDLE_FORMAT:
        return [Finding("bundle.format", "bundle", f"format is {document['format']!r}, not "
                        f"{BUNDLE_FORMAT!r}")]
    # (3) canonical bytes: the document is exactly what make_bundle writes.
    try:
        if canonical_bytes(document) != text:
            findings.append(Finding("bundle.not-canonical", "bundle",
                                    "the bundle's bytes are not its canonical encoding"))
    except ValueError as exc:
        findings.append(Finding("bundle.not-canonical", "bundle", f"no canonical form: {exc}"))
    # (4) every record is an id -> full form with a canonical encoding.
    records = document["records"]
    if type(records) is not dict:
        return [*findings, Finding("bundle.records", "bundle", "records is not an object")]
    encoded: dict[str, bytes] = {}
    for object_id, body in sorted(records.items()):
        problems, canonical = _record_findings(object_id, body)
        findings += problems
        if canonical is not None:
            encoded[object_id] = canonical
    # (5) the trace is one of the records, and its bytes are a leaf of the checkpointed log.
    trace_id = document["trace_id"]
    if not is_digest(trace_id) or trace_id not in records:
        findings.append(Finding("bundle.trace-missing", str(trace_id),
                                "trace_id is not the id of a bundled record"))
    elif trace_id in encoded:
        findings += _inclusion_findings(document["inclusion"], encoded[trace_id])
    # (6) the caller's checks (e.g. record ids recomputed from the fields).
    for object_id in sorted(encoded):
        for check in record_checks:
            try:
                findings += list(check(Digest(object_id), records[object_id]))
            except Exception as exc:  # a verifier reports, it does not crash
                findings.append(Finding("bundle.check-crashed", object_id,
                                        f"{getattr(check, '__name__', check)!s} raised {exc!r}"))
    return findings
