"""Exit codes, and the one place where an error becomes an exit code and a line for people.

Codes 1, 2 and 4 are the audit's bitmask (``verify`` may combine them, 1 to 7); the others
follow BSD ``sysexits.h`` so that scripts can tell a usage mistake from a missing file, a busy
store or a bug. :data:`EXIT_CODES` is the documented table (``--help`` epilog and
``docs/cli.md``, which a test keeps in step with it).

The store's and the engines' error classes are imported only when such an error is being
described: every one of them is a :class:`~practiceloop.errors.PracticeloopError`, so any other
error (and ``--help``) needs neither package.
"""

from __future__ import annotations

import enum
from typing import Final

from practiceloop.errors import PracticeloopError

__all__ = ["EXIT_CODES", "CliError", "ExitCode", "describe_error", "epilog"]


class ExitCode(enum.IntEnum):
    """Every exit code the command line uses."""

    OK = 0
    CORRUPT = 1
    INCOMPLETE = 2
    COULD_NOT_RUN = 4
    USAGE = 64
    DATA = 65
    NO_INPUT = 66
    UNAVAILABLE = 69
    SOFTWARE = 70
    CANT_CREATE = 73
    IO = 74
    TEMPFAIL = 75
    NO_PERM = 77
    INTERRUPTED = 130
    BROKEN_PIPE = 141


EXIT_CODES: Final[tuple[tuple[str, str], ...]] = (
    ("0", "success; for verify: nothing wrong was found"),
    ("1", "corrupt evidence: stored bytes, ids, dispositions or the log are not what they claim"),
    ("2", "incomplete chain: a referenced record, log entry or problem entry is missing"),
    ("4", "verify could not run (part of) the audit: unreadable store or checkpoints"),
    ("1-7", "verify: the bitwise OR of 1, 2 and 4 (e.g. 3 = corrupt and incomplete)"),
    ("64", "usage error: unknown option, missing argument, options that do not combine, an "
           "id prefix that names more than one record"),
    ("65", "bad input data: a run skipped bad corpus lines, a file is not a store or bundle"),
    ("66", "not found: no store, corpus, gold file or record with that name"),
    ("69", "unavailable: an optional engine is not installed, no scheduler answers"),
    ("70", "internal error (a bug): the loop raised on some problems, or the CLI itself did"),
    ("73", "cannot create the output file or the store (its path cannot name a file)"),
    ("74", "I/O error: the disk failed or is full"),
    ("75", "try again: the store is locked by another writer, or the engine died (resumable)"),
    ("77", "permission: the store or its directory is read-only, or may not be read"),
    ("130", "interrupted (Ctrl-C); everything committed is kept, run again to resume"),
    ("141", "standard output was closed by its reader (piped into `head`): stopped quietly"),
)
"""``(code, meaning)`` rows, as documented."""


class CliError(Exception):
    """An error the command line itself raises: a message for people and its exit code."""

    def __init__(self, message: str, code: ExitCode, *, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.hint = hint


def epilog() -> str:
    """The exit-code table for ``--help`` (click keeps ``\\b`` blocks unwrapped)."""
    rows = "\n".join(f"  {code:>4}  {meaning}" for code, meaning in EXIT_CODES)
    return f"\b\nExit codes:\n{rows}\n\nDetails: docs/cli.md"


def _code(exc: BaseException) -> ExitCode:
    # Most specific classes first: the families nest (e.g. a corrupt object is a store error).
    if isinstance(exc, CliError):
        return exc.code
    if not isinstance(exc, PracticeloopError):
        return ExitCode.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else ExitCode.SOFTWARE
    from practiceloop.engines import (
        CorpusError,
        EngineLostError,
        EngineUnavailableError,
        SchedulerUnreachableError,
    )
    from practiceloop.store import (
        AmbiguousIdError,
        BundleError,
        CheckpointError,
        ConflictError,
        NotAStoreError,
        ObjectNotFoundError,
        StoreCorruptError,
        StoreCreateError,
        StoreIOError,
        StoreLockedError,
        StoreNotFoundError,
        StorePermissionError,
        StoreReadOnlyError,
    )

    if isinstance(exc, AmbiguousIdError):
        return ExitCode.USAGE
    if isinstance(exc, StoreNotFoundError | ObjectNotFoundError | CorpusError):
        return ExitCode.NO_INPUT
    if isinstance(exc, NotAStoreError | BundleError):
        return ExitCode.DATA
    if isinstance(exc, StoreCorruptError | ConflictError | CheckpointError):
        return ExitCode.CORRUPT
    if isinstance(exc, StoreLockedError | EngineLostError):
        return ExitCode.TEMPFAIL
    if isinstance(exc, StoreReadOnlyError | StorePermissionError):
        return ExitCode.NO_PERM
    if isinstance(exc, StoreCreateError):
        return ExitCode.CANT_CREATE
    if isinstance(exc, StoreIOError):
        return ExitCode.IO
    if isinstance(exc, EngineUnavailableError | SchedulerUnreachableError):
        return ExitCode.UNAVAILABLE
    # StoreError, EngineError, or another family's error: each a bug.
    return ExitCode.SOFTWARE


def describe_error(exc: BaseException) -> tuple[ExitCode, str, str]:
    """``(exit code, one-line message, hint)`` for any error that reaches the command line."""
    code = _code(exc)
    if isinstance(exc, CliError):
        return code, exc.message, exc.hint
    if isinstance(exc, PracticeloopError):
        from practiceloop.engines import EngineError
        from practiceloop.store import StoreError

        if isinstance(exc, StoreError | EngineError):
            return code, exc.message, exc.hint
    if isinstance(exc, KeyboardInterrupt):
        return code, "interrupted", "everything committed is kept; run the command again to resume"
    # Anything else is a bug: say so on one line; --traceback shows where.
    text = str(exc).splitlines()[0] if str(exc) else ""
    return (
        code,
        f"internal error: {type(exc).__name__}: {text}",
        "this is a bug in practiceloop; run again with --traceback and report it",
    )
