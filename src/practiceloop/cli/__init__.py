"""``practiceloop``: the command line (click + rich), a thin shell over the public API.

Subcommands: ``demo``, ``practice``, ``run``, ``verify``, ``show``, ``export``, ``stats``,
``eval``, ``serve``, ``key``, ``checkpoint`` (``practiceloop COMMAND --help`` for each;
``docs/cli.md`` for all of them).

Errors become exit codes in exactly one place, :meth:`_Cli.main` (via
:func:`~practiceloop.cli._exit.describe_error`): a store, engine or usage error is printed as
one line (and a hint), never a traceback; anything else is a bug, printed the same way unless
``--traceback`` asks to see it. Commands return their exit code.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from practiceloop import __version__
from practiceloop.cli._demo_command import demo
from practiceloop.cli._exit import EXIT_CODES, CliError, ExitCode, describe_error, epilog
from practiceloop.cli._loop_commands import eval_command, practice_command, run, serve
from practiceloop.cli._store_commands import export, show, stats, verify
from practiceloop.cli._trust_commands import checkpoint, key

__all__ = ["EXIT_CODES", "CliError", "ExitCode", "cli", "main"]


class _ClosedPipe(Exception):
    """Standard output's reader went away; carried past click, which would exit 1 on it."""


class _Cli(click.Group):
    """The command group; :meth:`main` is the one place that maps errors to exit codes."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise _ClosedPipe from exc

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> int:
        argv = list(sys.argv[1:] if args is None else args)
        traceback = "--traceback" in argv
        try:
            returned = super().main(argv, prog_name or "practiceloop", complete_var,
                                    standalone_mode=False, **extra)
            code = int(returned) if isinstance(returned, int) else ExitCode.OK
        except _ClosedPipe:
            code = _closed_pipe()
        except click.exceptions.Abort:
            code, message, hint = describe_error(KeyboardInterrupt())
            _report(message, hint)
        except click.ClickException as exc:  # usage errors, bad parameters
            exc.show()
            code = ExitCode.USAGE
        except Exception as exc:
            if traceback:
                raise
            code, message, hint = describe_error(exc)
            _report(message, hint)
        if standalone_mode:
            sys.exit(int(code))
        return int(code)


def _closed_pipe() -> ExitCode:
    """Standard output's reader went away (``practiceloop export | head``): stop quietly.

    Closing the pipe is the reader's choice, not an error of ours: no message, and the exit
    code a process killed by SIGPIPE would have (141, as ``cat`` gives in the same pipeline),
    so that ``set -o pipefail`` scripts see what they see of every other tool. Standard output
    is pointed at /dev/null so that the interpreter's final flush does not fail again.
    """
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return ExitCode.BROKEN_PIPE


def _report(message: str, hint: str) -> None:
    click.echo(f"practiceloop: error: {message}", err=True)
    if hint:
        click.echo(f"  hint: {hint}", err=True)


@click.group(cls=_Cli, epilog=epilog(), context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="practiceloop")
@click.option("--traceback", is_flag=True, help="Show a traceback for internal errors (bugs).")
def cli(traceback: bool) -> None:
    """Turn refused problems into sealed, auditable practice evidence."""


for _command in (demo, practice_command, run, verify, show, export, stats, eval_command, serve,
                 key, checkpoint):
    cli.add_command(_command)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``practiceloop`` script; returns (and exits with) the exit code."""
    return cli.main(argv)

