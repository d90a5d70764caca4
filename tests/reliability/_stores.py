"""Real stores for the tamper and crash suites, and the two ways to look at them.

* :func:`cli` runs ``practiceloop`` in this process (click's runner, stdout and stderr kept
  apart): the same command a person types, without a subprocess per call;
* :func:`verify` is ``practiceloop verify --json``: the exit code and every finding's message id
  and subject;
* :class:`Tamperer` edits a store the way an attacker with the file would: raw SQL with the
  append-only triggers dropped, then restored in the same transaction, so that ``verify`` sees
  only the planted damage (no ``PL005 schema-altered``). It writes with ``synchronous=OFF``:
  the tests need no durability from their own edits, and fsyncs would dominate their time.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from practiceloop.cli import cli as _cli
from practiceloop.store import checkpoint_path

__all__ = ["Tamperer", "Verdict", "cli", "copy_store", "log", "verify"]


def cli(*args: str | os.PathLike[str]) -> Result:
    """``practiceloop ARGS`` in this process."""
    return CliRunner().invoke(_cli, [os.fspath(a) for a in args])


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What ``practiceloop verify --json`` said: its exit code and ``(message id, subject)``s."""

    exit_code: int
    findings: tuple[tuple[str, str], ...]
    stderr: str = ""

    @property
    def ids(self) -> set[str]:
        return {message_id for message_id, _ in self.findings}

    def names(self, message_id: str, subject: str | None = None) -> bool:
        """True when a finding has this message id (and this subject, when given)."""
        return any(m == message_id and (subject is None or s == subject)
                   for m, s in self.findings)


def verify(store: Path, *extra: str, checkpoints: Path | None = None) -> Verdict:
    """Run ``practiceloop verify --store STORE --json [EXTRA]``."""
    args: list[str | os.PathLike[str]] = ["verify", "--store", store, "--json", *extra]
    if checkpoints is not None:
        args += ["--checkpoints", checkpoints]
    result = cli(*args)
    try:
        report = json.loads(result.stdout)
    except ValueError:
        return Verdict(result.exit_code, (), result.stderr)
    findings = tuple((f["id"], f["subject"]) for f in report["findings"]
                     if f["severity"] == "error")
    return Verdict(result.exit_code, findings, result.stderr)


def copy_store(source: Path, target: Path) -> Path:
    """Copy a closed store and its checkpoints file."""
    shutil.copyfile(source, target)
    if checkpoint_path(source).exists():
        shutil.copyfile(checkpoint_path(source), checkpoint_path(target))
    return target


def log(store: Path) -> list[tuple[int, str, str, bytes, bytes]]:
    """``(seq, id, kind, body, leaf hash)`` of every logged object, in log order (raw SQL)."""
    conn = sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(
            "SELECT l.seq, o.id, o.kind, o.body, l.leaf_hash FROM log l "
            "JOIN objects o ON o.id = l.object_id ORDER BY l.seq").fetchall()
    finally:
        conn.close()


class Tamperer:
    """One raw connection to a store, for planting damage (see the module docstring)."""

    def __init__(self, store: Path) -> None:
        self.conn = sqlite3.connect(store, isolation_level=None)
        self.conn.execute("PRAGMA synchronous = OFF")
        self.triggers: list[tuple[str, str]] = self.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        assert self.triggers, "a practiceloop store always has its append-only triggers"

    def run(self, *statements: tuple[str, tuple[Any, ...]]) -> None:
        """Run ``statements`` in one transaction, triggers dropped and then put back."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            for name, _ in self.triggers:
                self.conn.execute(f"DROP TRIGGER {name}")
            for sql, params in statements:
                self.conn.execute(sql, params)
            for _, sql in self.triggers:
                self.conn.execute(sql)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Tamperer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def flip_position(seed: int, object_id: str, turn: int, length: int) -> tuple[int, int]:
    """Where the ``turn``-th flip of one object lands: (byte offset, bit), seeded per object so
    that a run split across workers flips exactly the bytes a single process would."""
    import random

    rng = random.Random(f"{seed}:{object_id}:{turn}")
    return rng.randrange(length), rng.randrange(8)


def flip_every_object(
    store: str, rows: list[tuple[str, str, bytes]], seed: int, turns: int
) -> list[tuple[str, str, int, int, tuple[tuple[str, str], ...]]]:
    """Flip one byte of each object in turn (``turns`` positions each), verify after each flip,
    restore it. Returns ``(kind, id, byte offset, exit code, error findings)`` per flip.

    A module-level function, so that a process pool can run slices of the store in parallel,
    each on its own copy.
    """
    path = Path(store)
    out = []
    with Tamperer(path) as tamper:
        for object_id, kind, body in rows:
            for turn in range(turns):
                at, bit = flip_position(seed, object_id, turn, len(body))
                flipped = body[:at] + bytes([body[at] ^ (1 << bit)]) + body[at + 1:]
                tamper.run(("UPDATE objects SET body = ? WHERE id = ?", (flipped, object_id)))
                verdict = verify(path)
                tamper.run(("UPDATE objects SET body = ? WHERE id = ?", (body, object_id)))
                out.append((kind, object_id, at, verdict.exit_code, verdict.findings))
    return out
