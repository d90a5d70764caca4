"""RFC 9162 Merkle tree: known-answer vectors, an independent reference, and properties."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.store import merkle
from practiceloop.store.merkle import (
    EMPTY_ROOT,
    Frontier,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    root,
    subtree_roots,
    verify_consistency,
    verify_inclusion,
)

VECTORS = Path(__file__).resolve().parents[2].parent / "shared" / "vectors" / "rfc9162"

# The leaves behind the happy-path vectors (RFC 6962 test data, transparency-dev/merkle).
CT_LEAVES = [
    b"",
    b"\x00",
    b"\x10",
    b"\x20\x21",
    b"\x30\x31",
    b"\x40\x41\x42\x43",
    b"\x50\x51\x52\x53\x54\x55\x56\x57",
    bytes(range(0x60, 0x70)),
]


def _files(kind: str) -> list[Path]:
    # A missing folder yields one sentinel, so the parametrised tests FAIL instead of vanishing.
    found = sorted((VECTORS / kind).glob("**/*.json"))
    return found or [VECTORS / kind / "MISSING"]


def _load(path: Path) -> dict[str, Any]:
    assert path.is_file(), f"RFC 9162 vectors missing: {path} (expected ../shared/vectors)"
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _b64(value: str) -> bytes:
    return base64.b64decode(value)


def _proof(values: list[str] | None) -> list[bytes]:
    return [_b64(v) for v in values or []]


def _reference_mth(leaves: list[bytes]) -> bytes:
    """MTH straight from RFC 9162 s2.1.1, recursive: the oracle for the fast code."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return hashlib.sha256(b"\x00" + leaves[0]).digest()
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    left, right = _reference_mth(leaves[:k]), _reference_mth(leaves[k:])
    return hashlib.sha256(b"\x01" + left + right).digest()


# -- known-answer vectors ------------------------------------------------------------------------


def test_vector_folders_are_present_and_complete() -> None:
    assert VECTORS.is_dir(), f"RFC 9162 vectors missing at {VECTORS}"
    inclusion, consistency = _files("inclusion"), _files("consistency")
    happy = [p for p in inclusion + consistency if not _load(p)["wantErr"]]
    # 5 + 1 inclusion happy paths, 5 + 1 consistency ones: a shrunken folder is a failure.
    assert len(happy) == 12
    assert len(inclusion) + len(consistency) == 196


@pytest.mark.parametrize("path", _files("inclusion"), ids=lambda p: str(p.relative_to(VECTORS)))
def test_inclusion_vector(path: Path) -> None:
    case = _load(path)
    verdict = verify_inclusion(
        case["leafIdx"], case["treeSize"], _b64(case["leafHash"]), _proof(case["proof"]),
        _b64(case["root"]),
    )
    assert verdict is (not case["wantErr"]), case["desc"]


@pytest.mark.parametrize("path", _files("consistency"), ids=lambda p: str(p.relative_to(VECTORS)))
def test_consistency_vector(path: Path) -> None:
    case = _load(path)
    verdict = verify_consistency(
        case["size1"], case["size2"], _b64(case["root1"]), _b64(case["root2"]),
        _proof(case["proof"]),
    )
    assert verdict is (not case["wantErr"]), case["desc"]


@pytest.mark.parametrize(
    "path", [p for p in _files("inclusion") if p.name == "happy-path.json"],
    ids=lambda p: p.parent.name,
)
def test_generated_inclusion_proof_matches_vector_byte_for_byte(path: Path) -> None:
    case = _load(path)
    leaves = [leaf_hash(d) for d in CT_LEAVES]
    proof = inclusion_proof(leaves, case["leafIdx"], case["treeSize"])
    assert proof == _proof(case["proof"])
    assert root(leaves[: case["treeSize"]]) == _b64(case["root"])


@pytest.mark.parametrize(
    "path", [p for p in _files("consistency") if p.name == "happy-path.json"],
    ids=lambda p: p.parent.name,
)
def test_generated_consistency_proof_matches_vector_byte_for_byte(path: Path) -> None:
    case = _load(path)
    leaves = [leaf_hash(d) for d in CT_LEAVES]
    assert consistency_proof(leaves, case["size1"], case["size2"]) == _proof(case["proof"])
    assert root(leaves[: case["size1"]]) == _b64(case["root1"])
    assert root(leaves[: case["size2"]]) == _b64(case["root2"])


# -- hashing -------------------------------------------------------------------------------------


def test_hashes_follow_rfc9162_prefixes() -> None:
    assert EMPTY_ROOT.hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert leaf_hash(b"x") == hashlib.sha256(b"\x00x").digest()
    left, right = b"a" * 32, b"b" * 32
    assert node_hash(left, right) == hashlib.sha256(b"\x01" + left + right).digest()
    assert root([]) == EMPTY_ROOT


leaf_lists = st.lists(st.binary(max_size=8), max_size=80)


@given(leaf_lists)
def test_root_matches_reference(data: list[bytes]) -> None:
    assert root(leaf_hash(d) for d in data) == _reference_mth(data)


@given(leaf_lists)
def test_frontier_gives_every_prefix_root(data: list[bytes]) -> None:
    frontier = Frontier()
    for count, item in enumerate(data, start=1):
        frontier.append(leaf_hash(item))
        assert frontier.size == count
        assert frontier.root() == _reference_mth(data[:count])
    twin = frontier.copy()
    twin.append(leaf_hash(b"more"))
    assert frontier.root() == _reference_mth(data)  # the copy is independent


@given(leaf_lists, leaf_lists)
def test_extend_equals_appending_one_by_one(first: list[bytes], then: list[bytes]) -> None:
    one_by_one = Frontier()
    for item in first + then:
        one_by_one.append(leaf_hash(item))
    extended = Frontier.of(leaf_hash(d) for d in first)
    extended.extend([leaf_hash(d) for d in then])
    assert (extended.size, extended.root()) == (one_by_one.size, one_by_one.root())
    assert extended.root() == _reference_mth(first + then)


@pytest.mark.parametrize("bad", [b"short", bytearray(32), "x" * 32, None])
def test_extend_stops_at_a_malformed_leaf_with_the_leaves_before_it(bad: object) -> None:
    good = [leaf_hash(bytes([n])) for n in range(5)]
    frontier = Frontier()
    with pytest.raises(ValueError, match="leaf hash"):
        frontier.extend([*good, bad, leaf_hash(b"after")])  # type: ignore[list-item]
    assert (frontier.size, frontier.root()) == (5, root(good))
    frontier.append(leaf_hash(b"after"))  # still a sound accumulator
    assert frontier.root() == root([*good, leaf_hash(b"after")])


def test_frontier_refuses_a_malformed_leaf_hash() -> None:
    with pytest.raises(ValueError):
        Frontier().append(b"short")
    with pytest.raises(ValueError):
        root(["not bytes" * 4])  # type: ignore[list-item]


@given(st.integers(1, 300), st.data())
def test_subtree_roots_handles_overlapping_ranges(size: int, data: st.DataObject) -> None:
    leaves = [leaf_hash(i.to_bytes(2, "big")) for i in range(size)]
    bounds = st.tuples(st.integers(0, size - 1), st.integers(1, size)).filter(lambda r: r[0] < r[1])
    ranges = data.draw(st.lists(bounds, max_size=6))
    assert subtree_roots(iter(leaves), ranges) == [root(leaves[lo:hi]) for lo, hi in ranges]


def test_subtree_roots_refuses_short_streams_and_empty_ranges() -> None:
    leaves = [leaf_hash(b"a")] * 3
    with pytest.raises(ValueError, match="ended after 3"):
        subtree_roots(leaves, [(0, 4)])
    with pytest.raises(ValueError):
        subtree_roots(leaves, [(2, 2)])


# -- proofs: generated ones verify, mutated ones do not ------------------------------------------


def _tree(size: int) -> list[bytes]:
    return [leaf_hash(b"leaf %d" % i) for i in range(size)]


def _flip(value: bytes, bit: int) -> bytes:
    bit %= len(value) * 8
    return value[: bit // 8] + bytes([value[bit // 8] ^ (1 << bit % 8)]) + value[bit // 8 + 1 :]


@settings(max_examples=200)
@given(st.integers(1, 300), st.data())
def test_inclusion_proofs_verify_and_mutations_fail(size: int, data: st.DataObject) -> None:
    leaves = _tree(size)
    index = data.draw(st.integers(0, size - 1))
    top = root(leaves)
    proof = inclusion_proof(leaves, index, size)
    assert verify_inclusion(index, size, leaves[index], proof, top)
    assert merkle.InclusionProof(index, size, leaves[index], tuple(proof), top).verify()

    bit = data.draw(st.integers(0, 255))
    assert not verify_inclusion(index, size, leaves[index], proof, _flip(top, bit))
    assert not verify_inclusion(index, size, _flip(leaves[index], bit), proof, top)
    assert not verify_inclusion(index, size, leaves[index], [*proof, top], top)
    other = data.draw(st.integers(0, size - 1))
    if other != index:
        assert not verify_inclusion(other, size, leaves[index], proof, top)
    if proof:
        at = data.draw(st.integers(0, len(proof) - 1))
        flipped = [*proof[:at], _flip(proof[at], bit), *proof[at + 1 :]]
        assert not verify_inclusion(index, size, leaves[index], flipped, top)
        assert not verify_inclusion(index, size, leaves[index], proof[:-1], top)
        assert not verify_inclusion(index, size, leaves[index], [proof[0], *proof], top)


@settings(max_examples=200)
@given(st.integers(1, 300), st.data())
def test_consistency_proofs_verify_and_mutations_fail(size2: int, data: st.DataObject) -> None:
    leaves = _tree(size2)
    size1 = data.draw(st.integers(1, size2))
    root1, root2 = root(leaves[:size1]), root(leaves)
    proof = consistency_proof(leaves, size1, size2)
    assert verify_consistency(size1, size2, root1, root2, proof)
    assert merkle.ConsistencyProof(size1, size2, root1, root2, tuple(proof)).verify()

    bit = data.draw(st.integers(0, 255))
    assert not verify_consistency(size1, size2, _flip(root1, bit), root2, proof)
    assert not verify_consistency(size1, size2, root1, _flip(root2, bit), proof)
    assert not verify_consistency(size1, size2, root1, root2, [*proof, root2])
    if size1 < size2:
        assert not verify_consistency(size2, size1, root2, root1, proof)
    if proof:
        at = data.draw(st.integers(0, len(proof) - 1))
        flipped = [*proof[:at], _flip(proof[at], bit), *proof[at + 1 :]]
        assert not verify_consistency(size1, size2, root1, root2, flipped)
        assert not verify_consistency(size1, size2, root1, root2, proof[:-1])


def test_generators_refuse_calls_outside_their_domain() -> None:
    leaves = _tree(4)
    for index, size in [(4, 4), (-1, 4), (0, 0), (0, 5), (True, 4)]:
        with pytest.raises(ValueError):
            inclusion_proof(leaves, index, size)
    for size1, size2 in [(0, 4), (3, 2), (1, 5)]:
        with pytest.raises(ValueError):
            consistency_proof(leaves, size1, size2)
    assert consistency_proof(leaves, 4, 4) == []


garbage = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4),
    st.binary(max_size=40), st.lists(st.binary(max_size=40), max_size=4),
    st.lists(st.integers(), max_size=3),
)


@given(garbage, garbage, garbage, garbage, garbage)
def test_verifiers_never_raise(a: object, b: object, c: object, d: object, e: object) -> None:
    assert verify_inclusion(a, b, c, d, e) in (True, False)  # type: ignore[arg-type]
    assert verify_consistency(a, b, c, d, e) in (True, False)  # type: ignore[arg-type]


@given(st.integers(1, 64), st.data())
def test_verifiers_reject_bools_and_bytearrays_standing_in(size: int, data: st.DataObject) -> None:
    leaves = _tree(size)
    index = data.draw(st.integers(0, min(1, size - 1)))
    proof = inclusion_proof(leaves, index, size)
    top = root(leaves)
    assert not verify_inclusion(bool(index), size, leaves[index], proof, top)
    assert not verify_inclusion(index, size, bytearray(leaves[index]), proof, top)  # type: ignore[arg-type]
