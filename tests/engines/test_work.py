"""The worker side: shard practice never raises for a problem; the wire format round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.engines.work import (
    MAX_ERROR_CHARS,
    ProblemFailure,
    Vouched,
    WireFormatError,
    decode_outcomes,
    decode_shard,
    encode_outcomes,
    practise_shard,
)
from practiceloop.loop.evidence import ProblemEvidence
from practiceloop.store.merkle import leaf_hash

from .standin import GARBLE, POISON, garbling_work, raising_work, standin_work

SHARD = ((3, "p-3", "Tom has 3 apples."), (4, "p-4", f"{POISON} text"), (9, "p-9", "x"))


def test_a_raising_problem_becomes_a_failure_and_the_shard_goes_on() -> None:
    outcomes = decode_outcomes(practise_shard(raising_work, SHARD))
    assert outcomes[0] == standin_work("p-3", "Tom has 3 apples.")
    assert outcomes[1] == ProblemFailure(4, "p-4", "RuntimeError: stand-in failure on p-4")
    assert outcomes[2] == standin_work("p-9", "x")


def _returns(value: object) -> object:
    return lambda problem_id, text: value


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (None, "TypeError: work returned NoneType, not ProblemEvidence"),
        (standin_work("other", "x"), "ValueError: work returned evidence for"),
        (ProblemEvidence("p", (), "e"), "TypeError: evidence.objects is not a non-empty tuple"),
        (ProblemEvidence("p", (("i", "k", "not bytes"),), "i"), "TypeError: an evidence object"),
        (ProblemEvidence("p", (("i", "k", b"{}"),), "j"), "ValueError: evidence does not end"),
        (ProblemEvidence("p", (("\ud800", "k", b"{}"),), "\ud800"), "UnicodeEncodeError"),
    ],
)
def test_malformed_evidence_becomes_a_failure(returned: object, message: str) -> None:
    (outcome,) = decode_outcomes(practise_shard(_returns(returned), ((1, "p", "t"),)))  # type: ignore[arg-type]
    assert isinstance(outcome, ProblemFailure)
    assert outcome.error.startswith(message)


def test_long_error_messages_are_cut_and_lone_surrogates_escaped() -> None:
    def work(problem_id: str, text: str) -> ProblemEvidence:
        raise ValueError("\ud800" + "x" * (3 * MAX_ERROR_CHARS))

    (outcome,) = decode_outcomes(practise_shard(work, ((1, "p", "t"),)))
    assert isinstance(outcome, ProblemFailure)
    assert outcome.error.startswith("ValueError: \\ud800xxx")
    assert len(outcome.error) <= MAX_ERROR_CHARS + 5 and outcome.error.endswith("...")


def test_practise_shard_and_encode_outcomes_agree_byte_for_byte() -> None:
    data = practise_shard(raising_work, SHARD)
    assert encode_outcomes(decode_outcomes(data)) == data
    assert decode_outcomes(practise_shard(standin_work, ())) == ()


_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
_evidence = st.builds(
    lambda pid, objects, entry: ProblemEvidence(pid, (*objects, (entry, "e", b"{}")), entry),
    _text,
    st.lists(st.tuples(_text, _text, st.binary(max_size=20)), max_size=3),
    _text,
)
_failure = st.builds(ProblemFailure, st.integers(0, 2**32 - 1), _text, _text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_evidence, _failure), max_size=5))
def test_wire_round_trip(outcomes: list[ProblemEvidence | ProblemFailure]) -> None:
    assert decode_outcomes(encode_outcomes(outcomes)) == tuple(outcomes)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_truncated_or_extended_bytes_are_refused(data: st.DataObject) -> None:
    wire = practise_shard(raising_work, SHARD)
    cut = data.draw(st.integers(0, len(wire) - 1))
    with pytest.raises(WireFormatError):
        decode_outcomes(wire[:cut])
    with pytest.raises(WireFormatError):
        decode_outcomes(wire + data.draw(st.binary(min_size=1, max_size=4)))


def _failure_wire(problem_id: bytes) -> bytearray:
    """One failure on the wire, built from a valid encoding so only the named part is wrong."""
    wire = bytearray(encode_outcomes([ProblemFailure(1, "x" * len(problem_id), "boom")]))
    start = wire.index(b"x" * len(problem_id))
    wire[start : start + len(problem_id)] = problem_id
    return wire


def _with_tag(tag: int) -> bytes:
    wire = bytearray(encode_outcomes([ProblemFailure(1, "p", "boom")]))
    wire[12] = tag  # magic (4), checks (4) and count (4) come first
    return bytes(wire)


@pytest.mark.parametrize(
    "wire",
    [
        b"",
        b"XXXX\x01\x00\x00\x00\x00\x00\x00\x00",
        encode_outcomes([])[:-1],
        _with_tag(7),
        bytes(_failure_wire(b"\xff\xfe")),
        practise_shard(standin_work, ((1, "p", "t"),)).replace(b"p", b"\xff", 1),
    ],
    ids=["empty", "bad-magic", "short-count", "unknown-tag", "not-utf8", "not-utf8-evidence"],
)
def test_malformed_wire_is_refused(wire: bytes) -> None:
    assert _with_tag(1) == encode_outcomes([ProblemFailure(1, "p", "boom")])  # the control
    with pytest.raises(WireFormatError):
        decode_outcomes(wire)
    with pytest.raises(WireFormatError):
        decode_outcomes(bytearray(wire))  # type: ignore[arg-type]


def test_a_huge_object_count_is_refused_before_any_allocation() -> None:
    wire = bytearray(practise_shard(standin_work, ((1, "p", "t"),)))
    wire[13:17] = (2**32 - 1).to_bytes(4, "little")  # the evidence's object count
    with pytest.raises(WireFormatError, match="truncated"):
        decode_outcomes(bytes(wire))


def test_a_worker_vouches_for_exactly_the_objects_the_store_checks_pass() -> None:
    shard = ((1, "p-1", "Tom has 3 apples."), (2, "p-2", f"{GARBLE} text"), (3, "p-3", "x"))
    first, garbled, third = decode_shard(practise_shard(garbling_work, shard))
    for outcome in (first, third):
        assert isinstance(outcome, Vouched)
        assert outcome.vouch == b"".join(leaf_hash(body) for _, _, body in
                                         outcome.evidence.objects)
    assert isinstance(garbled, Vouched) and garbled.vouch is None  # the driver checks it itself
    unasked = decode_shard(practise_shard(garbling_work, shard, vouch=False))
    assert [o.vouch for o in unasked if isinstance(o, Vouched)] == [None, None, None]
    assert decode_outcomes(practise_shard(garbling_work, shard, vouch=False)) == tuple(
        o.evidence if isinstance(o, Vouched) else o for o in (first, garbled, third))


def test_a_vouch_made_under_other_checks_is_not_taken() -> None:
    wire = bytearray(practise_shard(standin_work, ((1, "p", "t"),)))
    wire[4:8] = (999).to_bytes(4, "little")  # the worker's CHECK_VERSION
    (outcome,) = decode_shard(bytes(wire))
    assert isinstance(outcome, Vouched) and outcome.vouch is None
    assert outcome.evidence == standin_work("p", "t")


def test_a_vouch_of_the_wrong_length_is_malformed_wire() -> None:
    wire = practise_shard(standin_work, ((1, "p", "t"),))
    (outcome,) = decode_shard(wire)
    assert isinstance(outcome, Vouched) and outcome.vouch is not None
    # Cut one byte from the vouch (the wire's last bytes) and from its length in the table.
    table_end = wire.index(b"p", 17)
    vouch_size = len(outcome.vouch)
    size_at = table_end - 4
    assert int.from_bytes(wire[size_at:table_end], "little") == vouch_size
    shorter = (wire[:size_at] + (vouch_size - 1).to_bytes(4, "little") + wire[table_end:])[:-1]
    with pytest.raises(WireFormatError, match="vouch"):
        decode_shard(shorter)
