"""The kernel's one cache: what a pure function answered about these very objects.

Every boundary recomputes every upstream identity from its fields (loop.md s2, s7), so one
episode would recompute the same frame, assessment and residual ids a dozen times, and the
same delta digests and binding chain at every stage. This module keeps the answer of a pure
function of records (is it well formed, what is its identity, its stored bytes, a table's
digest, a delta applied to a frame, a verified binding chain) and gives it back for the *very
same objects* only, found by identity: never for a copy, however equal.

Why that is sound: records are frozen dataclasses, immutable by contract (``record.py``), and
so are the other kernel values handed in here (frozen dataclasses, tuples of them, str). A
frozen dataclass refuses assignment; ``object.__setattr__`` on one is outside the API, like
writing into a tuple's memory, and so is building one around its constructor and changing it
after it was handed to a boundary. The same objects therefore always give the same answer: a
pure function of immutable inputs. An object that is not the same (a copy, a forged record
built field by field, a record decoded from stored bytes) is a miss and is computed afresh, so
the fuzz suites' forged records always get the full check.

Each entry holds the objects it is about, so their ``id``\\ s are never reused while the entry
lives: a key of ids found in the table names exactly those objects. The table is bounded
(:data:`LIMIT`) and forgets the least recently used half when full. Nothing is kept on the
values themselves. ``tests/kernel/test_memo.py`` checks that every answer equals the uncached
one on real problems, that a new object with the same fields is a miss, and the bound.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Final, TypeVar

__all__ = [
    "LIMIT",
    "all_known_well_formed",
    "know_well_formed",
    "known_well_formed",
    "remember",
    "remembered",
    "taken",
]

_T = TypeVar("_T")

LIMIT: Final = 8192
"""Entries kept (an episode makes about 80): a bound on memory. A smaller table makes a
corpus run no faster (docs/performance.md), and a run of a thousand attempts then forgets the
answers its binds and trace ask again (``benchmarks/bench_scaling.py --part attempts``, 1,024
entries: binding 2.3x per attempt at 1,000 attempts, sealing 4x at 100)."""


# (function, id of each value) -> (the values, the answer). Holding the values keeps their ids
# from being reused while the entry lives. A dict keeps insertion order and a hit moves its
# entry to the end, so the first entries are the least recently used.
_ENTRIES: Final[dict[tuple[object, ...], tuple[tuple[object, ...], object]]] = {}


def _key(function: object, value: object, more: tuple[object, ...]) -> tuple[object, ...]:
    return (function, id(value), *map(id, more)) if more else (function, id(value))


def remembered(function: Callable[..., _T], value: object, *more: object) -> _T:
    """``function(value, *more)``, or the answer it gave for these very objects.

    ``function`` must be a pure function of its arguments, each immutable (a record or another
    frozen kernel value, a tuple of them, a str).
    """
    key = (function, id(value), *map(id, more)) if more else (function, id(value))
    entry = _ENTRIES.pop(key, None)
    if entry is not None:
        _ENTRIES[key] = entry
        return entry[1]  # type: ignore[return-value]
    answer = function(value, *more)
    _keep(key, (value, *more), answer)
    return answer


def remember(
    function: Callable[..., object], answer: object, value: object, *more: object
) -> None:
    """Keep ``answer`` as ``function(value, *more)`` for these very objects, computed by the
    caller.

    For a constructor that has just computed exactly what ``function`` computes (``sealed``:
    the identity and stored bytes of the record it built), so that the first boundary to ask
    does not compute it again. The caller's answer must equal ``function(value, *more)``; the
    tests check it for every record of real problems.
    """
    _keep(_key(function, value, more), (value, *more), answer)


def taken(function: Callable[..., _T], value: object, *more: object) -> _T | None:
    """The answer kept as ``function(value, *more)`` for these very objects, removed from the
    table; None when none is kept. For a caller that goes on to change what it takes (the
    binding stage grows a chain's tally into the tally of the longer chain), so that the table
    never holds an answer that no longer holds for the values it is kept for.
    """
    entry = _ENTRIES.pop(_key(function, value, more), None)
    return None if entry is None else entry[1]  # type: ignore[return-value]


def _keep(key: tuple[object, ...], values: tuple[object, ...], answer: object) -> None:
    if len(_ENTRIES) >= LIMIT:
        for old in list(itertools.islice(_ENTRIES, LIMIT // 2)):
            del _ENTRIES[old]
    _ENTRIES[key] = (values, answer)


# id -> a value (a record with no id) known well formed: it passed its constructor's checks.
# Holding the value keeps its id from being reused while the entry lives.
_WELL_FORMED: Final[dict[int, object]] = {}


def know_well_formed(value: object) -> None:
    """Keep ``value`` (just checked by its constructor) as known well formed."""
    if len(_WELL_FORMED) >= LIMIT:
        for old in list(itertools.islice(_WELL_FORMED, LIMIT // 2)):
            del _WELL_FORMED[old]
    _WELL_FORMED[id(value)] = value


def known_well_formed(value: object) -> bool:
    """True when this very object is kept as known well formed."""
    return _WELL_FORMED.get(id(value)) is value


def all_known_well_formed(values: tuple[object, ...]) -> bool:
    """True when every one of these very objects is kept as known well formed (in C)."""
    return all(map(operator.is_, map(_WELL_FORMED.get, map(id, values)), values))
