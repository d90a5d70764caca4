"""Re-derive a sealed trace's practice disposition from the records it binds (ADR-0230 s8.1).

Independent of the trace boundary: this module reads stored JSON fields through a resolver and
applies the ADR's table itself, so a trace whose disposition was forged (or a producer that
derived it wrongly) disagrees with the derivation. It also checks the accounting the
disposition rests on (loop.md s7): every attempt has exactly one replay record, and every
replay record belongs to one of the trace's attempts and to the trace's run.

Accepts a sealed trace's stored fields and a resolver ``id -> (kind, fields) | None``; returns
a :class:`Derivation`. Never raises on any stored content.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = [
    "REPLAY_REFUSAL_DISPOSITIONS",
    "REPLAY_RESULT_DISPOSITIONS",
    "SEALED_DISPOSITIONS",
    "Derivation",
    "Resolver",
    "derive_disposition",
]

Resolver = Callable[[str], "tuple[str, Mapping[str, Any]] | None"]
"""``id -> (kind, record fields)`` for a stored or nested record, or None when absent."""

# ADR-0230 s8: the closed vocabulary of a sealed trace.
ORIGINAL_REFUSAL: Final = "sealed_original_refusal"
EXHAUSTED_NO_CANDIDATE: Final = "sealed_exhausted_no_candidate"
ALL_CANDIDATES_REFUSED: Final = "sealed_all_candidates_refused"
REPLAY_UNAVAILABLE: Final = "sealed_replay_unavailable"
CONTRACT_CLOSED_PROOF_REFUSED: Final = "sealed_contract_closed_proof_refused"
CANDIDATE_REPLAY_CLOSED: Final = "sealed_candidate_replay_closed"
SEALED_DISPOSITIONS: Final = frozenset(
    {
        ORIGINAL_REFUSAL,
        EXHAUSTED_NO_CANDIDATE,
        ALL_CANDIDATES_REFUSED,
        REPLAY_UNAVAILABLE,
        CONTRACT_CLOSED_PROOF_REFUSED,
        CANDIDATE_REPLAY_CLOSED,
    }
)

# ADR-0229 s8: what a replay result and a replay refusal may carry.
CONTRACT_REFUSED: Final = "contract_refused"
CLOSED_BUT_PROOF_REFUSED: Final = "contract_closed_but_proof_refused"
CONTRACT_AND_PROOF_CLOSED: Final = "contract_and_proof_closed"
REPLAY_RESULT_DISPOSITIONS: Final = frozenset(
    {CONTRACT_REFUSED, CLOSED_BUT_PROOF_REFUSED, CONTRACT_AND_PROOF_CLOSED}
)
REPLAY_REFUSAL_DISPOSITIONS: Final = frozenset(
    {
        "invalid_replay_input",
        "candidate_identity_mismatch",
        "contract_replay_unavailable",
        "proof_replay_unavailable",
        "unsupported_replay_policy",
        "unsupported_schema_version",
        "unsupported_proof_obligation",
    }
)

_RUN = "geometric_search_run"
_RUN_REFUSAL = "search_run_refusal"
_GATE = "search_gate_decision"
_RESULT = "replay_adapter_result"
_REFUSAL = "replay_adapter_refusal"


@dataclasses.dataclass(frozen=True, slots=True)
class Derivation:
    """The disposition a trace's records imply, or why none could be derived.

    ``disposition`` is None when a record the derivation needs is absent or unreadable
    (``missing`` names each such id, ``unreadable`` each field that had the wrong shape).
    ``unaccounted`` describes every attempt without exactly one replay record and every replay
    record that belongs to no attempt of the trace's run.
    """

    disposition: str | None
    missing: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()
    unaccounted: tuple[str, ...] = ()


def _ids(trace: Mapping[str, Any], field: str, unreadable: list[str]) -> list[str]:
    value = trace.get(field)
    if type(value) is not list or not all(type(item) is str for item in value):
        unreadable.append(field)
        return []
    return value


def derive_disposition(trace: Mapping[str, Any], resolve: Resolver) -> Derivation:
    """Apply ADR-0230 s8.1 to the records a sealed trace references."""
    missing: list[str] = []
    unreadable: list[str] = []
    run_id = trace.get("geometric_search_run_id")
    attempt_ids = _ids(trace, "candidate_attempt_ids", unreadable)
    replay_ids = _ids(trace, "replay_result_ids", unreadable) + _ids(
        trace, "replay_refusal_ids", unreadable
    )
    run = resolve(run_id) if type(run_id) is str else None
    if run is None:
        missing.append(str(run_id))
    gate_id = trace.get("search_gate_decision_id")
    gate = resolve(gate_id) if type(gate_id) is str else None

    # Read every replay record the trace binds; its kind (not the list it sits in) decides
    # whether it is a lawful replay result or an adapter refusal (ADR-0230 s10).
    result_dispositions: list[str] = []
    refusal_count = 0
    replay_attempts: dict[str, list[str]] = {}
    unaccounted: list[str] = []
    for replay_id in replay_ids:
        found = resolve(replay_id)
        if found is None or found[0] not in (_RESULT, _REFUSAL):
            missing.append(replay_id)
            continue
        kind, fields = found
        disposition = fields.get("replay_disposition")
        allowed = REPLAY_RESULT_DISPOSITIONS if kind == _RESULT else REPLAY_REFUSAL_DISPOSITIONS
        if type(disposition) is not str or disposition not in allowed:  # a list is unhashable
            unreadable.append(f"{replay_id}.replay_disposition")
            continue
        if kind == _RESULT:
            result_dispositions.append(disposition)
        else:
            refusal_count += 1
        attempt = fields.get("attempt_id")
        if type(attempt) is str:
            replay_attempts.setdefault(attempt, []).append(replay_id)
        else:
            unaccounted.append(f"replay record {replay_id} names no attempt")
        if fields.get("run_id") not in (None, run_id):
            unaccounted.append(f"replay record {replay_id} belongs to another run")

    # loop.md s7: exactly one replay record per attempt, no orphan, no duplicate.
    for attempt in attempt_ids:
        count = len(replay_attempts.pop(attempt, []))
        if count != 1:
            unaccounted.append(f"attempt {attempt} has {count} replay records, not 1")
    for attempt, orphans in replay_attempts.items():
        for replay_id in orphans:
            unaccounted.append(
                f"replay record {replay_id} replays {attempt}, not an attempt of the trace"
            )

    if missing or unreadable or run is None:
        return Derivation(None, tuple(missing), tuple(unreadable), tuple(unaccounted))

    # ADR-0230 s8.1, in the ADR's order of precedence.
    gate_denied = gate is not None and gate[0] == _GATE and gate[1].get("status") != "eligible"
    if run[0] == _RUN_REFUSAL or gate_denied:
        derived = ORIGINAL_REFUSAL
    elif not attempt_ids:
        derived = EXHAUSTED_NO_CANDIDATE
    elif CONTRACT_AND_PROOF_CLOSED in result_dispositions:
        derived = CANDIDATE_REPLAY_CLOSED
    elif CLOSED_BUT_PROOF_REFUSED in result_dispositions:
        derived = CONTRACT_CLOSED_PROOF_REFUSED
    elif result_dispositions:  # every lawful result refused; adapter refusals do not count
        derived = ALL_CANDIDATES_REFUSED
    elif refusal_count:
        derived = REPLAY_UNAVAILABLE
    else:  # attempts and not one replay record: a lawful trace could not have sealed this
        return Derivation(None, (), (), tuple(unaccounted))
    return Derivation(derived, (), (), tuple(unaccounted))
