"""Malformed values for the boundary fuzz: every shape of bad input loop.md s7 names.

Each strategy draws a :class:`Corruption`: the bad value, a ``label`` saying what was done (the
reliability report counts inputs per label) and a :class:`Severity` saying what a boundary owes
it:

* ``ILL``: not a well-formed value of the expected type at all (wrong type, ``None``, a missing
  attribute, a bool for an int, NaN, a huge int, a lone surrogate, a record built around its
  constructor, a list where a tuple belongs, a tuple holding such a thing). Every boundary must
  refuse it.
* ``FOREIGN``: a well-formed value that belongs to another episode (a record of the same type
  with another id, a digest of another problem), or a tuple reordered, duplicated, truncated or
  extended with such a value. A boundary must refuse it wherever another argument binds it.
* ``FORGED``: a self-consistent forgery: a field changed and the id re-sealed over it, or one
  span moved by one character and the record re-sealed. A boundary must refuse it wherever
  another argument binds the changed content; where nothing does, the forgery is a new, lawful
  input (the report counts those separately).
* ``VALUE``: well-typed and in range but different (an index off by one, another enum member):
  a boundary may accept it.

Records are forged the way a caller with the objects could: through the constructor when the
value is well typed (then re-sealed), and otherwise by writing the record's private slots
directly (the kernel keeps those descriptors, see ``kernel/record.py``), which leaves an
instance the kernel never sealed. Nothing here uses the code under test to decide what is
malformed.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from practiceloop.kernel.identity import is_digest
from practiceloop.kernel.record import RecordError, is_well_formed, recompute_id, sealed
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "HUGE_INTS",
    "LONE_SURROGATES",
    "Corruption",
    "Hostile",
    "Pool",
    "Severity",
    "corruptions",
    "draw_params",
    "forge",
    "garbage",
    "hostile_texts",
    "huge_ints",
    "is_record",
    "json_values",
    "reseal",
    "same",
    "scalars",
    "shift_span",
]


class Severity(enum.IntEnum):
    """What a boundary owes a corrupted argument (see the module docstring)."""

    VALUE = 0
    FORGED = 1
    FOREIGN = 2
    ILL = 3


@dataclasses.dataclass(frozen=True)
class Corruption:
    """One bad value, what was done to make it, and how bad it is."""

    label: str
    value: object
    severity: Severity

    def __repr__(self) -> str:  # Hypothesis prints the falsifying example with this
        return f"Corruption({self.label}, {self.severity.name}, {_short(self.value)})"


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception as exc:  # a hostile or huge value
        text = f"<unprintable {type(value).__name__}: {type(exc).__name__}>"
    return text if len(text) <= 300 else text[:300] + "..."


# -- scalars ------------------------------------------------------------------------------------

HUGE_INTS: tuple[int, ...] = (2**53, 2**53 + 1, -(2**53), 2**63, 2**64 + 1, 10**30, 10**5000)
"""Ints past the canonical range; ``10**5000`` is past CPython's int-to-str digit limit too."""

LONE_SURROGATES: tuple[str, ...] = ("\ud800", "a\udfffb", "\udc80" * 3, "x" * 62 + "\ud83d")
"""Strings with no UTF-8 form (the last is a digest's length with a lone high surrogate)."""


class Hostile:
    """An object whose every attribute, comparison, hash of content and iteration raises."""

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # let Hypothesis, pytest and copy introspect it
            raise AttributeError(name)
        raise RuntimeError(f"hostile attribute {name}")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile comparison")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("hostile ordering")

    def __iter__(self) -> Any:
        raise RuntimeError("hostile iteration")

    def __len__(self) -> int:
        raise RuntimeError("hostile length")

    def __bool__(self) -> bool:
        raise RuntimeError("hostile truth")

    def __index__(self) -> int:
        raise RuntimeError("hostile index")

    def __repr__(self) -> str:
        return "<hostile>"

    __hash__ = object.__hash__


class _StrSubclass(str):
    """A str that is not exactly a str (records demand ``type(v) is str``)."""


class _IntSubclass(int):
    """An int that is not exactly an int."""


def huge_ints() -> st.SearchStrategy[int]:
    """One of :data:`HUGE_INTS` (drawn by index: Hypothesis cannot print ``10**5000``)."""
    return st.integers(0, len(HUGE_INTS) - 1).map(HUGE_INTS.__getitem__)


def scalars() -> st.SearchStrategy[object]:
    """Values of the wrong type or out of range for any field of any record."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        huge_ints(),
        st.sampled_from([-1, 0, 1]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.just(math.nan),
        st.text(max_size=6),
        st.sampled_from(LONE_SURROGATES),
        st.sampled_from(["", "0" * 63, "0" * 65, "A" * 64, "g" * 64, " " * 64]),
        st.binary(max_size=4),
        st.just(_StrSubclass("0" * 64)),
        st.just(_IntSubclass(1)),
        st.just(frozenset({1})),
        st.just(Ellipsis),
        st.builds(Hostile),
        st.builds(object),
    )


def garbage() -> st.SearchStrategy[object]:
    """Scalars, and small containers of them (lists where tuples belong, nested tuples, dicts)."""
    return st.recursive(
        scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.lists(inner, max_size=3).map(tuple),
            st.dictionaries(st.text(max_size=3), inner, max_size=2),
        ),
        max_leaves=5,
    )


def json_values(max_leaves: int = 12) -> st.SearchStrategy[object]:
    """Values JSON can carry, and some it cannot quite: huge ints, NaN, surrogates, deep lists."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        huge_ints().filter(lambda n: abs(n) < 10**40),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(LONE_SURROGATES),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.text(max_size=4), inner, max_size=4),
        ),
        max_leaves=max_leaves,
    )


def hostile_texts() -> st.SearchStrategy[str]:
    """Text a reader may meet: any code point, surrogates included, number-like runs, odd spaces."""
    fragments = st.sampled_from([
        "1/0", "0/0", "3/0", "1/2", "½", "¾", "$", "$ .5", "$.", "1,000,000", "1,00", "9" * 400,
        "0" * 50, ".5", "5.", "2.5.3", "-3", "3 1/2", "twenty-five", "a dozen", "half", "twice",
        "each", "How many", "?", ".", "!", "\u2028", "\u00a0", "\t", "\r\n", "Mr.", "e.g.", "’s",
        "\u0663", "\uff15", "𝟓", "\ufffd", "\x00", "\ud800", "\u200b", "After", "After lunch,",
        "he had", "had", "left", "gave", "each", "more than", "times",
    ])
    return st.one_of(
        st.text(max_size=40),
        st.lists(st.one_of(fragments, st.text(max_size=5)), max_size=12).map(" ".join),
        st.lists(st.one_of(fragments, st.text(max_size=5)), max_size=12).map("".join),
    )


# -- records ------------------------------------------------------------------------------------


def is_record(value: object) -> bool:
    """True for an instance of a kernel record or value type (declared with ``@record``)."""
    return hasattr(type(value), "__record_decl__")


def _fields(value: object) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(value))  # type: ignore[arg-type]


def _id_field(cls: type) -> str | None:
    _, id_field, _ = cls.__record_decl__  # type: ignore[attr-defined]
    return id_field  # type: ignore[no-any-return]


def forge(record: Any, **changes: object) -> Any:
    """A copy of ``record`` with ``changes`` written around its constructor.

    ``object.__new__``, then ``object.__setattr__``, which a frozen dataclass does not stop:
    the copy is checked by what it holds (with no change it is the same record).
    """
    copy = object.__new__(type(record))
    for name in _fields(record):
        object.__setattr__(copy, name, changes.get(name, getattr(record, name)))
    return copy


def reseal(record: Any, **changes: object) -> Any:
    """``record`` with well-typed ``changes``, built by its constructor and re-sealed.

    Self-consistent: its id reproduces over the new content. Raises ``RecordError`` (or
    ``TypeError``) when the changes are not well typed.
    """
    cls = type(record)
    values = {name: getattr(record, name) for name in _fields(record)}
    values.update(changes)
    id_field = _id_field(cls)
    if id_field is None:
        return cls(**values)
    del values[id_field]
    return sealed(cls, **values)


def same(left: object, right: object) -> bool:
    """Equal as evidence: records by identity and claimed id (explanations aside), tuples
    element-wise."""
    if left is right:
        return True
    if type(left) is not type(right):
        return False
    if is_record(left):
        if not (is_well_formed(left, type(left)) and is_well_formed(right, type(right))):
            return False
        id_field = _id_field(type(left))
        if id_field is not None and getattr(left, id_field) != getattr(right, id_field):
            return False
        try:
            return bool(recompute_id(left) == recompute_id(right))
        except Exception:
            return False
    if type(left) is tuple:
        assert type(right) is tuple
        return len(left) == len(right) and all(same(a, b) for a, b in zip(left, right, strict=True))
    try:
        return bool(left == right)
    except Exception:
        return False


def shift_span(span: SourceSpan, by: int = 1) -> SourceSpan:
    """The same text claimed one position later (or earlier): a well-formed, inexact span."""
    start = max(0, span.start + by)
    return SourceSpan(text=span.text, start=start, end=start + len(span.text),
                      sentence_index=span.sentence_index)


def _span_field(record: object) -> str | None:
    for name in _fields(record):
        value = getattr(record, name)
        if type(value) is tuple and value and all(type(v) is SourceSpan for v in value):
            return name
        if type(value) is SourceSpan:
            return name
    return None


# -- the pool of real values --------------------------------------------------------------------


@dataclasses.dataclass
class Pool:
    """Real values seen in real episodes, by type: the source of foreign values.

    ``digests`` holds every id seen (of every kind), so a digest argument can be swapped for the
    id of another problem's record.
    """

    by_type: dict[type, list[object]] = dataclasses.field(default_factory=dict)
    digests: list[str] = dataclasses.field(default_factory=list)
    _seen: set[tuple[type, object]] = dataclasses.field(default_factory=set)

    def add(self, value: object) -> None:
        """Add ``value`` (and, for tuples, every element; for records, their ids)."""
        if type(value) is tuple:
            for item in value:
                self.add(item)
            return
        if value is None or isinstance(value, (bool, int, enum.Enum)):
            return
        if type(value) is str:
            if is_digest(value) and ("digest", value) not in self._seen:
                self._seen.add(("digest", value))
                self.digests.append(value)
            return
        try:
            key: object = recompute_id(value) if is_record(value) else id(value)
        except Exception:
            return
        if (type(value), key) in self._seen:
            return
        self._seen.add((type(value), key))
        self.by_type.setdefault(type(value), []).append(value)
        if is_record(value):  # nested records (spans, mentions, attempts...) and ids too
            for name in _fields(value):
                field = getattr(value, name)
                if is_record(field) or type(field) is tuple or type(field) is str:
                    self.add(field)

    def others(self, value: object) -> list[object]:
        """Values of ``value``'s type from other episodes (FOREIGN: see the module docstring).

        A record of the same refused assessment (another residual of it, say) is not foreign:
        it is often a lawful argument in its own right, so it is left out.
        """
        episode = getattr(value, "original_contract_assessment_id", None)
        return [
            v for v in self.by_type.get(type(value), [])
            if not same(v, value)
            and (episode is None or getattr(v, "original_contract_assessment_id", None) != episode)
        ]

    def other_kinds(self, value: object) -> list[object]:
        """One real record of every other record type (a value of the wrong kind)."""
        ordered = sorted(self.by_type.items(), key=lambda kv: kv[0].__name__)
        return [values[0] for kind, values in ordered
                if kind is not type(value) and values and is_record(values[0])]


# -- corruptions of one value -------------------------------------------------------------------

_Draw = Callable[[st.SearchStrategy[Any]], Any]


def _ill(label: str) -> Callable[[object], Corruption]:
    return lambda value: Corruption(label, value, Severity.ILL)


def _record_ill(record: object) -> st.SearchStrategy[Corruption]:
    """Ill-formed stand-ins for a record."""
    cls = type(record)
    names = _fields(record)

    @st.composite
    def forged_field(draw: _Draw) -> Corruption:
        name = draw(st.sampled_from(names))
        forged = forge(record, **{name: draw(garbage())})
        return Corruption(f"forged_field:{name}", forged, Severity.ILL)

    @st.composite
    def missing_attribute(draw: _Draw) -> Corruption:
        drop = draw(st.sampled_from(names))
        ns = types.SimpleNamespace(**{n: getattr(record, n) for n in names if n != drop})
        return Corruption("missing_attribute", ns, Severity.ILL)

    lookalike = types.SimpleNamespace(**{n: getattr(record, n) for n in names})
    return st.one_of(
        forged_field(),
        missing_attribute(),
        st.just(Corruption("lookalike", lookalike, Severity.ILL)),
        st.builds(lambda: Corruption("bare_instance", object.__new__(cls), Severity.ILL)),
    )


def _new_value(draw: _Draw, current: object, pool: Pool) -> object:
    """A well-typed replacement for one field value (for a re-sealed forgery)."""
    kind = type(current)
    if kind is bool:
        return not current
    if kind is int:
        return draw(st.sampled_from([current + 1, max(0, current - 1), 0]))  # type: ignore[operator]
    if kind is str:
        if is_digest(current):
            others = [d for d in pool.digests if d != current]
            return draw(st.sampled_from(others)) if others else "f" * 64
        return draw(st.sampled_from([current + "x", "", current.upper()]))  # type: ignore[operator]
    if isinstance(current, enum.Enum):
        members = [m for m in type(current) if m is not current]
        return draw(st.sampled_from(members)) if members else current
    if kind is tuple and current:
        seq: tuple[object, ...] = current  # type: ignore[assignment]
        options = [seq[:-1], (*seq, seq[0])]
        if len(seq) > 1:
            options.append(seq[::-1])
        return draw(st.sampled_from(options))
    if current is None:
        return "f" * 64
    return current


def _record_forged(record: object, pool: Pool) -> st.SearchStrategy[Corruption]:
    """Self-consistent forgeries of a record: one field changed, or one span moved; re-sealed."""
    names = [n for n in _fields(record) if n != _id_field(type(record)) and n != "explanation"]

    @st.composite
    def resealed(draw: _Draw) -> Corruption:
        name = draw(st.sampled_from(names))
        new = _new_value(draw, getattr(record, name), pool)
        try:
            value = reseal(record, **{name: new})
        except (RecordError, TypeError, ValueError):
            return Corruption(f"forged_field:{name}", forge(record, **{name: new}), Severity.ILL)
        if same(value, record):
            return Corruption(f"resealed_same:{name}", value, Severity.VALUE)
        return Corruption(f"resealed:{name}", value, Severity.FORGED)

    strategies = [resealed()] if names else []
    field = _span_field(record)
    if field is not None:
        current = getattr(record, field)
        moved: object = (shift_span(current[0]), *current[1:]) if type(current) is tuple \
            else shift_span(current)  # type: ignore[arg-type]
        try:
            value = reseal(record, **{field: moved})
            strategies.append(st.just(Corruption("span_off_by_one", value, Severity.FORGED)))
        except (RecordError, TypeError, ValueError):
            forged = forge(record, **{field: moved})
            strategies.append(st.just(Corruption("span_off_by_one", forged, Severity.ILL)))
    if _id_field(type(record)) is not None:
        other = [d for d in pool.digests if d != getattr(record, _id_field(type(record)))]  # type: ignore[arg-type]
        if other:
            strategies.append(st.sampled_from(other[:50]).map(
                lambda d: Corruption("wrong_id", _try_replace(record, d), Severity.ILL)))
    return st.one_of(strategies) if strategies else st.nothing()


def _try_replace(record: object, new_id: str) -> object:
    """``record`` claiming ``new_id`` through its constructor (well typed, id not reproducing)."""
    field = _id_field(type(record))
    assert field is not None
    return dataclasses.replace(record, **{field: new_id})  # type: ignore[type-var]


def _tuple_corruptions(value: tuple[object, ...], pool: Pool) -> st.SearchStrategy[Corruption]:
    options: list[st.SearchStrategy[Corruption]] = [
        st.just(Corruption("list_for_tuple", list(value), Severity.ILL)),
        garbage().map(lambda g: Corruption("extended_garbage", (*value, g), Severity.ILL)),
    ]
    if value:
        options += [
            st.just(Corruption("duplicated", (value[0], *value), Severity.FOREIGN)),
            st.just(Corruption("truncated", value[:-1], Severity.FOREIGN)),
            st.just(Corruption("dropped_first", value[1:], Severity.FOREIGN)),
            st.integers(0, len(value) - 1).flatmap(
                lambda i: corruptions(value[i], pool).map(
                    lambda c: Corruption(f"element_{c.label}",
                                         (*value[:i], c.value, *value[i + 1:]), c.severity))),
        ]
    if len(value) > 1 and not same(value[::-1], value):
        options.append(st.just(Corruption("reordered", value[::-1], Severity.FOREIGN)))
        options.append(st.just(Corruption("rotated", (*value[1:], value[0]), Severity.FOREIGN)))
    sample = value[0] if value else None
    others = pool.others(sample) if sample is not None else []
    if others:
        options.append(st.sampled_from(others[:20]).map(
            lambda o: Corruption("extended_foreign", (*value, o), Severity.FOREIGN)))
    return st.one_of(options)


def _int_corruptions(value: int) -> st.SearchStrategy[Corruption]:
    return st.one_of(
        st.sampled_from([True, False]).map(_ill("bool_for_int")),
        huge_ints().map(_ill("huge_int")),
        st.sampled_from([-1, -(2**31)]).map(_ill("negative_int")),
        st.sampled_from([float(value), math.nan, math.inf]).map(_ill("float_for_int")),
        st.just(Corruption("str_for_int", str(value), Severity.ILL)),
        st.just(Corruption("int_subclass", _IntSubclass(value), Severity.ILL)),
        st.sampled_from([value + 1, max(0, value - 1)]).filter(lambda v: v != value).map(
            lambda v: Corruption("off_by_one", v, Severity.VALUE)),
    )


def _str_corruptions(value: str, pool: Pool) -> st.SearchStrategy[Corruption]:
    options = [
        st.sampled_from(LONE_SURROGATES).map(_ill("lone_surrogate")),
        st.just(Corruption("bytes_for_str", value.encode("utf-8", "surrogatepass"), Severity.ILL)),
        st.just(Corruption("str_subclass", _StrSubclass(value), Severity.ILL)),
    ]
    if is_digest(value):
        options += [
            st.just(Corruption("digest_upper", value.upper(), Severity.ILL)),
            st.just(Corruption("digest_truncated", value[:-1], Severity.ILL)),
            st.just(Corruption("digest_extended", value + "0", Severity.ILL)),
        ]
        others = [d for d in pool.digests if d != value]
        if others:
            options.append(st.sampled_from(others[:100]).map(
                lambda d: Corruption("foreign_digest", d, Severity.FOREIGN)))
    return st.one_of(options)


def corruptions(value: object, pool: Pool) -> st.SearchStrategy[Corruption]:
    """Every kind of bad value that can stand where ``value`` stood in a real call."""
    common: list[st.SearchStrategy[Corruption]] = [
        garbage().map(lambda g: Corruption("garbage", g, Severity.ILL)),
        st.builds(Hostile).map(_ill("hostile")),
    ]
    if value is not None:
        common.append(st.just(Corruption("none", None, Severity.ILL)))
    kind = type(value)
    specific: list[st.SearchStrategy[Corruption]] = []
    if is_record(value):
        # Three equal shares: ill formed, forged and re-sealed, from another episode.
        ill = [_record_ill(value), *common]
        wrong = pool.other_kinds(value)
        if wrong:
            ill.append(st.sampled_from(wrong).map(_ill("wrong_kind")))
        groups = [st.one_of(ill), _record_forged(value, pool)]
        others = pool.others(value)
        if others:
            groups.append(st.sampled_from(others[:30]).map(
                lambda o: Corruption("foreign", o, Severity.FOREIGN)))
        return st.one_of(groups)
    if kind is tuple:
        # Half structural and element-wise damage, half anything else.
        return st.one_of(_tuple_corruptions(value, pool), st.one_of(common))  # type: ignore[arg-type]
    elif kind is bool:
        specific.append(st.sampled_from([0, 1, "true"]).map(_ill("int_for_bool")))
    elif kind is int:
        specific.append(_int_corruptions(value))  # type: ignore[arg-type]
    elif kind is str:
        specific.append(_str_corruptions(value, pool))  # type: ignore[arg-type]
    elif isinstance(value, enum.Enum):
        specific.append(st.just(Corruption("enum_value_str", str(value.value), Severity.ILL)))
        members = [m for m in type(value) if m is not value]
        if members:
            specific.append(st.sampled_from(members).map(
                lambda m: Corruption("other_member", m, Severity.VALUE)))
    elif value is None:
        others = [v for values in pool.by_type.values() for v in values[:1]]
        if others:
            specific.append(st.sampled_from(others).map(_ill("record_for_none")))
    else:  # a declaration object (manifest, operator set, row): a forged copy
        specific.append(_declaration_corruptions(value, pool))
    return st.one_of(*specific, *common)


def _declaration_corruptions(value: object, pool: Pool) -> st.SearchStrategy[Corruption]:
    """Stand-ins for a plain frozen dataclass (the manifest and its parts)."""
    options: list[st.SearchStrategy[Corruption]] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in dataclasses.fields(value)]
        ns = types.SimpleNamespace(**{n: getattr(value, n) for n in names})
        options.append(st.just(Corruption("lookalike", ns, Severity.ILL)))

        @st.composite
        def overwritten(draw: _Draw) -> Corruption:
            # A frozen dataclass is not a record: object.__setattr__ does change it.
            name = draw(st.sampled_from(names))
            copy = _copy_dataclass(value)
            current = getattr(value, name)
            new = draw(garbage()) if draw(st.booleans()) else _new_value(draw, current, pool)
            object.__setattr__(copy, name, new)
            return Corruption(f"overwritten:{name}", copy, Severity.ILL)

        options.append(overwritten())
    others = pool.others(value)
    if others:
        options.append(st.sampled_from(others[:20]).map(
            lambda o: Corruption("foreign", o, Severity.FOREIGN)))
    return st.one_of(options) if options else st.nothing()


def _copy_dataclass(value: object) -> object:
    cls = type(value)
    copy = object.__new__(cls)
    for field in dataclasses.fields(value):  # type: ignore[arg-type]
        object.__setattr__(copy, field.name, getattr(value, field.name))
    return copy


def draw_params(names: Sequence[str]) -> st.SearchStrategy[tuple[str, ...]]:
    """Which arguments to corrupt: usually one, sometimes two or all."""
    if not names:
        return st.just(())
    if len(names) == 1:
        return st.just((names[0],))
    return st.one_of(
        st.sampled_from(names).map(lambda n: (n,)),
        st.lists(st.sampled_from(names), min_size=2, max_size=len(names), unique=True).map(tuple),
    )
