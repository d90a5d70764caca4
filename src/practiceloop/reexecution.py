"""``verify --replay``: the re-execution audit, the one check that catches a consistent forgery.

Plain ``verify`` recomputes every id and the log, but an id covers a record's fields, never
its prose, and whoever can write the store can recompute every id, leaf and checkpoint after
changing a field. Re-execution does what reproducible-build checkers do: it practises every
stored problem again, from the text its stored frame holds, with the installed reader and
manifest, and compares every record the loop produces with the stored bytes, byte for byte.

The plan::

    (1) the stored versions: every frame's reader (``reader_id``, ``reader_version``), every
        assessment's organ version, every replay input's manifest digest must be the installed
        ones; otherwise nothing is re-practised (``PL704``: another version would produce
        other records, and a thousand differences would hide the one that matters);
    (2) every problem entry with a stored frame becomes a shard item ``(log position, problem
        id, source text)``; an entry with no frame (the reader refused its text, which is then
        not stored) cannot be re-practised (``PL705``, a warning);
    (3) the shards are practised on an engine (default: every core) with
        :func:`practiceloop.loop.evidence.practice_problem`, the work a run maps, and come back
        as the exact canonical bytes (:mod:`practiceloop.engines.work`);
    (4) each produced record is compared with the stored one under the same id: other bytes
        are ``PL701``, a record the store lacks ``PL703``; a problem whose work raised is
        ``PL706``;
    (5) every stored record that no re-practised problem produced is ``PL702`` (the entries
        that could not be re-practised in (2) excepted: they have their warning).

Reads the store only (never writes). Returns findings of the audit's catalogue
(:class:`~practiceloop.audit.findings.Finding`), to join a ``verify`` report
(:meth:`~practiceloop.audit.verify.VerifyReport.with_replay`). Raises only the store's errors
for a store that cannot be opened, and the engines' when the engine dies.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from typing import Any, Final

from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.arith.reader import READER_ID, READER_VERSION
from practiceloop.audit.findings import Check, Finding
from practiceloop.engines.base import DEFAULT_SHARD_SIZE, Engine
from practiceloop.engines.process import ProcessEngine
from practiceloop.engines.work import (
    ProblemFailure,
    Shard,
    ShardItem,
    decode_outcomes,
    practise_shard,
)
from practiceloop.kernel.identity import Digest, is_digest
from practiceloop.loop.evidence import practice_problem
from practiceloop.store import (
    PROBLEM_ENTRY_KIND,
    CorruptObjectError,
    EvidenceStore,
    ObjectNotFoundError,
)

__all__ = ["InstalledVersions", "ReplayOutcome", "installed_versions", "replay_store"]

_FRAME: Final = "problem_frame"
_ASSESSMENT: Final = "contract_assessment"
_REPLAY_INPUT: Final = "replay_adapter_input"
_MANIFEST_KEY: Final = "authority_manifest"

Progress = Callable[[int, int], None]
"""``(problems practised so far, problems to practise)``."""


@dataclasses.dataclass(frozen=True, slots=True)
class InstalledVersions:
    """What this installation would record: the reader, each organ's version, the manifest."""

    reader: tuple[str, str]
    organs: frozenset[tuple[str, str]]
    manifest_digest: str


def installed_versions() -> InstalledVersions:
    """The installed reader's and manifest's versions (what ``practice`` uses by default)."""
    return InstalledVersions(
        reader=(READER_ID, READER_VERSION),
        organs=frozenset((entry.organ, entry.version) for entry in ARITH_MANIFEST.organs),
        manifest_digest=ARITH_MANIFEST.manifest_digest,
    )


@dataclasses.dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """What re-execution found: ``findings`` in order, ``problems`` re-practised, ``records``
    compared (each produced record once)."""

    findings: tuple[Finding, ...]
    problems: int
    records: int


def _records(store: EvidenceStore, kind: str) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """``(log position, id, record)`` of every stored object of ``kind`` that parses (damage is
    plain ``verify``'s to name)."""
    for obj in store.iter_objects(kind=kind, verify=False):
        try:
            parsed = json.loads(obj.body)
        except (TypeError, ValueError, RecursionError):
            continue
        record = parsed.get("record") if type(parsed) is dict else None
        if type(record) is dict:
            yield obj.seq, obj.object_id, record


def _count(found: dict[str, int], value: object) -> None:
    key = json.dumps(value, ensure_ascii=False, sort_keys=True)
    found[key] = found.get(key, 0) + 1


def _version_findings(store: EvidenceStore, installed: InstalledVersions) -> list[Finding]:
    """(1) Stored versions that are not the installed ones, one finding per kind of version."""
    readers: dict[str, int] = {}
    organs: dict[str, int] = {}
    manifests: dict[str, int] = {}
    for _, _, frame in _records(store, _FRAME):
        pair = [frame.get("reader_id"), frame.get("reader_version")]
        if tuple(pair) != installed.reader:
            _count(readers, pair)
    for _, _, assessment in _records(store, _ASSESSMENT):
        pair = [assessment.get("candidate_organ"), assessment.get("organ_version")]
        if tuple(pair) not in installed.organs:
            _count(organs, pair)
    for _, _, replay_input in _records(store, _REPLAY_INPUT):
        versions = replay_input.get("schema_versions")
        pairs = versions if type(versions) is list else []
        digests = [p[1] for p in pairs if type(p) is list and len(p) == 2 and p[0] == _MANIFEST_KEY]
        for digest in digests or [None]:
            if digest != installed.manifest_digest:
                _count(manifests, digest)
    findings: list[Finding] = []
    hint = "install the practiceloop that sealed this store to re-practise it"
    for what, found, wanted in (
        ("reader", readers, json.dumps(list(installed.reader))),
        ("organ", organs, ", ".join(sorted(json.dumps(list(o)) for o in installed.organs))),
        ("authority manifest", manifests, json.dumps(installed.manifest_digest)),
    ):
        if found:
            stored = "; ".join(f"{key} ({n} records)" for key, n in sorted(found.items()))
            findings.append(Finding(Check.REPLAY_VERSIONS_DIFFER, "store",
                                    f"stored {what} versions are not the installed ones; "
                                    f"nothing was re-practised: {hint}",
                                    expected=wanted, actual=stored))
    return findings


def _frame_text(store: EvidenceStore, frame_digest: object) -> str | None:
    if not is_digest(frame_digest):
        return None
    try:
        body = store.get(Digest(str(frame_digest)))
    except (ObjectNotFoundError, CorruptObjectError):
        return None
    text = json.loads(body).get("record", {}).get("source_text")
    return text if type(text) is str else None


def _plan(store: EvidenceStore) -> tuple[list[ShardItem], set[str], list[Finding]]:
    """(2) The problems to re-practise, the entries that cannot be, and their warnings."""
    items: list[ShardItem] = []
    skipped: set[str] = set()
    findings: list[Finding] = []
    for seq, entry_id, entry in _records(store, PROBLEM_ENTRY_KIND):
        problem_id = entry.get("problem_id")
        frame = entry.get("problem_frame_digest")
        text = _frame_text(store, frame) if type(problem_id) is str else None
        if text is None:
            skipped.add(entry_id)
            why = ("the reader refused its text, which is therefore not stored" if frame is None
                   else f"its frame {frame} cannot be read (plain verify names why)")
            findings.append(Finding(Check.REPLAY_TEXT_UNAVAILABLE, entry_id,
                                    f"problem {problem_id!r} is not re-practised: {why}"))
            continue
        items.append((seq, str(problem_id), text))
    return items, skipped, findings


def _shards(items: list[ShardItem], size: int) -> Iterator[Shard]:
    for start in range(0, len(items), size):
        yield tuple(items[start : start + size])


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Comparison:
    """(4) and (5): the produced records against the stored ones."""

    def __init__(self, store: EvidenceStore) -> None:
        self.store = store
        self.produced: set[str] = set()
        self.findings: list[Finding] = []

    def compare(self, object_id: str, kind: str, body: bytes) -> None:
        if object_id in self.produced:
            return  # equal texts share records: compared once
        self.produced.add(object_id)
        try:
            stored = self.store.get(Digest(object_id))
        except ObjectNotFoundError:
            self.findings.append(Finding(Check.REPLAY_RECORD_MISSING, object_id,
                                         f"re-practising produces this {kind}; the store lacks it",
                                         expected=_sha256(body), actual=None))
            return
        except CorruptObjectError as exc:
            self.findings.append(Finding(Check.REPLAY_RECORD_DIFFERS, object_id,
                                         f"the stored {kind} fails its re-check ({exc.what}); "
                                         "re-practising gives its exact bytes",
                                         expected=_sha256(body), actual=exc.actual))
            return
        if stored != body:
            self.findings.append(Finding(Check.REPLAY_RECORD_DIFFERS, object_id,
                                         f"the stored {kind} is not the bytes re-practising "
                                         "gives (sha256 of each)",
                                         expected=_sha256(body), actual=_sha256(stored)))

    def unproduced(self, skipped: set[str]) -> None:
        for obj in self.store.iter_objects(verify=False):
            if obj.object_id not in self.produced and obj.object_id not in skipped:
                self.findings.append(Finding(Check.REPLAY_RECORD_UNPRODUCED, obj.object_id,
                                             f"this {obj.kind} (log position {obj.seq}) is "
                                             "produced by re-practising no stored problem"))


def replay_store(
    path: str | os.PathLike[str],
    *,
    engine: Engine | None = None,
    progress: Progress | None = None,
    installed: InstalledVersions | None = None,
    shard_size: int = DEFAULT_SHARD_SIZE,
) -> ReplayOutcome:
    """Re-practise every problem stored at ``path`` and compare every record (the module plan).

    ``engine`` defaults to a :class:`~practiceloop.engines.ProcessEngine` on every core (built
    and closed here; one passed in stays open). ``installed`` defaults to
    :func:`installed_versions`. ``progress`` is called after every shard.
    """
    wanted = installed_versions() if installed is None else installed
    with EvidenceStore.open_readonly(path) as store:
        # (1) versions first: refuse before any work.
        refused = _version_findings(store, wanted)
        if refused:
            return ReplayOutcome(tuple(refused), 0, 0)
        # (2) what to re-practise.
        items, skipped, findings = _plan(store)
        comparison = _Comparison(store)
        work = functools.partial(practise_shard, practice_problem, vouch=False)
        owned = engine is None
        active = ProcessEngine() if engine is None else engine
        done = 0
        try:
            # (3) on the engine, results in shard order; (4) compared as they come.
            for data in active.map(work, _shards(items, shard_size)):
                for outcome in decode_outcomes(data):
                    done += 1
                    if isinstance(outcome, ProblemFailure):
                        findings.append(Finding(Check.REPLAY_FAILED, outcome.problem_id,
                                                f"the loop raised: {outcome.error}"))
                        continue
                    for object_id, kind, body in outcome.objects:
                        comparison.compare(object_id, kind, body)
                if progress is not None:
                    progress(done, len(items))
        finally:
            if owned:
                active.close()
        # (5) what nothing produced.
        comparison.unproduced(skipped)
        return ReplayOutcome((*findings, *comparison.findings), done,
                             len(comparison.produced))
