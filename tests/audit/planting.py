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
from typing import Any

from practiceloop.engines import InProcessEngine, run_corpus
from practiceloop.store import checkpoint_path

AUTHORED = Path(__file__).with_name("authored.jsonl")
"""The authored corpus."""

Statement = tuple[str, tuple[Any, ...]]


def build_store(path: Path, corpus: Path = AUTHORED) -> Path:
    """Run ``corpus`` through the loop into a store at ``path`` (in process, checkpointed)."""
    with InProcessEngine() as engine:
        summary = run_corpus(corpus, path, engine=engine)
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
