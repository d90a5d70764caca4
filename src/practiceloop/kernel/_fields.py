"""Record fields: what a declared annotation means for checking, payloads and encoding.

:mod:`practiceloop.kernel.record` compiles each record class's annotations once, through the
functions here, into per-field checkers (exact types, canonical ranges), converters (how a
value enters a payload) and decoders (how stored JSON comes back), asks whether the class's
payloads are canonical by construction (:func:`payload_depth`) and free of prose
(:func:`prose_free`), and lays out a stored record's fields for :func:`sealed_forms`, which
encodes a new record once for both its identity and its stored form. Nothing here holds
state: the record module passes in what it alone owns (the constructor's seal, how a nested
record becomes a payload, how a record is rebuilt from JSON).
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
import types
import typing
from collections.abc import Callable
from typing import Any, Final

from practiceloop.kernel.identity import (
    MAX_DEPTH,
    MAX_SAFE_INT,
    Digest,
    encode_checked,
    has_utf8_form,
    is_digest,
)

__all__ = [
    "EVIDENT_DEPTH",
    "PROSE_FIELDS",
    "Checker",
    "Converter",
    "Getter",
    "LayoutPart",
    "NestedPayload",
    "RecordError",
    "SealFlag",
    "SealingLayout",
    "compile_checker",
    "compile_converter",
    "decode_value",
    "payload_depth",
    "prose_free",
    "sealed_forms",
    "sealing_layout",
]

PROSE_FIELDS: Final = frozenset({"explanation"})
"""Fields that explain a record to a reader and never enter its identity payload."""

class RecordError(TypeError):
    """A record was constructed with a value of the wrong type or out of range."""


Checker = Callable[[object], bool]
Getter = Callable[[object], object]
Converter = Callable[[object], object]
# How a nested record enters its parent's payload: (value, its class) -> its payload.
NestedPayload = Callable[[object, type], object]
# The constructor's seal of a record: returns True, raises AttributeError when never set.
SealFlag = Callable[[object], object]

# A record payload nested deeper than this is encoded through the full validation walk.
EVIDENT_DEPTH: Final = MAX_DEPTH // 2
_UNBOUNDED: Final = MAX_DEPTH + 1


def _int_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SAFE_INT


def _all_of_type(values: tuple[object, ...], kind: type) -> bool:
    return all(map(operator.is_, map(type, values), itertools.repeat(kind)))


def _texts_ok(value: object) -> bool:
    """A tuple of str, each with a UTF-8 form (the loops run in C for the common ASCII case)."""
    if type(value) is not tuple or not _all_of_type(value, str):
        return False
    return all(map(str.isascii, value)) or all(map(has_utf8_form, value))


def _is_record(annotation: object) -> bool:
    return isinstance(annotation, type) and hasattr(annotation, "__record_decl__")


def _one_record(kind: type, seal: SealFlag) -> Checker:
    def check(value: object) -> bool:
        if type(value) is not kind:
            return False
        try:
            return seal(value) is True
        except AttributeError:  # built around its constructor
            return False

    return check


def _record_tuple(kind: type, seal: SealFlag) -> Checker:
    """A tuple of well-formed ``kind`` records (C-level loops, no call per item)."""

    def check(value: object) -> bool:
        if type(value) is not tuple or not _all_of_type(value, kind):
            return False
        try:
            return all(map(seal, value))
        except AttributeError:  # an item built around its constructor
            return False

    return check


def compile_checker(annotation: object, seal: SealFlag) -> Checker:
    """Turn a field annotation into an exact-type checker (``bool`` is never an ``int``)."""
    if annotation is str:
        return has_utf8_form
    if annotation is int:
        return _int_ok
    if annotation is bool:
        return lambda v: type(v) is bool
    if annotation is type(None) or annotation is None:
        return lambda v: v is None
    if annotation is Digest:
        return is_digest
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        cls = annotation
        return lambda v: type(v) is cls
    if _is_record(annotation):
        return _one_record(annotation, seal)  # type: ignore[arg-type]
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        others = tuple(compile_checker(a, seal) for a in args if a is not type(None))
        if len(others) == 1 and len(args) == 2:  # X | None, the common case, without a loop
            only = others[0]
            return lambda v: v is None or only(v)
        checks = tuple(compile_checker(a, seal) for a in args)
        return lambda v: any(c(v) for c in checks)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is str:
                return _texts_ok
            if _is_record(args[0]):
                return _record_tuple(args[0], seal)
            item = compile_checker(args[0], seal)
            return lambda v: type(v) is tuple and all(map(item, v))
        fixed = tuple(compile_checker(a, seal) for a in args)
        if len(fixed) == 2:  # pairs (roles, attributes) are the common case: no loop
            first, second = fixed
            return lambda v: type(v) is tuple and len(v) == 2 and first(v[0]) and second(v[1])
        return lambda v: (
            type(v) is tuple
            and len(v) == len(fixed)
            and all(c(x) for c, x in zip(fixed, v, strict=True))
        )
    raise TypeError(f"unsupported record field annotation: {annotation!r}")


def compile_converter(
    annotation: object, nested: NestedPayload, any_payload: Converter
) -> Converter | None:
    """Compile how a field's value enters a payload (None: the value is already JSON-ready).

    A str, int, bool, None or digest goes in as it is, an enum by its value, a nested record
    through ``nested``, a tuple as a list; a union of several record types through
    ``any_payload`` (the generic, slower path).
    """
    if annotation in (str, int, bool, None, type(None)) or annotation is Digest:
        return None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return lambda v: v.value  # type: ignore[attr-defined]
    if _is_record(annotation):
        cls = annotation
        return lambda v: nested(v, cls)  # type: ignore[arg-type]
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        others = [a for a in args if a is not type(None)]
        inner = [compile_converter(a, nested, any_payload) for a in others]
        if all(c is None for c in inner):
            return None
        if len(others) == 1:
            only = inner[0]
            assert only is not None
            return lambda v: None if v is None else only(v)
        return any_payload
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = compile_converter(args[0], nested, any_payload)
            if item is None:
                return _as_list
            return lambda v: [item(x) for x in v]  # type: ignore[attr-defined]
        fixed = [compile_converter(a, nested, any_payload) for a in args]
        if all(c is None for c in fixed):
            return _as_list
        return lambda v: [x if c is None else c(x) for c, x in zip(fixed, v, strict=True)]  # type: ignore[call-overload]
    raise TypeError(f"unsupported record field annotation: {annotation!r}")


def _as_list(value: object) -> object:
    return list(value)  # type: ignore[call-overload]


def prose_free(annotation: object, seen: tuple[type, ...] = ()) -> bool:
    """True when no payload of ``annotation`` has a prose field at any depth."""
    if _is_record(annotation):
        if annotation in seen:
            return False
        hints = typing.get_type_hints(annotation)
        return not PROSE_FIELDS.intersection(hints) and all(
            prose_free(h, (*seen, annotation)) for h in hints.values()  # type: ignore[arg-type]
        )
    return all(prose_free(a, seen) for a in typing.get_args(annotation) if a is not Ellipsis)


def payload_depth(annotation: object, seen: tuple[type, ...] = ()) -> int:
    """How deep a payload of ``annotation`` nests; more than MAX_DEPTH when not evidently safe.

    A record's payload is canonical by construction when every leaf is a value its checker
    already holds to the canonical rules (str with a UTF-8 form, int in 0..2**53-1, bool, None,
    a digest), every enum's values are canonical strings, and the nesting is bounded by the
    declaration itself. Anything else (an enum with a non-str value, a recursive declaration)
    sends the class through the validating encoder.
    """
    if annotation in (str, int, bool, None, type(None)) or annotation is Digest:
        return 0
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        values = [member.value for member in annotation]
        return 0 if all(has_utf8_form(value) for value in values) else _UNBOUNDED
    if _is_record(annotation):
        if annotation in seen:
            return _UNBOUNDED
        hints = typing.get_type_hints(annotation)
        depths = (payload_depth(h, (*seen, annotation)) for h in hints.values())  # type: ignore[arg-type]
        return 1 + max(depths, default=0)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        return max(payload_depth(a, seen) for a in args)
    if origin is tuple:
        return 1 + max((payload_depth(a, seen) for a in args if a is not Ellipsis), default=0)
    return _UNBOUNDED


def decode_value(
    annotation: object, value: object, from_payload: Callable[[type, object], object]
) -> object:
    """Turn a JSON value back into the Python value ``annotation`` declares (strictly)."""
    if annotation is Digest or annotation in (str, int, bool):
        return value
    if annotation is type(None) or annotation is None:
        if value is not None:
            raise RecordError("expected null")
        return None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return annotation(value)
    if isinstance(annotation, type) and hasattr(annotation, "__record_decl__"):
        return from_payload(annotation, value)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        if len(others) != 1:
            raise RecordError(f"ambiguous union {annotation!r}")
        return decode_value(others[0], value, from_payload)
    if origin is tuple:
        if type(value) is not list:
            raise RecordError("expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(args[0], item, from_payload) for item in value)
        if len(value) != len(args):
            raise RecordError("fixed-length list has the wrong length")
        return tuple(
            decode_value(a, item, from_payload) for a, item in zip(args, value, strict=True)
        )
    raise RecordError(f"cannot decode {annotation!r}")


@dataclasses.dataclass(frozen=True, slots=True)
class LayoutPart:
    """A run of ordinary fields (encoded together), the record's own id, or one prose field."""

    run: tuple[tuple[str, Getter, Converter | None], ...] = ()
    is_id: bool = False
    prose: tuple[str, Getter] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class SealingLayout:
    """A stored record's top-level fields as parts, in canonical (sorted) key order."""

    kind_json: bytes
    id_key: bytes  # b'"<id_field>":'
    parts: tuple[LayoutPart, ...]


def sealing_layout(
    cls: type,
    kind: str | None,
    id_field: str | None,
    hints: dict[str, Any],
    convert: Callable[[object], Converter | None],
) -> SealingLayout | None:
    """The layout, or None when one encoding cannot serve both forms.

    That needs a stored, self-sealing record whose payload is canonical by construction and
    whose nested records carry no prose (so their identity and full payloads are the same).
    """
    if kind is None or id_field is None or payload_depth(cls) > EVIDENT_DEPTH:
        return None
    if not all(prose_free(hints[name], (cls,)) for name in hints):
        return None
    members = cls.__record_members__  # type: ignore[attr-defined]
    parts: list[LayoutPart] = []
    run: list[tuple[str, Getter, Converter | None]] = []
    for name in sorted(members):
        getter = members[name].__get__
        if name == id_field or name in PROSE_FIELDS:
            if run:
                parts.append(LayoutPart(run=tuple(run)))
                run = []
            is_id = name == id_field
            parts.append(LayoutPart(is_id=True) if is_id else LayoutPart(prose=(name, getter)))
        else:
            run.append((name, getter, convert(hints[name])))
    if run:
        parts.append(LayoutPart(run=tuple(run)))
    return SealingLayout(encode_checked(kind), encode_checked(id_field) + b":", tuple(parts))


def sealed_forms(
    obj: object, layout: SealingLayout, id_excluded: bool
) -> tuple[bytes, list[bytes]]:
    """The identity bytes of a fresh record, and its full-form members with the id left open.

    Canonical JSON of a dict is its members in sorted key order, so each run of ordinary fields
    is encoded once (the C encoder; its braces stripped) and shared by both forms; only the id
    (blank, absent or set) and the prose differ. The id's place is an empty member.
    """
    identity: list[bytes] = []
    members: list[bytes] = []
    for part in layout.parts:
        if part.run:
            run = {name: get(obj) if cv is None else cv(get(obj)) for name, get, cv in part.run}
            body = encode_checked(run)[1:-1]
            identity.append(body)
            members.append(body)
        elif part.prose is not None:
            name, get = part.prose
            members.append(encode_checked({name: get(obj)})[1:-1])
        else:
            if not id_excluded:
                identity.append(layout.id_key + b'""')
            members.append(b"")
    return b"{" + b",".join(identity) + b"}", members
