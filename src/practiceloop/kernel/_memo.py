"""The kernel's one cache: what a pure function found about a frozen value, while it is unchanged.

Every boundary recomputes every upstream identity from its fields (loop.md s2, s7), so one
episode recomputes the same frame, assessment and residual ids a dozen times. This module keeps
the answer of a pure function of a frozen dataclass value (``record.py``: is it well formed,
what is its identity; the replay adapter: the manifest's digest) and gives it back only for the
*very same objects*: the value itself, and every field value of it and of every dataclass it
holds, compared by identity (``is``). A frozen dataclass cannot be assigned to, but
``object.__setattr__`` can still replace a field: any replaced field, however deep, is another
object, and the answer is computed afresh. Field values are otherwise immutable (str, int,
bool, None, enum members, tuples of them), so the same objects always give the same answer:
pure memoisation, nothing kept on the values. ``tests/kernel/test_memo.py`` checks that every
answer equals the uncached one, on real episodes and after forged replacements.
"""

from __future__ import annotations

import dataclasses
import operator
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

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


def _deep(held: object, stack: list[object]) -> None:
    """Push every frozen dataclass inside nested tuples (e.g. spans inside code evidence)."""
    if type(held) is tuple:
        for item in held:  # type: ignore[attr-defined]
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
    A value whose objects cannot be listed (one built around its constructor) is never kept.
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
    if len(_ENTRIES) >= LIMIT:
        _ENTRIES.clear()
    _ENTRIES[key] = (value, made_of, answer)
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
    if len(_ENTRIES) >= LIMIT:
        _ENTRIES.clear()
    _ENTRIES[(id(value), function)] = (value, made_of, answer)
