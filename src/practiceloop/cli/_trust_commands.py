"""The commands and options of trust: keys, signed checkpoints, re-execution, attestations.

* ``practiceloop key generate --name NAME --out DIR``: an Ed25519 note key pair;
* ``practiceloop checkpoint --store S``: print the latest checkpoint (a signed note verbatim),
  or with ``--sign-key K`` publish the head signed first;
* helpers the other commands call for their options: ``run --sign-key``, ``verify
  --trusted-key`` / ``--replay`` / ``--attestation``, ``export --attestation``.

Key-file and attestation errors become one line and an exit code here (65 for a file that is
not what it should be, 66 for one that is missing, 73 when a key would be overwritten). As in
the other command modules, the store, the audit and rich are imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from practiceloop.cli._exit import CliError, ExitCode, epilog
from practiceloop.cli._render import err_console, print_json

if TYPE_CHECKING:
    from practiceloop.audit import VerifyReport
    from practiceloop.reexecution import ReplayOutcome
    from practiceloop.store.keys import KeyFileError
    from practiceloop.store.note import Signer, Verifier

__all__ = [
    "attest",
    "checkpoint",
    "key",
    "load_signer",
    "load_trusted",
    "replay",
    "verify_attestation",
]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")


def _key_error(exc: KeyFileError) -> CliError:
    code = (ExitCode.NO_INPUT if exc.missing else ExitCode.CANT_CREATE if exc.exists
            else ExitCode.DATA)
    return CliError(str(exc), code, hint=exc.hint)


def load_signer(path: Path | None) -> Signer | None:
    """The signer key of ``--sign-key`` (None when not given), or a CliError."""
    if path is None:
        return None
    from practiceloop.store.keys import KeyFileError, read_signer

    try:
        return read_signer(path)
    except KeyFileError as exc:
        raise _key_error(exc) from None


def load_trusted(paths: Sequence[Path]) -> list[Verifier]:
    """The verifier keys of every ``--trusted-key``, or a CliError naming the bad file."""
    from practiceloop.store.keys import KeyFileError, read_verifier

    try:
        return [read_verifier(path) for path in paths]
    except KeyFileError as exc:
        raise _key_error(exc) from None


# -- key ---------------------------------------------------------------------------------------


@click.group(epilog=epilog(), short_help="Make signing keys (Ed25519 note keys).")
def key() -> None:
    """Make the Ed25519 keys that sign checkpoints and attestations."""


@key.command("generate", epilog=epilog(), short_help="Write DIR/NAME.key and DIR/NAME.pub.")
@click.option("--name", required=True, help="The key name (the checkpoints' origin line), e.g. "
              "example.org/log without '/': no spaces, no '+'.")
@click.option("--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="The directory to write the two files into (created if missing).")
@_JSON
def generate(name: str, out_dir: Path, as_json: bool) -> int:
    """Generate an Ed25519 key pair called NAME: DIR/NAME.key (private, mode 0600) and
    DIR/NAME.pub (the note verifier key NAME+HASH+KEY, for `verify --trusted-key`). Never
    overwrites a key file."""
    from practiceloop.store.keys import KeyFileError, generate_key

    try:
        secret, public, signer = generate_key(name, out_dir)
    except KeyFileError as exc:
        raise _key_error(exc) from None
    if as_json:
        print_json({"name": signer.name, "key_hash": f"{signer.verifier.hash:08x}",
                    "verifier_key": signer.verifier.encode(), "secret_file": str(secret),
                    "public_file": str(public)})
    else:
        click.echo(f"secret key: {secret} (keep it private)")
        click.echo(f"public key: {public}")
        click.echo(signer.verifier.encode())
    return ExitCode.OK


# -- checkpoint --------------------------------------------------------------------------------


@click.command(epilog=epilog(), short_help="Print the latest checkpoint (a signed note).")
@click.option("--store", "store_path", required=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The evidence store.")
@click.option("--checkpoints", "checkpoints_path", type=click.Path(dir_okay=False, path_type=Path),
              help="The checkpoints file (default: STORE.checkpoints).")
@click.option("--sign-key", "sign_key", type=click.Path(dir_okay=False, path_type=Path),
              help="First publish the store's head as a checkpoint signed by this key (if the "
                   "last one is not that already).")
@_JSON
def checkpoint(store_path: Path, checkpoints_path: Path | None, sign_key: Path | None,
               as_json: bool) -> int:
    """Print the latest checkpoint of STORE: a signed one exactly as published (a C2SP
    tlog-checkpoint in a C2SP signed note, which Go's sumdb/note reads), an unsigned one as
    its JSON line. Exits 66 when none was published."""
    from practiceloop.store import (
        EvidenceStore,
        append_checkpoint,
        checkpoint_path,
        read_checkpoints,
    )

    signer = load_signer(sign_key)
    where = checkpoints_path if checkpoints_path is not None else checkpoint_path(store_path)
    if signer is not None:
        with EvidenceStore.open(store_path, create=False) as store:
            append_checkpoint(store, where, signer=signer)
    elif not store_path.exists():
        raise CliError(f"no evidence store at {store_path}", ExitCode.NO_INPUT)
    published = read_checkpoints(where)
    if not published:
        raise CliError(f"no checkpoint in {where}", ExitCode.NO_INPUT,
                       hint="`practiceloop run` publishes one; --sign-key publishes the head")
    latest = published[-1]
    if as_json:
        print_json({"size": latest.size, "root": latest.root, "origin": latest.origin,
                    "note": latest.note, "file": str(where), "count": len(published)})
    elif latest.note is not None:
        click.echo(latest.note, nl=False)
    else:
        click.echo(latest.to_line().decode(), nl=False)
        click.echo("practiceloop: the latest checkpoint is unsigned (run with --sign-key)",
                   err=True)
    return ExitCode.OK


# -- verify --replay ---------------------------------------------------------------------------


def replay(store_path: Path, engine_name: str, workers: int | None, quiet: bool) -> ReplayOutcome:
    """Re-practise the store on the chosen engine, with a progress bar on a terminal."""
    from practiceloop.engines import make_engine
    from practiceloop.reexecution import replay_store

    try:
        engine = make_engine(engine_name, workers=workers)
    except ValueError as exc:
        raise CliError(str(exc), ExitCode.USAGE) from None
    console = err_console()
    with engine:
        if quiet or not console.is_terminal:
            return replay_store(store_path, engine=engine)
        from practiceloop.cli._progress import progress_bar

        engine.start()  # before the bar's thread: a pool may then fork this process
        with progress_bar(console, "replay", transient=True) as bar:
            task = bar.add_task("replay", total=None)
            return replay_store(store_path, engine=engine, progress=lambda done, total:
                                bar.update(task, completed=done, total=total))


# -- attestations ------------------------------------------------------------------------------


def attest(store_path: Path, trace_id: str, out: Path, sign_key: Path | None) -> None:
    """``export --attestation``: write the trace's attestation to ``out`` (whole or nothing)."""
    from practiceloop.audit.attestation import AttestationError, make_attestation
    from practiceloop.cli._store_commands import _output, _trace_of
    from practiceloop.store import EvidenceStore, checkpoint_path, read_checkpoints

    signer = load_signer(sign_key)
    with EvidenceStore.open_readonly(store_path) as store:
        trace_id = _trace_of(store, trace_id)
        try:
            data = make_attestation(store, trace_id, read_checkpoints(checkpoint_path(store_path)),
                                    signer=signer)
        except AttestationError as exc:
            raise CliError(str(exc), ExitCode.DATA) from None
    with _output(out) as sink:
        sink.write(data)
    click.echo(f"wrote {out}: an in-toto attestation of trace {trace_id[:12]}"
               + (f", signed by {signer.name}" if signer is not None else ", unsigned"), err=True)


def verify_attestation(path: Path, trusted: Sequence[Path]) -> VerifyReport:
    """``verify --attestation``: the report of one attestation file against trusted keys."""
    from practiceloop.audit.attestation import verify_attestation_bytes

    if not trusted:
        raise CliError("an attestation is checked against the keys you trust: give "
                       "--trusted-key FILE (repeatable)", ExitCode.USAGE)
    keys = load_trusted(trusted)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read attestation {path}: {exc.strerror or exc}",
                       ExitCode.NO_INPUT) from None
    return verify_attestation_bytes(data, keys, subject=str(path))
