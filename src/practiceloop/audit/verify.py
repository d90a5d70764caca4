"""``verify``: the audit of an evidence store, in numbered steps (modelled on ``git fsck``).

The plan, as the code below labels it::

    (0) the store as a whole: it opens read-only, its schema and triggers are intact, SQLite's
        own page check passes;
    (1) re-hash every object: its bytes hash to the leaf hash logged for them, parse as the full
        form {kind, record}, re-encode canonically to themselves, and carry the kind they are
        filed under (a kind practiceloop writes);
    (2) recompute every id from the record's fields (:mod:`practiceloop.audit.recompute`,
        independent of the kernel), nested records included, and check the object is filed
        under the id its record carries;
    (3) resolve every referenced id: each must be stored (or nested in a stored record) with a
        kind the reference allows; name the missing ones; every record is reached from a
        problem entry logged after it (:mod:`practiceloop.audit.reach`: dangling records and
        records appended after their problem was sealed); every ``problems`` row points at an
        entry naming that problem and every entry is the one its problem's row names; the
        derived episode index is what the evidence derives (recomputed and compared);
    (4) re-derive each sealed trace's practice disposition from the replay records it binds
        (:mod:`practiceloop.audit.disposition`);
    (5) recompute every leaf hash and the Merkle root from the objects in log order; check the
        root at every checkpoint's size, the consistency of consecutive checkpoints, a log
        shorter than a checkpoint (a rolled-back store), holes, unlogged objects, log entries
        without objects, and the root the store itself reports; with trusted keys, every
        checkpoint is a signed note vouched for by one of them (:mod:`practiceloop.audit.trust`)
        and a missing checkpoint file is an error.

``quick`` runs steps 0, 1 and 5; ``full`` runs them all. The audit keeps going after every
finding and after a step that cannot finish (``PL002 step-failed``). Steps 1 to 4 share one
streaming pass over the log, so memory grows with the number of ids, never with the bytes.

Accepts a store path; returns a :class:`VerifyReport` (a value), whose ``exit_code`` is the
bitmask of :class:`~practiceloop.audit.findings.ExitBit`. Never raises for anything found in
or about the store: an unreadable store is a finding.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from practiceloop.audit.disposition import SEALED_DISPOSITIONS, derive_disposition
from practiceloop.audit.findings import Check, Finding, Severity, exit_code
from practiceloop.audit.reach import Reachability
from practiceloop.audit.recompute import (
    KINDS,
    DecodedObject,
    decode_object,
    is_canonical,
    iter_nested,
    iter_references,
    recompute_kind_id,
)
from practiceloop.audit.trust import checkpoint_trust
from practiceloop.kernel.identity import Digest, is_digest
from practiceloop.store import (
    PROBLEM_ENTRY_KIND,
    Checkpoint,
    CheckpointFormatError,
    CheckpointMismatchError,
    EvidenceStore,
    StoreCorruptError,
    StoreError,
    check_index,
    checkpoint_path,
    read_checkpoints,
)
from practiceloop.store.merkle import (
    EMPTY_ROOT,
    HASH_SIZE,
    consistency_ranges,
    leaf_hash,
    subtree_roots,
    verify_consistency,
)
from practiceloop.store.note import Verifier

__all__ = [
    "TRACE_KIND",
    "Mode",
    "Projection",
    "VerifyReport",
    "check_identity",
    "check_trace",
    "project",
    "verify_store",
]

TRACE_KIND: Final = "sealed_practice_trace"
"""The kind whose disposition step 4 re-derives."""

# Fields of the records step 4 reads, kept per id during the pass (never whole records).
_PROJECTED: Final[Mapping[str, tuple[str, ...]]] = {
    TRACE_KIND: (
        "geometric_search_run_id",
        "search_gate_decision_id",
        "candidate_attempt_ids",
        "replay_result_ids",
        "replay_refusal_ids",
        "practice_disposition",
    ),
    "replay_adapter_result": ("replay_disposition", "attempt_id", "run_id"),
    "replay_adapter_refusal": ("replay_disposition", "attempt_id", "run_id"),
    "geometric_search_run": (),
    "search_run_refusal": (),
    "search_gate_decision": ("status",),
}

# What the store's own structure checks find, in this audit's catalogue.
_STRUCTURE_CHECKS: Final[Mapping[str, Check]] = {
    "log.holes": Check.LOG_SEQUENCE_BROKEN,
    "log.dangling": Check.LOG_OBJECT_MISSING,
    "object.unlogged": Check.OBJECT_NOT_LOGGED,
    "problem.entry": Check.PROBLEM_INDEX_MISMATCH,
}
# What the derived index's comparison finds (store.index.check_index), in this catalogue.
_INDEX_CHECKS: Final[Mapping[str, Check]] = {
    "index.missing": Check.EPISODE_INDEX_MISSING,
    "index.behind": Check.EPISODE_INDEX_STALE,
    "index.stale": Check.EPISODE_INDEX_STALE,
}

Projection = tuple[str, dict[str, Any]]
"""``(kind, the few fields step 4 needs)`` of one record."""


class Mode(enum.StrEnum):
    """Which steps run: ``quick`` = 0, 1, 5; ``full`` = all."""

    QUICK = "quick"
    FULL = "full"

    @property
    def steps(self) -> tuple[int, ...]:
        return (0, 1, 5) if self is Mode.QUICK else (0, 1, 2, 3, 4, 5)


@dataclasses.dataclass(frozen=True, slots=True)
class VerifyReport:
    """What one audit found and how much it looked at.

    ``findings`` are in the order found (step by step). ``exit_code`` is 0 only when no error
    was found; ``bytes`` counts the stored object bytes re-hashed.
    """

    subject: str
    mode: Mode
    findings: tuple[Finding, ...]
    objects: int = 0
    bytes: int = 0
    log_size: int = 0
    checkpoints: int = 0
    traces: int = 0
    replayed: int | None = None  # problems re-practised by ``--replay``; None: not asked

    @property
    def exit_code(self) -> int:
        return exit_code(self.findings)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``--json`` output (keys are a stable interface)."""
        return {
            "subject": self.subject,
            "mode": self.mode.value,
            "steps": list(self.mode.steps),
            "ok": self.ok,
            "exit_code": self.exit_code,
            "objects": self.objects,
            "bytes": self.bytes,
            "log_size": self.log_size,
            "checkpoints": self.checkpoints,
            "traces": self.traces,
            "replayed": self.replayed,
            "findings": [f.to_json() for f in self.findings],
        }

    def with_replay(self, findings: Sequence[Finding], replayed: int) -> VerifyReport:
        """This report with the re-execution audit's findings (step 7) after its own."""
        return dataclasses.replace(self, findings=(*self.findings, *findings), replayed=replayed)


def project(kind: str, record: Mapping[str, Any]) -> Projection | None:
    """The fields step 4 needs from a ``kind`` record, or None when it needs none of it."""
    fields = _PROJECTED.get(kind)
    if fields is None:
        return None
    return kind, {name: record.get(name) for name in fields}


def check_identity(object_id: str, decoded: DecodedObject) -> tuple[list[Finding], dict[str, str]]:
    """Step 2 for one record: its id, the key it is filed under, its nested records' ids.

    Returns the findings and ``nested id -> kind`` for every nested record that carries a
    well-formed id (so references to it resolve).
    """
    findings: list[Finding] = []
    nested_ids: dict[str, str] = {}
    spec = KINDS[decoded.kind]
    claimed = decoded.record.get(spec.id_field)
    if not is_digest(claimed):
        findings.append(Finding(Check.RECORD_MALFORMED, object_id,
                                f"{decoded.kind}.{spec.id_field} is not a 64-hex id"))
    else:
        recomputed = recompute_kind_id(decoded.kind, decoded.record)
        if recomputed is None:
            findings.append(Finding(Check.RECORD_MALFORMED, object_id,
                                    "the fields cannot be encoded canonically"))
        elif recomputed != claimed:
            findings.append(Finding(Check.RECORD_ID_MISMATCH, object_id,
                                    f"{decoded.kind}.{spec.id_field} does not reproduce",
                                    expected=recomputed, actual=claimed))
        if claimed != object_id:
            findings.append(Finding(Check.OBJECT_ID_MISMATCH, object_id,
                                    f"filed under {object_id} but its {spec.id_field} is "
                                    f"{claimed}", expected=object_id, actual=claimed))
    for path, kind, value in iter_nested(decoded.kind, decoded.record):
        nested_field = KINDS[kind].id_field
        nested_claim = value.get(nested_field) if type(value) is dict else None
        if not is_digest(nested_claim):
            findings.append(Finding(Check.RECORD_MALFORMED, object_id,
                                    f"{path} is not a {kind} with a 64-hex {nested_field}"))
            continue
        assert type(value) is dict and type(nested_claim) is str  # for the type checker
        nested_ids[nested_claim] = kind
        recomputed = recompute_kind_id(kind, value)
        if recomputed != nested_claim:
            findings.append(Finding(Check.NESTED_ID_MISMATCH, object_id,
                                    f"{path}.{nested_field} does not reproduce",
                                    expected=recomputed, actual=nested_claim))
    return findings, nested_ids


def check_trace(
    trace_id: str, fields: Mapping[str, Any], resolve: Callable[[str], Projection | None]
) -> list[Finding]:
    """Step 4 for one sealed trace: its disposition re-derived, its attempts accounted for."""
    findings: list[Finding] = []
    derivation = derive_disposition(fields, resolve)
    for item in derivation.unaccounted:
        findings.append(Finding(Check.TRACE_ATTEMPT_UNACCOUNTED, trace_id, item))
    stored = fields.get("practice_disposition")
    if derivation.disposition is None:
        what = [f"missing {i}" for i in derivation.missing]
        what += [f"unreadable {f}" for f in derivation.unreadable]
        findings.append(Finding(Check.DISPOSITION_UNDERIVABLE, trace_id,
                                "cannot re-derive the disposition: "
                                + ("; ".join(what) or "attempts but no replay record")))
    elif stored != derivation.disposition or stored not in SEALED_DISPOSITIONS:
        findings.append(Finding(Check.DISPOSITION_MISMATCH, trace_id,
                                "practice_disposition is not what the replay records imply",
                                expected=derivation.disposition, actual=str(stored)))
    return findings


@dataclasses.dataclass(slots=True)
class _Pending:
    """A reference to a record not read yet when its source was (resolved after the pass)."""

    source: str
    path: str
    target: str
    kinds: frozenset[str]


class _Audit:
    """The state of one store audit: findings so far and what the pass collected."""

    def __init__(self, store: EvidenceStore, mode: Mode,
                 progress: Callable[[int], None] | None,
                 trusted: Sequence[Verifier] = ()) -> None:
        self.store = store
        self.mode = mode
        self.progress = progress
        self.trusted = tuple(trusted)
        self.reach = Reachability()
        self.findings: list[Finding] = []
        self.stored: dict[str, str] = {}  # object id -> kind, every object the pass parsed
        self.nested: dict[str, str] = {}  # nested record id -> kind
        self.referenced: set[str] = set()
        self.pending: list[_Pending] = []
        self.projections: dict[str, Projection] = {}
        self.entries: list[tuple[str, object]] = []  # (entry id, problem_id)
        self.leaves = bytearray()  # recomputed leaf hashes, in log order, HASH_SIZE each
        self.leaves_break: int | None = None  # first log position whose object is absent
        self.objects = 0
        self.bytes = 0
        self.log_size = 0
        self.checkpoints = 0

    def add(self, check: Check, subject: str, message: str, **compare: str | None) -> None:
        self.findings.append(Finding(check, subject, message, **compare))

    def guarded(self, step: str, action: Callable[[], None]) -> None:
        """Run one step; a store error stops that step only (PL002), never the audit."""
        try:
            action()
        except StoreCorruptError as exc:
            self.add(Check.STORE_DAMAGED, "store", f"{step}: {exc}")
            self.add(Check.STEP_FAILED, "store", f"{step} stopped: {exc}")
        except StoreError as exc:
            self.add(Check.STEP_FAILED, "store", f"{step} stopped: {exc}")

    # -- (0) the store as a whole ------------------------------------------------------------

    def step0(self) -> None:
        for found in self.store.check_schema():
            self.add(Check.SCHEMA_ALTERED, found.subject, found.message)
        problems = self.store.integrity_check(quick=self.mode is Mode.QUICK)
        for line in problems[:20]:
            self.add(Check.STORE_DAMAGED, "store", f"SQLite reports: {line}")

    # -- (1) to (4): one pass over the log -----------------------------------------------------

    def object_pass(self) -> None:
        full = self.mode is Mode.FULL
        expected_seq = 0
        for obj in self.store.iter_objects(verify=False):
            if obj.seq != expected_seq and self.leaves_break is None:
                self.leaves_break = expected_seq  # a hole, or a log entry without its object
            expected_seq = obj.seq + 1
            self.objects += 1
            if self.progress is not None:
                self.progress(self.objects)
            body = obj.body if type(obj.body) is bytes else b""
            self.bytes += len(body)
            # (1) re-hash: the leaf hash is the digest the store recorded for these bytes.
            leaf = leaf_hash(body)
            self.leaves += leaf
            if leaf != obj.leaf_hash:
                stored_leaf = obj.leaf_hash.hex() if type(obj.leaf_hash) is bytes else "?"
                self.add(Check.OBJECT_HASH_MISMATCH, obj.object_id,
                         f"log position {obj.seq}: the bytes do not hash to their leaf",
                         expected=stored_leaf, actual=leaf.hex())
            decoded = self.step1_parse(obj.object_id, obj.kind, body)
            if decoded is None:
                continue
            self.stored[obj.object_id] = decoded.kind
            if decoded.kind == PROBLEM_ENTRY_KIND:
                self.entries.append((obj.object_id, decoded.record.get("problem_id")))
            if full:
                nested = self.step2(obj.object_id, decoded)
                targets = self.step3_collect(obj.object_id, decoded)
                self.reach.add(obj.object_id, obj.seq, decoded.kind, targets, nested,
                               entry=decoded.kind == PROBLEM_ENTRY_KIND)
                projection = project(decoded.kind, decoded.record)
                if projection is not None:
                    self.projections[obj.object_id] = projection

    def step1_parse(self, object_id: str, filed_kind: str, body: bytes) -> DecodedObject | None:
        decoded = decode_object(body)
        if isinstance(decoded, str):
            self.add(Check.OBJECT_UNPARSABLE, object_id, decoded)
            return None
        if not is_canonical(decoded, body):
            self.add(Check.OBJECT_NOT_CANONICAL, object_id,
                     "the bytes are not the canonical encoding of what they hold")
        if decoded.kind != filed_kind:
            self.add(Check.OBJECT_KIND_MISMATCH, object_id, "the body's kind is not the filed kind",
                     expected=filed_kind, actual=decoded.kind)
        if decoded.kind not in KINDS:
            self.add(Check.OBJECT_KIND_UNKNOWN, object_id, f"unknown kind {decoded.kind!r}")
            return None
        return decoded

    def step2(self, object_id: str, decoded: DecodedObject) -> list[str]:
        """Ids and nested ids recomputed; returns the nested records' ids."""
        findings, nested = check_identity(object_id, decoded)
        self.findings += findings
        self.nested.update(nested)
        return list(nested)

    def step3_collect(self, object_id: str, decoded: DecodedObject) -> list[str]:
        """References checked for shape and resolved where possible; returns their targets."""
        targets: list[str] = []
        for path, ref, value in iter_references(decoded.kind, decoded.record):
            if not is_digest(value):
                self.add(Check.RECORD_MALFORMED, object_id, f"{path} is not a 64-hex id")
                continue
            assert type(value) is str
            self.referenced.add(value)
            targets.append(value)
            item = _Pending(object_id, path, value, ref.kinds)
            # References point back along the chain, so most resolve at once; the rest wait.
            if self.kind_of(value) is None:
                self.pending.append(item)
            else:
                self.resolve(item)
        return targets

    # -- (3) resolve ---------------------------------------------------------------------------

    def kind_of(self, object_id: str) -> str | None:
        return self.stored.get(object_id) or self.nested.get(object_id)

    def resolve(self, item: _Pending) -> None:
        kind = self.kind_of(item.target)
        if kind is None:
            if not self.store.has_object(Digest(item.target)):  # stored, unlogged: PL502
                self.add(Check.REFERENCE_MISSING, item.source,
                         f"{item.path} references {item.target}, which is not in the store")
        elif item.kinds and kind not in item.kinds:
            self.add(Check.REFERENCE_WRONG_KIND, item.source, f"{item.path} references "
                     f"{item.target}", expected=" or ".join(sorted(item.kinds)), actual=kind)

    def step3(self) -> None:
        for item in self.pending:
            self.resolve(item)
        self.pending.clear()
        self.step3_problems()
        if self.store.object_count() > self.objects:
            # An unlogged object's body cannot be read (the store reads logged objects only),
            # so what it references is unknown: naming records dangling would be guesswork.
            return
        self.findings += self.reach.findings()

    def step3_problems(self) -> None:
        """Every problems row points at an entry naming its problem, and back."""
        rows = dict(self.store.problem_entries())  # problem id -> entry id
        named = {entry_id: problem_id for entry_id, problem_id in self.entries}
        for problem_id, entry_id in rows.items():
            # An entry that is not stored, or of another kind, is step 5's (problem.entry).
            if entry_id in named and named[entry_id] != problem_id:
                self.add(Check.PROBLEM_INDEX_MISMATCH, str(problem_id),
                         f"the problems row points at entry {entry_id}, which names problem "
                         f"{named[entry_id]!r}", expected=str(problem_id),
                         actual=str(named[entry_id]))
        for entry_id, claimed in self.entries:
            row = rows.get(claimed) if type(claimed) is str else None
            if row is None:
                self.add(Check.PROBLEM_INDEX_MISMATCH, entry_id,
                         f"entry for problem {claimed!r} is not in the problem index")
            elif row != entry_id:
                self.add(Check.PROBLEM_INDEX_MISMATCH, entry_id,
                         f"entry for problem {claimed!r} is not the one its problems row "
                         f"names", expected=row, actual=entry_id)

    def step3_index(self) -> None:
        """The derived episode index recomputed from the bodies and compared (store.index).

        Only over evidence found sound so far: a derivation from damaged bodies is no
        reference, and the damage itself is already an error."""
        if any(f.severity is Severity.ERROR for f in self.findings):
            return
        for found in check_index(self.store):
            check = _INDEX_CHECKS.get(found.code, Check.EPISODE_INDEX_STALE)
            self.add(check, found.subject, found.message)

    # -- (4) dispositions ----------------------------------------------------------------------

    def step4(self) -> int:
        traces = 0
        for trace_id, (kind, fields) in self.projections.items():
            if kind == TRACE_KIND:
                traces += 1
                self.findings += check_trace(trace_id, fields, self.projections.get)
        return traces

    # -- (5) the Merkle log --------------------------------------------------------------------

    def step5(self, checkpoints_file: Path) -> None:
        for found in self.store.check_structure():
            check = _STRUCTURE_CHECKS.get(found.code)
            if check is not None and (check is not Check.PROBLEM_INDEX_MISMATCH
                                      or self.mode is Mode.FULL):
                self.add(check, found.subject, found.message)
        self.log_size = self.store.log_size()
        recomputed = len(self.leaves) // HASH_SIZE
        usable = recomputed if self.leaves_break is None else self.leaves_break
        if self.trusted and not checkpoints_file.exists():
            self.add(Check.CHECKPOINT_REQUIRED, str(checkpoints_file),
                     "no checkpoints file: a trusted key was given, so the log must be anchored "
                     "by checkpoints it signed")
            return
        checkpoints = self.read_checkpoints(checkpoints_file)
        if checkpoints is None:
            return
        self.checkpoints = len(checkpoints)
        if not checkpoints and (self.log_size or self.trusted):
            check = Check.CHECKPOINT_REQUIRED if self.trusted else Check.CHECKPOINT_MISSING
            self.add(check, str(checkpoints_file),
                     f"no checkpoint anchors the {self.log_size} log entries")
        self.check_checkpoints(checkpoints, usable)
        if self.trusted:
            for number, checkpoint in enumerate(checkpoints, start=1):
                self.findings += checkpoint_trust(checkpoint, self.trusted,
                                                  f"checkpoint[{number}]")

    def read_checkpoints(self, path: Path) -> list[Checkpoint] | None:
        try:
            return read_checkpoints(path)
        except CheckpointMismatchError as exc:
            self.add(Check.CHECKPOINTS_INCONSISTENT, str(path), str(exc))
        except (CheckpointFormatError, StoreError) as exc:
            self.add(Check.CHECKPOINTS_UNREADABLE, str(path), str(exc))
        return None

    def _leaves(self, start: int, stop: int) -> Iterator[bytes]:
        view = memoryview(self.leaves)
        for position in range(start, stop):
            yield bytes(view[position * HASH_SIZE : (position + 1) * HASH_SIZE])

    def check_checkpoints(self, checkpoints: list[Checkpoint], usable: int) -> None:
        """Roots at each checkpoint size, and consistency between consecutive checkpoints."""
        sizes = sorted({c.size for c in checkpoints if 0 < c.size <= usable})
        roots = dict(zip(sizes, subtree_roots(self._leaves(0, max(sizes, default=0)),
                                              [(0, s) for s in sizes]), strict=True))
        roots[0] = EMPTY_ROOT
        for number, checkpoint in enumerate(checkpoints, start=1):
            subject = f"checkpoint[{number}]"
            if checkpoint.size > self.log_size:
                self.add(Check.LOG_ROLLED_BACK, subject,
                         f"published {checkpoint.size} entries; the log now holds "
                         f"{self.log_size}", expected=f">= {checkpoint.size}",
                         actual=str(self.log_size))
            elif checkpoint.size not in roots:
                self.add(Check.CHECKPOINT_ROOT_MISMATCH, subject,
                         f"the root at size {checkpoint.size} cannot be recomputed: log position "
                         f"{usable} has no object")
            elif roots[checkpoint.size] != checkpoint.root_bytes:
                self.add(Check.CHECKPOINT_ROOT_MISMATCH, subject,
                         f"the objects' root at size {checkpoint.size} is not the published one",
                         expected=checkpoint.root, actual=roots[checkpoint.size].hex())
        for number, (old, new) in enumerate(itertools.pairwise(checkpoints), start=2):
            if not (old.size > 0 and new.size <= usable):
                continue
            proof = subtree_roots(self._leaves(0, new.size),
                                  consistency_ranges(old.size, new.size))
            if not verify_consistency(old.size, new.size, old.root_bytes, new.root_bytes, proof):
                self.add(Check.CHECKPOINTS_INCONSISTENT, f"checkpoint[{number}]",
                         f"does not extend checkpoint[{number - 1}] (size {old.size}) "
                         "through this log")

    def report(self, subject: str, traces: int) -> VerifyReport:
        return VerifyReport(subject, self.mode, tuple(self.findings), self.objects, self.bytes,
                            self.log_size, self.checkpoints, traces)


def verify_store(
    path: str | os.PathLike[str],
    *,
    mode: Mode = Mode.FULL,
    checkpoints: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
    trusted_keys: Sequence[Verifier] = (),
) -> VerifyReport:
    """Audit the store at ``path`` (read-only); never raises for what it finds.

    ``checkpoints`` is the checkpoints file to hold the log against (default: the store's own,
    ``<store>.checkpoints``; pass a copy kept elsewhere to pin the log). ``progress`` is called
    with the number of objects read so far. ``trusted_keys``: when given, every checkpoint must
    be signed by one of them (and a checkpoint file must exist).
    """
    subject = os.fspath(path)
    try:
        store = EvidenceStore.open_readonly(path)
    except StoreError as exc:
        findings = [Finding(Check.STORE_UNREADABLE, "store", str(exc))]
        if isinstance(exc, StoreCorruptError):
            findings.append(Finding(Check.STORE_DAMAGED, "store", exc.reason))
        return VerifyReport(subject, mode, tuple(findings))
    checkpoints_file = checkpoint_path(path) if checkpoints is None else Path(checkpoints)
    with store:
        audit = _Audit(store, mode, progress, trusted_keys)
        # (0) the store as a whole.
        audit.guarded("step 0 (store)", audit.step0)
        # (1) re-hash every object; (2) recompute ids and (3) collect references on the way.
        audit.guarded("the object pass (steps 1-4)", audit.object_pass)
        traces = 0
        if mode is Mode.FULL:
            # (3) resolve every reference; name missing and dangling records.
            audit.guarded("step 3 (references)", audit.step3)
            # (4) re-derive each sealed trace's disposition.
            traces = audit.step4()
        # (5) the Merkle log against the checkpoints.
        audit.guarded("step 5 (log)", lambda: audit.step5(checkpoints_file))
        if mode is Mode.FULL:
            # (3, last) the derived episode index against the evidence, once it is found sound.
            audit.guarded("step 3 (episode index)", audit.step3_index)
        return audit.report(subject, traces)
