"""What the Workbench should show for a store, worked out again from the stored JSON.

Independent of the Workbench's own index (no SQL, no shared helper): every object is read with
the store's read API and the figures are counted with plain dictionaries, following the entry
-> trace -> assessment / attempts references as the seeds define them.
"""

from __future__ import annotations

import collections
import dataclasses
import json
from pathlib import Path
from typing import Any

from practiceloop.store import EvidenceStore

Record = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Episode:
    """One trace as the tests expect to see it."""

    trace_id: str
    kind: str
    disposition: str
    organ: str
    codes: tuple[str, ...]
    operators: tuple[str, ...]
    problem_ids: tuple[str, ...]
    text: str


@dataclasses.dataclass(frozen=True)
class Figures:
    """The dashboard's figures and every episode."""

    records: int
    problems: int
    unassessed: int
    episodes: dict[str, Episode]
    objects: dict[str, tuple[str, Record]]

    def by(self, field: str) -> dict[str, int]:
        counts: collections.Counter[str] = collections.Counter()
        for episode in self.episodes.values():
            value = getattr(episode, field)
            counts.update(value if isinstance(value, tuple) else (value,))
        return dict(counts)


def _attempt_operators(objects: dict[str, tuple[str, Record]]) -> dict[str, str]:
    operators = {}
    for kind, record in objects.values():
        if kind == "candidate_attempt":
            operators[record["attempt_id"]] = record["operator_id"]
        if kind == "geometric_search_run":
            for nested in record["candidate_attempts"]:
                operators[nested["attempt_id"]] = nested["operator_id"]
        if kind == "candidate_operator_result":
            nested = record["candidate_attempt"]
            operators[nested["attempt_id"]] = nested["operator_id"]
    return operators


def expected(path: Path) -> Figures:
    """Read every object of the store at ``path`` and count what the dashboard must show."""
    with EvidenceStore.open_readonly(path) as store:
        objects = {
            o.object_id: (o.kind, json.loads(o.body)["record"]) for o in store.iter_objects()
        }
        size = store.log_size()
    operators = _attempt_operators(objects)
    entries = sorted(
        (r for k, r in objects.values() if k == "practice_problem"), key=lambda r: r["problem_id"]
    )
    episodes: dict[str, Episode] = {}
    for entry in entries:
        refused = [objects[a][1] for a in entry["assessment_ids"] if not objects[a][1]["runnable"]]
        frame = objects[entry["problem_frame_digest"]][1] if entry["problem_frame_digest"] else {}
        for position, trace_id in enumerate(entry["trace_ids"]):
            kind, trace = objects[trace_id]
            known = episodes.get(trace_id)
            if known is not None:
                problems = (*known.problem_ids, entry["problem_id"])
                episodes[trace_id] = dataclasses.replace(known, problem_ids=problems)
                continue
            assessment_id = trace.get("original_contract_assessment_id")
            assessment = objects[assessment_id][1] if assessment_id else refused[position]
            episodes[trace_id] = Episode(
                trace_id=trace_id,
                kind=kind,
                disposition=trace["practice_disposition"],
                organ=assessment["candidate_organ"],
                codes=tuple(assessment["missing_bindings"] + assessment["unresolved_hazards"]),
                operators=tuple(operators[a] for a in trace.get("candidate_attempt_ids", [])),
                problem_ids=(entry["problem_id"],),
                text=frame.get("source_text", ""),
            )
    unassessed = sum(1 for entry in entries if not entry["assessment_ids"])
    return Figures(size, len(entries), unassessed, episodes, objects)
