"""The store's public surface is exactly what it declares, sorted, and nothing leaks upward."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import practiceloop.store
from practiceloop.store import errors

STORE_SRC = Path(practiceloop.store.__file__).parent
MODULES = sorted(p.stem for p in STORE_SRC.glob("*.py") if p.stem != "__init__")

EXPECTED = {
    "BUNDLE_FORMAT", "PROBLEM_ENTRY_KIND", "AppendResult", "BundleError", "Checkpoint",
    "CheckpointError", "CheckpointFormatError", "CheckpointMismatchError", "ConflictError",
    "ConsistencyProof", "CorruptObjectError", "EvidenceStore", "Finding", "InclusionProof",
    "InvalidObjectError", "NotAStoreError", "ObjectConflictError", "ObjectNotFoundError",
    "ProblemConflictError", "RecordCheck", "SizeOutOfRangeError", "StoreCorruptError",
    "StoreCreateError", "StoreError", "StoreIOError", "StoreLockedError", "StoreNotFoundError",
    "StorePermissionError", "StoreReadOnlyError",
    "StoredObject", "append_checkpoint", "check_checkpoints", "checkpoint_path", "make_bundle",
    "read_checkpoints", "verify_bundle", "verify_object",
    # the derived episode index (practiceloop.store.index)
    "EpisodePage", "EpisodeRow", "IndexSummary", "IndexUnavailableError", "OperatorCounts",
    "OrganCoverage", "check_index", "get_episode", "query_episodes", "rebuild_index", "summary",
    # reading by name (practiceloop.store.reading, the public API's open_store)
    "MIN_PREFIX", "AmbiguousIdError", "Problem", "StoreReader", "StoredRecord", "open_store",
}


def test_package_exports_exactly_the_public_api() -> None:
    assert set(practiceloop.store.__all__) == EXPECTED
    for name in EXPECTED:
        assert getattr(practiceloop.store, name) is not None


def test_the_split_keeps_the_sqlite_module_names() -> None:
    # Callers import these from practiceloop.store.sqlite; they moved to private modules.
    from practiceloop.store import _objects, _schema, sqlite

    assert sqlite.StoredObject is _objects.StoredObject
    assert sqlite.verify_object is _objects.verify_object
    assert sqlite.check_full_form is _objects.check_full_form
    assert sqlite.APPLICATION_ID == _schema.APPLICATION_ID
    assert sqlite.PROBLEM_ENTRY_KIND == _schema.PROBLEM_ENTRY_KIND == "practice_problem"
    assert {"FORMAT_NAME", "FORMAT_VERSION", "DEFAULT_BUSY_TIMEOUT"} <= set(sqlite.__all__)


def test_every_module_stays_small() -> None:
    # About 600 lines at most: split a module that grows past this rather than raise it.
    for module in MODULES:
        lines = (STORE_SRC / f"{module}.py").read_text().count("\n")
        assert lines <= 650, f"{module}.py has {lines} lines"


@pytest.mark.parametrize("module", ["store", *MODULES])
def test_every_all_is_defined_and_sorted(module: str) -> None:
    name = "practiceloop.store" if module == "store" else f"practiceloop.store.{module}"
    loaded = importlib.import_module(name)
    exported = list(loaded.__all__)
    assert all(hasattr(loaded, n) for n in exported)
    # ruff's isort-style order (RUF022): CONSTANTS, then Classes, then functions.
    def rank(n: str) -> tuple[int, str]:
        return (0 if n.isupper() else 1 if n[:1].isupper() else 2, n)
    assert exported == sorted(exported, key=rank)


def test_every_error_is_a_store_error_with_diagnostics() -> None:
    for name in errors.__all__:
        value = getattr(errors, name)
        if isinstance(value, type) and issubclass(value, Exception):
            assert issubclass(value, errors.StoreError), name


@pytest.mark.parametrize("module", MODULES)
def test_store_imports_only_the_kernel_identity_and_itself(module: str) -> None:
    # The store is shell: it may use the kernel's one encoder and digest and the shell's error
    # base, never the layers above it (cli, audit, engines, workbench) nor a second JSON
    # canonicaliser.
    tree = ast.parse((STORE_SRC / f"{module}.py").read_text())
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    } | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names}
    ours = {m for m in imported if m.startswith("practiceloop")}
    allowed = {"practiceloop.kernel.identity", "practiceloop.errors"}
    assert ours <= {*allowed, *(f"practiceloop.store.{m}" for m in MODULES)}
    third_party = {m.split(".")[0] for m in imported} - {"practiceloop", "__future__"}
    stdlib = {"base64", "binascii", "collections", "contextlib", "dataclasses", "errno", "fcntl",
              "functools",
              "hashlib", "itertools", "json", "os",
              "pathlib", "re", "sqlite3", "types", "typing"}
    # Ed25519 is the one thing the store does not write itself: signed notes use cryptography.
    signing = {"cryptography"} if module == "note" else set()
    assert third_party <= stdlib | signing, third_party - stdlib - signing
