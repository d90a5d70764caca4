"""Stand-in work functions for the engine tests: pure, cheap, picklable by reference.

They produce real store objects (canonical full forms, a sealed ``practice_problem`` entry) so
the driver and the store treat them exactly like the loop's own evidence, without the loop.
"""

from __future__ import annotations

from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.kernel.record import sealed
from practiceloop.loop.evidence import (
    ENTRY_SCHEMA_VERSION,
    PracticeProblemEntry,
    ProblemEvidence,
    encode_record,
)

POISON = "POISON"
"""A text containing this word makes :func:`raising_work` raise."""

GARBLE = "GARBLE"
"""A text containing this word makes :func:`garbling_work` return a body that is not canonical."""


def standin_work(problem_id: str, text: str) -> ProblemEvidence:
    """One object for the text (shared by equal texts) and the problem's entry."""
    form = {"kind": "standin_text", "record": {"text": text}}
    text_object = (digest(form["record"]), "standin_text", canonical_bytes(form))
    entry = sealed(
        PracticeProblemEntry,
        entry_schema_version=ENTRY_SCHEMA_VERSION,
        problem_id=problem_id,
        problem_frame_digest=None,
        reader_refusal_codes=("standin",),
        assessment_ids=(),
        direct_proof_outcome_ids=(),
        trace_ids=(),
    )
    return ProblemEvidence(problem_id, (text_object, encode_record(entry)), entry.entry_id)


def raising_work(problem_id: str, text: str) -> ProblemEvidence:
    """:func:`standin_work`, except that a text containing :data:`POISON` raises."""
    if POISON in text:
        raise RuntimeError(f"stand-in failure on {problem_id}")
    return standin_work(problem_id, text)


def slow_work(problem_id: str, text: str) -> ProblemEvidence:
    """:func:`standin_work` after a short sleep, so a run lasts long enough to be interrupted."""
    import time

    time.sleep(0.02)
    return standin_work(problem_id, text)


def garbling_work(problem_id: str, text: str) -> ProblemEvidence:
    """:func:`standin_work`, except that for a text containing :data:`GARBLE` the text object's
    body is not canonical JSON (a space after a colon): a worker returning garbage."""
    evidence = standin_work(problem_id, text)
    if GARBLE not in text:
        return evidence
    (object_id, kind, body), entry = evidence.objects
    garbled = body.replace(b'":', b'": ', 1)
    return ProblemEvidence(problem_id, ((object_id, kind, garbled), entry), evidence.entry_id)


def thresholds_work(problem_id: str, text: str) -> ProblemEvidence:
    """Raises, naming the garbage collector's thresholds in the process that ran the work (the
    driver reports it as the problem's failure)."""
    import gc

    raise RuntimeError(f"thresholds {gc.get_threshold()}")
