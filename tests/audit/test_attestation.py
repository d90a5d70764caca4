"""Attestations: an in-toto Statement v1 in a DSSE envelope, made from a store, checked offline."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from hypothesis import given, settings
from hypothesis import strategies as st
from securesystemslib.dsse import Envelope

from practiceloop.audit import Check
from practiceloop.audit.attestation import (
    PAYLOAD_TYPE,
    PREDICATE_TYPE,
    STATEMENT_TYPE,
    AttestationError,
    make_attestation,
    verify_attestation_bytes,
)
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.store import EvidenceStore, checkpoint_path, read_checkpoints
from practiceloop.store.note import Signer

from .conftest import found
from .planting import logged

C = Check


@pytest.fixture(scope="module")
def exporter() -> Signer:
    return Signer.generate("exporter.example")


def _trace_id(path: Path) -> str:
    return logged(path, "sealed_practice_trace")[0][1]


def _make(path: Path, signer: Signer | None, trace_id: str | None = None) -> bytes:
    with EvidenceStore.open_readonly(path) as store:
        return make_attestation(store, trace_id or _trace_id(path),
                                read_checkpoints(checkpoint_path(path)), signer=signer)


@pytest.fixture(scope="module")
def attestation(signed_built: Path, exporter: Signer) -> bytes:
    return _make(signed_built, exporter)


def _document(data: bytes) -> dict[str, Any]:
    return json.loads(data)  # type: ignore[no-any-return]


def _statement(data: bytes) -> dict[str, Any]:
    return json.loads(base64.b64decode(_document(data)["payload"]))  # type: ignore[no-any-return]


def _reenvelope(statement: dict[str, Any], signer: Signer | None,
                payload_type: str = PAYLOAD_TYPE) -> bytes:
    from securesystemslib.signer import CryptoSigner, SSlibKey  # type: ignore[attr-defined]

    envelope = Envelope(canonical_bytes(statement), payload_type, {})
    if signer is not None:
        key = SSlibKey(signer.verifier.key_id, "ed25519", "ed25519",
                       {"public": signer.verifier.public_key.hex()})
        envelope.sign(CryptoSigner(signer.private_key, key))
    return canonical_bytes(envelope.to_dict()) + b"\n"


# -- PAE: the DSSE specification's own example ----------------------------------------------


def test_pae_is_the_dsse_specification_encoding() -> None:
    # DSSE protocol: PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, with
    # LEN the ASCII decimal byte count; the specification's example type and body. No
    # published vector file is available offline: this is written from the specification text.
    envelope = Envelope(b"hello world", "http://example.com/HelloWorld", {})
    assert envelope.pae() == b"DSSEv1 29 http://example.com/HelloWorld 11 hello world"
    empty = Envelope(b"", "", {})
    assert empty.pae() == b"DSSEv1 0  0 "
    unicode = Envelope("é".encode(), "t", {})
    assert unicode.pae() == b"DSSEv1 1 t 2 \xc3\xa9"  # lengths count bytes, not characters


# -- made and verified ----------------------------------------------------------------------


def test_an_attestation_verifies_offline_with_the_trusted_keys(
    signed_built: Path, attestation: bytes, exporter: Signer, log_key: Signer
) -> None:
    report = verify_attestation_bytes(attestation, [log_key.verifier, exporter.verifier])
    assert report.findings == () and report.ok


def test_the_statement_is_in_toto_v1_about_the_traces_bytes(
    signed_built: Path, attestation: bytes
) -> None:
    document = _document(attestation)
    assert document["payloadType"] == "application/vnd.in-toto+json"
    statement = _statement(attestation)
    assert statement["_type"] == STATEMENT_TYPE == "https://in-toto.io/Statement/v1"
    assert statement["predicateType"] == PREDICATE_TYPE
    trace_id = _trace_id(signed_built)
    ((body,),) = [(b,) for _, i, b in logged(signed_built, "sealed_practice_trace")
                  if i == trace_id]
    (subject,) = statement["subject"]
    assert subject == {"name": f"sealed_practice_trace/{trace_id}",
                       "digest": {"sha256": hashlib.sha256(body).hexdigest()}}
    predicate = statement["predicate"]
    assert canonical_bytes(predicate["trace"]) == body
    (checkpoint,) = read_checkpoints(checkpoint_path(signed_built))
    assert predicate["checkpoint"] == checkpoint.note
    assert predicate["inclusion"]["tree_size"] == checkpoint.size
    assert trace_id not in predicate["bound_ids"] and len(predicate["bound_ids"]) >= 5


def test_the_envelope_signature_is_ed25519_over_pae(attestation: bytes, exporter: Signer) -> None:
    # Checked with cryptography directly, over a PAE built here from the specification.
    document = _document(attestation)
    (signature,) = document["signatures"]
    assert signature["keyid"] == exporter.verifier.key_id
    payload = base64.b64decode(document["payload"])
    pae = b"DSSEv1 %d %s %d %s" % (len(PAYLOAD_TYPE), PAYLOAD_TYPE.encode(), len(payload),
                                   payload)
    public = Ed25519PublicKey.from_public_bytes(exporter.verifier.public_key)
    public.verify(base64.b64decode(signature["sig"]), pae)  # raises if not


def test_an_unsigned_envelope_is_a_warning_its_checkpoint_still_binds(
    signed_built: Path, log_key: Signer
) -> None:
    unsigned = _make(signed_built, None)
    assert _document(unsigned)["signatures"] == []
    report = verify_attestation_bytes(unsigned, [log_key.verifier])
    assert found(report) == {C.ATTESTATION_UNSIGNED} and report.ok


def test_without_the_log_key_the_checkpoint_is_untrusted(
    attestation: bytes, exporter: Signer
) -> None:
    report = verify_attestation_bytes(attestation, [exporter.verifier])
    assert found(report) == {C.CHECKPOINT_UNTRUSTED}


def test_an_envelope_signed_by_no_trusted_key(attestation: bytes, log_key: Signer) -> None:
    report = verify_attestation_bytes(attestation, [log_key.verifier])
    assert found(report) == {C.ATTESTATION_UNTRUSTED}


def test_a_second_envelope_signature_by_an_unknown_key_is_ignored(
    attestation: bytes, exporter: Signer, log_key: Signer
) -> None:
    document = _document(attestation)
    stranger = _document(_reenvelope(_statement(attestation), Signer.generate("stranger")))
    document["signatures"] = stranger["signatures"] + document["signatures"]
    data = canonical_bytes(document)
    assert verify_attestation_bytes(data, [log_key.verifier, exporter.verifier]).findings == ()


def test_an_unstored_trace_or_an_unsigned_store_cannot_be_attested(
    built_store: Path, signed_built: Path
) -> None:
    with pytest.raises(AttestationError, match="no signed checkpoint"):
        _make(built_store, None)
    with pytest.raises(AttestationError, match="not a trace"):
        _make(signed_built, None, logged(signed_built, "contract_residual")[0][1])
    with pytest.raises(AttestationError, match="64-hex"):
        _make(signed_built, None, "nope")


# -- bad input: each a named finding ---------------------------------------------------------


def test_a_payload_type_that_is_not_in_toto(attestation: bytes, exporter: Signer,
                                            log_key: Signer) -> None:
    data = _reenvelope(_statement(attestation), exporter, "application/json")
    report = verify_attestation_bytes(data, [log_key.verifier, exporter.verifier])
    assert found(report) == {C.ATTESTATION_PAYLOAD_TYPE} and report.exit_code == 1


def test_a_changed_payload_breaks_the_signature(attestation: bytes, exporter: Signer,
                                                log_key: Signer) -> None:
    document = _document(attestation)
    statement = _statement(attestation)
    statement["predicate"]["trace"]["record"]["explanation"] = "forged"
    document["payload"] = base64.b64encode(canonical_bytes(statement)).decode()
    report = verify_attestation_bytes(canonical_bytes(document),
                                      [log_key.verifier, exporter.verifier])
    assert found(report) == {C.ATTESTATION_SIGNATURE_INVALID, C.ATTESTATION_SUBJECT_MISMATCH,
                             C.ATTESTATION_INCLUSION_FAILED}


def test_a_re_signed_forgery_is_caught_by_the_subject_and_the_proof(
    attestation: bytes, exporter: Signer, log_key: Signer
) -> None:
    statement = _statement(attestation)
    statement["predicate"]["trace"]["record"]["explanation"] = "forged"
    report = verify_attestation_bytes(_reenvelope(statement, exporter),
                                      [log_key.verifier, exporter.verifier])
    assert found(report) == {C.ATTESTATION_SUBJECT_MISMATCH, C.ATTESTATION_INCLUSION_FAILED}
    digest = hashlib.sha256(canonical_bytes(statement["predicate"]["trace"])).hexdigest()
    statement["subject"][0]["digest"]["sha256"] = digest
    report = verify_attestation_bytes(_reenvelope(statement, exporter),
                                      [log_key.verifier, exporter.verifier])
    assert found(report) == {C.ATTESTATION_INCLUSION_FAILED}  # the signed root holds


def test_a_truncated_envelope_signature(attestation: bytes, exporter: Signer,
                                        log_key: Signer) -> None:
    document = _document(attestation)
    signature = base64.b64decode(document["signatures"][0]["sig"])
    document["signatures"][0]["sig"] = base64.b64encode(signature[:40]).decode()
    report = verify_attestation_bytes(canonical_bytes(document),
                                      [log_key.verifier, exporter.verifier])
    assert found(report) == {C.ATTESTATION_SIGNATURE_INVALID}


@pytest.mark.parametrize("damage", ["statement-type", "predicate-type", "two-subjects",
                                    "bound-ids", "no-checkpoint", "checkpoint-garbage"])
def test_a_statement_that_is_not_ours_is_malformed(
    attestation: bytes, exporter: Signer, log_key: Signer, damage: str
) -> None:
    statement = _statement(attestation)
    predicate = statement["predicate"]
    if damage == "statement-type":
        statement["_type"] = "https://in-toto.io/Statement/v0.1"
    elif damage == "predicate-type":
        statement["predicateType"] = "https://slsa.dev/provenance/v1"
    elif damage == "two-subjects":
        statement["subject"] = statement["subject"] * 2
    elif damage == "bound-ids":  # an id the trace names itself (transitive ones are not seen)
        gate = predicate["trace"]["record"]["search_gate_decision_id"]
        predicate["bound_ids"] = [i for i in predicate["bound_ids"] if i != gate]
    elif damage == "no-checkpoint":
        predicate["checkpoint"] = None
    else:
        predicate["checkpoint"] = "log\n1\n\n— x y\n"
    report = verify_attestation_bytes(_reenvelope(statement, exporter),
                                      [log_key.verifier, exporter.verifier])
    assert C.ATTESTATION_MALFORMED in found(report) and not report.ok


def test_a_checkpoint_signed_by_another_key(attestation: bytes, exporter: Signer,
                                            log_key: Signer) -> None:
    from practiceloop.store import Checkpoint

    statement = _statement(attestation)
    original = Checkpoint.from_note(statement["predicate"]["checkpoint"])
    impostor = Signer.generate(log_key.name)
    statement["predicate"]["checkpoint"] = Checkpoint.signed(
        original.size, original.root_bytes, impostor).note
    report = verify_attestation_bytes(_reenvelope(statement, exporter),
                                      [log_key.verifier, exporter.verifier])
    assert found(report) == {C.CHECKPOINT_UNTRUSTED}


@pytest.mark.parametrize(
    "data",
    [b"", b"not json", b"[]", b'{"payload":"","payloadType":"x"}',
     b'{"payload":3,"payloadType":"application/vnd.in-toto+json","signatures":[]}',
     b'{"payload":"!!","payloadType":"application/vnd.in-toto+json","signatures":[]}',
     b'{"payload":"e30=","payloadType":"application/vnd.in-toto+json","signatures":[{}]}'],
    ids=["empty", "text", "array", "missing-key", "payload-int", "payload-not-base64",
         "signature-keys"],
)
def test_garbage_is_a_malformed_attestation(data: bytes, log_key: Signer) -> None:
    report = verify_attestation_bytes(data, [log_key.verifier])
    assert C.ATTESTATION_MALFORMED in found(report) and report.exit_code == 1


@settings(max_examples=200)
@given(st.binary(max_size=400) | st.text(max_size=300).map(str.encode))
def test_verifying_garbage_never_raises(data: bytes) -> None:
    report = verify_attestation_bytes(data, [Signer.generate("k").verifier])
    assert not report.ok
