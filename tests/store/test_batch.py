"""ObjectBatch: the checks of ``append``, run as objects arrive; and its one trusted path."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.kernel.identity import canonical_bytes, digest_bytes
from practiceloop.store import (
    CorruptObjectError,
    EvidenceStore,
    InvalidObjectError,
    ObjectConflictError,
    StoreError,
    check_index,
    verify_object,
)
from practiceloop.store.merkle import leaf_hash, root
from practiceloop.store.sqlite import ObjectBatch, vouch_for

from .conftest import MALFORMED, MakeObject, make_object


def _refusal(call: object) -> tuple[type[BaseException], str]:
    try:
        call()  # type: ignore[operator]
    except StoreError as exc:
        return type(exc), str(exc)
    raise AssertionError("accepted")


@pytest.mark.parametrize(
    ("entry", "reason"), MALFORMED, ids=lambda v: v if isinstance(v, str) else None
)
def test_a_batch_refuses_what_append_refuses_in_the_same_words(
    filled: EvidenceStore, entry: tuple[object, ...], reason: str
) -> None:
    entries = [make_object(999), entry]
    by_batch = _refusal(lambda: ObjectBatch.of(entries))  # type: ignore[arg-type]
    assert by_batch == _refusal(lambda: filled.append(entries))  # type: ignore[arg-type]
    assert by_batch[0] is InvalidObjectError


def test_a_refused_add_leaves_the_batch_as_it_was(store: EvidenceStore, obj: MakeObject) -> None:
    batch = ObjectBatch.of([obj(1), obj(2)])
    with pytest.raises(InvalidObjectError):
        batch.add([obj(3), (obj(4)[0], "note", b"{}")])
    object_id, kind, _ = obj(1)
    other = canonical_bytes({"kind": kind, "record": {"n": 1, "text": "rewritten"}})
    with pytest.raises(ObjectConflictError) as caught:
        batch.add([obj(5), (object_id, kind, other)])  # a conflict with an earlier add
    assert (caught.value.expected, caught.value.actual) == (
        digest_bytes(obj(1)[2]), digest_bytes(other))
    assert len(batch) == 2
    result = store.append(batch)
    assert (result.new_objects, store.log_size()) == (2, 2)
    assert not store.has_object(obj(3)[0]) and not store.has_object(obj(5)[0])


def test_a_repeat_is_kept_once_and_a_repeat_of_another_kind_is_refused(obj: MakeObject) -> None:
    object_id, _, body = obj(1)
    batch = ObjectBatch.of([obj(1), obj(1)])
    batch.add([obj(1)])
    assert len(batch) == 1
    # Same bytes under another kind: the body names its kind, so the check refuses it.
    with pytest.raises(InvalidObjectError, match="body's kind is 'note', not 'memo'"):
        batch.add([(object_id, "memo", body)])


def test_appending_a_batch_equals_appending_its_objects(
    tmp_path: Path, obj: MakeObject, problem_entry: MakeObject
) -> None:
    objects = [obj(n) for n in range(30)] + [obj(3), problem_entry("p-1")]
    claims = [("p-1", problem_entry("p-1")[0])]
    with EvidenceStore.open(tmp_path / "list.sqlite", create=True) as by_list:
        expected = by_list.append(objects, claims)
    with EvidenceStore.open(tmp_path / "batch.sqlite", create=True) as by_batch:
        batch = ObjectBatch()
        for start in range(0, len(objects), 7):  # as shards arrive
            batch.add(objects[start : start + 7])
        assert by_batch.append(batch, claims) == expected
        assert [o.object_id for o in by_batch.iter_objects()] == list(dict.fromkeys(
            object_id for object_id, _, _ in objects))
        assert check_index(by_batch) == []
        # Appending the same batch again is as idempotent as appending the same objects.
        again = by_batch.append(batch, claims)
        assert (again.new_objects, again.new_problems, again.root) == (0, 0, expected.root)


def test_a_batch_with_an_object_stored_under_other_bytes_is_refused_whole(
    filled: EvidenceStore, obj: MakeObject
) -> None:
    size, head = filled.log_size(), filled.log_root()
    object_id, kind, _ = obj(4)
    other = canonical_bytes({"kind": kind, "record": {"n": 4, "text": "rewritten"}})
    batch = ObjectBatch.of([obj(300), (object_id, kind, other)])  # well formed on its own
    with pytest.raises(ObjectConflictError):
        filled.append(batch)
    assert (filled.log_size(), filled.log_root()) == (size, head)
    assert not filled.has_object(obj(300)[0])


@settings(max_examples=80)
@given(st.lists(st.one_of(
    st.tuples(st.text(max_size=70), st.text(max_size=8), st.binary(max_size=60)),
    st.integers(0, 5).map(make_object),
    st.builds(lambda n: (make_object(n)[0], "note", canonical_bytes(
        {"kind": "note", "record": {"other": n}})), st.integers(0, 5)),
), max_size=5))
def test_add_fuzz_raises_only_store_errors_and_is_all_or_nothing(
    entries: list[tuple[str, str, bytes]]
) -> None:
    batch = ObjectBatch.of([make_object(0)])
    before = list(batch._items())
    try:
        batch.add(entries)
    except (InvalidObjectError, ObjectConflictError):
        assert list(batch._items()) == before
        # A worker's vouch_for refuses what add refuses (with the object before them too).
        assert vouch_for([make_object(0), *entries]) is None
    else:
        assert [item[:3] for item in batch._items()] == list(
            {e[0]: e for e in [make_object(0), *entries]}.values())
        assert vouch_for(entries) == b"".join(leaf_hash(body) for _, _, body in entries)


# -- the trusted path: a vouch from the process that made the objects -----------------------------


def test_vouch_for_answers_the_leaf_hashes_of_objects_that_pass(obj: MakeObject) -> None:
    objects = [obj(1), obj(2), obj(1)]
    assert vouch_for(objects) == b"".join(leaf_hash(body) for _, _, body in objects)
    assert vouch_for([]) == b""


@pytest.mark.parametrize(
    ("entry", "reason"), MALFORMED, ids=lambda v: v if isinstance(v, str) else None
)
def test_vouch_for_refuses_what_append_refuses(entry: tuple[object, ...], reason: str) -> None:
    assert vouch_for([make_object(1), entry]) is None  # type: ignore[list-item]


def test_a_vouched_add_keeps_the_vouched_bytes_and_checks_the_rest(
    store: EvidenceStore, obj: MakeObject
) -> None:
    objects = [obj(1), obj(2)]
    vouch = vouch_for(objects)
    assert vouch is not None
    batch = ObjectBatch()
    batch.add_vouched(objects, vouch)
    # Other bytes than the vouched ones (changed on the way) are refused, naming the object.
    changed = (obj(3)[0], "note", obj(3)[2].replace(b"record 3", b"record 4"))
    with pytest.raises(InvalidObjectError, match="not the one its checker vouched for"):
        batch.add_vouched([obj(3), changed], vouch_for([obj(3), obj(3)]) or b"")
    with pytest.raises(InvalidObjectError, match="one leaf hash per object"):
        batch.add_vouched([obj(3)], vouch)
    # Ids, kinds and conflicts are never taken on trust.
    with pytest.raises(InvalidObjectError, match="id is not 64"):
        batch.add_vouched([("ABC", "note", obj(3)[2])], leaf_hash(obj(3)[2]))
    other = canonical_bytes({"kind": "note", "record": {"n": 1, "text": "rewritten"}})
    with pytest.raises(ObjectConflictError):
        batch.add_vouched([(obj(1)[0], "note", other)], leaf_hash(other))
    # The vouch covers a body, not the kind it travels with: a body under another kind is
    # refused, though its bytes are the vouched ones.
    with pytest.raises(InvalidObjectError, match="body's kind is not 'other'"):
        batch.add_vouched([(obj(3)[0], "other", obj(3)[2])], leaf_hash(obj(3)[2]))
    assert len(batch) == 2
    assert store.append(batch).root == root(leaf_hash(body) for _, _, body in objects)


def test_a_false_vouch_is_believed_and_verify_still_finds_it(store: EvidenceStore) -> None:
    # The documented trust: the body checks' verdict is the vouching process's. A process that
    # vouched for bytes that are not canonical is believed; every read and verify re-check them.
    object_id = make_object(1)[0]
    body = b'{"kind":"note","record":{"n": 1}}'
    batch = ObjectBatch()
    batch.add_vouched([(object_id, "note", body)], leaf_hash(body))
    store.append(batch)
    (stored,) = store.iter_objects(verify=False)
    problem = verify_object(stored)
    assert problem is not None and "not canonical" in str(problem)
    with pytest.raises(CorruptObjectError):
        store.get(object_id)


@pytest.mark.parametrize("objects", [None, 7, iter([]), {"a": 1}.keys()])
def test_what_is_not_a_list_of_objects_is_refused_with_store_errors(objects: object) -> None:
    assert vouch_for(objects) is None  # type: ignore[arg-type]
    with pytest.raises(InvalidObjectError):
        ObjectBatch().add_vouched(objects, b"")  # type: ignore[arg-type]
    if objects is None or objects == 7:
        with pytest.raises(InvalidObjectError, match="not an iterable"):
            ObjectBatch().add(objects)  # type: ignore[arg-type]


def _raising() -> Iterator[tuple[str, str, bytes]]:
    yield make_object(1)
    raise RuntimeError("the caller's generator failed")


class _HostilePair:
    def __iter__(self) -> Iterator[object]:
        raise RuntimeError("hostile iteration")


def test_a_container_that_raises_while_read_is_a_refusal_and_changes_nothing(
    store: EvidenceStore,
) -> None:
    # Found by the reliability fuzz: the caller's iterable raised through add().
    batch = ObjectBatch.of([make_object(2)])
    with pytest.raises(InvalidObjectError, match="not an iterable"):
        batch.add(_raising())
    with pytest.raises(InvalidObjectError, match="batch item 1"):
        batch.add([make_object(3), _HostilePair()])  # type: ignore[list-item]
    assert len(batch) == 1
    with pytest.raises(InvalidObjectError, match="not an iterable of \\(problem_id"):
        store.append([], _raising())  # type: ignore[arg-type]
    with pytest.raises(InvalidObjectError, match="problem item 0"):
        store.append([], [_HostilePair()])  # type: ignore[list-item]
    assert store.log_size() == 0
