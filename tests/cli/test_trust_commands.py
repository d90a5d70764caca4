"""The signed path end to end on the command line: key, run --sign-key, checkpoint, verify
--trusted-key / --replay, export and verify --attestation; bad key files are clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from practiceloop.store.note import Verifier, check_signatures, parse_note
from tests.audit.planting import AUTHORED, copy_store, logged

from .conftest import invoke


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("keys")
    result = invoke("key", "generate", "--name", "test-log", "--out", out)
    assert result.exit_code == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory, keys: Path) -> Path:
    path = tmp_path_factory.mktemp("signed") / "store.sqlite"
    result = invoke("run", AUTHORED, "--store", path, "--engine", "inprocess", "--sign-key",
                    keys / "test-log.key", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["checkpoint"]["signed_by"] == "test-log"
    return path


def test_key_generate_prints_and_writes_the_verifier_key(keys: Path) -> None:
    public = (keys / "test-log.pub").read_text().strip()
    Verifier.parse(public)
    assert (keys / "test-log.key").stat().st_mode & 0o777 == 0o600
    again = invoke("key", "generate", "--name", "test-log", "--out", keys)
    assert again.exit_code == 73 and "never overwritten" in again.stderr
    bad = invoke("key", "generate", "--name", "has space", "--out", keys)
    assert bad.exit_code == 65 and "Traceback" not in bad.stderr


def test_checkpoint_prints_the_signed_note_a_verifier_opens(signed: Path, keys: Path) -> None:
    result = invoke("checkpoint", "--store", signed)
    assert result.exit_code == 0
    note = parse_note(result.stdout)
    verifier = Verifier.parse((keys / "test-log.pub").read_text().strip())
    assert check_signatures(note, [verifier]).verified == (verifier,)
    origin, size, _ = note.text.split("\n", 2)
    assert origin == "test-log" and int(size) > 0
    as_json = json.loads(invoke("checkpoint", "--store", signed, "--json").stdout)
    assert as_json["note"] == result.stdout and as_json["origin"] == "test-log"


def test_checkpoint_of_an_unsigned_store_then_signed(store: Path, keys: Path) -> None:
    unsigned = invoke("checkpoint", "--store", store)
    assert unsigned.exit_code == 0 and "unsigned" in unsigned.stderr
    assert set(json.loads(unsigned.stdout)) == {"root", "size"}
    signed = invoke("checkpoint", "--store", store, "--sign-key", keys / "test-log.key")
    assert signed.exit_code == 0 and parse_note(signed.stdout).text.startswith("test-log\n")
    missing = invoke("checkpoint", "--store", store.with_name("absent.sqlite"))
    assert missing.exit_code == 66


def test_verify_with_the_trusted_key_and_replay(signed: Path, keys: Path) -> None:
    result = invoke("verify", "--store", signed, "--trusted-key", keys / "test-log.pub",
                    "--replay", "--engine", "inprocess", "--json")
    assert result.exit_code == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["replayed"] >= 5
    assert {f["id"] for f in report["findings"]} <= {"PL705"}  # the text the reader refuses


def test_verify_with_a_key_that_did_not_sign(tmp_path: Path, signed: Path) -> None:
    other = invoke("key", "generate", "--name", "other", "--out", tmp_path)
    assert other.exit_code == 0
    result = invoke("verify", "--store", signed, "--trusted-key", tmp_path / "other.pub")
    assert result.exit_code == 1 and "PL510 checkpoint-untrusted" in result.stdout


@pytest.mark.parametrize(("content", "code", "words"), [
    (None, 66, "no such key file"),
    ("not a key\n", 65, "not a verifier key"),
    ("PRIVATE+KEY+x+00000000+AAAA\n", 65, "private signer key"),
], ids=["missing", "garbage", "private"])
def test_a_trusted_key_file_that_is_not_a_key(tmp_path: Path, signed: Path,
                                              content: str | None, code: int, words: str) -> None:
    path = tmp_path / "k.pub"
    if content is not None:
        path.write_text(content)
    result = invoke("verify", "--store", signed, "--trusted-key", path)
    assert result.exit_code == code and words in result.stderr
    assert "Traceback" not in result.stderr


def test_run_refuses_a_sign_key_that_is_not_one(tmp_path: Path, keys: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--engine", "inprocess",
                    "--sign-key", keys / "test-log.pub")
    assert result.exit_code == 65 and "cannot sign" in result.stderr
    assert not (tmp_path / "s.sqlite").exists()  # refused before any work


def test_a_missing_checkpoint_file_fails_with_a_trusted_key(
    tmp_path: Path, signed: Path, keys: Path
) -> None:
    copy = copy_store(signed, tmp_path / "store.sqlite")
    Path(f"{copy}.checkpoints").unlink()
    plain = invoke("verify", "--store", copy)
    assert plain.exit_code == 0 and "PL507" in plain.stdout
    trusted = invoke("verify", "--store", copy, "--trusted-key", keys / "test-log.pub")
    assert trusted.exit_code == 2 and "PL508 checkpoint-required" in trusted.stdout


def test_an_attestation_exported_then_verified_offline(
    tmp_path: Path, signed: Path, keys: Path
) -> None:
    trace = logged(signed, "sealed_practice_trace")[0][1]
    out = tmp_path / "trace.intoto.json"
    result = invoke("export", "--store", signed, "--trace", trace, "--attestation", out,
                    "--sign-key", keys / "test-log.key")
    assert result.exit_code == 0, result.stderr
    verified = invoke("verify", "--attestation", out, "--trusted-key", keys / "test-log.pub")
    assert verified.exit_code == 0, verified.stdout
    no_key = invoke("verify", "--attestation", out)
    assert no_key.exit_code == 64 and "--trusted-key" in no_key.stderr
    document = json.loads(out.read_bytes())
    document["payloadType"] = "application/json"
    out.write_text(json.dumps(document))
    wrong = invoke("verify", "--attestation", out, "--trusted-key", keys / "test-log.pub")
    assert wrong.exit_code == 1 and "PL802 attestation-payload-type" in wrong.stdout


def test_export_attestation_errors_are_clear(built_store: Path, tmp_path: Path,
                                             keys: Path) -> None:
    trace = logged(built_store, "sealed_practice_trace")[0][1]
    out = tmp_path / "a.json"
    unsigned = invoke("export", "--store", built_store, "--trace", trace, "--attestation", out)
    assert unsigned.exit_code == 65 and "no signed checkpoint" in unsigned.stderr
    assert not out.exists()
    lonely = invoke("export", "--store", built_store, "--sign-key", keys / "test-log.key")
    assert lonely.exit_code == 64
    both = invoke("export", "--store", built_store, "--trace", trace, "--attestation", out,
                  "--bundle", tmp_path / "b")
    assert both.exit_code == 64


def test_trust_options_that_do_not_combine(tmp_path: Path, keys: Path) -> None:
    bundle = invoke("verify", "--bundle", tmp_path / "b", "--trusted-key", keys / "test-log.pub")
    assert bundle.exit_code == 64 and "not a bundle" in bundle.stderr
    replay = invoke("verify", "--bundle", tmp_path / "b", "--replay")
    assert replay.exit_code == 64 and "--replay" in replay.stderr
