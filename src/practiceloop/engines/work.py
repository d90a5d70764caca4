"""The worker side of a corpus run: practise one shard, answer with bytes.

Every engine maps :func:`practise_shard` (bound to a per-problem work function with
:func:`functools.partial`) over shards of :data:`ShardItem`. A shard comes back as one ``bytes``
value in the wire format below, holding each problem's outcome in shard order: its evidence
(records as the exact canonical bytes the kernel hashed) or, when the work raised, a
:class:`ProblemFailure`. A raising problem therefore never takes its shard down with it.

Next to the work, the worker runs the evidence store's own object checks on the bytes it is
about to send (:func:`~practiceloop.store.sqlite.vouch_for`), so that they run in parallel on
the workers rather than one after another on the driver, the run's only writer. A problem whose
objects pass carries the *vouch*: each body's leaf hash. The driver re-hashes every body
against it (the bytes it stores are the bytes that were checked) and takes the checks' verdict;
a problem whose objects fail carries no vouch, and the driver's own checks refuse it with the
store's error. What this trusts, and why that is sound, is said in
:mod:`practiceloop.engines.driver`.

Wire format (little-endian ``u32``; strings UTF-8). Each outcome puts all its lengths in one
table ahead of its bytes, so the driver decodes a problem with one ``struct`` call::

    shard     := b"PLW3" u32:checks u32:count outcome*count
    outcome   := 0x00 u32:n u32:len(problem_id) u32:len(entry_id)
                      (u32:len(id) u32:len(kind) u32:len(body))*n u32:len(vouch)
                      problem_id entry_id (id kind body)*n vouch      evidence
               | 0x01 u32:line_no u32:len(problem_id) u32:len(error)
                      problem_id error                                 failure

``checks`` is the worker's :data:`~practiceloop.store.sqlite.CHECK_VERSION`; ``vouch`` is
empty or 32 bytes per object. The format carries only strings and bytes, so decoding it can
never run code (unlike pickle), and a result is the same bytes whichever engine produced it.
"""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Callable, Iterable
from typing import Final

from practiceloop.loop.evidence import ProblemEvidence, StoredObject, practice_problem
from practiceloop.store.sqlite import CHECK_VERSION, vouch_for

__all__ = [
    "MAX_ERROR_CHARS",
    "Outcome",
    "ProblemFailure",
    "Shard",
    "ShardItem",
    "Vouched",
    "WireFormatError",
    "WorkFn",
    "decode_outcomes",
    "decode_shard",
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

_MAGIC: Final = b"PLW3"
_U32: Final = struct.Struct("<I")
_U32x2: Final = struct.Struct("<II")
_U32x3: Final = struct.Struct("<III")
_LEAF: Final = 32  # bytes of one leaf hash in a vouch
_EVIDENCE: Final = 0
_FAILURE: Final = 1


@dataclasses.dataclass(frozen=True, slots=True)
class ProblemFailure:
    """A problem whose work raised: where it is in the corpus, and the exception, for people."""

    line_no: int
    problem_id: str
    error: str


Outcome = ProblemEvidence | ProblemFailure


@dataclasses.dataclass(frozen=True, slots=True)
class Vouched:
    """Evidence as a worker sent it, with its vouch: the leaf hashes of its bodies, in order,
    from :func:`~practiceloop.store.sqlite.vouch_for`; None when the worker did not vouch (its
    checks refused the objects) or vouched under other rules than this process checks by."""

    evidence: ProblemEvidence
    vouch: bytes | None

    @property
    def problem_id(self) -> str:
        """The evidence's problem id."""
        return self.evidence.problem_id


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


def _encode_one(parts: list[bytes], outcome: Outcome, vouch: bool = True) -> None:
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
    # The store's checks, here on the worker; a worker asked for no vouch sends none.
    pieces.append((vouch_for(outcome.objects) if vouch else None) or b"")
    count = len(outcome.objects)
    parts.append(b"\x00" + struct.pack(f"<{4 + 3 * count}I", count, *map(len, pieces)))
    parts.extend(pieces)


def encode_outcomes(outcomes: Iterable[Outcome]) -> bytes:
    """The wire bytes of ``outcomes`` (in order, each evidence with its vouch). Raises
    ``UnicodeEncodeError`` for an id or kind with no UTF-8 form; :func:`practise_shard` checks
    evidence before it gets here."""
    parts: list[bytes] = [_MAGIC, b""]
    count = 0
    for outcome in outcomes:
        _encode_one(parts, outcome)
        count += 1
    parts[1] = _U32x2.pack(CHECK_VERSION, count)
    return b"".join(parts)


def practise_shard(work: WorkFn, shard: Shard, *, vouch: bool = True) -> bytes:
    """Practise every problem of ``shard`` with ``work``; the outcomes as wire bytes, each
    evidence with its vouch (none with ``vouch=False``: the receiver checks everything).

    Never raises for a problem: an exception from ``work``, or evidence that is not well
    formed, becomes that problem's :class:`ProblemFailure` and the shard goes on.
    """
    parts: list[bytes] = [_MAGIC, _U32x2.pack(CHECK_VERSION, len(shard))]
    for line_no, problem_id, text in shard:
        try:
            evidence = _check_evidence(problem_id, work(problem_id, text))
            piece: list[bytes] = []
            _encode_one(piece, evidence, vouch)
        except Exception as exc:  # a bug in the work for this problem only: report, go on
            piece = []
            _encode_one(piece, ProblemFailure(line_no, problem_id, _describe(exc)))
        parts.extend(piece)
    return b"".join(parts)


def practise_shard_default(shard: Shard) -> bytes:
    """:func:`practise_shard` with :func:`~practiceloop.loop.evidence.practice_problem` (open)."""
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
    """The outcomes encoded in ``data``, in order, without their vouches; raises
    :class:`WireFormatError` as :func:`decode_shard` does."""
    return tuple(o.evidence if isinstance(o, Vouched) else o for o in decode_shard(data))


def decode_shard(data: bytes) -> tuple[Vouched | ProblemFailure, ...]:
    """The outcomes encoded in ``data``, in order, each evidence with its vouch (None when
    there is none, or when the worker's ``checks`` are not this process's
    :data:`~practiceloop.store.sqlite.CHECK_VERSION`). Raises :class:`WireFormatError` unless
    ``data`` is exactly one well-formed shard result."""
    if type(data) is not bytes or data[:4] != _MAGIC:
        raise WireFormatError("not a shard result")
    size = len(data)
    checks, count = _lengths(data, 4, 2)
    offset = 12
    outcomes: list[Vouched | ProblemFailure] = []
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
            if offset + 5 + 4 * (3 + 3 * n) > size:  # before struct sizes a huge table
                raise WireFormatError("truncated shard result")
            sizes = _lengths(data, offset + 5, 3 + 3 * n)
            offset += 5 + 4 * len(sizes)
            if offset + sum(sizes) > size:
                raise WireFormatError("truncated shard result")
            strings: list[bytes] = []
            for length in sizes:
                strings.append(data[offset : offset + length])
                offset += length
            vouch = strings.pop()
            if len(vouch) not in (0, _LEAF * n):
                raise WireFormatError("a vouch is not one leaf hash per object")
            try:
                objects: tuple[StoredObject, ...] = tuple(
                    (strings[i].decode("utf-8"), strings[i + 1].decode("utf-8"), strings[i + 2])
                    for i in range(2, len(strings), 3)
                )
                problem_id, entry_id = strings[0].decode("utf-8"), strings[1].decode("utf-8")
            except UnicodeDecodeError as exc:
                raise WireFormatError(f"a string is not UTF-8 ({exc.reason})") from None
            evidence = ProblemEvidence(problem_id, objects, entry_id)
            outcomes.append(Vouched(evidence, vouch if vouch and checks == CHECK_VERSION else None))
        else:
            raise WireFormatError(f"unknown outcome tag {tag}")
    if offset != size:
        raise WireFormatError("trailing bytes after the last outcome")
    return tuple(outcomes)
