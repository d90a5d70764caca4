"""Key files: generated with the right modes, never overwritten, read back strictly."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from practiceloop.store.keys import KeyFileError, generate_key, read_signer, read_verifier
from practiceloop.store.note import Verifier

from .test_note import VECTOR


def test_generate_writes_a_private_and_a_public_key(tmp_path: Path) -> None:
    secret, public, signer = generate_key("example.org-log", tmp_path / "keys")
    assert secret == tmp_path / "keys" / "example.org-log.key"
    assert public == tmp_path / "keys" / "example.org-log.pub"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert stat.S_IMODE(public.stat().st_mode) == 0o644
    assert public.read_text() == signer.verifier.encode() + "\n"
    assert read_signer(secret).verifier == signer.verifier == read_verifier(public)
    name, hash_hex, _ = public.read_text().strip().split("+", 2)
    assert name == "example.org-log" and len(hash_hex) == 8


def test_a_key_file_is_never_overwritten(tmp_path: Path) -> None:
    secret, _, signer = generate_key("log", tmp_path)
    before = secret.read_bytes()
    with pytest.raises(KeyFileError, match="already exists") as caught:
        generate_key("log", tmp_path)
    assert caught.value.exists and secret.read_bytes() == before
    assert read_signer(secret).verifier == signer.verifier


@pytest.mark.parametrize("name", ["", "a b", "a+b", "../evil", "a/b", ".hidden", "tab\t"])
def test_unusable_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(KeyFileError, match="usable key name"):
        generate_key(name, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_go_keys_read_from_files(tmp_path: Path) -> None:
    vector = json.loads(VECTOR.read_text(encoding="utf-8"))
    (tmp_path / "go.key").write_text(vector["signer_key"] + "\n")
    (tmp_path / "go.pub").write_text(vector["verifier_key"])  # no newline: also one line
    assert read_signer(tmp_path / "go.key").verifier == read_verifier(tmp_path / "go.pub")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "exactly one line"),
        (b"\n", "exactly one line"),
        (b"a\nb\n", "exactly one line"),
        (b"\xff\xfe", "not UTF-8"),
        (b"-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI\n", "exactly one line"),
        (b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\n", "not a verifier key"),
        (b"x" * 5000, "too large"),
    ],
    ids=["empty", "blank", "two-lines", "binary", "pem", "ssh", "large"],
)
def test_a_file_that_is_not_a_key_is_refused(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "k"
    path.write_bytes(content)
    with pytest.raises(KeyFileError, match=reason):
        read_verifier(path)
    with pytest.raises(KeyFileError):
        read_signer(path)


def test_the_two_kinds_are_not_confused(tmp_path: Path) -> None:
    secret, public, _ = generate_key("log", tmp_path)
    with pytest.raises(KeyFileError, match="private signer key"):
        read_verifier(secret)
    with pytest.raises(KeyFileError, match="cannot sign"):
        read_signer(public)


def test_a_missing_key_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(KeyFileError, match="no such key file") as caught:
        read_verifier(tmp_path / "absent.pub")
    assert caught.value.missing


def test_a_wrong_key_hash_is_refused(tmp_path: Path) -> None:
    _, public, signer = generate_key("log", tmp_path)
    wrong = Verifier(signer.name, signer.verifier.hash ^ 1, signer.verifier.public_key)
    public.write_text(wrong.encode() + "\n")
    with pytest.raises(KeyFileError, match="hash"):
        read_verifier(public)
