"""Read-only by construction, checked by parsing the Workbench's source (style.md habit 10).

The Workbench may use only the store's read side: ``EvidenceStore.open_readonly`` and what an
open store answers, the checkpoint *reader*, the error family. These tests parse every module of
``practiceloop.workbench`` and fail on an import of anything else from the store (its write
path: ``open``, ``append``, ``append_checkpoint``, bundles), on a call of ``EvidenceStore.open``
or of any ``append``, and on an SQLite connection to anything but the in-memory index.
"""

from __future__ import annotations

import ast
import html
import importlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from practiceloop.store import EvidenceStore

from ._texts import HOSTILE, TEXTS
from .conftest import Running, build_store

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "workbench"
MODULES = sorted(PACKAGE.glob("*.py"))

# Names the Workbench may import from the store: the read side only.
READ_SIDE = {
    "practiceloop.store.sqlite": {"EvidenceStore", "StoredObject"},
    "practiceloop.store.checkpoint": {
        "Checkpoint", "check_checkpoints", "checkpoint_path", "read_checkpoints",
    },
    "practiceloop.store.index": {
        "EpisodePage", "EpisodeRow", "IndexSummary", "OperatorCounts", "OrganCoverage",
        "get_episode", "query_episodes", "summary",
    },
    "practiceloop.store.reading": {"StoreReader", "TRACE_KINDS"},  # opens nothing, reads only
    "practiceloop.store.errors": {
        "CorruptObjectError", "NotAStoreError", "ObjectNotFoundError", "StoreCorruptError",
        "StoreError", "StoreNotFoundError",
    },
}
WRITE_NAMES = {"append", "append_checkpoint", "open", "make_bundle", "rebuild_index"}


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
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if not module.startswith("practiceloop.store"):
                continue
            allowed = READ_SIDE.get(module)
            assert allowed is not None, f"{path.name}: imports from {module}"
            for alias in node.names:
                assert alias.name in allowed, f"{path.name}: imports {alias.name} from {module}"


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
def test_no_database_is_opened_but_through_the_store(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        names = (
            [a.name for a in node.names] if isinstance(node, ast.Import)
            else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        )
        assert "sqlite3" not in names, f"{path.name} imports sqlite3 (use the store's read API)"


def test_the_parse_sees_what_it_guards() -> None:
    # The checks above would pass vacuously on an empty package; make sure they look at code
    # that opens the store and reads its index.
    source = "".join(p.read_text(encoding="utf-8") for p in MODULES)
    assert "EvidenceStore.open_readonly(" in source and "query_episodes(" in source
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
    name = f"practiceloop.workbench.{path.stem}".removesuffix(".__init__")
    module = importlib.import_module(name)
    exported = list(module.__all__)

    def key(name: str) -> tuple[int, str]:  # ruff's RUF022 order: CONSTANTS, Classes, functions
        return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)

    assert exported == sorted(exported, key=key)
    for name in exported:
        assert hasattr(module, name), f"{path.name}: __all__ names missing {name}"


# -- at run time -----------------------------------------------------------------------------------


def _snapshot(path: Path) -> dict[str, bytes]:
    """The bytes of the database and of its write-ahead log (absent: empty)."""
    return {
        suffix: Path(f"{path}{suffix}").read_bytes() if Path(f"{path}{suffix}").exists() else b""
        for suffix in ("", "-wal")
    }


def test_serving_every_page_changes_no_byte_of_the_store(
    tmp_path: Path, serve_store: Callable[[Path], Running], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = build_store(tmp_path / "crawl.sqlite", [*TEXTS, *HOSTILE])
    before = _snapshot(path)
    opened: list[EvidenceStore] = []
    original = EvidenceStore.open_readonly.__func__  # type: ignore[attr-defined]

    def spy(cls: type[EvidenceStore], *args: object, **kwargs: object) -> EvidenceStore:
        store = original(cls, *args, **kwargs)
        opened.append(store)
        assert store.readonly and store.sqlite_settings()["query_only"] is True
        return store

    monkeypatch.setattr(EvidenceStore, "open_readonly", classmethod(spy))
    running = serve_store(path)
    queue, seen = ["/", "/episodes"], set()
    while queue:
        link = queue.pop()
        if link in seen:
            continue
        seen.add(link)
        status, _, body = running.request("GET", link)
        assert status == 200, link
        # a browser never sends a link's fragment ("?page=2#citations" asks "?page=2")
        hrefs = re.findall(r'href="(/[^"]*)"', body.decode())
        queue += [html.unescape(h).split("#", 1)[0] for h in hrefs]
    assert len([s for s in seen if s.startswith("/episodes/")]) >= len(TEXTS) - 2
    assert len([s for s in seen if s.startswith("/records/")]) > 20
    assert opened, "the app never opened the store through open_readonly"
    assert _snapshot(path) == before
