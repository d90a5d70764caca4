"""The worker side of a corpus run: practise one shard, answer with bytes.

Every engine maps :func:`practise_shard` (bound to a per-problem work function with
:func:`functools.partial`) over shards of :data:`ShardItem`. A shard comes back as one ``bytes``
value in the wire format below, holding each problem's outcome in shard order: its evidence
(records as the exact canonical bytes the kernel hashed) or, when the work raised, a
:class:`ProblemFailure`. A raising problem therefore never takes its shard down with it.

Wire format (little-endian; ``str`` is UTF-8; ``blob`` and ``str`` are ``u32 length`` + bytes)::

    shard    := b"PLW1" u32:count outcome*count
    outcome  := 0x00 str:problem_id str:entry_id u32:n (str:id str:kind blob:body)*n
              | 0x01 u32:line_no str:problem_id str:error

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

_MAGIC: Final = b"PLW1"
_U32: Final = struct.Struct("<I")
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


def _put(parts: list[bytes], data: bytes) -> None:
    parts.append(_U32.pack(len(data)))
    parts.append(data)


def _encode_one(parts: list[bytes], outcome: Outcome) -> None:
    if type(outcome) is ProblemFailure:
        parts.append(b"\x01")
        parts.append(_U32.pack(outcome.line_no))
        _put(parts, outcome.problem_id.encode("utf-8"))
        # An error message may quote problem text with lone surrogates: keep it printable.
        _put(parts, outcome.error.encode("utf-8", "backslashreplace"))
        return
    assert type(outcome) is ProblemEvidence
    parts.append(b"\x00")
    _put(parts, outcome.problem_id.encode("utf-8"))
    _put(parts, outcome.entry_id.encode("utf-8"))
    parts.append(_U32.pack(len(outcome.objects)))
    for object_id, kind, body in outcome.objects:
        _put(parts, object_id.encode("utf-8"))
        _put(parts, kind.encode("utf-8"))
        _put(parts, body)


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


class _Reader:
    """A cursor over wire bytes; every read checks that the bytes are there."""

    __slots__ = ("data", "offset")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.offset = 0

    def u32(self) -> int:
        end = self.offset + 4
        if end > len(self.data):
            raise WireFormatError("truncated shard result")
        (value,) = _U32.unpack_from(self.data, self.offset)
        self.offset = end
        return int(value)

    def blob(self) -> bytes:
        size = self.u32()
        end = self.offset + size
        if end > len(self.data):
            raise WireFormatError("truncated shard result")
        value = self.data[self.offset : end]
        self.offset = end
        return value

    def text(self) -> str:
        try:
            return self.blob().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise WireFormatError(f"a string is not UTF-8 ({exc.reason})") from None

    def tag(self) -> int:
        if self.offset >= len(self.data):
            raise WireFormatError("truncated shard result")
        value = self.data[self.offset]
        self.offset += 1
        return value


def decode_outcomes(data: bytes) -> tuple[Outcome, ...]:
    """The outcomes encoded in ``data``, in order; raises :class:`WireFormatError` unless
    ``data`` is exactly one well-formed shard result."""
    if type(data) is not bytes or data[:4] != _MAGIC:
        raise WireFormatError("not a shard result")
    reader = _Reader(data)
    reader.offset = 4
    outcomes: list[Outcome] = []
    for _ in range(reader.u32()):
        tag = reader.tag()
        if tag == _FAILURE:
            line_no = reader.u32()
            outcomes.append(ProblemFailure(line_no, reader.text(), reader.text()))
        elif tag == _EVIDENCE:
            problem_id = reader.text()
            entry_id = reader.text()
            objects: list[StoredObject] = []
            for _ in range(reader.u32()):
                objects.append((reader.text(), reader.text(), reader.blob()))
            outcomes.append(ProblemEvidence(problem_id, tuple(objects), entry_id))
        else:
            raise WireFormatError(f"unknown outcome tag {tag}")
    if reader.offset != len(data):
        raise WireFormatError("trailing bytes after the last outcome")
    return tuple(outcomes)
