"""Display helpers for the command line: one-line record summaries, tables, JSON output.

Display only: nothing here decides anything, and nothing printed is ever hashed or stored
(style.md habit 2: the canonical form and the display form are separate). rich is imported by
the helpers that draw, not by this module: ``--help`` never loads it.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Final, cast

import click

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

__all__ = [
    "binary_stdin",
    "binary_stdout",
    "err_console",
    "out_console",
    "print_json",
    "program",
    "short",
    "summarize",
    "table",
]

# Fields that tell what a record says, in the order a reader wants them (first few shown).
_TELLING: Final = (
    "problem_id",
    "candidate_organ",
    "runnable",
    "missing_bindings",
    "unresolved_hazards",
    "obligation_ref",
    "status",
    "reason_code",
    "residual_code",
    "residual_kind",
    "run_disposition",
    "exhaustion_code",
    "refusal_code",
    "operator_id",
    "attempt_index",
    "replay_disposition",
    "practice_disposition",
    "reason_codes",
)
_SHOWN: Final = 4


_PIPE_WIDTH: Final = 1000  # a pipe has no width: a line is as long as it is, never wrapped


def _console(stream: IO[str]) -> Console:
    from rich.console import Console as RichConsole

    class Console(RichConsole):
        def on_broken_pipe(self) -> None:
            # rich would exit 1 here; the command line's one handler stops quietly instead.
            self.quiet = True
            raise BrokenPipeError

    # Problem ids and texts are untrusted: "[/]" or "[bold red]x[/bold red]" must print as
    # written, so no console here reads markup, emoji codes or highlighting in what it prints.
    plain = {"markup": False, "emoji": False, "highlight": False}
    console = Console(file=stream, soft_wrap=False, **plain)  # type: ignore[arg-type]
    if not console.is_terminal:
        console = Console(file=cast(IO[str], _Unpadded(stream)), soft_wrap=False, width=_PIPE_WIDTH,
                          **plain)  # type: ignore[arg-type]
    return console


class _Unpadded(io.TextIOBase):
    """A text stream that drops the spaces rich pads table lines with before each newline
    (aligned columns stay aligned; a pipe or a file gets no trailing blanks)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(_TRAILING.sub("\n", text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False


_TRAILING: Final = re.compile(r"[ \t]+\n")


def out_console() -> Console:
    """A console on standard output (plain and wide when it is not a terminal)."""
    return _console(sys.stdout)


def err_console() -> Console:
    """A console on standard error, for progress bars and diagnostics."""
    return _console(sys.stderr)


# sys's streams, looked up when called: click's test runner swaps them (click's own
# get_*_stream helpers are deprecated from click 8.5).
def binary_stdin() -> BinaryIO:
    """Standard input as bytes."""
    return sys.stdin.buffer


def binary_stdout() -> BinaryIO:
    """Standard output as bytes."""
    return sys.stdout.buffer


def short(object_id: str) -> str:
    """The first 12 hex digits of an id, for tables (full ids are in ``--json``)."""
    return object_id[:12]


def _value(value: object) -> str:
    if type(value) is list:
        return ",".join(str(v) for v in value) or "-"
    return str(value)


def summarize(kind: str, record: Mapping[str, Any]) -> str:
    """A one-line, human summary of a stored record's fields."""
    if kind == "problem_frame":
        counts = (
            f"{len(record.get(name) or [])} {name}"
            for name in ("mentions", "relations", "targets", "observations")
        )
        return ", ".join(counts)
    parts = [
        f"{name}={_value(record[name])}"
        for name in _TELLING
        if name in record and record[name] not in (None, [], "")
    ]
    return " ".join(parts[:_SHOWN])


def table(title: str, columns: Sequence[str],
          rows: Iterable[Sequence[object]]) -> RenderableType:
    """A rich table with ``columns``; a column whose first cell is an int is right-aligned.

    Boxed on a terminal; plain aligned text (no box drawing) when standard output is a pipe
    or a file. Every cell and the title are plain text (never rich markup), whatever console
    prints them.
    """
    from rich.table import Table
    from rich.text import Text

    cells = [list(row) for row in rows]
    boxed = out_console().is_terminal
    if boxed:
        grid = Table(title=Text(title), title_justify="left")
    else:  # a pipe or a file: plain aligned text, no box drawing, for grep, diff and cut
        grid = Table(box=None, pad_edge=False, header_style="")
    for index, column in enumerate(columns):
        first = cells[0][index] if cells else None
        numeric = type(first) is int
        grid.add_column(Text(column), justify="right" if numeric else "left", overflow="fold")
    for row in cells:
        grid.add_row(*(Text(str(cell)) for cell in row))
    if boxed:
        return grid
    from rich.console import Group

    return Group(Text(title), grid)  # the title on its own line, never wrapped to the table


def print_json(value: object) -> None:
    """Write ``value`` as indented JSON on standard output (a machine reads it)."""
    click.echo(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True))


def program() -> str:
    """How to type this command again: ``practiceloop`` when that is what the shell finds,
    else the path it was started by (``.venv/bin/practiceloop`` from a checkout)."""
    started = sys.argv[0] if sys.argv else ""
    if os.path.basename(started) != "practiceloop":
        return "practiceloop"
    found = shutil.which("practiceloop")
    if found is not None and os.path.realpath(found) == os.path.realpath(started):
        return "practiceloop"
    return started
