"""practiceloop.store: the evidence store, its Merkle log, checkpoints and offline bundles.

This is the shell below the CLI and above the kernel: it persists records the kernel has already
produced, as the exact canonical bytes it hashed, and never computes a record id itself.

* :mod:`~practiceloop.store.merkle`: RFC 9162 hashing, proofs and verifiers (pure);
* :mod:`~practiceloop.store.sqlite`: :class:`EvidenceStore`, the SQLite object store and log;
* :mod:`~practiceloop.store.index`: the derived episode index (lists, counts, text search);
* :mod:`~practiceloop.store.checkpoint`: ``(size, root)`` lines published outside the database;
* :mod:`~practiceloop.store.bundle`: one trace with its inclusion proof, verifiable offline;
* :mod:`~practiceloop.store.reading`: :func:`open_store`, problems, traces and records read by
  any name the command line prints (full id, unique prefix, problem id);
* :mod:`~practiceloop.store.errors`: the error family (drawn there) and :class:`Finding`.

Private modules: ``_schema`` (DDL, triggers, pragmas, format checks, creation), ``_objects``
(what an object must be), ``_append`` (the write half of ``append``), ``_episodes`` (deriving
the index), ``_sqlite_errors`` (``sqlite3`` error translation), ``_sql`` (query helpers),
``_fs`` (directory fsync).
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
    AmbiguousIdError,
    BundleError,
    CheckpointError,
    CheckpointFormatError,
    CheckpointMismatchError,
    ConflictError,
    CorruptObjectError,
    Finding,
    IndexUnavailableError,
    InvalidObjectError,
    NotAStoreError,
    ObjectConflictError,
    ObjectNotFoundError,
    ProblemConflictError,
    SizeOutOfRangeError,
    StoreCorruptError,
    StoreCreateError,
    StoreError,
    StoreIOError,
    StoreLockedError,
    StoreNotFoundError,
    StorePermissionError,
    StoreReadOnlyError,
)
from practiceloop.store.index import (
    EpisodePage,
    EpisodeRow,
    IndexSummary,
    OperatorCounts,
    OrganCoverage,
    check_index,
    get_episode,
    query_episodes,
    rebuild_index,
    summary,
)
from practiceloop.store.merkle import ConsistencyProof, InclusionProof
from practiceloop.store.reading import MIN_PREFIX, Problem, StoredRecord, StoreReader, open_store
from practiceloop.store.sqlite import (
    PROBLEM_ENTRY_KIND,
    AppendResult,
    EvidenceStore,
    StoredObject,
    verify_object,
)

__all__ = [
    "BUNDLE_FORMAT",
    "MIN_PREFIX",
    "PROBLEM_ENTRY_KIND",
    "AmbiguousIdError",
    "AppendResult",
    "BundleError",
    "Checkpoint",
    "CheckpointError",
    "CheckpointFormatError",
    "CheckpointMismatchError",
    "ConflictError",
    "ConsistencyProof",
    "CorruptObjectError",
    "EpisodePage",
    "EpisodeRow",
    "EvidenceStore",
    "Finding",
    "InclusionProof",
    "IndexSummary",
    "IndexUnavailableError",
    "InvalidObjectError",
    "NotAStoreError",
    "ObjectConflictError",
    "ObjectNotFoundError",
    "OperatorCounts",
    "OrganCoverage",
    "Problem",
    "ProblemConflictError",
    "RecordCheck",
    "SizeOutOfRangeError",
    "StoreCorruptError",
    "StoreCreateError",
    "StoreError",
    "StoreIOError",
    "StoreLockedError",
    "StoreNotFoundError",
    "StorePermissionError",
    "StoreReadOnlyError",
    "StoreReader",
    "StoredObject",
    "StoredRecord",
    "append_checkpoint",
    "check_checkpoints",
    "check_index",
    "checkpoint_path",
    "get_episode",
    "make_bundle",
    "open_store",
    "query_episodes",
    "read_checkpoints",
    "rebuild_index",
    "summary",
    "verify_bundle",
    "verify_object",
]
