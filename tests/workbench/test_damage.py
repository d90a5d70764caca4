"""Damaged and unusual stores: the episode page names what is wrong, card by card.

Each store is built from real evidence and then damaged on purpose: a record whose fields were
changed under its old id, bytes changed at rest behind the store's back, a record left out, and
a trace refusal instead of a sealed trace. The page must still answer 200 and mark exactly the
affected cards, since showing damage is what the recomputed-id check is for.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from practiceloop.kernel.identity import canonical_bytes
from practiceloop.kernel.record import from_payload, sealed
from practiceloop.kernel.trace import PracticeDisposition, PracticeTraceRefusal
from practiceloop.loop.evidence import PracticeProblemEntry, encode_record, practice_problem
from practiceloop.store import EvidenceStore

from ._texts import TEXTS
from .conftest import Running

Serve = Callable[[Path], Running]
Objects = list[tuple[str, str, bytes]]
CLOSED_TEXT = TEXTS[0][1]  # practised to the end: every kind of record is in its chain


def _evidence() -> tuple[Objects, str, str]:
    evidence = practice_problem("p-damage", CLOSED_TEXT)
    objects = [(i, k, b) for i, k, b in evidence.objects]
    entry = json.loads(objects[-1][2])["record"]
    return objects, evidence.entry_id, entry["trace_ids"][0]


def _store(path: Path, objects: Objects, entry_id: str) -> Path:
    with EvidenceStore.open(path, create=True) as store:
        store.append(objects, [("p-damage", entry_id)])
    return path


def _first(objects: Objects, kind: str) -> int:
    return next(i for i, (_, k, _) in enumerate(objects) if k == kind)


def _cards(html: str) -> dict[str, str]:
    """data-id -> data-id-ok of every card on an episode page."""
    return dict(re.findall(r'<section class="card[^"]*" data-kind="[^"]*" data-id="([0-9a-f]{64})"'
                           r' data-id-ok="(yes|no)"', html))


def test_fields_changed_under_the_old_id_are_caught(tmp_path: Path, serve_store: Serve) -> None:
    objects, entry_id, trace_id = _evidence()
    at = _first(objects, "contract_residual")
    object_id, kind, body = objects[at]
    form = json.loads(body)
    form["record"]["residual_code"] = "forged_code"
    objects[at] = (object_id, kind, canonical_bytes(form))
    running = serve_store(_store(tmp_path / "forged.sqlite", objects, entry_id))
    status, _, page = running.request("GET", f"/episodes/{trace_id}")
    html = page.decode()
    assert status == 200
    cards = _cards(html)
    assert cards[object_id] == "no"
    assert [i for i, ok in cards.items() if ok == "no"] == [object_id]
    assert 'data-bad="1"' in html and "residual_id does not recompute" in html


def test_bytes_changed_at_rest_are_refused_by_the_store(tmp_path: Path, serve_store: Serve) -> None:
    objects, entry_id, trace_id = _evidence()
    path = _store(tmp_path / "rotted.sqlite", objects, entry_id)
    gate_id = objects[_first(objects, "search_gate_decision")][0]
    # Plant the damage as an attacker would: behind the append-only triggers.
    raw = sqlite3.connect(path)
    raw.execute("DROP TRIGGER objects_no_update")
    raw.execute(
        "UPDATE objects SET body = CAST(replace(CAST(body AS TEXT), 'eligible', 'elegible') "
        "AS BLOB) WHERE id = ?", (gate_id,),
    )
    raw.commit()
    raw.close()
    running = serve_store(path)
    status, _, page = running.request("GET", f"/episodes/{trace_id}")
    html = page.decode()
    assert status == 200
    assert _cards(html)[gate_id] == "no"
    assert "the store refuses its bytes" in html and "leaf hash" in html


def test_a_missing_record_is_named(tmp_path: Path, serve_store: Serve) -> None:
    objects, entry_id, trace_id = _evidence()
    budget_id, _, _ = objects.pop(_first(objects, "compute_budget_decision"))
    running = serve_store(_store(tmp_path / "holed.sqlite", objects, entry_id))
    status, _, page = running.request("GET", f"/episodes/{trace_id}")
    html = page.decode()
    assert status == 200
    assert _cards(html)[budget_id] == "no"
    assert "missing: no such record in the store" in html


def test_a_trace_refusal_is_an_episode_too(tmp_path: Path, serve_store: Serve) -> None:
    objects, _, _ = _evidence()
    entry_at = _first(objects, "practice_problem")
    entry = from_payload(PracticeProblemEntry, json.loads(objects[entry_at][2])["record"])
    refusal = sealed(
        PracticeTraceRefusal, trace_policy_version="sealed_practice_trace.v1", input_digest=None,
        practice_disposition=PracticeDisposition.TRACE_UPSTREAM_INCOMPLETE,
        reason_codes=("replay_record_missing",), explanation="made up for the test",
    )
    fields = {n: getattr(entry, n) for n in entry.__dataclass_fields__ if n != "entry_id"}
    fields["trace_ids"] = (refusal.trace_refusal_id,)
    new_entry = sealed(PracticeProblemEntry, **fields)
    kept = [o for o in objects if o[1] not in {"sealed_practice_trace", "practice_problem"}]
    path = _store(tmp_path / "refused.sqlite", [*kept, encode_record(refusal),
                                                  encode_record(new_entry)], new_entry.entry_id)
    running = serve_store(path)
    status, _, page = running.request("GET", f"/episodes/{refusal.trace_refusal_id}")
    html = page.decode()
    assert status == 200
    assert "Trace refusal · trace_upstream_incomplete" in html
    assert "Assessment · change" in html and 'id="source"' in html  # found through the entry
    assert set(_cards(html).values()) == {"yes"}
    status, _, listing = running.request("GET", "/episodes?disposition=trace_upstream_incomplete")
    assert status == 200 and 'data-total="1"' in listing.decode()
    assert refusal.trace_refusal_id in listing.decode()


@pytest.mark.parametrize("kind", ["problem_frame", "contract_residual", "practice_problem"])
def test_a_record_that_is_not_a_trace_is_not_an_episode(
    tmp_path: Path, serve_store: Serve, kind: str
) -> None:
    objects, entry_id, _ = _evidence()
    running = serve_store(_store(tmp_path / "plain.sqlite", objects, entry_id))
    object_id = objects[_first(objects, kind)][0]
    status, _, page = running.request("GET", f"/episodes/{object_id}")
    assert status == 404 and f"is a {kind} record, not an episode" in page.decode()
    assert f'href="/records/{object_id}"' in page.decode()
    status, _, page = running.request("GET", f"/records/{object_id}")
    assert status == 200 and 'data-id-ok="yes"' in page.decode()
