"""The commands that read a store: ``verify``, ``show``, ``export`` and ``stats``.

Each opens the store read-only (``verify`` through the audit, which never raises for what it
finds); errors reach the one handler in :mod:`practiceloop.cli` and become one line and an exit
code there. Every command returns its exit code.

The audit, the store, the kernel and rich are imported inside the functions that use them, so
that ``--help`` and the import of the command line load none of them (a test holds this).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final

import click

from practiceloop.cli._exit import CliError, ExitCode, epilog
from practiceloop.cli._loop_commands import _ENGINE_NAMES
from practiceloop.cli._render import (
    binary_stdout,
    err_console,
    out_console,
    print_json,
    program,
    short,
    summarize,
    table,
)
from practiceloop.cli._trust_commands import attest, load_trusted, verify_attestation
from practiceloop.cli._trust_commands import replay as replay_store

if TYPE_CHECKING:
    from practiceloop.audit import Mode, VerifyReport
    from practiceloop.audit.recompute import DecodedObject
    from practiceloop.kernel.identity import Digest
    from practiceloop.store import Checkpoint, EvidenceStore
    from practiceloop.store.note import Verifier

__all__ = ["export", "show", "stats", "verify"]

_TRACE_KINDS = frozenset({"sealed_practice_trace", "practice_trace_refusal"})
_STORE = click.option(
    "--store", "store_path", required=True, type=click.Path(dir_okay=False, path_type=Path),
    help="The evidence store (a SQLite file).",
)
_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
# The audit's Mode values, written out so that building the command line does not import the
# audit (tests/cli/test_startup.py keeps them equal).
_QUICK = "quick"
_FULL = "full"


# -- verify ------------------------------------------------------------------------------------


def _print_report(report: VerifyReport, seconds: float, as_json: bool) -> None:
    from practiceloop.audit import Severity

    if as_json:
        print_json({**report.to_json(), "seconds": round(seconds, 6)})
        return
    for finding in report.findings:
        click.echo(f"{finding.severity.value}: {finding}")
    errors = sum(1 for f in report.findings if f.severity is Severity.ERROR)
    warnings = len(report.findings) - errors
    verdict = "OK" if report.ok else f"FAILED (exit {report.exit_code})"
    mb = report.bytes / 1e6
    replayed = "" if report.replayed is None else f", {report.replayed} problems re-practised"
    click.echo(
        f"verify {report.mode.value} {report.subject}: {report.objects} objects "
        f"({mb:.2f} MB), log {report.log_size}, {report.checkpoints} checkpoints, "
        f"{report.traces} traces{replayed}; {errors} errors, {warnings} warnings in "
        f"{seconds:.2f} s: {verdict}",
    )


@click.command(epilog=epilog(), short_help="Audit a store or a bundle (exit code: a bitmask).")
@click.option("--store", "store_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Audit this evidence store.")
@click.option("--bundle", "bundle_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Check this single-trace bundle offline instead (no database).")
@click.option("--attestation", "attestation_path",
              type=click.Path(dir_okay=False, path_type=Path),
              help="Check this attestation (DSSE envelope) offline instead; needs --trusted-key.")
@click.option("--quick", is_flag=True,
              help="Steps 0, 1, 5: re-hash objects and recompute the log against checkpoints.")
@click.option("--full", is_flag=True,
              help="Every step (the default): also ids, references and dispositions.")
@click.option("--checkpoints", "checkpoints_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Hold the log against this checkpoints file (default: STORE.checkpoints); "
                   "for --bundle, require the bundle's root to be one of them.")
@click.option("--trusted-key", "trusted_keys", multiple=True,
              type=click.Path(dir_okay=False, path_type=Path),
              help="A public key (NAME.pub) you trust; repeatable. Every checkpoint must then be "
                   "signed by one of them, and a missing checkpoint file is an error.")
@click.option("--replay", is_flag=True,
              help="Also re-practise every stored problem and compare every record byte for "
                   "byte (step 7; the only check a consistent forgery cannot pass).")
@click.option("--engine", "engine_name", type=click.Choice(_ENGINE_NAMES),
              default=_ENGINE_NAMES[0], show_default=True, help="Where --replay runs.")
@click.option("--workers", type=click.IntRange(min=1), help="Workers for --replay.")
@_JSON
def verify(store_path: Path | None, bundle_path: Path | None, attestation_path: Path | None,
           quick: bool, full: bool, checkpoints_path: Path | None,
           trusted_keys: tuple[Path, ...], replay: bool, engine_name: str, workers: int | None,
           as_json: bool) -> int:
    """Audit a store (or a bundle, or an attestation): one finding per line, exit code a bitmask.

    Re-hashes every object, recomputes every id independently of the code that produced it,
    resolves every reference (naming missing and dangling records), re-derives each trace's
    practice disposition, and recomputes the Merkle root against every checkpoint (signed by a
    --trusted-key when given). --replay re-practises every problem and compares the bytes.
    Keeps going after errors. Finding ids (PL001...) are listed in docs/cli.md.
    """
    from practiceloop.audit import Mode, verify_bundle_bytes
    from practiceloop.store import read_checkpoints

    if sum(p is not None for p in (store_path, bundle_path, attestation_path)) != 1:
        raise CliError("give exactly one of --store and --bundle (or --attestation)",
                       ExitCode.USAGE)
    if quick and full:
        raise CliError("--quick and --full do not combine: give one of them", ExitCode.USAGE)
    mode = _QUICK if quick else _FULL
    if replay and store_path is None:
        raise CliError("--replay re-practises a store: give --store", ExitCode.USAGE)
    if trusted_keys and bundle_path is not None:
        raise CliError("--trusted-key checks a store's checkpoints or an attestation, not a "
                       "bundle (--checkpoints FILE pins a bundle's root)", ExitCode.USAGE)
    started = time.perf_counter()
    if attestation_path is not None:
        report = verify_attestation(attestation_path, trusted_keys)
    elif bundle_path is not None:
        try:
            data = bundle_path.read_bytes()
        except OSError as exc:
            raise CliError(f"cannot read bundle {bundle_path}: {exc.strerror or exc}",
                           ExitCode.NO_INPUT) from None
        pinned = read_checkpoints(checkpoints_path) if checkpoints_path is not None else None
        if checkpoints_path is not None and not pinned:
            raise CliError(f"no checkpoint in {checkpoints_path}", ExitCode.NO_INPUT)
        report = verify_bundle_bytes(data, subject=str(bundle_path), checkpoints=pinned)
    else:
        assert store_path is not None
        trusted = load_trusted(trusted_keys)
        before = _state(store_path)
        report = _verify_with_progress(store_path, Mode(mode), checkpoints_path, as_json,
                                       trusted)
        if replay:
            outcome = replay_store(store_path, engine_name, workers, as_json)
            report = report.with_replay(outcome.findings, outcome.problems)
        if before[1] is None and before != _state(store_path):
            _print_report(report, time.perf_counter() - started, as_json)
            # No WAL when it opened: read immutable, without a lock (see open_readonly), so
            # what it found may be a writer's half-way state rather than damage.
            click.echo("practiceloop: warning: the store changed while it was audited (a "
                       "writer started); run verify again once the writer is done", err=True)
            return report.exit_code | ExitCode.COULD_NOT_RUN
    _print_report(report, time.perf_counter() - started, as_json)
    return report.exit_code


def _state(store_path: Path) -> tuple[object, ...]:
    """What tells that a store file was written: its inode, size and mtime, and its WAL."""
    found: list[object] = []
    for name in (str(store_path), f"{store_path}-wal"):
        try:
            info = os.stat(name)
        except OSError:
            found.append(None)
        else:
            found.append((info.st_ino, info.st_size, info.st_mtime_ns))
    return tuple(found)


def _verify_with_progress(store_path: Path, mode: Mode, checkpoints: Path | None,
                          quiet: bool, trusted: Sequence[Verifier] = ()) -> VerifyReport:
    from practiceloop.audit import verify_store
    from practiceloop.cli._progress import progress_bar

    console = err_console()
    if quiet or not console.is_terminal:
        return verify_store(store_path, mode=mode, checkpoints=checkpoints, trusted_keys=trusted)
    with progress_bar(console, "verify", transient=True) as progress:
        task = progress.add_task("verify", total=None)
        return verify_store(store_path, mode=mode, checkpoints=checkpoints, trusted_keys=trusted,
                            progress=lambda n: progress.update(task, completed=n))


# -- show --------------------------------------------------------------------------------------


def _reader(store: EvidenceStore) -> Callable[[str], DecodedObject | None]:
    from practiceloop.audit.recompute import decode_object
    from practiceloop.kernel.identity import Digest
    from practiceloop.store import ObjectNotFoundError

    def read(object_id: str) -> DecodedObject | None:
        try:
            body = store.get(Digest(object_id))
        except ObjectNotFoundError:
            return None
        decoded = decode_object(body)
        return None if isinstance(decoded, str) else decoded

    return read


def resolve_name(store: EvidenceStore, name: str) -> str:
    """The full record id that ``name`` names: a full id, a unique prefix of 8 or more hex
    characters, or a corpus problem id (its entry). Exit 66 when it names nothing, 64 (with
    the matches listed) when it names more than one record."""
    from practiceloop.store import MIN_PREFIX, AmbiguousIdError, ObjectNotFoundError, StoreReader

    try:
        return StoreReader(store).resolve(name)
    except AmbiguousIdError as exc:
        listed = "\n".join(f"    {match}" for match in exc.matches)
        raise CliError(f"{name!r} is ambiguous: it names {len(exc.matches)} records",
                       ExitCode.USAGE,
                       hint=f"give more characters of the id; the candidates are:\n{listed}",
                       ) from None
    except ObjectNotFoundError:
        raise CliError(f"no record and no problem {name!r} in {store.path}", ExitCode.NO_INPUT,
                       hint=f"give a record id (all 64 hex characters, or the first {MIN_PREFIX} "
                            "or more, as the tables print them) or a problem id") from None


def _trace_of(store: EvidenceStore, name: str) -> str:
    """The trace that ``name`` names for ``export --trace``: a trace's id (or prefix), or a
    problem with exactly one episode."""
    from practiceloop.store import StoreReader

    object_id = resolve_name(store, name)
    record = StoreReader(store).record(object_id)
    if record.kind != "practice_problem":
        return object_id
    traces = [t for t in record.fields.get("trace_ids") or [] if type(t) is str]
    if len(traces) == 1:
        return traces[0]
    listed = "\n".join(f"    {trace}" for trace in traces)
    raise CliError(f"problem {record.fields.get('problem_id')!r} has {len(traces)} episodes, "
                   "not one", ExitCode.USAGE,
                   hint=f"give one of its traces with --trace:\n{listed}" if traces else
                   "a problem no organ refused has no trace to export")


def _id_ok(object_id: str, decoded: DecodedObject) -> bool:
    from practiceloop.audit.recompute import recompute_kind_id

    return recompute_kind_id(decoded.kind, decoded.record) == object_id


@click.command(epilog=epilog(), short_help="Show a record and every record it binds.")
@click.argument("record_id", metavar="ID")
@_STORE
@_JSON
def show(record_id: str, store_path: Path, as_json: bool) -> int:
    """Show one record (a trace, or a problem by its corpus id) and every record it binds.

    Records are listed in log order with a summary of each and whether its id reproduces from
    its fields.
    """
    from practiceloop.audit import closure
    from practiceloop.kernel.identity import Digest
    from practiceloop.store import EvidenceStore

    with EvidenceStore.open_readonly(store_path) as store:
        root = resolve_name(store, record_id)
        found = closure(root, _reader(store))
        rows = sorted(
            ((store.leaf_index(Digest(object_id)), object_id, decoded)
             for object_id, decoded in found.records),
            key=lambda row: row[0],
        )
    if as_json:
        print_json({
            "root": root,
            "records": [
                {"position": position, "id": object_id, "kind": decoded.kind,
                 "id_reproduces": _id_ok(object_id, decoded), "record": decoded.record}
                for position, object_id, decoded in rows
            ],
            "missing": list(found.missing),
        })
    else:
        out_console().print(table(
            f"{root} and the {len(rows) - 1} records it binds",
            ("log", "kind", "id", "id ok", "summary"),
            ((position, decoded.kind, short(object_id),
              "yes" if _id_ok(object_id, decoded) else "NO",
              summarize(decoded.kind, decoded.record))
             for position, object_id, decoded in rows),
        ))
        for missing in found.missing:
            click.echo(f"missing: {missing} is referenced but not stored")
    return ExitCode.INCOMPLETE if found.missing else ExitCode.OK


# -- export ------------------------------------------------------------------------------------


_PART: Final = ".part"


def _part_name(path: Path, pid: int) -> str:
    """The hidden name ``path`` is written under by process ``pid`` before its rename."""
    return f".{path.name}.{pid}.practiceloop{_PART}"


def _remove_dead_parts(path: Path) -> None:
    """Remove what exports to ``path`` killed mid-write left behind (their process is gone).

    A part whose writer is alive (another export right now) is left alone; a recycled pid
    only makes a dead writer's part wait for a later export.
    """
    prefix, suffix = f".{path.name}.", f".practiceloop{_PART}"
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.absolute().parent):
            middle = entry.name[len(prefix):-len(suffix)]
            if not (entry.name.startswith(prefix) and entry.name.endswith(suffix)
                    and middle.isdigit()):
                continue
            try:
                os.kill(int(middle), 0)
            except ProcessLookupError:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
            except (PermissionError, OverflowError):
                pass


@contextlib.contextmanager
def _output(path: Path | None) -> Iterator[IO[bytes]]:
    """Standard output, or ``path`` written whole or not at all (a hidden part, then rename).

    The part is named after this process (``.NAME.PID.practiceloop.part``), so that an export
    killed mid-write, which cannot remove its part, has it removed by the next export to the
    same path.
    """
    if path is None:
        yield binary_stdout()
        return
    _remove_dead_parts(path)
    part = path.absolute().parent / _part_name(path, os.getpid())
    try:
        # A part is private (0600) until complete; the export then gets the usual umask mode.
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise CliError(f"cannot create {path}: {exc.strerror or exc}", ExitCode.CANT_CREATE) \
            from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(handle.fileno(), 0o666 & ~umask)
            os.fsync(handle.fileno())
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


def _bundle_checkpoint(store: EvidenceStore, trace_id: Digest) -> Checkpoint | None:
    """The latest published checkpoint that covers the trace (None: use the log's head)."""
    from practiceloop.store import checkpoint_path, read_checkpoints

    position = store.leaf_index(trace_id)
    covering = [c for c in read_checkpoints(checkpoint_path(store.path)) if c.size > position]
    return covering[-1] if covering else None


@click.command(epilog=epilog(), short_help="Export records as JSONL, or a trace as a bundle.")
@_STORE
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write here instead of standard output (whole or not at all).")
@click.option("--trace", "trace_id", metavar="ID", help="Export one trace as a bundle.")
@click.option("--bundle", "bundle_path", type=click.Path(dir_okay=False, path_type=Path),
              help="With --trace: the bundle file to write.")
@click.option("--attestation", "attestation_path", type=click.Path(dir_okay=False, path_type=Path),
              help="With --trace: write an in-toto attestation (DSSE envelope) instead.")
@click.option("--sign-key", "sign_key", type=click.Path(dir_okay=False, path_type=Path),
              help="With --attestation: sign the envelope with this key (NAME.key).")
def export(store_path: Path, out_path: Path | None, trace_id: str | None,
           bundle_path: Path | None, attestation_path: Path | None,
           sign_key: Path | None) -> int:
    """Export every record as canonical JSONL, or one trace as an offline bundle.

    Without --trace: one line per record, in log order, each exactly the stored canonical
    bytes. With --trace ID --bundle FILE: the trace, every record it binds, and the proof that
    the trace is in the log at the latest checkpoint; `verify --bundle FILE` checks it with no
    database. With --trace ID --attestation FILE [--sign-key K]: an in-toto Statement v1 in a
    DSSE envelope naming the trace's sha256, with its inclusion proof and the latest signed
    checkpoint covering it; `verify --attestation FILE --trusted-key K` checks it offline.
    """
    from practiceloop.audit import closure
    from practiceloop.audit.recompute import decode_object
    from practiceloop.kernel.identity import Digest
    from practiceloop.store import EvidenceStore, make_bundle

    if sign_key is not None and attestation_path is None:
        raise CliError("--sign-key signs an attestation: give --attestation", ExitCode.USAGE)
    if trace_id is not None and attestation_path is not None and bundle_path is None:
        attest(store_path, trace_id, attestation_path, sign_key)
        return ExitCode.OK
    if attestation_path is not None:
        raise CliError("--attestation goes with --trace, and not with --bundle", ExitCode.USAGE)
    if (trace_id is None) != (bundle_path is None):
        raise CliError("--trace and --bundle go together", ExitCode.USAGE)
    if trace_id is not None and out_path is not None:
        raise CliError("--out is for the JSONL export; a bundle goes to --bundle", ExitCode.USAGE)
    with EvidenceStore.open_readonly(store_path) as store:
        if trace_id is None:
            written = 0
            with _output(out_path) as sink:
                for obj in store.iter_objects():
                    sink.write(obj.body + b"\n")
                    written += 1
            if out_path is not None:
                click.echo(f"wrote {out_path}: {written} records, in log order", err=True)
            return ExitCode.OK
        assert bundle_path is not None
        trace_id = _trace_of(store, trace_id)
        trace = Digest(trace_id)
        decoded = decode_object(store.get(trace))
        if isinstance(decoded, str) or decoded.kind not in _TRACE_KINDS:
            kind = "unreadable" if isinstance(decoded, str) else decoded.kind
            raise CliError(f"{trace_id} is a {kind} record, not a trace", ExitCode.DATA)
        found = closure(trace_id, _reader(store))
        data = make_bundle(store, trace, [Digest(i) for i in found.ids],
                           checkpoint=_bundle_checkpoint(store, trace))
    with _output(bundle_path) as sink:
        sink.write(data)
    click.echo(f"wrote {bundle_path}: trace {short(trace_id)} and the {len(found.ids) - 1} "
               "records it binds, with the proof that the trace is in the log "
               f"(verify it with: {program()} verify --bundle {bundle_path})", err=True)
    return ExitCode.OK


# -- stats -------------------------------------------------------------------------------------


def _summary(store_path: Path) -> dict[str, Any]:
    """The store index's counts: the same ones the Workbench dashboard shows."""
    from practiceloop.store import EvidenceStore, summary

    with EvidenceStore.open_readonly(store_path) as store:
        got = summary(store)
    coverage: dict[str, dict[str, int]] = {}
    for organ in got.coverage:
        coverage[organ.organ] = {
            "runnable (no practice)": organ.runnable, **dict(organ.dispositions)
        }
    return {
        "records": got.log_size,
        "problems": got.problems,
        "unassessed": got.unassessed,
        "reader_refused": got.reader_refused,
        "episodes": got.episodes,
        "dispositions": dict(got.by_disposition),
        "organs": dict(got.by_organ),
        "residual_codes": dict(got.by_residual),
        "operators": {o.operator_id: dict(o.outcomes) for o in got.by_operator},
        "coverage": coverage,
    }


def _grid(title: str, label: str, groups: dict[str, dict[str, int]]) -> Any:
    """A table of groups (rows) by the union of their keys (columns)."""
    columns = sorted({key for counts in groups.values() for key in counts})
    return table(title, (label, *columns),
                 ((name, *(counts.get(key, 0) for key in columns))
                  for name, counts in groups.items()))


@click.command(epilog=epilog(), short_help="Count dispositions, residual codes, operators, organs.")
@_STORE
@_JSON
def stats(store_path: Path, as_json: bool) -> int:
    """Count what a store holds: dispositions, residual codes, operators, per organ.

    The same counts as the Workbench dashboard: an episode is a trace named by a problem entry
    (a trace that two problems with equal texts share counts once); residual codes are counted
    per episode; operators by the replay outcome of the attempts they produced; per organ, the
    runnable assessments and the dispositions of its episodes. Records are read without their
    re-check: `practiceloop verify` is the audit.
    """
    gathered = _summary(store_path)
    if as_json:
        print_json(gathered)
        return ExitCode.OK
    console = out_console()
    console.print(f"{gathered['problems']} problems ({gathered['unassessed']} that no organ "
                  f"assessed), {gathered['episodes']} episodes, {gathered['records']} records")
    console.print(table("Practice dispositions", ("disposition", "episodes"),
                        gathered["dispositions"].items()))
    console.print(table("Residual codes", ("code", "episodes"),
                        gathered["residual_codes"].items()))
    console.print(_grid("Operators (attempts by replay outcome)", "operator",
                        gathered["operators"]))
    console.print(_grid("Per organ", "organ", gathered["coverage"]))
    return ExitCode.OK
