"""An episode's chain, read from the store: every record its trace binds, each id re-checked.

Starting from one trace (sealed or refused), :func:`load_chain` follows the references the
seeds define (ADR-0230 s7.1, ADR-0233 s2, ADR-0229 s7.1) down the chain: frame, refused
assessment, residuals, gate, budget, run (or run refusal), each attempt with its operator
result, reconstruction, run-binding and replay records, each replay's proof outcomes, and the
problem entry that names the trace. Every record goes through :mod:`._idcheck`, stored ones
as their exact bytes, nested ones (an attempt inside a run or an operator result) as fields.

Reads only through :meth:`EvidenceStore.get`. A record that is missing, or whose bytes the
store's re-check refuses, becomes an :class:`Item` saying so: a damaged store is something to
show, never a reason for the page to fail.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from practiceloop.kernel.identity import Digest, is_digest
from practiceloop.store.errors import CorruptObjectError, ObjectNotFoundError
from practiceloop.store.sqlite import EvidenceStore
from practiceloop.workbench._idcheck import IdCheck, check_nested, check_stored

__all__ = ["TRACE_KINDS", "AttemptGroup", "Chain", "Item", "Loader", "load_chain"]

TRACE_KINDS = frozenset({"sealed_practice_trace", "practice_trace_refusal"})

_REPLAY_KINDS = frozenset({"replay_adapter_result", "replay_adapter_refusal"})


@dataclasses.dataclass(frozen=True, slots=True)
class Item:
    """One record as a card shows it.

    ``record`` is None when the record could not be read; ``problem`` then says why, and
    ``missing`` tells an absent record from a damaged one. ``parent`` names the stored record
    a nested record was found in.
    """

    object_id: str
    kind: str
    record: Mapping[str, Any] | None
    check: IdCheck
    problem: str | None = None
    parent: str | None = None
    missing: bool = False

    def get(self, name: str) -> Any:
        """A field of the record (None when absent or unreadable)."""
        return None if self.record is None else self.record.get(name)

    def text(self, name: str) -> str:
        """A string field (``""`` when absent, unreadable or not a string: data may be damaged)."""
        value = self.get(name)
        return value if type(value) is str else ""

    def ids(self, name: str) -> list[str]:
        """A list-of-ids field, keeping only strings (stored data may be damaged)."""
        value = self.get(name)
        return [v for v in value if type(v) is str] if type(value) is list else []


@dataclasses.dataclass(frozen=True, slots=True)
class AttemptGroup:
    """One candidate attempt and everything the chain records about it, in chain order."""

    attempt: Item
    operator_result: Item | None
    reconstruction: Item | None
    binding: Item | None
    replay_inputs: tuple[Item, ...]
    replays: tuple[Item, ...]
    replay_assessments: tuple[Item, ...]
    proofs: tuple[Item, ...]

    def items(self) -> tuple[Item, ...]:
        """The group's records in page order."""
        singles = (self.attempt, self.binding, self.operator_result, self.reconstruction)
        return (*(i for i in singles if i is not None), *self.replay_inputs, *self.replays,
                *self.replay_assessments, *self.proofs)


@dataclasses.dataclass(frozen=True, slots=True)
class Chain:
    """Every record of one episode, grouped as the page walks them."""

    trace: Item
    entry: Item | None
    frame: Item | None
    assessment: Item | None
    residuals: tuple[Item, ...]
    gate: Item | None
    budget: Item | None
    run: Item | None
    attempts: tuple[AttemptGroup, ...]
    unmatched_replays: tuple[Item, ...]
    others: tuple[Item, ...]
    trace_input: Item | None

    def items(self) -> Iterable[Item]:
        """Every record of the chain, each once, in page order."""
        seen: set[tuple[str, str]] = set()
        singles = (self.entry, self.frame, self.assessment, *self.residuals, self.gate,
                   self.budget, self.run)
        ordered = [*singles, *(i for g in self.attempts for i in g.items()),
                   *self.unmatched_replays, *self.others, self.trace_input, self.trace]
        for item in ordered:
            if item is not None and (item.kind, item.object_id) not in seen:
                seen.add((item.kind, item.object_id))
                yield item


class Loader:
    """Reads records by id from one open read-only store, each at most once."""

    def __init__(self, store: EvidenceStore) -> None:
        self._store = store
        self._cache: dict[str, Item] = {}

    def load(self, object_id: object, expected_kind: str = "") -> Item | None:
        """The record stored under ``object_id`` (None for a None/malformed reference)."""
        if not is_digest(object_id):
            return None
        key = str(object_id)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        item = self._read(key, expected_kind)
        self._cache[key] = item
        return item

    def _read(self, object_id: str, expected_kind: str) -> Item:
        try:
            body = self._store.get(Digest(object_id))
        except ObjectNotFoundError:
            return _unreadable(object_id, expected_kind, "missing: no such record in the store",
                               missing=True)
        except CorruptObjectError as exc:
            return _unreadable(object_id, expected_kind, f"the store refuses its bytes: {exc}")
        check = check_stored(object_id, body)
        parsed = json.loads(body)  # get() re-checked the bytes: canonical JSON of a full form
        return Item(object_id, parsed["kind"], parsed["record"], check)

    def load_all(self, ids: Iterable[object], expected_kind: str = "") -> tuple[Item, ...]:
        """:meth:`load` for each id, in order, skipping malformed references."""
        return tuple(item for i in ids if (item := self.load(i, expected_kind)) is not None)


def _unreadable(object_id: str, kind: str, problem: str, *, missing: bool = False) -> Item:
    check = IdCheck(False, object_id, None, problem)
    return Item(object_id, kind or "unknown", None, check, problem, missing=missing)


def _nested(kind: str, record: object, parent: Item) -> Item | None:
    if type(record) is not dict:
        return None
    check = check_nested(kind, record)
    return Item(check.claimed, kind, record, check, parent=parent.object_id)


def _index_by(items: Iterable[Item], field: str) -> dict[str, Item]:
    found: dict[str, Item] = {}
    for item in items:
        value = item.get(field)
        if type(value) is str:
            found.setdefault(value, item)
    return found


def _attempts(loader: Loader, trace: Item, run: Item | None, results: Sequence[Item]) -> list[Item]:
    """The trace's attempts in its order: nested in the run or a result, else stored."""
    nested: dict[str, Item] = {}
    if run is not None and isinstance(run.get("candidate_attempts"), list):
        for record in run.get("candidate_attempts"):
            item = _nested("candidate_attempt", record, run)
            if item is not None:
                nested.setdefault(item.object_id, item)
    for result in results:
        item = _nested("candidate_attempt", result.get("candidate_attempt"), result)
        if item is not None:
            nested.setdefault(item.object_id, item)
    out = []
    for attempt_id in trace.ids("candidate_attempt_ids"):
        item = nested.get(attempt_id) or loader.load(attempt_id, "candidate_attempt")
        if item is not None:
            out.append(item)
    return out


def _refused_assessment(loader: Loader, entry: Item | None, trace_id: str) -> Item | None:
    """For a trace refusal (no assessment field): the entry's refused assessment at its place."""
    if entry is None or trace_id not in entry.ids("trace_ids"):
        return None
    position = entry.ids("trace_ids").index(trace_id)
    refused = [
        a for a in loader.load_all(entry.ids("assessment_ids"), "contract_assessment")
        if a.get("runnable") is False
    ]
    return refused[position] if position < len(refused) else None


def load_chain(loader: Loader, trace: Item, entry_id: str | None) -> Chain:
    """Assemble the chain of ``trace`` (a sealed trace or a trace refusal).

    ``entry_id`` is the problem entry that names the trace, when the index knows one.
    """
    entry = loader.load(entry_id, "practice_problem") if entry_id else None
    frame_id = trace.get("problem_frame_digest")
    if frame_id is None and entry is not None:  # a trace refusal names no frame: its entry does
        frame_id = entry.get("problem_frame_digest")
    frame = loader.load(frame_id, "problem_frame")
    assessment = loader.load(trace.get("original_contract_assessment_id"), "contract_assessment")
    if assessment is None and trace.kind == "practice_trace_refusal":
        assessment = _refused_assessment(loader, entry, trace.object_id)
    residuals = loader.load_all(trace.ids("residual_ids"), "contract_residual")
    gate = loader.load(trace.get("search_gate_decision_id"), "search_gate_decision")
    budget = loader.load(trace.get("compute_budget_id"), "compute_budget_decision")
    run = loader.load(trace.get("geometric_search_run_id"), "geometric_search_run")
    bindings = loader.load_all(
        trace.ids("candidate_attempt_binding_ids"), "candidate_attempt_run_binding"
    )
    others = loader.load_all(trace.ids("trace_records"))
    results = [*loader.load_all(b.get("operator_result_id") for b in bindings),
               *(o for o in others if o.kind == "candidate_operator_result")]
    replays = loader.load_all(
        [*trace.ids("replay_result_ids"), *trace.ids("replay_refusal_ids")], "replay_adapter_result"
    )
    attempts = _attempts(loader, trace, run, results)
    by_attempt_result: dict[str, Item] = {}
    for result in results:  # an operator result names its attempt inside its nested attempt
        nested = result.get("candidate_attempt")
        if isinstance(nested, dict) and type(nested.get("attempt_id")) is str:
            by_attempt_result.setdefault(nested["attempt_id"], result)
    by_attempt_binding = _index_by(bindings, "candidate_attempt_id")
    groups: list[AttemptGroup] = []
    matched: set[str] = set()
    for attempt in attempts:
        found = by_attempt_result.get(attempt.object_id)
        reconstruction = _nested(
            "candidate_reconstruction", found.get("candidate_reconstruction"), found
        ) if found is not None else None
        mine = tuple(r for r in replays if r.get("attempt_id") == attempt.object_id)
        matched.update(r.object_id for r in mine)
        proofs = loader.load_all(
            (ref for r in mine for ref in r.ids("proof_replay_refs")), "proof_outcome"
        )
        # ADR-0229 s6.2 and s7.1: the replay's input, and the organ's fresh assessment of the
        # candidate frame.
        inputs = loader.load_all((r.get("input_digest") for r in mine), "replay_adapter_input")
        reassessed = loader.load_all(
            (r.get("contract_replay_assessment_id") for r in mine), "contract_assessment"
        )
        groups.append(AttemptGroup(attempt, found, reconstruction,
                                   by_attempt_binding.get(attempt.object_id), inputs, mine,
                                   reassessed, proofs))
    trace_input = loader.load(trace.get("input_digest"), "practice_trace_input")
    singles = (trace, trace_input, entry, frame, assessment, gate, budget, run)
    shown = {i.object_id for i in (*singles, *residuals, *replays) if i is not None}
    shown |= {i.object_id for g in groups for i in g.items()}
    return Chain(
        trace=trace, entry=entry, frame=frame, assessment=assessment, residuals=residuals,
        gate=gate, budget=budget, run=run, attempts=tuple(groups),
        unmatched_replays=tuple(r for r in replays if r.object_id not in matched),
        others=tuple(o for o in others if o.object_id not in shown and o.kind not in _REPLAY_KINDS),
        trace_input=trace_input,
    )
