"""Records (record.py): exact-type validation, identity payloads declared once, forged objects.

Every record type's identity is recomputed here from the hand-written field lists of
``_independent`` (never ``identity_payload``), and those lists are checked against the
declarations, so a field that silently enters or leaves an identity fails a test.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import CHAIN
from practiceloop.kernel.frame import Mention, ProblemFrame
from practiceloop.kernel.gate import GateStatus, SearchGateDecision
from practiceloop.kernel.identity import (
    PROSE_FIELDS,
    CanonicalPayloadError,
    Digest,
    canonical_bytes,
)
from practiceloop.kernel.record import (
    RecordError,
    Verdict,
    from_payload,
    full_form,
    full_form_bytes,
    identity_payload,
    is_authentic,
    is_well_formed,
    recompute_id,
    record,
    record_id,
    sealed,
    verdict,
)
from practiceloop.kernel.span import SourceSpan

from ._independent import (
    FUZZ,
    ID_LEFT_OUT,
    IDENTITY_FIELDS,
    SELF_ID,
    Chain,
    expected_id,
    forge,
    garbage,
    read_problem,
    sealing_payload,
    sha256_hex,
)

# The modules of kernel I; kernel II modules (operator_result, binding, replay, trace) declare
# their own kinds with ``_independent.declare`` in their tests.
KERNEL_I = CHAIN[: CHAIN.index("search_run") + 1]


def _record_classes() -> list[type]:
    found: list[type] = []
    for name in KERNEL_I:
        module = importlib.import_module(f"practiceloop.kernel.{name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and "__record_decl__" in vars(value)
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


RECORDS = _record_classes()


def test_every_kernel_i_record_is_declared_independently() -> None:
    assert {cls.__name__ for cls in RECORDS} <= set(IDENTITY_FIELDS)
    assert len(RECORDS) >= 20


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_independent_field_lists_match_declarations(cls: type) -> None:
    declared = [f.name for f in dataclasses.fields(cls)]
    expected = [name for name in declared if name not in PROSE_FIELDS]
    assert list(IDENTITY_FIELDS[cls.__name__]) == expected
    kind, id_field, *rest = vars(cls)["__record_decl__"]
    assert SELF_ID.get(cls.__name__) == id_field
    assert bool(rest and rest[0]) == (cls.__name__ in ID_LEFT_OUT)
    if id_field is not None:
        assert kind is not None  # a self-sealing record is a stored record


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_records_are_plain_frozen_slotted_dataclasses(cls: type) -> None:
    params = vars(cls)["__dataclass_params__"]
    assert params.frozen and params.eq
    assert vars(cls)["__slots__"] == tuple(f.name for f in dataclasses.fields(cls))
    # No hidden slot, nothing kept on a record but its declared fields.
    assert not [name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ())
                if name not in vars(cls)["__slots__"]]
    field = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        cls.__setattr__(object.__new__(cls), field, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cls.__delattr__(object.__new__(cls), field)


def test_frame_identity_recomputed_independently() -> None:
    frame = read_problem("tom")
    assert frame.problem_frame_digest == expected_id(frame)
    assert recompute_id(frame) == expected_id(frame)
    assert record_id(frame) == frame.problem_frame_digest
    assert identity_payload(frame) == sealing_payload(frame)


def test_full_form_keeps_prose_and_identity_excludes_it() -> None:
    frame = read_problem("ann")
    decision = sealed(
        SearchGateDecision,
        policy_version="search_gate.v1",
        input_digest=frame.problem_frame_digest,
        problem_frame_digest=None,
        original_contract_assessment_id=None,
        residual_ids=(),
        candidate_organ=None,
        status=GateStatus.UNASSESSABLE,
        reason_code="unassessable_invalid_input",
        evidence_spans=(),
        explanation="prose",
    )
    form = full_form(decision)
    assert form["kind"] == "search_gate_decision"
    assert form["record"]["explanation"] == "prose"
    assert "explanation" not in identity_payload(decision)
    reworded = dataclasses.replace(decision, explanation="other prose, ünïcode")
    assert reworded.decision_id == decision.decision_id == expected_id(reworded)
    assert full_form(reworded) != form


def test_full_form_of_a_value_type_is_refused() -> None:
    with pytest.raises(RecordError):
        full_form(SourceSpan("a", 0, 1, 0))


def test_sealed_refuses_a_value_type() -> None:
    with pytest.raises(RecordError):
        sealed(SourceSpan, text="a", start=0, end=1, sentence_index=0)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {"text": "a", "start": 0, "end": 1}, "missing 1 required"),
        ((), {"text": "a", "start": 0, "end": 1, "sentence_index": 0, "extra": 1},
         "unexpected keyword argument 'extra'"),
        (("a", 0, 1, 0, 5), {}, "positional arguments but 6 were given"),
        (("a",), {"text": "b", "start": 0, "end": 1, "sentence_index": 0},
         "multiple values for argument 'text'"),
        (("a", 0), {"end": 1}, "missing 1 required"),
    ],
)
def test_missing_unknown_or_doubled_arguments_are_type_errors(
    args: tuple[object, ...], kwargs: dict[str, object], message: str
) -> None:
    """Like a dataclass: a wrong call is a TypeError naming what is missing or unexpected."""
    with pytest.raises(TypeError) as raised:
        SourceSpan(*args, **kwargs)  # type: ignore[arg-type]
    assert not isinstance(raised.value, RecordError)
    assert message in str(raised.value)


# -- exact types ---------------------------------------------------------------------------------


@record()
class _Probe:
    """A value type with one field of each supported annotation."""

    text: str
    count: int
    flag: bool
    ref: Digest
    maybe: str | None
    status: GateStatus
    spans: tuple[SourceSpan, ...]
    pair: tuple[str, int]


_GOOD: dict[str, Any] = {
    "text": "crêpe",
    "count": 3,
    "flag": True,
    "ref": "a" * 64,
    "maybe": None,
    "status": GateStatus.BLOCKED,
    "spans": (SourceSpan("a", 0, 1, 0),),
    "pair": ("x", 1),
}

_BAD: list[tuple[str, Any]] = [
    ("text", 1),
    ("text", None),
    ("text", "\ud800"),
    ("text", b"x"),
    ("count", True),
    ("count", -1),
    ("count", 2**53),
    ("count", 1.0),
    ("count", math.nan),
    ("count", "1"),
    ("flag", 1),
    ("flag", None),
    ("ref", "A" * 64),
    ("ref", "a" * 63),
    ("ref", None),
    ("maybe", 0),
    ("status", "blocked"),  # the enum's value is not the enum
    ("status", None),
    ("spans", [SourceSpan("a", 0, 1, 0)]),
    ("spans", ("a",)),
    ("spans", None),
    ("pair", ("x",)),
    ("pair", ("x", 1, 2)),
    ("pair", ["x", 1]),
    ("pair", (1, "x")),
]


def test_probe_accepts_good_fields() -> None:
    assert is_well_formed(_Probe(**_GOOD), _Probe)


@pytest.mark.parametrize(("field", "value"), _BAD, ids=[f"{f}={v!r}" for f, v in _BAD])
def test_constructor_refuses_ill_typed_field(field: str, value: Any) -> None:
    with pytest.raises(RecordError):
        _Probe(**{**_GOOD, field: value})


@pytest.mark.parametrize(("field", "value"), _BAD, ids=[f"{f}={v!r}" for f, v in _BAD])
def test_is_well_formed_refuses_forged_field(field: str, value: Any) -> None:
    probe = _Probe(**_GOOD)
    assert not is_well_formed(forge(probe, **{field: value}), _Probe)


def test_is_well_formed_refuses_bare_subclass_and_other_types() -> None:
    frame = read_problem("tom")
    assert is_well_formed(frame, ProblemFrame)
    assert not is_well_formed(object.__new__(ProblemFrame), ProblemFrame)
    assert not is_well_formed(frame, Mention)
    assert not is_well_formed(None, ProblemFrame)
    sub = type("SubFrame", (ProblemFrame,), {"__slots__": ()})
    assert not is_well_formed(object.__new__(sub), ProblemFrame)


def test_is_well_formed_checks_nested_records_and_rules() -> None:
    frame = read_problem("tom")
    bad_span = forge(frame.sentences[0], text="nope")  # length still differs: rule broken
    assert not is_well_formed(forge(frame, sentences=(bad_span,)), ProblemFrame)
    assert not is_well_formed(forge(frame, source_text="other text"), ProblemFrame)


def test_is_authentic_needs_a_reproducing_id() -> None:
    frame = read_problem("tom")
    assert is_authentic(frame, ProblemFrame)
    other = read_problem("ann").problem_frame_digest
    assert not is_authentic(forge(frame, problem_frame_digest=other), ProblemFrame)
    assert not is_authentic(forge(frame, reader_version="v2"), ProblemFrame)
    assert not is_authentic(frame.sentences[0], SourceSpan)  # a value type has no id


# -- storage round trip (from_payload) -------------------------------------------------------------


def test_from_payload_round_trips_and_refuses_extra_keys() -> None:
    frame = read_problem("mia")
    payload = full_form(frame)["record"]
    assert from_payload(ProblemFrame, payload) == frame
    with pytest.raises(RecordError):
        from_payload(ProblemFrame, {**payload, "extra": 1})


# -- properties ----------------------------------------------------------------------------------


@FUZZ
@given(field=st.sampled_from(list(_GOOD)), value=garbage())
def test_constructor_and_is_well_formed_agree(field: str, value: Any) -> None:
    """Validation lives in one place: what the constructor refuses, is_well_formed refuses."""
    forged = forge(_Probe(**_GOOD), **{field: value})
    try:
        _Probe(**{**_GOOD, field: value})
    except RecordError:
        constructed = False
    else:
        constructed = True
    assert is_well_formed(forged, _Probe) is constructed


@FUZZ
@given(st.text(max_size=20), st.text(max_size=20))
def test_prose_never_enters_an_identity(first: str, second: str) -> None:
    frame = read_problem("tom")
    make = {
        "policy_version": "search_gate.v1",
        "input_digest": frame.problem_frame_digest,
        "problem_frame_digest": None,
        "original_contract_assessment_id": None,
        "residual_ids": (),
        "candidate_organ": None,
        "status": GateStatus.UNASSESSABLE,
        "reason_code": "unassessable_invalid_input",
        "evidence_spans": (),
    }
    try:
        a = sealed(SearchGateDecision, **make, explanation=first)
        b = sealed(SearchGateDecision, **make, explanation=second)
    except RecordError:
        assert any(0xD800 <= ord(c) <= 0xDFFF for c in first + second)
        return
    assert a.decision_id == b.decision_id == sha256_hex(sealing_payload(a))


class _Scale(enum.Enum):
    SMALL = 1  # not a str: such an enum's payloads go through the validating encoder
    HUGE = 2**60


@record(kind="scaled", id_field="scaled_id")
class _Scaled:
    scaled_id: Digest
    scale: _Scale


def test_every_payload_goes_through_the_validating_encoder() -> None:
    assert is_authentic(sealed(_Scaled, scale=_Scale.SMALL), _Scaled)
    with pytest.raises(CanonicalPayloadError):
        sealed(_Scaled, scale=_Scale.HUGE)  # 2**60 is past the canonical int range


def test_public_payloads_are_fresh_and_the_stored_bytes_recomputed(eligible_chain: Chain) -> None:
    frame = eligible_chain.frame
    stored = full_form_bytes(frame)
    assert stored == canonical_bytes(full_form(frame))
    # A caller may change what the public functions return: the encodings never see it.
    identity_payload(frame)["mentions"][0]["span"]["text"] = "changed"
    full_form(frame)["record"]["mentions"][0]["span"]["start"] = 10**6
    assert full_form_bytes(frame) == stored
    assert recompute_id(frame) == expected_id(frame) == frame.problem_frame_digest


def test_verdict_tells_malformed_from_a_mismatching_id(eligible_chain: Chain) -> None:
    frame = eligible_chain.frame
    assert verdict(frame, ProblemFrame) is Verdict.AUTHENTIC
    assert verdict(forge(frame, problem_frame_digest="f" * 64), ProblemFrame) is Verdict.ID_MISMATCH
    assert verdict(forge(frame, sentences=["not", "a tuple"]), ProblemFrame) is Verdict.MALFORMED
    assert verdict(object.__new__(ProblemFrame), ProblemFrame) is Verdict.MALFORMED
    assert verdict(frame, SourceSpan) is Verdict.MALFORMED
    assert verdict(frame.sentences[0], SourceSpan) is Verdict.ID_MISMATCH  # no id to reproduce
