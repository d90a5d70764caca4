"""The recomputed-id check shown on every card: the one seam between the Workbench and the audit.

The Workbench never trusts an id it displays. For each record it asks the audit's independent
recomputation (:mod:`practiceloop.audit.recompute`, which rebuilds identities from the stored
JSON without the kernel's record classes) whether the id reproduces; this module is the only
place that calls it, so switching the recomputation means editing this file alone. It also
answers, from the same table, which fields of a record reference other records (the links).

Accepts stored bytes (a top-level object) or an already parsed record dict (a record nested in
another, such as an attempt inside an embedded run). Returns an :class:`IdCheck`; never raises
on any content, since stored bytes are exactly what may be damaged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from practiceloop.audit.recompute import KINDS, decode_object, is_canonical, recompute_kind_id

__all__ = ["IdCheck", "check_nested", "check_stored", "id_field_of", "reference_fields"]


@dataclasses.dataclass(frozen=True, slots=True)
class IdCheck:
    """Whether one record's id reproduces. ``ok`` is the verdict; ``detail`` says why, for people.

    ``claimed`` is the id the record carries (or the id it was looked up by); ``recomputed`` the
    id its fields give, when they could be hashed at all.
    """

    ok: bool
    claimed: str
    recomputed: str | None
    detail: str


def id_field_of(kind: str) -> str | None:
    """The id field of a stored ``kind``, or None for a kind the audit does not know."""
    spec = KINDS.get(kind)
    return None if spec is None else spec.id_field


def reference_fields(kind: str) -> frozenset[str]:
    """The fields of a ``kind`` record that hold ids of other stored records (audit's table)."""
    spec = KINDS.get(kind)
    return frozenset() if spec is None else frozenset(ref.field for ref in spec.references)


def check_nested(kind: str, record: Mapping[str, Any], claimed: str | None = None) -> IdCheck:
    """Recompute the id of a parsed ``kind`` record and compare it with the one it carries.

    ``claimed`` is the id the caller looked the record up by, when there is one: the record's
    own id field must then equal it too (an object filed under another record's id is wrong).
    """
    field = id_field_of(kind)
    if field is None:
        return IdCheck(False, claimed or "", None, f"unknown record kind {kind!r}")
    carried = record.get(field)
    if type(carried) is not str:
        return IdCheck(False, claimed or "", None, f"the record has no {field} string")
    if claimed is not None and carried != claimed:
        return IdCheck(False, claimed, None, f"filed under {claimed} but its {field} is {carried}")
    recomputed = recompute_kind_id(kind, record)
    if recomputed is None:
        return IdCheck(False, carried, None, "the fields cannot be hashed canonically")
    if recomputed != carried:
        return IdCheck(False, carried, recomputed, f"{field} does not recompute: got {recomputed}")
    return IdCheck(True, carried, recomputed, f"{field} recomputes from the stored fields")


def check_stored(object_id: str, body: bytes) -> IdCheck:
    """Check one stored object's bytes: they parse, are canonical, and their id recomputes."""
    decoded = decode_object(body)
    if isinstance(decoded, str):
        return IdCheck(False, object_id, None, f"stored bytes do not parse: {decoded}")
    if not is_canonical(decoded, body):
        return IdCheck(False, object_id, None, "stored bytes are not canonical JSON")
    return check_nested(decoded.kind, decoded.record, object_id)
