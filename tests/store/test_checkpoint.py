"""Checkpoints: published log heads, strict reading, consistency on append."""

from __future__ import annotations

import base64
import contextlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from practiceloop.store import (
    Checkpoint,
    CheckpointError,
    CheckpointFormatError,
    CheckpointMismatchError,
    EvidenceStore,
    StoreIOError,
    append_checkpoint,
    check_checkpoints,
    checkpoint_path,
    read_checkpoints,
)
from practiceloop.store.checkpoint import checkpoint_text, parse_checkpoint_text
from practiceloop.store.merkle import EMPTY_ROOT
from practiceloop.store.note import NoteError, Signer, check_signatures, parse_note

from .conftest import MakeObject, make_object

ROOT = "ab" * 32


def test_checkpoints_are_appended_as_canonical_lines(filled: EvidenceStore) -> None:
    path = checkpoint_path(filled.path)
    assert path == Path(f"{filled.path}.checkpoints")
    first = append_checkpoint(filled)
    assert first == Checkpoint(37, filled.log_root().hex())
    assert path.read_bytes() == b'{"root":"%s","size":37}\n' % first.root.encode()
    assert append_checkpoint(filled) == first  # an unchanged head writes nothing
    assert path.read_bytes().count(b"\n") == 1
    filled.append([make_object(n) for n in range(37, 50)])
    second = append_checkpoint(filled)
    assert read_checkpoints(path) == [first, second]
    assert check_checkpoints(filled, [first, second]) == []


def test_an_empty_store_can_be_checkpointed_then_extended(store: EvidenceStore) -> None:
    empty = append_checkpoint(store)
    assert empty == Checkpoint(0, EMPTY_ROOT.hex())
    store.append([make_object(1)])
    assert append_checkpoint(store).size == 1
    assert len(read_checkpoints(checkpoint_path(store.path))) == 2


def test_a_checkpoint_is_fsynced(filled: EvidenceStore, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fsync

    def recording_fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    append_checkpoint(filled)
    assert len(synced) == 2  # the file, then (being new) its directory


def test_an_explicit_path_is_honoured(filled: EvidenceStore, tmp_path: Path) -> None:
    elsewhere = tmp_path / "published" / "heads.jsonl"
    elsewhere.parent.mkdir()
    append_checkpoint(filled, elsewhere)
    assert read_checkpoints(elsewhere)[0].size == 37
    assert read_checkpoints(tmp_path / "absent") == []


def test_a_rolled_back_store_cannot_be_checkpointed(
    filled: EvidenceStore, tmp_path: Path, obj: MakeObject
) -> None:
    published = tmp_path / "published.checkpoints"
    head = append_checkpoint(filled, published)
    with EvidenceStore.open(tmp_path / "older.sqlite", create=True) as older:
        older.append([obj(n) for n in range(20)])
        with pytest.raises(CheckpointMismatchError, match="rolled back"):
            append_checkpoint(older, published)
        [finding] = check_checkpoints(older, [head])
        assert finding.code == "checkpoint.beyond-log"
        assert "holds 20" in finding.message


def test_a_rewritten_store_of_the_same_size_cannot_be_checkpointed(
    filled: EvidenceStore, tmp_path: Path, obj: MakeObject
) -> None:
    published = tmp_path / "published.checkpoints"
    head = append_checkpoint(filled, published)
    with EvidenceStore.open(tmp_path / "forged.sqlite", create=True) as forged:
        forged.append([obj(n) for n in range(36)] + [obj(1000)])
        forged.append([obj(1001)])
        with pytest.raises(CheckpointMismatchError, match="no longer extends"):
            append_checkpoint(forged, published)
        [finding] = check_checkpoints(forged, [head])
        assert finding.code == "checkpoint.root-mismatch"
        assert head.root in finding.message
    assert read_checkpoints(published) == [head]  # nothing was written


def test_a_forged_empty_checkpoint_is_refused(store: EvidenceStore, tmp_path: Path) -> None:
    published = tmp_path / "c"
    published.write_bytes(Checkpoint(0, ROOT).to_line())
    with pytest.raises(CheckpointMismatchError, match="empty root"):
        append_checkpoint(store, published)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"root":"%s","size":3}' % ROOT.encode(), "incomplete"),
        (b"size=3\n", "not JSON"),
        (b"[3]\n", "not a JSON object"),
        (b'{"root":"%s","size":3,"signer":"me"}\n' % ROOT.encode(), r"unknown \['signer'\]"),
        (b'{"size":3}\n', r"missing \['root'\]"),
        (b'{"root":"%s","size":true}\n' % ROOT.encode(), "size must be an int"),
        (b'{"root":"%s","size":-1}\n' % ROOT.encode(), "size must be an int"),
        (b'{"root":"%s","size":3.0}\n' % ROOT.encode(), "size must be an int"),
        (b'{"root":"%s","size":3}\n' % ROOT.upper().encode(), "root must be 64 lowercase"),
        (b'{"root":"abcd","size":3}\n', "root must be 64 lowercase"),
        (b'{"size":3,"root":"%s"}\n' % ROOT.encode(), "not canonical"),
        (b'{"root": "%s", "size": 3}\n' % ROOT.encode(), "not canonical"),
        (b'{"root":"%s","size":3}\r\n' % ROOT.encode(), "not JSON|not canonical"),
        (b"\n", "not JSON"),
    ],
    ids=["torn", "not-json", "array", "unknown-key", "missing-key", "bool-size", "negative",
         "float", "upper-hex", "short-root", "key-order", "spaces", "crlf", "blank-line"],
)
def test_reading_is_strict(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "c"
    path.write_bytes(Checkpoint(1, ROOT).to_line() + content)
    with pytest.raises(CheckpointFormatError, match=reason) as caught:
        read_checkpoints(path)
    assert caught.value.line == 2


@pytest.mark.parametrize(
    ("second", "reason"),
    [(Checkpoint(4, ROOT), "goes back"), (Checkpoint(5, "cd" * 32), "two different roots")],
)
def test_reading_refuses_a_history_that_goes_back(
    tmp_path: Path, second: Checkpoint, reason: str
) -> None:
    path = tmp_path / "c"
    path.write_bytes(Checkpoint(5, ROOT).to_line() + second.to_line())
    with pytest.raises(CheckpointMismatchError, match=reason):
        read_checkpoints(path)


def test_an_unwritable_checkpoint_file_gives_store_io_error(
    filled: EvidenceStore, tmp_path: Path
) -> None:
    (tmp_path / "dir").mkdir()
    with pytest.raises(StoreIOError):
        append_checkpoint(filled, tmp_path / "dir")


@pytest.mark.parametrize(
    ("size", "root"),
    [(-1, ROOT), (True, ROOT), (2**53, ROOT), (1, ROOT.upper()), (1, "ab"), (1, b"x" * 32)],
)
def test_checkpoint_values_are_validated(size: object, root: object) -> None:
    with pytest.raises(ValueError):
        Checkpoint(size, root)  # type: ignore[arg-type]


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_reading_garbage_raises_only_checkpoint_errors(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz"
    path.write_bytes(data)
    with contextlib.suppress(CheckpointError):
        read_checkpoints(path)


# -- signed checkpoints (C2SP tlog-checkpoint in a C2SP signed note) -------------------------


def test_a_signed_checkpoint_is_a_tlog_checkpoint_in_a_signed_note(filled: EvidenceStore) -> None:
    signer = Signer.generate("example.org/log")
    head = append_checkpoint(filled, signer=signer)
    root = filled.log_root()
    assert (head.size, head.root, head.origin) == (37, root.hex(), "example.org/log")
    assert head.note is not None
    text = f"example.org/log\n37\n{base64.b64encode(root).decode()}\n"
    assert head.note.startswith(text + "\n— example.org/log ")
    note = parse_note(head.note)
    assert note.text == text
    assert check_signatures(note, [signer.verifier]).verified == (signer.verifier,)
    line = checkpoint_path(filled.path).read_bytes()
    assert line == b'{"note":' + json.dumps(head.note, ensure_ascii=False).encode() + b"}\n"
    assert read_checkpoints(checkpoint_path(filled.path)) == [head]


def test_signing_an_unchanged_head_again_writes_nothing(filled: EvidenceStore) -> None:
    signer = Signer.generate("log")
    first = append_checkpoint(filled, signer=signer)
    assert append_checkpoint(filled, signer=signer) == first
    assert append_checkpoint(filled) == first  # an unsigned run over a signed head: nothing
    assert len(read_checkpoints(checkpoint_path(filled.path))) == 1


def test_an_unsigned_store_is_read_beside_and_signed_after(filled: EvidenceStore) -> None:
    unsigned = append_checkpoint(filled)
    signer = Signer.generate("log")
    signed = append_checkpoint(filled, signer=signer)  # the same head, now signed
    assert signed.same_head(unsigned) and signed != unsigned and signed.note is not None
    other = append_checkpoint(filled, signer=Signer.generate("witness"))
    filled.append([make_object(n) for n in range(37, 40)])
    later = append_checkpoint(filled, signer=signer)
    assert read_checkpoints(checkpoint_path(filled.path)) == [unsigned, signed, other, later]
    assert check_checkpoints(filled, [unsigned, signed, other, later]) == []


def test_the_checkpoint_text_round_trips() -> None:
    root = bytes(range(32))
    text = checkpoint_text("log", 5, root)
    assert text == f"log\n5\n{base64.b64encode(root).decode()}\n"
    assert parse_checkpoint_text(text) == ("log", 5, root)


_B64_ROOT = base64.b64encode(bytes(32)).decode()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f"log\n5\n{_B64_ROOT}", "newline"),
        (f"log\n5\n{_B64_ROOT}\nextension\n", "4 lines"),
        (f"5\nlog\n{_B64_ROOT}\n", "size line"),
        (f"log\n{_B64_ROOT}\n5\n", "size line"),
        (f"log\n05\n{_B64_ROOT}\n", "leading zeros"),
        (f"log\n+5\n{_B64_ROOT}\n", "size line"),
        (f"log\n\u0665\n{_B64_ROOT}\n", "size line"),
        (f"log\n{2**53}\n{_B64_ROOT}\n", "beyond"),
        (f"log\n5\n{base64.b64encode(bytes(31)).decode()}\n", "32-byte"),
        ("log\n5\nnot-base64\n", "base64"),
        (f"my log\n5\n{_B64_ROOT}\n", "origin"),
    ],
    ids=["no-newline", "extra-line", "reordered", "swapped", "leading-zero", "sign",
         "arabic-digit", "too-big", "short-root", "not-base64", "space-in-origin"],
)
def test_checkpoint_texts_are_strict(text: str, reason: str) -> None:
    with pytest.raises(NoteError, match=reason):
        parse_checkpoint_text(text)


def _signed_line(text: str, signer: Signer) -> bytes:
    from practiceloop.store.note import sign_note

    return b'{"note":' + json.dumps(sign_note(text, [signer]), ensure_ascii=False).encode() + b"}\n"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"note":"log\\n1\\n"}\n', "the signed note"),
        (b'{"note":3}\n', "the signed note"),
        (b'{"note":"x","size":1}\n', "unknown"),
        ("extra", "4 lines"),
        ("reorder", "size line"),
    ],
    ids=["no-signature", "not-text", "note-and-size", "extra-line", "reordered-lines"],
)
def test_a_malformed_signed_line_is_refused(tmp_path: Path, content: bytes | str,
                                            reason: str) -> None:
    signer = Signer.generate("log")
    if content == "extra":
        content = _signed_line(f"log\n1\n{_B64_ROOT}\nmore\n", signer)
    elif content == "reorder":
        content = _signed_line(f"log\n{_B64_ROOT}\n1\n", signer)
    assert isinstance(content, bytes)
    path = tmp_path / "c"
    path.write_bytes(Checkpoint(1, ROOT).to_line() + content)
    with pytest.raises(CheckpointFormatError, match=reason) as caught:
        read_checkpoints(path)
    assert caught.value.line == 2


def test_a_note_must_state_the_checkpoint_it_is_filed_as() -> None:
    signer = Signer.generate("log")
    signed = Checkpoint.signed(3, bytes(32), signer)
    with pytest.raises(ValueError, match="another size or root"):
        Checkpoint(4, signed.root, signed.note)
    assert Checkpoint.from_note(signed.note or "") == signed
