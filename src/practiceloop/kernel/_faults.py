"""The fault plumbing every boundary shares: a check fails, the boundary returns its refusal.

A boundary runs its numbered checks in order; the first that fails raises :class:`Stop` with the
stage's own refusal code and a stable reason, and :func:`guarded` turns it into the stage's
typed refusal, carrying exactly the ids validated so far (``known``, filled in as checks pass:
ADR-0229 s7.2, populated only when validated, never guessed). Anything else a bizarre input
makes the checks raise becomes the stage's "invalid input" refusal with no ids. So no boundary
raises on bad input (loop.md s7), and each stage keeps only its map from a shared
:class:`Fault` (what a shared check found) to its own vocabulary.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["Fault", "FaultKind", "Known", "Stop", "check", "guarded", "stop_on"]

_T = TypeVar("_T")
_R = TypeVar("_R")
_C = TypeVar("_C", bound=enum.Enum)

Known = dict[str, Any]
"""The ids a boundary has validated so far, by the name of the refusal field they fill."""


class FaultKind(enum.StrEnum):
    """What a shared check found wrong, before each stage names it in its own vocabulary."""

    MALFORMED = "malformed"  # a value of the wrong type or shape
    MISSING = "missing"  # an upstream record that should be there is not (None, absent)
    UNSUPPORTED = "unsupported"  # a schema or policy version this kernel does not support
    MISMATCH = "mismatch"  # an id that does not reproduce, or a broken link


@dataclasses.dataclass(frozen=True, slots=True)
class Fault:
    """One fault: its kind and a stable reason code (``frame_digest_mismatch``...)."""

    kind: FaultKind
    reason: str


class Stop(Exception):
    """A failed check: the stage's refusal code and its reasons (never escapes a boundary)."""

    def __init__(self, code: enum.Enum, *reasons: str) -> None:
        super().__init__(code.value, *reasons)
        self.code, self.reasons = code, reasons


def check(condition: bool, code: enum.Enum, *reasons: str) -> None:
    """Raise :class:`Stop` with ``code`` and ``reasons`` unless ``condition`` holds."""
    if not condition:
        raise Stop(code, *reasons)


def stop_on(fault: Fault | None, codes: Mapping[FaultKind, enum.Enum]) -> None:
    """Raise :class:`Stop` for a shared check's fault, named by the stage's ``codes``."""
    if fault is not None:
        raise Stop(codes[fault.kind], fault.reason)


def guarded(
    build: Callable[[Known], _T],
    refuse: Callable[[_C, tuple[str, ...], Known], _R],
    invalid: _C,
) -> _T | _R:
    """``build(known)``, or the stage's refusal: never an exception, never a partial value.

    A :class:`Stop` becomes ``refuse(code, reasons, known)`` with the ids validated before it;
    any other exception ``refuse(invalid, ("unexpected_input",), {})``: nothing it held was
    validated lawfully.
    """
    known: Known = {}
    try:
        return build(known)
    except Stop as stop:
        return refuse(stop.code, stop.reasons, known)  # type: ignore[arg-type]
    except Exception:  # last guard: a bizarre input must still come back as a refusal
        return refuse(invalid, ("unexpected_input",), {})
