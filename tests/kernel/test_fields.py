"""Record field checkers (kernel/_fields.py ``compile_checker``), one annotation shape at a time.

The records of the chain use only some of the annotation shapes the checker compiles (no
record declares a three-part tuple today, say), so each shape is pinned here directly: exact
types, exact lengths, tuples never lists, every union member and nothing else.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import pytest

from practiceloop.kernel._fields import compile_checker
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.identity import MAX_SAFE_INT, Digest
from practiceloop.kernel.record import (
    RecordError,
    from_payload,
    full_form,
    identity_payload,
    is_well_formed,
    record,
    sealed,
)
from practiceloop.kernel.span import SourceSpan

from ._independent import sha256_hex


@record()
class _Note:
    """A value type with prose."""

    text: str
    explanation: str


class _Tone(enum.Enum):
    CALM = "calm"


@record(kind="test_holder", id_field="holder_id")
class _Holder:
    """A stored record holding unions of record types, optional records and enums, and a tuple
    of prose values: annotation shapes the chain's records do not all use."""

    holder_id: Digest
    either: SourceSpan | Mention
    label: str | SourceSpan
    maybe: SourceSpan | None
    tone: _Tone | None
    mixed: _Tone | tuple[int, ...] | SourceSpan


@record(kind="test_prose_holder", id_field="holder_id")
class _ProseHolder:
    """A record that would nest prose: refused when first used (its identity could not hold it
    alike in both forms)."""

    holder_id: Digest
    notes: tuple[_Note, ...]


SPAN = SourceSpan("a", 0, 1, 0)
MENTION = Mention(mention_id="m0", kind="quantity", span=SPAN, attributes=())


def check(annotation: Any, value: object) -> bool:
    return compile_checker(annotation, is_well_formed)(value)


@pytest.mark.parametrize(
    ("value", "ok"),
    [((), True), ((0, 1, MAX_SAFE_INT), True), ([0, 1], False), ((0, True), False),
     ((0, -1), False), ((0, MAX_SAFE_INT + 1), False), ("01", False), (None, False)],
)
def test_a_variable_tuple_of_ints(value: object, ok: bool) -> None:
    assert check(tuple[int, ...], value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [((), True), (("a", "é", "☃"), True), (["a"], False), (("a", 1), False), ("ab", False),
     (("a", "\ud800"), False), ((type("S", (str,), {})("a"),), False)],
)
def test_a_variable_tuple_of_text(value: object, ok: bool) -> None:
    assert check(tuple[str, ...], value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [((("a", "b"),), True), ((), True), ([("a", "b")], False), ((["a", "b"],), False),
     ((("a", None),), False), ((("a", "b", "c"),), False)],
)
def test_a_variable_tuple_of_pairs(value: object, ok: bool) -> None:
    assert check(tuple[tuple[str, str], ...], value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [((1, "a", True), True), ((1, "a"), False), ((1, "a", True, False), False),
     ([1, "a", True], False), ((1, "a", 1), False), (("1", "a", True), False), ((), False)],
)
def test_a_fixed_tuple_of_three(value: object, ok: bool) -> None:
    assert check(tuple[int, str, bool], value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [(SPAN, True), (MENTION, True), (None, False), ("m0", False), ((SPAN,), False)],
)
def test_a_union_of_two_record_types_takes_either_and_nothing_else(value: object, ok: bool) -> None:
    assert check(SourceSpan | Mention, value) is ok


@pytest.mark.parametrize(
    ("value", "ok"), [(None, True), (SPAN, True), (MENTION, False), ("a", False)]
)
def test_an_optional_record(value: object, ok: bool) -> None:
    assert check(SourceSpan | None, value) is ok


@pytest.mark.parametrize(
    ("value", "ok"), [(None, True), ("a", True), (1, True), (True, False), (1.0, False)]
)
def test_a_union_of_three_scalars(value: object, ok: bool) -> None:
    assert check(str | int | None, value) is ok


def test_a_nested_record_is_checked_by_its_exact_type_and_its_own_fields() -> None:
    assert check(tuple[SourceSpan, ...], (SPAN, SPAN))
    assert not check(tuple[SourceSpan, ...], (SPAN, MENTION))
    assert not check(SourceSpan, MENTION)
    bare = object.__new__(SourceSpan)  # built around its constructor: checked as what it holds
    assert not check(SourceSpan, bare) and not check(tuple[SourceSpan, ...], (SPAN, bare))


def test_a_record_nesting_prose_is_refused() -> None:
    with pytest.raises(TypeError, match="has no prose"):
        sealed(_ProseHolder, notes=(_Note("n", "why"),))


@pytest.mark.parametrize("either", [SPAN, MENTION])
def test_a_union_of_record_types_enters_payloads_by_its_own_fields(either: object) -> None:
    """The generic payload path (a field that may hold either of two record types)."""
    holder = sealed(
        _Holder, either=either, label="x", maybe=SPAN, tone=_Tone.CALM, mixed=_Tone.CALM
    )
    nested = {f.name: getattr(either, f.name) for f in dataclasses.fields(either)}  # type: ignore[arg-type]
    nested = {k: list(v) if type(v) is tuple else v for k, v in nested.items()}
    if type(either) is Mention:
        nested["span"] = {"text": "a", "start": 0, "end": 1, "sentence_index": 0}
    span = {"text": "a", "start": 0, "end": 1, "sentence_index": 0}
    common = {"either": nested, "label": "x", "maybe": span, "tone": "calm", "mixed": "calm"}
    assert full_form(holder) == {
        "kind": "test_holder",
        "record": {"holder_id": holder.holder_id, **common},
    }
    expected = {"holder_id": "", **common}
    assert identity_payload(holder) == expected
    assert holder.holder_id == sha256_hex(expected)
    bare = sealed(_Holder, either=either, label=SPAN, maybe=None, tone=None, mixed=(1, 2))
    assert identity_payload(bare) == {
        "holder_id": "", "either": nested, "label": span, "maybe": None, "tone": None,
        "mixed": [1, 2],
    }


@record(kind="test_optional", id_field="optional_id")
class _Optional:
    """Every shape stored JSON decodes back: optional record and enum, null, pairs, tuples."""

    optional_id: Digest
    maybe: SourceSpan | None
    tone: _Tone | None
    nothing: None
    pair: tuple[int, str]
    spans: tuple[SourceSpan, ...]


@pytest.mark.parametrize(
    ("maybe", "tone"), [(SPAN, _Tone.CALM), (None, None), (SPAN, None), (None, _Tone.CALM)]
)
def test_stored_json_decodes_back_to_the_same_record(maybe: object, tone: object) -> None:
    value = sealed(
        _Optional, maybe=maybe, tone=tone, nothing=None, pair=(1, "a"), spans=(SPAN, SPAN)
    )
    assert from_payload(_Optional, full_form(value)["record"]) == value


@pytest.mark.parametrize(
    ("field", "stored"),
    [("nothing", 0), ("nothing", "null"), ("pair", [1]), ("pair", (1, "a")), ("spans", None),
     ("tone", "loud"), ("maybe", "x")],
)
def test_stored_json_of_the_wrong_shape_is_refused(field: str, stored: object) -> None:
    value = sealed(_Optional, maybe=None, tone=None, nothing=None, pair=(1, "a"), spans=())
    payload = {**full_form(value)["record"], field: stored}
    with pytest.raises((RecordError, ValueError)):
        from_payload(_Optional, payload)

