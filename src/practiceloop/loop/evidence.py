"""Evidence: what one practised problem becomes in the store (shell side of the kernel).

:func:`practice_problem` is the pure unit of work every engine maps over a corpus: it practises
one text and returns a :class:`ProblemEvidence`, i.e. every record as ``(id, kind, canonical
bytes of its full form)`` in canonical order, closed by a :class:`PracticeProblemEntry` that
ties the corpus's problem id to the frame, the assessments, the direct proof outcomes and the
traces. Records leave this module only as the exact bytes that were hashed, so engines move
bytes between processes and the driver stores exactly those bytes.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from practiceloop.kernel.identity import Digest, has_utf8_form
from practiceloop.kernel.record import full_form_bytes, record, record_id, record_kind, sealed
from practiceloop.loop.episode import Practice, RunShape, practice

__all__ = [
    "ENTRY_SCHEMA_VERSION",
    "READER_REFUSED",
    "PracticeProblemEntry",
    "ProblemEvidence",
    "StoredObject",
    "build_problem_entry",
    "encode_record",
    "practice_problem",
]

ENTRY_SCHEMA_VERSION = "practice_problem.v2"
"""v2: ``reader_refusal_codes`` holds the reader's own refusal code (v1 stored ``reader_refused``
for every refusal, reading a field the reader's refusal does not have)."""

READER_REFUSED: Final = "reader_refused"
"""The code of a reader refusal that names none (a reader that raised, or returned a value that
is neither a frame nor a refusal with a code)."""

StoredObject = tuple[str, str, bytes]
"""``(record id, kind, canonical bytes of the record's full form)``."""


@record(kind="practice_problem", id_field="entry_id")
class PracticeProblemEntry:
    """Ties one corpus problem id to everything practice produced for its text."""

    entry_id: Digest
    entry_schema_version: str
    problem_id: str
    problem_frame_digest: Digest | None
    reader_refusal_codes: tuple[str, ...]
    assessment_ids: tuple[Digest, ...]
    direct_proof_outcome_ids: tuple[Digest, ...]
    trace_ids: tuple[Digest, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ProblemEvidence:
    """One problem's stored objects, in canonical order, the entry last."""

    problem_id: str
    objects: tuple[StoredObject, ...]
    entry_id: str


def encode_record(item: object) -> StoredObject:
    """``(id, kind, canonical bytes)`` of one record's full form."""
    return record_id(item), record_kind(item), full_form_bytes(item)


def _reader_refusal_codes(result: Practice) -> tuple[str, ...]:
    """The reader's own refusal code(s): its ``reason_code`` (the arithmetic reader's
    refusal), or its ``reason_codes``; :data:`READER_REFUSED` when it names none."""
    refusal = result.reader_refusal
    if refusal is None:
        return ()
    if isinstance(refusal, BaseException):
        return (READER_REFUSED,)
    code = getattr(refusal, "reason_code", None)
    if type(code) is str and has_utf8_form(code) and code:
        return (code,)
    codes = getattr(refusal, "reason_codes", ())
    if type(codes) is tuple and codes and all(type(c) is str and has_utf8_form(c) for c in codes):
        return codes
    return (READER_REFUSED,)


def build_problem_entry(problem_id: str, result: Practice) -> PracticeProblemEntry:
    """The entry record for ``problem_id``; raises ``RecordError`` for an ill-typed id."""
    return sealed(
        PracticeProblemEntry,
        entry_schema_version=ENTRY_SCHEMA_VERSION,
        problem_id=problem_id,
        problem_frame_digest=None if result.frame is None else result.frame.problem_frame_digest,
        reader_refusal_codes=_reader_refusal_codes(result),
        assessment_ids=tuple(a.assessment_id for a in result.assessments),
        direct_proof_outcome_ids=tuple(
            outcome.proof_outcome_id for check in result.direct for outcome in check.proof_outcomes
        ),
        trace_ids=tuple(record_id(episode.trace) for episode in result.episodes),
    )


def practice_problem(
    problem_id: str, text: str, shape: RunShape = RunShape.OPEN
) -> ProblemEvidence:
    """Practise one corpus problem and encode everything it produced (pure; engine work unit)."""
    result = practice(text, shape=shape)
    entry = build_problem_entry(problem_id, result)
    objects = tuple(encode_record(item) for item in result.records)
    return ProblemEvidence(
        problem_id=problem_id,
        objects=(*objects, encode_record(entry)),
        entry_id=entry.entry_id,
    )
