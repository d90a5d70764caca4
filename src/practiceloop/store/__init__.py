"""practiceloop.store: the evidence store, its Merkle log, checkpoints and offline bundles.

This is the shell below the CLI and above the kernel: it persists records the kernel has already
produced, as the exact canonical bytes it hashed, and never computes a record id itself.

* :mod:`~practiceloop.store.merkle`: RFC 9162 hashing, proofs and verifiers (pure);
* :mod:`~practiceloop.store.sqlite`: :class:`EvidenceStore`, the SQLite object store and log;
* :mod:`~practiceloop.store.checkpoint`: ``(size, root)`` lines published outside the database;
* :mod:`~practiceloop.store.bundle`: one trace with its inclusion proof, verifiable offline;
* :mod:`~practiceloop.store.errors`: the error family (drawn there) and :class:`Finding`.
"""

from practiceloop.store.bundle import BUNDLE_FORMAT, RecordCheck, make_bundle, verify_bundle
from practiceloop.store.checkpoint import (
    Checkpoint,
    append_checkpoint,
    check_checkpoints,
    checkpoint_path,
    read_checkpoints,
)
from practiceloop.store.errors import (
    BundleError,
    CheckpointError,
    CheckpointFormatError,
    CheckpointMismatchError,
    ConflictError,
    CorruptObjectError,
    Finding,
    InvalidObjectError,
    NotAStoreError,
    ObjectConflictError,
    ObjectNotFoundError,
    ProblemConflictError,
    SizeOutOfRangeError,
    StoreCorruptError,
    StoreError,
    StoreIOError,
    StoreLockedError,
    StoreNotFoundError,
    StoreReadOnlyError,
)
from practiceloop.store.merkle import ConsistencyProof, InclusionProof
from practiceloop.store.sqlite import (
    PROBLEM_ENTRY_KIND,
    AppendResult,
    EvidenceStore,
    StoredObject,
    verify_object,
)

__all__ = [
    "BUNDLE_FORMAT",
    "PROBLEM_ENTRY_KIND",
    "AppendResult",
    "BundleError",
    "Checkpoint",
    "CheckpointError",
    "CheckpointFormatError",
    "CheckpointMismatchError",
    "ConflictError",
    "ConsistencyProof",
    "CorruptObjectError",
    "EvidenceStore",
    "Finding",
    "InclusionProof",
    "InvalidObjectError",
    "NotAStoreError",
    "ObjectConflictError",
    "ObjectNotFoundError",
    "ProblemConflictError",
    "RecordCheck",
    "SizeOutOfRangeError",
    "StoreCorruptError",
    "StoreError",
    "StoreIOError",
    "StoreLockedError",
    "StoreNotFoundError",
    "StoreReadOnlyError",
    "StoredObject",
    "append_checkpoint",
    "check_checkpoints",
    "checkpoint_path",
    "make_bundle",
    "read_checkpoints",
    "verify_bundle",
    "verify_object",
]
