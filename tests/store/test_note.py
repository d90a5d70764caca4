"""Signed notes: the Go / C2SP known answers, then every kind of damage refused or named."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.store.note import (
    Note,
    NoteError,
    NoteSignature,
    Signer,
    Verifier,
    check_signatures,
    is_key_name,
    key_hash,
    parse_note,
    sign_note,
)

VECTOR = (Path(__file__).resolve().parents[2].parent / "shared" / "vectors" / "signed-note"
          / "go-note-example.json")


@pytest.fixture(scope="module")
def go() -> dict[str, Any]:
    """The Go reference example (golang.org/x/mod/sumdb/note), read from ../shared/vectors."""
    assert VECTOR.is_file(), f"signed-note vector missing: {VECTOR} (expected ../shared/vectors)"
    data: dict[str, Any] = json.loads(VECTOR.read_text(encoding="utf-8"))
    return data


# -- known answers --------------------------------------------------------------------------


def test_the_key_hash_is_the_specified_sha256_prefix(go: dict[str, Any]) -> None:
    name, hash_hex, encoded = go["verifier_key"].split("+", 2)
    raw = base64.b64decode(encoded)
    assert raw[0] == 1 and len(raw) == 33
    # Recomputed here from the rule, independently of the module under test.
    expected = hashlib.sha256(name.encode() + b"\n" + raw).digest()[:4].hex()
    assert expected == hash_hex == f"{key_hash(name, raw[1:]):08x}"


def test_a_signer_from_the_go_key_produces_the_go_signature_line(go: dict[str, Any]) -> None:
    signer = Signer.parse(go["signer_key"])
    assert signer.encode() == go["signer_key"]
    assert signer.verifier.encode() == go["verifier_key"]
    note = sign_note(go["text"], [signer])
    assert note == go["note"]
    assert note.removeprefix(go["text"] + "\n") == go["signature_line"]


def test_a_verifier_from_the_go_key_opens_the_go_note(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    parsed = parse_note(go["note"])
    assert parsed.text == go["text"]
    assert parsed.encode() == go["note"]
    verdict = check_signatures(parsed, [verifier])
    assert verdict.verified == (verifier,) and not verdict.invalid and not verdict.unknown


def _flip(text: str, index: int) -> str:
    char = text[index]
    return text[:index] + ("B" if char != "B" else "C") + text[index + 1:]


def test_every_changed_byte_of_the_text_is_refused(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    text, signature = go["text"], go["signature_line"]
    for index in range(len(text) - 1):  # the final newline is structure, tested below
        if text[index] == "\n":
            continue
        parsed = parse_note(_flip(text, index) + "\n" + signature)
        verdict = check_signatures(parsed, [verifier])
        assert not verdict.verified and len(verdict.invalid) == 1, index


def test_every_changed_byte_of_the_signature_is_refused(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    name = "PeterNeumann"
    blob = base64.b64decode(go["signature_line"].split(" ")[2])
    for index in range(len(blob)):
        damaged = bytearray(blob)
        damaged[index] ^= 0x01
        line = f"— {name} {base64.b64encode(bytes(damaged)).decode()}\n"
        verdict = check_signatures(parse_note(go["text"] + "\n" + line), [verifier])
        assert not verdict.verified, index
        if index < 4:  # the key hash: no longer this key's, so an unknown key's signature
            assert verdict.unknown and not verdict.invalid
        else:
            assert verdict.invalid and not verdict.unknown


def test_a_wrong_key_hash_in_the_verifier_key_is_refused(go: dict[str, Any]) -> None:
    name, hash_hex, encoded = go["verifier_key"].split("+", 2)
    wrong = f"{int(hash_hex, 16) ^ 1:08x}"
    with pytest.raises(NoteError, match="hash"):
        Verifier.parse(f"{name}+{wrong}+{encoded}")
    with pytest.raises(NoteError, match="hash"):
        Signer.parse(go["signer_key"].replace(hash_hex, wrong))


def test_a_second_signature_by_an_unknown_key_is_ignored(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    other = Signer.generate("another.example/log")
    extra = sign_note(go["text"], [other]).removeprefix(go["text"] + "\n")
    for note in (go["note"] + extra, go["text"] + "\n" + extra + go["signature_line"]):
        verdict = check_signatures(parse_note(note), [verifier])
        assert verdict.verified == (verifier,)
        assert [s.name for s in verdict.unknown] == ["another.example/log"]


def test_a_repeated_signature_line_counts_once(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    verdict = check_signatures(parse_note(go["note"] + go["signature_line"]), [verifier])
    assert verdict.verified == (verifier,) and not verdict.invalid


def test_signing_with_two_keys_writes_one_line_each() -> None:
    first, second = Signer.generate("a"), Signer.generate("b")
    note = sign_note("hello\n", [first, second])
    verdict = check_signatures(parse_note(note), [first.verifier, second.verifier])
    assert set(verdict.verified) == {first.verifier, second.verifier}


def test_ed25519_signing_is_deterministic() -> None:
    signer = Signer.generate("log")
    assert sign_note("x\n", [signer]) == sign_note("x\n", [signer])
    assert repr(signer) == f"Signer({signer.verifier.key_id})"
    assert signer.encode() not in repr(signer)


# -- malformed notes and keys ---------------------------------------------------------------

_SIG = "— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"  # noqa: E501


@pytest.mark.parametrize(
    ("note", "reason"),
    [
        ("text\n", "no blank line"),
        ("text\n\n", "no signature"),
        ("text\n\n" + _SIG[:-1], "incomplete"),
        ("text\n\n" + _SIG + "extra line\n", "does not start with"),
        ("text\n\n- PeterNeumann AAAAAAAA\n", "does not start with"),
        ("text\n\n— PeterNeumann\n", "not a valid key name|no signature"),
        ("text\n\n— PeterNeumann \n", "no signature"),
        ("text\n\n— Peter+Neumann AAAAAAAA\n", "not a valid key name"),
        ("text\n\n— PeterNeumann AAAA\n", "shorter than"),
        ("text\n\n— PeterNeumann not*base64\n", "base64"),
        ("text\n\n— PeterNeumann AAAAAAA\n", "base64"),
        ("te\x01xt\n\n" + _SIG, "control character"),
        ("te\rxt\n\n" + _SIG, "control character"),
        (b"te\xffxt\n\n" + _SIG.encode(), "not UTF-8"),
        ("text\n\n" + _SIG * 101, "more than 100"),
    ],
    ids=["no-blank", "no-signature", "torn", "extra-line", "ascii-dash", "no-space",
         "empty-signature", "plus-in-name", "truncated", "not-base64", "bad-padding",
         "control", "cr", "not-utf8", "too-many"],
)
def test_malformed_notes_are_refused(note: str | bytes, reason: str) -> None:
    with pytest.raises(NoteError, match=reason):
        parse_note(note)


def test_a_truncated_but_parsable_signature_is_invalid_not_accepted(go: dict[str, Any]) -> None:
    verifier = Verifier.parse(go["verifier_key"])
    blob = base64.b64decode(go["signature_line"].split(" ")[2])
    for keep in (5, 36, 67):
        line = f"— PeterNeumann {base64.b64encode(blob[:keep]).decode()}\n"
        verdict = check_signatures(parse_note(go["text"] + "\n" + line), [verifier])
        assert verdict.invalid and not verdict.verified


@pytest.mark.parametrize(
    "key",
    [
        "", "PeterNeumann", "PeterNeumann+c74f20a3", "Peter Neumann+c74f20a3+AAAA",
        "PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10T",
        "PeterNeumann+c74f20a3+AhpcdkcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy",
    ],
    ids=["empty", "name-only", "no-key", "space", "upper-hash", "bad-base64", "wrong-alg",
         "short-key"],
)
def test_malformed_verifier_keys_are_refused(key: str) -> None:
    with pytest.raises(NoteError):
        Verifier.parse(key)


def test_signing_refuses_what_it_could_not_publish() -> None:
    signer = Signer.generate("log")
    for text in ("no newline", "blank\n\nline\n", "bell\x07\n"):
        with pytest.raises(NoteError):
            sign_note(text, [signer])
    with pytest.raises(NoteError):
        sign_note("x\n", [])
    with pytest.raises(NoteError):
        Signer.generate("has space")


@pytest.mark.parametrize(
    ("name", "valid"),
    [("log", True), ("example.com/log", True), ("", False), ("a+b", False), ("a b", False),
     ("a\u00a0b", False), ("a\u2028b", False), ("a\tb", False), (3, False), ("\ud800", False)],
)
def test_key_names_follow_the_specification(name: object, valid: bool) -> None:
    assert is_key_name(name) is valid


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_parsing_garbage_raises_only_note_errors(data: str | bytes) -> None:
    try:
        note = parse_note(data)
    except NoteError:
        return
    assert type(note) is Note and all(type(s) is NoteSignature for s in note.signatures)


@settings(max_examples=200)
@given(st.text(max_size=200))
def test_parsing_garbage_keys_raises_only_note_errors(text: str) -> None:
    for parse in (Verifier.parse, Signer.parse):
        with contextlib.suppress(NoteError):
            parse(text)
