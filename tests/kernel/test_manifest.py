"""The authority manifest's recomputed digests (manifest.py ``recomputed_digest``).

A manifest is a frozen dataclass, yet ``object.__setattr__`` can replace any field of it or of
a table inside it. The recomputed digest may be remembered only while nothing it covers was
replaced; these tests replace fields *after* a digest was remembered and check that the next
check sees the change, against the tests' own JSON + hashlib.
"""

from __future__ import annotations

import dataclasses

import pytest

from practiceloop.kernel.manifest import AuthorityManifest, OperatorRow, recomputed_digest
from practiceloop.kernel.residual import ResidualKind

from ._independent import sha256_hex as independent_digest
from ._toy_domain import DEFAULT_ROWS
from ._toy_domain import make_manifest as _shared_rows_manifest


def make_manifest() -> AuthorityManifest:
    """A toy manifest whose tables are its own (these tests replace fields of them)."""
    return _shared_rows_manifest(rows=tuple(dataclasses.replace(row) for row in DEFAULT_ROWS))


def test_recomputed_digest_is_the_digest_of_the_description() -> None:
    manifest = make_manifest()
    for _ in range(2):  # recomputed, then remembered: the same value both times
        assert recomputed_digest(manifest) == independent_digest(manifest.describe())
        assert recomputed_digest(manifest) == manifest.manifest_digest
        assert recomputed_digest(manifest.operator_set) == manifest.operator_set.operator_set_id


def test_a_field_replaced_after_a_check_is_seen_at_the_next_check() -> None:
    manifest = make_manifest()
    assert recomputed_digest(manifest) == manifest.manifest_digest
    row = manifest.operator_set.rows[0]
    object.__setattr__(row, "charge", row.charge + 1)  # deep inside: a row of the operator set
    assert recomputed_digest(manifest) == independent_digest(manifest.describe())
    assert recomputed_digest(manifest) != manifest.manifest_digest
    object.__setattr__(row, "charge", True)  # equal to 1 in Python, not in canonical JSON
    assert recomputed_digest(manifest.operator_set) == independent_digest(
        manifest.operator_set.describe()
    )


def test_an_equal_but_different_value_is_never_taken_for_the_remembered_one() -> None:
    manifest = make_manifest()
    entry = manifest.organs[0]
    object.__setattr__(entry, "version", "v1")
    remembered = recomputed_digest(manifest)
    object.__setattr__(entry, "version", "".join(["v", "1"]))  # equal text, another object
    assert recomputed_digest(manifest) == remembered  # recomputed, and rightly the same


def test_a_table_holding_a_mutable_value_is_recomputed_every_time() -> None:
    manifest = make_manifest()
    entry = manifest.organs[0]
    table = [list(item) for item in entry.classification]
    object.__setattr__(entry, "proof_obligations", list(entry.proof_obligations))
    first = recomputed_digest(manifest)
    entry.proof_obligations.append("toy.extra")  # type: ignore[attr-defined]
    assert recomputed_digest(manifest) != first
    assert recomputed_digest(manifest) == independent_digest(manifest.describe())
    object.__setattr__(entry, "classification", tuple(tuple(item) for item in table))
    table[0][1] = ResidualKind.MISSING_ROLE  # the tuples copied above are not affected
    assert recomputed_digest(manifest) == independent_digest(manifest.describe())


def test_a_copy_is_checked_on_its_own() -> None:
    manifest = make_manifest()
    assert recomputed_digest(manifest) == manifest.manifest_digest
    copy = dataclasses.replace(manifest)
    object.__setattr__(copy, "manifest_version", "forged")
    assert recomputed_digest(copy) == independent_digest(copy.describe())
    assert recomputed_digest(copy) != copy.manifest_digest
    assert recomputed_digest(manifest) == manifest.manifest_digest


@pytest.mark.parametrize("charge", [0, -1, True, 1.0, "1"])
def test_an_operator_row_charges_a_positive_int(charge: object) -> None:
    with pytest.raises(ValueError, match="charge must be a positive int"):
        OperatorRow("op", "1", "organ", ResidualKind.MISSING_ROLE, None, charge, print)  # type: ignore[arg-type]
    assert OperatorRow("op", "1", "organ", ResidualKind.MISSING_ROLE, None, 1, print).charge == 1  # type: ignore[arg-type]


def test_a_row_accepts_its_organ_kind_and_code_only() -> None:
    """loop.md s4: a row is aimed at an organ, a residual kind and (unless None) one code."""
    from ._toy_domain import THREE, practise

    residual = practise(THREE).residuals[0]
    organ, kind, code = residual.candidate_organ, residual.residual_kind, residual.residual_code
    other_kind = next(k for k in ResidualKind if k is not kind)

    def aimed(organ: object, kind: ResidualKind, code: str | None) -> OperatorRow:
        return OperatorRow("op", "1", organ, kind, code, 1, print)  # type: ignore[arg-type]

    assert aimed(organ, kind, None).accepts(residual)
    assert aimed(organ, kind, code).accepts(residual)
    assert not aimed(organ, kind, f"{code}_other").accepts(residual)
    assert not aimed(organ, other_kind, None).accepts(residual)
    assert not aimed(f"{organ}_other", kind, None).accepts(residual)
