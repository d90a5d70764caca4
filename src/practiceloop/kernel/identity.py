"""Canonical identity: the one place where a payload becomes bytes and a digest.

Every identity in practiceloop is ``sha256(canonical_bytes(payload))`` in full lowercase hex,
where the canonical bytes are exactly (ADR-0229 s13, ADR-0230 s12, loop.md s2)::

    json.dumps(payload, ensure_ascii=False, sort_keys=True,
               separators=(",", ":"), allow_nan=False).encode("utf-8")

after a strict validation of the payload. A payload that fails validation is a bug in the
caller (a record declared a field the encoder cannot carry), so it raises
:class:`CanonicalPayloadError`; boundaries never hand unvalidated caller input to this module.

Accepted payload values: ``str`` (no lone surrogates: they have no UTF-8 form), ``int`` with
``|n| <= 2**53 - 1`` (bools are accepted as JSON booleans, never as ints), ``None``, ``list``
or ``tuple``, and ``dict`` with ``str`` keys; nesting at most :data:`MAX_DEPTH` deep. Floats,
NaN, bytes, sets and every other type are refused.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Final, NewType

__all__ = [
    "MAX_DEPTH",
    "MAX_SAFE_INT",
    "CanonicalPayloadError",
    "Digest",
    "canonical_bytes",
    "digest",
    "digest_bytes",
    "digest_fields",
    "encode_checked",
    "has_utf8_form",
    "is_digest",
    "seal",
    "validate_payload",
]

MAX_SAFE_INT: Final = 2**53 - 1
MAX_DEPTH: Final = 32

Digest = NewType("Digest", str)
"""A 64-character lowercase hex SHA-256 digest: the type of every id in the chain."""

_HEX: Final = frozenset("0123456789abcdef")

_ENCODER: Final = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
)


class CanonicalPayloadError(ValueError):
    """A payload that the canonical encoder must not carry (a bug in the caller)."""


def _scalar_ok(value: object, kind: type) -> bool | None:
    """True/False for a scalar's validity; None when ``value`` is a container (or foreign)."""
    if kind is str:
        return has_utf8_form(value)
    if kind is int:
        return -MAX_SAFE_INT <= value <= MAX_SAFE_INT  # type: ignore[operator]
    if kind is bool or value is None:
        return True
    return None


def has_utf8_form(value: object) -> bool:
    """True for an exact ``str`` that UTF-8 can encode (no lone surrogates); never raises.

    The one text rule of the canonical encoding, shared by the record field checks and the
    store's SQLite bindings.
    """
    if type(value) is not str:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_canonical(payload: object) -> bool:
    """The hot path of :func:`validate_payload`: no messages, scalars checked inline."""
    stack: list[tuple[object, int]] = [([payload], -1)]
    pop, push = stack.pop, stack.append
    low, high = -MAX_SAFE_INT, MAX_SAFE_INT
    while stack:
        value, depth = pop()
        if depth >= MAX_DEPTH:
            return False
        if type(value) is dict:
            for key in value:
                if type(key) is not str or not (key.isascii() or has_utf8_form(key)):
                    return False
            children = value.values()
        else:
            children = value  # type: ignore[assignment]
        for item in children:
            kind = type(item)
            if kind is str:
                if not (item.isascii() or has_utf8_form(item)):
                    return False
            elif kind is int:
                if not low <= item <= high:
                    return False
            elif kind is bool or item is None:
                continue
            elif kind is dict or kind is list or kind is tuple:
                push((item, depth + 1))
            else:
                return False
    return True


def _first_fault(payload: object) -> str:
    """Where and why ``payload`` is not canonical (slow path, only for the error message)."""
    stack: list[tuple[object, int, str]] = [(payload, 0, "$")]
    while stack:
        value, depth, where = stack.pop()
        kind = type(value)
        scalar = _scalar_ok(value, kind)
        if scalar is True:
            continue
        if scalar is False:
            if kind is int:
                return f"{where}: int outside +-(2**53 - 1)"
            return f"{where}: text has no UTF-8 form"
        if kind not in (list, tuple, dict):
            return f"{where}: {kind.__name__} is not a canonical type"
        if depth >= MAX_DEPTH:
            return f"{where}: nesting deeper than {MAX_DEPTH}"
        if kind is dict:
            for key, item in value.items():  # type: ignore[attr-defined]
                if type(key) is not str:
                    return f"{where}: key {key!r} is not a str"
                if not _scalar_ok(key, str):
                    return f"{where}: key has no UTF-8 form"
                stack.append((item, depth + 1, f"{where}.{key}"))
        else:
            for index, item in enumerate(value):  # type: ignore[arg-type]
                stack.append((item, depth + 1, f"{where}[{index}]"))
    return "$: not canonical"


def validate_payload(payload: object) -> None:
    """Raise :class:`CanonicalPayloadError` unless ``payload`` is canonically encodable.

    The walk is iterative, so a deep payload cannot exhaust Python's own stack before our bound.
    """
    if not _is_canonical(payload):
        raise CanonicalPayloadError(_first_fault(payload))


def canonical_bytes(payload: object) -> bytes:
    """Return the canonical UTF-8 JSON bytes of a validated payload."""
    validate_payload(payload)
    return _ENCODER.encode(payload).encode("utf-8")


def encode_checked(payload: object) -> bytes:
    """The canonical bytes of a payload already known to pass :func:`validate_payload`.

    For payloads built from a well-formed record's fields (record.py), which its constructor
    held to these same rules leaf by leaf; the encoding is the same as :func:`canonical_bytes`,
    only the repeated walk is skipped. Anything else goes through :func:`canonical_bytes`.
    """
    return _ENCODER.encode(payload).encode("utf-8")


def digest_bytes(data: bytes) -> Digest:
    """SHA-256 of already-canonical bytes, full lowercase hex."""
    return Digest(hashlib.sha256(data).hexdigest())


def digest(payload: object) -> Digest:
    """SHA-256 of the canonical bytes of ``payload``."""
    return digest_bytes(canonical_bytes(payload))


_FLAT: Final = (str, int, bool, type(None))


def _flat(value: object) -> bool:
    kind = type(value)
    if kind is tuple:
        return all(type(item) is str for item in value)  # type: ignore[attr-defined]
    return kind in _FLAT


@functools.lru_cache(maxsize=4096)
def _flat_digest(key: tuple[tuple[str, type, object], ...]) -> Digest:
    return digest({name: list(value) if kind is tuple else value for name, kind, value in key})  # type: ignore[call-overload]


def digest_fields(**fields: object) -> Digest:
    """``digest(fields)`` of a flat payload, with tuples as lists; remembered for equal fields.

    Input digests (gate, run, binding) are recomputed at every boundary that checks them, from
    the same few ids. A flat payload (values ``str``, ``int``, ``bool``, ``None`` or tuples of
    ``str``) is remembered by its exact values *and types* (``True`` is never taken for ``1``);
    anything else is encoded afresh, and validated (raising) as :func:`digest` does.
    """
    if all(_flat(value) for value in fields.values()):
        return _flat_digest(tuple((name, type(v), v) for name, v in fields.items()))
    return digest({name: list(v) if type(v) is tuple else v for name, v in fields.items()})


def seal(payload: dict[str, object], id_field: str) -> Digest:
    """Self-sealing id: the digest of ``payload`` with ``id_field`` present and set to ``""``."""
    sealed = dict(payload)
    sealed[id_field] = ""
    return digest(sealed)


def is_digest(value: object) -> bool:
    """True for a 64-character lowercase hex string."""
    return type(value) is str and len(value) == 64 and _HEX.issuperset(value)
