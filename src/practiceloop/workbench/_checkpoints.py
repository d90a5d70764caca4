"""The store's published checkpoints and whether the log still reproduces them, for the dashboard.

Reads ``<store>.checkpoints`` with the store's own strict reader and asks the store, read-only,
to recompute the Merkle root at each checkpoint's size (one pass over the log). The answer is
cached per (log size, checkpoints file): it only changes when a run appends or publishes.

Accepts an open read-only store; returns a :class:`CheckpointState`. A checkpoints file that
cannot be read is a state to show (``error``), not an exception.
"""

from __future__ import annotations

import dataclasses
import os
import threading

from practiceloop.store.checkpoint import (
    Checkpoint,
    check_checkpoints,
    checkpoint_path,
    read_checkpoints,
)
from practiceloop.store.errors import StoreError
from practiceloop.store.sqlite import EvidenceStore

__all__ = ["CheckpointCache", "CheckpointState"]


@dataclasses.dataclass(frozen=True, slots=True)
class CheckpointState:
    """What the dashboard says about the log and its checkpoints.

    ``verified`` is True when every checkpoint's root reproduces from the log, False when one
    does not (``findings`` say which), None when there is nothing to verify or it could not be
    done (``error`` says why).
    """

    log_size: int
    count: int
    latest: Checkpoint | None
    verified: bool | None
    findings: tuple[str, ...]
    error: str | None

    @property
    def unanchored(self) -> int:
        """Log entries appended after the latest checkpoint (not yet published)."""
        return self.log_size - (self.latest.size if self.latest is not None else 0)


def _file_key(path: os.PathLike[str]) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class CheckpointCache:
    """The last :class:`CheckpointState` computed, reused while log and file are unchanged."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: object = None
        self._state: CheckpointState | None = None

    def state(self, store: EvidenceStore) -> CheckpointState:
        """The checkpoint state of ``store`` (recomputed only when the log or file changed)."""
        path = checkpoint_path(store.path)
        with self._lock:
            size = store.log_size()
            key = (size, _file_key(path))
            if self._state is None or key != self._key:
                self._state = _compute(store, path, size)
                self._key = key
            return self._state


def _compute(store: EvidenceStore, path: os.PathLike[str], size: int) -> CheckpointState:
    try:
        checkpoints = read_checkpoints(path)
    except StoreError as exc:
        problem = f"the checkpoints file cannot be read: {exc}"
        return CheckpointState(size, 0, None, None, (), problem)
    latest = checkpoints[-1] if checkpoints else None
    if latest is None:
        return CheckpointState(size, 0, None, None, (), None)
    try:
        findings = check_checkpoints(store, checkpoints)
    except StoreError as exc:
        return CheckpointState(size, len(checkpoints), latest, None, (), f"cannot verify: {exc}")
    return CheckpointState(
        size, len(checkpoints), latest, not findings, tuple(str(f) for f in findings), None
    )
