"""Records: plain frozen slotted dataclasses that declare their fields, and so their identity.

A record class is declared with :func:`record`, which makes it a
``dataclasses.dataclass(frozen=True, slots=True)`` and derives from its annotated fields, in
one place for every record type:

* constructor validation (``__post_init__``) with exact types (``type(v) is int``: a bool is
  never an int), every ``int`` a canonical non-negative int, every ``str`` UTF-8 encodable,
  every ``Digest`` 64 lowercase hex characters, every collection a tuple, every enum a member
  of its closed enum, every nested record of its exact class; then the class's own ``_rules``;
* the *identity payload* (:func:`identity_payload`): every field except the prose fields
  (``explanation``), nested records by their own fields (prose excluded), enums by their string
  value, tuples as lists; a self-sealing record has its own id field present with value ``""``,
  an input digest leaves its field out (loop.md s2, ADR-0229 s13.2);
* the *full form* ``{"kind": ..., "record": {...}}`` with every field, prose included, which is
  what the evidence store keeps byte for byte (:func:`full_form_bytes`).

From a value to its identity, in this module and :mod:`~practiceloop.kernel.identity` only:
``identity_payload(obj)`` -> ``canonical_bytes`` (validated, then encoded) -> SHA-256. Nothing is
kept on a record: :func:`recompute_id` computes the identity afresh from the fields every time.

**Records are immutable by contract.** This is Python's own contract for
``dataclass(frozen=True)``: assignment and deletion raise ``FrozenInstanceError``, and what a
record holds is immutable all the way down (the constructor admits only str, int, bool, None,
enum members, tuples and other records). ``object.__setattr__`` on a record is outside the API,
like writing into a tuple's memory; so is building one around its constructor
(``object.__new__``) and changing it after it was handed to a boundary. A value built that way
is still checked by what it holds when it is first handed over: it is a new object. So the
answers of pure functions of a record (is it well formed, its recomputed identity, its stored
bytes) are kept for that very object, by identity, in the kernel's one cache
(:mod:`~practiceloop.kernel._memo`): a boundary that checks a record another stage already
checked gets the same answer without recomputing it, and a copy, a forged record or a record
decoded from stored bytes is computed afresh.

Constructors raise :class:`RecordError` (misuse of the API). Boundaries never let that escape:
they check their inputs with :func:`is_well_formed` / :func:`is_authentic` and return their
typed refusal instead.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

from practiceloop.kernel._fields import (
    Checker,
    Converter,
    RecordError,
    compile_checker,
    compile_converter,
    decode_value,
)
from practiceloop.kernel._memo import (
    all_known_well_formed,
    know_well_formed,
    known_well_formed,
    remember,
    remembered,
)
from practiceloop.kernel.identity import (
    PROSE_FIELDS,
    Digest,
    canonical_bytes,
    digest_bytes,
    sealed_forms,
)

__all__ = [
    "RecordError",
    "Verdict",
    "from_payload",
    "full_form",
    "full_form_bytes",
    "identity_payload",
    "is_authentic",
    "is_well_formed",
    "recompute_id",
    "record",
    "record_id",
    "record_kind",
    "sealed",
    "verdict",
]

_T = TypeVar("_T")

_Plan = tuple[tuple[str, Converter | None], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class _Spec:
    """What :func:`record` derived from a class's declaration (compiled once per class)."""

    kind: str | None
    id_field: str | None
    id_excluded: bool
    names: tuple[str, ...]
    values: Callable[[object], tuple[object, ...]]  # every field's value, in declared order
    checks: tuple[Checker, ...]  # one per field, in declared order
    rules: Callable[[Any], str | None] | None
    identity_plan: _Plan  # the fields of the identity payload (no prose), with converters
    full_plan: _Plan  # every field, with converters


_SPECS: Final[dict[type, _Spec]] = {}


def _spec(cls: type) -> _Spec:
    """The compiled declaration of ``cls`` (on first use: annotations may name later classes)."""
    spec = _SPECS.get(cls)
    if spec is not None:
        return spec
    kind, id_field, id_excluded = cls.__record_decl__  # type: ignore[attr-defined]
    hints = typing.get_type_hints(cls)
    names = tuple(field.name for field in dataclasses.fields(cls))
    # A nested record enters its parent's identity and full form alike, so it has no prose.
    for name in names:
        if _holds_prose(hints[name], (cls,)):
            raise TypeError(f"{cls.__name__}.{name}: a record nested in another has no prose")
    plan = tuple((name, compile_converter(hints[name], _nested_payload)) for name in names)
    spec = _Spec(
        kind=kind,
        id_field=id_field,
        id_excluded=id_excluded,
        names=names,
        values=operator.attrgetter(*names) if len(names) > 1 else _one(names[0]),
        checks=tuple(
            compile_checker(hints[name], is_well_formed, _are_well_formed) for name in names
        ),
        rules=getattr(cls, "_rules", None),
        identity_plan=tuple(step for step in plan if step[0] not in PROSE_FIELDS),
        full_plan=plan,
    )
    _SPECS[cls] = spec
    return spec


def _holds_prose(annotation: object, seen: tuple[type, ...]) -> bool:
    """True when a value of ``annotation`` may hold a record with a prose field."""
    if isinstance(annotation, type) and "__record_decl__" in annotation.__dict__:
        if annotation in seen:
            return False
        hints = typing.get_type_hints(annotation)
        return bool(PROSE_FIELDS.intersection(hints)) or any(
            _holds_prose(hint, (*seen, annotation)) for hint in hints.values()
        )
    return any(_holds_prose(arg, seen) for arg in typing.get_args(annotation) if arg is not ...)


def _problem(obj: object, spec: _Spec) -> str | None:
    """The first field (or rule) of ``obj`` that its declaration does not allow, or None."""
    values = spec.values(obj)
    if not all(map(operator.call, spec.checks, values)):  # every field at once, in C
        for name, check, value in zip(spec.names, spec.checks, values, strict=True):
            if not check(value):
                return name
    if spec.rules is not None:
        return spec.rules(obj)
    return None


_WELL_FORMED_VALUE: Final[tuple[bool, Digest | None]] = (True, None)


def _validate(obj: object) -> None:
    """``__post_init__`` of every record: raise :class:`RecordError` on a field it refuses.

    A value type (no id) that passes is known well formed from here on (it is immutable): the
    records holding it need not check it again (:mod:`~practiceloop.kernel._memo`).
    """
    spec = _SPECS.get(type(obj)) or _spec(type(obj))
    problem = _problem(obj, spec)
    if problem is not None:
        raise RecordError(f"{type(obj).__name__}: invalid {problem}")
    if spec.id_field is None:
        know_well_formed(obj)


def _rebuild(cls: type[_T], values: tuple[object, ...]) -> _T:
    """Unpickling and copying go through the constructor, so they re-validate."""
    return cls(*values)


def _reduce(obj: object) -> tuple[object, ...]:
    return (_rebuild, (type(obj), _spec(type(obj)).values(obj)))


@typing.dataclass_transform(frozen_default=True)  # lets type checkers see the fields
def record(
    *, kind: str | None = None, id_field: str | None = None, id_excluded: bool = False
) -> Callable[[type[_T]], type[_T]]:
    """Declare a record (``kind`` given: it is stored) or a nested value type (``kind=None``).

    ``id_field`` names the record's id. By default the id self-seals (the field is present in the
    identity payload with value ``""``); with ``id_excluded=True`` the field is left out of the
    payload instead, as the seeds define input digests (ADR-0229 s13.2, ADR-0230 s12.1).

    A class may define ``_rules(self) -> str | None`` for invariants beyond field types; it
    returns a description of the first broken rule.
    """

    def wrap(cls: type[_T]) -> type[_T]:
        namespace = cls.__dict__
        if "__post_init__" in namespace or "__reduce__" in namespace:
            raise TypeError(f"{cls.__name__}: a record's constructor checks are its declaration")
        type.__setattr__(cls, "__record_decl__", (kind, id_field, id_excluded))
        type.__setattr__(cls, "__post_init__", _validate)
        type.__setattr__(cls, "__reduce__", _reduce)
        return dataclasses.dataclass(frozen=True, slots=True)(cls)

    return wrap


def _nested_payload(value: object) -> dict[str, object]:
    """How a record nested in another enters its payload: every field but prose."""
    spec = _SPECS.get(type(value)) or _spec(type(value))
    return _built(value, spec.identity_plan)


def _one(name: str) -> Callable[[object], tuple[object, ...]]:
    get = operator.attrgetter(name)
    return lambda obj: (get(obj),)


def _built(obj: object, plan: _Plan) -> dict[str, object]:
    return {
        name: getattr(obj, name) if convert is None else convert(getattr(obj, name))
        for name, convert in plan
    }


def identity_payload(obj: object) -> dict[str, Any]:
    """The identity payload of a record: prose excluded, its own id (if any) blanked or left out."""
    spec = _spec(type(obj))
    payload = _built(obj, spec.identity_plan)
    if spec.id_field is not None:
        if spec.id_excluded:
            del payload[spec.id_field]
        else:
            payload[spec.id_field] = ""
    return payload


def full_form(obj: object) -> dict[str, Any]:
    """``{"kind": ..., "record": {every field}}``: what the evidence store keeps."""
    spec = _spec(type(obj))
    if spec.kind is None:
        raise RecordError(f"{type(obj).__name__} is a value type, not a stored record")
    return {"kind": spec.kind, "record": _built(obj, spec.full_plan)}


def _full_form_bytes(obj: object) -> bytes:
    return canonical_bytes(full_form(obj))


def full_form_bytes(obj: object) -> bytes:
    """The canonical bytes of :func:`full_form`: exactly what the evidence store keeps.

    Computed from the fields: by :func:`sealed` for the record it built (remembered for that
    very object, :mod:`~practiceloop.kernel._memo`), afresh for any other.
    """
    return remembered(_full_form_bytes, obj)


def recompute_id(obj: object) -> Digest:
    """Recompute a record's identity from its fields (self-sealed, or with its id left out).

    Raises ``CanonicalPayloadError`` when a field holds what no record may (misuse).
    """
    return digest_bytes(canonical_bytes(identity_payload(obj)))


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


_PLACEHOLDER: Final = Digest("0" * 64)


def sealed(cls: type[_T], **fields: object) -> _T:
    """Build a record whose id is its own recomputed identity (ADR-0229 s13, ADR-0230 s12).

    Constructs the record (validating every field once) with a placeholder id, which the
    identity payload blanks or leaves out, then sets the id on the fresh instance, before anyone
    else can see it, as a frozen dataclass sets a field derived in its own construction.
    """
    spec = _spec(cls)
    if spec.id_field is None:
        raise RecordError(f"{cls.__name__} has no id to seal")
    obj = cls(**{spec.id_field: _PLACEHOLDER, **fields})
    fields_payload = _built(obj, spec.full_plan)
    value, stored = sealed_forms(spec.kind, fields_payload, spec.id_field, spec.id_excluded)
    object.__setattr__(obj, spec.id_field, value)
    # The first boundary to check the new record, and the store, need not compute these again.
    answer: tuple[bool, Digest | None] = (True, value)
    remember(_checked, answer, obj)
    if stored is not None:
        remember(_full_form_bytes, stored, obj)
    return obj


def _checked(obj: object) -> tuple[bool, Digest | None]:
    """Whether ``obj``'s fields are ones its declaration allows, and its recomputed identity
    (None without an id field, or when it is not well formed or holds what no payload may)."""
    spec = _SPECS.get(type(obj)) or _spec(type(obj))
    try:
        if _problem(obj, spec) is not None:
            return False, None
    except Exception:  # a field never set (AttributeError), a rule over a forged value
        return False, None
    if spec.id_field is None:
        return True, None
    try:
        return True, recompute_id(obj)
    except Exception:  # a nested value no payload may hold
        return True, None


class Verdict(enum.Enum):
    """What a boundary finds about a value it was handed as a record of some class."""

    MALFORMED = "malformed"  # not exactly that class, or a field its declaration refuses
    ID_MISMATCH = "id_mismatch"  # well formed, but its id does not reproduce from its fields
    AUTHENTIC = "authentic"  # well formed, and its id reproduces


def verdict(obj: object, cls: type) -> Verdict:
    """Check ``obj`` as a ``cls`` record the way every boundary must (loop.md s2, s7); never
    raises.

    Runs the constructor's checks on the values ``obj`` holds (it may have been built without
    its constructor), then recomputes its identity from its fields: equality of supplied
    strings is never enough. The answer is remembered for this very object, immutable by
    contract (see the module docstring; :mod:`~practiceloop.kernel._memo`). Nested records are
    checked by their exact type; what they hold is covered by the recomputed id, whose
    validation refuses anything no record may hold. A class without an id field is never
    ``AUTHENTIC``.
    """
    if type(obj) is not cls:
        return Verdict.MALFORMED
    well_formed, identity = remembered(_checked, obj)
    if not well_formed:
        return Verdict.MALFORMED
    if identity is None or identity != record_id(obj):
        return Verdict.ID_MISMATCH
    return Verdict.AUTHENTIC


def is_well_formed(obj: object, cls: type) -> bool:
    """True when ``obj`` is exactly a ``cls`` whose fields its declaration allows (see
    :func:`verdict`); never raises."""
    if type(obj) is not cls:
        return False
    if known_well_formed(obj):
        return True
    spec = _SPECS.get(cls) or _spec(cls)
    if spec.id_field is None:
        if not _checked(obj)[0]:
            return False
        know_well_formed(obj)
        return True
    return remembered(_checked, obj)[0]


def _are_well_formed(values: tuple[object, ...], cls: type) -> bool:
    """True when every item of ``values`` is exactly a ``cls`` whose fields its declaration
    allows (as :func:`is_well_formed`); never raises."""
    return all_known_well_formed(values) or all(map(is_well_formed, values, itertools.repeat(cls)))


def is_authentic(obj: object, cls: type) -> bool:
    """True when ``obj`` is a well-formed ``cls`` whose id reproduces (see :func:`verdict`)."""
    return verdict(obj, cls) is Verdict.AUTHENTIC


def from_payload(cls: type[_T], payload: object) -> _T:
    """Rebuild a record (or value type) from its full JSON payload.

    Takes exactly the declared keys and refuses any key missing or left over (style.md habit 3);
    the constructor then validates every field. Raises ``RecordError`` (or ``ValueError`` for an
    unknown enum value) on anything that does not fit: stored data that fails here is corrupt.
    """
    if type(payload) is not dict:
        raise RecordError(f"{cls.__name__}: expected an object")
    spec = _spec(cls)
    if set(payload) != set(spec.names):
        raise RecordError(f"{cls.__name__}: keys differ from the declared fields")
    hints = typing.get_type_hints(cls)
    return cls(
        **{name: decode_value(hints[name], payload[name], from_payload) for name in spec.names}
    )

