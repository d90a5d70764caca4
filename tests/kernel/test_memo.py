"""The kernel's one cache (kernel/_memo.py): every answer equals the uncached one.

The memo keeps a pure function's answer about records, immutable by contract (record.py), for
those very objects, found by identity. Checked here: on real problems, every answer the table
holds equals its function computed afresh, and whole practised problems are byte-identical with
the memo switched off; a new object with the same fields is a miss, computed afresh; the
fuzz suites' forged records (new objects) get the full check; the table's bound.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from practiceloop.kernel import _memo, record
from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.kernel.manifest import recomputed_digest
from practiceloop.kernel.record import Verdict, full_form, identity_payload, verdict
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.episode import practice
from practiceloop.loop.evidence import practice_problem

from ._independent import Chain, expected_id, forge
from ._toy_domain import THREE, make_manifest

TEXTS = (
    "Tom had 5 apples. He gave 2 apples to Ann. How many apples does Tom have now?",
    "A baker made 12 cakes and sold some. He has 4 left. How many did he sell?",
    "Mia has 3 red pens and 4 blue pens. How many pens does she have in all?",
    THREE,
)


def _switch_off(patch: pytest.MonkeyPatch) -> None:
    """The uncached path: every kernel module's use of the memo computes afresh, keeps nothing."""

    def afresh(function: Callable[..., Any], *values: object) -> Any:
        return function(*values)

    uses = {
        _memo.remembered: afresh,
        _memo.remember: lambda *args: None,
        _memo.taken: lambda *args: None,
    }
    for name, module in list(sys.modules.items()):
        if name.startswith("practiceloop.kernel.") and module is not _memo:
            for attribute, value in list(vars(module).items()):
                replacement = uses.get(value) if callable(value) else None
                if replacement is not None:
                    patch.setattr(module, attribute, replacement)


@pytest.fixture
def no_memo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _switch_off(monkeypatch)
    yield


def _problems() -> list[tuple[str, tuple[tuple[str, str, bytes], ...]]]:
    return [(text, practice_problem(f"p{i}", text).objects) for i, text in enumerate(TEXTS)]


def test_practised_problems_are_byte_identical_with_and_without_the_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cached = _problems()
    with monkeypatch.context() as patch:
        _switch_off(patch)
        assert record.remembered is not _memo.remembered  # the switch reached the uses
        uncached = _problems()
    assert cached == uncached


def test_every_answer_in_the_table_equals_its_function_computed_afresh() -> None:
    _memo._ENTRIES.clear()
    for text in TEXTS:
        practice(text)
    entries = list(_memo._ENTRIES.items())
    functions = {key[0] for key, _ in entries}
    # The checks, identities and stored bytes of records, and the kernel's other pure
    # recomputations (delta digests, candidate frames, input digests, tables, binding chains).
    assert {record._checked, record._full_form_bytes} <= functions and len(functions) >= 8
    for key, (values, answer) in entries:
        assert key == (key[0], *map(id, values))
        assert key[0](*values) == answer, key[0]


def test_every_record_of_real_problems_is_remembered_as_it_is() -> None:
    for text in TEXTS:
        result = practice(text)
        for item in result.records:
            # what the memo gives (primed by sealed, or computed once) ...
            remembered = _memo.remembered(record._checked, item)
            stored = record.full_form_bytes(item)
            # ... is what the fields give, computed afresh by the tests' own encoder
            assert remembered == record._checked(item)
            assert remembered == (True, expected_id(item))
            assert stored == canonical_bytes(full_form(item))


def test_a_new_object_with_the_same_fields_is_a_miss(eligible_chain: Chain) -> None:
    calls: list[object] = []

    def identity(value: object) -> str:
        calls.append(value)
        return digest(identity_payload(value))

    frame = eligible_chain.frame
    first = _memo.remembered(identity, frame)
    assert _memo.remembered(identity, frame) == first and calls == [frame]
    copy = dataclasses.replace(frame)  # through the constructor: equal, another object
    assert copy == frame and copy is not frame
    assert _memo.remembered(identity, copy) == first
    assert len(calls) == 2 and calls[1] is copy
    # Several values: the same objects in the same places hit, anything else misses.
    pairs: list[tuple[object, object]] = []

    def both(a: object, b: object) -> tuple[object, object]:
        pairs.append((a, b))
        return a, b

    for _ in range(2):
        assert _memo.remembered(both, frame, copy) == (frame, copy)
    assert _memo.remembered(both, copy, frame) == (copy, frame)
    assert len(pairs) == 2


def test_forged_records_are_new_objects_and_get_the_full_check(eligible_chain: Chain) -> None:
    frame = eligible_chain.frame
    assert verdict(frame, type(frame)) is Verdict.AUTHENTIC  # checked, and remembered
    # As the fuzz suites forge: around the constructor, field by field, into a new object.
    same = forge(frame)
    assert same is not frame and verdict(same, type(frame)) is Verdict.AUTHENTIC
    mention = frame.mentions[0]
    moved = forge(mention, span=SourceSpan("x" * mention.span.end, 0, mention.span.end, 0))
    forged = forge(frame, mentions=(moved, *frame.mentions[1:]))  # deep inside: a new span
    assert verdict(forged, type(frame)) is not Verdict.AUTHENTIC
    claimed = forge(frame, problem_frame_digest="f" * 64)
    assert verdict(claimed, type(frame)) is Verdict.ID_MISMATCH
    ill = forge(frame, mentions=[*frame.mentions])  # a list where a tuple belongs
    assert verdict(ill, type(frame)) is Verdict.MALFORMED
    assert verdict(frame, type(frame)) is Verdict.AUTHENTIC  # the original is untouched


def test_a_forged_manifest_is_recomputed() -> None:
    manifest = make_manifest()
    assert recomputed_digest(manifest) == manifest.manifest_digest
    copy = dataclasses.replace(manifest)
    object.__setattr__(copy, "manifest_version", "forged")  # before it is handed over
    assert recomputed_digest(copy) == digest(copy.describe()) != manifest.manifest_digest
    assert recomputed_digest(manifest) == manifest.manifest_digest


def test_the_memo_is_bounded() -> None:
    for n in range(_memo.LIMIT + 10):
        _memo.remembered(lambda value: value.start, SourceSpan("", n, n, 0))
    assert len(_memo._ENTRIES) <= _memo.LIMIT


def test_the_least_recently_used_answers_are_forgotten_first() -> None:
    _memo._ENTRIES.clear()
    kept = SourceSpan("", 0, 0, 0)

    def start(value: SourceSpan) -> int:
        return value.start

    _memo.remembered(start, kept)
    for n in range(1, _memo.LIMIT + 10):
        _memo.remembered(start, kept)  # used again: never the least recently used
        _memo.remembered(start, SourceSpan("", n, n, 0))
    assert (start, id(kept)) in _memo._ENTRIES


def test_an_answer_taken_is_no_longer_kept() -> None:
    span = SourceSpan("", 1, 1, 0)
    _memo.remember(len, 7, span)
    assert _memo.taken(len, span) == 7
    assert _memo.taken(len, span) is None


def test_the_uncached_path_is_the_same_path(no_memo: None, eligible_chain: Chain) -> None:
    # With the memo off, the boundaries still agree with the tests' own identities.
    frame = dataclasses.replace(eligible_chain.frame)
    assert record.is_authentic(frame, type(frame))
    assert record.recompute_id(frame) == expected_id(frame)
