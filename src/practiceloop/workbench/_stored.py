"""Reading fields of stored records, which may be damaged: a wrong type reads as absent.

Every page and the index read stored JSON through these two functions, so that a field of the
wrong type (a number where a string belongs, a string where a list belongs) never raises and
never shows as something it is not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["text_of", "texts_of"]


def text_of(record: Mapping[str, Any] | None, name: str) -> str:
    """``record[name]`` when it is a string, else ``""`` (also for a missing record)."""
    value = None if record is None else record.get(name)
    return value if type(value) is str else ""


def texts_of(record: Mapping[str, Any] | None, name: str) -> list[str]:
    """The strings of the list ``record[name]`` (other items dropped; not a list: ``[]``)."""
    value = None if record is None else record.get(name)
    return [v for v in value if type(v) is str] if type(value) is list else []
