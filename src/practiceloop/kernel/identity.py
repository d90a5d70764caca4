"""Canonical identity: the one place where a payload becomes bytes and a digest.

Every identity in practiceloop is ``sha256(canonical_bytes(payload))`` in full lowercase hex,
where the canonical bytes are exactly (ADR-0229 s13, ADR-0230 s12, loop.md s2)::

    json.dumps(payload, ensure_ascii=False, sort_keys=True,
               separators=(",", ":"), allow_nan=False).encode("utf-8")

after a strict validation of the payload (:func:`validate_payload`). A payload that fails
validation is a bug in the caller (a record declared a field the encoder cannot carry), so it
raises :class:`CanonicalPayloadError`; boundaries never hand unvalidated caller input to this
module.

Accepted payload values: ``str`` (no lone surrogates: they have no UTF-8 form), ``int`` with
``|n| <= 2**53 - 1`` (bools are accepted as JSON booleans, never as ints), ``None``, ``list``
or ``tuple``, and ``dict`` with ``str`` keys; nesting at most :data:`MAX_DEPTH` deep. Floats,
NaN, bytes, sets, subclasses (enum members included) and every other type are refused.

The encoder. A validated payload is encoded by ``orjson`` when it is installed (loop.md s2
allows a faster encoder behind the same validator), else by the standard library's ``json``
exactly as above: :data:`ENCODER` names the one in use. On a validated payload the two give
the same bytes (``tests/kernel/test_identity.py`` proves it on arbitrary payloads and runs the
fallback in a process without ``orjson``). ``orjson`` is the kernel's only non-stdlib import.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import operator
from collections.abc import Callable
from types import ModuleType
from typing import Final, NewType

_orjson: ModuleType | None
try:  # optional: the pure encoder below is the fallback, byte for byte the same
    import orjson as _orjson
except ImportError:  # pragma: no cover - exercised in a subprocess by the identity tests
    _orjson = None

__all__ = [
    "ENCODER",
    "MAX_DEPTH",
    "MAX_SAFE_INT",
    "PROSE_FIELDS",
    "CanonicalPayloadError",
    "Digest",
    "are_digests",
    "canonical_bytes",
    "digest",
    "digest_bytes",
    "has_utf8_form",
    "is_digest",
    "parse_json",
    "sealed_forms",
    "validate_payload",
]

MAX_SAFE_INT: Final = 2**53 - 1
MAX_DEPTH: Final = 32

PROSE_FIELDS: Final = frozenset({"explanation"})
"""Fields that explain a record to a reader and never enter an identity (loop.md s2)."""

Digest = NewType("Digest", str)
"""A 64-character lowercase hex SHA-256 digest: the type of every id in the chain."""


_REFERENCE: Final = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
)


class CanonicalPayloadError(ValueError):
    """A payload that the canonical encoder must not carry (a bug in the caller)."""


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
    """The walk of :func:`validate_payload`: scalars checked inline, containers stacked (an
    iterative walk, so a deep payload cannot exhaust Python's own stack before our bound)."""
    stack: list[tuple[object, int]] = [((payload,), -1)]
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
            elif kind is dict or kind is list or kind is tuple:
                push((item, depth + 1))
            elif kind is not bool and item is not None:
                return False
    return True


def _first_fault(payload: object) -> str:
    """Where and why ``payload`` is not canonical (only for the error message)."""
    stack: list[tuple[object, int, str]] = [(payload, 0, "$")]
    while stack:
        value, depth, where = stack.pop()
        kind = type(value)
        if kind is str and not has_utf8_form(value):
            return f"{where}: text has no UTF-8 form"
        if kind is int and not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:  # type: ignore[operator]
            return f"{where}: int outside +-(2**53 - 1)"
        if kind in (str, int, bool) or value is None:
            continue
        if kind not in (list, tuple, dict):
            return f"{where}: {kind.__name__} is not a canonical type"
        if depth >= MAX_DEPTH:
            return f"{where}: nesting deeper than {MAX_DEPTH}"
        if kind is dict:
            for key, item in value.items():  # type: ignore[attr-defined]
                if type(key) is not str or not has_utf8_form(key):
                    return f"{where}: key {key!r} is not a str with a UTF-8 form"
                stack.append((item, depth + 1, f"{where}.{key}"))
        else:
            for index, item in enumerate(value):  # type: ignore[arg-type]
                stack.append((item, depth + 1, f"{where}[{index}]"))
    return "$: not canonical"


def validate_payload(payload: object) -> None:
    """Raise :class:`CanonicalPayloadError` unless ``payload`` is canonically encodable."""
    if not _is_canonical(payload):
        raise CanonicalPayloadError(_first_fault(payload))


def _reference_bytes(payload: object) -> bytes:
    """The reference encoding of a *validated* payload: the standard library's ``json``."""
    return _REFERENCE.encode(payload).encode("utf-8")


def _fast_bytes(payload: object) -> bytes:
    """``orjson``'s encoding of a *validated* payload; the same bytes as :func:`_reference_bytes`.

    Sorted keys, compact separators, UTF-8 without escaping non-ASCII, the same escapes for
    ``"``, ``\\`` and control characters; the 53-bit integer bound is enforced here too.
    """
    assert _orjson is not None
    data: bytes = _orjson.dumps(payload, option=_orjson.OPT_SORT_KEYS | _orjson.OPT_STRICT_INTEGER)
    return data


_ENCODE: Final[Callable[[object], bytes]] = _reference_bytes if _orjson is None else _fast_bytes

ENCODER: Final = "json" if _orjson is None else "orjson"
"""The encoder behind :func:`canonical_bytes` in this process: ``"orjson"`` or ``"json"``."""


def canonical_bytes(payload: object) -> bytes:
    """Return the canonical UTF-8 JSON bytes of ``payload``; validated first, always."""
    validate_payload(payload)
    return _ENCODE(payload)


def digest_bytes(data: bytes) -> Digest:
    """SHA-256 of already-canonical bytes, full lowercase hex."""
    return Digest(hashlib.sha256(data).hexdigest())


def digest(payload: object) -> Digest:
    """SHA-256 of the canonical bytes of ``payload``."""
    return digest_bytes(canonical_bytes(payload))


def sealed_forms(
    kind: str | None, fields: dict[str, object], id_field: str, id_excluded: bool
) -> tuple[Digest, bytes | None]:
    """A new record's identity and stored bytes, from one validation of its fields' payload.

    ``fields`` is every field's payload (prose included; the id's value is never read). The
    identity is the digest of the fields without prose, with ``id_field`` blanked to ``""``
    (loop.md s2: the self-sealing id) or left out (``id_excluded``: an input digest, ADR-0229
    s13.2); the stored bytes (None for a value type, ``kind`` None) are those of the full form
    ``{"kind": kind, "record": fields}`` with the id set to that digest. Both payloads hold only
    values validated here (and canonical strings), so one validation covers both.
    """
    validate_payload(fields)
    identity = {name: value for name, value in fields.items() if name not in PROSE_FIELDS}
    if id_excluded:
        identity.pop(id_field, None)
    else:
        identity[id_field] = ""
    value = digest_bytes(_ENCODE(identity))
    if kind is None:
        return value, None
    if not has_utf8_form(kind):
        raise CanonicalPayloadError("$.kind: text has no UTF-8 form")
    return value, _ENCODE({"kind": kind, "record": {**fields, id_field: value}})


def parse_json(data: bytes) -> object:
    """Parse JSON bytes (stored bodies), by ``orjson`` when installed, else ``json``.

    Raises ``ValueError`` (``JSONDecodeError``; ``UnicodeDecodeError`` for bytes that are not
    UTF-8) on anything that is not JSON. ``orjson`` also refuses what no canonical body holds
    (a lone surrogate escape, an integer beyond 64 bits); the caller re-encodes what it parsed
    with :func:`canonical_bytes` and compares, so either parser gives the same verdict.
    """
    if _orjson is not None:
        return _orjson.loads(data)
    return json.loads(data)


def _lower_hex(text: str) -> bool:
    """True when ``text`` is lowercase hex digits only, in pairs (one C pass each way:
    ``fromhex`` refuses what is not hex, and ``hex`` writes back only lowercase pairs)."""
    try:
        return bytes.fromhex(text).hex() == text
    except ValueError:  # not hex (a space inside a pair, a letter past f, non-ASCII)
        return False


def is_digest(value: object) -> bool:
    """True for a 64-character lowercase hex string."""
    return type(value) is str and len(value) == 64 and _lower_hex(value)


def are_digests(values: object) -> bool:
    """True for a tuple of digests (each as :func:`is_digest`; the loops run in C)."""
    return (
        type(values) is tuple
        and all(map(operator.is_, map(type, values), itertools.repeat(str)))
        and all(map(operator.eq, map(len, values), itertools.repeat(64)))
        and _lower_hex("".join(values))
    )
