"""The write half of ``EvidenceStore.append``: run inside its transaction, on checked objects.

:func:`append_checked` takes an :class:`~practiceloop.store._objects.ObjectBatch` (every object
already checked, its leaf hash already computed) and does only what needs the database: tell
new objects from stored ones (an id stored with other bytes is a conflict), insert and log the
new ones, record problem claims, and extend the derived index from the new bodies in hand.
The caller holds the write lock and commits or rolls back.
"""

from __future__ import annotations

import dataclasses
import sqlite3

from practiceloop.kernel.identity import digest_bytes
from practiceloop.store._episodes import logged, sync_index
from practiceloop.store._objects import ObjectBatch
from practiceloop.store._schema import PROBLEM_ENTRY_KIND
from practiceloop.store._sql import rows_in
from practiceloop.store.errors import (
    InvalidObjectError,
    ObjectConflictError,
    ProblemConflictError,
)
from practiceloop.store.merkle import Frontier

__all__ = ["AppendResult", "append_checked"]


@dataclasses.dataclass(frozen=True, slots=True)
class AppendResult:
    """What one committed :meth:`EvidenceStore.append` did, and the log head after it."""

    new_objects: int
    known_objects: int
    new_problems: int
    log_size: int
    root: bytes


def append_checked(
    conn: sqlite3.Connection, batch: ObjectBatch, claims: dict[str, str], size: int,
    frontier: Frontier,
) -> AppendResult:
    """Append ``batch`` and ``claims`` to a log of ``size`` leaves whose head is ``frontier``.

    ``frontier`` is extended in place (the caller passes a copy and keeps it only once the
    transaction commits). Raises ObjectConflictError, ProblemConflictError and
    InvalidObjectError (a claim whose entry is missing or of another kind); the caller then
    rolls back.
    """
    items = list(batch._items())
    # Ids first (the primary key's index covers them); bodies only of the ids already stored.
    known = [object_id for (object_id,) in rows_in(
        conn, "SELECT id FROM objects WHERE id IN", [object_id for object_id, _, _, _ in items]
    )]
    fresh = items
    if known:
        stored = dict(rows_in(conn, "SELECT id, body FROM objects WHERE id IN", known))
        fresh = []
        for item in items:
            old = stored.get(item[0])
            if old is None:
                fresh.append(item)
            elif old != item[2]:
                raise ObjectConflictError(item[0], digest_bytes(old), digest_bytes(item[2]))
    conn.executemany("INSERT INTO objects (id, kind, body) VALUES (?, ?, ?)",
                     [(object_id, kind, body) for object_id, kind, body, _ in fresh])
    conn.executemany(
        "INSERT INTO log (seq, object_id, leaf_hash) VALUES (?, ?, ?)",
        [(seq, object_id, leaf) for seq, (object_id, _, _, leaf) in enumerate(fresh, size)],
    )
    frontier.extend([leaf for _, _, _, leaf in fresh])
    new_problems = _claim_problems(conn, claims)
    # The derived index, in the same transaction, from the bodies in hand (none read back).
    new = logged(
        size, ((object_id, kind, body) for object_id, kind, body, _ in fresh), batch._parsed()
    )
    sync_index(conn, size + len(fresh), known=new)
    return AppendResult(
        new_objects=len(fresh),
        known_objects=len(items) - len(fresh),
        new_problems=new_problems,
        log_size=size + len(fresh),
        root=frontier.root(),
    )


def _claim_problems(conn: sqlite3.Connection, claims: dict[str, str]) -> int:
    if not claims:
        return 0
    # The batch's own objects are already inserted, so one query sees old and new entries.
    entries = sorted(set(claims.values()))
    kinds = dict(rows_in(conn, "SELECT id, kind FROM objects WHERE id IN", entries))
    for problem_id, entry_id in claims.items():
        kind = kinds.get(entry_id)
        if kind is None:
            raise InvalidObjectError(f"problem {problem_id!r}", f"no entry {entry_id} stored")
        if kind != PROBLEM_ENTRY_KIND:
            raise InvalidObjectError(
                f"problem {problem_id!r}", f"entry {entry_id} is a {kind}, not a "
                f"{PROBLEM_ENTRY_KIND}"
            )
    sealed = dict(rows_in(
        conn, "SELECT problem_id, entry_id FROM problems WHERE problem_id IN", list(claims),
    ))
    fresh = []
    for problem_id, entry_id in claims.items():
        old = sealed.get(problem_id)
        if old is None:
            fresh.append((problem_id, entry_id))
        elif old != entry_id:
            raise ProblemConflictError(problem_id, old, entry_id)
    conn.executemany("INSERT INTO problems (problem_id, entry_id) VALUES (?, ?)", fresh)
    return len(fresh)
