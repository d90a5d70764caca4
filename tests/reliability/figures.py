"""Figures the reliability suites count as they run, for ``scripts/reliability_report.py``.

Each suite adds to :data:`FIGURES` (inputs tried, corruptions planted and detected, kills
survived, traces checked...). When ``PRACTICELOOP_RELIABILITY_FIGURES`` names a file, the
session's ``conftest.py`` writes them there as JSON at the end of the run; otherwise they are
only kept in memory. Counting never changes what a test asserts.
"""

from __future__ import annotations

import collections
import json
import os
from pathlib import Path
from typing import Any

__all__ = ["FIGURES", "add", "count", "note", "write"]

FIGURES: dict[str, Any] = {}


def count(suite: str, key: str, by: int = 1) -> None:
    """Add ``by`` to the counter ``key`` of ``suite``."""
    counters = FIGURES.setdefault(suite, {}).setdefault("counts", collections.Counter())
    counters[key] += by


def add(suite: str, key: str, item: object) -> None:
    """Append ``item`` to the list ``key`` of ``suite``."""
    FIGURES.setdefault(suite, {}).setdefault(key, []).append(item)


def note(suite: str, key: str, value: object) -> None:
    """Set ``key`` of ``suite`` to ``value``."""
    FIGURES.setdefault(suite, {})[key] = value


def write() -> Path | None:
    """Write the figures to ``$PRACTICELOOP_RELIABILITY_FIGURES`` (if set); its path."""
    target = os.environ.get("PRACTICELOOP_RELIABILITY_FIGURES")
    if not target:
        return None
    path = Path(target)
    path.write_text(json.dumps(FIGURES, indent=2, sort_keys=True, default=_plain) + "\n",
                    encoding="utf-8")
    return path


def _plain(value: object) -> object:
    if isinstance(value, collections.Counter):
        return dict(value)
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value, key=str)
    return str(value)
