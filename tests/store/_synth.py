"""Synthetic episodes for index tests: objects with exactly the fields the index reads.

Kernel-valid records are not needed (the index reads JSON bodies only, and the store checks
shape and canonical bytes, not record ids), so these are fast to make by the hundred thousand.
Real episodes come from :func:`practiceloop.loop.evidence.practice_problem` in ``test_index.py``.
"""

from __future__ import annotations

import dataclasses

from practiceloop.kernel.identity import Digest, canonical_bytes, digest

StoredTriple = tuple[Digest, str, bytes]


def record(kind: str, id_field: str | None, tag: object, **fields: object) -> StoredTriple:
    """One ``(id, kind, body)``; the id (a digest of ``tag``) is also the record's ``id_field``."""
    object_id = digest({"kind": kind, "tag": tag})
    body = {**fields, **({id_field: object_id} if id_field else {})}
    return object_id, kind, canonical_bytes({"kind": kind, "record": body})


@dataclasses.dataclass(frozen=True)
class Spec:
    """What one synthetic problem's single episode should look like in the index."""

    problem_id: str
    text: str
    organ: str = "change"
    disposition: str = "sealed_original_refusal"
    codes: tuple[str, ...] = ()
    operators: tuple[str, ...] = ()
    closed: int = 0  # how many of the attempts replay to contract_and_proof_closed
    runnable_organs: tuple[str, ...] = ()  # further assessments, runnable: no episode
    refusal: bool = False  # a practice_trace_refusal (names no assessment) instead of a trace


def problem(spec: Spec, tag: object = None) -> tuple[list[StoredTriple], tuple[str, Digest]]:
    """The objects of one problem (entry last) and its claim ``(problem_id, entry_id)``.

    ``tag`` keeps ids apart between problems whose specs are equal (default: the problem id).
    """
    tag = spec.problem_id if tag is None else tag
    frame = record("problem_frame", "problem_frame_digest", ("frame", spec.text),
                   source_text=spec.text)
    refused = record("contract_assessment", "assessment_id", ("a", tag),
                     candidate_organ=spec.organ, runnable=False)
    direct = [
        record("contract_assessment", "assessment_id", ("direct", tag, i),
               candidate_organ=organ, runnable=True)
        for i, organ in enumerate(spec.runnable_organs)
    ]
    residuals = [
        record("contract_residual", "residual_id", ("r", tag, i), residual_code=code)
        for i, code in enumerate(spec.codes)
    ]
    attempts = [
        record("candidate_attempt", "attempt_id", ("at", tag, i), operator_id=operator)
        for i, operator in enumerate(spec.operators)
    ]
    replays = [
        record("replay_adapter_result", "replay_result_id", ("rp", tag, i),
               attempt_id=attempt[0],
               replay_disposition="contract_and_proof_closed" if i < spec.closed
               else "contract_refused")
        for i, attempt in enumerate(attempts)
    ]
    if spec.refusal:
        trace = record("practice_trace_refusal", "trace_refusal_id", ("t", tag),
                       practice_disposition=spec.disposition, reason_codes=["x"])
    else:
        trace = record(
            "sealed_practice_trace", "trace_id", ("t", tag),
            practice_disposition=spec.disposition, original_contract_assessment_id=refused[0],
            residual_ids=[r[0] for r in residuals], candidate_attempt_ids=[a[0] for a in attempts],
            replay_result_ids=[r[0] for r in replays], replay_refusal_ids=[],
            problem_frame_digest=frame[0],
        )
    entry = record(
        "practice_problem", "entry_id", ("e", tag, spec.problem_id), problem_id=spec.problem_id,
        problem_frame_digest=frame[0], reader_refusal_codes=[],
        assessment_ids=[refused[0], *(d[0] for d in direct)], direct_proof_outcome_ids=[],
        trace_ids=[trace[0]],
    )
    objects = [frame, refused, *direct, *residuals, *attempts, *replays, trace, entry]
    return objects, (spec.problem_id, entry[0])


DISPOSITIONS = (
    "sealed_original_refusal", "sealed_exhausted_no_candidate", "sealed_all_candidates_refused",
    "sealed_candidate_replay_closed",
)
ORGANS = ("change", "compare", "combine")
CODES = ("start_unbound", "owner_unresolved", "referent_unbound", "direction_unbound")
OPERATORS = ("op.fill", "op.swap", "op.flip")
WORDS = ("apples", "pens", "cards", "Marbles", "stickers", "50% off", "a_b", 'say "hi"')


def spec_of(n: int) -> Spec:
    """A deterministic, varied spec for problem number ``n``."""
    return Spec(
        problem_id=f"p{n:06d}",
        text=f"Problem {n}: Dan has {n % 97} {WORDS[n % len(WORDS)]}. How many now?",
        organ=ORGANS[n % 3],
        disposition=DISPOSITIONS[(n // 3) % 4],
        codes=tuple(CODES[i] for i in range(4) if (n >> i) & 1),
        operators=tuple(OPERATORS[(n + i) % 3] for i in range(n % 3)),
        closed=1 if n % 3 and n % 4 == 0 else 0,
        runnable_organs=("combine",) if n % 10 == 0 else (),
    )
