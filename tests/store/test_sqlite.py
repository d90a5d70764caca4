"""Contract tests for the SQLite evidence store."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from practiceloop.kernel.identity import canonical_bytes, digest, digest_bytes
from practiceloop.store import (
    PROBLEM_ENTRY_KIND,
    CorruptObjectError,
    EvidenceStore,
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
    verify_object,
)
from practiceloop.store._schema import CACHE_KIB, INDEX_NAMES
from practiceloop.store._sqlite_errors import translate
from practiceloop.store.merkle import EMPTY_ROOT, leaf_hash, root, verify_consistency
from practiceloop.store.sqlite import APPLICATION_ID

from .conftest import MALFORMED, MakeObject, StoredTriple, make_object

SRC = Path(__file__).resolve().parents[2] / "src"


def _raw(path: Path) -> sqlite3.Connection:
    """A plain sqlite3 connection, as someone bypassing the store would open one."""
    return sqlite3.connect(path, isolation_level=None)


def _independent_root(store: EvidenceStore) -> bytes:
    """The log root recomputed from the stored bodies, not from the stored leaf hashes."""
    return root(leaf_hash(o.body) for o in store.iter_objects())


# -- creating and opening ------------------------------------------------------------------------


def test_new_store_has_the_promised_settings(store: EvidenceStore, store_path: Path) -> None:
    settings_ = store.sqlite_settings()
    assert settings_["journal_mode"] == "wal"
    assert settings_["synchronous"] == "FULL"
    assert settings_["cache_size"] == -CACHE_KIB  # KiB, as SQLite reports a negative size
    assert settings_["foreign_keys"] is True
    assert settings_["query_only"] is False
    assert settings_["application_id"] == APPLICATION_ID
    with _raw(store_path) as raw:
        strict = {name: bool(s) for _, name, kind, _, _, s in raw.execute("PRAGMA table_list")
                  if not name.startswith("sqlite_") and kind == "table"
                  and not name.startswith("episode_text")}  # FTS5's own shadow tables
    evidence = {"meta", "objects", "log", "problems"}
    assert {name for name in strict if name not in INDEX_NAMES} == evidence
    assert all(strict.values())  # the derived index's tables are STRICT too
    assert store.log_size() == 0
    assert store.log_root() == EMPTY_ROOT
    assert store.check_schema() == []
    assert store.check_structure() == []
    assert store.integrity_check(quick=False) == []


def test_open_without_create_refuses_a_missing_path(store_path: Path) -> None:
    with pytest.raises(StoreNotFoundError, match="no evidence store"):
        EvidenceStore.open(store_path, create=False)
    with pytest.raises(StoreNotFoundError):
        EvidenceStore.open_readonly(store_path)
    assert not store_path.exists()


def test_create_makes_parent_directories_and_leaves_no_scratch(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "store.sqlite"
    EvidenceStore.open(path, create=True).close()
    assert sorted(p.name for p in path.parent.iterdir()) == ["store.sqlite"]


def test_reopen_keeps_objects_and_root(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    size, head = filled.log_size(), filled.log_root()
    filled.close()
    with EvidenceStore.open(store_path, create=True) as again:  # create on an existing store
        assert (again.log_size(), again.log_root()) == (size, head)
        assert again.get(obj(5)[0]) == obj(5)[2]
        assert _independent_root(again) == head
    with EvidenceStore.open_readonly(store_path) as readonly:
        assert readonly.log_root() == head


# -- appending -----------------------------------------------------------------------------------


def test_append_logs_new_objects_in_the_order_given(store: EvidenceStore, obj: MakeObject) -> None:
    batch = [obj(n) for n in (7, 3, 9, 1)]
    result = store.append(batch)
    assert (result.new_objects, result.known_objects, result.log_size) == (4, 0, 4)
    assert result.root == store.log_root() == root(leaf_hash(b) for _, _, b in batch)
    assert [o.object_id for o in store.iter_objects()] == [i for i, _, _ in batch]
    assert [o.seq for o in store.iter_objects()] == [0, 1, 2, 3]


def test_append_is_idempotent(filled: EvidenceStore, obj: MakeObject) -> None:
    size, head = filled.log_size(), filled.log_root()
    again = filled.append([obj(3), obj(3), obj(30)])
    assert (again.new_objects, again.known_objects) == (0, 2)
    assert (filled.log_size(), filled.log_root()) == (size, head)
    mixed = filled.append([obj(3), obj(100)])
    assert (mixed.new_objects, mixed.known_objects, mixed.log_size) == (1, 1, size + 1)


def test_same_id_with_other_bytes_raises_and_rolls_back_the_batch(
    filled: EvidenceStore, obj: MakeObject
) -> None:
    size, head = filled.log_size(), filled.log_root()
    object_id, kind, _ = obj(4)
    other = canonical_bytes({"kind": kind, "record": {"n": 4, "text": "rewritten"}})
    with pytest.raises(ObjectConflictError) as caught:
        filled.append([obj(200), (object_id, kind, other), obj(201)])
    assert caught.value.object_id == object_id
    assert caught.value.expected == digest_bytes(obj(4)[2])
    assert caught.value.actual == digest_bytes(other)
    assert (filled.log_size(), filled.log_root()) == (size, head)
    assert not filled.has_object(obj(200)[0])
    assert filled.get(object_id) == obj(4)[2]


def test_conflict_inside_one_batch_is_refused(store: EvidenceStore, obj: MakeObject) -> None:
    object_id, kind, body = obj(1)
    other = canonical_bytes({"kind": kind, "record": {"n": 2}})
    with pytest.raises(ObjectConflictError):
        store.append([(object_id, kind, body), (object_id, kind, other)])
    assert store.log_size() == 0


@pytest.mark.parametrize(
    ("entry", "reason"), MALFORMED, ids=lambda v: v if isinstance(v, str) else None
)
def test_append_refuses_malformed_objects(
    filled: EvidenceStore, entry: tuple[object, ...], reason: str
) -> None:
    size = filled.log_size()
    with pytest.raises(InvalidObjectError, match=reason):
        filled.append([make_object(999), entry])  # type: ignore[list-item]
    assert filled.log_size() == size
    assert not filled.has_object(make_object(999)[0])


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.text(max_size=70), st.text(max_size=8), st.binary(max_size=60)),
                max_size=4))
def test_append_fuzz_raises_only_store_errors(
    filled: EvidenceStore, entries: list[tuple[str, str, bytes]]
) -> None:
    size, head = filled.log_size(), filled.log_root()
    try:
        filled.append(entries)  # type: ignore[arg-type]
    except StoreError:
        assert (filled.log_size(), filled.log_root()) == (size, head)


# -- problems ------------------------------------------------------------------------------------


def test_problems_are_recorded_with_their_entry(
    store: EvidenceStore, problem_entry: Callable[[str], StoredTriple]
) -> None:
    entry_b, entry_a = problem_entry("b"), problem_entry("a")
    result = store.append([entry_b, entry_a], [("b", entry_b[0]), ("a", entry_a[0])])
    assert result.new_problems == 2
    assert store.has_problem("a") and store.has_problem("b") and not store.has_problem("c")
    assert list(store.problem_ids()) == ["a", "b"]
    again = store.append([entry_a], [("a", entry_a[0])])
    assert (again.new_problems, again.new_objects) == (0, 0)


def test_problem_claims_are_checked(
    store: EvidenceStore, problem_entry: Callable[[str], StoredTriple], obj: MakeObject
) -> None:
    entry = problem_entry("p")
    store.append([entry, obj(1)], [("p", entry[0])])
    other = problem_entry("q")
    with pytest.raises(ProblemConflictError, match="already sealed"):
        store.append([other], [("p", other[0])])
    assert not store.has_object(other[0])  # rolled back with its batch
    with pytest.raises(InvalidObjectError, match="not a practice_problem"):
        store.append([], [("q", obj(1)[0])])
    with pytest.raises(InvalidObjectError, match="no entry"):
        store.append([], [("q", digest("nowhere"))])
    with pytest.raises(InvalidObjectError):
        store.append([], [("", entry[0])])
    with pytest.raises(InvalidObjectError):
        store.append([], [("\ud800", entry[0])])
    assert list(store.problem_ids()) == ["p"]


def test_problem_ids_stream_past_one_page(store: EvidenceStore) -> None:
    entries = [make_object(n, PROBLEM_ENTRY_KIND) for n in range(5000)]
    store.append(entries, [(f"p{n:05d}", e[0]) for n, e in enumerate(entries)])
    ids = store.problem_ids()
    assert next(ids) == "p00000"
    assert sum(1 for _ in ids) == 4999


# -- append-only, even from raw SQL --------------------------------------------------------------


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE objects SET body = x'00'",
        "UPDATE objects SET kind = kind",
        "DELETE FROM objects",
        "UPDATE log SET leaf_hash = leaf_hash",
        "DELETE FROM log WHERE seq = 0",
        "UPDATE problems SET entry_id = entry_id",
        "DELETE FROM problems",
        "UPDATE meta SET value = 'other'",
        "DELETE FROM meta",
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('format', 'other')",
        "INSERT OR REPLACE INTO log (seq, object_id, leaf_hash) SELECT 0, object_id, leaf_hash "
        "FROM log WHERE seq = 1",
        "INSERT INTO log (seq, object_id, leaf_hash) VALUES (99, 'x', zeroblob(32))",
    ],
)
def test_triggers_abort_rewrites_from_raw_sql(
    store_path: Path, store: EvidenceStore, problem_entry: Callable[[str], StoredTriple],
    obj: MakeObject, statement: str,
) -> None:
    entry = problem_entry("p")
    store.append([entry, obj(1), obj(2)], [("p", entry[0])])
    head = store.log_root()
    with _raw(store_path) as raw, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute(statement)
    assert store.log_root() == head
    assert store.get(obj(1)[0]) == obj(1)[2]
    assert store.check_structure() == []


def test_insert_or_replace_cannot_swap_an_object(
    store_path: Path, store: EvidenceStore, obj: MakeObject
) -> None:
    object_id, kind, body = obj(1)
    store.append([(object_id, kind, body)])
    with _raw(store_path) as raw, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("INSERT OR REPLACE INTO objects VALUES (?, ?, ?)", (object_id, kind, b"{}"))
    assert store.get(object_id) == body


# -- reading re-checks ---------------------------------------------------------------------------


def test_get_and_missing_ids(filled: EvidenceStore, obj: MakeObject) -> None:
    assert filled.get(obj(0)[0]) == obj(0)[2]
    assert filled.has_object(obj(0)[0])
    missing = digest("missing")
    assert not filled.has_object(missing)
    with pytest.raises(ObjectNotFoundError) as caught:
        filled.get(missing)
    assert isinstance(caught.value, LookupError)
    assert str(caught.value) == f"no object {missing} in the store"
    with pytest.raises(ObjectNotFoundError):
        filled.inclusion_proof(missing)
    with pytest.raises(ObjectNotFoundError):
        filled.leaf_index(missing)


def _tamper(path: Path, *statements: str) -> None:
    """Drop the guards and rewrite history, as an attacker with file access could."""
    with _raw(path) as raw:
        for table in ("objects", "log", "problems"):
            for guard in ("no_update", "no_delete", "no_overwrite"):
                raw.execute(f"DROP TRIGGER {table}_{guard}")
        for statement in statements:
            raw.execute(statement)


def test_a_rewritten_body_is_caught_on_read(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    object_id, kind, body = obj(3)
    forged = canonical_bytes({"kind": kind, "record": {"n": 3, "text": "forged"}})
    _tamper(store_path, f"UPDATE objects SET body = x'{forged.hex()}' WHERE id = '{object_id}'")
    with pytest.raises(CorruptObjectError) as caught:
        filled.get(object_id)
    assert caught.value.object_id == object_id
    assert caught.value.expected == leaf_hash(body).hex()
    assert caught.value.actual == leaf_hash(forged).hex()
    with pytest.raises(CorruptObjectError):
        list(filled.iter_objects())
    damaged = [o.object_id for o in filled.iter_objects(verify=False) if verify_object(o)]
    assert damaged == [object_id]


def test_a_non_canonical_body_with_a_matching_leaf_is_caught(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    object_id = obj(3)[0]
    spaced = b'{"kind": "note", "record": {}}'
    _tamper(store_path,
            f"UPDATE objects SET body = x'{spaced.hex()}' WHERE id = '{object_id}'",
            f"UPDATE log SET leaf_hash = x'{leaf_hash(spaced).hex()}' WHERE object_id = "
            f"'{object_id}'")
    with pytest.raises(CorruptObjectError, match="not canonical"):
        filled.get(object_id)


def test_tampered_schema_refuses_writers_but_opens_for_audit(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    filled.close()
    _tamper(store_path, "DELETE FROM log WHERE seq = 4")
    with pytest.raises(StoreCorruptError, match="objects_no_update is missing"):
        EvidenceStore.open(store_path, create=False)
    with EvidenceStore.open_readonly(store_path) as audit:
        assert {f.code for f in audit.check_schema()} == {"schema.missing"}
        codes = {f.code: f for f in audit.check_structure()}
        assert set(codes) == {"log.holes", "object.unlogged"}
        assert codes["object.unlogged"].subject == obj(4)[0]
        with pytest.raises(StoreCorruptError, match="position 4 is missing"):
            audit.log_root()
        with pytest.raises(CorruptObjectError, match="log entry"):
            audit.get(obj(4)[0])


# -- streaming -----------------------------------------------------------------------------------


def test_iteration_streams_in_pages_and_tolerates_writes(store: EvidenceStore) -> None:
    store.append([make_object(n) for n in range(9000)])
    stream = store.iter_objects()
    first = next(stream)
    assert first.seq == 0
    store.append([make_object(n, "late") for n in range(3)])  # a write between pages
    rest = list(stream)
    assert [o.seq for o in rest] == list(range(1, 9003))
    assert [o.kind for o in store.iter_objects(kind="late")] == ["late"] * 3
    assert [o.seq for o in store.iter_objects(start=8998, kind="note")] == [8998, 8999]


# -- proofs and roots ----------------------------------------------------------------------------


def test_inclusion_proofs_from_the_store_verify(filled: EvidenceStore, obj: MakeObject) -> None:
    head = filled.log_root()
    for n in range(37):
        proof = filled.inclusion_proof(obj(n)[0])
        assert (proof.leaf_index, proof.tree_size, proof.root) == (n, 37, head)
        assert proof.leaf_hash == leaf_hash(obj(n)[2])
        assert proof.verify()
    older = filled.inclusion_proof(obj(2)[0], size=5)
    assert older.root == filled.log_root(5) and older.verify()
    with pytest.raises(SizeOutOfRangeError, match="lacks it"):
        filled.inclusion_proof(obj(9)[0], size=9)


def test_consistency_proofs_from_the_store_verify(filled: EvidenceStore) -> None:
    roots = filled.log_roots(range(38))
    assert roots[37] == filled.log_root() == _independent_root(filled)
    assert roots[0] == EMPTY_ROOT
    for size1 in range(1, 38):
        assert roots[size1] == filled.log_root(size1)
        for size2 in (size1, 20, 37):
            if size2 < size1:
                continue
            proof = filled.consistency_proof(size1, size2)
            assert (proof.root1, proof.root2) == (roots[size1], roots[size2])
            assert proof.verify()
            assert verify_consistency(size1, size2, roots[size1], roots[size2], proof.path)


@pytest.mark.parametrize("call", [
    lambda s: s.log_root(38), lambda s: s.log_root(-1), lambda s: s.log_root(True),
    lambda s: s.log_roots([5, 40]), lambda s: s.consistency_proof(0, 5),
    lambda s: s.consistency_proof(6, 5), lambda s: s.consistency_proof(5, 38),
])
def test_sizes_beyond_the_log_are_refused(
    filled: EvidenceStore, call: Callable[[EvidenceStore], object]
) -> None:
    with pytest.raises(SizeOutOfRangeError):
        call(filled)


def test_two_handles_on_one_store_agree_on_the_head(store_path: Path, store: EvidenceStore) -> None:
    store.append([make_object(n) for n in range(5)])
    with EvidenceStore.open(store_path, create=False) as second:
        assert second.log_root() == store.log_root()
        second.append([make_object(n) for n in range(5, 9)])
        # The first handle's cached head catches up with leaves another writer logged.
        assert store.log_root() == second.log_root() == _independent_root(store)
        result = store.append([make_object(9)])
        assert result.root == second.log_root() == _independent_root(second)


# -- refusing files that are not (sound) stores --------------------------------------------------


def _openers(path: Path, *, create: bool) -> list[Callable[[], EvidenceStore]]:
    return [partial(EvidenceStore.open, path, create=create),
            partial(EvidenceStore.open_readonly, path)]


def _foreign_sqlite(path: Path) -> None:
    with _raw(path) as raw:
        raw.execute("CREATE TABLE t (x)")
        raw.execute("INSERT INTO t VALUES (1)")


def _ours_without_meta(path: Path) -> None:
    with _raw(path) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute("CREATE TABLE t (x)")


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.write_bytes(b""), "empty"),
        (lambda p: p.write_text("id,kind\n1,note\n" * 50), "not an SQLite database"),
        (lambda p: p.mkdir(), "directory"),
        (_foreign_sqlite, "application_id is 0x00000000"),
        (_ours_without_meta, "no practiceloop meta table"),
    ],
    ids=["empty-file", "csv-file", "directory", "foreign-sqlite", "our-id-without-meta"],
)
def test_files_that_are_not_stores_are_refused_untouched(
    store_path: Path, make: Callable[[Path], object], reason: str
) -> None:
    make(store_path)
    before = sorted(store_path.parent.iterdir())
    snapshot = store_path.read_bytes() if store_path.is_file() else None
    for opener in _openers(store_path, create=True):
        with pytest.raises(NotAStoreError, match=reason) as caught:
            opener()
        assert "sqlite3" not in caught.value.diagnostics()
    assert (store_path.read_bytes() if store_path.is_file() else None) == snapshot
    assert sorted(store_path.parent.iterdir()) == before


def test_a_newer_format_version_is_refused(store_path: Path, store: EvidenceStore) -> None:
    store.close()
    with _raw(store_path) as raw:
        raw.execute("DROP TRIGGER meta_no_update")
        raw.execute("UPDATE meta SET value = '2' WHERE key = 'format_version'")
    with pytest.raises(NotAStoreError, match="format version '2' is not supported"):
        EvidenceStore.open_readonly(store_path)


def _closed_with_pages(path: Path) -> int:
    with EvidenceStore.open(path, create=True) as store:
        store.append([make_object(n, blob="x" * 200) for n in range(400)])
    assert not Path(f"{path}-wal").exists()  # the last close checkpointed the WAL
    return path.stat().st_size


@pytest.mark.parametrize(
    "cut", [lambda n: n // 2 + 17, lambda n: n - 1, lambda n: 60, lambda n: 10],
    ids=["half", "last-byte", "inside-header", "inside-magic"],
)
def test_truncated_files_are_refused_cleanly(store_path: Path, cut: Callable[[int], int]) -> None:
    os.truncate(store_path, cut(_closed_with_pages(store_path)))
    for opener in _openers(store_path, create=False):
        with pytest.raises(StoreCorruptError, match=r"truncated|whole number"):
            opener()


def test_truncation_at_a_page_boundary_is_refused(store_path: Path) -> None:
    size = _closed_with_pages(store_path)
    os.truncate(store_path, size - 4096 * 3)
    with pytest.raises(StoreCorruptError, match="header promises"):
        EvidenceStore.open_readonly(store_path)


def test_damaged_pages_surface_as_store_errors(store_path: Path) -> None:
    size = _closed_with_pages(store_path)
    data = bytearray(store_path.read_bytes())
    for offset in range(4096 * 2, size, 4096):  # wreck every page header after the first two
        data[offset : offset + 8] = b"\xff" * 8
    store_path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as caught, EvidenceStore.open_readonly(store_path) as store:
        list(store.iter_objects())
    assert isinstance(caught.value, StoreCorruptError)


# -- locks, read-only, durability ----------------------------------------------------------------


def test_a_held_write_lock_gives_store_locked_error(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    head = filled.log_root()
    with EvidenceStore.open(store_path, create=False, busy_timeout=0.05) as impatient:
        blocker = _raw(store_path)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreLockedError, match="locked by another writer") as caught:
                impatient.append([obj(500)])
            assert "one writer" in caught.value.diagnostics()
            assert impatient.log_root() == head  # readers are not blocked in WAL mode
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        impatient.append([obj(500)])
        assert impatient.log_size() == 38


def test_readonly_store_refuses_writes_and_leaves_the_file_alone(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    filled.close()
    before = store_path.read_bytes()
    with EvidenceStore.open_readonly(store_path) as readonly:
        assert readonly.readonly
        assert readonly.sqlite_settings()["query_only"] is True
        with pytest.raises(StoreReadOnlyError, match="opened read-only"):
            readonly.append([obj(100)])
        assert readonly.get(obj(1)[0]) == obj(1)[2]
    assert store_path.read_bytes() == before


def test_a_read_only_disk_gives_store_read_only_error(
    store_path: Path, filled: EvidenceStore, obj: MakeObject
) -> None:
    # SQLite opens a write-protected file (or one on a read-only mount) read-only and fails
    # the first write with SQLITE_READONLY; a mode=ro connection is exactly that state, and
    # lets the test run as root, whom file permissions do not stop.
    head = filled.log_root()
    filled._conn.close()
    filled._conn = sqlite3.connect(f"{store_path.as_uri()}?mode=ro", uri=True,
                                   isolation_level=None)
    with pytest.raises(StoreReadOnlyError, match="readonly"):
        filled.append([obj(100)])
    with EvidenceStore.open_readonly(store_path) as check:
        assert check.log_root() == head


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_write_protected_file_is_refused_for_writing(
    store_path: Path, filled: EvidenceStore
) -> None:
    filled.close()
    store_path.chmod(0o444)
    try:
        with pytest.raises(StoreReadOnlyError, match="write-protected"):
            EvidenceStore.open(store_path, create=False)
        with EvidenceStore.open_readonly(store_path) as readonly:
            assert readonly.log_size() == 37
    finally:
        store_path.chmod(0o644)


def test_a_full_disk_gives_store_io_error_and_keeps_what_was_committed(
    filled: EvidenceStore,
) -> None:
    # max_page_count makes SQLite fail exactly as on a full disk (SQLITE_FULL).
    head = filled.log_root()
    pages = filled._conn.execute("PRAGMA page_count").fetchone()[0]
    filled._conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreIOError, match="full") as caught:
        filled.append([make_object(n, blob="x" * 500) for n in range(1000, 1400)])
    assert "free space" in caught.value.diagnostics()
    assert (filled.log_size(), filled.log_root()) == (37, head)
    filled._conn.execute("PRAGMA max_page_count = 1073741823")
    assert filled.append([make_object(1000)]).log_size == 38


@pytest.mark.parametrize(
    ("code", "expected"),
    [(5, StoreLockedError), (6, StoreLockedError), (8, StoreReadOnlyError),
     (11, StoreCorruptError), (26, NotAStoreError), (10, StoreIOError), (13, StoreIOError),
     (14, StoreIOError), (266, StoreIOError), (1, StoreError)],
)
def test_sqlite_result_codes_map_to_store_errors(code: int, expected: type[StoreError]) -> None:
    raw = sqlite3.OperationalError("something low-level")
    raw.sqlite_errorcode = code
    translated = translate(raw, Path("/s.sqlite"), 1.0)
    assert type(translated) is expected
    assert "/s.sqlite" in str(translated)


def test_sigkill_mid_run_loses_no_committed_batch(store_path: Path) -> None:
    writer = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(SRC)!r})
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from practiceloop.store import EvidenceStore
        from tests.store.conftest import make_object
        store = EvidenceStore.open({str(store_path)!r}, create=True)
        for batch in range(10_000):
            store.append([make_object(batch * 50 + n) for n in range(50)])
            print(batch, flush=True)
    """)
    child = subprocess.Popen([sys.executable, "-c", writer], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    committed = -1
    for line in child.stdout:
        committed = int(line)
        if committed >= 20:
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with EvidenceStore.open(store_path, create=False) as store:
        assert store.log_size() >= (committed + 1) * 50
        assert store.log_size() % 50 == 0  # whole batches only
        assert store.check_structure() == [] and store.integrity_check() == []
        assert store.log_root() == _independent_root(store)
        store.append([make_object(-1)])  # and the run can resume


def test_errors_read_as_sentences(store_path: Path) -> None:
    store_path.write_text("hello")
    with pytest.raises(NotAStoreError) as caught:
        EvidenceStore.open(store_path, create=False)
    text = caught.value.diagnostics()
    assert text.startswith(f"{store_path} is not a practiceloop evidence store")
    assert "hint:" in text
    assert json.dumps(str(caught.value))  # one line, printable
