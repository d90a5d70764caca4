"""Real stores for the audit tests: the loop run on short authored problems, then tampered with.

``authored.jsonl`` holds problems written for these tests (never the development corpora):
they reach closed candidates, refused proofs, exhausted runs, a blocked gate, a text no organ
reads, and one text twice under two ids. Tampering goes around the store's guards the way an
attacker with the file would: raw SQL with the append-only triggers dropped, then put back, so
that each test sees only the damage it planted.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from practiceloop.audit import Check, VerifyReport
from practiceloop.engines import InProcessEngine, run_corpus
from practiceloop.store import checkpoint_path

AUTHORED = Path(__file__).with_name("authored.jsonl")
"""The authored corpus (also used by ``tests/cli``)."""

Statement = tuple[str, tuple[Any, ...]]


def build_store(path: Path, corpus: Path = AUTHORED) -> Path:
    """Run ``corpus`` through the loop into a store at ``path`` (in process, checkpointed)."""
    with InProcessEngine() as engine:
        summary = run_corpus(corpus, path, engine=engine)
    assert not summary.failures and not summary.bad_lines
    return path


@pytest.fixture(scope="session")
def built_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("loop") / "store.sqlite")


def copy_store(source: Path, target: Path) -> Path:
    """Copy a closed store and its checkpoints file."""
    shutil.copyfile(source, target)
    if checkpoint_path(source).exists():
        shutil.copyfile(checkpoint_path(source), checkpoint_path(target))
    return target


@pytest.fixture
def store(built_store: Path, tmp_path: Path) -> Path:
    """A private copy of the built store, free to tamper with."""
    return copy_store(built_store, tmp_path / "store.sqlite")


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


def found(report: VerifyReport) -> set[Check]:
    """The checks a report raised."""
    return {finding.check for finding in report.findings}


def subjects(report: VerifyReport, check: Check) -> set[str]:
    """The subjects a report names for one check."""
    return {finding.subject for finding in report.findings if finding.check is check}


def only(report: VerifyReport, allowed: Iterable[Check]) -> None:
    """Assert that the report raised nothing outside ``allowed``."""
    extra = found(report) - set(allowed)
    assert not extra, [str(f) for f in report.findings if f.check in extra]
