"""The worker side of a corpus run: practise one shard, answer with bytes.

Every engine maps :func:`practise_shard` (bound to a per-problem work function with
:func:`functools.partial`) over shards of :data:`ShardItem`. A shard comes back as one ``bytes``
value in the wire format below, holding each problem's outcome in shard order: its evidence
(records as the exact canonical bytes the kernel hashed) or, when the work raised, a
:class:`ProblemFailure`. A raising problem therefore never takes its shard down with it.

Wire format (little-endian ``u32``; strings UTF-8). Each outcome puts all its lengths in one
table ahead of its bytes, so the driver decodes a problem with one ``struct`` call::

    shard     := b"PLW2" u32:count outcome*count
    outcome   := 0x00 u32:n u32:len(problem_id) u32:len(entry_id)
                      (u32:len(id) u32:len(kind) u32:len(body))*n
                      problem_id entry_id (id kind body)*n            evidence
               | 0x01 u32:line_no u32:len(problem_id) u32:len(error)
                      problem_id error                                 failure

The format carries only strings and bytes, so decoding it can never run code (unlike pickle),
and a result is the same bytes whichever engine produced it.
"""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Callable, Iterable
from typing import Final

from practiceloop.evidence import ProblemEvidence, StoredObject, practice_problem

__all__ = [
    "MAX_ERROR_CHARS",
    "Outcome",
    "ProblemFailure",
    "Shard",
    "ShardItem",
    "WireFormatError",
    "WorkFn",
    "decode_outcomes",
    "encode_outcomes",
    "practise_shard",
    "practise_shard_default",
]

ShardItem = tuple[int, str, str]
"""``(line_no, problem_id, text)``: one corpus problem as it travels to a worker."""

Shard = tuple[ShardItem, ...]

WorkFn = Callable[[str, str], ProblemEvidence]
"""The per-problem work: ``(problem_id, text) -> ProblemEvidence``; pure, picklable."""

MAX_ERROR_CHARS: Final = 2000
"""A failure's message is cut to this many characters (a report line, not a core dump)."""

_MAGIC: Final = b"PLW2"
_U32: Final = struct.Struct("<I")
_U32x3: Final = struct.Struct("<III")
_EVIDENCE: Final = 0
_FAILURE: Final = 1


@dataclasses.dataclass(frozen=True, slots=True)
class ProblemFailure:
    """A problem whose work raised: where it is in the corpus, and the exception, for people."""

    line_no: int
    problem_id: str
    error: str


Outcome = ProblemEvidence | ProblemFailure


class WireFormatError(ValueError):
    """Bytes that are not a well-formed shard result (a bug or corruption in transit)."""


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 3] + "..."


def _check_evidence(problem_id: str, evidence: object) -> ProblemEvidence:
    """The evidence itself, or ``TypeError``/``ValueError`` naming what is wrong with it."""
    if type(evidence) is not ProblemEvidence:
        raise TypeError(f"work returned {type(evidence).__name__}, not ProblemEvidence")
    if evidence.problem_id != problem_id:
        raise ValueError(f"work returned evidence for {evidence.problem_id!r}")
    objects = evidence.objects
    if type(objects) is not tuple or not objects:
        raise TypeError("evidence.objects is not a non-empty tuple")
    for item in objects:
        if not (
            type(item) is tuple
            and len(item) == 3
            and type(item[0]) is str
            and type(item[1]) is str
            and type(item[2]) is bytes
        ):
            raise TypeError("an evidence object is not (str id, str kind, bytes body)")
    # The entry closes the problem's objects: the store seals the problem by that id.
    if type(evidence.entry_id) is not str or objects[-1][0] != evidence.entry_id:
        raise ValueError("evidence does not end with its entry")
    return evidence


def _encode_one(parts: list[bytes], outcome: Outcome) -> None:
    if type(outcome) is ProblemFailure:
        problem_id = outcome.problem_id.encode("utf-8")
        # An error message may quote problem text with lone surrogates: keep it printable.
        error = outcome.error.encode("utf-8", "backslashreplace")
        parts.append(b"\x01" + _U32x3.pack(outcome.line_no, len(problem_id), len(error)))
        parts.append(problem_id)
        parts.append(error)
        return
    assert type(outcome) is ProblemEvidence
    pieces = [outcome.problem_id.encode("utf-8"), outcome.entry_id.encode("utf-8")]
    for object_id, kind, body in outcome.objects:
        pieces.append(object_id.encode("utf-8"))
        pieces.append(kind.encode("utf-8"))
        pieces.append(body)
    count = len(outcome.objects)
    parts.append(b"\x00" + struct.pack(f"<{3 + 3 * count}I", count, *map(len, pieces)))
    parts.extend(pieces)


def encode_outcomes(outcomes: Iterable[Outcome]) -> bytes:
    """The wire bytes of ``outcomes`` (in order). Raises ``UnicodeEncodeError`` for an id or
    kind with no UTF-8 form; :func:`practise_shard` checks evidence before it gets here."""
    parts: list[bytes] = [_MAGIC, b""]
    count = 0
    for outcome in outcomes:
        _encode_one(parts, outcome)
        count += 1
    parts[1] = _U32.pack(count)
    return b"".join(parts)


def practise_shard(work: WorkFn, shard: Shard) -> bytes:
    """Practise every problem of ``shard`` with ``work``; the outcomes as wire bytes.

    Never raises for a problem: an exception from ``work``, or evidence that is not well
    formed, becomes that problem's :class:`ProblemFailure` and the shard goes on.
    """
    parts: list[bytes] = [_MAGIC, _U32.pack(len(shard))]
    for line_no, problem_id, text in shard:
        try:
            evidence = _check_evidence(problem_id, work(problem_id, text))
            piece: list[bytes] = []
            _encode_one(piece, evidence)
        except Exception as exc:  # a bug in the work for this problem only: report, go on
            piece = []
            _encode_one(piece, ProblemFailure(line_no, problem_id, _describe(exc)))
        parts.extend(piece)
    return b"".join(parts)


def practise_shard_default(shard: Shard) -> bytes:
    """:func:`practise_shard` with :func:`practiceloop.evidence.practice_problem` (open runs)."""
    return practise_shard(practice_problem, shard)


def _utf8(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WireFormatError(f"a string is not UTF-8 ({exc.reason})") from None


def _lengths(data: bytes, offset: int, count: int) -> tuple[int, ...]:
    try:
        return struct.unpack_from(f"<{count}I", data, offset)
    except struct.error:
        raise WireFormatError("truncated shard result") from None


def decode_outcomes(data: bytes) -> tuple[Outcome, ...]:
    """The outcomes encoded in ``data``, in order; raises :class:`WireFormatError` unless
    ``data`` is exactly one well-formed shard result."""
    if type(data) is not bytes or data[:4] != _MAGIC:
        raise WireFormatError("not a shard result")
    size = len(data)
    (count,) = _lengths(data, 4, 1)
    offset = 8
    outcomes: list[Outcome] = []
    for _ in range(count):
        if offset >= size:
            raise WireFormatError("truncated shard result")
        tag = data[offset]
        if tag == _FAILURE:
            line_no, id_size, error_size = _lengths(data, offset + 1, 3)
            offset += 13
            end = offset + id_size + error_size
            if end > size:
                raise WireFormatError("truncated shard result")
            problem_id = _utf8(data[offset : offset + id_size])
            error = _utf8(data[offset + id_size : end])
            outcomes.append(ProblemFailure(line_no, problem_id, error))
            offset = end
        elif tag == _EVIDENCE:
            (n,) = _lengths(data, offset + 1, 1)
            if offset + 5 + 4 * (2 + 3 * n) > size:  # before struct sizes a huge table
                raise WireFormatError("truncated shard result")
            sizes = _lengths(data, offset + 5, 2 + 3 * n)
            offset += 5 + 4 * len(sizes)
            if offset + sum(sizes) > size:
                raise WireFormatError("truncated shard result")
            strings: list[bytes] = []
            for length in sizes:
                strings.append(data[offset : offset + length])
                offset += length
            try:
                objects: tuple[StoredObject, ...] = tuple(
                    (strings[i].decode("utf-8"), strings[i + 1].decode("utf-8"), strings[i + 2])
                    for i in range(2, len(strings), 3)
                )
                problem_id, entry_id = strings[0].decode("utf-8"), strings[1].decode("utf-8")
            except UnicodeDecodeError as exc:
                raise WireFormatError(f"a string is not UTF-8 ({exc.reason})") from None
            outcomes.append(ProblemEvidence(problem_id, objects, entry_id))
        else:
            raise WireFormatError(f"unknown outcome tag {tag}")
    if offset != size:
        raise WireFormatError("trailing bytes after the last outcome")
    return tuple(outcomes)
