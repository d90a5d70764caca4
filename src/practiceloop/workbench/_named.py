"""Search by name: the records a query names, as the command line prints and takes names.

The episode list's search box takes problem text; it also takes what a person copies from a
table: a problem id, a full record id, or a prefix of one (8 or more hex characters, as
``practiceloop show`` takes them, :meth:`~practiceloop.store.reading.StoreReader.candidates`).
:func:`named_records` turns each record so named into a link: a trace to its episode page, a
problem's entry to each of its episodes, any other record to its record page.
"""

from __future__ import annotations

import dataclasses
import json

from practiceloop.kernel.identity import Digest
from practiceloop.store.errors import StoreError
from practiceloop.store.reading import TRACE_KINDS, StoreReader
from practiceloop.store.sqlite import EvidenceStore

__all__ = ["Named", "named_records"]


@dataclasses.dataclass(frozen=True, slots=True)
class Named:
    """One link a name leads to: what it is (for people), where it goes, the record's id."""

    label: str
    href: str
    object_id: str


def named_records(store: EvidenceStore, query: str) -> tuple[Named, ...]:
    """The links of every record ``query`` names (none for plain text)."""
    reader = StoreReader(store)
    found: list[Named] = []
    for object_id, how in reader.candidates(query.strip()):
        try:
            record = json.loads(store.get(Digest(object_id)))
        except StoreError:
            found.append(Named(f"record {object_id} (unreadable)", f"/records/{object_id}",
                               object_id))
            continue
        kind, fields = record["kind"], record["record"]
        if how == "problem":
            traces = [t for t in fields.get("trace_ids") or [] if type(t) is str]
            found += [Named(f"problem {query.strip()}: episode {t[:12]}", f"/episodes/{t}", t)
                      for t in traces]
            if not traces:
                found.append(Named(f"problem {query.strip()} (no organ refused it: no episode)",
                                   f"/records/{object_id}", object_id))
        elif kind in TRACE_KINDS:
            found.append(Named(f"episode {object_id[:12]} ({kind})", f"/episodes/{object_id}",
                               object_id))
        else:
            found.append(Named(f"{kind} {object_id[:12]}", f"/records/{object_id}", object_id))
    return tuple(found)
