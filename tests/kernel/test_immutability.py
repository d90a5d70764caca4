"""Records are plain frozen dataclasses, immutable by contract: assignment is refused.

A frozen dataclass refuses ``setattr`` and ``delattr``; ``object.__setattr__`` on a record is
outside the API (record.py's docstring), so the one cache (``kernel/_memo.py``) keeps answers
for the very same objects. A value built around the constructor is a new object, checked by
what it holds when it is handed over; copies go through the constructor.
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
from tests.kernel._independent import Chain, expected_id, forge


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


def _built_around(**fields: object) -> SourceSpan:
    forged = object.__new__(SourceSpan)
    for name, value in fields.items():
        object.__setattr__(forged, name, value)
    return forged


def test_an_instance_built_around_its_constructor_is_checked_by_what_it_holds() -> None:
    assert not is_well_formed(object.__new__(SourceSpan), SourceSpan)  # no field set
    forged = _built_around(text="ab", start=0, end=2, sentence_index=0)
    assert forged == _span()  # the same content, checked as such: well formed
    assert is_well_formed(forged, SourceSpan)
    broken = _built_around(text="ab", start=0, end=1, sentence_index=0)  # a rule breaks
    assert not is_well_formed(broken, SourceSpan)
    ill = _built_around(text="ab", start=0, end=True, sentence_index=0)  # a bool is no int
    assert not is_well_formed(ill, SourceSpan)


def test_copy_pickle_and_replace_go_through_the_constructor() -> None:
    span = _span()
    for clone in (copy.copy(span), copy.deepcopy(span), pickle.loads(pickle.dumps(span))):
        assert clone == span and is_well_formed(clone, SourceSpan)
    with pytest.raises(RecordError):
        dataclasses.replace(span, end=5)


def test_a_copy_with_a_field_replaced_deep_inside_is_checked_afresh(eligible_chain: Chain) -> None:
    frame = copy.deepcopy(eligible_chain.frame)  # a copy of our own, nested records too
    assert is_authentic(frame, type(frame))
    assert recompute_id(frame) == digest(identity_payload(frame)) == expected_id(frame)
    # Deep inside: a span of a mention, replaced by one of another text, in new objects.
    mention = frame.mentions[0]
    moved = forge(mention, span=SourceSpan("x" * mention.span.end, 0, mention.span.end, 0))
    changed = forge(frame, mentions=(moved, *frame.mentions[1:]))
    assert not is_authentic(changed, type(changed))  # the id no longer reproduces
    assert is_authentic(frame, type(frame))
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
