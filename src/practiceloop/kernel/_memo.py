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

__all__ = ["LIMIT", "remembered"]

_T = TypeVar("_T")

LIMIT: Final = 4096
"""Entries kept before the table is emptied (an episode holds a few dozen values): a bound on
memory, not a tuning."""

# How to list the objects a field holds (None: only the field's value itself, nothing inside).
_Descend = Callable[[object, list[object]], None]
# A class's field getter, and a descender for each field that may hold frozen dataclasses.
_Plan = tuple[Callable[[object], tuple[object, ...]], tuple[tuple[int, _Descend], ...]]
_PLANS: Final[dict[type, _Plan]] = {}

# (id(value), function) -> (value, the objects it was made of, the answer); holding the value
# keeps its id from being reused while the entry lives.
_ENTRIES: Final[dict[tuple[int, object], tuple[object, list[object], object]]] = {}


def _descender(annotation: object) -> _Descend | None:
    """How to list the objects inside a value of ``annotation`` (None: nothing to list)."""
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        cls = annotation

        def one(value: object, into: list[object]) -> None:
            if type(value) is cls:
                _objects(value, into)

        return one
    parts = [_descender(arg) for arg in typing.get_args(annotation) if arg is not ...]
    inner = [part for part in parts if part is not None]
    if not inner:
        return None
    if typing.get_origin(annotation) is tuple:
        variable = typing.get_args(annotation)[-1] is ...

        def items(value: object, into: list[object]) -> None:
            if type(value) is not tuple:
                return
            for position, item in enumerate(value):
                part = parts[0] if variable else parts[position] if position < len(parts) else None
                if part is not None:
                    part(item, into)

        return items

    def either(value: object, into: list[object]) -> None:  # a union: the part of its type
        for part in inner:
            part(value, into)

    return either


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
            (index, descend)
            for index, name in enumerate(names)
            if (descend := _descender(hints[name])) is not None
        )
        plan = _PLANS[cls] = (values, nested)
    return plan


def _objects(value: object, into: list[object]) -> None:
    """Append every field value of ``value`` and, depth first, of each dataclass it holds."""
    values, nested = _PLANS.get(type(value)) or _plan(type(value))
    fields = values(value)
    into.extend(fields)
    for index, descend in nested:
        descend(fields[index], into)


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
