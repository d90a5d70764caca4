"""Small ``sqlite3`` query helpers shared by the store's modules."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, Final

from practiceloop.kernel.identity import has_utf8_form

__all__ = ["IN_CHUNK", "has_table", "printable", "rows_in", "shown", "unbindable"]

IN_CHUNK: Final = 500  # keys per IN (...) query, far below SQLITE_MAX_VARIABLE_NUMBER


def rows_in(conn: sqlite3.Connection, select_in: str, keys: Sequence[object]) -> Iterator[Any]:
    """The rows of ``select_in (?, ?, ...)`` over ``keys``, queried :data:`IN_CHUNK` at a time.

    ``select_in`` ends with ``... IN``; each chunk's rows are fetched before they are yielded,
    so the caller may write between them.
    """
    for start in range(0, len(keys), IN_CHUNK):
        chunk = keys[start : start + IN_CHUNK]
        yield from conn.execute(f"{select_in} ({','.join('?' * len(chunk))})", chunk).fetchall()


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    """True when the main schema has a table (or virtual table) called ``name``."""
    row = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    ).fetchone()
    return row is not None


def unbindable(value: object) -> bool:
    """True for a str that SQLite cannot bind as text: it has no UTF-8 form (a lone surrogate);
    or an int outside SQLite's 64-bit INTEGER.

    ``sqlite3`` raises UnicodeEncodeError or OverflowError (not an ``sqlite3.Error``) when
    binding one, so a caller checks first: no stored row can hold such a key.
    """
    if type(value) is int:
        return not -(2**63) <= value < 2**63
    return type(value) is str and not has_utf8_form(value)


def shown(value: object) -> str:
    """``repr(value)`` for a message, bounded: CPython refuses str() of an int over 4300 digits
    (ValueError), so a huge int is named by its length (found by tests/reliability)."""
    if type(value) is int and value.bit_length() > 256:
        return f"<an int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except ValueError:  # a container holding such an int
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 80 else f"{text[:77]}..."


def printable(key: object) -> str:
    """A key for an error message: ``shown`` unless a str, whose unencodable characters are
    escaped."""
    if type(key) is not str:
        return shown(key)
    return key.encode("utf-8", "backslashreplace").decode("utf-8")
