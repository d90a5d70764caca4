"""The kernel's one cache: what a pure function found about a frozen value, while it is unchanged.

Every boundary recomputes every upstream identity from its fields (loop.md s2, s7), so one
episode recomputes the same frame, assessment and residual ids a dozen times. This module keeps
the answer of a pure function of a frozen dataclass value (``record.py``: is it well formed,
what is its identity; the replay adapter: the manifest's digest) and gives it back only for the
*very same objects*: the value itself, and every field value of it and of every dataclass it
holds, compared by identity (``is``). A frozen dataclass cannot be assigned to, but
``object.__setattr__`` can still replace a field: any replaced field, however deep, is another
object, and the answer is computed afresh. An answer is kept only when every object listed is
immutable (str, int, bool, None, enum members, functions, tuples of them; a list or dict, even
inside a tuple, could change in place), so the same objects always give the same answer: pure
memoisation, nothing kept on the values. ``tests/kernel/test_memo.py`` checks that every
answer equals the uncached one, on real episodes and after forged replacements.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import operator
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar, cast

__all__ = ["LIMIT", "remember", "remembered"]

_T = TypeVar("_T")

LIMIT: Final = 4096
"""Entries kept before the table is emptied (an episode holds a few dozen values): a bound on
memory, not a tuning."""

# How a field may hold frozen dataclasses: as itself, as a tuple of them, or nested deeper.
_ONE, _MANY, _DEEP = 0, 1, 2
# A class's field getter, and (position, how) for each field that may hold frozen dataclasses.
_Plan = tuple[Callable[[object], tuple[object, ...]], tuple[tuple[int, int], ...]]
_PLANS: Final[dict[type, _Plan]] = {}

# (id(value), function) -> (value, the objects it was made of, the answer); holding the value
# keeps its id from being reused while the entry lives.
_ENTRIES: Final[dict[tuple[int, object], tuple[object, list[object], object]]] = {}


def _is_dataclass_type(annotation: object) -> bool:
    return isinstance(annotation, type) and dataclasses.is_dataclass(annotation)


def _holds(annotation: object) -> int | None:
    """How a value of ``annotation`` may hold frozen dataclasses (None: it holds none)."""
    if _is_dataclass_type(annotation):
        return _ONE
    args = [arg for arg in typing.get_args(annotation) if arg is not ...]
    if not any(_holds(arg) is not None for arg in args):
        return None
    variable = typing.get_origin(annotation) is tuple and typing.get_args(annotation)[-1] is ...
    if variable and len(args) == 1 and _is_dataclass_type(args[0]):
        return _MANY
    return _DEEP


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls)
        names = tuple(field.name for field in dataclasses.fields(cls))
        getter = operator.attrgetter(*names)
        values: Callable[[object], tuple[object, ...]] = (
            getter if len(names) > 1 else (lambda obj: (getter(obj),))
        )
        nested = tuple(
            (index, how)
            for index, name in enumerate(names)
            if (how := _holds(hints[name])) is not None
        )
        plan = _PLANS[cls] = (values, nested)
    return plan


_SETTLED: Final[dict[type, bool]] = {str: True, int: True, bool: True, type(None): True}


def _settled_type(kind: type) -> bool:
    """A type whose instances cannot change: a scalar, an enum, a frozen dataclass (its fields
    are listed on their own), a function (callables never enter an answer: manifests)."""
    known = _SETTLED.get(kind)
    if known is None:
        params = getattr(kind, "__dataclass_params__", None)
        known = _SETTLED[kind] = (
            issubclass(kind, enum.Enum)
            or (params is not None and params.frozen)
            or kind in (types.FunctionType, types.BuiltinFunctionType, types.MethodType)
        )
    return known


def _settled(objects: list[object]) -> bool:
    """True when no object listed can change in place: a list or dict (even inside a tuple)
    could, and so an answer about it is never kept."""
    pending: list[Iterable[object]] = [objects]
    known = _SETTLED
    while pending:
        items = tuple(pending.pop())
        found = set(map(type, items))
        if tuple in found:
            found.discard(tuple)
            is_tuple = map(operator.is_, map(type, items), itertools.repeat(tuple))
            # the items of every tuple listed, all at once
            tuples = cast(Iterable[Iterable[object]], itertools.compress(items, is_tuple))
            pending.append(itertools.chain.from_iterable(tuples))
        if not known.keys() >= found:
            for kind in found - known.keys():
                _settled_type(kind)
        if not all(map(known.__getitem__, found)):
            return False
    return True


def _deep(held: object, stack: list[object]) -> None:
    """Push every frozen dataclass inside nested tuples (e.g. spans inside code evidence)."""
    if type(held) is tuple:
        for item in cast(tuple[object, ...], held):
            _deep(item, stack)
    elif _is_dataclass_type(type(held)):
        stack.append(held)


def _objects(value: object, into: list[object]) -> None:
    """Append every field value of ``value`` and of every frozen dataclass it holds.

    Raises for a value that is not a dataclass (a forged field): such a value is never kept.
    """
    stack = [value]
    pop, push, extend = stack.pop, stack.append, stack.extend
    plans = _PLANS
    while stack:
        item = pop()
        values, nested = plans.get(type(item)) or _plan(type(item))
        fields = values(item)
        into += fields
        for index, how in nested:
            held = fields[index]
            if how == _MANY:
                if type(held) is tuple:
                    extend(held)
            elif how == _ONE:
                if held is not None:
                    push(held)
            else:
                _deep(held, stack)


def remembered(function: Callable[[Any], _T], value: object) -> _T:
    """``function(value)``, or its answer for these very objects when they are unchanged.

    ``function`` must be a pure function of the frozen dataclass ``value`` and of what it holds.
    An answer is kept only about a value made of objects that cannot change in place (never one
    holding a list or a dict, at any depth, nor one built around its constructor), so a lookup
    needs only compare the objects themselves.
    """
    try:
        made_of: list[object] = []
        _objects(value, made_of)
    except Exception:  # a field never set, a forged class: answer afresh, keep nothing
        return function(value)
    key = (id(value), function)
    entry = _ENTRIES.get(key)
    if (
        entry is not None
        and entry[0] is value
        and len(entry[1]) == len(made_of)
        and all(map(operator.is_, entry[1], made_of))
    ):
        return entry[2]  # type: ignore[return-value]
    answer = function(value)
    _keep(key, value, made_of, answer)
    return answer


def remember(function: Callable[[Any], _T], value: object, answer: _T) -> None:
    """Keep ``answer`` as ``function(value)`` for these very objects, computed by the caller.

    For a constructor that has just computed exactly what ``function`` computes (``sealed``:
    the identity and stored bytes of the record it built), so that the first boundary to ask
    does not compute it again. The caller's answer must equal ``function(value)``; the tests
    check it for every record of real episodes.
    """
    try:
        made_of: list[object] = []
        _objects(value, made_of)
    except Exception:  # a value whose objects cannot be listed is never kept
        return
    _keep((id(value), function), value, made_of, answer)


def _keep(key: tuple[int, object], value: object, made_of: list[object], answer: object) -> None:
    """Keep an answer about objects that cannot change in place (checked once, here)."""
    if not _settled(made_of):
        return
    if len(_ENTRIES) >= LIMIT:
        _ENTRIES.clear()
    _ENTRIES[key] = (value, made_of, answer)
