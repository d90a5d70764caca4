"""Recompute identities from stored JSON, independently of the code that produced the records.

The audit must not trust the kernel to check the kernel's output, so this module imports no
kernel module but :mod:`practiceloop.kernel.identity` (canonical bytes and SHA-256: the one
definition of identity) and keeps its own tables, written from the specification rather than
read from the record classes (``tests/audit/test_recompute.py`` parses this file to enforce it):

* :data:`KINDS`: every stored kind, its id field, the fields that reference other records (and
  the kinds those must be), and the fields that hold nested records;
* the identity rule of loop.md s2, restated: a record's identity payload is every field but
  the prose (``explanation``), nested records included by their own fields minus their prose,
  and the record's own id field present with value ``""``.

The stored full form is ``{"kind": K, "record": {...}}``. Only records become JSON objects in
that form (tuples become arrays, enums strings), so "drop ``explanation`` from every object" is
exactly "drop the prose of every record and nested record".

Accepts: the bytes of a stored object, or a parsed ``record`` dict and its kind. Returns plain
values or a description of what is wrong; never raises on any stored content.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from typing import Any, Final

from practiceloop.kernel.identity import CanonicalPayloadError, canonical_bytes, digest

__all__ = [
    "KINDS",
    "PROSE_FIELDS",
    "DecodedObject",
    "KindSpec",
    "Nested",
    "Reference",
    "decode_object",
    "identity_payload",
    "is_canonical",
    "iter_nested",
    "iter_references",
    "recompute_id",
    "recompute_kind_id",
]

PROSE_FIELDS: Final = frozenset({"explanation"})
"""Fields that never enter an identity (loop.md s2, ADR-0229 s13.3, ADR-0230 s12.2)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Reference:
    """A field that holds the id of another record (``many``: a list of ids).

    ``kinds`` are the kinds the referenced record may have; empty means any stored kind.
    ``nullable``: the field may be ``null`` (the producer had nothing it could validate).
    """

    field: str
    kinds: frozenset[str]
    many: bool = False
    nullable: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Nested:
    """A field that holds a nested record (``many``: a list of them) of ``kind``."""

    field: str
    kind: str
    many: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class KindSpec:
    """What the audit knows about one stored kind.

    ``self_sealed``: the id is the digest of the payload with the id field present and ``""``
    (loop.md s2); otherwise (an *input digest*, ADR-0229 s13.2, ADR-0230 s12.1) the digest of
    the payload with the id field left out. ``listed``: some other record (or a problem
    entry) names every record of this kind, so one that nothing names is dangling; False for
    a refusal that only points up at the run it belongs to (nothing downstream lists it).
    """

    id_field: str
    references: tuple[Reference, ...] = ()
    nested: tuple[Nested, ...] = ()
    self_sealed: bool = True
    listed: bool = True


def _ref(field: str, *kinds: str, many: bool = False, nullable: bool = False) -> Reference:
    return Reference(field, frozenset(kinds), many=many, nullable=nullable)


_FRAME = "problem_frame"
_ASSESSMENT = "contract_assessment"
_RESIDUAL = "contract_residual"
_GATE = "search_gate_decision"
_BUDGET = "compute_budget_decision"
_RUN = "geometric_search_run"
_RUN_REFUSAL = "search_run_refusal"
_ATTEMPT = "candidate_attempt"
_RECONSTRUCTION = "candidate_reconstruction"
_OPERATOR_RESULT = "candidate_operator_result"
_BINDING = "candidate_attempt_run_binding"
_REPLAY_INPUT = "replay_adapter_input"
_REPLAY_RESULT = "replay_adapter_result"
_REPLAY_REFUSAL = "replay_adapter_refusal"
_PROOF = "proof_outcome"
_TRACE = "sealed_practice_trace"
_TRACE_REFUSAL = "practice_trace_refusal"

_TRACE_REFERENCES: Final = (
    _ref("problem_frame_digest", _FRAME),
    _ref("original_contract_assessment_id", _ASSESSMENT),
    _ref("residual_ids", _RESIDUAL, many=True),
    _ref("search_gate_decision_id", _GATE),
    _ref("compute_budget_id", _BUDGET),
    _ref("geometric_search_run_id", _RUN, _RUN_REFUSAL),
    _ref("candidate_attempt_ids", _ATTEMPT, many=True),
    _ref("candidate_attempt_binding_ids", _BINDING, many=True),
    _ref("replay_result_ids", _REPLAY_RESULT, many=True),
    _ref("replay_refusal_ids", _REPLAY_REFUSAL, many=True),
)
"""What a sealed trace and its input both bind (ADR-0230 s6.1, ADR-0233 s2)."""

# The chain, kind by kind, from the specification (loop.md s3, ADR-0228..0233, system.md).
# Only fields whose value is the id of a *stored or nested record* are references; digests of
# other things (an input digest, a candidate's content digest, the operator set) are not.
KINDS: Final[Mapping[str, KindSpec]] = {
    _FRAME: KindSpec("problem_frame_digest"),
    # An assessment (and its proofs) may judge the original frame or a candidate frame that
    # replay reconstructed; both are stored as problem frames.
    _ASSESSMENT: KindSpec(
        "assessment_id",
        references=(_ref("problem_frame_digest", _FRAME),),
    ),
    _PROOF: KindSpec(
        "proof_outcome_id",
        references=(
            _ref("problem_frame_digest", _FRAME),
            _ref("contract_assessment_id", _ASSESSMENT),
        ),
    ),
    _RESIDUAL: KindSpec(
        "residual_id",
        references=(
            _ref("problem_frame_digest", _FRAME),
            _ref("original_contract_assessment_id", _ASSESSMENT),
        ),
    ),
    "residual_projection_refusal": KindSpec(
        "residual_refusal_id",
        references=(
            _ref("problem_frame_digest", _FRAME, nullable=True),
            _ref("original_contract_assessment_id", _ASSESSMENT, nullable=True),
        ),
        listed=False,
    ),
    _GATE: KindSpec(
        "decision_id",
        references=(
            _ref("problem_frame_digest", _FRAME, nullable=True),
            _ref("original_contract_assessment_id", _ASSESSMENT, nullable=True),
            _ref("residual_ids", _RESIDUAL, many=True),
        ),
    ),
    _BUDGET: KindSpec(
        "budget_id",
        references=(_ref("gate_decision_id", _GATE, nullable=True),),
    ),
    _RUN: KindSpec(
        "run_id",
        references=(
            _ref("problem_frame_digest", _FRAME),
            _ref("original_contract_assessment_id", _ASSESSMENT),
            _ref("residual_ids", _RESIDUAL, many=True),
            _ref("gate_decision_id", _GATE),
            _ref("budget_id", _BUDGET),
        ),
        nested=(Nested("candidate_attempts", _ATTEMPT, many=True),),
    ),
    _RUN_REFUSAL: KindSpec(
        "run_refusal_id",
        references=(
            _ref("problem_frame_digest", _FRAME, nullable=True),
            _ref("original_contract_assessment_id", _ASSESSMENT, nullable=True),
            _ref("gate_decision_id", _GATE, nullable=True),
            _ref("budget_id", _BUDGET, nullable=True),
        ),
    ),
    _ATTEMPT: KindSpec(
        "attempt_id",
        references=(_ref("parent_attempt_id", _ATTEMPT, nullable=True),),
    ),
    _RECONSTRUCTION: KindSpec(
        "candidate_reconstruction_digest",
        references=(
            _ref("run_id", _RUN),
            _ref("attempt_id", _ATTEMPT),
            _ref("original_problem_frame_digest", _FRAME),
        ),
    ),
    _OPERATOR_RESULT: KindSpec(
        "operator_result_id",
        references=(_ref("run_id", _RUN), _ref("residual_id", _RESIDUAL)),
        nested=(
            Nested("candidate_attempt", _ATTEMPT),
            Nested("candidate_reconstruction", _RECONSTRUCTION),
        ),
    ),
    "candidate_operator_refusal": KindSpec(
        "operator_refusal_id",
        references=(
            _ref("run_id", _RUN, nullable=True),
            _ref("residual_id", _RESIDUAL, nullable=True),
        ),
        listed=False,
    ),
    _BINDING: KindSpec(
        "binding_id",
        references=(
            _ref("original_run_id", _RUN),
            _ref("operator_result_id", _OPERATOR_RESULT),
            _ref("candidate_attempt_id", _ATTEMPT),
        ),
    ),
    "candidate_attempt_run_binding_refusal": KindSpec(
        "binding_refusal_id",
        references=(
            _ref("original_run_id", _RUN, nullable=True),
            _ref("operator_result_id", _OPERATOR_RESULT, nullable=True),
        ),
        listed=False,
    ),
    _REPLAY_INPUT: KindSpec(
        "input_digest",
        references=(
            _ref("run_id", _RUN),
            _ref("attempt_id", _ATTEMPT),
            _ref("problem_frame_digest", _FRAME),
            _ref("original_contract_assessment_id", _ASSESSMENT),
            _ref("residual_ids", _RESIDUAL, many=True),
            _ref("gate_decision_id", _GATE),
            _ref("budget_id", _BUDGET),
        ),
        self_sealed=False,
    ),
    _REPLAY_RESULT: KindSpec(
        "replay_result_id",
        references=(
            _ref("input_digest", _REPLAY_INPUT),
            _ref("run_id", _RUN),
            _ref("attempt_id", _ATTEMPT),
            _ref("contract_replay_assessment_id", _ASSESSMENT),
            _ref("proof_replay_refs", _PROOF, many=True),
        ),
    ),
    _REPLAY_REFUSAL: KindSpec(
        "replay_refusal_id",
        references=(
            _ref("input_digest", _REPLAY_INPUT, nullable=True),
            _ref("run_id", _RUN, nullable=True),
            _ref("attempt_id", _ATTEMPT, nullable=True),
        ),
    ),
    "practice_trace_input": KindSpec(
        "input_digest",
        references=_TRACE_REFERENCES,
        self_sealed=False,
    ),
    _TRACE: KindSpec(
        "trace_id",
        references=(
            _ref("input_digest", "practice_trace_input"),
            *_TRACE_REFERENCES,
            _ref("trace_records", many=True),
        ),
    ),
    _TRACE_REFUSAL: KindSpec(
        "trace_refusal_id",
        references=(_ref("input_digest", "practice_trace_input", nullable=True),),
    ),
    "practice_problem": KindSpec(
        "entry_id",
        references=(
            _ref("problem_frame_digest", _FRAME, nullable=True),
            _ref("assessment_ids", _ASSESSMENT, many=True),
            _ref("direct_proof_outcome_ids", _PROOF, many=True),
            _ref("trace_ids", _TRACE, _TRACE_REFUSAL, many=True),
        ),
    ),
}
"""Stored kind -> its id field, reference fields and nested-record fields."""


@dataclasses.dataclass(frozen=True, slots=True)
class DecodedObject:
    """A stored object that parsed: its kind and its record's fields."""

    kind: str
    record: dict[str, Any]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def decode_object(body: bytes) -> DecodedObject | str:
    """Parse stored bytes into ``{kind, record}``; a string says why they do not parse.

    Refuses: bytes that are not UTF-8, not JSON (``NaN`` and ``Infinity`` included), or not an
    object with exactly the keys ``kind`` (a string) and ``record`` (an object). Whether the
    bytes are *canonical* is a separate question (:func:`is_canonical`).
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8 ({exc.reason} at byte {exc.start})"
    try:
        parsed = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        return f"not JSON ({exc})"
    if type(parsed) is not dict:
        return f"not a JSON object but {type(parsed).__name__}"
    if set(parsed) != {"kind", "record"}:
        return f"keys are {sorted(parsed)}, not ['kind', 'record']"
    kind, fields = parsed["kind"], parsed["record"]
    if type(kind) is not str or type(fields) is not dict:
        return "kind must be a string and record an object"
    return DecodedObject(kind, fields)


def is_canonical(decoded: DecodedObject, body: bytes) -> bool:
    """True when the parsed object re-encodes to exactly ``body`` (loop.md s2)."""
    try:
        return canonical_bytes({"kind": decoded.kind, "record": decoded.record}) == body
    except CanonicalPayloadError:  # a float, a huge int, a lone surrogate: never canonical
        return False


def _strip_prose(value: Any) -> Any:
    # Iterating by type mirrors the stored form: objects are records, arrays are tuples.
    if type(value) is dict:
        return {k: _strip_prose(v) for k, v in value.items() if k not in PROSE_FIELDS}
    if type(value) is list:
        return [_strip_prose(v) for v in value]
    return value


def identity_payload(
    record: Mapping[str, Any], id_field: str, *, self_sealed: bool = True
) -> dict[str, Any]:
    """The identity payload of a stored record: prose dropped everywhere, own id blanked
    (``self_sealed``) or left out (an input digest)."""
    payload: dict[str, Any] = _strip_prose(dict(record))
    if self_sealed:
        payload[id_field] = ""
    else:
        payload.pop(id_field, None)
    return payload


def recompute_id(
    record: Mapping[str, Any], id_field: str, *, self_sealed: bool = True
) -> str | None:
    """The id ``record`` must carry, recomputed from its fields; None if they cannot be hashed."""
    try:
        return digest(identity_payload(record, id_field, self_sealed=self_sealed))
    except (CanonicalPayloadError, RecursionError):
        return None


def recompute_kind_id(kind: str, record: Mapping[str, Any]) -> str | None:
    """:func:`recompute_id` by the rules of a known ``kind`` (None: unknown kind or unhashable)."""
    spec = KINDS.get(kind)
    if spec is None:
        return None
    return recompute_id(record, spec.id_field, self_sealed=spec.self_sealed)


def iter_nested(kind: str, record: Mapping[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """``(path, nested kind, value)`` for every nested-record slot of a ``kind`` record.

    ``value`` is yielded as stored, so the caller judges its shape (a dict is expected).
    """
    spec = KINDS.get(kind)
    if spec is None:
        return
    for nested in spec.nested:
        value = record.get(nested.field)
        if nested.many:
            items = value if type(value) is list else [value]
            for index, item in enumerate(items):
                yield f"{nested.field}[{index}]", nested.kind, item
        else:
            yield nested.field, nested.kind, value


def iter_references(
    kind: str, record: Mapping[str, Any]
) -> Iterator[tuple[str, Reference, object]]:
    """``(path, reference, value)`` for every reference slot of a ``kind`` record.

    Nested records' references are included (their paths prefixed with the nested field). A
    ``many`` field yields one item per list element (or the field itself when it is not a
    list); ``null`` in a nullable field is skipped. Values are yielded as stored: the caller
    checks that each is a digest.
    """
    spec = KINDS.get(kind)
    if spec is None:
        return
    for ref in spec.references:
        value = record.get(ref.field)
        if ref.many and type(value) is list:
            for index, item in enumerate(value):
                yield f"{ref.field}[{index}]", ref, item
        elif value is None and ref.nullable:
            continue
        else:
            yield ref.field, ref, value
    for path, nested_kind, value in iter_nested(kind, record):
        if type(value) is dict:
            for inner, ref, item in iter_references(nested_kind, value):
                yield f"{path}.{inner}", ref, item
