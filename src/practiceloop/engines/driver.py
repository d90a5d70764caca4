"""The corpus driver: read, shard, map over an engine, append in canonical order, checkpoint.

:func:`run_corpus` is the only writer of a run. Plan, step by step:

1. open the corpus once (this fails fast on a corpus that cannot be read; a regular file is
   counted on the same handle for the progress bar, a pipe is not) and the store (creating it,
   and taking its writer lock: a second run on the same store is refused, not run twice);
2. stream the corpus (:func:`~practiceloop.engines.corpus.read_corpus`); a bad line is reported
   and skipped, a problem already sealed in the store is skipped (this is what makes a run
   resumable), every other problem joins the current shard, in corpus order;
3. map :func:`~practiceloop.engines.work.practise_shard` over the shards with the engine; the
   engine hands results back in shard order, and each result's problem ids are checked against
   the shard that was sent (a position, never a Dask key, names a result);
4. check each sealed problem's objects as its shard arrives, into an
   :class:`~practiceloop.store.sqlite.ObjectBatch` (see *Trust* below), and append them every
   ``batch_size`` problems (once every shard is sent, after every shard, so that the writes
   overlap the engine's last shards instead of following them), one transaction per batch, in
   corpus order: every engine therefore writes the same log in the same order and reaches the
   same Merkle root; a problem whose work raised is reported and the run goes on; a malformed
   object stops the run with the store's error, and nothing of its batch is written;
5. publish a checkpoint of the log head.

If the engine dies or the run is interrupted, the problems already received are appended (they
are a canonical prefix) and checkpointed before the error propagates. A SIGKILL loses at most
the batch in flight: SQLite rolls back its open transaction, and the next run skips every
problem already sealed, with any engine.

Trust. The store checks every object before it writes it: id, kind, and that the body is the
canonical full form of its kind, which means parsing and re-encoding every body, the bulk of
the writer's work. The driver is the run's one writer, so that work would be serial; instead
each worker runs the store's own checks next to the work and vouches for the objects that pass
(:mod:`practiceloop.engines.work`), and the driver takes the body checks' verdict
(:meth:`~practiceloop.store.sqlite.ObjectBatch.add_vouched`). This is sound because:

(1) the verdict is the store's own check code's, run on exactly the bytes sent, by a worker
    running the function the run gave it (a pool's workers are processes of this very
    installation; a Dask worker imports the same function from its own, hence (3));
(2) the driver hashes every body again and refuses one that is not the vouched leaf, so no
    other bytes can slip in on the way (transport, decoding) between the check and the store;
(3) a worker whose checks are another version (``CHECK_VERSION``, e.g. a Dask worker with
    another practiceloop installed) is not believed: its objects get every check here;
(4) it asks of a worker nothing the run does not ask already: the driver stores what the
    workers practised without practising it again, so a worker that lied about its checks
    could as well lie in well-formed records; and ``verify`` re-checks every stored body.

Ids, kinds, conflicts between objects, problem claims and the log remain the driver's own
checks, and objects without a vouch get every check here. No vouch is asked for with
``recheck=True``, nor from the in-process engine, whose worker is the driver itself: checking
there would only add the vouch's own cost.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import os
from collections.abc import Callable, Generator
from pathlib import Path
from typing import BinaryIO

from practiceloop.engines._collector import run_thresholds
from practiceloop.engines.base import DEFAULT_BATCH_SIZE, DEFAULT_SHARD_SIZE, Engine
from practiceloop.engines.corpus import BadLine, Corpus
from practiceloop.engines.errors import EngineError, EngineLostError
from practiceloop.engines.process import ProcessEngine
from practiceloop.engines.work import (
    ProblemFailure,
    Shard,
    ShardItem,
    WireFormatError,
    WorkFn,
    decode_shard,
    practise_shard,
    practise_shard_default,
)
from practiceloop.kernel.identity import Digest
from practiceloop.loop.evidence import practice_problem
from practiceloop.store import Checkpoint, EvidenceStore, StoreIOError, append_checkpoint
from practiceloop.store.note import Signer
from practiceloop.store.sqlite import ObjectBatch

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_SHARD_SIZE",
    "ProgressFn",
    "RunProgress",
    "RunSummary",
    "Settled",
    "run_corpus",
]

@dataclasses.dataclass(frozen=True, slots=True)
class Settled:
    """What became of one corpus line: ``outcome`` is ``sealed`` (practised and sealed; in
    the store once its batch commits), ``skipped`` (sealed before the run), ``failed`` (its
    work raised: ``detail`` says how) or ``bad_line`` (refused by the reader: ``detail`` is the
    reason, ``problem_id`` is ``""``)."""

    line_no: int
    problem_id: str
    outcome: str
    detail: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class RunProgress:
    """Counters of a run so far (given to the progress callback after every shard).

    ``total_lines``: items the corpus will yield (``None`` for a pipe, which is not counted
    before it is read: see :class:`~practiceloop.engines.corpus.Corpus`); ``lines_done``: items
    read so far (a few shards ahead of the results: not a measure of work done, see
    :attr:`settled`); ``sealed``: problems practised and sealed, ``committed`` of them already
    in the store; ``skipped``: already sealed before the run; ``failed``: problems whose work
    raised; ``bad_lines``: lines refused by the reader. ``recent``: the lines settled since the
    previous call, in the order they settled.
    """

    total_lines: int | None
    lines_done: int
    sealed: int
    skipped: int
    failed: int
    bad_lines: int
    committed: int
    recent: tuple[Settled, ...] = ()

    @property
    def settled(self) -> int:
        """Lines whose outcome is known: sealed, skipped, failed or bad. The run is done when
        this reaches ``total_lines``."""
        return self.sealed + self.skipped + self.failed + self.bad_lines


ProgressFn = Callable[[RunProgress], None]


@dataclasses.dataclass(frozen=True, slots=True)
class RunSummary:
    """What one run did, and the log head it left behind.

    ``sealed``: problems sealed by this run; ``skipped``: already sealed before it; ``failures``
    and ``bad_lines`` in corpus order; ``new_objects``: objects this run added to the log;
    ``vouched``: sealed problems whose objects' body checks ran in a worker and were taken on its
    vouch (0 for the in-process engine and with ``recheck``; see *Trust*);
    ``log_root``: the log's Merkle root (hex) at ``log_size``; ``checkpoint``: the checkpoint
    published at the end (``None`` when asked not to, or when its file could not be written:
    then ``checkpoint_error`` says why, and the records are committed all the same).
    """

    corpus: str
    store: Path
    engine: str
    workers: int
    problems: int
    sealed: int
    skipped: int
    failures: tuple[ProblemFailure, ...]
    bad_lines: tuple[BadLine, ...]
    new_objects: int
    vouched: int
    log_size: int
    log_root: str
    checkpoint: Checkpoint | None
    checkpoint_error: str | None = None


@dataclasses.dataclass(slots=True)
class _Run:
    """The driver's mutable bookkeeping for one run (never leaves this module)."""

    store: EvidenceStore
    batch_size: int
    total_lines: int | None
    progress: ProgressFn | None
    recheck: bool = False
    lines_done: int = 0
    problems: int = 0
    sealed: int = 0
    skipped: int = 0
    committed: int = 0
    new_objects: int = 0
    vouched: int = 0
    failures: list[ProblemFailure] = dataclasses.field(default_factory=list)
    bad_lines: list[BadLine] = dataclasses.field(default_factory=list)
    batch: ObjectBatch = dataclasses.field(default_factory=ObjectBatch)
    claims: list[tuple[str, Digest]] = dataclasses.field(default_factory=list)
    in_flight: collections.deque[tuple[ShardItem, ...]] = dataclasses.field(
        default_factory=collections.deque
    )
    read_all: bool = False  # the corpus is read and every shard sent
    recent: list[Settled] = dataclasses.field(default_factory=list)  # since the last report

    def settle(self, line_no: int, problem_id: str, outcome: str, detail: str = "") -> None:
        if self.progress is not None:  # nobody asks otherwise: keep nothing
            self.recent.append(Settled(line_no, problem_id, outcome, detail))

    def shards(
        self, corpus: Corpus, shard_size: int, workers: int = 1
    ) -> Generator[Shard, None, None]:
        """Pending problems in corpus order, cut into shards (step 2).

        With more than one worker and a counted corpus, shards shrink near its end (to what is
        left spread over twice the workers, never below one problem), so that the workers
        finish together instead of one working through a full last shard while the others wait.
        """
        shard: list[ShardItem] = []
        size = shard_size
        for item in corpus.items():
            self.lines_done += 1
            if isinstance(item, BadLine):
                self.bad_lines.append(item)
                self.settle(item.line_no, "", "bad_line", item.reason)
                continue
            self.problems += 1
            line_no, problem_id, text = item
            if self.store.has_problem(problem_id):
                self.skipped += 1
                self.settle(line_no, problem_id, "skipped")
                continue
            shard.append((line_no, problem_id, text))
            if len(shard) >= size:
                yield self._send(shard)
                shard = []
                if workers > 1 and self.total_lines is not None:
                    left = self.total_lines - self.lines_done
                    size = max(1, min(shard_size, -(-left // (2 * workers))))
        self.read_all = True
        if shard:
            yield self._send(shard)

    def _send(self, shard: list[ShardItem]) -> Shard:
        sent = tuple(shard)
        self.in_flight.append(sent)
        return sent

    def receive(self, engine_name: str, data: bytes) -> None:
        """Take one shard's result (steps 3 and 4)."""
        if not self.in_flight:
            raise EngineLostError(engine_name, "the engine returned more results than shards")
        sent = self.in_flight.popleft()
        try:
            outcomes = decode_shard(data)
        except WireFormatError as exc:
            raise EngineLostError(engine_name, f"a shard came back malformed ({exc})") from exc
        if [o.problem_id for o in outcomes] != [item[1] for item in sent]:
            raise EngineLostError(engine_name, "a shard came back for other problems")
        for (line_no, problem_id, _), outcome in zip(sent, outcomes, strict=True):
            if isinstance(outcome, ProblemFailure):
                # The line number is the driver's own, not whatever came back.
                self.failures.append(ProblemFailure(line_no, problem_id, outcome.error))
                self.settle(line_no, problem_id, "failed", outcome.error)
                continue
            evidence = outcome.evidence
            # InvalidObjectError, ObjectConflictError: the run stops here (see *Trust*).
            if outcome.vouch is not None and not self.recheck:
                self.batch.add_vouched(evidence.objects, outcome.vouch)
                self.vouched += 1
            else:
                self.batch.add(evidence.objects)
            # evidence.py types ids as plain str; the store checks they are digests.
            self.claims.append((problem_id, Digest(evidence.entry_id)))
            self.settle(line_no, problem_id, "sealed")
        # Once every shard is out, commit each result as it comes: the engine is still busy with
        # the rest, so the writes overlap its work instead of following it as the run's tail.
        if len(self.claims) >= self.batch_size or self.read_all:
            self.flush()
        self.report()

    def flush(self) -> None:
        """Append the collected problems in one transaction (step 4)."""
        if not self.claims:
            return
        result = self.store.append(self.batch, self.claims)
        self.sealed += len(self.claims)
        self.committed += len(self.claims)
        self.new_objects += result.new_objects
        self.batch = ObjectBatch()
        self.claims = []

    def report(self) -> None:
        if self.progress is not None:
            recent, self.recent = tuple(self.recent), []
            self.progress(
                RunProgress(
                    total_lines=self.total_lines,
                    lines_done=self.lines_done,
                    sealed=self.sealed + len(self.claims),
                    skipped=self.skipped,
                    failed=len(self.failures),
                    bad_lines=len(self.bad_lines),
                    committed=self.committed,
                    recent=recent,
                )
            )


def _shard_fn(work: WorkFn | None, *, vouch: bool) -> Callable[[Shard], bytes]:
    """The function the engine maps: picklable by reference (a module-level function, or a
    partial of one) for the process and Dask engines."""
    if work is None and vouch:
        return practise_shard_default
    return functools.partial(practise_shard, work or practice_problem, vouch=vouch)


def _publish(
    store: EvidenceStore, signer: Signer | None = None
) -> tuple[Checkpoint | None, str | None]:
    """Append the checkpoint (signed with ``signer``); ``(None, why)`` when its file cannot be
    written.

    The records are committed by then: a checkpoints file that cannot be written (read-only,
    disk full) is reported beside the run's summary, not as a failure of the run's records.
    A checkpoint the log does not extend (a rolled-back store) still raises.
    """
    try:
        return append_checkpoint(store, signer=signer), None
    except StoreIOError as exc:
        return None, exc.message


def run_corpus(
    corpus_path: str | os.PathLike[str] | BinaryIO,
    store_path: str | os.PathLike[str],
    *,
    engine: Engine | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    shard_size: int = DEFAULT_SHARD_SIZE,
    progress: ProgressFn | None = None,
    work: WorkFn | None = None,
    checkpoint: bool = True,
    recheck: bool = False,
    signer: Signer | None = None,
) -> RunSummary:
    """Practise every problem of a JSONL corpus not yet sealed in the store; seal and persist.

    ``corpus_path`` is a path or a binary stream (standard input), read once from where it
    stands (see :class:`~practiceloop.engines.corpus.Corpus`). ``engine`` defaults to a
    :class:`ProcessEngine` on every core (built and closed here; an engine passed in stays
    open for the caller to close). ``work`` is the per-problem function
    ``(problem_id, text) -> ProblemEvidence`` (default:
    :func:`practiceloop.loop.evidence.practice_problem`; it must be picklable by reference for the
    process and Dask engines). ``progress`` is called after every shard. ``recheck``: run
    every object check in the driver, taking no worker's vouch (see *Trust* in the module
    docstring; the records and the root are the same either way, only slower). ``signer``:
    publish every checkpoint as a C2SP signed note by this key (unsigned lines without one).

    Returns a :class:`RunSummary`. Bad lines and problems whose work raised are reported there,
    never raised, and so is a checkpoints file that cannot be written (``checkpoint_error``).
    Raises ``ValueError`` for a ``batch_size`` or ``shard_size`` below 1;
    :class:`~practiceloop.engines.errors.CorpusError` when the corpus cannot be read; the
    :class:`~practiceloop.engines.errors.EngineError` family when the engine cannot start or
    dies (after committing every problem already received); the
    :class:`~practiceloop.store.errors.StoreError` family for the store, among them
    StoreLockedError at once when another run holds the store's writer lock.
    """
    if type(batch_size) is not int or batch_size < 1:
        raise ValueError(f"batch_size must be a positive int, not {batch_size!r}")
    if type(shard_size) is not int or shard_size < 1:
        raise ValueError(f"shard_size must be a positive int, not {shard_size!r}")
    with run_thresholds(), Corpus(corpus_path) as corpus, \
            EvidenceStore.open(store_path, create=True, exclusive=True) as store:
        run = _Run(store=store, batch_size=batch_size, total_lines=corpus.total,
                   progress=progress, recheck=recheck)
        owned = engine is None
        active = ProcessEngine() if engine is None else engine
        shard_fn = _shard_fn(work, vouch=not (recheck or active.shares_process))
        try:
            # While a batch commits, the workers go on with the shards already in flight: keep
            # a batch's worth of them in flight, so a commit never leaves the pool idle.
            window = 2 * active.workers + -(-batch_size // shard_size)
            with contextlib.closing(run.shards(corpus, shard_size, active.workers)) as shards:
                for data in active.map(shard_fn, shards, window=window):
                    run.receive(active.name, data)
            if run.in_flight:  # a shard without a result would leave problems silently unsealed
                raise EngineLostError(active.name, "the engine returned fewer results than shards")
        except (EngineError, KeyboardInterrupt):
            # Everything received is a canonical prefix of the run: keep it, then stop.
            run.flush()
            if checkpoint and run.committed:
                _publish(store, signer)  # the error that stopped the run is the one to report
            raise
        finally:
            if owned:
                active.close()
        run.flush()
        run.report()
        published, unpublished = _publish(store, signer) if checkpoint else (None, None)
        size = store.log_size()
        return RunSummary(
            corpus=corpus.name,
            store=store.path,
            engine=active.name,
            workers=active.workers,
            problems=run.problems,
            sealed=run.sealed,
            skipped=run.skipped,
            failures=tuple(run.failures),
            bad_lines=tuple(run.bad_lines),
            new_objects=run.new_objects,
            vouched=run.vouched,
            log_size=size,
            log_root=store.log_root(size).hex(),
            checkpoint=published,
            checkpoint_error=unpublished,
        )
