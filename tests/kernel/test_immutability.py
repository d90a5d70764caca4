"""Records are immutable by construction, so a check made once stays true (record.py)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.identity import digest
from practiceloop.kernel.record import (
    RecordError,
    identity_payload,
    is_authentic,
    is_well_formed,
    recompute_id,
)
from practiceloop.kernel.span import SourceSpan
from tests.kernel._independent import Chain, expected_id


def _span() -> SourceSpan:
    return SourceSpan(text="ab", start=0, end=2, sentence_index=0)


@pytest.mark.parametrize("name", ["text", "start", "end", "sentence_index"])
def test_no_write_path_after_construction(name: str) -> None:
    span = _span()
    with pytest.raises(AttributeError):
        object.__setattr__(span, name, "zz")
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(span, name, "zz")
    with pytest.raises(AttributeError):
        object.__setattr__(span, "_pl_ok", True)  # the seal itself has no public descriptor
    assert span == _span()


def test_instance_without_constructor_is_never_well_formed() -> None:
    forged = object.__new__(SourceSpan)
    assert not is_well_formed(forged, SourceSpan)
    members = SourceSpan.__record_members__  # type: ignore[attr-defined]
    for name, value in (("text", "ab"), ("start", 0), ("end", 2), ("sentence_index", 0)):
        members[name].__set__(forged, value)
    assert forged == _span()  # same content...
    assert not is_well_formed(forged, SourceSpan)  # ...but never validated, so refused


def test_copy_pickle_and_replace_go_through_the_constructor() -> None:
    span = _span()
    for clone in (copy.copy(span), copy.deepcopy(span), pickle.loads(pickle.dumps(span))):
        assert clone == span and is_well_formed(clone, SourceSpan)
    with pytest.raises(RecordError):
        dataclasses.replace(span, end=5)


def test_recomputed_id_is_cached_but_equal_to_a_fresh_recomputation(eligible_chain: Chain) -> None:
    frame = eligible_chain.frame
    first = recompute_id(frame)
    assert recompute_id(frame) == first == digest(identity_payload(frame))
    assert first == expected_id(frame)  # the tests' own canonical JSON + hashlib
    forged = dataclasses.replace(frame, problem_frame_digest="f" * 64)
    assert is_well_formed(forged, type(frame)) and not is_authentic(forged, type(frame))


@given(st.integers(), st.integers(), st.text(max_size=4))
def test_constructor_is_the_only_gate(start: int, end: int, text: str) -> None:
    try:
        span = SourceSpan(text=text, start=start, end=end, sentence_index=0)
    except RecordError:
        return
    assert is_well_formed(span, SourceSpan)
    assert 0 <= span.start <= span.end and len(span.text) == span.end - span.start
