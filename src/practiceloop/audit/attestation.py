"""Attestations: one sealed trace as an in-toto Statement v1 in a DSSE envelope, checked offline.

The envelope is DSSE's JSON form (``payload``, ``payloadType``, ``signatures``), built, signed
and parsed by ``securesystemslib`` (its ``dsse.Envelope``: the pre-authentication encoding
``PAE`` and the Ed25519 signature over it, through ``cryptography``); a signature's ``keyid``
is the note key's ``NAME+<8 hex key hash>`` (:mod:`practiceloop.store.note`). The payload,
of type ``application/vnd.in-toto+json``, is the canonical JSON of::

    {"_type": "https://in-toto.io/Statement/v1",
     "subject": [{"name": "<kind>/<trace id>", "digest": {"sha256": "<sha256 of the trace's
                  stored bytes>"}}],
     "predicateType": PREDICATE_TYPE,
     "predicate": {"trace": <the trace's full form {kind, record}>,
                   "trace_id": "<id>",
                   "bound_ids": ["<id of every record it binds, transitively>", ...],
                   "inclusion": {"leaf_index": i, "tree_size": n, "root": "<hex>",
                                 "path": ["<hex>", ...]},
                   "checkpoint": "<the signed C2SP checkpoint note of size n>"}}

What a verifier with the trusted keys learns, with no database: the checkpoint's key holder
published a log of ``n`` leaves with this root; the trace's exact bytes are leaf ``i`` of it
(RFC 9162 inclusion proof); its id recomputes from its fields and it names these ids; and,
when the envelope is signed, the exporter's key vouches for the statement. The bound records
themselves are not carried (``export --bundle`` carries them), so their content is pinned by
their ids in the trace, not checked here.

The plan of :func:`verify_attestation_bytes`, in the order its findings come::

    (1) the envelope is DSSE JSON (PL801); (2) its payloadType is in-toto's (PL802);
    (3) each signature that names a trusted key verifies over PAE (PL805); one does, or there
        is none (PL803; none at all is the warning PL804); unknown keys are ignored;
    (4) the payload is a Statement v1 of our predicate type (PL801);
    (5) the subject's sha256 is the digest of the trace's canonical bytes (PL806);
    (6) the trace's id recomputes (PL201...), and bound_ids holds every id it references;
    (7) the checkpoint is a signed note vouched for by a trusted key (PL509 to PL512);
    (8) the inclusion proof leads from the trace's leaf to the checkpoint's root (PL807).
"""

from __future__ import annotations

import binascii
import copy
import hashlib
import json
from collections.abc import Sequence
from typing import Any, Final

from securesystemslib.dsse import Envelope
from securesystemslib.exceptions import FormatError, UnverifiedSignatureError
from securesystemslib.signer import CryptoSigner, SSlibKey  # type: ignore[attr-defined]

from practiceloop.audit.chain import closure
from practiceloop.audit.findings import Check, Finding
from practiceloop.audit.recompute import KINDS, DecodedObject, decode_object, iter_references
from practiceloop.audit.trust import checkpoint_trust
from practiceloop.audit.verify import Mode, VerifyReport, check_identity
from practiceloop.kernel.identity import CanonicalPayloadError, Digest, canonical_bytes, is_digest
from practiceloop.store import Checkpoint, EvidenceStore, ObjectNotFoundError
from practiceloop.store.merkle import leaf_hash, verify_inclusion
from practiceloop.store.note import NoteError, Signer, Verifier

__all__ = [
    "PAYLOAD_TYPE",
    "PREDICATE_TYPE",
    "STATEMENT_TYPE",
    "TRACE_KINDS",
    "AttestationError",
    "make_attestation",
    "verify_attestation_bytes",
]

PAYLOAD_TYPE: Final = "application/vnd.in-toto+json"
STATEMENT_TYPE: Final = "https://in-toto.io/Statement/v1"
PREDICATE_TYPE: Final = "https://practiceloop.invalid/attestation/sealed-practice-trace/v1"
"""Ours: the reserved ``.invalid`` domain (RFC 2606) so that no one else can own the name."""
TRACE_KINDS: Final = frozenset({"sealed_practice_trace", "practice_trace_refusal"})

_ENVELOPE_KEYS: Final = frozenset({"payload", "payloadType", "signatures"})
_STATEMENT_KEYS: Final = frozenset({"_type", "subject", "predicateType", "predicate"})
_PREDICATE_KEYS: Final = frozenset({"trace", "trace_id", "bound_ids", "inclusion", "checkpoint"})
_INCLUSION_KEYS: Final = frozenset({"leaf_index", "tree_size", "root", "path"})


class AttestationError(ValueError):
    """An attestation cannot be made from this store for this trace (the message says why)."""


# (securesystemslib.signer re-exports CryptoSigner and SSlibKey without an __all__, which mypy
# does not count as an export: hence the ignore on their import.)


def _dsse_key(verifier: Verifier) -> SSlibKey:
    return SSlibKey(verifier.key_id, "ed25519", "ed25519", {"public": verifier.public_key.hex()})


def _covering(checkpoints: Sequence[Checkpoint], position: int) -> Checkpoint:
    signed = [c for c in checkpoints if c.note is not None and c.size > position]
    if not signed:
        raise AttestationError(
            f"no signed checkpoint covers log position {position}: publish one first "
            "(`practiceloop checkpoint --store S --sign-key K`, or run with --sign-key)")
    return signed[-1]


def make_attestation(
    store: EvidenceStore, trace_id: str, checkpoints: Sequence[Checkpoint], *,
    signer: Signer | None = None,
) -> bytes:
    """The DSSE envelope (canonical JSON and a newline) attesting ``trace_id``'s inclusion in
    the latest signed checkpoint of ``checkpoints`` that covers it; signed by ``signer`` when
    given, else with no signature (the checkpoint's signature still binds the trace).

    Raises AttestationError (not a trace id, not a trace, no signed checkpoint covers it, the
    store does not reproduce the checkpoint), ObjectNotFoundError, CorruptObjectError.
    """
    if not is_digest(trace_id):
        raise AttestationError(f"{trace_id!r} is not a 64-hex record id")
    trace = Digest(trace_id)
    body = store.get(trace)
    decoded = decode_object(body)
    if isinstance(decoded, str) or decoded.kind not in TRACE_KINDS:
        kind = "unreadable" if isinstance(decoded, str) else decoded.kind
        raise AttestationError(f"{trace_id} is a {kind} record, not a trace")
    checkpoint = _covering(checkpoints, store.leaf_index(trace))
    proof = store.inclusion_proof(trace, checkpoint.size)
    if proof.root != checkpoint.root_bytes:
        raise AttestationError(f"the store's root at size {checkpoint.size} is not the signed "
                               "checkpoint's: run `practiceloop verify`")

    def read(object_id: str) -> DecodedObject | None:
        try:
            found = decode_object(store.get(Digest(object_id)))
        except ObjectNotFoundError:
            return None
        return None if isinstance(found, str) else found

    bound = sorted(set(closure(trace_id, read).ids) - {trace_id})
    statement = {
        "_type": STATEMENT_TYPE,
        "subject": [{"name": f"{decoded.kind}/{trace_id}",
                     "digest": {"sha256": hashlib.sha256(body).hexdigest()}}],
        "predicateType": PREDICATE_TYPE,
        "predicate": {
            "trace": {"kind": decoded.kind, "record": decoded.record},
            "trace_id": trace_id,
            "bound_ids": bound,
            "inclusion": {"leaf_index": proof.leaf_index, "tree_size": proof.tree_size,
                          "root": proof.root.hex(), "path": [p.hex() for p in proof.path]},
            "checkpoint": checkpoint.note,
        },
    }
    envelope = Envelope(canonical_bytes(statement), PAYLOAD_TYPE, {})
    if signer is not None:
        envelope.sign(CryptoSigner(signer.private_key, _dsse_key(signer.verifier)))
    return canonical_bytes(envelope.to_dict()) + b"\n"


# -- verifying -------------------------------------------------------------------------------


class _Report:
    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def add(self, check: Check, subject: str, message: str, **compare: str | None) -> None:
        self.findings.append(Finding(check, subject, message, **compare))


def _envelope(data: bytes, report: _Report) -> Envelope | None:
    """(1) and (2): the DSSE envelope, or None (with the finding) when it is not one of ours."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        report.add(Check.ATTESTATION_MALFORMED, "envelope", "not JSON")
        return None
    if type(document) is not dict or document.keys() != _ENVELOPE_KEYS:
        report.add(Check.ATTESTATION_MALFORMED, "envelope",
                   f"a DSSE envelope has exactly the keys {sorted(_ENVELOPE_KEYS)}")
        return None
    signatures = document["signatures"]
    if (type(document["payload"]) is not str or type(document["payloadType"]) is not str
            or type(signatures) is not list
            or not all(type(s) is dict and s.keys() == {"keyid", "sig"}
                       and type(s["keyid"]) is str and type(s["sig"]) is str
                       for s in signatures)):
        report.add(Check.ATTESTATION_MALFORMED, "envelope",
                   "payload and payloadType must be strings, signatures a list of "
                   "{keyid, sig} strings")
        return None
    if document["payloadType"] != PAYLOAD_TYPE:
        report.add(Check.ATTESTATION_PAYLOAD_TYPE, "envelope", "the payload is not in-toto's",
                   expected=PAYLOAD_TYPE, actual=document["payloadType"])
        return None
    try:
        return Envelope.from_dict(copy.deepcopy(document))
    except (KeyError, ValueError, TypeError, binascii.Error, FormatError) as exc:
        report.add(Check.ATTESTATION_MALFORMED, "envelope", f"not a DSSE envelope: {exc}")
        return None


def _signatures(envelope: Envelope, trusted: Sequence[Verifier], report: _Report) -> None:
    """(3) Signatures over PAE by the trusted keys; others ignored."""
    keys = {v.key_id: _dsse_key(v) for v in trusted}
    pae = envelope.pae()
    vouched, refused = False, False
    for signature in envelope.signatures.values():
        key = keys.get(signature.keyid)
        if key is None:
            continue  # a key not trusted: ignored, as DSSE verifiers do
        try:
            key.verify_signature(signature, pae)
            vouched = True
        except UnverifiedSignatureError:
            refused = True
            report.add(Check.ATTESTATION_SIGNATURE_INVALID, signature.keyid,
                       "the envelope signature by this trusted key does not verify over PAE")
    if not envelope.signatures:
        report.add(Check.ATTESTATION_UNSIGNED, "envelope",
                   "no envelope signature: only the checkpoint inside is vouched for")
    elif not vouched and not refused:
        report.add(Check.ATTESTATION_UNTRUSTED, "envelope", "no envelope signature by a "
                   "trusted key", expected=" or ".join(sorted(keys)),
                   actual=", ".join(sorted(envelope.signatures)))


def _statement(payload: bytes, report: _Report) -> dict[str, Any] | None:
    """(4) The in-toto Statement v1 of our predicate, shape only."""
    try:
        statement = json.loads(payload)
    except (ValueError, RecursionError):
        report.add(Check.ATTESTATION_MALFORMED, "statement", "the payload is not JSON")
        return None
    problems: list[str] = []
    if type(statement) is not dict or statement.keys() != _STATEMENT_KEYS:
        problems.append(f"a Statement has exactly the keys {sorted(_STATEMENT_KEYS)}")
    else:
        subject, predicate = statement["subject"], statement["predicate"]
        if statement["_type"] != STATEMENT_TYPE:
            problems.append(f"_type is {statement['_type']!r}, not {STATEMENT_TYPE!r}")
        if statement["predicateType"] != PREDICATE_TYPE:
            problems.append(f"predicateType is {statement['predicateType']!r}, not ours")
        if not (type(subject) is list and len(subject) == 1 and type(subject[0]) is dict
                and subject[0].keys() == {"name", "digest"} and type(subject[0]["name"]) is str
                and type(subject[0]["digest"]) is dict
                and subject[0]["digest"].keys() == {"sha256"}
                and is_digest(subject[0]["digest"]["sha256"])):
            problems.append("subject must be one {name, digest: {sha256}}")
        if type(predicate) is not dict or predicate.keys() != _PREDICATE_KEYS:
            problems.append(f"the predicate has exactly the keys {sorted(_PREDICATE_KEYS)}")
    for problem in problems:
        report.add(Check.ATTESTATION_MALFORMED, "statement", problem)
    return None if problems else statement


def _trace(predicate: dict[str, Any], digest: str, report: _Report) -> bytes | None:
    """(5) and (6): the trace's bytes (None when it is not a trace), digest, id, bound ids."""
    trace, trace_id, bound = predicate["trace"], predicate["trace_id"], predicate["bound_ids"]
    kind = trace.get("kind") if type(trace) is dict else None
    if (type(trace) is not dict or trace.keys() != {"kind", "record"} or kind not in TRACE_KINDS
            or type(trace["record"]) is not dict or not is_digest(trace_id)):
        report.add(Check.ATTESTATION_MALFORMED, "predicate",
                   "trace must be the full form of a trace, trace_id its 64-hex id")
        return None
    try:
        data = canonical_bytes(trace)
    except CanonicalPayloadError as exc:
        report.add(Check.ATTESTATION_MALFORMED, trace_id, f"the trace has no canonical form: "
                   f"{exc}")
        return None
    actual = hashlib.sha256(data).hexdigest()
    if actual != digest:
        report.add(Check.ATTESTATION_SUBJECT_MISMATCH, trace_id,
                   "the subject's sha256 is not the trace's", expected=actual, actual=digest)
    decoded = DecodedObject(str(kind), trace["record"])
    found, nested = check_identity(trace_id, decoded)
    report.findings += found
    if (type(bound) is not list or not all(is_digest(i) for i in bound)
            or bound != sorted(set(bound)) or trace_id in bound):
        report.add(Check.ATTESTATION_MALFORMED, trace_id,
                   "bound_ids must be sorted, distinct 64-hex ids other than the trace's")
        return data
    named = set(bound) | set(nested)
    for path, _, target in iter_references(decoded.kind, decoded.record):
        if type(target) is str and target not in named and decoded.kind in KINDS:
            report.add(Check.ATTESTATION_MALFORMED, trace_id,
                       f"{path} names {target}, which bound_ids lacks")
    return data


def _inclusion(inclusion: object, checkpoint: Checkpoint, trace: bytes, report: _Report) -> None:
    """(8) The trace's leaf leads to the signed checkpoint's root."""
    if type(inclusion) is not dict or inclusion.keys() != _INCLUSION_KEYS:
        report.add(Check.ATTESTATION_MALFORMED, "inclusion",
                   f"inclusion has exactly the keys {sorted(_INCLUSION_KEYS)}")
        return
    path = inclusion["path"]
    hashes = [bytes.fromhex(p) for p in path if is_digest(p)] if type(path) is list else []
    claimed = (inclusion["tree_size"], inclusion["root"])
    if claimed != (checkpoint.size, checkpoint.root):
        report.add(Check.ATTESTATION_INCLUSION_FAILED, "inclusion",
                   "the proof is for another tree than the signed checkpoint's",
                   expected=f"{checkpoint.size} {checkpoint.root}",
                   actual=f"{claimed[0]!r} {claimed[1]!r}")
    elif type(path) is not list or len(hashes) != len(path) or not verify_inclusion(
            inclusion["leaf_index"], checkpoint.size, leaf_hash(trace), hashes,
            checkpoint.root_bytes):
        report.add(Check.ATTESTATION_INCLUSION_FAILED, "inclusion",
                   f"the trace is not leaf {inclusion['leaf_index']!r} of the signed tree of "
                   f"{checkpoint.size} leaves")


def verify_attestation_bytes(
    data: bytes, trusted: Sequence[Verifier], *, subject: str = "attestation"
) -> VerifyReport:
    """Every finding against one attestation (the module plan), offline; never raises."""
    report = _Report()
    envelope = _envelope(data, report) if type(data) is bytes else None
    if type(data) is not bytes:
        report.add(Check.ATTESTATION_MALFORMED, "envelope", "an attestation is bytes")
    if envelope is None:
        return VerifyReport(subject, Mode.FULL, tuple(report.findings),
                            bytes=len(data) if type(data) is bytes else 0)
    _signatures(envelope, trusted, report)
    statement = _statement(envelope.payload, report)
    size = 0
    if statement is not None:
        predicate = statement["predicate"]
        trace = _trace(predicate, statement["subject"][0]["digest"]["sha256"], report)
        try:
            checkpoint = (Checkpoint.from_note(predicate["checkpoint"])
                          if type(predicate["checkpoint"]) is str else None)
        except (NoteError, ValueError) as exc:
            report.add(Check.ATTESTATION_MALFORMED, "checkpoint", f"not a signed checkpoint: "
                       f"{exc}")
            checkpoint = None
        if checkpoint is None and type(predicate["checkpoint"]) is not str:
            report.add(Check.ATTESTATION_MALFORMED, "checkpoint", "not a signed checkpoint")
        if checkpoint is not None:
            size = checkpoint.size
            report.findings += checkpoint_trust(checkpoint, trusted, "attestation checkpoint")
            if trace is not None:
                _inclusion(predicate["inclusion"], checkpoint, trace, report)
    return VerifyReport(subject, Mode.FULL, tuple(report.findings), objects=1,
                        bytes=len(data), log_size=size, checkpoints=1, traces=1)
