"""Independent recomputation: its own tables, the kernel's ids reproduced from stored JSON."""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from pathlib import Path

import pytest

from practiceloop.audit.recompute import (
    KINDS,
    DecodedObject,
    decode_object,
    identity_payload,
    is_canonical,
    iter_nested,
    iter_references,
    recompute_id,
    recompute_kind_id,
)
from practiceloop.kernel.assessment import build_assessment
from practiceloop.kernel.frame import Mention, ProblemFrame, build_frame
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.kernel.record import full_form, record_id
from practiceloop.kernel.span import SourceSpan

SRC = Path(__file__).resolve().parents[2] / "src" / "practiceloop"
INDEPENDENT = ("recompute.py", "disposition.py")


def _imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module, f"{path}: relative import"
            found.add(node.module)
    return found


@pytest.mark.parametrize("name", INDEPENDENT)
def test_independent_modules_import_no_kernel_but_identity(name: str) -> None:
    imported = _imported_modules(SRC / "audit" / name)
    ours = {m for m in imported if m.split(".")[0] == "practiceloop"}
    assert ours <= {"practiceloop.kernel.identity"}, ours
    foreign = {m.split(".")[0] for m in imported} - {"practiceloop", "__future__"}
    assert foreign <= set(sys.stdlib_module_names), foreign


def _declared_kinds() -> dict[str, str | None]:
    """kind -> id field, as every ``@record(kind=...)`` in the package declares it."""
    declared: dict[str, str | None] = {}
    pattern = re.compile(r'@record\(kind="([a-z_]+)"(?:, id_field="([a-z_]+)")?\)')
    for path in sorted(SRC.rglob("*.py")):
        if "audit" in path.parts:
            continue
        for kind, id_field in pattern.findall(path.read_text(encoding="utf-8")):
            declared[kind] = id_field or None
    return declared


def test_every_declared_kind_is_known_to_the_audit() -> None:
    declared = _declared_kinds()
    assert "problem_frame" in declared and "practice_problem" in declared
    assert set(declared) <= set(KINDS), sorted(set(declared) - set(KINDS))
    for kind, id_field in declared.items():
        spec = KINDS[kind]
        if id_field is None:  # an input record: its input digest leaves itself out
            assert (spec.id_field, spec.self_sealed) == ("input_digest", False), kind
        else:
            assert (spec.id_field, spec.self_sealed) == (id_field, True), kind


def test_references_point_at_known_kinds() -> None:
    for spec in KINDS.values():
        for ref in spec.references:
            assert ref.kinds <= set(KINDS)
        for nested in spec.nested:
            assert nested.kind in KINDS


TEXT = "Tom has 3 apples. He ate 1. How many apples are left?"


def _frame() -> ProblemFrame:
    sentence = SourceSpan(text=TEXT[:17], start=0, end=17, sentence_index=0)
    three = SourceSpan(text="3", start=8, end=9, sentence_index=0)
    mention = Mention(mention_id="q1", kind="quantity", span=three, attributes=(("value", "3"),))
    return build_frame(reader_id="test", reader_version="1", source_text=TEXT,
                       sentences=(sentence,), mentions=(mention,), relations=(), targets=(),
                       observations=())


def _stored(item: object) -> tuple[str, dict[str, object]]:
    form = full_form(item)
    body = canonical_bytes(form)
    decoded = decode_object(body)
    assert isinstance(decoded, DecodedObject) and is_canonical(decoded, body)
    return record_id(item), decoded.record


def test_kernel_ids_reproduce_from_stored_json() -> None:
    frame = _frame()
    assessment = build_assessment(
        frame, candidate_organ="change", organ_version="1",
        missing=(("target_unbound", frame.sentences),), hazards=(),
        evidence_spans=frame.sentences, explanation="no target was read",
    )
    for item, kind in ((frame, "problem_frame"), (assessment, "contract_assessment")):
        claimed, fields = _stored(item)
        assert recompute_kind_id(kind, fields) == claimed


def test_explanation_never_enters_the_id_but_every_other_field_does() -> None:
    frame = _frame()
    assessment = build_assessment(frame, candidate_organ="change", organ_version="1",
                                  missing=(), hazards=(), evidence_spans=(), explanation="a")
    claimed, fields = _stored(assessment)
    assert recompute_id({**fields, "explanation": "b"}, "assessment_id") == claimed
    assert recompute_id({**fields, "organ_version": "2"}, "assessment_id") != claimed
    changed_nested = {**fields, "evidence_spans": [{"text": "x", "start": 0, "end": 1,
                                                    "sentence_index": 0}]}
    assert recompute_id(changed_nested, "assessment_id") != claimed


def test_prose_is_dropped_from_nested_records_too() -> None:
    record = {"x_id": "", "inner": {"explanation": "prose", "v": 1}, "explanation": "top"}
    assert identity_payload(record, "x_id") == {"x_id": "", "inner": {"v": 1}}
    assert identity_payload({"input_digest": "d", "v": 1}, "input_digest",
                            self_sealed=False) == {"v": 1}


def test_unhashable_fields_give_none_not_an_exception() -> None:
    assert recompute_id({"x_id": "", "v": 2**60}, "x_id") is None
    assert recompute_kind_id("no_such_kind", {}) is None


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{not json", "not JSON"),
        (b'{"kind":"x","record":{"v":NaN}}', "not JSON"),
        (b"[1,2]", "not a JSON object"),
        (b'{"kind":"x"}', "keys are"),
        (b'{"kind":1,"record":{}}', "kind must be a string"),
    ],
    ids=["not-utf8", "not-json", "nan", "array", "missing-record", "kind-not-string"],
)
def test_decode_refuses_what_is_not_a_full_form(body: bytes, reason: str) -> None:
    problem = decode_object(body)
    assert isinstance(problem, str) and reason in problem


@pytest.mark.parametrize(
    "body",
    [
        b'{"record":{},"kind":"x"}',
        b'{"kind": "x","record":{}}',
        b'{"kind":"x","record":{"v":1.5}}',
        b'{"kind":"\\u00e9","record":{}}',
    ],
    ids=["key-order", "whitespace", "float", "escaped-non-ascii"],
)
def test_non_canonical_bytes_are_detected(body: bytes) -> None:
    decoded = decode_object(body)
    assert isinstance(decoded, DecodedObject)
    assert not is_canonical(decoded, body)


def test_references_include_nested_records_with_their_paths() -> None:
    run_id, attempt_id, residual_id, frame = "1" * 64, "2" * 64, "3" * 64, "4" * 64
    result = {
        "run_id": run_id,
        "residual_id": residual_id,
        "candidate_attempt": {"attempt_id": attempt_id, "parent_attempt_id": None},
        "candidate_reconstruction": {"run_id": run_id, "attempt_id": attempt_id,
                                     "original_problem_frame_digest": frame},
    }
    refs = {(path, value) for path, _, value in iter_references("candidate_operator_result",
                                                                result)}
    assert refs == {
        ("run_id", run_id),
        ("residual_id", residual_id),
        ("candidate_reconstruction.run_id", run_id),
        ("candidate_reconstruction.attempt_id", attempt_id),
        ("candidate_reconstruction.original_problem_frame_digest", frame),
    }
    nested = [(path, kind) for path, kind, _ in iter_nested("candidate_operator_result", result)]
    assert nested == [("candidate_attempt", "candidate_attempt"),
                      ("candidate_reconstruction", "candidate_reconstruction")]


def test_many_references_yield_one_item_per_id() -> None:
    ids = ["5" * 64, "6" * 64]
    refs = [(path, value) for path, _, value in iter_references(
        "practice_problem", {"problem_frame_digest": None, "assessment_ids": ids,
                             "direct_proof_outcome_ids": [], "trace_ids": []})]
    assert refs == [("assessment_ids[0]", ids[0]), ("assessment_ids[1]", ids[1])]


def test_tables_are_frozen_values() -> None:
    spec = KINDS["sealed_practice_trace"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.id_field = "x"  # type: ignore[misc]  # frozen: the point of the test
