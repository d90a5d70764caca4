"""Single-trace bundles: built from a store, verified with no database."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.identity import Digest, canonical_bytes, digest
from practiceloop.store import (
    BUNDLE_FORMAT,
    BundleError,
    Checkpoint,
    EvidenceStore,
    Finding,
    append_checkpoint,
    make_bundle,
    verify_bundle,
)

from .conftest import MakeObject, make_object

TRACE = make_object(10, "sealed_practice_trace")
BOUND = [make_object(n) for n in (2, 5, 7)]


@pytest.fixture
def traced(filled: EvidenceStore) -> EvidenceStore:
    """The filled store plus a trace object at leaf 37 and a few records after it."""
    filled.append([TRACE, make_object(40), make_object(41)])
    return filled


def _bundle(store: EvidenceStore, **kwargs: Any) -> bytes:
    return make_bundle(store, TRACE[0], [i for i, _, _ in BOUND], **kwargs)


def _codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def _edit(data: bytes, change: Any) -> bytes:
    document = json.loads(data)
    change(document)
    return canonical_bytes(document)


def test_a_bundle_is_canonical_and_verifies(traced: EvidenceStore) -> None:
    data = _bundle(traced)
    document = json.loads(data)
    assert canonical_bytes(document) == data
    assert document["format"] == BUNDLE_FORMAT
    assert document["trace_id"] == TRACE[0]
    assert sorted(document["records"]) == sorted([TRACE[0], *(i for i, _, _ in BOUND)])
    assert canonical_bytes(document["records"][TRACE[0]]) == TRACE[2]
    inclusion = document["inclusion"]
    assert (inclusion["leaf_index"], inclusion["tree_size"]) == (37, 40)
    assert inclusion["root"] == traced.log_root().hex()
    assert verify_bundle(data) == []
    assert verify_bundle(data + b"\n") == []


def test_a_bundle_against_an_older_checkpoint(traced: EvidenceStore) -> None:
    checkpoint = append_checkpoint(traced)
    traced.append([make_object(n) for n in range(100, 130)])
    data = _bundle(traced, checkpoint=checkpoint)
    inclusion = json.loads(data)["inclusion"]
    assert (inclusion["tree_size"], inclusion["root"]) == (checkpoint.size, checkpoint.root)
    assert verify_bundle(data) == []


def test_bundles_the_store_cannot_honour_are_refused(
    traced: EvidenceStore, obj: MakeObject
) -> None:
    with pytest.raises(BundleError, match="does not cover"):
        _bundle(traced, checkpoint=Checkpoint(37, traced.log_root(37).hex()))
    with pytest.raises(BundleError, match="not the checkpoint's"):
        _bundle(traced, checkpoint=Checkpoint(40, "00" * 32))
    with pytest.raises(BundleError, match="not in the log"):
        make_bundle(traced, digest("nothing"), [])
    with pytest.raises(BundleError, match="is not in the store"):
        make_bundle(traced, TRACE[0], [digest("nothing")])
    with pytest.raises(BundleError, match="64 lowercase hex"):
        make_bundle(traced, TRACE[0], ["nope"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d["records"][TRACE[0]]["record"].update(text="forged"), "inclusion-failed"),
        (lambda d: d["inclusion"].update(leaf_index=36), "inclusion-failed"),
        (lambda d: d["inclusion"].update(tree_size=41), "inclusion-failed"),
        (lambda d: d["inclusion"].update(root="00" * 32), "inclusion-failed"),
        (lambda d: d["inclusion"]["path"].pop(), "inclusion-failed"),
        (lambda d: d["inclusion"]["path"].append("00" * 32), "inclusion-failed"),
        (lambda d: d["inclusion"].update(leaf_index="37"), "inclusion-failed"),
        (lambda d: d["inclusion"]["path"].__setitem__(0, "XY"), "inclusion-form"),
        (lambda d: d["inclusion"].update(extra=1), "inclusion-form"),
        (lambda d: d.update(trace_id=BOUND[0][0]), "inclusion-failed"),
        (lambda d: d.update(trace_id=digest("elsewhere")), "trace-missing"),
        (lambda d: d["records"].pop(TRACE[0]), "trace-missing"),
        (lambda d: d["records"].update({"short": {"kind": "k", "record": {}}}), "record-id"),
        (lambda d: d["records"].update({BOUND[0][0]: {"kind": "k"}}), "record-form"),
        (lambda d: d["records"].update({BOUND[0][0]: {"kind": "", "record": {}}}), "record-form"),
        (lambda d: d.update(format="practiceloop-bundle/2"), "format"),
        (lambda d: d.update(signature="me"), "keys"),
        (lambda d: d.pop("inclusion"), "keys"),
    ],
    ids=["forged-trace-body", "wrong-leaf-index", "wrong-tree-size", "wrong-root",
         "truncated-path", "padded-path", "string-index", "bad-hex", "unknown-inclusion-key",
         "another-record-as-trace", "unknown-trace", "trace-dropped", "bad-record-id",
         "record-without-body", "empty-kind", "other-format", "unknown-key", "no-inclusion"],
)
def test_tampered_bundles_are_named(traced: EvidenceStore, change: Any, code: str) -> None:
    findings = verify_bundle(_edit(_bundle(traced), change))
    assert f"bundle.{code}" in _codes(findings), findings


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("text", "not-bytes"),
        (None, "not-bytes"),
        (b"\xff\xfe", "not-json"),
        (b"[]", "not-object"),
        (b"{", "not-json"),
        (b"[" * 100_000, "not-json"),
    ],
)
def test_malformed_input_is_a_finding(data: object, code: str) -> None:
    assert _codes(verify_bundle(data)) == [f"bundle.{code}"]


def test_non_canonical_bytes_are_a_finding(traced: EvidenceStore) -> None:
    pretty = json.dumps(json.loads(_bundle(traced)), indent=2).encode()
    assert _codes(verify_bundle(pretty)) == ["bundle.not-canonical"]


def test_a_float_in_a_record_is_a_finding(traced: EvidenceStore) -> None:
    document = json.loads(_bundle(traced))
    document["records"][BOUND[0][0]]["record"]["n"] = 1.5
    data = json.dumps(document, sort_keys=True, separators=(",", ":")).encode()
    assert set(_codes(verify_bundle(data))) == {"bundle.not-canonical", "bundle.record-encoding"}


def test_record_checks_extend_the_verifier(traced: EvidenceStore) -> None:
    seen: list[str] = []

    def kind_is_known(object_id: Digest, body: Mapping[str, Any]) -> Iterable[Finding]:
        seen.append(object_id)
        if body["kind"] == "sealed_practice_trace":
            yield Finding("audit.example", object_id, "trace seen")

    def crashes(object_id: Digest, body: Mapping[str, Any]) -> Iterable[Finding]:
        raise RuntimeError("boom")

    findings = verify_bundle(_bundle(traced), record_checks=[kind_is_known, crashes])
    assert sorted(seen) == sorted([TRACE[0], *(i for i, _, _ in BOUND)])
    assert _codes(findings).count("audit.example") == 1
    assert _codes(findings).count("bundle.check-crashed") == 4


@given(st.binary(max_size=300))
def test_verify_bundle_never_raises_on_bytes(data: bytes) -> None:
    assert all(isinstance(f, Finding) for f in verify_bundle(data))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                   max_size=3),
    max_leaves=12,
)


@given(st.fixed_dictionaries({
    "format": st.just(BUNDLE_FORMAT), "trace_id": json_values, "records": json_values,
    "inclusion": json_values,
}))
def test_verify_bundle_never_raises_on_well_shaped_garbage(document: dict[str, Any]) -> None:
    data = json.dumps(document).encode()
    findings = verify_bundle(data)
    assert findings and all(isinstance(f, Finding) for f in findings)
