"""``practiceloop demo``: the shipped demo corpus run end to end, for a user with no checkout.

The demo corpus (problems written for the project, ``practiceloop/examples/demo.jsonl``,
package data) is copied beside the store, then the same commands a person would type run one
after the other, each printed first as its command line (``$ practiceloop run ...``):

1. ``key generate``: an Ed25519 key pair under ``DIR/keys/``;
2. ``run`` with ``--sign-key``: every problem practised, sealed, checkpointed and signed;
3. ``checkpoint``: the signed checkpoint, as published;
4. ``verify --trusted-key --replay``: the full audit, signatures and re-execution included;
5. ``export --attestation`` of one trace, and ``verify --attestation`` of it, offline;
6. ``stats`` and ``eval`` (against the demo's own gold answers);

and finally what to try next (the Workbench command first). ``make demo`` is this command on
``build/demo/store.sqlite``. A folder that already holds a demo is refused (exit 73), so that
nothing is mixed with an earlier run: remove it, or give another ``--store``.
"""

from __future__ import annotations

import shlex
import sys
from importlib import resources
from pathlib import Path
from typing import Final

import click

from practiceloop.cli._exit import CliError, ExitCode, epilog
from practiceloop.cli._render import program

__all__ = ["DEMO_CORPUS", "demo", "demo_corpus"]

DEMO_CORPUS: Final = "examples/demo.jsonl"
"""The demo corpus, inside the ``practiceloop`` package."""
_KEY_NAME: Final = "practiceloop-demo"
_TRACED: Final = "demo-change-loss"  # the demo problem whose trace is attested
_ENGINES: Final = ("process", "inprocess", "dask")  # as the run command's (test_startup.py)


def demo_corpus() -> bytes:
    """The shipped demo corpus's bytes (JSONL: id, question, answer)."""
    return resources.files("practiceloop").joinpath(DEMO_CORPUS).read_bytes()


def _steps(store: Path, engine: str) -> list[list[str]]:
    folder = store.parent
    corpus, keys = folder / "demo.jsonl", folder / "keys"
    secret, public = keys / f"{_KEY_NAME}.key", keys / f"{_KEY_NAME}.pub"
    attestation = folder / "trace.intoto.json"
    return [
        ["key", "generate", "--name", _KEY_NAME, "--out", str(keys)],
        ["run", str(corpus), "--store", str(store), "--engine", engine,
         "--sign-key", str(secret)],
        ["checkpoint", "--store", str(store)],
        ["verify", "--store", str(store), "--trusted-key", str(public), "--replay",
         "--engine", engine],
        ["export", "--store", str(store), "--trace", _TRACED, "--attestation", str(attestation),
         "--sign-key", str(secret)],
        ["verify", "--attestation", str(attestation), "--trusted-key", str(public)],
        ["stats", "--store", str(store)],
        ["eval", "--store", str(store), "--gold", str(corpus)],
    ]


def _next(prog: str, store: Path) -> list[str]:
    at = shlex.quote(str(store))
    return [
        "What to try next:",
        f"  {prog} serve --store {at}",
        "      the Workbench, read-only, at http://127.0.0.1:8765/ (Ctrl-C stops it)",
        f"  {prog} show {_TRACED} --store {at}",
        "      one problem's records; any id a table prints (12 hex) works as well",
        f'  {prog} practice "Sam had 9 stickers and lost 4 of them. How many are left?"',
        "      one text through the loop, nothing stored",
        f"  {prog} verify --store {at}",
        "      the audit again (try it after changing a byte of a copy of the store)",
    ]


@click.command(epilog=epilog(), short_help="Run the shipped demo end to end; say what to try.")
@click.option("--store", "store_path", default=Path("practiceloop-demo/store.sqlite"),
              show_default=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The store to create; its folder gets the corpus, the keys, the attestation.")
@click.option("--engine", type=click.Choice(_ENGINES), default=_ENGINES[0], show_default=True,
              help="Where the run and the replay audit work.")
def demo(store_path: Path, engine: str) -> int:
    """Run the shipped demo corpus end to end: sign, run, verify, attest, count, measure.

    Copies the demo corpus (problems written for practiceloop) beside STORE, then runs the
    commands a person would, each printed first: key generate, run --sign-key, checkpoint,
    verify --trusted-key --replay, export --attestation, verify --attestation, stats, eval.
    Ends with what to try next (the Workbench). Refuses a folder that already holds a demo.
    """
    from practiceloop.cli import cli

    folder = store_path.parent
    corpus = folder / "demo.jsonl"
    taken = [p for p in (store_path, corpus, folder / "keys") if p.exists()]
    if taken:
        raise CliError(f"{taken[0]} already exists: the demo starts from an empty folder",
                       ExitCode.CANT_CREATE,
                       hint=f"remove {folder} (rm -r {shlex.quote(str(folder))}), or give "
                            "another --store")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        corpus.write_bytes(demo_corpus())
    except OSError as exc:
        raise CliError(f"cannot write the demo corpus to {corpus}: {exc.strerror or exc}",
                       ExitCode.CANT_CREATE) from None
    prog = program()
    click.echo(f"practiceloop demo: the demo corpus is {corpus}")
    for argv in _steps(store_path, engine):
        click.echo(f"\n$ {prog} {shlex.join(argv)}")
        sys.stdout.flush()  # each step's own lines (some on standard error) come after it
        code = cli.main(argv, standalone_mode=False)
        sys.stdout.flush()
        if code != ExitCode.OK:
            click.echo(f"practiceloop demo: `practiceloop {argv[0]}` exited {code}; stopped",
                       err=True)
            return code
    click.echo("")
    for line in _next(prog, store_path):
        click.echo(line)
    return ExitCode.OK
