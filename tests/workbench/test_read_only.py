"""Read-only by construction, checked by parsing the Workbench's source (style.md habit 10).

The Workbench may use only the store's read side: ``EvidenceStore.open_readonly`` and what an
open store answers, the checkpoint *reader*, the error family. These tests parse every module of
``practiceloop.workbench`` and fail on an import of anything else from the store (its write
path: ``open``, ``append``, ``append_checkpoint``, bundles), on a call of ``EvidenceStore.open``
or of any ``append``, and on an SQLite connection to anything but the in-memory index.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "workbench"
MODULES = sorted(PACKAGE.glob("*.py"))

# Names the Workbench may import from the store: the read side only.
READ_SIDE = {
    "practiceloop.store.sqlite": {"EvidenceStore", "StoredObject"},
    "practiceloop.store.checkpoint": {
        "Checkpoint", "check_checkpoints", "checkpoint_path", "read_checkpoints",
    },
    "practiceloop.store.errors": {
        "CorruptObjectError", "NotAStoreError", "ObjectNotFoundError", "StoreCorruptError",
        "StoreError", "StoreNotFoundError",
    },
}
WRITE_NAMES = {"append", "append_checkpoint", "open", "make_bundle", "_create", "executescript"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_imports_from_the_store_are_read_side_only(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert not alias.name.startswith("practiceloop.store"), (
                    f"{path.name}: `import {alias.name}` (import named read-side names instead)"
                )
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("practiceloop.store"):
            allowed = READ_SIDE.get(node.module or "")
            assert allowed is not None, f"{path.name}: imports from {node.module}"
            for alias in node.names:
                assert alias.name in allowed, f"{path.name}: imports {alias.name} from {node.module}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_write_call_on_the_store(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        receiver = ast.unparse(node.func.value)
        name = node.func.attr
        if receiver == "EvidenceStore":
            assert name == "open_readonly", f"{path.name}: EvidenceStore.{name}(...)"
        if "store" in receiver.lower():
            assert name not in WRITE_NAMES, f"{path.name}: {receiver}.{name}(...)"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_sqlite_is_only_the_in_memory_index(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "sqlite3.connect":
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and first.value == ":memory:", (
                f"{path.name}: sqlite3.connect({ast.unparse(first) if first else ''}) "
                "(the store is opened through EvidenceStore.open_readonly only)"
            )


def test_the_parse_sees_what_it_guards() -> None:
    # The checks above would pass vacuously on an empty package; make sure they look at code
    # that opens the store and connects SQLite.
    source = "".join(p.read_text(encoding="utf-8") for p in MODULES)
    assert "EvidenceStore.open_readonly(" in source and "sqlite3.connect(" in source
    assert len(MODULES) >= 10


def test_exports_are_exact_and_sorted() -> None:
    module = importlib.import_module("practiceloop.workbench")
    assert module.__all__ == [
        "DEFAULT_HOST", "DEFAULT_PORT", "WorkbenchApp", "WorkbenchServer", "make_server", "serve",
    ]
    for name in module.__all__:
        assert hasattr(module, name)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_module_sorts_its_exports(path: Path) -> None:
    module = importlib.import_module(f"practiceloop.workbench.{path.stem}".removesuffix(".__init__"))
    exported = list(module.__all__)

    def key(name: str) -> tuple[int, str]:  # ruff's RUF022 order: CONSTANTS, Classes, functions
        return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)

    assert exported == sorted(exported, key=key)
    for name in exported:
        assert hasattr(module, name), f"{path.name}: __all__ names missing {name}"
