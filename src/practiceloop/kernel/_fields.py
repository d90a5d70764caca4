"""Record fields: what a declared annotation means for checking, payloads and decoding.

:mod:`practiceloop.kernel.record` compiles each record class's annotations once, through the
three functions here, into a per-field checker (exact types, canonical ranges), a converter
(how a value enters a payload) and a decoder (how stored JSON comes back). Nothing here holds
state; the record module passes in what it alone owns (how a nested record becomes a payload,
how a record is rebuilt from JSON).
"""

from __future__ import annotations

import enum
import itertools
import operator
import types
import typing
from collections.abc import Callable

from practiceloop.kernel.identity import (
    MAX_SAFE_INT,
    Digest,
    are_digests,
    has_utf8_form,
    is_digest,
)

__all__ = [
    "Checker",
    "Converter",
    "RecordError",
    "compile_checker",
    "compile_converter",
    "decode_value",
]

class RecordError(TypeError):
    """A record was constructed with a value of the wrong type or out of range."""


Checker = Callable[[object], bool]
Converter = Callable[[object], object]


def _is_record_class(annotation: object) -> bool:
    """True for a class declared with :func:`~practiceloop.kernel.record.record`."""
    return isinstance(annotation, type) and "__record_decl__" in annotation.__dict__


def _int_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SAFE_INT


def _all_of_type(values: tuple[object, ...], cls: type) -> bool:
    """True when every item of ``values`` is exactly a ``cls`` (the loop runs in C)."""
    return all(map(operator.is_, map(type, values), itertools.repeat(cls)))


def _texts_ok(value: object) -> bool:
    """A tuple of str, each with a UTF-8 form (the loops run in C for the common ASCII case)."""
    if type(value) is not tuple or not _all_of_type(value, str):
        return False
    return all(map(str.isascii, value)) or all(map(has_utf8_form, value))


def _fixed(checks: tuple[Checker, ...]) -> Checker:
    """A fixed-length tuple, item by item (pairs, the common case, without a loop)."""
    if len(checks) == 2:
        first, second = checks
        return lambda v: type(v) is tuple and len(v) == 2 and first(v[0]) and second(v[1])
    size = len(checks)
    return lambda v: type(v) is tuple and len(v) == size and all(map(operator.call, checks, v))


def compile_checker(
    annotation: object,
    nested: Callable[[object, type], bool],
    nested_all: Callable[[tuple[object, ...], type], bool] | None = None,
) -> Checker:
    """Turn a field annotation into an exact-type checker (``bool`` is never an ``int``).

    A nested record is checked by its exact type and by ``nested(value, cls)``: whether its own
    fields are ones its declaration allows (the record module's check, which remembers it); a
    tuple of them by ``nested_all(values, cls)``, the same check of every item at once (by
    default ``nested`` item by item).
    """
    if nested_all is None:
        nested_all = lambda values, cls: all(map(nested, values, itertools.repeat(cls)))  # noqa: E731
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
        enum_cls = annotation
        return lambda v: type(v) is enum_cls
    if isinstance(annotation, type) and _is_record_class(annotation):
        cls = annotation
        return lambda v: type(v) is cls and nested(v, cls)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        if len(args) == 2 and type(None) in args:  # an optional value: None or the other
            other = compile_checker(
                next(a for a in args if a is not type(None)), nested, nested_all
            )
            return lambda v: v is None or other(v)
        checks = tuple(compile_checker(a, nested, nested_all) for a in args)
        return lambda v: any(map(operator.call, checks, itertools.repeat(v)))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is str:
                return _texts_ok
            if args[0] is Digest:
                return are_digests
            if _is_record_class(args[0]):
                item_type = args[0]
                return lambda v: (
                    type(v) is tuple and _all_of_type(v, item_type) and nested_all(v, item_type)
                )
            item = compile_checker(args[0], nested, nested_all)
            return lambda v: type(v) is tuple and all(map(item, v))
        return _fixed(tuple(compile_checker(a, nested, nested_all) for a in args))
    raise TypeError(f"unsupported record field annotation: {annotation!r}")


def compile_converter(
    annotation: object, nested: Callable[[object], object]
) -> Converter | None:
    """Compile how a field's value enters a payload (None: the value is already JSON-ready).

    A str, int, bool, None or digest goes in as it is, an enum by its value, a record through
    ``nested``, a tuple as a list (of converted items).
    """
    if annotation in (str, int, bool, None, type(None)) or annotation is Digest:
        return None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return lambda v: v.value  # type: ignore[attr-defined]
    if _is_record_class(annotation):
        return nested
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        inner = [compile_converter(a, nested) for a in args if a is not type(None)]
        if all(c is None for c in inner):
            return None
        return lambda v: _convert_any(v, nested)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = compile_converter(args[0], nested)
            if item is None:
                return list  # type: ignore[return-value]
            return lambda v: [item(x) for x in v]  # type: ignore[attr-defined]
        fixed = [compile_converter(a, nested) for a in args]
        if all(c is None for c in fixed):
            return list  # type: ignore[return-value]
        return lambda v: [x if c is None else c(x) for c, x in zip(fixed, v, strict=True)]  # type: ignore[call-overload]
    raise TypeError(f"unsupported record field annotation: {annotation!r}")


def _convert_any(value: object, nested: Callable[[object], object]) -> object:
    """A value of a union annotation, by its own type."""
    kind = type(value)
    if kind is tuple:
        return [_convert_any(v, nested) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):
        return value.value
    if _is_record_class(kind):
        return nested(value)
    return value


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
    if _is_record_class(annotation):
        return from_payload(annotation, value)  # type: ignore[arg-type]
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
