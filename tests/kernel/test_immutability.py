"""Records are plain frozen dataclasses: assignment is refused, and what a bypass changes is seen.

A frozen dataclass refuses ``setattr``; ``object.__setattr__`` still writes a field. Nothing is
kept on a record, so the next check recomputes from what it holds now: the one cache
(``kernel/_memo.py``) gives back an answer only for the very same objects.
"""

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
def test_assignment_is_refused(name: str) -> None:
    span = _span()
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(span, name, "zz")
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(span, name)
    assert span == _span()


def test_instance_without_constructor_is_never_well_formed() -> None:
    forged = object.__new__(SourceSpan)
    assert not is_well_formed(forged, SourceSpan)
    for name, value in (("text", "ab"), ("start", 0), ("end", 2), ("sentence_index", 0)):
        object.__setattr__(forged, name, value)
    assert forged == _span()  # the same content, checked as such: well formed
    assert is_well_formed(forged, SourceSpan)
    object.__setattr__(forged, "end", 1)  # ... until a rule breaks
    assert not is_well_formed(forged, SourceSpan)


def test_copy_pickle_and_replace_go_through_the_constructor() -> None:
    span = _span()
    for clone in (copy.copy(span), copy.deepcopy(span), pickle.loads(pickle.dumps(span))):
        assert clone == span and is_well_formed(clone, SourceSpan)
    with pytest.raises(RecordError):
        dataclasses.replace(span, end=5)


def test_a_field_replaced_after_a_check_is_seen_by_the_next_check(eligible_chain: Chain) -> None:
    frame = copy.deepcopy(eligible_chain.frame)  # a copy of our own, nested records too
    assert is_authentic(frame, type(frame))
    assert recompute_id(frame) == digest(identity_payload(frame)) == expected_id(frame)
    # Deep inside: a span of a mention, replaced by one of another text.
    mention = frame.mentions[0]
    object.__setattr__(mention, "span", SourceSpan("x" * mention.span.end, 0, mention.span.end, 0))
    assert not is_authentic(frame, type(frame))  # the id no longer reproduces
    forged = dataclasses.replace(eligible_chain.frame, problem_frame_digest="f" * 64)
    assert is_well_formed(forged, type(forged)) and not is_authentic(forged, type(forged))


@given(st.integers(), st.integers(), st.text(max_size=4))
def test_constructor_is_the_only_gate(start: int, end: int, text: str) -> None:
    try:
        span = SourceSpan(text=text, start=start, end=end, sentence_index=0)
    except RecordError:
        return
    assert is_well_formed(span, SourceSpan)
    assert 0 <= span.start <= span.end and len(span.text) == span.end - span.start
