"""``verify --bundle``: check a single-trace bundle offline, with no database.

The plan::

    (1) the store's bundle verifier (:func:`practiceloop.store.verify_bundle`): the document is
        a canonical bundle, every record a canonical full form, and the trace's exact bytes are
        leaf ``leaf_index`` of the log of ``tree_size`` leaves with the bundled root;
    (2) when published checkpoints are given, that (size, root) is one of them;
    (3) every bundled record's id recomputed from its fields (as in ``verify`` step 2), and
        filed under that id;
    (4) every reference of every bundled record resolves inside the bundle, with a kind the
        reference allows (the bundle carries the trace's whole chain);
    (5) the sealed trace's disposition re-derived from the bundled replay records.

Because every record is bound by id to the trace, and the trace's bytes to the checkpointed
root, a change to any identity-bearing field of any record is detected; a record's prose
(``explanation``) is outside every id, so only the trace's own prose is pinned by the root.

Accepts the bundle's bytes; returns a :class:`~practiceloop.audit.verify.VerifyReport`. Never
raises for the bundle's content.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from practiceloop.audit.findings import Check, Finding
from practiceloop.audit.recompute import KINDS, DecodedObject, iter_references
from practiceloop.audit.verify import (
    TRACE_KIND,
    Mode,
    Projection,
    VerifyReport,
    check_identity,
    check_trace,
    project,
)
from practiceloop.store import Checkpoint, verify_bundle
from practiceloop.store.errors import Finding as StoreFinding

__all__ = ["verify_bundle_bytes"]

# The store's bundle findings, in this audit's catalogue; any other code is "malformed".
_STORE_CODES: Final[Mapping[str, Check]] = {
    "bundle.not-canonical": Check.BUNDLE_NOT_CANONICAL,
    "bundle.inclusion-failed": Check.BUNDLE_INCLUSION_FAILED,
}


def _translate(found: StoreFinding) -> Finding:
    check = _STORE_CODES.get(found.code, Check.BUNDLE_MALFORMED)
    return Finding(check, found.subject, f"{found.message} [{found.code}]")


def _records(data: bytes) -> tuple[Mapping[str, Any], str, Mapping[str, Any]] | None:
    """(records, trace id, inclusion) of a bundle that step (1) accepted the shape of."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if type(document) is not dict:
        return None
    records, trace_id, inclusion = (
        document.get("records"), document.get("trace_id"), document.get("inclusion"))
    if type(records) is not dict or type(trace_id) is not str or type(inclusion) is not dict:
        return None
    return records, trace_id, inclusion


def _decoded(body: object) -> DecodedObject | None:
    if type(body) is not dict or set(body) != {"kind", "record"}:
        return None
    kind, fields = body["kind"], body["record"]
    if type(kind) is not str or type(fields) is not dict or kind not in KINDS:
        return None
    return DecodedObject(kind, fields)


def verify_bundle_bytes(
    data: bytes, *, subject: str = "bundle", checkpoints: Sequence[Checkpoint] | None = None
) -> VerifyReport:
    """Every finding against one bundle; ``checkpoints`` pins its root to published ones."""
    # (1) the bundle's own form and the trace's inclusion proof.
    findings = [_translate(f) for f in verify_bundle(data)]
    parsed = _records(data)
    if parsed is None:
        return VerifyReport(subject, Mode.FULL, tuple(findings), bytes=len(data))
    records, trace_id, inclusion = parsed
    # (2) the root is one that was published.
    if checkpoints is not None:
        claimed = (inclusion.get("tree_size"), inclusion.get("root"))
        if claimed not in {(c.size, c.root) for c in checkpoints}:
            findings.append(Finding(Check.BUNDLE_CHECKPOINT_UNKNOWN, trace_id,
                                    f"size {claimed[0]!r}, root {claimed[1]!r} is not a "
                                    "published checkpoint"))
    decoded: dict[str, DecodedObject] = {}
    for object_id, body in sorted(records.items()):
        item = _decoded(body)
        if item is None:
            findings.append(Finding(Check.OBJECT_KIND_UNKNOWN, object_id,
                                    "not a full form of a kind practiceloop writes"))
        else:
            decoded[object_id] = item
    # (3) every id recomputed.
    kinds: dict[str, str] = {object_id: item.kind for object_id, item in decoded.items()}
    for object_id, item in decoded.items():
        found, nested = check_identity(object_id, item)
        findings += found
        kinds.update(nested)
    # (4) every reference resolves inside the bundle.
    for object_id, item in decoded.items():
        for path, ref, target in iter_references(item.kind, item.record):
            kind = kinds.get(target) if type(target) is str else None
            if kind is None:
                findings.append(Finding(Check.REFERENCE_MISSING, object_id,
                                        f"{path} references {target}, which the bundle lacks"))
            elif ref.kinds and kind not in ref.kinds:
                findings.append(Finding(Check.REFERENCE_WRONG_KIND, object_id,
                                        f"{path} references {target}",
                                        expected=" or ".join(sorted(ref.kinds)), actual=kind))
    # (5) the trace's disposition re-derived.
    projections: dict[str, Projection] = {}
    for object_id, item in decoded.items():
        projection = project(item.kind, item.record)
        if projection is not None:
            projections[object_id] = projection
    trace = decoded.get(trace_id)
    traces = 0
    if trace is not None and trace.kind == TRACE_KIND:
        traces = 1
        findings += check_trace(trace_id, trace.record, projections.get)
    return VerifyReport(subject, Mode.FULL, tuple(findings), objects=len(records),
                        bytes=len(data), traces=traces)
