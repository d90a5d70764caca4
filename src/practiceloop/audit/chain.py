"""The records one record binds: its references followed to the end (``show``, bundles).

Starting from one record (usually a sealed trace), follow every reference of the audit's own
table (:data:`~practiceloop.audit.recompute.KINDS`), nested records' references included,
breadth first. A referenced id that is nested inside a record already reached (an attempt
inside its run or its operator result) is part of that record, not a separate one.

Accepts a root id and a reader ``id -> DecodedObject | None``; returns a :class:`Closure`.
Never raises for what it reads (the reader decides what an unreadable record is).
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable

from practiceloop.audit.recompute import KINDS, DecodedObject, iter_nested, iter_references
from practiceloop.kernel.identity import is_digest

__all__ = ["Closure", "closure"]

Reader = Callable[[str], DecodedObject | None]


@dataclasses.dataclass(frozen=True, slots=True)
class Closure:
    """The records reached from ``root`` (root first, then breadth first) and the ids missing.

    ``missing`` are referenced ids that the reader could not return and that are nested in no
    record reached.
    """

    root: str
    records: tuple[tuple[str, DecodedObject], ...]
    missing: tuple[str, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(object_id for object_id, _ in self.records)


def closure(root: str, read: Reader) -> Closure:
    """Every record ``root`` binds, transitively, read with ``read``."""
    reached: dict[str, DecodedObject] = {}
    nested: set[str] = set()
    unresolved: list[str] = []
    queue = collections.deque([root])
    seen = {root}
    while queue:
        object_id = queue.popleft()
        decoded = read(object_id)
        if decoded is None:
            unresolved.append(object_id)
            continue
        reached[object_id] = decoded
        for _, kind, value in iter_nested(decoded.kind, decoded.record):
            if type(value) is dict:
                nested_id = value.get(KINDS[kind].id_field)
                if type(nested_id) is str:
                    nested.add(nested_id)
        for _, _, target in iter_references(decoded.kind, decoded.record):
            if is_digest(target) and target not in seen:
                assert type(target) is str  # for the type checker
                seen.add(target)
                queue.append(target)
    missing = tuple(i for i in unresolved if i not in nested)
    return Closure(root, tuple(reached.items()), missing)
