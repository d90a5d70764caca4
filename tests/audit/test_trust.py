"""``verify --trusted-key``: signed checkpoints hold against the keys a user trusts (item 1)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from practiceloop.audit import Check, verify_store
from practiceloop.store import Checkpoint, EvidenceStore, append_checkpoint, checkpoint_path
from practiceloop.store.checkpoint import checkpoint_text, read_checkpoints
from practiceloop.store.merkle import leaf_hash
from practiceloop.store.note import Signer, sign_note

from .conftest import found, only, subjects
from .planting import logged, tamper

C = Check


def _lines(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in checkpoint_path(path).read_text().splitlines()]


def _write_notes(path: Path, notes: list[str]) -> None:
    checkpoint_path(path).write_bytes(b"".join(
        Checkpoint.from_note(note).to_line() for note in notes))


def _rewrite_prose_keep_ids(path: Path) -> str:
    """The insider's forgery: an explanation rewritten, its leaf hash recomputed (every id
    still recomputes: prose is outside them). Returns the victim's id."""
    _, victim, body = logged(path, "sealed_practice_trace")[0]
    full = json.loads(body)
    full["record"]["explanation"] = "forged: nothing was refused"
    forged = json.dumps(full, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    tamper(path, ("UPDATE objects SET body = ? WHERE id = ?", (forged, victim)),
           ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf_hash(forged), victim)))
    return victim


def _republish(path: Path, signer: Signer | None) -> None:
    checkpoint_path(path).unlink()
    with EvidenceStore.open(path, create=False) as store:
        append_checkpoint(store, signer=signer)


def test_a_signed_store_verifies_with_its_key_and_without_any(
    signed_store: Path, log_key: Signer
) -> None:
    assert all(set(line) == {"note"} for line in _lines(signed_store))
    assert verify_store(signed_store, trusted_keys=[log_key.verifier]).findings == ()
    assert verify_store(signed_store).findings == ()
    other = Signer.generate("someone.else")
    both = verify_store(signed_store, trusted_keys=[other.verifier, log_key.verifier])
    assert both.findings == ()  # --trusted-key is repeatable: any one trusted key suffices


def test_rewritten_prose_and_checkpoints_pass_plain_verify_but_not_a_trusted_key(
    signed_store: Path, log_key: Signer
) -> None:
    _rewrite_prose_keep_ids(signed_store)
    _republish(signed_store, None)  # whoever writes the file can rewrite unsigned lines
    assert verify_store(signed_store).ok  # the limit a signature closes (and --replay)
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_UNSIGNED}
    _republish(signed_store, Signer.generate("practiceloop.test/log"))  # the same name
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_UNTRUSTED}
    (finding,) = report.findings
    assert "the trusted key practiceloop.test/log is" in finding.message  # a swapped key


def test_a_missing_checkpoint_file_is_an_error_with_a_trusted_key(
    signed_store: Path, log_key: Signer
) -> None:
    checkpoint_path(signed_store).unlink()
    assert found(verify_store(signed_store)) == {C.CHECKPOINT_MISSING}
    assert verify_store(signed_store).ok  # a warning only
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_REQUIRED} and report.exit_code == 2
    checkpoint_path(signed_store).write_bytes(b"")
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_REQUIRED}


def test_an_unsigned_store_keeps_verifying_and_fails_a_trusted_key(
    store: Path, log_key: Signer
) -> None:
    assert verify_store(store).ok
    report = verify_store(store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_UNSIGNED}
    with EvidenceStore.open(store, create=False) as opened:
        append_checkpoint(opened, signer=log_key)  # sign the head once: read beside the old
    assert [set(line) for line in _lines(store)] == [{"root", "size"}, {"note"}]
    report = verify_store(store, trusted_keys=[log_key.verifier])
    assert subjects(report, C.CHECKPOINT_UNSIGNED) == {"checkpoint[1]"}  # still unvouched
    only(report, {C.CHECKPOINT_UNSIGNED})


def _note(signed_store: Path) -> str:
    (checkpoint,) = read_checkpoints(checkpoint_path(signed_store))
    assert checkpoint.note is not None
    return checkpoint.note


def test_a_changed_root_under_the_old_signature_is_invalid(
    signed_store: Path, log_key: Signer
) -> None:
    note = _note(signed_store)
    origin, size, root, blank, signature = note.split("\n", 4)
    forged_root = base64.b64encode(bytes(32)).decode()
    _write_notes(signed_store, [f"{origin}\n{size}\n{forged_root}\n\n{signature}"])
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_SIGNATURE_INVALID, C.CHECKPOINT_ROOT_MISMATCH}


def test_a_truncated_signature_is_invalid(signed_store: Path, log_key: Signer) -> None:
    note = _note(signed_store)
    head, _, line = note.rpartition("\n\n")
    prefix, _, encoded = line.rstrip("\n").rpartition(" ")
    blob = base64.b64decode(encoded)
    short = base64.b64encode(blob[:40]).decode()
    _write_notes(signed_store, [f"{head}\n\n{prefix} {short}\n"])
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_SIGNATURE_INVALID}


def test_a_second_signature_by_an_unknown_key_is_ignored(
    signed_store: Path, log_key: Signer
) -> None:
    note = _note(signed_store)
    text = note.split("\n\n")[0] + "\n"
    witness = sign_note(text, [Signer.generate("witness.example")]).split("\n\n")[1]
    _write_notes(signed_store, [note + witness])
    assert verify_store(signed_store, trusted_keys=[log_key.verifier]).findings == ()
    report = verify_store(signed_store, trusted_keys=[Signer.generate("nobody").verifier])
    assert found(report) == {C.CHECKPOINT_UNTRUSTED}


def test_a_checkpoint_signed_under_another_origin(signed_store: Path, log_key: Signer) -> None:
    (checkpoint,) = read_checkpoints(checkpoint_path(signed_store))
    text = checkpoint_text("another.log", checkpoint.size, checkpoint.root_bytes)
    _write_notes(signed_store, [sign_note(text, [log_key])])
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINT_ORIGIN_MISMATCH}


@pytest.mark.parametrize("damage", ["extra-line", "reordered", "no-signature", "torn"])
def test_a_malformed_note_cannot_be_read(signed_store: Path, log_key: Signer,
                                         damage: str) -> None:
    note = _note(signed_store)
    text, _, signature = note.partition("\n\n")
    origin, size, root = text.split("\n")
    damaged = {
        "extra-line": f"{text}\nextension\n\n{signature}",
        "reordered": f"{origin}\n{root}\n{size}\n\n{signature}",
        "no-signature": f"{text}\n\n",
        "torn": note[:-1],
    }[damage]
    checkpoint_path(signed_store).write_bytes(
        json.dumps({"note": damaged}, ensure_ascii=False, separators=(",", ":")).encode()
        + b"\n")
    report = verify_store(signed_store, trusted_keys=[log_key.verifier])
    assert found(report) == {C.CHECKPOINTS_UNREADABLE}
    assert "signed note" in report.findings[0].message
