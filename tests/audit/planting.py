"""Planting damage in real stores, shared by the audit and CLI tests.

``authored.jsonl`` holds problems written for these tests (never the development corpora):
they reach closed candidates, refused proofs, exhausted runs, a blocked gate, a text no organ
reads, and one text twice under two ids. Tampering goes around the store's guards the way an
attacker with the file would: raw SQL with the append-only triggers dropped, then put back, so
that each test sees only the damage it planted.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from practiceloop.audit.recompute import KINDS, recompute_kind_id
from practiceloop.engines import InProcessEngine, run_corpus
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.store import checkpoint_path
from practiceloop.store.merkle import leaf_hash

if TYPE_CHECKING:
    from practiceloop.store.note import Signer

AUTHORED = Path(__file__).with_name("authored.jsonl")
"""The authored corpus."""

Statement = tuple[str, tuple[Any, ...]]


def build_store(path: Path, corpus: Path = AUTHORED, signer: Signer | None = None) -> Path:
    """Run ``corpus`` through the loop into a store at ``path`` (in process, checkpointed;
    signed by ``signer`` when given)."""
    with InProcessEngine() as engine:
        signing = {} if signer is None else {"signer": signer}
        summary = run_corpus(corpus, path, engine=engine, **signing)
    assert not summary.failures and not summary.bad_lines
    return path


def copy_store(source: Path, target: Path) -> Path:
    """Copy a closed store and its checkpoints file."""
    shutil.copyfile(source, target)
    if checkpoint_path(source).exists():
        shutil.copyfile(checkpoint_path(source), checkpoint_path(target))
    return target


def tamper(path: Path, *statements: Statement, keep_triggers_dropped: bool = False) -> None:
    """Run raw SQL on a store with its append-only triggers dropped (then restored)."""
    conn = sqlite3.connect(path)
    try:
        triggers = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        assert triggers, "a practiceloop store always has its triggers"
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        for sql, params in statements:
            conn.execute(sql, params)
        if not keep_triggers_dropped:
            for _, sql in triggers:
                conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


def rows(path: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Read rows with raw SQL (what the store holds, unchecked)."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def logged(path: Path, kind: str) -> list[tuple[int, str, bytes]]:
    """``(seq, id, body)`` of every logged object of ``kind``, in log order."""
    return rows(path, "SELECT l.seq, o.id, o.body FROM log l JOIN objects o ON o.id = l.object_id "
                "WHERE o.kind = ? ORDER BY l.seq", kind)


def append_forged(path: Path, kind: str, record: dict[str, Any],
                  object_id: str | None = None) -> str:
    """Append a record at the end of the log with its leaf hash right, as a forger who can
    write the file would; its id is recomputed unless ``object_id`` is given (a record that no
    id could come from). Returns the id it is filed under."""
    if object_id is None:
        field = KINDS[kind].id_field
        record = {**record, field: ""}
        object_id = recompute_kind_id(kind, record)
        assert object_id is not None
        record[field] = object_id
    body = canonical_bytes({"kind": kind, "record": record})
    (size,) = rows(path, "SELECT count(*) FROM log")[0]
    tamper(path, ("INSERT INTO objects (id, kind, body) VALUES (?, ?, ?)", (object_id, kind, body)),
           ("INSERT INTO log (seq, object_id, leaf_hash) VALUES (?, ?, ?)",
            (size, object_id, leaf_hash(body))))
    return object_id
