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

Records are immutable *by construction*, not only by convention: every field is a read-only
property over a slot whose storage descriptor only this module holds, so neither ``setattr``
nor ``object.__setattr__`` can change a record after its constructor validated it, and an
instance made by ``object.__new__`` (skipping the constructor) never counts as well formed.
That is what lets a boundary trust a check once made: :func:`is_well_formed` is a constant-time
test of the constructor's seal, and :func:`recompute_id` recomputes a record's identity from its
fields once and keeps the result on the (unchangeable) record.

Constructors raise :class:`RecordError` (misuse of the API). Boundaries never let that escape:
they check their inputs with :func:`is_well_formed` / :func:`is_authentic` and return their
typed refusal instead.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

from practiceloop.kernel._fields import (
    EVIDENT_DEPTH,
    PROSE_FIELDS,
    Checker,
    Converter,
    Getter,
    NestedPayload,
    RecordError,
    SealingLayout,
    compile_checker,
    compile_converter,
    decode_value,
    payload_depth,
    prose_free,
    sealed_forms,
    sealing_layout,
)
from practiceloop.kernel.identity import (
    Digest,
    canonical_bytes,
    digest,
    digest_bytes,
    encode_checked,
)

__all__ = [
    "PROSE_FIELDS",
    "IdentityMemo",
    "RecordError",
    "RecordSpec",
    "digest_without",
    "from_payload",
    "full_form",
    "full_form_bytes",
    "identity_payload",
    "is_authentic",
    "is_well_formed",
    "payload_for_encoding",
    "recalled",
    "recompute_id",
    "record",
    "record_id",
    "record_kind",
    "remember",
    "sealed",
]

_T = TypeVar("_T")


class _Sealed:
    """Base of every record: five hidden slots whose descriptors are removed below.

    ``_pl_ok`` is set (to True) only by a constructor that validated every field;
    ``_pl_digest`` caches the recomputed identity; ``_pl_payload`` caches the payload of a
    prose-free value for encoding (see :func:`payload_for_encoding`); ``_pl_form`` keeps the
    full-form bytes :func:`sealed` assembled; ``_pl_memo`` holds one derived fact a later
    boundary may reuse (see :func:`remember`). With the descriptors deleted from the class, no
    one but this module can write these slots.
    """

    __slots__ = ("_pl_digest", "_pl_form", "_pl_memo", "_pl_ok", "_pl_payload")


# The slots' storage descriptors (in __slots__ order), kept here only, then off the class.
_DIGEST, _FORM, _MEMO, _OK, _PAYLOAD = map(_Sealed.__dict__.__getitem__, _Sealed.__slots__)
for _slot in _Sealed.__slots__:
    delattr(_Sealed, _slot)


def _is_sealed(obj: object) -> bool:
    """True when ``obj``'s constructor ran and validated every field."""
    try:
        return _OK.__get__(obj) is True
    except (AttributeError, TypeError):  # never constructed, or not a record at all
        return False


def remember(obj: object, fact: object) -> None:
    """Keep one derived fact on a sealed record (e.g. the verified chain a binding ends).

    Pure memoisation: the fact is a function of the record and of values it is checked against
    again on use; it never enters an identity, a payload or equality. Ignored for anything that
    is not a sealed record.
    """
    if _is_sealed(obj):
        _MEMO.__set__(obj, fact)


def recalled(obj: object) -> object:
    """The fact :func:`remember` kept on ``obj``, or None."""
    try:
        return _MEMO.__get__(obj)
    except (AttributeError, TypeError):
        return None


_IMMUTABLE_SCALARS: Final = frozenset({str, int, bool, type(None)})


def _frozen(value: object) -> bool:
    """A value that can never change: an exact str/int/bool/None, an enum member, a sealed
    record, or a tuple of such values (e.g. an organ's static classification table)."""
    if type(value) in _IMMUTABLE_SCALARS or _is_sealed(value):
        return True
    if type(value) is tuple:
        return all(map(_is_sealed, value)) or all(map(_frozen, value))
    return isinstance(value, enum.Enum)


class IdentityMemo:
    """A bounded memo for a pure boundary over records, keyed by its arguments' identities.

    Sealed records, exact scalars, enum members and tuples of them cannot change, so the same
    argument objects give the very same result: e.g. ``initialize_search_run`` re-deciding the
    gate the episode has just decided. Each entry keeps its arguments alive, so no id is reused
    while listed. Calls with any other argument (a list, a forged object...) are never
    remembered.
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int = 64) -> None:
        self._entries: dict[tuple[int, ...], tuple[tuple[object, ...], object]] = {}
        self._limit = limit

    def call(self, function: Callable[..., _T], *args: object) -> _T:
        """``function(*args)``, or the result remembered for these very argument objects."""
        if not all(map(_frozen, args)):
            return function(*args)
        key = tuple(map(id, args))
        known = self._entries.get(key)
        if known is not None and all(map(operator.is_, known[0], args)):
            return known[1]  # type: ignore[return-value]
        result = function(*args)
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[key] = (args, result)
        return result


def _rebuild(cls: type[_T], values: tuple[object, ...]) -> _T:
    """Unpickling and copying go through the constructor, so they re-validate."""
    return cls(*values)


_Plan = tuple[tuple[str, Getter, Converter | None], ...]


def _built(obj: object, plan: _Plan) -> dict[str, object]:
    """The payload ``plan`` reads from ``obj``: each field as it is, or converted."""
    return {name: get(obj) if convert is None else convert(get(obj)) for name, get, convert in plan}


def _record_payload(obj: object, cls: type, full: bool) -> dict[str, object]:
    """A fresh payload, nested payloads included (what the public functions hand out)."""
    spec = _SPECS.get(cls) or _spec(cls)
    return _built(obj, spec.full_plan if full else spec.identity_plan)


def _fresh_identity(obj: object, cls: type) -> object:
    return _record_payload(obj, cls, False)


def _fresh_full(obj: object, cls: type) -> object:
    return _record_payload(obj, cls, True)


def _shared_payload(obj: object, cls: type, full: bool) -> dict[str, object]:
    """A payload for encoding only: a prose-free value's payload is built once and cached on it.

    A prose-free record's identity and full payloads coincide, and the record cannot change,
    so every encoding of every record that holds it reuses one dict. Such dicts are shared and
    never leave this module's encoding paths (the public functions build fresh ones).
    """
    spec = _SPECS.get(cls) or _spec(cls)
    if spec.prose_free:
        try:
            cached: dict[str, object] = _PAYLOAD.__get__(obj)
        except AttributeError:
            pass
        else:
            return cached
    built = _built(obj, spec.shared_full_plan if full else spec.shared_identity_plan)
    if spec.prose_free and _is_sealed(obj):
        _PAYLOAD.__set__(obj, built)
    return built


def _shared_identity(obj: object, cls: type) -> object:
    return _shared_payload(obj, cls, False)


def _shared_full(obj: object, cls: type) -> object:
    return _shared_payload(obj, cls, True)


@dataclasses.dataclass(frozen=True, slots=True)
class RecordSpec:
    """What :func:`record` derived from a class's declaration."""

    kind: str | None
    id_field: str | None
    id_excluded: bool
    field_names: tuple[str, ...]
    # What the constructor runs: (name, checker, slot setter) per field, then the class's rules.
    steps: tuple[tuple[str, Checker, Callable[[object, object], None]], ...]
    rules: Callable[[Any], str | None] | None
    # (name, slot getter, converter): the payload walk reads slots directly, not via properties.
    identity_plan: _Plan
    full_plan: _Plan
    # The same plans with nested records through the encoding cache (_shared_payload).
    shared_identity_plan: _Plan
    shared_full_plan: _Plan
    # No prose field here or in any nested record: identity and full payloads coincide.
    prose_free: bool
    # How sealed() encodes a stored record once for both its identity and its full form.
    sealing_layout: SealingLayout | None
    # True when every payload of this class is canonical by construction (payload_depth).
    self_evident: bool


# Derived once per class, on first use (annotations may name classes declared later).
_SPECS: Final[dict[type, RecordSpec]] = {}


def _spec(cls: type) -> RecordSpec:
    spec = _SPECS.get(cls)
    if spec is not None:
        return spec
    kind, id_field, id_excluded = cls.__record_decl__  # type: ignore[attr-defined]
    hints = typing.get_type_hints(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    members = cls.__record_members__  # type: ignore[attr-defined]
    spec = RecordSpec(
        kind=kind,
        id_field=id_field,
        id_excluded=id_excluded,
        field_names=names,
        steps=tuple(
            (n, compile_checker(hints[n], _OK.__get__), members[n].__set__) for n in names
        ),
        rules=getattr(cls, "_rules", None),
        identity_plan=_plan(cls, hints, False, _fresh_identity),
        full_plan=_plan(cls, hints, True, _fresh_full),
        shared_identity_plan=_plan(cls, hints, False, _shared_identity),
        shared_full_plan=_plan(cls, hints, True, _shared_full),
        prose_free=prose_free(cls),
        self_evident=payload_depth(cls) <= EVIDENT_DEPTH,
        sealing_layout=sealing_layout(
            cls, kind, id_field, hints, lambda a: _convert(a, True, _shared_full)
        ),
    )
    _SPECS[cls] = spec
    return spec


def _convert(annotation: object, full: bool, nested: NestedPayload) -> Converter | None:
    return compile_converter(annotation, nested, lambda v: _payload(v, full))


def _plan(cls: type, hints: dict[str, Any], full: bool, nested: NestedPayload) -> _Plan:
    members = cls.__record_members__  # type: ignore[attr-defined]
    return tuple(
        (name, members[name].__get__, _convert(hints[name], full, nested))
        for name in members
        if full or name not in PROSE_FIELDS
    )


def _encode_digest(spec: RecordSpec, payload: dict[str, Any]) -> Digest:
    """The digest of a payload built from a well-formed record's fields.

    Such a payload is canonical by construction when the class is ``self_evident``: the
    constructor already held every leaf to the canonical rules, so the encoder's validation
    walk would only repeat it (tests/kernel/test_record.py checks that the two agree).
    """
    if spec.self_evident:
        return digest_bytes(encode_checked(payload))
    return digest(payload)


@typing.dataclass_transform(frozen_default=True)  # lets type checkers see the fields
def record(
    *, kind: str | None = None, id_field: str | None = None, id_excluded: bool = False
) -> Callable[[type[_T]], type[_T]]:
    """Declare a record (``kind`` given) or a nested value type (``kind=None``).

    ``id_field`` names the record's id. By default the id self-seals (the field is present in the
    identity payload with value ``""``); with ``id_excluded=True`` the field is left out of the
    payload instead, as the seeds define input digests (ADR-0229 s13.2, ADR-0230 s12.1).

    A class may define ``_rules(self) -> str | None`` for invariants beyond field types; it
    returns a description of the first broken rule.
    """

    def wrap(cls: type[_T]) -> type[_T]:
        names = tuple(cls.__dict__.get("__annotations__", {}))
        namespace = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
        namespace["__slots__"] = names
        # dataclasses only registers the fields (for fields() and replace()); the methods are
        # the closures below, so no code is generated per class and no class is built twice.
        built: Any = dataclasses.dataclass(init=False, repr=False, eq=False)(
            type(cls.__name__, (_Sealed,), namespace)
        )
        if tuple(f.name for f in dataclasses.fields(built)) != names:
            raise TypeError(f"{cls.__name__}: a record declares plain annotated fields only")
        members = {name: built.__dict__[name] for name in names}
        for name in names:  # read-only properties over slots only this module can write
            type.__setattr__(built, name, property(members[name].__get__))
        getters = tuple(members[name].__get__ for name in names)
        known = frozenset(names)

        def __init__(self: object, *args: object, **kwargs: object) -> None:
            if args:
                if len(args) > len(names) or any(n in kwargs for n in names[: len(args)]):
                    raise TypeError(f"{type(self).__name__}: bad positional arguments")
                kwargs = {**dict(zip(names, args, strict=False)), **kwargs}
            if len(kwargs) != len(names) or not known.issuperset(kwargs):
                missing = sorted(known - set(kwargs))
                unknown = sorted(set(kwargs) - known)
                raise TypeError(f"{type(self).__name__}: missing {missing}, unexpected {unknown}")
            spec = _SPECS.get(type(self)) or _spec(type(self))
            for name, check, setter in spec.steps:
                value = kwargs[name]
                if not check(value):
                    raise RecordError(f"{type(self).__name__}: invalid {name}")
                setter(self, value)
            if spec.rules is not None:
                problem = spec.rules(self)
                if problem is not None:
                    raise RecordError(f"{type(self).__name__}: invalid {problem}")
            _OK.__set__(self, True)

        def _values(self: object) -> tuple[object, ...]:
            return tuple(get(self) for get in getters)

        def __eq__(self: object, other: object) -> bool:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return _values(self) == _values(other)

        def __hash__(self: object) -> int:
            return hash(_values(self))

        def __repr__(self: object) -> str:
            shown = ", ".join(f"{n}={g(self)!r}" for n, g in zip(names, getters, strict=True))
            return f"{type(self).__qualname__}({shown})"

        def __setattr__(self: object, name: str, value: object) -> None:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self: object, name: str) -> None:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

        def __reduce__(self: object) -> tuple[object, ...]:
            return (_rebuild, (type(self), _values(self)))

        methods = {
            "__init__": __init__,
            "__eq__": __eq__,
            "__hash__": __hash__,
            "__repr__": __repr__,
            "__setattr__": __setattr__,
            "__delattr__": __delattr__,
            "__reduce__": __reduce__,
        }
        for name, method in methods.items():
            method.__qualname__ = f"{built.__qualname__}.{name}"
            type.__setattr__(built, name, method)
        type.__setattr__(built, "__record_decl__", (kind, id_field, id_excluded))
        type.__setattr__(built, "__record_members__", members)
        return built  # type: ignore[no-any-return]

    return wrap


def _payload(value: object, full: bool) -> object:
    """Generic (slow) path, for unions of several record types."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is tuple:
        return [_payload(v, full) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(kind, "__record_decl__"):
        return _record_payload(value, kind, full)
    raise RecordError(f"{kind.__name__} cannot enter a payload")


def _without_own_id(spec: RecordSpec, payload: dict[str, Any]) -> dict[str, Any]:
    if spec.id_field is not None:
        if spec.id_excluded:
            del payload[spec.id_field]
        else:
            payload[spec.id_field] = ""
    return payload


def identity_payload(obj: object) -> dict[str, Any]:
    """The identity payload of a record: prose excluded, its own id (if any) blanked or left out."""
    return _without_own_id(_spec(type(obj)), _record_payload(obj, type(obj), False))


def _top_payload(obj: object, spec: RecordSpec, full: bool) -> dict[str, Any]:
    """A fresh top-level payload whose nested records come through the encoding cache."""
    return _built(obj, spec.shared_full_plan if full else spec.shared_identity_plan)


def payload_for_encoding(obj: object) -> dict[str, Any]:
    """:func:`identity_payload`, for encoding only (e.g. inside a larger digested payload).

    Equal to :func:`identity_payload`, but the payloads of nested prose-free records are built
    once and shared between encodings, so nothing inside the result may be changed.
    """
    spec = _spec(type(obj))
    if not _is_sealed(obj):
        return identity_payload(obj)
    return _without_own_id(spec, _top_payload(obj, spec, False))


def full_form(obj: object) -> dict[str, Any]:
    """``{"kind": ..., "record": {every field}}``: what the evidence store keeps."""
    spec = _spec(type(obj))
    if spec.kind is None:
        raise RecordError(f"{type(obj).__name__} is a value type, not a stored record")
    return {"kind": spec.kind, "record": _record_payload(obj, type(obj), True)}


def full_form_bytes(obj: object) -> bytes:
    """The canonical bytes of :func:`full_form`: exactly what the evidence store keeps."""
    try:
        assembled: bytes = _FORM.__get__(obj)  # sealed() assembled it with the identity
    except (AttributeError, TypeError):
        pass
    else:
        return assembled
    spec = _spec(type(obj))
    if not (_is_sealed(obj) and spec.self_evident and spec.kind is not None):
        return canonical_bytes(full_form(obj))
    # canonical by construction (see _encode_digest)
    return encode_checked({"kind": spec.kind, "record": _top_payload(obj, spec, True)})


def recompute_id(obj: object) -> Digest:
    """Recompute a record's identity from its fields (self-sealed, or with its id left out).

    Computed once per record and kept on it: a sealed record cannot change afterwards.
    """
    try:
        cached: Digest | None = _DIGEST.__get__(obj)
    except (AttributeError, TypeError):
        cached = None
    if cached is not None:
        return cached
    value = _encode_digest(_spec(type(obj)), payload_for_encoding(obj))
    if _is_sealed(obj):
        _DIGEST.__set__(obj, value)
    return value


def record_kind(obj: object) -> str:
    """The stored kind of a record (its ``kind=`` declaration)."""
    kind = _spec(type(obj)).kind
    if kind is None:
        raise RecordError(f"{type(obj).__name__} is a value type, not a stored record")
    return kind


def record_id(obj: object) -> Digest:
    """The id a record claims for itself (its id field)."""
    spec = _spec(type(obj))
    if spec.id_field is None:
        raise RecordError(f"{type(obj).__name__} has no id field")
    value: Digest = getattr(obj, spec.id_field)
    return value


def digest_without(obj: object, field: str) -> Digest:
    """Digest of a record's identity payload with ``field`` left out (not blanked).

    ADR-0229 s13.2 / ADR-0230 s12.1: an input digest hashes exactly the structural fields other
    than itself, so, unlike a self-sealing id, the field is absent. For a record declared with
    ``id_excluded=True`` this equals :func:`recompute_id`.
    """
    payload = identity_payload(obj)
    payload.pop(field, None)
    return digest(payload)


_PLACEHOLDER: Final = Digest("0" * 64)


def sealed(cls: type[_T], **fields: object) -> _T:
    """Build a self-sealing record: construct it, then set its id to its recomputed identity.

    The id is written on the fresh instance, through the private slot descriptor, before anyone
    else can see it; construction validates the fields exactly once.
    """
    spec = _spec(cls)
    if spec.id_field is None:
        raise RecordError(f"{cls.__name__} has no id to seal")
    obj = cls(**{spec.id_field: _PLACEHOLDER, **fields})
    # the id field is blanked or left out of the payload: the placeholder never enters it
    layout = spec.sealing_layout
    if layout is None:
        value = _encode_digest(spec, payload_for_encoding(obj))
    else:
        identity, members = sealed_forms(obj, layout, spec.id_excluded)
        value = digest_bytes(identity)
        own_id = layout.id_key + b'"' + value.encode("ascii") + b'"'
        record_bytes = b",".join(member or own_id for member in members)
        _FORM.__set__(obj, b'{"kind":' + layout.kind_json + b',"record":{' + record_bytes + b"}}")
    cls.__record_members__[spec.id_field].__set__(obj, value)  # type: ignore[attr-defined]
    _DIGEST.__set__(obj, value)
    return obj


def is_well_formed(obj: object, cls: type) -> bool:
    """True when ``obj`` is exactly a ``cls`` whose constructor validated every field.

    Boundaries call this on every value a caller hands them. Constant time: a record cannot be
    changed after construction (see the module docstring), nested records were checked by the
    constructor of the record holding them, and an instance made without its constructor
    (``object.__new__``) is refused.
    """
    return type(obj) is cls and _is_sealed(obj)


def is_authentic(obj: object, cls: type) -> bool:
    """True when ``obj`` is well formed (:func:`is_well_formed`) and its id reproduces.

    loop.md s2: equality of supplied strings is never enough; the id is recomputed from fields.
    """
    if not is_well_formed(obj, cls) or _spec(cls).id_field is None:
        return False
    return recompute_id(obj) == record_id(obj)


def from_payload(cls: type[_T], payload: object) -> _T:
    """Rebuild a record (or value type) from its full JSON payload.

    Takes exactly the declared keys and refuses any key missing or left over (style.md habit 3);
    the constructor then validates every field. Raises ``RecordError`` (or ``ValueError`` for an
    unknown enum value) on anything that does not fit: stored data that fails here is corrupt.
    """
    if type(payload) is not dict:
        raise RecordError(f"{cls.__name__}: expected an object")
    spec = _spec(cls)
    if set(payload) != set(spec.field_names):
        raise RecordError(f"{cls.__name__}: keys differ from the declared fields")
    hints = typing.get_type_hints(cls)
    return cls(
        **{
            name: decode_value(hints[name], payload[name], from_payload)
            for name in spec.field_names
        }
    )
