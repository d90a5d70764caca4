"""Checkpoints: the log's ``(size, root)`` published outside the database after each run.

A checkpoint file sits next to the store (``<store>.checkpoints``) and holds one canonical JSON
line per checkpoint, ``{"root":"<64 hex>","size":N}``, in the order they were written. A copy
of it kept elsewhere pins the log: a store rolled back, replaced or rewritten no longer
reproduces the published roots. Writing a checkpoint first proves (RFC 9162 consistency proof)
that the log still extends the previous one, then appends the line and fsyncs it.

Reading is strict: every line must be complete, canonical, carry exactly the two known keys, and
sizes must never go back. The file is read whole (a checkpoint is ~90 bytes; one per run).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from practiceloop.kernel.identity import canonical_bytes, is_digest
from practiceloop.store._fs import fsync_dir
from practiceloop.store.errors import (
    CheckpointFormatError,
    CheckpointMismatchError,
    Finding,
    StoreIOError,
)
from practiceloop.store.merkle import EMPTY_ROOT, verify_consistency
from practiceloop.store.sqlite import EvidenceStore

__all__ = [
    "CHECKPOINT_SUFFIX",
    "Checkpoint",
    "append_checkpoint",
    "check_checkpoints",
    "checkpoint_path",
    "read_checkpoints",
]

CHECKPOINT_SUFFIX: Final = ".checkpoints"
_KEYS: Final = frozenset({"root", "size"})
_MAX_SIZE: Final = 2**53 - 1  # canonical JSON ints stop here (kernel identity rules)


@dataclasses.dataclass(frozen=True, slots=True)
class Checkpoint:
    """A published log head: ``size`` leaves with Merkle root ``root`` (64 lowercase hex).

    The constructor refuses (ValueError) anything else, so a Checkpoint in hand is well-formed.
    """

    size: int
    root: str

    def __post_init__(self) -> None:
        if type(self.size) is not int or not 0 <= self.size <= _MAX_SIZE:
            raise ValueError(f"checkpoint size must be an int in [0, 2**53 - 1], not {self.size!r}")
        if not is_digest(self.root):
            raise ValueError(f"checkpoint root must be 64 lowercase hex, not {self.root!r}")

    @classmethod
    def of(cls, size: int, root: bytes) -> Checkpoint:
        """A checkpoint from a size and a raw 32-byte root."""
        return cls(size, root.hex())

    @property
    def root_bytes(self) -> bytes:
        """The root as 32 raw bytes."""
        return bytes.fromhex(self.root)

    def to_line(self) -> bytes:
        """The canonical JSON line for the checkpoint file, newline included."""
        return canonical_bytes({"root": self.root, "size": self.size}) + b"\n"


def checkpoint_path(store_path: str | os.PathLike[str]) -> Path:
    """Where the checkpoints of the store at ``store_path`` live: ``<store>.checkpoints``."""
    return Path(f"{os.fspath(store_path)}{CHECKPOINT_SUFFIX}")


def _parse_line(path: Path, number: int, line: bytes) -> Checkpoint:
    # (1) complete: a line without its newline is a torn write.
    if not line.endswith(b"\n"):
        raise CheckpointFormatError(path, number, "the line is incomplete (no newline)")
    text = line[:-1]
    # (2) JSON object with exactly the known keys.
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        raise CheckpointFormatError(path, number, "the line is not JSON") from None
    if type(parsed) is not dict:
        raise CheckpointFormatError(path, number, "the line is not a JSON object")
    if parsed.keys() != _KEYS:
        extra = sorted(parsed.keys() - _KEYS)
        missing = sorted(_KEYS - parsed.keys())
        raise CheckpointFormatError(
            path, number, f"keys must be exactly root and size (unknown {extra}, missing {missing})"
        )
    # (3) well-typed values.
    try:
        checkpoint = Checkpoint(parsed["size"], parsed["root"])
    except ValueError as exc:
        raise CheckpointFormatError(path, number, str(exc)) from None
    # (4) canonical bytes: exactly what append_checkpoint writes, so the file can be re-hashed.
    if checkpoint.to_line() != line:
        raise CheckpointFormatError(path, number, "the line is not canonical JSON")
    return checkpoint


def read_checkpoints(path: str | os.PathLike[str]) -> list[Checkpoint]:
    """Every checkpoint of the file at ``path`` in order; [] when the file does not exist.

    Raises CheckpointFormatError for any malformed line (naming its number),
    CheckpointMismatchError when sizes go back or one size has two roots, StoreIOError when the
    file cannot be read.
    """
    where = Path(path)
    try:
        data = where.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreIOError(where, exc.strerror or str(exc)) from None
    checkpoints: list[Checkpoint] = []
    for number, line in enumerate(data.splitlines(keepends=True), start=1):
        checkpoint = _parse_line(where, number, line)
        if checkpoints:
            _require_order(checkpoints[-1], checkpoint, f"{where}:{number}")
        checkpoints.append(checkpoint)
    return checkpoints


def _require_order(before: Checkpoint, after: Checkpoint, where: str) -> None:
    if after.size < before.size:
        raise CheckpointMismatchError(
            f"{where}: size {after.size} goes back before the previous size {before.size}"
        )
    if after.size == before.size and after.root != before.root:
        raise CheckpointMismatchError(f"{where}: size {after.size} has two different roots")


def _require_extends(store: EvidenceStore, last: Checkpoint, head: Checkpoint) -> None:
    """Raise CheckpointMismatchError unless the store's ``head`` extends ``last``."""
    # (1) the log never shrinks.
    if head.size < last.size:
        raise CheckpointMismatchError(
            f"the log holds {head.size} leaves, fewer than the {last.size} of the last "
            "checkpoint: the store was rolled back or replaced"
        )
    # (2) the empty tree has one root, and every tree extends it: nothing else to prove.
    if last.size == 0:
        if last.root_bytes != EMPTY_ROOT:
            raise CheckpointMismatchError("the last checkpoint has size 0 but not the empty root")
        return
    # (3) an RFC 9162 consistency proof from the last published root to the head.
    proof = store.consistency_proof(last.size, head.size)
    if not verify_consistency(last.size, head.size, last.root_bytes, head.root_bytes, proof.path):
        raise CheckpointMismatchError(
            f"the log no longer extends the last checkpoint (size {last.size}, root {last.root})"
        )


def append_checkpoint(
    store: EvidenceStore, path: str | os.PathLike[str] | None = None
) -> Checkpoint:
    """Publish the store's current head as a checkpoint (default file: :func:`checkpoint_path`).

    Verifies the head extends the last checkpoint first; an unchanged head writes nothing.
    The line is appended and fsynced (and the directory too when the file is new) before
    returning. Raises CheckpointMismatchError, the errors of :func:`read_checkpoints`, and
    StoreIOError when the write fails.
    """
    where = checkpoint_path(store.path) if path is None else Path(path)
    existing = read_checkpoints(where)
    size = store.log_size()
    head = Checkpoint.of(size, store.log_root(size))
    if existing:
        last = existing[-1]
        _require_extends(store, last, head)
        if head == last:
            return last
    line = head.to_line()
    try:
        fd = os.open(where, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            written = 0
            while written < len(line):
                written += os.write(fd, line[written:])
            os.fsync(fd)
        finally:
            os.close(fd)
        if not existing:
            fsync_dir(where.parent)
    except OSError as exc:
        raise StoreIOError(where, exc.strerror or str(exc)) from None
    return head


def check_checkpoints(store: EvidenceStore, checkpoints: Sequence[Checkpoint]) -> list[Finding]:
    """Findings for each checkpoint the store no longer reproduces; [] when all hold.

    One pass over the log whatever the number of checkpoints. A checkpoint beyond the log's
    size means the store lost leaves it had published (rolled back or truncated).
    """
    size = store.log_size()
    findings: list[Finding] = []
    reachable: list[tuple[int, Checkpoint]] = []
    for number, checkpoint in enumerate(checkpoints, start=1):
        if checkpoint.size > size:
            findings.append(Finding(
                "checkpoint.beyond-log", f"checkpoint {number}",
                f"records {checkpoint.size} leaves but the log holds {size}: the store was "
                "rolled back or truncated",
            ))
        else:
            reachable.append((number, checkpoint))
    roots = store.log_roots(c.size for _, c in reachable)
    for number, checkpoint in reachable:
        actual = roots[checkpoint.size]
        if actual != checkpoint.root_bytes:
            findings.append(Finding(
                "checkpoint.root-mismatch", f"checkpoint {number}",
                f"size {checkpoint.size}: expected root {checkpoint.root}, the log gives "
                f"{actual.hex()}",
            ))
    return findings
