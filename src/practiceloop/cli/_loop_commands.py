"""The commands that run the loop or serve a store: ``practice``, ``run``, ``eval``, ``serve``.

``run`` is a thin shell over the engines' driver (:func:`practiceloop.engines.run_corpus`, the
only writer): it picks the engine, draws the progress bar, prints the summary and turns bad
corpus lines into the exit code. Every command returns its exit code; errors go to the one
handler in :mod:`practiceloop.cli`.

The loop, the engines, the store and rich are imported inside the commands that use them, so
that ``--help`` and the import of the command line load none of them (a test holds this).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import click

from practiceloop.cli._exit import CliError, ExitCode, epilog
from practiceloop.cli._render import (
    binary_stdin,
    err_console,
    out_console,
    print_json,
    short,
    summarize,
    table,
)

if TYPE_CHECKING:

    from practiceloop.engines import RunSummary
    from practiceloop.store import EvidenceStore

__all__ = ["eval_command", "practice_command", "run", "serve"]

_STORE = click.option(
    "--store", "store_path", required=True, type=click.Path(dir_okay=False, path_type=Path),
    help="The evidence store (a SQLite file).",
)
_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")

# RunShape's values, ENGINE_NAMES and DEFAULT_BATCH_SIZE, written out so that building the
# command line imports neither the loop nor the engines (tests/cli/test_startup.py keeps them
# equal).
_SHAPES = ["open", "embedded"]
_ENGINE_NAMES = ("process", "inprocess", "dask")
_DEFAULT_BATCH_SIZE = 512


# -- practice ----------------------------------------------------------------------------------


def _practice_text(text: str) -> str:
    """The problem text of ``practice``: the argument, or standard input for ``-``.

    Refuses (exit 65) a text with no UTF-8 form, or over the corpus reader's size limit, before
    any work: the same 64 KiB that ``run`` refuses as ``question_too_long``.
    """
    from practiceloop.engines.corpus import MAX_QUESTION_BYTES, STDIN_NAME, question_too_long

    if text == STDIN_NAME:
        # One byte past the limit tells a text too long without reading all of a huge input.
        raw = binary_stdin().read(MAX_QUESTION_BYTES + 1)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if len(raw) <= MAX_QUESTION_BYTES:
                raise CliError("standard input is not UTF-8 text", ExitCode.DATA) from None
            text = raw.decode("utf-8", "replace")  # cut inside a character: too long anyway
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CliError("the text has no UTF-8 form (it holds a lone surrogate)",
                       ExitCode.DATA) from None
    if question_too_long(text):
        raise CliError(f"the text is longer than {MAX_QUESTION_BYTES // 1024} KiB of UTF-8 "
                       "(question_too_long)", ExitCode.DATA,
                       hint="a word problem is a few sentences; practise a shorter text")
    return text


@click.command("practice", epilog=epilog(),
               short_help="Practise one text; print its chain of records.")
@click.argument("text")
@click.option("--shape", type=click.Choice(_SHAPES),
              default=_SHAPES[0], show_default=True,
              help="open: candidates bound to an open run (ADR-0233); embedded: run built with "
                   "its attempts (ADR-0230).")
@_JSON
def practice_command(text: str, shape: str, as_json: bool) -> int:
    """Practise one problem TEXT and print the chain of records (nothing is stored).

    TEXT `-` reads the text from standard input. A text over 64 KiB of UTF-8 is refused.
    """
    from practiceloop.loop.episode import RunShape, practice
    from practiceloop.loop.evidence import encode_record

    text = _practice_text(text)
    result = practice(text, shape=RunShape(shape))
    encoded = [encode_record(item) for item in result.records]
    if as_json:
        print_json({
            "text": text,
            "shape": shape,
            "records": [{"id": object_id, **json.loads(body)} for object_id, _, body in encoded],
            "episodes": [
                {"assessment_id": episode.assessment.assessment_id,
                 "candidate_organ": episode.assessment.candidate_organ,
                 "practice_disposition": episode.practice_disposition}
                for episode in result.episodes
            ],
        })
        return ExitCode.OK
    console = out_console()
    rows = []
    for position, (object_id, kind, body) in enumerate(encoded):
        record = json.loads(body)["record"]
        rows.append((position, kind, short(object_id), summarize(kind, record)))
    console.print(table("Chain of records", ("#", "kind", "id", "summary"), rows))
    if result.frame is None:
        console.print("The reader refused the text: no frame, nothing to practise.")
    for check in result.direct:
        verdict = "closed" if check.closed else "not closed"
        console.print(f"direct: {check.assessment.candidate_organ} is runnable; proofs {verdict}")
    for episode in result.episodes:
        console.print(f"episode: {episode.assessment.candidate_organ} refused -> "
                      f"{episode.practice_disposition}")
    if not result.assessments and result.frame is not None:
        console.print("No organ applies to this frame.")
    return ExitCode.OK


# -- run ---------------------------------------------------------------------------------------


def _summary_json(summary: RunSummary) -> dict[str, Any]:
    return {
        "corpus": str(summary.corpus),
        "store": str(summary.store),
        "engine": summary.engine,
        "workers": summary.workers,
        "problems": summary.problems,
        "sealed": summary.sealed,
        "skipped": summary.skipped,
        "failures": [{"line": f.line_no, "id": f.problem_id, "error": f.error}
                     for f in summary.failures],
        "bad_lines": [{"line": b.line_no, "reason": b.reason} for b in summary.bad_lines],
        "new_objects": summary.new_objects,
        "vouched": summary.vouched,
        "log_size": summary.log_size,
        "log_root": summary.log_root,
        "checkpoint": None if summary.checkpoint is None else {
            "size": summary.checkpoint.size, "root": summary.checkpoint.root,
            "signed_by": summary.checkpoint.origin},
        "checkpoint_error": summary.checkpoint_error,
    }


def _print_summary(summary: RunSummary, seconds: float, *, quiet: bool = False) -> None:
    """The summary table on standard output (not with ``quiet``), then every bad line and
    failure on standard error."""
    console = out_console()
    rows = [
        ("corpus", str(summary.corpus)),
        ("store", str(summary.store)),
        ("engine", f"{summary.engine} ({summary.workers} workers)"),
        ("problems read", summary.problems),
        ("sealed by this run", summary.sealed),
        ("already sealed (skipped)", summary.skipped),
        ("failed (loop raised)", len(summary.failures)),
        ("bad corpus lines", len(summary.bad_lines)),
        ("new records", summary.new_objects),
        ("checked in a worker (vouched)", summary.vouched),
        ("log size", summary.log_size),
        ("log root", summary.log_root),
        ("checkpoint", "not written" if summary.checkpoint_error is not None
         else "none" if summary.checkpoint is None else f"size {summary.checkpoint.size}"
         + (f", signed by {summary.checkpoint.origin}" if summary.checkpoint.origin else "")),
        ("seconds", f"{seconds:.2f}"),
        ("rate", f"{summary.sealed / seconds:.1f} problems sealed per second"
         if seconds > 0 else "-"),
    ]
    if not quiet:
        console.print(table("Run summary", ("", "value"), rows))
    for bad in summary.bad_lines:
        click.echo(f"bad line {bad.line_no}: {bad.reason}", err=True)
    for failure in summary.failures:
        click.echo(f"failed line {failure.line_no} ({failure.problem_id}): {failure.error}",
                   err=True)


@click.command(epilog=epilog(), short_help="Practise a JSONL corpus into a store (resumable).")
@click.argument("corpus", type=click.Path(dir_okay=False, allow_dash=True, path_type=str))
@_STORE
@click.option("--engine", type=click.Choice(_ENGINE_NAMES), default=_ENGINE_NAMES[0],
              show_default=True, help="Where the work runs: every core, this process, or Dask.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Worker processes (process engine) or local Dask workers.")
@click.option("--scheduler", metavar="ADDR", help="A Dask scheduler address (--engine dask).")
@click.option("--batch-size", type=click.IntRange(min=1), default=_DEFAULT_BATCH_SIZE,
              show_default=True, help="Problems per committed transaction.")
@click.option("--recheck", is_flag=True,
              help="Check every record here too, taking no worker's word for it (slower; the "
                   "same records).")
@click.option("--sign-key", "sign_key", type=click.Path(dir_okay=False, path_type=Path),
              help="Sign every checkpoint with this key (NAME.key): a C2SP signed note.")
@click.option("--quiet", "-q", is_flag=True,
              help="No progress and no summary: only errors and problems (bad lines, failures).")
@click.option("--verbose", "-v", is_flag=True,
              help="Also one line per corpus line as it settles (sealed, skipped, failed, bad).")
@_JSON
def run(corpus: str, store_path: Path, engine: str, workers: int | None, scheduler: str | None,
        batch_size: int, recheck: bool, sign_key: Path | None, quiet: bool, verbose: bool,
        as_json: bool) -> int:
    """Practise every problem of a JSONL CORPUS and seal it into the store.

    Reads the corpus once, as a stream (fields id and question; others are ignored); CORPUS
    `-` is standard input, and a pipe or FIFO is read whole. Resumable:
    problems already sealed in the store are skipped. Bad lines are reported with their line
    number and reason, skipped, and make the run exit 65 at the end. A checkpoint of the log
    is written after the run (signed with --sign-key).

    Worker processes (process and Dask engines) run the store's checks on the records they
    make and vouch for them; this process re-hashes every record and takes the checks' verdict
    (--recheck runs them here again).
    """
    from practiceloop.cli._progress import RunBar
    from practiceloop.cli._trust_commands import load_signer
    from practiceloop.engines import make_engine, run_corpus
    from practiceloop.engines.corpus import STDIN_NAME

    if quiet and verbose:
        raise CliError("--quiet and --verbose do not combine: give one of them", ExitCode.USAGE)
    signer = load_signer(sign_key)  # before any work: a bad key file stops the run at once
    try:
        chosen = make_engine(engine, workers=workers, scheduler=scheduler)
    except ValueError as exc:
        raise CliError(str(exc), ExitCode.USAGE) from None
    source: str | BinaryIO = (binary_stdin() if corpus == STDIN_NAME
                              else corpus)
    console = err_console()
    bar = console.is_terminal and not (quiet or as_json)
    started = time.perf_counter()
    with chosen:
        chosen.start()  # before the bar's refresh thread: a pool may then fork this process
        with RunBar(console, bar=bar, verbose=verbose) as progress:
            summary = run_corpus(source, store_path, engine=chosen, batch_size=batch_size,
                                 recheck=recheck, signer=signer,
                                 progress=progress if bar or verbose else None)
    seconds = time.perf_counter() - started
    if as_json:
        print_json({**_summary_json(summary), "seconds": round(seconds, 6)})
    else:
        _print_summary(summary, seconds, quiet=quiet)
    if summary.checkpoint_error is not None:
        # The records are committed; only the checkpoint is missing, and a rerun writes it.
        raise CliError(
            f"the run's records are committed, but its checkpoint was not written: "
            f"{summary.checkpoint_error}", ExitCode.CANT_CREATE,
            hint="make the checkpoints file writable and run the same command again: it "
                 "seals nothing twice and writes the checkpoint")
    if summary.failures:
        click.echo(f"practiceloop: the loop raised on {len(summary.failures)} problems "
                   "(a bug; they are listed above and were not sealed)", err=True)
        return ExitCode.SOFTWARE
    if summary.bad_lines:
        click.echo(f"practiceloop: {len(summary.bad_lines)} bad corpus lines were skipped",
                   err=True)
        return ExitCode.DATA
    return ExitCode.OK


# -- eval --------------------------------------------------------------------------------------


def _gold_rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, row)`` of a gold JSONL file, streamed; a bad line stops with exit 65."""
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise CliError(f"cannot read gold file {path}: {exc.strerror or exc}",
                       ExitCode.NO_INPUT) from None
    with handle:
        for line_no, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except ValueError:
                row = None
            if type(row) is not dict or type(row.get("id")) is not str or type(
                    row.get("question")) is not str:
                raise CliError(f"{path}:{line_no}: not a corpus row with a string id and "
                               "question", ExitCode.DATA)
            yield line_no, row


def _gold_answer(row: dict[str, Any]) -> object:
    """The row's gold answer as the measurement reads it (None: it has none it can read)."""
    from practiceloop.loop.evaluate import parse_gold

    answer = parse_gold(row.get("answer"))
    return answer if answer is not None else parse_gold(row.get("answer_number"))


def _sealed_entries(store: EvidenceStore) -> dict[str, str]:
    """problem id -> entry id of every problem sealed in the store (one pass over entries)."""
    from practiceloop.store import PROBLEM_ENTRY_KIND

    entries: dict[str, str] = {}
    for obj in store.iter_objects(kind=PROBLEM_ENTRY_KIND):
        problem_id = json.loads(obj.body)["record"]["problem_id"]
        entries[problem_id] = obj.object_id
    return entries


_SHOWN = ("direct", "closed_unique", "closed_disagree", "open", "blocked", "unread", "right",
          "wrong")
"""What ``eval --show`` may pick: an outcome (evaluate.Category), or right / wrong."""


def _shown(verdict: Any, show: tuple[str, ...]) -> bool:
    """``verdict`` is one of the problems ``--show`` picks (every one when nothing is given)."""
    picks = {str(verdict.category)}
    if verdict.right is not None:
        picks.add("right" if verdict.right else "wrong")
    return not show or bool(picks & set(show))


def _verdict_table(verdicts: list[Any], total: int) -> Any:
    rows = [
        (v.problem_id, str(v.category), ", ".join(line["values"]) or "-",
         "-" if line["gold"] is None else line["gold"],
         {True: "right", False: "WRONG", None: ""}[v.right])
        for v in verdicts
        for line in (v.as_json(),)
    ]
    return table(f"{len(verdicts)} of {total} problems", ("id", "outcome", "closed values",
                                                          "gold", "soundness"), rows)


@click.command("eval", epilog=epilog(), short_help="Measure sealed problems against gold answers.")
@_STORE
@click.option("--gold", "gold_path", required=True,
              type=click.Path(dir_okay=False, path_type=Path),
              help="The corpus JSONL with gold answers (read by this command alone).")
@click.option("--per-problem", is_flag=True,
              help="One line per problem: id, outcome, the value each closed candidate "
                   "implies, the gold answer, right or wrong (JSON lines with --json).")
@click.option("--show", type=click.Choice(_SHOWN), multiple=True,
              help="With --per-problem: only these problems (repeatable): an outcome, or "
                   "right / wrong.")
@_JSON
def eval_command(store_path: Path, gold_path: Path, per_problem: bool, show: tuple[str, ...],
                 as_json: bool) -> int:
    """Measure the arithmetic domain on the problems sealed in STORE against gold answers.

    Each sealed problem is practised again and must reproduce its sealed entry id exactly
    (so the measurement is of the stored evidence, byte for byte); the value each closed
    candidate implies is computed outside the records and compared with the gold answer.
    Every wrong problem is listed. --per-problem lists every problem (--show filters them).
    Exits 65 when some gold problems could not be measured (not in the store, or the store
    holds evidence this version does not reproduce).
    """
    from practiceloop.loop.episode import practice
    from practiceloop.loop.evaluate import Category, evaluate  # only this command reads gold
    from practiceloop.loop.evidence import build_problem_entry
    from practiceloop.store import EvidenceStore

    with EvidenceStore.open_readonly(store_path) as store:
        sealed = _sealed_entries(store)
    missing: list[str] = []
    stale: list[str] = []
    unanswered: list[str] = []  # measured rows with no gold answer: neither right nor wrong
    pending: dict[str, list[Any]] = {}

    def measured() -> Iterator[dict[str, Any]]:
        for _, row in _gold_rows(gold_path):
            problem_id, text = row["id"], row["question"]
            if problem_id not in sealed:
                missing.append(problem_id)
                continue
            result = practice(text)
            if build_problem_entry(problem_id, result).entry_id != sealed[problem_id]:
                stale.append(problem_id)
                continue
            pending.setdefault(text, []).append(result)
            if _gold_answer(row) is None:
                unanswered.append(problem_id)
            yield row

    def practised(text: str) -> Any:
        # evaluate() asks for each row's result right after taking the row: hand it over and
        # forget it, so that memory does not grow with the corpus.
        results = pending[text]
        result = results.pop(0)
        if not results:
            del pending[text]
        return result

    report = evaluate(measured(), practised)
    summary = {**report.summary(), "not_in_store": missing, "not_reproduced": stale,
               "without_gold_answer": unanswered}
    if unanswered:
        click.echo(f"practiceloop: warning: {len(unanswered)} of {report.total} measured gold "
                   "rows have no gold answer (no readable `answer` or `answer_number`); they "
                   "count neither right nor wrong", err=True)
    if show and not per_problem:
        raise CliError("--show filters --per-problem: give --per-problem too", ExitCode.USAGE)
    if per_problem:
        shown = [v for v in report.verdicts if _shown(v, show)]
        if as_json:
            for verdict in shown:
                click.echo(json.dumps(verdict.as_json(), ensure_ascii=False, sort_keys=True))
        else:
            out_console().print(_verdict_table(shown, len(report.verdicts)))
    elif as_json:
        print_json(summary)
    if not as_json:
        console = out_console()
        rows = [(key, summary[key]) for key in (*(str(c) for c in Category), "coverage",
                                                 "right", "wrong", "practice_only")]
        console.print(table(f"Evaluation of {report.total} sealed problems", ("", "value"), rows))
        for problem_id in report.wrong_ids:
            click.echo(f"wrong: {problem_id}")
        for problem_id in missing:
            click.echo(f"not in the store: {problem_id}", err=True)
        for problem_id in stale:
            click.echo(f"not reproduced (sealed by another version?): {problem_id}", err=True)
    return ExitCode.DATA if missing or stale else ExitCode.OK


# -- serve -------------------------------------------------------------------------------------


@click.command(epilog=epilog(), short_help="Serve the read-only Workbench for a store.")
@_STORE
# The Workbench's DEFAULT_HOST and DEFAULT_PORT, written out so that building the command line
# does not import the web layer (tests/cli/test_eval_serve.py keeps them equal).
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (localhost by default: the Workbench is for you alone).")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8765,
              show_default=True, help="Port to listen on (0: any free port).")
def serve(store_path: Path, host: str, port: int) -> int:
    """Serve the read-only Workbench for a store (Ctrl-C stops it)."""
    # Imported here: the web layer is not needed by any other command's start-up.
    from practiceloop.workbench import serve as serve_workbench

    if not store_path.exists():
        raise CliError(f"no evidence store at {store_path}", ExitCode.NO_INPUT)
    try:
        serve_workbench(store_path, host, port)
    except OSError as exc:
        raise CliError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                       ExitCode.UNAVAILABLE, hint=_bind_hint(exc, port)) from None
    return ExitCode.OK


def _bind_hint(exc: OSError, port: int) -> str:
    """What to do when the Workbench's address cannot be bound."""
    import errno

    if exc.errno == errno.EADDRINUSE:
        return (f"another program (another `practiceloop serve`?) already listens on port "
                f"{port}; choose another --port, or --port 0 for any free one")
    if exc.errno == errno.EACCES:
        return "ports below 1024 need privileges; choose a --port of 1024 or more"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "the --host address is not one of this machine's; the default is 127.0.0.1"
    return "check --host and --port"
