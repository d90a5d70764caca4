"""The shell's error family: one base for the store's and the engines' errors.

Kernel boundaries never raise on bad input (they return typed refusals); these exceptions are
for the shell: a store that is missing, locked or damaged, an engine that died. ``str()`` is one
line for people; :meth:`PracticeloopError.diagnostics` adds what to do about it. The command
line maps each family to its exit code in one place (``practiceloop.cli``).

    PracticeloopError
    ├── StoreError   (practiceloop.store.errors)
    └── EngineError  (practiceloop.engines.errors)
"""

from __future__ import annotations

__all__ = ["PracticeloopError"]


class PracticeloopError(Exception):
    """Base of every shell error. ``str()`` is one line; :meth:`diagnostics` says more."""

    hint: str = ""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if hint is not None:
            self.hint = hint

    def diagnostics(self) -> str:
        """The message and, when there is one, what to do about it (for people)."""
        if not self.hint:
            return self.message
        return f"{self.message}\n  hint: {self.hint}"
