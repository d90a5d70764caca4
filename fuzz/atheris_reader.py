"""Coverage-guided fuzzing (atheris) of the reader and the canonical validator.

Complements the Hypothesis suites in ``tests/reliability``: libFuzzer mutates raw bytes and
keeps the inputs that reach new code in the reader's tokenizer and rules, and in the canonical
validator's walk. Not part of ``make test`` (it runs until stopped); run it on demand::

    pip install atheris
    PYTHONPATH=src python fuzz/atheris_reader.py -max_total_time=600 [CORPUS_DIR]

Each input is split by its first byte into one of three targets:

* the reader: any text (surrogates included) gives a frame whose id reproduces and whose
  source is the text, or a ``ReaderRefusal`` for a text with no UTF-8 form; never an exception;
* the orchestrator: ``practice(text)`` never raises and every record it returns is sealed;
* the canonical validator: a JSON document (NaN, huge ints, deep nesting allowed) is accepted
  exactly when loop.md s2 accepts it, with exactly the reference bytes (``json.dumps`` with the
  spec's options, written out here); otherwise ``CanonicalPayloadError`` and nothing else.

A failure raises, so libFuzzer stops and writes the crashing input (``crash-*``) to replay.
"""

from __future__ import annotations

import json
import sys

import atheris

with atheris.instrument_imports():
    from practiceloop.arith.reader import ReaderRefusal, read
    from practiceloop.loop.episode import practice
    from practiceloop.kernel.frame import ProblemFrame
    from practiceloop.kernel.identity import MAX_DEPTH, CanonicalPayloadError, canonical_bytes
    from practiceloop.kernel.record import is_authentic, is_well_formed

_SAFE = 2**53 - 1


def _reference(payload: object, depth: int = 0) -> bool:
    """loop.md s2's accepted payloads, written out again."""
    if depth > MAX_DEPTH:
        return False
    if payload is None or type(payload) is bool:
        return True
    if type(payload) is int:
        return -_SAFE <= payload <= _SAFE
    if type(payload) is str:
        try:
            payload.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if type(payload) in (list, tuple):
        return all(_reference(v, depth + 1) for v in payload)  # type: ignore[attr-defined]
    if type(payload) is dict:
        return all(type(k) is str and _reference(k, depth) and _reference(v, depth + 1)
                   for k, v in payload.items())  # type: ignore[attr-defined]
    return False


def _check_reader(text: str) -> None:
    result = read(text)
    if type(result) is ReaderRefusal:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return
        raise AssertionError(f"a readable text was refused: {text!r}")
    assert is_authentic(result, ProblemFrame), f"unsealed frame for {text!r}"
    assert result.source_text == text


def _check_practice(text: str) -> None:
    for item in practice(text).records:
        assert is_well_formed(item, type(item)), f"unsealed {type(item).__name__} for {text!r}"


def _check_canonical(data: bytes) -> None:
    try:
        payload = json.loads(data)
    except (ValueError, RecursionError):
        return
    valid = _reference(payload)
    try:
        encoded = canonical_bytes(payload)
    except CanonicalPayloadError:
        assert not valid, f"refused a valid payload: {data!r}"
        return
    assert valid, f"accepted an invalid payload: {data!r}"
    expected = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                          allow_nan=False).encode("utf-8")
    assert encoded == expected, f"bytes differ for {data!r}"


def test_one_input(data: bytes) -> None:
    if not data:
        return
    target, rest = data[0] % 3, data[1:]
    provider = atheris.FuzzedDataProvider(rest)
    if target == 0:
        _check_reader(provider.ConsumeUnicode(len(rest)))
    elif target == 1:
        _check_practice(provider.ConsumeUnicodeNoSurrogates(len(rest)))
    else:
        _check_canonical(rest)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
