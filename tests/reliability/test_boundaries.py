"""Fuzz every public boundary with malformed values: no exception escapes, no partial record,
the refusal the spec names (loop.md s7, system.md "Reliability").

One registry (``boundaries.py``) lists every public callable of the kernel, the reader, the
orchestrator's entry points and the store's input paths, with its contract. One parametrized
Hypothesis test draws a real call (captured from real SVAMP episodes), corrupts one or more of
its arguments with ``strategies.corruptions`` (or the entry's own strategy), calls the boundary
and holds the outcome against the contract. A valid call (no corruption) is drawn too, and must
give exactly what the real call gave.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import enum
import types
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import is_well_formed

from . import figures
from .boundaries import (
    EXEMPT,
    NOT_RECORDED,
    REGISTRY,
    Boundary,
    Context,
    Contract,
    Raised,
    describe,
    public_callables,
    sound,
    store_head,
)
from .conftest import hypothesis_settings
from .strategies import Corruption, Hostile, Severity, corruptions, draw_params, is_record, same

pytestmark = pytest.mark.corpus  # real calls are captured from real SVAMP problems

SUITE = "fuzz"


def test_every_public_boundary_has_a_fuzz_entry_or_a_reason() -> None:
    """A new public callable without an entry (or a reasoned exemption) fails here."""
    public = set(public_callables())
    registered = {entry.name.split("[")[0] for entry in REGISTRY}
    missing = sorted(public - registered - set(EXEMPT))
    assert not missing, f"public callables with no fuzz entry and no exemption: {missing}"
    stale = sorted((registered | set(EXEMPT)) - public)
    assert not stale, f"registry entries for names that are not public callables: {stale}"
    assert len({entry.name for entry in REGISTRY}) == len(REGISTRY), "an entry is listed twice"
    figures.note(SUITE, "boundaries", len(REGISTRY))
    figures.note(SUITE, "public_callables", len(public))
    figures.note(SUITE, "exempt", len(public & set(EXEMPT)))


def test_every_entry_declares_what_it_owes() -> None:
    for entry in REGISTRY:
        if entry.contract is Contract.GUARD:
            assert entry.returns and entry.refused is not None, entry.name
        if entry.contract in (Contract.CONSTRUCTOR, Contract.STORE):
            assert entry.raises, entry.name  # (a helper with none never raises at all)
        assert entry.calls is not None, entry.name
        unknown = (entry.bound | entry.free) - set(entry.params())
        assert not unknown, f"{entry.name}: {sorted(unknown)} are not its parameters"


# -- declared types -------------------------------------------------------------------------------


def _allowed(hint: object) -> tuple[type, ...] | None:
    """The classes a declared parameter type admits at top level (None: unknown)."""
    if hint is None:
        return None
    if hint is type(None):
        return (type(None),)
    if hint is Digest:
        return (str,)
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        out: list[type] = []
        for arg in typing.get_args(hint):
            allowed = _allowed(arg)
            if allowed is None:
                return None
            out.extend(allowed)
        return tuple(out)
    if origin is tuple:
        return (tuple,)
    if origin in (collections.abc.Sequence, collections.abc.Iterable):
        return (list, tuple)
    if isinstance(hint, type):
        return (hint,)
    return None


def _digest_typed(hint: object) -> bool:
    if hint is Digest:
        return True
    union = typing.get_origin(hint) in (types.UnionType, typing.Union)
    return union and Digest in typing.get_args(hint)


_SAFE_INT = 2**53 - 1


def conforms(value: object, hint: object) -> bool | None:
    """Whether ``value`` is a well-formed value of the declared type (None: cannot tell).

    Written here, from the record rules of kernel/record.py's docstring (exact types, ints
    non-negative and safe, text with a UTF-8 form, digests 64 lowercase hex, tuples), so that
    garbage that happens to be lawful (``()``, ``5``, ``None`` where optional) is not graded
    as ill formed.
    """
    if hint is None:
        return None
    if hint is type(None):
        return value is None
    if hint is Digest:
        return type(value) is str and len(value) == 64 and set(value) <= set("0123456789abcdef")
    if hint is str:
        if type(value) is not str:
            return False
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if hint is bool:
        return type(value) is bool
    if hint is int:
        return type(value) is int and 0 <= value <= _SAFE_INT
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        answers = [conforms(value, a) for a in args]
        if any(a is True for a in answers):
            return True
        return False if all(a is False for a in answers) else None
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            answers = [conforms(v, args[0]) for v in value]
        elif len(args) != len(value):
            return False
        else:
            answers = [conforms(v, a) for v, a in zip(value, args, strict=True)]
        if all(a is True for a in answers):
            return True
        return False if any(a is False for a in answers) else None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return type(value) is hint
    if isinstance(hint, type) and hasattr(hint, "__record_decl__"):
        return type(value) is hint and is_well_formed(value, hint)
    return None


_REGRADED = ("garbage", "none", "wrong_kind", "record_for_none", "extended_garbage",
             "element_garbage", "element_none", "element_wrong_kind")


def _adjust(corruption: Corruption, hint: object) -> Corruption:
    """Re-grade a corruption against the parameter's declared type.

    A value of another type that the declaration admits (``None`` for an optional argument, a
    run refusal where a run or a refusal is accepted) is a lawful value of the wrong episode,
    not an ill-formed one; a digest mangled inside a plain ``str`` field is just another string.
    """
    allowed = _allowed(hint)
    value = corruption.value
    if corruption.severity is Severity.ILL and corruption.label in _REGRADED \
            and conforms(value, hint) is True:
        lawful_record = value is None or is_record(value) or type(value) is tuple
        return Corruption(corruption.label, value,
                          Severity.FOREIGN if lawful_record else Severity.VALUE)
    if corruption.severity is Severity.ILL and allowed is not None and type(value) in allowed:
        well_formed = value is None or (is_record(value) and is_well_formed(value, type(value)))
        if well_formed and corruption.label in ("none", "wrong_kind", "record_for_none"):
            return Corruption(corruption.label, value, Severity.FOREIGN)
        if corruption.label == "list_for_tuple":  # a Sequence parameter takes a list
            return Corruption(corruption.label, value, Severity.VALUE)
    if (corruption.severity is Severity.ILL and corruption.label.startswith("digest_")
            and hint is str and not _digest_typed(hint)):
        return Corruption(corruption.label, value, Severity.VALUE)
    return corruption


# -- the fuzz -------------------------------------------------------------------------------------


_STRATEGIES: dict[tuple[str, str, int], Any] = {}
_CALLS: dict[str, list[Any]] = {}


def _calls(entry: Boundary, ctx: Context) -> list[Any]:
    """The entry's real calls, built once: their arguments must live all session, because the
    strategies are cached by argument identity (a call list built anew each example let a new
    argument reuse a freed one's id and draw its strategy: Hypothesis saw the generation change
    between runs of one example, FlakyStrategyDefinition)."""
    calls = _CALLS.get(entry.name)
    if calls is None:
        assert entry.calls is not None
        calls = _CALLS[entry.name] = list(entry.calls(ctx))
    return calls


def _strategy(entry: Boundary, ctx: Context, param: str, value: object) -> Any:
    """The corruptions of one real argument (built once: the values live all session)."""
    key = (entry.name, param, id(value))
    cached = _STRATEGIES.get(key)
    if cached is None:
        cached = _STRATEGIES[key] = _build_strategy(entry, ctx, param, value)
    return cached


def _build_strategy(entry: Boundary, ctx: Context, param: str, value: object) -> Any:
    override = entry.overrides.get(param)
    if override is not None:
        return override(ctx, value)
    hint = ctx.hint(entry, param)
    strategy = corruptions(value, ctx.pool)
    if entry.contract in (Contract.HELPER, Contract.CONSTRUCTOR, Contract.STORE):
        # A helper over validated values (or a store method) may trip over an object built to
        # raise from every attribute: that is the caller's bug, not theirs. The guards, whose
        # callers may be anyone, get hostile objects.
        strategy = strategy.filter(lambda c: not _has_hostile(c.value))
    return strategy.map(lambda c: _adjust(c, hint))


def _has_hostile(value: object, depth: int = 0) -> bool:
    if isinstance(value, Hostile):
        return True
    if depth < 3 and type(value) in (tuple, list):
        return any(_has_hostile(v, depth + 1) for v in value)  # type: ignore[attr-defined]
    if depth < 3 and type(value) is dict:
        return any(_has_hostile(v, depth + 1) for v in value.values())  # type: ignore[attr-defined]
    if depth < 3 and isinstance(value, types.SimpleNamespace):
        return any(_has_hostile(v, depth + 1) for v in vars(value).values())
    if depth < 3 and is_record(value):  # a forged record may hold one in a field
        for field in dataclasses.fields(value):  # type: ignore[arg-type]
            try:
                inner = getattr(value, field.name)
            except AttributeError:  # a bare instance: the slot was never set
                continue
            if _has_hostile(inner, depth + 1):
                return True
    return False


def _same_result(left: object, right: object) -> bool:
    if type(left) is not type(right):
        return False
    if is_record(left) or type(left) is tuple:
        return same(left, right)
    if isinstance(left, enum.Enum) or left is None or type(left) in (bool, str, bytes, int):
        return left == right
    return True  # evidence bundles, practices: compared through their records by `sound`


def _fuzzable(entry: Boundary) -> list[str]:
    return [p for p in entry.params() if not p.startswith("ctx_")]


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda e: e.name.removeprefix("practiceloop."))
@hypothesis_settings()
@given(data=st.data())
def test_boundary_refuses_malformed_input(entry: Boundary, fuzz_context: Context,
                                          data: st.DataObject) -> None:
    ctx = fuzz_context
    call = data.draw(st.sampled_from(_calls(entry, ctx)), label="real call")
    params = _fuzzable(entry)
    unchanged = data.draw(st.integers(0, 11), label="variant") == 0
    chosen = () if unchanged else data.draw(draw_params(params), label="corrupted")
    args: dict[str, object] = dict(call.args)
    grades: dict[str, Corruption] = {}
    for param in chosen:
        original = call.args[param]
        corruption = data.draw(_strategy(entry, ctx, param, original), label=param)
        if corruption.severity is not Severity.VALUE and _unchanged(corruption.value, original):
            corruption = Corruption(f"{corruption.label}=unchanged", corruption.value,
                                    Severity.VALUE)
        args[param] = corruption.value
        grades[param] = corruption
    if entry.name.endswith(".append"):  # what a refused batch must leave untouched
        args["__head__"] = store_head(ctx.store)
    outcome = _invoke(entry, {k: v for k, v in args.items() if not k.startswith("__")})
    _count(entry, grades, outcome)
    _hold(entry, ctx, call, args, grades, outcome)


def _unchanged(value: object, original: object) -> bool:
    """The drawn 'corruption' is the original value again (garbage can draw ``()``)."""
    try:
        return type(value) is type(original) and same(value, original) and (
            not is_record(value) or is_well_formed(value, type(value)))
    except Exception:
        return False


def _invoke(entry: Boundary, args: dict[str, object]) -> object:
    try:
        return entry.func(**args)
    except (KeyboardInterrupt, SystemExit, MemoryError):
        raise
    except BaseException as exc:
        return Raised(exc)


def _count(entry: Boundary, grades: dict[str, Corruption], outcome: object) -> None:
    name = entry.name.removeprefix("practiceloop.")
    figures.count(SUITE, "inputs")
    figures.count(SUITE, f"entry:{name}")
    for grade in grades.values():
        figures.count(SUITE, f"label:{grade.label.split(':')[0]}")
        figures.count(SUITE, f"severity:{grade.severity.name}")
    figures.count(SUITE, f"outcome:{name}:{describe(outcome)}")


def _hold(entry: Boundary, ctx: Context, call: Any, args: dict[str, object],
          grades: dict[str, Corruption], outcome: object) -> None:
    raised = outcome.exc if isinstance(outcome, Raised) else None
    must = [p for p, g in grades.items() if entry.must_refuse(p, g)
            # Two lawful values changed together may agree with each other (a foreign run
            # with its own budget): only an ill-formed one must be refused then.
            and (len(grades) == 1 or g.severity is Severity.ILL)]
    ill = any(g.severity is Severity.ILL for g in grades.values())
    ill_typed = any(g.severity is Severity.ILL and g.label not in entry.well_formed_labels
                    for g in grades.values())
    where = f"{entry.name} with {grades or 'the real arguments'}"
    contract = entry.contract
    if contract in (Contract.GUARD, Contract.PREDICATE):
        figures.count(SUITE, "guard_calls")
        figures.count(SUITE, "escaped_exceptions", int(raised is not None))
        assert raised is None, f"{where} raised {raised!r}"
    else:
        if raised is not None:
            figures.count(SUITE, "typed_raises" if isinstance(raised, entry.raises)
                          else "untyped_raises")
            assert isinstance(raised, entry.raises), \
                f"{where} raised {type(raised).__name__}: {raised} (allowed: {entry.raises})"
        if not grades:
            assert raised is None, f"{where} raised on a real call: {raised!r}"
        if contract is Contract.HELPER and entry.total and not ill:
            assert raised is None, f"{where} raised on well-formed arguments: {raised!r}"
        if contract is Contract.CONSTRUCTOR:
            # Constructors check exact types (ids are sealed()'s business): one field that
            # does not conform to its declaration must be refused.
            off = [p for p in grades if conforms(args[p], ctx.hint(entry, p)) is False]
            if off:
                assert raised is not None, f"{where} built an instance from ill-typed {off}"
    if raised is None and not (ill and contract is Contract.HELPER):
        # (A helper handed garbage may hand garbage back: that is what "misuse" means. A
        # constructor checks types, not ids: ``sealed`` computes ids.)
        if contract is not Contract.CONSTRUCTOR:
            problem = sound(outcome)
            figures.count(SUITE, "results_checked_for_partial_records")
            figures.count(SUITE, "partial_records", int(problem is not None))
            assert problem is None, f"{where} returned a partial record: {problem}"
        if entry.returns:
            assert type(outcome) in entry.returns, f"{where} returned {type(outcome).__name__}"
        if entry.items and type(outcome) is tuple:
            bad = [type(i).__name__ for i in outcome if type(i) not in entry.items]
            assert not bad, f"{where} returned a tuple holding {bad}"
        if contract is Contract.CONSTRUCTOR and is_record(outcome):
            assert is_well_formed(outcome, type(outcome))
        if contract is Contract.PREDICATE:
            assert type(outcome) is bool, f"{where} answered {outcome!r}"
            if ill_typed:
                assert outcome is False, f"{where} answered True for an ill-formed argument"
    if contract is Contract.GUARD:
        assert entry.refused is not None
        refused = entry.refused(outcome)
        if must:
            assert refused, f"{where} accepted it: {describe(outcome)}"
            figures.count(SUITE, "refused_as_required")
        elif grades and not refused and any(g.severity is Severity.FORGED for g in grades.values()):
            figures.count(SUITE, "forgery_accepted_as_lawful")
            figures.add(SUITE, "forgeries_accepted", f"{entry.name}: {sorted(grades)}")
        if not grades and call.result is not NOT_RECORDED:
            assert _same_result(outcome, call.result), \
                f"{where}: a real call gave {describe(outcome)}, first {describe(call.result)}"
    if entry.check is not None:
        entry.check(ctx, call, args, outcome)


