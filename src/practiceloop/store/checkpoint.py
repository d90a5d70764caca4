"""Checkpoints: the log's ``(size, root)`` published outside the database after each run.

A checkpoint file sits next to the store (``<store>.checkpoints``) and holds one canonical JSON
line per checkpoint, in the order they were written, in one of two forms read side by side:

* unsigned (the first format, still written by a run without a key)::

      {"root":"<64 hex>","size":N}

* signed: a C2SP ``tlog-checkpoint`` body inside a C2SP signed note (Ed25519,
  :mod:`practiceloop.store.note`), the format of Go's checksum database and Sigstore's logs::

      {"note":"<origin>\\n<size>\\n<base64 root>\\n\\n— <key name> <base64 signature>\\n"}

  The note is kept verbatim (``jq -j .note`` prints exactly the signed bytes); its origin line
  is the signing key's name. A signed line has no other keys: size and root are read from the
  signed text, never from beside it.

Old files are not migrated: their lines stay valid unsigned checkpoints and later runs append
after them (signed or not). A copy of the file kept elsewhere pins the log: a store rolled
back, replaced or rewritten no longer reproduces the published roots; a signed line also says
who published it, and cannot be rewritten without the key. Writing a checkpoint first proves
(RFC 9162 consistency proof) that the log still extends the previous one, then appends the
line and fsyncs it.

Reading is strict: every line must be complete, canonical, of exactly one of the two forms,
and sizes must never go back. A note must be well-formed and its text exactly the three lines
practiceloop writes (no extension lines); its signatures are checked by the audit against the
keys a user trusts (:mod:`practiceloop.audit.trust`), never here. The file is read whole (a
checkpoint is ~90 to ~250 bytes; one per run).
"""

from __future__ import annotations

import base64
import binascii
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
from practiceloop.store.merkle import EMPTY_ROOT, HASH_SIZE, verify_consistency
from practiceloop.store.note import Note, NoteError, Signer, is_key_name, parse_note, sign_note
from practiceloop.store.sqlite import EvidenceStore

__all__ = [
    "CHECKPOINT_SUFFIX",
    "Checkpoint",
    "append_checkpoint",
    "check_checkpoints",
    "checkpoint_path",
    "checkpoint_text",
    "parse_checkpoint_text",
    "read_checkpoints",
]

CHECKPOINT_SUFFIX: Final = ".checkpoints"
_KEYS: Final = frozenset({"root", "size"})
_SIGNED_KEYS: Final = frozenset({"note"})
_MAX_SIZE: Final = 2**53 - 1  # canonical JSON ints stop here (kernel identity rules)


def checkpoint_text(origin: str, size: int, root: bytes) -> str:
    """The C2SP ``tlog-checkpoint`` body: origin, decimal size, base64 root, each on a line."""
    return f"{origin}\n{size}\n{base64.b64encode(root).decode('ascii')}\n"


def parse_checkpoint_text(text: str) -> tuple[str, int, bytes]:
    """``(origin, size, 32-byte root)`` of a ``tlog-checkpoint`` body; NoteError otherwise.

    Exactly the three lines :func:`checkpoint_text` writes: the C2SP format allows extension
    lines after them, practiceloop writes none, so a fourth line is refused as tampering.
    """
    if not text.endswith("\n"):
        raise NoteError("the checkpoint text does not end with a newline")
    lines = text[:-1].split("\n")
    if len(lines) != 3:
        raise NoteError(f"the checkpoint text has {len(lines)} lines, not 3 (origin, size, "
                        "root)")
    origin, size_text, root_text = lines
    if not is_key_name(origin):
        raise NoteError(f"the origin line {origin!r} is not a key name")
    canonical = size_text == "0" or (size_text[:1] in "123456789" and size_text.isascii())
    if not (size_text.isdigit() and size_text.isascii() and canonical):
        raise NoteError(f"the size line {size_text!r} is not a decimal without leading zeros")
    size = int(size_text)
    if size > _MAX_SIZE:
        raise NoteError(f"the size {size} is beyond 2**53 - 1")
    try:
        root = base64.b64decode(root_text.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error, ValueError):
        raise NoteError("the root line is not standard base64") from None
    if len(root) != HASH_SIZE or base64.b64encode(root).decode("ascii") != root_text:
        raise NoteError("the root line is not the base64 of a 32-byte hash")
    return origin, size, root


@dataclasses.dataclass(frozen=True, slots=True)
class Checkpoint:
    """A published log head: ``size`` leaves with Merkle root ``root`` (64 lowercase hex).

    ``note`` is the signed note it was published as (None: an unsigned line); its text must
    state this size and root. The constructor refuses (ValueError) anything else, so a
    Checkpoint in hand is well-formed (its signatures are not checked: see the module doc).
    """

    size: int
    root: str
    note: str | None = None

    def __post_init__(self) -> None:
        if type(self.size) is not int or not 0 <= self.size <= _MAX_SIZE:
            raise ValueError(f"checkpoint size must be an int in [0, 2**53 - 1], not {self.size!r}")
        if not is_digest(self.root):
            raise ValueError(f"checkpoint root must be 64 lowercase hex, not {self.root!r}")
        if self.note is not None:
            if type(self.note) is not str:
                raise ValueError(f"a signed checkpoint's note is text, not {self.note!r}")
            _, size, root = parse_checkpoint_text(self.parsed_note().text)
            if (size, root.hex()) != (self.size, self.root):
                raise ValueError("the signed note states another size or root")

    @classmethod
    def of(cls, size: int, root: bytes) -> Checkpoint:
        """A checkpoint from a size and a raw 32-byte root."""
        return cls(size, root.hex())

    @classmethod
    def signed(cls, size: int, root: bytes, signer: Signer) -> Checkpoint:
        """The checkpoint of ``(size, root)`` signed by ``signer`` (origin: the key's name)."""
        return cls(size, root.hex(), sign_note(checkpoint_text(signer.name, size, root), [signer]))

    @classmethod
    def from_note(cls, note: str) -> Checkpoint:
        """The checkpoint a signed note states; NoteError when the note is not one."""
        if type(note) is not str:
            raise NoteError("a signed checkpoint is text")
        _, size, root = parse_checkpoint_text(parse_note(note).text)
        return cls(size, root.hex(), note)

    @property
    def root_bytes(self) -> bytes:
        """The root as 32 raw bytes."""
        return bytes.fromhex(self.root)

    @property
    def origin(self) -> str | None:
        """The origin line of the signed note (the log's key name); None when unsigned."""
        if self.note is None:
            return None
        return self.note.split("\n", 1)[0]

    def parsed_note(self) -> Note:
        """The signed note, parsed; NoteError when unsigned (there is none)."""
        if self.note is None:
            raise NoteError("the checkpoint is unsigned")
        return parse_note(self.note)

    def same_head(self, other: Checkpoint) -> bool:
        """True when both publish the same ``(size, root)``, however (un)signed."""
        return (self.size, self.root) == (other.size, other.root)

    def to_line(self) -> bytes:
        """The canonical JSON line for the checkpoint file, newline included."""
        if self.note is not None:
            return canonical_bytes({"note": self.note}) + b"\n"
        return canonical_bytes({"root": self.root, "size": self.size}) + b"\n"


def checkpoint_path(store_path: str | os.PathLike[str]) -> Path:
    """Where the checkpoints of the store at ``store_path`` live: ``<store>.checkpoints``."""
    return Path(f"{os.fspath(store_path)}{CHECKPOINT_SUFFIX}")


def _parse_line(path: Path, number: int, line: bytes) -> Checkpoint:
    # (1) complete: a line without its newline is a torn write.
    if not line.endswith(b"\n"):
        raise CheckpointFormatError(path, number, "the line is incomplete (no newline)")
    text = line[:-1]
    # (2) a JSON object of one of the two forms.
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        raise CheckpointFormatError(path, number, "the line is not JSON") from None
    if type(parsed) is not dict:
        raise CheckpointFormatError(path, number, "the line is not a JSON object")
    if parsed.keys() == _SIGNED_KEYS:
        # (3) a signed note stating a well-formed checkpoint.
        try:
            checkpoint = Checkpoint.from_note(parsed["note"])
        except ValueError as exc:  # NoteError included
            raise CheckpointFormatError(path, number, f"the signed note: {exc}") from None
    elif parsed.keys() == _KEYS:
        # (3) well-typed values.
        try:
            checkpoint = Checkpoint(parsed["size"], parsed["root"])
        except ValueError as exc:
            raise CheckpointFormatError(path, number, str(exc)) from None
    else:
        extra = sorted(parsed.keys() - _KEYS)
        missing = sorted(_KEYS - parsed.keys())
        raise CheckpointFormatError(
            path, number, "keys must be exactly root and size, or note alone (unknown "
            f"{extra}, missing {missing})"
        )
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


def _signed_by(checkpoint: Checkpoint, signer: Signer) -> bool:
    """True when the checkpoint's note carries ``signer``'s signature (as this key signs it)."""
    if checkpoint.note is None:
        return False
    return checkpoint.note == Checkpoint.signed(checkpoint.size, checkpoint.root_bytes,
                                                signer).note


def append_checkpoint(
    store: EvidenceStore, path: str | os.PathLike[str] | None = None, *,
    signer: Signer | None = None,
) -> Checkpoint:
    """Publish the store's current head as a checkpoint (default file: :func:`checkpoint_path`),
    signed by ``signer`` when one is given (a C2SP signed note), else as an unsigned line.

    Verifies the head extends the last checkpoint first. An unchanged head writes nothing,
    unless a signer is given and the last line is not its signature of that head (so signing
    an unsigned store's head once publishes it signed). The line is appended and fsynced (and
    the directory too when the file is new) before returning. Raises CheckpointMismatchError,
    the errors of :func:`read_checkpoints`, and StoreIOError when the write fails.
    """
    where = checkpoint_path(store.path) if path is None else Path(path)
    existing = read_checkpoints(where)
    size = store.log_size()
    root = store.log_root(size)
    head = Checkpoint.of(size, root) if signer is None else Checkpoint.signed(size, root, signer)
    if existing:
        last = existing[-1]
        _require_extends(store, last, head)
        if last.same_head(head) and (signer is None or _signed_by(last, signer)):
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
