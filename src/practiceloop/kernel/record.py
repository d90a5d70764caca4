"""Records: frozen, slotted dataclasses that declare their fields, and so their identity, once.

A record class is declared with :func:`record`. From its annotated fields the kernel derives,
in one place for every record type:

* constructor validation with exact types (``type(v) is int``: a bool is never an int), every
  ``int`` a canonical non-negative int, every ``str`` UTF-8 encodable, every ``Digest`` 64
  lowercase hex characters, every collection a tuple, every enum a member of its closed enum;
* the *identity payload*: every field except the prose fields (``explanation``), nested records
  by their own identity payload, enums by their string value, tuples as lists; a self-sealing
  record has its own id field present with value ``""`` (loop.md s2);
* the *full form* ``{"kind": ..., "record": {...}}`` with every field, prose included, which is
  what the evidence store keeps byte for byte.

Constructors raise :class:`RecordError` (misuse of the API). Boundaries never let that escape:
they check their inputs with :func:`is_well_formed` and return their typed refusal instead.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

from practiceloop.kernel.identity import MAX_SAFE_INT, Digest, digest, is_digest

__all__ = [
    "PROSE_FIELDS",
    "RecordError",
    "RecordSpec",
    "full_form",
    "identity_payload",
    "is_well_formed",
    "record",
    "recompute_id",
    "record_id",
    "sealed",
]

PROSE_FIELDS: Final = frozenset({"explanation"})

_T = TypeVar("_T")


class RecordError(TypeError):
    """A record was constructed with a value of the wrong type or out of range."""


_Checker = Callable[[object], bool]


def _text_ok(value: object) -> bool:
    if type(value) is not str:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _int_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_SAFE_INT


def _compile(annotation: object) -> _Checker:
    """Turn a field annotation into an exact-type checker."""
    if annotation is str:
        return _text_ok
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
    if isinstance(annotation, type) and hasattr(annotation, "__record_decl__"):
        cls2 = annotation
        return lambda v: type(v) is cls2
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        checks = tuple(_compile(a) for a in args)
        return lambda v: any(c(v) for c in checks)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _compile(args[0])
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        fixed = tuple(_compile(a) for a in args)
        return lambda v: (
            type(v) is tuple and len(v) == len(fixed) and all(c(x) for c, x in zip(fixed, v, strict=True))
        )
    raise TypeError(f"unsupported record field annotation: {annotation!r}")


@dataclasses.dataclass(frozen=True, slots=True)
class RecordSpec:
    """What :func:`record` derived from a class's declaration."""

    kind: str | None
    id_field: str | None
    field_names: tuple[str, ...]
    identity_fields: tuple[str, ...]
    checkers: tuple[tuple[str, _Checker], ...]


_PENDING: dict[type, tuple[str | None, str | None]] = {}


def _spec(cls: type) -> RecordSpec:
    spec: RecordSpec | None = cls.__dict__.get("__record_spec_cache__")
    if spec is not None:
        return spec
    kind, id_field = cls.__record_decl__  # type: ignore[attr-defined]
    hints = typing.get_type_hints(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    spec = RecordSpec(
        kind=kind,
        id_field=id_field,
        field_names=names,
        identity_fields=tuple(n for n in names if n not in PROSE_FIELDS),
        checkers=tuple((n, _compile(hints[n])) for n in names),
    )
    type.__setattr__(cls, "__record_spec_cache__", spec)
    return spec


def _check_fields(obj: object) -> str | None:
    """Return the name of the first ill-typed field, or None; then run the class's own rules."""
    spec = _spec(type(obj))
    for name, check in spec.checkers:
        if not check(getattr(obj, name)):
            return name
    rules = getattr(obj, "_rules", None)
    if rules is not None:
        problem: str | None = rules()
        if problem is not None:
            return problem
    return None


def record(*, kind: str | None = None, id_field: str | None = None) -> Callable[[type[_T]], type[_T]]:
    """Declare a record (``kind`` given) or a nested value type (``kind=None``).

    ``id_field`` names a self-sealing id. A class may define ``_rules(self) -> str | None`` for
    invariants beyond field types; it returns a description of the first broken rule.
    """

    def wrap(cls: type[_T]) -> type[_T]:
        def __post_init__(self: object) -> None:
            problem = _check_fields(self)
            if problem is not None:
                raise RecordError(f"{type(self).__name__}: invalid {problem}")

        cls.__post_init__ = __post_init__  # type: ignore[attr-defined]
        built = dataclasses.dataclass(frozen=True, slots=True)(cls)
        type.__setattr__(built, "__record_decl__", (kind, id_field))
        return built

    return wrap


def _payload(value: object, full: bool) -> object:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is tuple:
        return [_payload(v, full) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(kind, "__record_decl__"):
        spec = _spec(kind)
        names = spec.field_names if full else spec.identity_fields
        return {n: _payload(getattr(value, n), full) for n in names}
    raise RecordError(f"{kind.__name__} cannot enter a payload")


def identity_payload(obj: object) -> dict[str, Any]:
    """The identity payload of a record: prose excluded, its own id (if any) blanked."""
    spec = _spec(type(obj))
    payload = {n: _payload(getattr(obj, n), False) for n in spec.identity_fields}
    if spec.id_field is not None:
        payload[spec.id_field] = ""
    return payload


def full_form(obj: object) -> dict[str, Any]:
    """``{"kind": ..., "record": {every field}}``: what the evidence store keeps."""
    spec = _spec(type(obj))
    if spec.kind is None:
        raise RecordError(f"{type(obj).__name__} is a value type, not a stored record")
    return {"kind": spec.kind, "record": {n: _payload(getattr(obj, n), True) for n in spec.field_names}}


def recompute_id(obj: object) -> Digest:
    """Recompute a record's identity from its fields (self-sealed, or plain digest)."""
    return digest(identity_payload(obj))


def record_id(obj: object) -> Digest:
    """The id a record claims for itself (its id field)."""
    spec = _spec(type(obj))
    if spec.id_field is None:
        raise RecordError(f"{type(obj).__name__} has no id field")
    value: Digest = getattr(obj, spec.id_field)
    return value


_PLACEHOLDER: Final = Digest("0" * 64)


def sealed(cls: type[_T], **fields: object) -> _T:
    """Build a self-sealing record: construct it, then set its id to its recomputed identity.

    The id is set on the fresh instance before anyone else can see it, so the record stays
    frozen for every holder; construction validates the fields exactly once.
    """
    spec = _spec(cls)
    if spec.id_field is None:
        raise RecordError(f"{cls.__name__} does not self-seal")
    obj = cls(**{spec.id_field: _PLACEHOLDER, **fields})
    object.__setattr__(obj, spec.id_field, recompute_id(obj))
    return obj


def is_well_formed(obj: object, cls: type) -> bool:
    """True when ``obj`` is exactly a ``cls`` whose fields (recursively) still pass validation.

    Boundaries call this on every value a caller hands them: a frozen dataclass can still be
    forged with ``object.__setattr__`` or built by ``object.__new__`` without its fields.
    """
    if type(obj) is not cls:
        return False
    try:
        if _check_fields(obj) is not None:
            return False
        spec = _spec(cls)
        for name in spec.field_names:
            if not _nested_ok(getattr(obj, name)):
                return False
    except Exception:  # a forged object may lack attributes or raise from its rules
        return False
    return True


def _nested_ok(value: object) -> bool:
    kind = type(value)
    if kind is tuple:
        return all(_nested_ok(v) for v in value)  # type: ignore[attr-defined]
    if hasattr(kind, "__record_decl__"):
        return is_well_formed(value, kind)
    return True
