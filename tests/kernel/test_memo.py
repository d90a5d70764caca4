"""The kernel's one cache (kernel/_memo.py): every answer equals the uncached one.

The memo gives back a pure function's answer about a frozen value only for the very same
objects. Checked here: on real episodes (every record's remembered verdict and stored bytes,
and whole practised problems with the memo switched off), after fields replaced at any depth
with ``object.__setattr__``, for values holding a list, and for its bound.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from practiceloop.kernel import _memo, record
from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.kernel.manifest import recomputed_digest
from practiceloop.kernel.record import full_form, identity_payload
from practiceloop.kernel.span import SourceSpan
from practiceloop.loop.episode import practice
from practiceloop.loop.evidence import practice_problem

from ._independent import Chain, expected_id, sha256_hex
from ._toy_domain import THREE, make_manifest

TEXTS = (
    "Tom had 5 apples. He gave 2 apples to Ann. How many apples does Tom have now?",
    "A baker made 12 cakes and sold some. He has 4 left. How many did he sell?",
    "Mia has 3 red pens and 4 blue pens. How many pens does she have in all?",
    THREE,
)


@pytest.fixture
def no_memo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The uncached path: every answer computed afresh, nothing kept."""

    def afresh(function: Callable[[Any], Any], value: object) -> Any:
        return function(value)

    for module in (_memo, record):
        monkeypatch.setattr(module, "remembered", afresh)
    monkeypatch.setattr("practiceloop.kernel.manifest.remembered", afresh)
    monkeypatch.setattr(record, "remember", lambda *args: None)
    yield


def _problems() -> list[tuple[str, tuple[tuple[str, str, bytes], ...]]]:
    return [(text, practice_problem(f"p{i}", text).objects) for i, text in enumerate(TEXTS)]


def test_practised_problems_are_byte_identical_with_and_without_the_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cached = _problems()
    with monkeypatch.context() as patch:

        def afresh(function: Callable[[Any], Any], value: object) -> Any:
            return function(value)

        patch.setattr(record, "remembered", afresh)
        patch.setattr("practiceloop.kernel.manifest.remembered", afresh)
        patch.setattr(record, "remember", lambda *args: None)
        uncached = _problems()
    assert cached == uncached


def test_every_remembered_answer_equals_the_uncached_one() -> None:
    for text in TEXTS:
        result = practice(text)
        for item in result.records:
            # what the memo gives (primed by sealed, or computed once) ...
            remembered = _memo.remembered(record._checked, item)
            stored = record.full_form_bytes(item)
            # ... is what the fields give now, computed afresh
            assert remembered == record._checked(item)
            assert remembered == (True, expected_id(item))
            assert stored == canonical_bytes(full_form(item))


def test_a_field_replaced_at_any_depth_is_computed_afresh(eligible_chain: Chain) -> None:
    frame = copy.deepcopy(eligible_chain.frame)
    calls: list[object] = []

    def identity(value: object) -> str:
        calls.append(value)
        return digest(identity_payload(value))

    first = _memo.remembered(identity, frame)
    assert _memo.remembered(identity, frame) == first and len(calls) == 1
    span = frame.mentions[0].span
    object.__setattr__(span, "sentence_index", span.sentence_index + 1)  # two levels down
    changed = _memo.remembered(identity, frame)
    assert len(calls) == 2 and changed != first
    assert changed == sha256_hex(identity_payload(frame))
    object.__setattr__(span, "sentence_index", span.sentence_index - 1)  # an equal int ...
    assert _memo.remembered(identity, frame) == first  # ... is the same answer, recomputed


def test_an_answer_about_a_value_holding_a_list_is_never_kept() -> None:
    manifest = make_manifest()
    entry = manifest.organs[0]
    object.__setattr__(entry, "proof_obligations", list(entry.proof_obligations))
    first = recomputed_digest(manifest)
    entry.proof_obligations.append("toy.extra")  # type: ignore[attr-defined]
    assert recomputed_digest(manifest) != first  # the list changed in place: seen
    span = SourceSpan("ab", 0, 2, 0)
    forged = object.__new__(SourceSpan)
    for name in ("text", "start", "end"):
        object.__setattr__(forged, name, getattr(span, name))
    object.__setattr__(forged, "sentence_index", [0])  # a list inside a record
    calls: list[object] = []
    for _ in range(2):
        _memo.remembered(lambda value: calls.append(value), forged)
    assert len(calls) == 2
    bare = object.__new__(SourceSpan)  # built around its constructor: never kept either
    for _ in range(2):
        _memo.remembered(lambda value: calls.append(value), bare)
    assert len(calls) == 4


def test_the_memo_is_bounded() -> None:
    for n in range(_memo.LIMIT + 10):
        _memo.remembered(lambda value: value.start, SourceSpan("", n, n, 0))
    assert len(_memo._ENTRIES) <= _memo.LIMIT


def test_the_uncached_path_is_the_same_path(no_memo: None, eligible_chain: Chain) -> None:
    # With the memo off, the boundaries still agree with the tests' own identities.
    frame = dataclasses.replace(eligible_chain.frame)
    assert record.is_authentic(frame, type(frame))
    assert record.recompute_id(frame) == expected_id(frame)
